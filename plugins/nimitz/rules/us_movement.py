"""8.0-8.4 the US movement phase: any US unit on the map may move once a turn, any distance, 1 SP a
unit (8.1); never into Japan or East Asia, Australian units only to points with the Australian flag,
no US ground unit out of a point holding a Japanese unit, land aircraft only to points where US
ground units or land aircraft stood at the start of the phase and within the point's printed
capacity (unlimited at the West Coast, Hawaii and Australia) (8.2); ground units travel by transport
(8.3); submarines may go commerce raiding, 1 SP each (8.4). At the start of the phase, 1944-45, B-29
wings in the Marianas may go to the bombing box (12.2) and, 1945, units at Hawaii or on the West
Coast to the invasion box (12.3), 1 SP each."""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event
from phaseline.errors import InvalidOrder

from ..board import B29, HAWAII, INVASION, MARIANAS, RAIDING, RETURN_BOXES, US_REINF, WEST_COAST
from . import invasion
from .state import JP, US, fcn_state, set_state, spend, year
from .units import gone_where, in_play, kind, point_named, points, units_named

US_BASED_SQL = """SELECT p.point_id,
       coalesce(bool_or(s.side = 'US' AND (c.category = 'ground' OR (c.category = 'aircraft' AND NOT c.carrier_air))),
                FALSE) AS us_based
FROM fcn_point p
LEFT JOIN unit_state s ON s.match_id = p.match_id AND s.space_id = p.point_id AND s.status <> 'destroyed'
LEFT JOIN fcn_counter c ON c.match_id = s.match_id AND c.unit_id = s.unit_id
WHERE p.match_id = ?
GROUP BY p.point_id"""


BOXED = {  # why a US unit in a box beside the map may not move: (rule, reason)
    **{
        box: ("11.3", "waits in the return-to-port box {box}: it acts again once back at Hawaii")
        for box in RETURN_BOXES
    },
    INVASION: ("12.3", "is in the invasion box: a unit placed there never comes back to the map"),
    RAIDING: ("8.4", "is commerce raiding until the return-to-port phase"),
    B29: ("12.2", "is bombing Japan until the combat phase is over"),
    US_REINF: ("6.2", "is in the reinforcement box: it must be bought first"),
}


def boxed_refusal(unit_id: str, box: str) -> tuple[str, str]:
    """Why a US unit in ``box`` beside the map may not act: (rule, reason) of BOXED."""
    rule, reason = BOXED[box]
    return rule, f"{unit_id} {reason.format(box=box)}"


def begin(match) -> None:
    """8.2 where US ground units or land aircraft stand as the phase begins (land aircraft may go there)."""
    match.update_from("fcn_point_state", US_BASED_SQL, [match.match_id])
    set_state(match, us_moved=False, invaded=0)


def refusal(match, unit_id: str, unit: dict[str, Any] | None, target: str) -> tuple[str, str] | None:
    """Why ``unit_id`` may not move to ``target`` now: (rule, reason), or None (8.1, 8.2)."""
    on_map = points(match)
    if unit is None or unit["side"] != US:
        return "8.1", f"{unit_id} is not a US unit in play"
    if unit["space_id"] in BOXED:
        return boxed_refusal(unit_id, unit["space_id"])
    if unit["space_id"] not in on_map or unit["carrier_air"]:
        return "8.1", f"{unit_id} is not on the map ({unit['space_id']})"
    if unit["moved"]:
        return "8.1", f"{unit_id} has moved this turn"
    if unit["space_id"] == target:
        return "8.1", f"{unit_id} is at {target} already"
    if on_map[target]["closed_to"] == US:
        return "8.2", f"US units may not enter {target}"
    if unit["nationality"] == "AUS" and not on_map[target]["australian"]:
        return "8.2", f"{unit_id} is Australian: {target} has no Australian flag"
    if pinned(match, unit):
        return "8.2", PINNED.format(unit=unit_id, space=unit["space_id"])
    if kind(unit) == "air" and not match.rows_of("fcn_point_state")[(target,)]["us_based"]:
        return (
            "8.2",
            f"{unit_id} may fly only to a point where US ground units or land aircraft stood at the start "
            f"of the phase; {target} had none",
        )
    return None


PINNED = "{unit} may not leave {space}: Japanese units are there"  # 8.2


def pinned(match, unit: dict[str, Any]) -> bool:
    """8.2: a US ground unit at a point holding Japanese units may not move from it (into a box either)."""
    return unit["category"] == "ground" and unit["space_id"] in _japanese_points(match)


def _japanese_points(match) -> set[str]:
    """The points holding any Japanese unit (8.2 pins US ground units there)."""
    return match.derived(
        "fcn japanese points",
        match.ledger.version_of("unit_state"),
        lambda: {row["space_id"] for row in in_play(match).values() if row["side"] == JP},
    )


def _capacity_refusal(match, names: list[str], target: str) -> str | None:
    """8.2 a point's printed capacity for US land aircraft (blank: unlimited)."""
    capacity = points(match)[target]["us_air_capacity"]
    if capacity is None:
        return None
    units = in_play(match)
    there = [u for u, row in units.items() if row["side"] == US and row["space_id"] == target and kind(row) == "air"]
    coming = [u for u in names if kind(units[u]) == "air"]
    if coming and len(there) + len(coming) > capacity:
        return f"{target} takes {capacity} US land aircraft; {len(there)} are there and {len(coming)} would come"
    return None


def move(match, action: Action) -> None:
    """8.1 ``move UNIT[,UNIT…] POINT``."""
    if len(action.args) != 2:
        raise InvalidOrder("move takes UNIT[,UNIT…] POINT")
    names, target = units_named(match, action.args[0], rule="8.1"), point_named(match, action.args[1])
    units = in_play(match)
    for unit_id in names:
        refused = refusal(match, unit_id, units.get(unit_id), target)
        if refused:
            raise match.violation(refused[1], rule=refused[0])
    too_many = _capacity_refusal(match, names, target)
    if too_many:
        raise match.violation(too_many, rule="8.2")
    spend(match, len(names), "8.1", f"moving {len(names)} unit{'s' if len(names) > 1 else ''}")
    with match.held_updates():
        for unit_id in names:
            match.set("unit_state", {"unit_id": unit_id}, space_id=target, moved=True)
            if units[unit_id]["category"] == "ground":  # 8.3 by transport; they land in a battle (10.6)
                match.set("fcn_unit", {"unit_id": unit_id}, transport=True)
    set_state(match, us_moved=True)
    way = gone_where(names, {u: units[u]["space_id"] for u in names}, dict.fromkeys(names, target))
    purpose = f"moved {way}: {len(names)} SP, {fcn_state(match)['sp']} SP left"
    match.log(Event("note", side=US, rule="8.1", purpose=purpose))


def _boxed(match, action: Action, box: str, rule: str, allowed) -> list[str]:
    """Units into a box at 1 SP each, each once a turn; ``allowed(unit)`` gives a refusal or None."""
    if len(action.args) != 1:
        raise InvalidOrder(f"{action.verb} takes UNIT[,UNIT…]")
    names = units_named(match, action.args[0], rule=rule)
    units = in_play(match)
    for unit_id in names:
        unit = units.get(unit_id)
        if unit is not None and unit["side"] == US and unit["space_id"] in BOXED:
            box_rule, reason = boxed_refusal(unit_id, unit["space_id"])
            raise match.violation(reason, rule=box_rule)
        why = "is not a US unit in play" if unit is None or unit["side"] != US else allowed(unit)
        if why:
            raise match.violation(f"{unit_id} {why}", rule=rule)
        if unit["moved"]:  # going into the box is a move: 8.1 once a turn
            raise match.violation(f"{unit_id} has moved this turn", rule="8.1")
        if pinned(match, unit):  # 8.2: and no move leaves a point that Japanese units share
            raise match.violation(PINNED.format(unit=unit_id, space=unit["space_id"]), rule="8.2")
    spend(match, len(names), rule, f"{len(names)} units to {box}")
    with match.held_updates():
        for unit_id in names:
            match.set("unit_state", {"unit_id": unit_id}, space_id=box, moved=True)
    way = gone_where(names, {u: units[u]["space_id"] for u in names}, dict.fromkeys(names, box))
    purpose = f"{way}: {len(names)} SP, {fcn_state(match)['sp']} SP left"
    match.log(Event("note", side=US, rule=rule, purpose=purpose))
    return names


def raid(match, action: Action) -> None:
    """8.4 ``raid SUB[,SUB…]``: US submarines on the map to the commerce-raiding box."""

    def allowed(unit):
        return None if unit["type"] == "SS" and unit["space_id"] in points(match) else "is not a submarine on the map"

    _boxed(match, action, RAIDING, "8.4", allowed)
    set_state(match, us_moved=True)


def _at_phase_start(match, verb: str, rule: str) -> None:
    if fcn_state(match)["us_moved"]:
        raise match.violation(f"{verb} belongs to the start of the movement phase, before any move or raid", rule=rule)


def bomb(match, action: Action) -> None:
    """12.2 ``bomb BW[,BW…]``: B-29 wings in the Marianas to the strategic bombing box (1944-45)."""
    if year(match) < 1944:
        raise match.violation("B-29 strategic bombing is played in 1944 and 1945", rule="12.2")
    _at_phase_start(match, "bomb", "12.2")
    _boxed(
        match,
        action,
        B29,
        "12.2",
        lambda u: None if u["bw"] and u["space_id"] == MARIANAS else "is not a B-29 wing in the Marianas",
    )


def invade(match, action: Action) -> None:
    """12.3 ``invade UNIT[,UNIT…]``: units at Hawaii or on the West Coast to the invasion box (1945)."""
    if year(match) != 1945:
        raise match.violation("the Japan invasion box is played in 1945 only", rule="12.3")
    _at_phase_start(match, "invade", "12.3")
    sent = fcn_state(match)["invaded"]
    count = len(units_named(match, action.args[0], rule="12.3")) if len(action.args) == 1 else 0
    if sent + count > invasion.MOST_A_PHASE:
        raise match.violation(
            f"at most {invasion.MOST_A_PHASE} units a phase go to the invasion box; {sent} went already", rule="12.3"
        )
    names = _boxed(
        match,
        action,
        INVASION,
        "12.3",
        lambda u: (
            None
            if u["space_id"] in (HAWAII, WEST_COAST) and not u["carrier_air"]
            else "is not at Hawaii or on the West Coast"
        ),
    )
    set_state(match, invaded=sent + len(names))


def legal_actions(match) -> list[Action]:
    """Every single-unit move the rules allow now, and the boxes' orders of the moment."""
    state = fcn_state(match)
    if state["sp"] < 1:
        return []
    units = in_play(match)
    found = []
    for unit_id, unit in units.items():
        if unit["side"] != US or unit["moved"] or unit["space_id"] not in points(match):
            continue
        for target in points(match):
            if refusal(match, unit_id, unit, target) is None and _capacity_refusal(match, [unit_id], target) is None:
                found.append(Action("move", (unit_id, target), US))
        if unit["type"] == "SS":
            found.append(Action("raid", (unit_id,), US))
        if not state["us_moved"] and year(match) >= 1944 and unit["bw"] and unit["space_id"] == MARIANAS:
            found.append(Action("bomb", (unit_id,), US))
        if (
            not state["us_moved"]
            and year(match) == 1945
            and state["invaded"] < invasion.MOST_A_PHASE
            and unit["space_id"] in (HAWAII, WEST_COAST)
            and not pinned(match, unit)
        ):
            found.append(Action("invade", (unit_id,), US))
    return found
