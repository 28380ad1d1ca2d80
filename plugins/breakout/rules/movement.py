"""Movement (8.3, 8.4): the Fresh units of the activated area move area by area.

Activation (8.1) is activation.py's; what entering an area costs, and which rule forbids
it, is entering.py's (8.33-8.38).
A refused move names the rule that stops the unit (move_refusal): 8.32 (not Fresh, or it
acted in a first half), 8.1 (not of the activated area), 8.33 (it entered an enemy area, or
has no MF left), 8.34 (it left a contested area), 8.38 (its minimum move), 8.37 (the other
nationality) and so on.
"""

from __future__ import annotations

from phaseline import Action, Event, RuleViolation

from ..scenarios import ALLIED, GERMAN
from . import advantage
from .activation import activate, allowance, assault_open, closed_rule
from .board import board, count_bridge, enemy_of, national_group
from .control import update_control
from .entering import ALL, Entry, costs, entry

__all__ = ["ALL", "Entry", "activate", "allowance", "costs", "entry", "legal_moves", "move", "move_refusal"]


# === 8.3 MOVEMENT =======================================================================


STOPS = {
    "8.33": "it has no MF left",
    "8.34": "it left a contested area, where its move ends",
    "8.36": "it spent all its MF crossing a river",
    "8.38": "it made a minimum move",
    "14.2": "it entered a zone, where its move ends",
    "8.4": "it was interdicted",
    "19.4": "it was interdicted as it landed",
}


def move_refusal(match, unit) -> tuple[str, str] | None:
    """Why ``unit`` may not move now: (the rule, the reason), or None when it may."""
    b = board(match)
    uid = unit["unit_id"]
    if unit["type"] == "coastal":
        return "8.37", f"{uid} is a coastal battery: it never moves"
    if unit["attacked"]:  # 8.53: after an attack without an overrun the units stop where they are
        return "8.53", f"{uid} has attacked without an overrun: its impulse is over"
    if unit["status"] != "Fresh" or unit["movement"] <= 0:  # 8.1: the Fresh units of the activated area
        return "8.1", f"{uid} is {unit['status']}: only Fresh units move, in one impulse a day (BkN 8.32)"
    if unit["pending"]:
        return "8.33", f"{uid} entered {unit['entered']}, which holds enemy units: its move ends there"
    if b.day["activated"] is None:
        return ("8.32", f"{uid} has already acted this impulse (11.4: the first half)") if unit["moved"] else None
    if not unit["eligible"]:
        return "8.1", f"{uid} did not begin the impulse in the activated area {b.day['activated']}"
    if unit["areas"] and unit["mp"] <= 0:
        rule = unit["stopped"] or "8.33"
        return rule, f"{uid} cannot move on: {STOPS.get(rule, 'its move has ended')}"
    nation = b.day["nationality"]
    if unit["side"] == ALLIED and nation and national_group(unit["nationality"]) != nation:
        return "8.37", f"{uid} is {national_group(unit['nationality'])}: this impulse moves {nation} units"
    return None


def can_move(match, unit) -> bool:
    """A unit may move if it is Fresh, eligible (or its area may be activated) and not stopped."""
    return move_refusal(match, unit) is None


def legal_moves(match, side: str) -> list[Action]:
    b = board(match)
    if not assault_open(b):
        return []
    found = []
    for unit in b.units.values():
        if unit["side"] != side or not can_move(match, unit):
            continue
        if b.day["activated"] is None:
            unit = {**unit, "mp": allowance(match, unit)}
        for dest in b.neighbours(unit["space_id"]):
            try:
                entry(match, unit, dest)
            except RuleViolation:
                continue
            found.append(Action("move", (unit["unit_id"], dest), side))
    return found


def move(match, action: Action) -> None:
    """move UNIT AREA: one area at a time (8.31), paying its MF (8.36)."""
    if len(action.args) != 2:
        raise match.violation("move takes a unit and an area: move UNIT AREA", "8.3")
    unit_id, dest = action.args
    side = action.side
    b = board(match)
    unit = b.units.get(unit_id)
    if unit is None or unit["side"] != side:
        raise match.violation(f"{unit_id} is not a {side} unit on the map", "8.12")
    if not assault_open(b):
        raise match.violation(f"this is a {b.day['kind']} impulse: no unit moves", closed_rule(b))
    refusal = move_refusal(match, unit)
    if refusal:
        rule, reason = refusal
        raise match.violation(reason, rule)
    if b.day["activated"] is None:
        activate(match, side, unit["space_id"])
        unit = board(match).units[unit_id]
    if side == ALLIED:  # 8.37: US and British units never move in the same impulse
        match.set("bkn_day", {}, nationality=national_group(unit["nationality"]))
    entry(match, unit, dest)  # refuse before any roll
    clear = board(match).day["weather"] == "Clear"
    if unit["side"] == GERMAN and unit["areas"] >= 1 and clear:
        die = _interdiction_die(match, unit)
        holder = advantage.usable_by(match)
        if holder is not None:  # 11.6: the holder may have the dr rerolled
            prompt = (
                f"Air interdiction of {unit_id} leaving {unit['space_id']}: dr {die} with FLAK makes "
                f"{die + _flak(match, unit)}; use the Advantage to reroll it? (11.6)"
            )
            context = {"unit": unit_id, "dest": dest, "die": die}
            match.ask(holder, "interdiction-reroll", prompt, ["keep", "reroll"], context, rule="11.6")
            return
        if _interdicted(match, unit, die):
            return
    _enter(match, unit_id, dest)


def answer_interdiction(match, decision, choice: str) -> None:
    """11.6: keep or reroll the interdiction dr, then stop the unit or let it enter."""
    context = decision["context"]
    unit = board(match).units[context["unit"]]
    die = context["die"]
    if choice == "reroll":
        advantage.use(match, decision["side"], f"reroll of the air interdiction of {unit['unit_id']}", "11.6")
        die = _interdiction_die(match, unit)
    if not _interdicted(match, unit, die):
        _enter(match, unit["unit_id"], context["dest"])


def _enter(match, unit_id: str, dest: str) -> None:
    """The unit enters ``dest``, paying its MF (8.36) and perhaps waiting to attack (8.5)."""
    unit = board(match).units[unit_id]
    side, here = unit["side"], unit["space_id"]
    step = entry(match, unit, dest)
    enemies = bool(board(match).areas[dest].units[enemy_of(side)])
    left = max(0, unit["mp"] - step.cost) if not step.stops or enemies else 0  # 8.53: MF kept for an overrun
    stopped = step.stop_rule or ("8.33" if unit["mp"] <= step.cost else None)
    match.set("unit_state", {"unit_id": unit_id}, space_id=dest, mp=left, moved=True)
    match.set(
        "bkn_unit_state",
        {"unit_id": unit_id},
        came_from=here,
        entered=dest,
        areas=unit["areas"] + 1,
        pending=enemies,
        forced=step.forced,
        crossing=step.crossing,
        stopped=stopped,
    )
    path = {"unit_id": unit_id, "path": [here, dest], "cost": step.cost, "points": "MF", "mp_left": left}
    purpose = f"{unit_id} {here}->{dest}: {step.reason}"
    match.log(Event("note", side=side, purpose=purpose, rule=step.rule, payload={**path, "stopped_rule": stopped}))
    if step.bridge:
        count_bridge(match, step.bridge)  # 8.37, 20.1
    update_control(match, [dest, here], mover=unit["nationality"])


def _flak(match, unit) -> int:
    """8.4, 16.2: +1 for each Fresh FLAK that is not moving in the area being left."""
    return sum(
        1
        for u in board(match).units_in(unit["space_id"], GERMAN)
        if u["type"] == "flak" and u["status"] == "Fresh" and not u["moved"] and u["unit_id"] != unit["unit_id"]
    )


def _interdiction_die(match, unit) -> int:
    return match.roll(f"air interdiction of {unit['unit_id']} leaving {unit['space_id']}", rule="8.4", side=GERMAN)


def _interdicted(match, unit, die: int) -> bool:
    """8.4: a German unit entering its second or later area in Clear weather: dr + FLAK 1 -> Dis1,
    2 -> Spent; either way it stays where it is."""
    result = die + _flak(match, unit)
    if result <= 2:
        status = "Dis1" if result <= 1 else "Spent"
        match.set("unit_state", {"unit_id": unit["unit_id"]}, status=status, mp=0, moved=True)
        match.set("bkn_unit_state", {"unit_id": unit["unit_id"]}, stopped="8.4")
        match.log(
            Event(
                "note",
                side=GERMAN,
                purpose=f"{unit['unit_id']} interdicted ({result}): {status}, stays in {unit['space_id']}",
                rule="8.4",
            )
        )
        return True
    return False
