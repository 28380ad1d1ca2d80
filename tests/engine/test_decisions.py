"""A game declares every kind of decision it asks (GameInfo.decisions), and asks no other."""

from __future__ import annotations

import dataclasses

import pytest
from phaseline.plugins import registry


def test_a_game_that_declares_its_decisions_may_ask_only_those(toy):
    toy.info = dataclasses.replace(toy.info, decisions={"retreat": "a retreat hex"})
    side = toy.info.scenario("skirmish").sides[0]
    toy.ask(side, "retreat", "where to?", ["a"], {})
    with pytest.raises(ValueError, match="does not declare: 'advance'"):
        toy.ask(side, "advance", "advance?", ["a"], {})


def test_an_optional_rule_declares_the_decisions_it_adds(toy):
    toy.info = dataclasses.replace(toy.info, decisions={"retreat": "a retreat hex"})
    toy.optional_rules = [registry().rules[("breakout-normandy", "23.2")]]
    toy.ask(toy.info.scenario("skirmish").sides[0], "bid", "your bid", ["0"], {})


@pytest.mark.parametrize("game", ["battle-for-germany", "breakout-normandy"])
def test_built_in_games_declare_their_decisions_with_the_rule_that_asks(game):
    declared = registry().game(game).decisions
    assert declared and all("(" in text and text.endswith(").") for text in declared.values())
