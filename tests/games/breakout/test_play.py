"""Breakout: Normandy played end to end by bots: invariants after every action, and replay."""

from __future__ import annotations

import pytest
from phaseline import Match, Store
from phaseline.bots import run_bots
from phaseline.games.breakout.rules.board import board
from phaseline.plugins import registry
from phaseline.replay import verify


def _invariants(match) -> None:
    b = board(match)
    for space, area in b.areas.items():
        for side in ("german", "allied"):
            if not area.is_zone:  # 7.1: ten units per side per area
                assert area.count(side) <= 10, (space, side)
        sides = [s for s in ("german", "allied") if area.units[s]]
        if len(sides) == 1 and not area.is_box:  # 7.3: alone means in control
            assert area.controlled_by(sides[0]), (space, area.controller, sides)


def _match(scenario: str, bot: str):
    reg = registry()
    store = Store.open(":memory:")
    bots = {"german": f"bot:{bot}", "allied": f"bot:{bot}"}
    return reg, store, Match.create(store, reg, "breakout-normandy", scenario, seed=11, controllers=bots)


@pytest.mark.slow
def test_6_1_the_heuristic_bots_play_d_day_to_the_end():
    reg, store, match = _match("d-day", "heuristic")
    played = run_bots(match, reg, max_actions=2000, progress=_invariants)
    assert match.finished and 0 < played < 2000
    assert match.clock.result and "22.2" in match.clock.result
    assert verify(store, reg, match.match_id) > 0  # the finished match replays exactly


@pytest.mark.slow
def test_6_1_random_bots_keep_the_invariants_and_replay():
    """The random bot's D-Day, cut short: every action keeps 7.1 and 7.3 and the log replays
    (tests/test_conformance.py plays random matches with undos too)."""
    reg, store, match = _match("d-day", "random")
    played = run_bots(match, reg, max_actions=60, progress=_invariants)
    assert played == 60 and not match.finished
    assert verify(store, reg, match.match_id) > 0
