"""A side no player plays (``ScenarioInfo.played_by_rules``): the game's rules choose its actions,
as Fleet Commander: Nimitz's procedures play the Japanese. Nobody may be seated there."""

from __future__ import annotations

import pytest
from phaseline import Action, InvalidOrder, Match, RuleViolation, Store
from phaseline.bots import run_bots
from phaseline.render.fair import seat_lines
from phaseline.replay import verify
from rules_support import ruled_registry


def test_the_rules_play_their_side_when_its_turn_comes_and_say_so_in_the_log(store):
    registry = ruled_registry()
    match = Match.create(store, registry, "toy", "skirmish", seed=3)
    assert match.controller("blue") == "rules"
    match.play(Action("end"))  # red's step is over: blue's comes, and nobody types for it
    run_bots(match, registry)
    assert match.waiting_on()[0] == "red"
    by = {r["by"] for r in match.rows("SELECT payload->>'by' AS by FROM event WHERE kind = 'action' AND side = 'blue'")}
    assert by == {"rules"}


@pytest.mark.parametrize(
    ("seed", "dice"), [pytest.param(3, "the known seed", id="known-seed"), pytest.param(None, "drawn as", id="secret")]
)
def test_status_says_the_rules_play_their_side(store, seed, dice):
    match = Match.create(store, ruled_registry(), "toy", "skirmish", seed=seed)
    lines = seat_lines(match)
    assert lines["seat blue"].startswith(f"the game's rules play blue: dice {dice}")
    assert "(you)" in lines["seat blue"] and "commitment" not in lines["seat blue"]
    assert lines["seat red"].startswith("player (you), dice commitment")


def test_nobody_may_act_for_a_side_the_rules_play(store):
    registry = ruled_registry()
    match = Match.create(store, registry, "toy", "skirmish", seed=3)
    match.play(Action("end"))
    with pytest.raises(RuleViolation, match="no one plays blue: the game's rules do"):
        match.play(Action("end"))


@pytest.mark.parametrize(
    ("controllers", "open_seats", "given"),
    [
        pytest.param({"blue": "bot:random"}, (), "a bot", id="a-bot"),
        pytest.param({}, ("blue",), "another player", id="a-player"),
    ],
)
def test_a_side_the_rules_play_takes_no_bot_and_no_player(controllers, open_seats, given):
    with Store.open(":memory:") as store:
        with pytest.raises(InvalidOrder, match=f"blue cannot be given to {given}"):
            Match.create(
                store, ruled_registry(), "toy", "skirmish", seed=3, controllers=controllers, open_seats=open_seats
            )
        assert store.one("SELECT count(*) FROM match") == 0  # refused before anything is written


def test_a_bot_against_the_rules_plays_to_the_end_and_replays_exactly(store):
    registry = ruled_registry()
    match = Match.create(store, registry, "toy", "skirmish", seed=5, controllers={"red": "bot:random"})
    run_bots(match, registry, controllers={"red": "bot:random", "blue": "bot:random"})  # blue stays the rules'
    assert match.finished
    assert verify(store, registry, match.match_id) > 0
    assert not match.rows("SELECT 1 FROM event WHERE side = 'blue' AND payload->>'by' = 'bot:random'")
