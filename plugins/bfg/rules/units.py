"""Looking up units and their state, shared by the rule modules."""

from __future__ import annotations

from typing import Any

from phaseline import UnknownName

UNITS = """SELECT u.*, s.space_id, s.side, s.status, s.mp, s.moved, s.attacked, s.defended,
                  b.mp_factor, b.frozen, b.garrison, sp.zone, sp.region, sp.kind AS space_kind
           FROM unit u JOIN unit_state s USING (game_id, unit_id)
           JOIN bfg_unit b USING (game_id, unit_id)
           JOIN space sp ON sp.game_id = s.game_id AND sp.space_id = s.space_id
           WHERE u.game_id = ?"""


def unit_row(game, unit_id: str) -> dict[str, Any]:
    """A unit with its printed values, state and BfG state; UnknownName if there is none."""
    rows = game.rows(UNITS + " AND upper(u.unit_id) = upper(?)", [game.game_id, unit_id])
    if not rows:
        raise UnknownName(f"no unit {unit_id!r} in this match")
    return rows[0]


def all_units(game) -> dict[str, dict[str, Any]]:
    """Every unit in play, as :func:`unit_row` gives them, in one query."""
    return {row["unit_id"]: row for row in game.rows(UNITS, [game.game_id])}


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
    rows = game.rows("SELECT * FROM space WHERE game_id = ? AND space_id = ?", [game.game_id, space_id])
    if not rows:
        raise UnknownName(f"no hex {space_id!r} on this map")
    return rows[0]
