"""Steps of the sequence of play: a step whose side has nothing to do passes by itself unless it
``waits`` (a player's phase he wants to see), and an order typed in another step than its own cites
the step it belongs to and the game's ``sequence_rule`` (the rule that fixes the steps' order)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from phaseline import Action, Game, RuleViolation, Step, hookimpl
from phaseline.plugins import Registry
from toygame import ToyGame, toy_info


class Mustering(ToyGame):
    """Each turn opens with red's muster step, in which red can do nothing (``muster`` has no target)."""

    def __init__(self, *, waits: bool) -> None:
        self.waits = waits

    @hookimpl
    def phaseline_sequence(self, game, turn):
        muster = Step("red-muster", "muster", "red", "red muster", "T5", ("muster",), waits=self.waits)
        return [muster, *super().phaseline_sequence(game, turn)]

    @hookimpl
    def phaseline_legal_actions(self, game, side):
        return [] if game.step.name == "red-muster" else super().phaseline_legal_actions(game, side)


def match(store, plugin: ToyGame, **info) -> Game:
    registry = Registry()
    registry.games["toy"] = replace(toy_info(), plugin=plugin, **info)
    return Game.create(store, registry, "toy", "skirmish", seed=1)


def test_a_step_with_nothing_to_do_passes_by_itself(store):
    game = match(store, Mustering(waits=False))
    assert game.clock.step == "red-move"
    assert (
        game.one(
            "SELECT count(*) FROM event WHERE game_id = ? AND purpose = 'nothing to do in red-muster'", [game.game_id]
        )
        == 1
    )


def test_a_step_that_waits_stands_until_its_side_ends_it(store):
    game = match(store, Mustering(waits=True))
    assert game.clock.step == "red-muster"
    assert [str(a) for a in game.legal_actions()] == ["end"]
    game.play(Action("end"))
    assert game.clock.step == "red-move"


def test_an_order_of_another_step_names_it_and_cites_the_steps_own_rule(store):
    game = match(store, Mustering(waits=True))
    with pytest.raises(
        RuleViolation, match=r"'move' is an order of the red movement, not of the red muster"
    ) as refused:
        game.play(Action("move", ("R1", "10")))
    assert refused.value.rule == "T5"


def test_an_order_of_another_step_cites_the_games_sequence_rule(store):
    game = match(store, Mustering(waits=True), sequence_rule="T0")
    with pytest.raises(RuleViolation) as refused:
        game.play(Action("move", ("R1", "10")))
    assert refused.value.rule == "T0"
    with pytest.raises(RuleViolation, match=r"'dig' is not an order of the red muster") as unknown:
        game.play(Action("dig", ("R1",)))
    assert unknown.value.rule == "T0"


def test_an_order_only_the_games_rules_play_is_refused_to_a_player(store):
    game = match(store, Mustering(waits=False), rules_verbs=frozenset({"muster"}))
    with pytest.raises(
        RuleViolation, match="'muster' is an order of the game's own rules: no player types it"
    ) as refused:
        game.play(Action("muster", ("R1",)))
    assert refused.value.rule == "seats"
