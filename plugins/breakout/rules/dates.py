"""The turn record track's dates (3.7): turn 1 is 6 June 1944."""

from __future__ import annotations

from .charts import turn_record


def day_of_month(match, turn: int) -> int:
    """The turn's date in June 1944 (3.7: turn 1 is 6 June)."""
    record = turn_record(match, turn)
    date = record["date"] if record else None
    return date.day if date is not None else turn + 5
