"""Exiting the map (9.0–9.3).

German units only, voluntarily, from the 9.0 edge hexes (west 1601–2301, east 0926–3526,
south 0112–0117), at a cost of 4 MP (9.3). The exiting unit is out for good. The German
side then may (9.1 「取り除くことができる」: its player's choice, asked) flip the two enemy
units nearest the exit hex, of the force the exiting German fights (digest 3.13 default;
the ruling ``exit-any-allied`` takes any Allied or Soviet unit): they keep their ZOC until
the end of that Movement Phase and are then removed for good (9.1; phases.end removes
them). Where no such unit is on the map, the German side may take them from that
theatre's eliminated-units box instead (9.2; with one unit on the map, that one and one
from the box). The choice is all or nothing: the two nearest, or none. Ties in distance
are the German side's decision.
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event, InvalidOrder
from phaseline.model import plays_ruling

from ..board import edge_hexes
from ..rulings import EXIT_ANY_ALLIED
from .elimination import remove_from_play
from .units import all_units, label, theatre_of, unit_row

EXIT_COST = 4  # 9.3
EXIT_EDGES = ("west-exit", "east", "south-exit")  # 9.0
PENALTY = 2  # 9.1 two enemy units per exit
CHOICE = "exit-removal"  # 9.1 whether to remove them
DECISION = "exit-penalty"  # 9.1, 9.2 which of equally near (or boxed) units
DECISIONS = (CHOICE, DECISION)
REMOVE, DECLINE = "remove", "none"


def exit_hexes() -> set[str]:
    """The edge hexes a German unit may leave the map from (9.0)."""
    return {h for edge in EXIT_EDGES for h in edge_hexes(edge)}


def theatre_zones(match, unit: dict[str, Any]) -> list[str] | None:
    """9.2 「その戦域にいる」: the zones of the exit hex's theatre (Berlin stands in both), where the
    units that pay must stand; None under ``exit-any-allied`` (any unit on the map)."""
    if plays_ruling(match, EXIT_ANY_ALLIED):
        return None
    return [theatre_of(unit), "B"]


def enemy_forces(match, unit: dict[str, Any]) -> tuple[str, ...]:
    """The forces that pay for ``unit``'s exit: the one it fights, by the theatre of the exit
    hex (East: Soviets, West: Western Allies), or both under ``exit-any-allied``."""
    if plays_ruling(match, EXIT_ANY_ALLIED):
        return ("SOV", "WA")
    return ("SOV",) if theatre_of(unit) == "E" else ("WA",)


def penalty_boxes(forces: tuple[str, ...], region: str | None) -> list[str]:
    """9.2: the eliminated-units box of each paying force's theatre (Italy: 7.13)."""
    boxes = []
    if "SOV" in forces:
        boxes.append("ELIM_SOV")
    if "WA" in forces:
        boxes.append("ELIM_WA_ITALY" if region == "ITA" else "ELIM_WA")
    return boxes


# --- 9.0 who may exit ------------------------------------------------------------------


def refusal(match, unit: dict[str, Any]) -> tuple[str, str] | None:
    """Why ``unit`` may not exit now, as (rule, reason), or None if it may."""
    step = match.step
    if not unit["side"].startswith("GER"):
        return "9.0", "only German units may exit the map"
    if unit["side"] not in step.acting:
        return "3.0", f"it is {unit['side']}: it does not move in the {step.title}"
    if unit["space_kind"] != "hex" or unit["status"] != "ready":
        return "9.0", f"it is not on the map ({unit['space_id']})"
    if unit["space_id"] not in exit_hexes():
        return "9.0", f"{unit['space_id']} is not an exit hex (west 1601–2301, east 0926–3526, south 0112–0117)"
    if unit["garrison"]:
        return "10.3", f"it garrisons {unit['garrison']}"
    if unit["frozen"]:
        return "7.26", "it was placed in an enemy ZOC and may not move this phase"
    if unit["mp"] < EXIT_COST:
        return "9.3", f"exiting costs {EXIT_COST} MP and it has {unit['mp']} left"
    return None


def legal(match, step) -> list[Action]:
    """``exit UNIT`` for every phasing German unit that may exit now."""
    if not any(f.startswith("GER") for f in step.acting):
        return []
    units = all_units(match)
    return [
        Action("exit", (unit_id,), step.side) for unit_id in sorted(units) if refusal(match, units[unit_id]) is None
    ]


def exit_unit(match, action: Action) -> None:
    """``exit UNIT``: the unit leaves the map for good; its enemies pay two units (9.1, 9.2)."""
    if len(action.args) != 1:
        raise InvalidOrder("exit takes one unit: exit UNIT")
    unit = unit_row(match, action.args[0])
    why = refusal(match, unit)
    if why:
        raise match.violation(f"{label(unit)} may not exit: {why[1]}", why[0])
    match.log(
        Event(
            "exit",
            side=unit["side"],
            unit_id=unit["unit_id"],
            from_space=unit["space_id"],
            to_space="OUT",
            rule="9.0",
            payload={"mp_left": unit["mp"], "cost": EXIT_COST},
        )
    )
    remove_from_play(match, [unit["unit_id"]], "9.1", "exited the map: out of the game for good")
    forces = enemy_forces(match, unit)
    context = {
        "origin": unit["space_id"],
        "forces": list(forces),
        "boxes": penalty_boxes(forces, unit["region"]),
        "theatre": theatre_zones(match, unit),
        "needed": PENALTY,
        "player": action.side,
    }
    candidates = removal_candidates(match, context)
    if not candidates:
        match.log(Event("note", rule="9.2", purpose="no enemy unit left to remove for this exit"))
        return
    match.ask(
        action.side,
        CHOICE,
        f"Remove the {PENALTY} enemy units nearest {context['origin']} ({', '.join(candidates)})? remove or none",
        [REMOVE, DECLINE],
        context,
        rule="9.2" if all(_in_box(match, u) for u in candidates) else "9.1",
    )


# --- 9.1, 9.2 the price of an exit ------------------------------------------------------


def nearest(match, context: dict[str, Any]) -> list[tuple[int, str]]:
    """(distance, unit) of every unflipped unit of the exit's paying forces on the map, in the
    exit's theatre (9.2; anywhere when it names none), nearest first."""
    distance = {r["space_id"]: r["distance"] for r in match.rules.run("distances-from", origin=context["origin"])}
    theatre = context.get("theatre")
    zones = match.static("space", "space_id")
    rows = match.rows(
        """SELECT unit_id, space_id FROM unit_state
           WHERE match_id = ? AND list_contains(?, side) AND status = 'ready' ORDER BY unit_id""",
        [match.match_id, context["forces"]],
    )
    return sorted(
        (distance[r["space_id"]], r["unit_id"])
        for r in rows
        if r["space_id"] in distance and (theatre is None or zones[r["space_id"]]["zone"] in theatre)
    )


def _boxed(match, boxes: list[str]) -> list[str]:
    return [
        r["unit_id"]
        for r in match.rows(
            "SELECT unit_id FROM unit_state WHERE match_id = ? AND list_contains(?, space_id) ORDER BY 1",
            [match.match_id, boxes],
        )
    ]


def removal_candidates(match, context: dict[str, Any]) -> list[str]:
    """The units an exit's removal may take: on the map those as near as the second nearest
    (9.1; ties included), then, while short, the units of the theatre's boxes (9.2)."""
    on_map = nearest(match, context)
    if len(on_map) >= context["needed"]:
        reach = on_map[context["needed"] - 1][0]
        return [u for d, u in on_map if d <= reach]
    return [u for _, u in on_map] + _boxed(match, context["boxes"])


def _in_box(match, unit_id: str) -> bool:
    return unit_row(match, unit_id)["space_kind"] == "box"


def _collect(match, context: dict[str, Any]) -> None:
    """Take the price unit by unit; ask the German side where the choice is open."""
    while context["needed"] > 0:
        on_map = nearest(match, context)
        if on_map:  # 9.1 the nearest, ties to the German side
            closest = on_map[0][0]
            tier = [u for d, u in on_map if d == closest]
            if len(tier) > context["needed"]:
                _ask(match, context, tier, f"Flip which enemy unit nearest {context['origin']}", "9.1")
                return
            for unit_id in tier:
                _take(match, context, unit_id)
            continue
        boxed = _boxed(match, context["boxes"])  # 9.2 none left on the map: from the box
        if not boxed:
            match.log(Event("note", rule="9.2", purpose="no enemy unit left to remove for this exit"))
            return
        if len(boxed) > context["needed"]:
            _ask(match, context, boxed, f"Remove which unit from {', '.join(context['boxes'])}", "9.2")
            return
        for unit_id in boxed:
            _take(match, context, unit_id)


def _ask(match, context: dict[str, Any], choices: list[str], prompt: str, rule: str) -> None:
    match.ask(context["player"], DECISION, f"{prompt} (9.1: {context['needed']} to go)", choices, context, rule=rule)


def _take(match, context: dict[str, Any], unit_id: str) -> None:
    unit = unit_row(match, unit_id)
    context["needed"] -= 1
    if unit["space_kind"] == "box":  # 9.2 straight out of the game
        remove_from_play(match, [unit_id], "9.2", f"removed from {unit['space_id']} for a German exit")
        return
    match.set("unit_state", {"unit_id": unit_id}, status="flipped")  # 9.1 keeps its ZOC this phase
    match.log(
        Event(
            "flipped",
            side=unit["side"],
            unit_id=unit_id,
            from_space=unit["space_id"],
            rule="9.1",
            purpose=f"{unit_id} flipped for a German exit at {context['origin']}: removed at the end of the phase",
        )
    )


def answer(match, decision: dict[str, Any], choice: str) -> None:
    """Remove or not (9.1), or take the chosen unit and go on."""
    context = dict(decision["context"])
    if decision["kind"] == CHOICE:
        if choice == REMOVE:
            _collect(match, context)
        else:
            match.log(
                Event(
                    "note", rule="9.1", purpose=f"the German side removes no unit for the exit at {context['origin']}"
                )
            )
        return
    _take(match, context, choice)
    _collect(match, context)


def answer_refusal(match, decision: dict[str, Any], choice: str):
    """Why ``choice`` is no answer to an exit's removal question (9.1, 9.2)."""
    context = decision["context"]
    if decision["kind"] == CHOICE:
        return match.violation(f"{choice!r}: answer {REMOVE} (the two nearest enemy units) or {DECLINE}", "9.1")
    offered = decision["choices"]
    if decision["rule"] == "9.2":
        return match.violation(
            f"{choice} cannot be removed: it is not in {', '.join(context['boxes'])} (one of {', '.join(offered)})",
            "9.2",
        )
    distance = {u: d for d, u in nearest(match, context)}
    closest = distance[offered[0]]
    where = f"{distance[choice]} hexes from {context['origin']}" if choice in distance else "not a unit that pays"
    return match.violation(
        f"{choice} cannot be flipped: it is {where}, and {', '.join(offered)} are the nearest, at {closest}",
        "9.1",
    )
