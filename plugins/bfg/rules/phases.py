"""What happens as each phase begins and ends (3.0), and the replacement-phase orders."""

from __future__ import annotations

from phaseline import Event

from ..forces import write_policies
from . import boundary, courland, forced_attacks, movement, replacements, shift, victory
from . import exit as exiting
from .berlin import berlin_falls_now
from .elimination import remove_from_play
from .staying import allowance
from .units import all_units

ACTION_HANDLERS = {
    "replace": replacements.replace,
    "courland": courland.evacuate,
    "exit": exiting.exit_unit,
    "shift": shift.shift,
}


def begin(match, step) -> None:
    """Reset the phasing forces for their phase."""
    acting = list(step.acting)
    if step.name == "sov-movement" and match.scenario.name == "rsws":  # 10.2 garrisons at the start
        victory.assign_garrisons(match)
    if step.phase == "movement":  # 5.0 a fresh movement allowance; 7.22/13.2/16.32 factors; 7.26, 10.3
        match.update_rows(
            "unit_state",
            [
                {"unit_id": unit["unit_id"], "moved": False, "mp": allowance(unit)}
                for unit in all_units(match).values()
                if unit["side"] in acting and unit["status"] == "ready"
            ],
        )
        match.set("bfg_state", {}, shift_used=False)  # 16.32 one shift per German Movement Phase
    elif step.phase == "combat":  # 6.5 each unit attacks and is attacked once per combat phase
        marked = [
            {"unit_id": unit_id}
            for (unit_id,), u in match.rows_of("unit_state").items()
            if u["attacked"] or u["defended"]
        ]
        match.set_rows("unit_state", marked, attacked=False, defended=False)
        match.set("bfg_state", {}, attacks_this_phase=0)
    elif step.phase == "replacement":
        replacements.begin(match, step)


def end_refusal(match, step):
    """Why ``step`` may not end yet: 12.21 turn-1 attacks, 5.3 stacking, 16.32 the shifted
    unit's place; None when it may."""
    if step.phase == "combat":
        return forced_attacks.end_refusal(match, step)
    if step.phase == "movement":
        return movement.stacking_refusal(match, step) or shift.end_refusal(match, step)
    return None


def end(match, step) -> None:
    """End-of-phase rules: flipped units (9.1), deadlines (5.4x), garrisons (10.0), the
    fall of Berlin at the end of a player turn (12.22, 13.1)."""
    if step.phase == "replacement":
        replacements.end(match, step)
    if step.phase == "movement":
        # 7.26 frozen for the following movement phase only; 7.22/16.32 factors last one phase
        # (the 13.2 halving, below 1, stays); only the units that just had their phase
        match.update_rows(
            "bfg_unit",
            [
                {"unit_id": unit["unit_id"], "frozen": False, "mp_factor": min(unit["mp_factor"], 1.0)}
                for unit in all_units(match).values()
                if unit["side"] in step.acting and (unit["frozen"] or unit["mp_factor"] > 1)
            ],
        )
        flipped = sorted(unit_id for (unit_id,), u in match.rows_of("unit_state").items() if u["status"] == "flipped")
        reason = "flipped by a German exit, removed at the end of the phase"
        remove_from_play(match, flipped, "9.1", reason)
        victory.update_cities(match, step)
        victory.garrison(match, step)
    boundary.check_deadlines(match, step)
    if step.phase != "movement":  # after movement: done above, before the garrison check
        victory.update_cities(match, step)
    if berlin_falls_now(match, step):
        _berlin_falls(match)


def _berlin_falls(match) -> None:
    """12.22 / 13.1: after the player turn in which Berlin falls, every German unit leaves
    the map; the boundary no longer binds; in the Expanded game the Allies become enemies.
    (Optional rules act first, through ``bfg_berlin_falls``: 13.2 hands the SS to the Western Allies.)"""
    germans = match.rows(
        """SELECT unit_id FROM unit_state WHERE match_id = ? AND side IN ('GER_E', 'GER_W')
             AND space_id NOT LIKE 'ELIM%' AND space_id <> 'OUT' ORDER BY 1""",
        [match.match_id],
    )
    remove_from_play(match, [u["unit_id"] for u in germans], "12.22", "Berlin has fallen: the Germans leave the map")
    match.set("bfg_state", {}, germans_removed=True)
    write_policies(match, after_berlin=True, boundary=False)
    match.log(Event("note", rule="12.22", purpose="Berlin has fallen: Germans removed, the boundary is lifted"))


def legal_replacement_actions(match, step):
    return replacements.legal(match, step) + courland.legal(match, step)


def legal_movement_extras(match, step):
    """9.0 exits (the 16.32 shift is a human order: see shift.py)."""
    return exiting.legal(match, step)


def answer_refusal(match, decision, choice):
    """Why ``choice`` is no answer to an exit or Courland decision (9.1, 9.2, 8.0)."""
    if decision["kind"] in exiting.DECISIONS:
        return exiting.answer_refusal(match, decision, choice)
    return courland.answer_refusal(match, decision, choice)


def answer(match, decision, choice) -> None:
    if decision["kind"] in exiting.DECISIONS:
        exiting.answer(match, decision, choice)
    else:
        courland.answer(match, decision, choice)
