"""Regroup (6.5, 13): Germans then Allies move any units one area into adjacent free areas;
an Allied unit in an approach box may instead land (landings) or, under the stricter 3.5
reading, move to the Offshore box (offshore)."""

from __future__ import annotations

from phaseline import Action

from . import offshore
from .board import board, can_cross, clear_traffic, count_crossing, enemy_of, update_control


def legal_regroups(game, side: str) -> list[Action]:
    b = board(game)
    found = []
    for u in b.units.values():
        area = b.areas[u["space_id"]]
        if u["side"] != side or u["moved"] or u["movement"] <= 0 or (area.is_box and not area.is_zone):
            continue
        for dest in can_regroup_to(game, u):
            found.append(Action("regroup", (u["unit_id"], dest), side))
    return found + offshore.legal_offshore(game, side)


def can_regroup_to(game, unit) -> list[str]:
    """13: one area into an adjacent free area or zone, over no border movement could not cross."""
    b = board(game)
    side = unit["side"]
    here = b.areas[unit["space_id"]]
    found = []
    for dest, (kind, name) in sorted(b.neighbours(unit["space_id"]).items()):
        area = b.areas[dest]
        if kind in ("sea", "water", "landing") or (area.is_box and not area.is_zone):
            continue
        bridge = b.bridges.get(name) if kind == "bridge" else None
        if bridge and bridge["state"] != side and (bridge["border"] == "water" or unit["type"] != "infantry"):
            continue
        if bridge and bridge["state"] == enemy_of(side):  # 13: never across an enemy-held bridge
            continue
        if bridge and bridge["state"] == side and not can_cross(b, name):  # 8.37: five per Regroup phase
            continue
        if kind == "river" and unit["type"] != "infantry":
            continue
        held = b.link_states.get((unit["space_id"], dest), "held-german")
        if kind == "river" and here.contested() and held != f"held-{side}":  # 13, 8.37: enemy-held river
            continue
        if not area.free(side):
            continue
        if not area.is_zone and area.count(side) >= 10:  # 7.1
            continue
        found.append(dest)
    return found


def regroup(game, action: Action) -> None:
    if len(action.args) != 2:
        raise game.violation("regroup takes a unit and an area: regroup UNIT AREA", "13")
    unit_id, dest = action.args
    if dest == offshore.BOX:  # 13: from an approach box to the Offshore box
        offshore.go_offshore(game, action)
        return
    unit = board(game).units.get(unit_id)
    if unit is None or unit["side"] != action.side:
        raise game.violation(f"{unit_id} is not a {action.side} unit", "13")
    if unit["moved"]:
        raise game.violation(f"{unit_id} has already regrouped", "13")
    if dest not in can_regroup_to(game, unit):
        raise game.violation(f"{unit_id} cannot regroup to {dest}: only to an adjacent free area", "13")
    game.set("unit_state", {"unit_id": unit_id}, space_id=dest, moved=True)
    count_crossing(game, unit["space_id"], dest)
    update_control(game, [unit["space_id"]], mover=unit["nationality"])  # 7.3: the area left


def begin_regroup(game, step) -> None:
    game.update_where("unit_state", "side = ?", [step.side], moved=False)
    clear_traffic(game)
