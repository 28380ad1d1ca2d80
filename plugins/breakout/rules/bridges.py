"""Bridges (3.23, 3.24, 4.7, 20, 8.21, 8.221, 8.511): who holds them, seizure and repair;
demolition (20.4, 8.23) is demolition.py's.

A bridge's state is the engine's link_state of its border, both directions: german,
allied or destroyed (20.1, 4.7). An unbridged river border is German-held unless its
link_state says held-allied (8.511). Supply lines read the same rows (12.5, paths.sql).
"""

from __future__ import annotations

from phaseline import Action, Event

from ..scenarios import ALLIED, GERMAN
from . import rerolls
from .activation import activate
from .board import POINT_TYPES, Board, board, enemy_of
from .charts import combat_chart
from .supply import isolated_spaces

REPAIRS_PER_IMPULSE = {ALLIED: 4, GERMAN: 1}  # 20.2
CONSTRUCTION_MARKERS = {ALLIED: 4, GERMAN: 1}  # 20.2
MAX_LEVEL = 2  # 20.2: a failed attempt raises the level by one, up to +2
SUCCESS = 7  # 20.2-20.4: dr + drm >= 7


def set_bridge(match, bridge: dict, state: str) -> None:
    """20.1: the bridge is now german, allied or destroyed (both directions of its border)."""
    for a, b in ((bridge["a"], bridge["b"]), (bridge["b"], bridge["a"])):
        _set_link(match, a, b, state)


def hold_river(match, a: str, b: str, side: str) -> None:
    """8.511: an unbridged river border held by the side that crossed it (German by default)."""
    for x, y in ((a, b), (b, a)):
        _set_link(match, x, y, f"held-{side}")


def _set_link(match, a: str, b: str, state: str) -> None:
    if (a, b) in match.rows_of("link_state"):
        match.set("link_state", {"a": a, "b": b}, state=state)
    else:
        match.insert("link_state", {"a": a, "b": b, "state": state})


# === 20.5 MODIFIERS (tables/combat.csv: bridge_drm, seize_drm) ================================


def drm_chart(match, table: str) -> dict[str, int]:
    """The drm rows of one chart table by code (a '+1/+2' range reads as its first value)."""
    return {code: int(value.split("/")[0]) for code, value in combat_chart(match, table).items()}


def area_drm(match, area, side: str) -> int:
    """20.5: +3 free, +2 friendly-controlled contested, +1 enemy-controlled contested, 0 else.

    ``area``: an Area, or one as it stood when the impulse began (demolition.Was)."""
    drm = drm_chart(match, "bridge_drm")
    if area.free(side):
        return drm["free"]
    if area.contested():
        return drm["friendly-contested"] if area.controlled_by(side) else drm["enemy-contested"]
    return 0


def repair_drm(match, b: Board, bridge: dict, side: str, level: int) -> list[tuple[str, int]]:
    """20.5: both areas, -1 for a repair, -1 over a water obstacle, + the construction level."""
    drm = drm_chart(match, "bridge_drm")
    terms = [(f"area {s}", area_drm(match, b.areas[s], side)) for s in (bridge["a"], bridge["b"])]
    terms.append(("repair", drm["repair"]))
    if bridge["border"] == "water":
        terms.append(("water obstacle", drm["water"]))
    if level:
        terms.append(("construction level", level))
    return terms


def seizure_drm(match, b: Board, bridge: dict, side: str, here: str) -> list[tuple[str, int]]:
    """20.3: +3 from a free area, +1 the other area vacant, -1 per Fresh enemy there, -1 water."""
    drm = drm_chart(match, "seize_drm")
    other = bridge["b"] if bridge["a"] == here else bridge["a"]
    fresh = len(b.fresh_enemies(other, side))
    terms = [("from a free area", drm["free"])]
    if b.areas[other].vacant(side):
        terms.append(("other area vacant", drm["vacant"]))
    if fresh:
        terms.append((f"{fresh} Fresh enemy units", drm["fresh"] * fresh))
    if bridge["border"] == "water":
        terms.append(("water obstacle", drm_chart(match, "bridge_drm")["water"]))
    return terms


def roll_attempt(
    match, side: str, what: str, terms: list[tuple[str, int]], rule: str, then: str, context: dict
) -> None:
    """A bridge dr (20.2-20.4); 11.6: the Advantage holder may have it rerolled before ``then`` applies it."""
    rerolls.roll(match, side, what, rule, then, {**context, "side": side, "what": what, "terms": terms, "rule": rule})


def _succeeds(match, context: dict, die: int) -> bool:
    """20.2-20.4: dr + drm >= 7, logged with its modifiers."""
    terms, what = context["terms"], context["what"]
    total = die + sum(v for _, v in terms)
    mods = ", ".join(f"{v:+d} {name}" for name, v in terms)
    ok = total >= SUCCESS
    purpose = f"{what}: dr {die} {mods} = {total}: {'success' if ok else 'fails'}"
    match.log(Event("note", side=context["side"], purpose=purpose, rule=context["rule"]))
    return ok


def settle_try(match, context: dict, die: int, what: str) -> tuple[bool, str, list[str]]:
    """The dr decides the first pending bridge; the try is recorded (one per impulse or phase).

    Returns (success, that bridge, the bridges still to roll for)."""
    ok = _succeeds(match, context, die)
    bridge_id, *rest = context["pending"]
    seized = ok and what == "seize"
    row = {"bridge_id": bridge_id, "side": context["side"], "what": what, "seized": seized}
    match.insert("bkn_bridge_try", {**row, "unit_id": context.get("unit")})
    return ok, bridge_id, rest


# === 20.3 SEIZURE (8.221) ===================================================================


def seizure_refusal(match, unit: dict, bridge: dict) -> str | None:
    """Why ``unit`` may not try to seize ``bridge`` now (None: it may)."""
    b = board(match)
    side, here = unit["side"], unit["space_id"]
    if here not in (bridge["a"], bridge["b"]):
        return f"{bridge['name']} is not on a border of {here}"
    if bridge["state"] != enemy_of(side):
        return f"{bridge['name']} is {bridge['state']}: only an enemy-held bridge can be seized"
    if unit["type"] not in POINT_TYPES:
        return f"{unit['unit_id']} is {unit['type']}: only infantry and armour seize bridges"
    if unit["status"] != "Fresh" or unit["attacked"] or unit["pending"]:
        return f"{unit['unit_id']} is not a Fresh unit free to move"
    activated = b.day["activated"]
    if activated is not None and (not unit["eligible"] or unit["mp"] < 1):
        return f"{unit['unit_id']} has no MF left in the activated area's impulse"
    if not b.areas[here].free(side):
        return f"{here} is not free for {side}"
    if tried(match, bridge["bridge_id"], side):
        return f"{bridge['name']} was tried already this impulse"
    return None


def seize(match, action: Action) -> None:
    """seize UNIT BRIDGE: spend 1 MF, dr + drm >= 7 takes the bridge (20.3, 8.221)."""
    unit, bridge = _unit_and_bridge(match, action, "seize UNIT BRIDGE", "20.3")
    refusal = seizure_refusal(match, unit, bridge)
    if refusal:
        raise match.violation(f"{unit['unit_id']} cannot seize {bridge['bridge_id']}: {refusal}", "20.3")
    if board(match).day["activated"] is None:  # the impulse's first act activates the unit's area (8.1)
        activate(match, action.side, unit["space_id"])
        unit = board(match).units[unit["unit_id"]]
    match.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] - 1, moved=True)  # 8.221: 1 MF
    terms = seizure_drm(match, board(match), bridge, action.side, unit["space_id"])
    what = f"{unit['unit_id']} tries to seize {bridge['name']}"
    roll_attempt(
        match, action.side, what, terms, "20.3", "seize", {"pending": [bridge["bridge_id"]], "unit": unit["unit_id"]}
    )


@rerolls.follows("seize")
def _seizure_rolled(match, context: dict, die: int) -> None:
    ok, bridge_id, _ = settle_try(match, context, die, "seize")
    if ok:
        set_bridge(match, board(match).bridges[bridge_id], context["side"])


def seized_by(match, bridge_id: str, side: str) -> str | None:
    """20.3, 8.38: the unit of ``side`` that seized ``bridge_id`` this impulse (None: not seized).

    The other units crossing it this impulse pay +1 MF and make no minimum move."""
    attempt = match.rows_of("bkn_bridge_try").get((bridge_id, side))
    return attempt["unit_id"] if attempt is not None and attempt["seized"] else None


# === 20.2 REPAIR (8.21) =====================================================================


def repair_refusal(match, side: str, bridge: dict, *, at_night: bool = False) -> tuple[str, str] | None:
    """Why ``side`` may not try to repair ``bridge`` now, and the rule (None: it may).

    ``at_night``: in its Refit phase."""
    b = board(match)
    if bridge["state"] != "destroyed":
        return f"{bridge['name']} is not destroyed", "20.2"
    if not at_night and b.day["activated"] is not None:
        return "repairs open an Assault impulse, before anything else (8.21)", "20.2"
    friendly = [s for s in (bridge["a"], bridge["b"]) if b.areas[s].controlled_by(side)]
    if not friendly:
        return "neither of its areas is friendly-controlled", "20.2"
    if all(_isolated(match, b, side, s) for s in friendly):  # 12.8: 「孤立したエリアでは橋の修理を試みられない」
        return f"{' and '.join(friendly)} not in supply: no repair in an isolated area", "12.8"
    if tried(match, bridge["bridge_id"], side):
        return f"{bridge['name']} was tried already this impulse", "20.2"
    return None


def repair(match, action: Action) -> None:
    """repair BRIDGE[,BRIDGE…]: open the impulse with repair rolls in one activated area (20.2)."""
    if len(action.args) != 1:
        raise match.violation("repair takes bridges: repair BRIDGE[,BRIDGE…]", "20.2")
    side = action.side
    ids = action.args[0].split(",")
    if len(ids) > REPAIRS_PER_IMPULSE[side]:
        raise match.violation(f"{side} may attempt {REPAIRS_PER_IMPULSE[side]} repairs per impulse", "20.2")
    b = board(match)
    bridges = [find_bridge(match, i, "20.2") for i in ids]
    areas = [{s for s in (br["a"], br["b"]) if b.areas[s].controlled_by(side)} for br in bridges]
    common = set.intersection(*areas) if areas else set()
    if not common:
        raise match.violation("repaired bridges must all border one friendly-controlled area", "8.21")
    for bridge in bridges:
        refusal = repair_refusal(match, side, bridge)
        if refusal:
            why, rule = refusal
            raise match.violation(f"cannot repair {bridge['bridge_id']}: {why}", rule)
    area = min(common)
    activate(match, side, area)
    attempt_repairs(match, side, [bridge["bridge_id"] for bridge in bridges], "20.2")


def attempt_repairs(match, side: str, bridge_ids: list[str], rule: str) -> None:
    """One repair roll per bridge, in turn, each with a construction marker (20.2)."""
    if not bridge_ids:
        return
    bridge = board(match).bridges[bridge_ids[0]]
    level = _construction_marker(match, bridge["bridge_id"], side)
    terms = repair_drm(match, board(match), bridge, side, level)
    context = {"pending": bridge_ids, "level": level}
    roll_attempt(match, side, f"{side} repairs {bridge['name']}", terms, rule, "repair", context)


@rerolls.follows("repair")
def _repair_rolled(match, context: dict, die: int) -> None:
    """20.2: success takes the bridge and frees both sides' markers; failure raises the level by one."""
    ok, bridge_id, rest = settle_try(match, context, die, "repair")
    side = context["side"]
    if ok:
        set_bridge(match, board(match).bridges[bridge_id], side)
        for owner in (GERMAN, ALLIED):  # 20.2: both sides' markers come off
            if _level(match, bridge_id, owner) is not None:
                match.delete("bkn_construction", {"bridge_id": bridge_id, "side": owner})
    else:
        match.set(
            "bkn_construction", {"bridge_id": bridge_id, "side": side}, level=min(MAX_LEVEL, context["level"] + 1)
        )
    attempt_repairs(match, side, rest, context["rule"])


def _construction_marker(match, bridge_id: str, side: str) -> int:
    """20.2: the marker already on the bridge, else a free one, else one pulled off elsewhere."""
    level = _level(match, bridge_id, side)
    if level is not None:
        return level
    placed = sorted(bridge for bridge, owner in match.rows_of("bkn_construction") if owner == side)
    if len(placed) >= CONSTRUCTION_MARKERS[side]:
        match.delete("bkn_construction", {"bridge_id": placed[0], "side": side})
    match.insert("bkn_construction", {"bridge_id": bridge_id, "side": side, "level": 0})
    return 0


def lower_construction(match, bridge_id: str, side: str) -> None:
    """20.2: a bombardment lowers ``side``'s construction level on the bridge by one (at 0 the marker comes off)."""
    level = _level(match, bridge_id, side)
    if level is None:
        return
    if level <= 1:
        match.delete("bkn_construction", {"bridge_id": bridge_id, "side": side})
    else:
        match.set("bkn_construction", {"bridge_id": bridge_id, "side": side}, level=level - 1)


def construction_level(match, bridge_id: str, side: str) -> int | None:
    """20.2: the level of ``side``'s construction marker on the bridge (None: no marker there)."""
    return _level(match, bridge_id, side)


def _level(match, bridge_id: str, side: str) -> int | None:
    row = match.rows_of("bkn_construction").get((bridge_id, side))
    return None if row is None else row["level"]


# === legal actions ============================================================================


def legal_bridge_actions(match, side: str) -> list[Action]:
    """Seizures by each unit free to try; single repairs open to the side (demolitions: demolition.py)."""
    b = board(match)
    if b.day["kind"] not in (None, "assault"):
        return []
    found = []
    for bridge in sorted(b.bridges.values(), key=lambda br: br["bridge_id"]):
        for end in (bridge["a"], bridge["b"]):
            for unit in b.units_in(end, side):
                if seizure_refusal(match, unit, bridge) is None:
                    found.append(Action("seize", (unit["unit_id"], bridge["bridge_id"]), side))
        if repair_refusal(match, side, bridge) is None:
            found.append(Action("repair", (bridge["bridge_id"],), side))
    return found


def clear_attempts(match) -> None:
    """20.2-20.4: one attempt per bridge per impulse or Refit phase."""
    for bridge_id, side in sorted(match.rows_of("bkn_bridge_try")):
        match.delete("bkn_bridge_try", {"bridge_id": bridge_id, "side": side})


def tried(match, bridge_id: str, side: str) -> bool:
    """20.2-20.4: ``side`` tried ``bridge_id`` this impulse (or Refit phase) already: one attempt each."""
    return (bridge_id, side) in match.rows_of("bkn_bridge_try")


def _isolated(match, b: Board, side: str, space: str) -> bool:
    """12.8: no repair in an isolated area, judged by the side's units there (none: not isolated)."""
    return bool(b.areas[space].units[side]) and space in isolated_spaces(match, side)


def find_bridge(match, bridge_id: str, rule: str) -> dict:
    bridge = board(match).bridges.get(bridge_id)
    if bridge is None:
        raise match.violation(f"no bridge {bridge_id!r}", rule)
    return bridge


def _unit_and_bridge(match, action: Action, usage: str, rule: str) -> tuple[dict, dict]:
    if len(action.args) != 2:
        raise match.violation(f"usage: {usage}", rule)
    unit = board(match).units.get(action.args[0])
    if unit is None or unit["side"] != action.side:
        raise match.violation(f"{action.args[0]} is not a {action.side} unit on the map", rule)
    return unit, find_bridge(match, action.args[1], rule)
