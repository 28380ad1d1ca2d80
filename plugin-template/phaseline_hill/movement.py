"""Movement (3.1, 3.2, 3.5) through the engine's shared rule query ``movement-reach``.

The game writes no path-finding of its own: it gives the query its data (the terrain
costs of data/terrain.csv, who is whose enemy, the rule numbers of the query's topics,
each unit's movement points) and reads back every unit's reach in one question. A refusal
quotes the query's reason and rule; a move logs its path, cost and points left, which
phaseline prints as the order's echo (``N1 22→12: 1 MP, 1 left``).
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event, InvalidOrder, UnknownName

# The rule numbers movement-reach cites for its topics (docs/game-api.md, "Using the shared
# rule queries"): without a row the query names the topic itself.
RULE_REFS = {
    "move.cost": "3.1",
    "move.prohibited": "3.1",
    "move.enemy-occupied": "3.2",
    "zoc.stop": "3.5",
    "zoc.leave": "3.5",
    "zoc.to-zoc": "3.5",
}


def load_movement_data(match: Any, terrain_rows: list[Any]) -> None:
    """The static data the query reads: terrain costs and rule numbers (at load time, through ``con``)."""
    for row in terrain_rows:
        match.con.execute(
            "INSERT INTO terrain_cost (match_id, terrain, cost, provenance, source) VALUES (?, ?, ?, ?, ?)",
            [match.match_id, row["terrain"], row.int("cost"), row["provenance"], row["source"]],
        )
    match.con.executemany(
        "INSERT INTO rule_ref (match_id, topic, rule) VALUES (?, ?, ?)",
        [[match.match_id, topic, rule] for topic, rule in RULE_REFS.items()],
    )


def set_enemies(match: Any, sides: tuple[str, str]) -> None:
    """3.5 each side is the other's enemy: it may not enter its hexes and stops beside it (hostility, state)."""
    for side, enemy in (sides, sides[::-1]):
        match.insert("hostility", {"side": side, "enemy": enemy, "may_attack": True, "exerts_zoc": True})


def legal_moves(match: Any, side: str) -> list[Action]:
    """3.1 every hex each unit of ``side`` can reach now: one question for the whole side."""
    rows = match.rules.run("movement-reach", side=side)
    return [Action("move", (r["unit_id"], r["space_id"]), side) for r in rows if r["legal"] and r["cost"] > 0]


def move(match: Any, side: str, args: tuple[str, ...]) -> None:
    """``move UNIT HEX [UNIT HEX ...]``: each pair in turn, each unit from where the last pair left it."""
    if not args or len(args) % 2:
        raise InvalidOrder("move takes pairs of a unit and a hex: move UNIT HEX [UNIT HEX ...], e.g. 'move N1 12'")
    for unit, target in zip(args[::2], args[1::2], strict=True):
        move_unit(match, side, unit, target)


def move_unit(match: Any, side: str, unit: str, target: str) -> None:
    """One unit's move along its cheapest path, refused with the query's reason and rule."""
    state = match.rows_of("unit_state").get((unit,))
    if state is None or state["side"] != side:
        raise match.violation(f"{unit} is not a unit of {side}", rule="2.0")
    if not match.one("SELECT count(*) FROM space WHERE match_id = ? AND space_id = ?", [match.match_id, target]):
        raise UnknownName(f"no hex {target} on this map")  # a typo, not a move beyond reach
    rows = {r["space_id"]: r for r in match.rules.run("movement-reach", side=side, units=[unit])}
    row = rows.get(target)
    if row is None or (row["legal"] and row["cost"] == 0):  # the unit's own hex comes back at cost 0
        raise match.violation(f"{unit} cannot move to {target}: beyond its reach", rule="3.1")
    if not row["legal"]:
        raise match.violation(f"{unit} cannot move to {target}: {row['reason']}", rule=row["rule"])
    stopped = row["by_unit"] is not None  # 3.5 the row names the enemy whose ZOC ends the move
    left = 0 if stopped else state["mp"] - row["cost"]
    zoc = {"stopped_by": row["by_unit"], "stopped_rule": "3.5"} if stopped else {}
    match.log(
        Event(
            "move", side=side, unit_id=unit, from_space=state["space_id"], to_space=target, rule="3.1",
            payload={"path": path_to(rows, target), "cost": row["cost"], "mp_left": left, **zoc},
        )
    )  # fmt: skip
    match.set_known("unit_state", {"unit_id": unit}, state, space_id=target, mp=left)


def path_to(rows: dict[str, dict[str, Any]], target: str) -> list[str]:
    """The hexes from the unit's own to ``target``, following each legal row's ``path_via``."""
    path = [target]
    while (via := rows[path[-1]]["path_via"]) is not None:
        path.append(via)
    return path[::-1]
