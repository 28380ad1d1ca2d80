"""What an impulse remembers until the next one begins, and in which half of a Double Impulse:
the units a bombardment took a step from (10.4, ``bkn_stepped``) and the naval and air markers
fired (21.3, 21.4, ``bkn_fired``). 11.4 makes a Double Impulse one impulse; with the ruling
``double-impulse-halves-apart`` only the half being played counts.
"""

from __future__ import annotations

from phaseline.model import plays_ruling

from ..rulings import HALVES_APART

STEPPED = ("bkn_stepped", "unit_id")  # 10.4: units stepped by bombardment
FIRED = ("bkn_fired", "marker_id")  # 21.3, 21.4: naval and air markers fired


def _second_half(match) -> bool:
    """11.4: a Double Impulse's second half is being played (the day's row itself: reading it
    through the board would rebuild the board after each unit's step)."""
    return bool(match.rows_of("bkn_day")[()]["double_impulse"])


def recalled(match, kept: tuple[str, str]) -> frozenset[str]:
    """The ids ``kept`` holds for this impulse (ruling double-impulse-halves-apart: this half)."""
    rows = match.rows_of(kept[0])
    if plays_ruling(match, HALVES_APART):
        half = _second_half(match)
        return frozenset(key for (key,), row in rows.items() if row["second"] == half)
    return frozenset(key for (key,) in rows)


def remember(match, kept: tuple[str, str], key: str) -> None:
    """Note ``key`` in ``kept`` for this impulse, with the half it happened in."""
    table, column = kept
    half = _second_half(match)
    if (key,) in match.rows_of(table):
        match.set(table, {column: key}, second=half)
    else:
        match.insert(table, {column: key, "second": half})


def forget(match) -> None:
    """A new impulse: every unit may lose a step to bombardment again (10.4), and a naval and
    an air marker may fire again (21.3, 21.4)."""
    for table, column in (STEPPED, FIRED):
        for (key,) in sorted(match.rows_of(table)):
            match.delete(table, {column: key})
