"""Shared rule queries whose answer depends only on where the units stand, whose they are
and whether they are in play: the enemy ZOC (4.0) and the stacking audit (5.3). Their
answers are kept until a unit comes, goes or changes sides (or hostility changes), so a
question asked again in a later phase with the same positions costs no query."""

from __future__ import annotations

from typing import Any

POSITION_COLUMNS = ("space_id", "side", "status")


def positions_version(game) -> tuple[Any, ...]:
    """The version of where units stand, whose they are and whether in play."""
    return game.ledger.version_of("unit_state", *POSITION_COLUMNS), game.ledger.version_of("hostility")


def enemy_zoc(game, side: str) -> list[dict[str, Any]]:
    """The ``enemy-zoc`` rows of ``side``'s enemies (4.0): the shared query's own evidence."""
    return game.derived(
        ("bfg enemy-zoc", side), positions_version(game), lambda: game.rules.run("enemy-zoc", side=side)
    )


def stacking_audit(game, force: str) -> list[dict[str, Any]]:
    """The ``stacking-audit`` rows of ``force`` (5.3): hexes over a stacking limit."""
    return game.derived(
        ("bfg stacking-audit", force), positions_version(game), lambda: game.rules.run("stacking-audit", side=force)
    )
