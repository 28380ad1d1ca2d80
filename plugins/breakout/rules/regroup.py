"""Regroup (6.5, 13): Germans then Allies move any units one area into adjacent free areas;
an Allied unit in an approach box may instead land (landings) or, under the stricter 3.5
reading, move to the Offshore box (offshore)."""

from __future__ import annotations

from phaseline import Action, Event

from . import offshore
from .board import board, can_cross, clear_traffic, count_crossing, enemy_of
from .control import update_control
from .retreat import STACK_LIMIT
from .zones import is_stacking_limited


def legal_regroups(match, side: str) -> list[Action]:
    b = board(match)
    found = []
    for u in b.units.values():
        area = b.areas[u["space_id"]]
        if u["side"] != side or u["moved"] or u["movement"] <= 0 or area.is_box:
            continue
        for dest in can_regroup_to(match, u):
            found.append(Action("regroup", (u["unit_id"], dest), side))
    return found + offshore.legal_offshore(match, side)


def can_regroup_to(match, unit) -> list[str]:
    """13: the adjacent free areas and zones ``unit`` may regroup into now."""
    return [dest for dest in sorted(board(match).neighbours(unit["space_id"])) if refusal(match, unit, dest) is None]


def refusal(match, unit, dest: str) -> tuple[str, str] | None:
    """Why ``unit`` may not regroup into ``dest``: (the rule, the reason), or None when it may."""
    b = board(match)
    side, uid, here = unit["side"], unit["unit_id"], unit["space_id"]
    link = b.neighbours(here).get(dest)
    area = b.areas.get(dest)
    if link is None or area is None:
        return "13", f"{uid} regroups one area only: {dest} is not adjacent to {here}"
    kind, name = link
    if kind == "landing" and not b.areas[here].is_box:  # 13: only into free areas; 3.4: never back to the box
        return "13", f"{uid} regroups only into a free area or zone, never back into the approach box {dest} (BkN 3.4)"
    if kind == "landing":
        return "19.3", f"{uid} lands with the order: land BEACH {uid}"
    if kind == "sea" or area.is_box:
        return "13", f"{uid} cannot regroup into the box {dest}"
    crossing = _crossing_refusal(b, unit, here, dest, kind, name)
    if crossing:
        return crossing
    if not area.free(side):  # 7.6
        return "13", f"{uid} regroups only into a free area: {dest} is {_why_not_free(area, side)}"
    if is_stacking_limited(area) and area.count(side) >= STACK_LIMIT:
        return "7.1", f"{uid} cannot regroup into {dest}: {STACK_LIMIT} {side} units are there"
    corps = any(b.units[u]["art_kind"] == "corps" for u in area.units[side])
    if unit["art_kind"] == "corps" and is_stacking_limited(area) and corps:
        return "7.1", f"{uid} cannot regroup into {dest}: one corps artillery per area (BkN 16.1)"
    return None


def _crossing_refusal(b, unit, here: str, dest: str, kind: str, name: str | None) -> tuple[str, str] | None:
    """13: no border that movement could not cross, no enemy-held bridge, five units a bridge
    (8.37, 20.1), and out of a contested area never over an enemy-held river (8.37)."""
    side, uid = unit["side"], unit["unit_id"]
    if kind == "water":
        return "8.37", f"{uid} cannot cross the water obstacle {here}-{dest}"
    bridge = b.bridges.get(name) if kind == "bridge" else None
    if bridge and bridge["state"] == enemy_of(side):
        return "13", f"{uid} cannot regroup across the enemy-held {bridge['name']}"
    if bridge and bridge["state"] == side and not can_cross(b, name):
        return "13", f"{uid} cannot cross {bridge['name']}: 5 units crossed it already this phase (BkN 8.37)"
    river = kind == "river" or (bridge is not None and bridge["state"] != side)
    if river and (bridge is not None and bridge["border"] == "water"):
        return "8.37", f"{uid} cannot cross {bridge['name']} ({bridge['state']}): water obstacle"
    if river and unit["type"] != "infantry":
        return "13", f"{uid} cannot regroup across the river {here}-{dest}: only infantry crosses without a bridge"
    over = b.areas[here].contested() and b.enemy_held_crossing(side, here, dest)
    if over:  # 13, 8.37: never out of a contested area across an enemy-held river
        return "13", f"{uid} cannot leave contested {here} across {over} (BkN 8.37)"
    return None


def _why_not_free(area, side: str) -> str:
    return (
        "contested" if area.contested() else f"{enemy_of(side)}-held" if not area.vacant(side) else "enemy-controlled"
    )


def regroup(match, action: Action) -> None:
    if len(action.args) != 2:
        raise match.violation("regroup takes a unit and an area: regroup UNIT AREA", "13")
    unit_id, dest = action.args
    if dest == offshore.BOX:  # 13: from an approach box to the Offshore box
        offshore.go_offshore(match, action)
        return
    unit = board(match).units.get(unit_id)
    if unit is None or unit["side"] != action.side:
        raise match.violation(f"{unit_id} is not a {action.side} unit", "13")
    if unit["type"] == "coastal":
        raise match.violation(f"{unit_id} is a coastal battery: it never regroups", "8.37")
    if unit["moved"]:
        raise match.violation(f"{unit_id} has already regrouped", "13")
    why = refusal(match, unit, dest)
    if why:
        raise match.violation(why[1], why[0])
    match.set("unit_state", {"unit_id": unit_id}, space_id=dest, moved=True)
    here = unit["space_id"]
    regrouped = f"regroups {here}→{dest}"
    match.log(Event("note", side=action.side, unit_id=unit_id, from_space=here, purpose=regrouped, rule="13"))
    count_crossing(match, unit["space_id"], dest)
    # 7.3: the area left, and the area entered: a lone unit of the other nationality in an
    # Allied free area takes it for its nation, by regroup as by an impulse's move
    update_control(match, [unit["space_id"], dest], mover=unit["nationality"])


def begin_regroup(match, step) -> None:
    match.update_where("unit_state", "side = ?", [step.side], moved=False)
    clear_traffic(match)
