"""The Offshore box (3.5) and the Regroup order that sends a unit there (13).

3.5 reads "the Offshore box holds the units that did not land the previous day": at Dawn
from 7 June on, every Allied unit still in an approach box or offshore is redeployed to an
available approach box of its nationality (the default). 13 adds that an Allied unit in an
approach box "may also move to the Offshore box" in Regroup, to be redeployed at the next
Dawn. The stricter reading (ruling ``BY_REGROUP``) takes 13 as the only way in: a unit that
did not land stays in its approach box unless it was sent offshore in Regroup, and only
the units offshore are redeployed.
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event
from phaseline.model import plays_ruling

from ..rulings import BY_REGROUP
from ..scenarios import ALLIED
from .board import board
from .landings import beach_of_box

BOX = "OFFSHORE"  # 3.5: the Offshore box's space


def redeployed_from(match) -> set[str]:
    """3.5: the spaces whose Allied units are redeployed at Dawn: the approach boxes and the
    Offshore box by default, the Offshore box alone under ``BY_REGROUP``."""
    if plays_ruling(match, BY_REGROUP):
        return {BOX}
    return {*beach_of_box(match), BOX}


def refusal(match, unit: dict[str, Any] | None, side: str) -> str | None:
    """13: why this unit may not move to the Offshore box now, or None if it may."""
    if not plays_ruling(match, BY_REGROUP):
        return "every unit that did not land is redeployed from offshore at Dawn anyway (3.5)"
    if side != ALLIED or unit is None or unit["side"] != ALLIED:
        return "only an Allied unit in an approach box moves to the Offshore box"
    if unit["space_id"] not in beach_of_box(match):  # the approach boxes
        return f"{unit['unit_id']} is in {unit['space_id']}, not in an approach box"
    if unit["moved"]:
        return f"{unit['unit_id']} has already regrouped"
    return None


def legal_offshore(match, side: str) -> list[Action]:
    """13 (ruling ``BY_REGROUP``): each approach-box unit may be sent to the Offshore box."""
    if not plays_ruling(match, BY_REGROUP) or side != ALLIED:
        return []
    units = sorted(board(match).units.values(), key=lambda u: u["unit_id"])
    return [Action("regroup", (u["unit_id"], BOX), side) for u in units if refusal(match, u, side) is None]


def go_offshore(match, action: Action) -> None:
    """regroup UNIT OFFSHORE: the unit leaves its approach box for the Offshore box (13)."""
    unit_id = action.args[0]
    unit = board(match).units.get(unit_id)
    problem = refusal(match, unit, action.side)
    if problem:
        raise match.violation(f"{unit_id} cannot move to the Offshore box: {problem}", "13")
    match.set("unit_state", {"unit_id": unit_id}, space_id=BOX, moved=True)
    match.log(
        Event(
            "note",
            side=ALLIED,
            unit_id=unit_id,
            purpose=f"{unit_id} leaves {unit['space_id']} for the Offshore box, to be redeployed at Dawn",
            rule="13",
        )
    )
