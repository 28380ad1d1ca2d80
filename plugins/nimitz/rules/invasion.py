"""12.3 the Japan invasion, 1945 only: at the start of the US movement phase units at Hawaii or on
the West Coast may go to the invasion box, 1 SP each, at most 7 a phase, never to come back; at the
campaign's end their costs add up to bonus objectives on the invasion table (82 -> 2)."""

from __future__ import annotations

from ..board import INVASION
from .units import in_play

MOST_A_PHASE = 7


def total_cost(match) -> int:
    """The summed cost of the units in the invasion box (a carrier's purchase cost)."""
    return sum(row["buy_cost"] for row in in_play(match).values() if row["space_id"] == INVASION)


def bonus_objectives(match) -> int:
    """12.3 the objectives the invasion box adds at the campaign's end."""
    return objectives_for(match, total_cost(match))


def objectives_for(match, cost: int) -> int:
    """12.3 the invasion table's objectives for a total ``cost`` (82 -> 2)."""
    for row in match.static("fcn_invasion", "band").values():
        if (row["low"] is None or cost >= row["low"]) and (row["high"] is None or cost <= row["high"]):
            return row["objectives"]
    return 0
