"""10.0 the combat phase: a battle at every point holding units of both sides, one point at a time,
in the order the player chooses (``battle POINT``); the phase may not end while such a point is left.
The battle itself (10.1-10.17) is rules/battle/'s."""

from __future__ import annotations

from phaseline import Action
from phaseline.errors import InvalidOrder

from . import battle, sql
from .state import US
from .units import point_named


def contested(game) -> list[dict]:
    """The points holding units of both sides (one query: fcn-contested)."""
    return sql.run(game, "fcn-contested")


def battle_at(game, action: Action) -> None:
    """``battle POINT``: the next battle, at a point holding units of both sides (10.0)."""
    if len(action.args) != 1:
        raise InvalidOrder("battle takes POINT")
    point = point_named(game, action.args[0])
    if point not in {row["point_id"] for row in contested(game)}:
        raise game.violation(f"no battle at {point}: it does not hold units of both sides", rule="10.0")
    battle.begin(game, point)


def legal_actions(game) -> list[Action]:
    return [Action("battle", (row["point_id"],), US) for row in contested(game)]


def end_refusal(game):
    """10.0 every point holding units of both sides must have its battle first."""
    left = contested(game)
    if not left:
        return None
    return game.violation(
        f"a battle must be fought at {', '.join(r['point_id'] for r in left)} first (battle POINT)",
        rule="10.0",
        evidence=[{"point_id": r["point_id"], "us_units": r["us_units"], "jp_units": r["jp_units"]} for r in left],
    )
