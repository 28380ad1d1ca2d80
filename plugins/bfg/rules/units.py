"""Looking up units and their state, shared by the rule modules."""

from __future__ import annotations

from typing import Any

from phaseline import UnknownName

STATE = """SELECT s.unit_id, s.space_id, s.side, s.status, s.mp, s.moved, s.attacked, s.defended,
                  b.mp_factor, b.frozen, b.garrison
           FROM unit_state s JOIN bfg_unit b USING (game_id, unit_id)
           WHERE s.game_id = ?"""


def unit_row(game, unit_id: str) -> dict[str, Any]:
    """A unit with its printed values, state and BfG state; UnknownName if there is none."""
    return units_named(game, [unit_id])[0]


def units_named(game, unit_ids: list[str]) -> list[dict[str, Any]]:
    """The units named (in any case), as :func:`unit_row` gives them, in one query."""
    printed = game.static("unit", "unit_id")
    by_upper = {u.upper(): u for u in printed}
    known = [unit_id if unit_id in printed else by_upper.get(unit_id.upper()) for unit_id in unit_ids]
    for name, unit_id in zip(unit_ids, known, strict=True):
        if unit_id is None:
            raise UnknownName(f"no unit {name!r} in this match")
    rows = game.rows(STATE + " AND list_contains(?, s.unit_id)", [game.game_id, known])
    found = {row["unit_id"]: _with_state(game, row) for row in rows}
    return [found[unit_id] for unit_id in known]


def all_units(game) -> dict[str, dict[str, Any]]:
    """Every unit in play, as :func:`unit_row` gives them, in one query."""
    return {row["unit_id"]: _with_state(game, row) for row in game.rows(STATE, [game.game_id])}


def _with_state(game, state: dict[str, Any]) -> dict[str, Any]:
    """The unit's printed values (static) with its state and the zone, region and kind of its space."""
    space = game.static("space", "space_id")[state["space_id"]]
    return {
        **game.static("unit", "unit_id")[state["unit_id"]],
        **state,
        "zone": space["zone"],
        "region": space["region"],
        "space_kind": space["kind"],
    }


def units_in(game, space_ids: list[str]) -> list[dict[str, Any]]:
    """Units standing in ``space_ids``."""
    return game.rows(
        """SELECT u.unit_id, u.attack, u.defense, u.movement, u.size, u.nationality, s.side, s.space_id,
                  s.defended, s.attacked, b.garrison
           FROM unit u JOIN unit_state s USING (game_id, unit_id) JOIN bfg_unit b USING (game_id, unit_id)
           WHERE u.game_id = ? AND list_contains(?, s.space_id) ORDER BY u.unit_id""",
        [game.game_id, space_ids],
    )


def label(unit: dict[str, Any]) -> str:
    """'US-XV (4-8-6)': how refusals name a unit."""
    return f"{unit['unit_id']} ({unit['attack']}-{unit['defense']}-{unit['movement']})"


def require_space(game, space_id: str) -> dict[str, Any]:
    space = game.static("space", "space_id").get(space_id)
    if space is None:
        raise UnknownName(f"no hex {space_id!r} on this map")
    return space
