"""Breakout: Normandy played end to end by bots: invariants after every action, and replay."""

from __future__ import annotations

import pytest
from phaseline import Game, Store
from phaseline.bots import run_bots
from phaseline.games.breakout.rules.board import board
from phaseline.plugins import registry
from phaseline.replay import verify


def _invariants(game) -> None:
    b = board(game)
    for space, area in b.areas.items():
        for side in ("german", "allied"):
            if not area.is_zone:  # 7.1: ten units per side per area
                assert area.count(side) <= 10, (space, side)
        sides = [s for s in ("german", "allied") if area.units[s]]
        if len(sides) == 1 and not area.is_box:  # 7.3: alone means in control
            assert area.controlled_by(sides[0]), (space, area.controller, sides)


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_6_1_bots_play_d_day_to_the_end(bot):
    reg = registry()
    store = Store.open(":memory:")
    game = Game.create(
        store, reg, "breakout-normandy", "d-day", seed=11,
        controllers={"german": f"bot:{bot}", "allied": f"bot:{bot}"},
    )
    played = run_bots(game, reg, max_actions=2000, progress=_invariants)
    assert game.finished and 0 < played < 2000
    assert game.clock.result and "22.2" in game.clock.result
    assert verify(store, reg, game.game_id) > 0  # the finished match replays exactly
