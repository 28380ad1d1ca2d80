"""Refit (6.4, 12.4) and Regroup (6.5, 13).

Refit (simplified): Germans first, then Allies; every unit with a supply path
(the shared cheapest-paths query, 12.5) improves one step (12.4), and German units in
a zone refit without a path (12.6). Supply points, depots, the Reserve, buying
impulses and surrender (12.5-12.9) are not implemented yet.
"""

from __future__ import annotations

from phaseline import Action, Event

from ..scenarios import ALLIED, GERMAN
from .board import LADDER, board, can_cross, clear_traffic, count_crossing, update_control

UP = {"Spent": "Fresh", "Dis1": "Spent", "Dis2": "Dis1"}


def refit(game) -> None:
    """6.4: reset the day's clock, then German and Allied refit."""
    game.set("bkn_day", {}, sunset_drm=0, impulse=0, passes=0)  # 6.4, 11.23
    for side in (GERMAN, ALLIED):  # 12.4: Germans first
        supplied = {r["unit_id"] for r in game.rules.run("cheapest-paths", side=side) if r["cost"] is not None}
        b = board(game)
        raised = 0
        for u in b.units.values():
            if u["side"] != side or u["status"] not in UP:
                continue
            in_zone = b.areas[u["space_id"]].is_zone
            if u["unit_id"] in supplied or (side == GERMAN and in_zone):
                game.set("unit_state", {"unit_id": u["unit_id"]}, status=UP[u["status"]])
                raised += 1
        game.log(Event("note", side=side, purpose=f"{side} refit: {raised} units improve one step", rule="12.4"))


def legal_regroups(game, side: str) -> list[Action]:
    b = board(game)
    found = []
    for u in b.units.values():
        if (
            u["side"] != side
            or u["moved"]
            or u["movement"] <= 0
            or (b.areas[u["space_id"]].is_box and not (b.areas[u["space_id"]].is_zone))
        ):
            continue
        for dest in can_regroup_to(game, u):
            found.append(Action("regroup", (u["unit_id"], dest), side))
    return found


def can_regroup_to(game, unit) -> list[str]:
    """13: one area into an adjacent free area or zone, over no water and no enemy bridge."""
    b = board(game)
    side = unit["side"]
    found = []
    for dest, (kind, name) in sorted(b.neighbours(unit["space_id"]).items()):
        area = b.areas[dest]
        if kind in ("sea", "water", "landing") or (area.is_box and not area.is_zone):
            continue
        bridge = b.bridges.get(name) if kind == "bridge" else None
        if bridge and bridge["state"] != side and (bridge["border"] == "water" or unit["type"] != "infantry"):
            continue
        if bridge and bridge["state"] == side and not can_cross(b, name):  # 8.37: five per Regroup phase
            continue
        if kind == "river" and unit["type"] != "infantry":
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


assert LADDER[0] == "Fresh"
