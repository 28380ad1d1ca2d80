"""Defensive works (15): printed on beaches, never built, removed for good.

Works give German units +2 DV against every attack in their area (15.1, 9.3, 10.3B)
and make a landing from the approach box a forced attack (8.51). They are removed when
the Allies control the area or contest it with Spent units, not Disrupted ones (15.2);
removed works never return. Ruling (digest 8.2 no. 4): Fresh contesting units remove
them too; the ruling ``works-spent-only`` reads the seed literally.
"""

from __future__ import annotations

from phaseline import Event
from phaseline.model import plays_ruling

from ..rulings import SPENT_ONLY
from ..scenarios import ALLIED
from .board import board
from .charts import beaches


def printed(match) -> list[str]:
    """15.1: the beach areas printed with works."""
    return sorted(r["area_id"] for r in beaches(match) if r["works"])


def intact(match, area: str) -> bool:
    """15.1: works in ``area`` still stand (printed and not removed)."""
    return area in printed(match) and (area,) not in match.rows_of("bkn_works_removed")


def removes(match, area: str) -> str | None:
    """15.2: why the works in ``area`` go now (None: they stay)."""
    b = board(match)
    here = b.areas[area]
    if here.controlled_by(ALLIED):
        return "the Allies control the area"
    states = ("Spent",) if plays_ruling(match, SPENT_ONLY) else ("Fresh", "Spent")
    if any(u["status"] in states for u in b.units_in(area, ALLIED)) and here.contested():
        return f"{' or '.join(states)} Allied units contest the area"
    return None


def update(match) -> None:
    """15.2: remove the works whose area now meets a removal condition."""
    for area in printed(match):
        if not intact(match, area):
            continue
        why = removes(match, area)
        if why:
            match.insert("bkn_works_removed", {"space_id": area})
            match.log(
                Event("note", side=ALLIED, purpose=f"the defensive works in {area} are removed: {why}", rule="15.2")
            )
