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


def printed(game) -> list[str]:
    """15.1: the beach areas printed with works."""
    return sorted(r["area_id"] for r in beaches(game) if r["works"])


def intact(game, area: str) -> bool:
    """15.1: works in ``area`` still stand (printed and not removed)."""
    return area in printed(game) and (area,) not in game.rows_of("bkn_works_removed")


def removes(game, area: str) -> str | None:
    """15.2: why the works in ``area`` go now (None: they stay)."""
    b = board(game)
    here = b.areas[area]
    if here.controlled_by(ALLIED):
        return "the Allies control the area"
    states = ("Spent",) if plays_ruling(game, SPENT_ONLY) else ("Fresh", "Spent")
    if any(u["status"] in states for u in b.units_in(area, ALLIED)) and here.contested():
        return f"{' or '.join(states)} Allied units contest the area"
    return None


def update(game) -> None:
    """15.2: remove the works whose area now meets a removal condition."""
    for area in printed(game):
        if not intact(game, area):
            continue
        why = removes(game, area)
        if why:
            game.insert("bkn_works_removed", {"space_id": area})
            game.log(
                Event("note", side=ALLIED, purpose=f"the defensive works in {area} are removed: {why}", rule="15.2")
            )
