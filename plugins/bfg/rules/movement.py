"""Movement (5.0–5.2) under zones of control (4.0–4.4), the boundary (5.4), Berlin (5.43)
and Yugoslavia (5.5). Reach comes from the shared SQL query ``movement-reach``."""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event, InvalidOrder

from .units import label, require_space, unit_row


def legal_moves(game, step) -> list[Action]:
    """Every (unit, destination) of the phasing forces, from one reach query per force."""
    actions: list[Action] = []
    for force in step.acting:
        for row in game.rules.run("movement-reach", side=force):
            if row["legal"] and row["cost"] > 0:
                actions.append(Action("move", (row["unit_id"], row["space_id"]), step.side))
    return actions


def move(game, action: Action) -> None:
    """``move UNIT HEX``: the unit goes to HEX by its cheapest legal path. A unit may go on
    with the movement points it has left, until it enters an enemy ZOC (4.0)."""
    if len(action.args) != 2:
        raise InvalidOrder("move takes a unit and a hex: move UNIT HEX")
    unit = unit_row(game, action.args[0])
    dest = require_space(game, action.args[1])["space_id"]
    _check_may_move(game, unit)
    rows = [r for r in game.rules.run("movement-reach", side=unit["side"]) if r["unit_id"] == unit["unit_id"]]
    reach = {r["space_id"]: r for r in rows if r["legal"]}
    if dest not in reach or dest == unit["space_id"]:
        raise _refusal(game, unit, dest, [r for r in rows if r["space_id"] == dest and not r["legal"]])
    path = _path(reach, unit["space_id"], dest)
    cost = reach[dest]["cost"]
    game.log(
        Event(
            "move",
            side=action.side,
            unit_id=unit["unit_id"],
            from_space=unit["space_id"],
            to_space=dest,
            rule="5.0",
            payload={"path": path, "cost": cost},
        )
    )
    stopped = dest in {z["space_id"] for z in game.rules.run("enemy-zoc", side=unit["side"])}
    left = 0 if stopped else unit["mp"] - cost  # 4.0 entering an enemy ZOC ends the move
    game.set("unit_state", {"unit_id": unit["unit_id"]}, space_id=dest, moved=True, mp=left)
    entered(game, unit, path[1:])


def entered(game, unit: dict[str, Any], spaces: list[str]) -> None:
    """What entering hexes does: fortresses fall to the Western Allies (6.83); Berlin falls (12.22)."""
    destroyers = ("WA", "SOV") if "soviet-destroys-fortress" in game.options else ("WA",)
    if unit["side"] in destroyers:
        for fort in game.rows(
            "SELECT space_id FROM bfg_fortress WHERE game_id = ? AND NOT destroyed AND list_contains(?, space_id)",
            [game.game_id, spaces],
        ):
            game.set("bfg_fortress", {"space_id": fort["space_id"]}, destroyed=True)
            game.log(
                Event(
                    "fortress",
                    side=unit["side"],
                    unit_id=unit["unit_id"],
                    to_space=fort["space_id"],
                    rule="6.83",
                    purpose="fortress destroyed by Western Allied entry",
                )
            )
    if unit["side"] in ("WA", "SOV") and game.one(
        "SELECT count(*) FROM space WHERE game_id = ? AND zone = 'B' AND list_contains(?, space_id)",
        [game.game_id, spaces],
    ):
        state = game.rows("SELECT * FROM bfg_state WHERE game_id = ?", [game.game_id])[0]
        column = "wa_berlin_turn" if unit["side"] == "WA" else "sov_berlin_turn"
        changes = {} if state[column] else {column: game.clock.turn}
        if not state["berlin_entered_by"]:
            changes.update(berlin_entered_by=unit["side"], berlin_entered_turn=game.clock.turn)
            game.log(
                Event(
                    "berlin",
                    side=unit["side"],
                    unit_id=unit["unit_id"],
                    rule="12.22",
                    purpose=f"Berlin falls to {unit['side']}",
                )
            )
        if changes:
            game.set("bfg_state", {}, **changes)


def _check_may_move(game, unit: dict[str, Any]) -> None:
    step = game.step
    if unit["side"] not in step.acting:
        raise game.violation(f"{label(unit)} is {unit['side']}: it does not move in the {step.title}", "3.0")
    if unit["space_kind"] == "box":
        raise game.violation(f"{label(unit)} is off the map in {unit['space_id']}", "5.0")
    if unit["garrison"]:
        raise game.violation(f"{label(unit)} garrisons {unit['garrison']} and may not move", "10.3")
    if unit["frozen"]:
        raise game.violation(f"{label(unit)} was placed in an enemy ZOC and may not move this phase", "7.26")
    if unit["mp"] <= 0:
        reason = "has used its movement points" if unit["moved"] else "has no movement points this phase"
        raise game.violation(f"{label(unit)} {reason}", "5.0")


def _path(reach: dict[str, dict[str, Any]], start: str, dest: str) -> list[str]:
    path = [dest]
    while path[-1] != start:
        path.append(reach[path[-1]]["path_via"])
    return path[::-1]


def _refusal(game, unit: dict[str, Any], dest: str, refusals: list[dict[str, Any]]):
    """Why ``unit`` cannot reach ``dest``: the refusal row of the same reach query."""
    if refusals:
        first = refusals[0]
        return game.violation(
            f"{label(unit)} cannot enter {dest}: {first['reason']}", first["rule"], refusals
        )
    return game.violation(f"{label(unit)} cannot reach {dest} this phase: beyond its {unit['mp']} MP", "5.0")
