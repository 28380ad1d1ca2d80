"""The bot's Refit phase (12): air supply, depots where the damaged units are, refits,
night repairs toward the objectives, and impulse purchases (12.53).

The legal list already orders depot areas and air supply by the damaged units they
serve, and refits cheapest first; the bot adds where an Allied beach depot should go
and which way to buy: the Allies buy a longer day (tomorrow starts earlier on the track),
the Germans a shorter one (6.3: sunset comes when the DR falls below the impulse).
"""

from __future__ import annotations

from phaseline import Action

from .rules import supply
from .rules.board import Board, board, national_group
from .rules.supply import UP
from .scenarios import ALLIED

ORDER = ("topup", "airsupply", "depot", "refit", "repair", "buy")


def choose_refit(match, side: str, by_verb: dict[str, list[Action]]) -> Action | None:
    b = board(match)
    for verb in ORDER:
        acts = by_verb.get(verb, [])
        if verb == "depot" and side == ALLIED:
            acts = _inland_depots(match, b, acts)
        elif verb == "depot":  # 12.6: units in a German zone refit without one
            acts = [act for act in acts if not b.areas[act.args[0]].is_zone]
        if verb == "buy":
            acts = sorted(acts, key=lambda a: int(a.args[0]), reverse=side != ALLIED)[:1]
        if acts:
            return acts[0]
    return None


def _inland_depots(match, b: Board, moves: list[Action]) -> list[Action]:
    """12.7: move a beach depot to the area with more damaged units of its nation around it
    than its beach has (the move is optional)."""
    depots = {d["depot_id"]: d for d in supply.depots(match, ALLIED)}
    better = []
    for act in moves:
        depot = depots[act.args[0]]
        gain = _damaged_near(b, act.args[1], depot["nationality"]) - _damaged_near(
            b, depot["space_id"], depot["nationality"]
        )
        if gain > 0:
            better.append((gain, act))
    return [act for _, act in sorted(better, key=lambda g: (-g[0], g[1].args))]


def _damaged_near(b: Board, space: str, nation: str) -> int:
    """Damaged units of ``nation`` (12.7: a depot refits its own nation only) in or next to ``space``."""
    near = [space, *b.neighbours(space)]
    return sum(
        1
        for s in near
        if s in b.areas
        for u in b.units_in(s, ALLIED)
        if u["status"] in UP and national_group(u["nationality"]) == nation
    )
