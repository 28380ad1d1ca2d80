"""The three-player strategic shift (16.32).

Once in each German Movement Phase the German player may triple the movement allowance of
one German unit. That unit must cross the theatre boundary in that phase, be on the other
side at its end, and neither start nor end the phase in an enemy ZOC. ``shift UNIT`` names
the unit before it moves (``shift UNIT HEX`` also moves it there); a shift from an enemy
ZOC is refused, and so is a move of the shifted unit into one (it would stop there, 4.0,
and end the phase in it); the end of the phase checks that it stands across the boundary,
and refuses to end the phase while the shift is unfulfilled (undo the shift to drop it).
Bots do not use the shift: whether a shifted unit can end across the boundary out of
enemy ZOC shows only in its tripled reach, after the shift; a bot that shifted without
such a hex could never end the phase (``end`` is not listed while the shift is
unfulfilled) and bots do not undo. It exists in the three-player game only.
"""

from __future__ import annotations

import json

from phaseline import Action, Event, InvalidOrder

from . import movement
from .positions import zoc_hexes
from .shifted import FACTOR
from .state import bfg_state
from .units import label, unit_row

OTHER_SIDE = {"E": "W", "W": "E"}


def shift(match, action: Action) -> None:
    """``shift UNIT [HEX]``: triple UNIT's movement allowance for this phase (16.32)."""
    if len(action.args) not in (1, 2):
        raise InvalidOrder("shift takes a unit and optionally a hex: shift UNIT [HEX]")
    if match.scenario.name != "three-player":
        raise match.violation("the strategic shift exists only in the three-player game", "16.32")
    unit = unit_row(match, action.args[0])
    step = match.step
    if not unit["side"].startswith("GER") or unit["side"] not in step.acting:
        raise match.violation(f"{label(unit)} is not a German unit moving in the {step.title}", "16.32")
    if bfg_state(match)["shift_used"]:
        raise match.violation("only one German unit may shift in each German Movement Phase", "16.32")
    if unit["space_kind"] != "hex" or unit["moved"] or unit["garrison"] or unit["frozen"]:
        raise match.violation(f"{label(unit)} must shift before it moves, from the map", "16.32")
    if unit["space_id"] in zoc_hexes(match, unit["side"]):
        raise match.violation(f"{label(unit)} starts the phase in an enemy ZOC at {unit['space_id']}", "16.32")
    mp = unit["movement"] * FACTOR
    match.log(
        Event(
            "shift",
            side=unit["side"],
            unit_id=unit["unit_id"],
            from_space=unit["space_id"],
            rule="16.32",
            purpose=f"{unit['unit_id']} shifts theatres with {mp} MP",
            payload={"from_zone": unit["zone"], "mp": mp},
        )
    )
    match.set("bfg_state", {}, shift_used=True)
    match.set("bfg_unit", {"unit_id": unit["unit_id"]}, mp_factor=float(FACTOR))
    match.set("unit_state", {"unit_id": unit["unit_id"]}, mp=mp)
    if len(action.args) == 2:
        movement.move(match, Action("move", (unit["unit_id"], action.args[1]), action.side))


def end_refusal(match, step):
    """16.32 at the end of the phase: the shifted unit stands across the boundary, out of
    enemy ZOC. The refusal, or None."""
    if match.scenario.name != "three-player":
        return None  # no shift outside the three-player game
    match.flush()  # the events of this action so far
    rows = match.rows(
        """SELECT e.unit_id, e.payload FROM event e JOIN bfg_unit b ON b.match_id = e.match_id
             AND b.unit_id = e.unit_id AND b.mp_factor = ?
           WHERE e.match_id = ? AND e.kind = 'shift' AND e.turn = ? AND e.step = ? ORDER BY e.seq DESC LIMIT 1""",
        [float(FACTOR), match.match_id, match.clock.turn, step.name],
    )
    if not rows:
        return None
    unit = unit_row(match, rows[0]["unit_id"])
    start = json.loads(rows[0]["payload"])["from_zone"]
    wanted = OTHER_SIDE.get(start)
    across = unit["zone"] == wanted if wanted else unit["zone"] in OTHER_SIDE
    if unit["space_kind"] == "hex" and not across:
        return match.violation(
            f"{label(unit)} shifted and must end across the theatre boundary (it is in {unit['space_id']})", "16.32"
        )
    if unit["space_kind"] == "hex" and unit["space_id"] in zoc_hexes(match, unit["side"]):
        return match.violation(f"{label(unit)} shifted and may not end in an enemy ZOC at {unit['space_id']}", "16.32")
    return None
