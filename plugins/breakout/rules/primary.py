"""The primary target of a bombardment (10.1, 16.1, 20.2): who takes the first attrition points.

10.1: the attacker names one unit of the target area; field artillery (a Nebelwerfer too,
16.1) only when no other type of unit is there; a Dis2 unit may be named (it absorbs none).
10.1, 20.2: a field-artillery bombardment may instead name an enemy construction marker on
a bridge on a border of the area where its primary artillery unit stands: it takes 1 AP
(10.4), lowering the construction level by one like a Spent infantry unit's step, and the
AP left go to the units of the target area as usual. The seed ties the bridge to the
artillery's area only; the ruling ``construction-primary-borders-target`` also asks the
bridge to border the target area, whose "other targets" take the AP left (20.2).
"""

from __future__ import annotations

from typing import Any

from phaseline.model import plays_ruling

from ..rulings import BORDERS_TARGET
from .board import board, enemy_of
from .bridges import construction_level


def eligible_units(defenders: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """10.1, 16.1: the units that may be named: artillery only when no other type is there."""
    others = [u for u in defenders if u["type"] != "artillery"]
    return others or defenders


def refusal(match, side: str, target: str, primary: str, artillery: list[dict[str, Any]] | None = None) -> str | None:
    """Why ``side`` may not name ``primary`` in ``target`` (None: it may); ``artillery``: the firing
    field artillery, primary unit first (None: a marker or battery fires)."""
    defenders = board(match).units_in(target, enemy_of(side))
    by_id = {u["unit_id"]: u for u in defenders}
    if primary in by_id:
        if by_id[primary] not in eligible_units(defenders):
            return f"{primary} is artillery: it is no primary target while units of other types are in {target}"
        return None
    bridge = board(match).bridges.get(primary)
    if bridge is None or construction_level(match, primary, enemy_of(side)) is None:
        return f"{primary} is neither an enemy unit in {target} nor a bridge holding an enemy construction marker"
    if not artillery:
        return "only a field-artillery bombardment may name a construction marker"
    home = artillery[0]["space_id"]
    if home not in (bridge["a"], bridge["b"]):
        return (
            f"{bridge['name']} is not on a border of {home}, where the primary artillery {artillery[0]['unit_id']} is"
        )
    if plays_ruling(match, BORDERS_TARGET) and target not in (bridge["a"], bridge["b"]):
        return f"{bridge['name']} is not on a border of the target {target} (ruling {BORDERS_TARGET})"
    return None


def is_construction(match, target: str, side: str, primary: str) -> bool:
    """The named primary is a construction marker, not a unit of ``side`` in ``target``."""
    return primary not in {u["unit_id"] for u in board(match).units_in(target, side)}
