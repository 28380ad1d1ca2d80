"""Steps of the sequence of play: a step whose side has nothing to do passes by itself unless it
``waits`` (a player's phase he wants to see), and an order typed in another step than its own cites
the step it belongs to and the game's ``sequence_rule`` (the rule that fixes the steps' order)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from phaseline import Action, Match, RuleViolation, Step, hookimpl
from phaseline.plugins import Registry
from toygame import ToyGame, toy_info


class Mustering(ToyGame):
    """Each turn opens with red's muster step, in which red can do nothing (``muster`` has no target)."""

    def __init__(self, *, waits: bool) -> None:
        self.waits = waits

    @hookimpl
    def phaseline_sequence(self, match, turn):
        muster = Step("red-muster", "muster", "red", "red muster", "T5", ("muster",), waits=self.waits)
        return [muster, *super().phaseline_sequence(match, turn)]

    @hookimpl
    def phaseline_legal_actions(self, match, side):
        return [] if match.step.name == "red-muster" else super().phaseline_legal_actions(match, side)


def match_of(store, plugin: ToyGame, **info) -> Match:
    registry = Registry()
    registry.games["toy"] = replace(toy_info(), plugin=plugin, **info)
    return Match.create(store, registry, "toy", "skirmish", seed=1)


def test_a_step_with_nothing_to_do_passes_by_itself(store):
    match = match_of(store, Mustering(waits=False))
    assert match.clock.step == "red-move"
    assert (
        match.one(
            "SELECT count(*) FROM event WHERE match_id = ? AND purpose = 'nothing to do in red-muster'",
            [match.match_id],
        )
        == 1
    )


def test_a_step_that_waits_stands_until_its_side_ends_it(store):
    match = match_of(store, Mustering(waits=True))
    assert match.clock.step == "red-muster"
    assert [str(a) for a in match.legal_actions()] == ["end"]
    match.play(Action("end"))
    assert match.clock.step == "red-move"


def test_an_order_of_another_step_names_it_and_cites_the_steps_own_rule(store):
    match = match_of(store, Mustering(waits=True))
    with pytest.raises(
        RuleViolation, match=r"'move' is an order of the red movement, not of the red muster"
    ) as refused:
        match.play(Action("move", ("R1", "10")))
    assert refused.value.rule == "T5"


def test_an_order_of_another_step_cites_the_games_sequence_rule(store):
    match = match_of(store, Mustering(waits=True), sequence_rule="T0")
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("move", ("R1", "10")))
    assert refused.value.rule == "T0"
    with pytest.raises(RuleViolation, match=r"'dig' is not an order of the red muster") as unknown:
        match.play(Action("dig", ("R1",)))
    assert unknown.value.rule == "T0"


@pytest.mark.parametrize(("rules_side_rule", "cited"), [("", "seats"), ("1.2", "1.2")])
def test_an_order_only_the_games_rules_play_is_refused_to_a_player(store, rules_side_rule, cited):
    """The refusal cites the game's rule giving sides to its rules (GameInfo.rules_side_rule), else 'seats'."""
    match = match_of(store, Mustering(waits=False), rules_verbs=frozenset({"muster"}), rules_side_rule=rules_side_rule)
    with pytest.raises(
        RuleViolation, match="'muster' is an order of the game's own rules: no player types it"
    ) as refused:
        match.play(Action("muster", ("R1",)))
    assert refused.value.rule == cited
