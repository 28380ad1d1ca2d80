"""The Breakout: Normandy heuristic bot on small positions: bridges, attack odds, purchases,
rerolls with the Advantage and approach boxes."""

from __future__ import annotations

import pytest
from games.breakout.position import new_match, script_dice
from phaseline import Action, Event
from phaseline.games.breakout.bot import HeuristicBot
from phaseline.games.breakout.bot_answers import JUDGES, reroll_wanted
from phaseline.games.breakout.bot_goals import Worth
from phaseline.games.breakout.bot_impulse import best_push
from phaseline.games.breakout.bot_refit import choose_refit
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.day import dawn
from phaseline.games.breakout.rules.rerolls import FOLLOWS

# 1 Allied (US), 2 and 3 German; a German river bridge BR1 between 1 and 2, 3 a VP area of TEM 3.
MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 3 vp=2
border 1-2 river
bridge BR1 1-2 german
border 1-3
control 1 US
"""


def _allied_to_move(match) -> None:
    match.play(Action("pass", (), "german"))
    assert match.waiting_on()[0] == "allied"


def test_20_4_the_german_bot_blows_a_bridge_the_allies_stand_ready_to_cross(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 2\n")
    chosen = HeuristicBot(match, "german").choose(match, "german")
    assert chosen == Action("demolish", ("BR1",), "german")


def test_20_3_the_allied_bot_seizes_a_german_bridge_toward_an_objective(tmp_path):
    units = "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 3\n"
    toward = MAP.replace("area 2 clear 1", "area 2 clear 1 vp=3")
    for position, seizes in ((MAP, False), (toward, True)):
        match = new_match(tmp_path / str(seizes), position + units)
        _allied_to_move(match)
        chosen = HeuristicBot(match, "allied").choose(match, "allied")
        assert (chosen == Action("seize", ("A1", "BR1"), "allied")) == seizes


def test_9_2_the_allied_bot_attacks_only_with_the_odds(tmp_path):
    """AV 3 (+1 air, 9.2) against a Fresh 6-defence unit on TEM 3 is no attack; against Dis2 it is."""
    strong = MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-6-2/2 3\n"
    weak = MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-6-2/2 3 Dis2\n"
    for position, attacks in ((strong, False), (weak, True)):
        match = new_match(tmp_path / str(attacks), position)
        _allied_to_move(match)
        b = board(match)
        moves = [a for a in match.legal_actions("allied") if a.verb == "move"]
        push = best_push(match, b, "allied", moves, Worth(b, "allied", {"3": 2}))
        assert (push is not None and push.target == "3") == attacks


def test_8_54_the_allied_bot_clears_a_contested_objective_from_within_only_with_the_odds(tmp_path):
    """Two Allied units share VP area 3 with a German unit: they attack in place if Dis2, not if Fresh."""
    allies = "unit A1 allied US infantry 3-4-3/2 3\nunit A2 allied US infantry 3-4-3/2 3\n"
    for status, attacks in (("", False), (" Dis2", True)):
        match = new_match(tmp_path / str(attacks), MAP + allies + f"unit G1 german DE infantry 2-6-2/2 3{status}\n")
        _allied_to_move(match)
        chosen = HeuristicBot(match, "allied").choose(match, "allied")
        assert (chosen == Action("attack", ("3",), "allied")) == attacks


def test_12_53_the_allies_buy_a_longer_day_and_the_germans_a_shorter_one(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\n")
    for side, best in (("allied", "-2"), ("german", "2")):
        buys = [Action("buy", (n,), side) for n in ("1", "-1", "2", "-2")]
        assert choose_refit(match, side, {"buy": buys}) == Action("buy", (best,), side)


# === ANSWERS: REROLLS WITH THE ADVANTAGE (11.6) AND APPROACH BOXES (19.5, 3.5) ====================

COAST = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 5 clear 1
area 6 clear 1
area ZA zone
area B2 sea
area B5 sea
area OFFSHORE sea
border 1-2
border 2-3
border 1-5
border 5-6
border 1-ZA arrow
border 2-B2 landing
border 5-B5 landing
border B2-OFFSHORE sea
border B5-OFFSHORE sea
bridge BR1 2-3 german
beach Omaha 2 box=B2 nat=US
beach Utah 5 box=B5 nat=US
unit A1 allied US infantry 3-4-3/2 1
control 1 US
control 2 US
control 5 US
turn 2 1944-06-07 1 Clear
turn 3 1944-06-08 1 Clear
"""


def _holder(match, side: str, impulse: int = 0) -> None:
    with match.store.transaction():
        match.log(Event("note", purpose=f"test position: impulse {impulse}, {side} holds the Advantage"))
        match.set("bkn_day", {}, impulse=impulse, advantage=side, advantage_start=side)


def _answer(match) -> str:
    decision = match.open_decision()
    assert decision is not None and decision["kind"] == "other-reroll"
    return HeuristicBot(match, decision["side"]).choose(match, decision["side"]).args[0]


def _sunset_alone(tmp_path, monkeypatch, holder: str, impulse: int, dice: list[int], position: str = COAST):
    match = new_match(tmp_path, position)
    _holder(match, holder, impulse)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, dice)
    match.play(Action("move", ("A1", "5"), "allied"))
    match.play(Action("end", (), "allied"))
    return match


@pytest.mark.parametrize(
    ("holder", "impulse", "dice", "answer"),
    [
        pytest.param("allied", 3, [1, 1], "reroll", id="6.3-the-allies-reroll-a-sunset-dr-that-ends-the-day"),
        pytest.param("allied", 3, [6, 6], "keep", id="6.3-the-allies-keep-one-that-goes-on"),
        pytest.param("german", 6, [6, 6], "reroll", id="6.3-the-germans-reroll-one-that-prolongs-a-late-day"),
        pytest.param("german", 3, [6, 6], "keep", id="6.3-the-germans-keep-it-when-a-reroll-would-hardly-end-it"),
        pytest.param("german", 6, [1, 1], "keep", id="6.3-the-germans-keep-one-that-ends-the-day"),
    ],
)
def test_11_6_the_bot_rerolls_the_sunset_dr_that_hurts_it(tmp_path, monkeypatch, holder, impulse, dice, answer):
    match = _sunset_alone(tmp_path, monkeypatch, holder, impulse, dice)
    assert _answer(match) == answer


def test_22_3_on_the_week_s_last_day_the_allies_keep_the_advantage(tmp_path, monkeypatch):
    """The same Sunset DR the Allies reroll on a day that is not the last (above): kept, the Advantage is a VP."""
    last_day = COAST.replace("turn 2 1944-06-07 1 Clear\n", "").replace("turn 3 1944-06-08 1 Clear\n", "")
    match = _sunset_alone(tmp_path, monkeypatch, "allied", 3, [1, 1], last_day)
    assert match.clock.turn == match.last_turn and _answer(match) == "keep"


@pytest.mark.parametrize(
    ("holder", "die", "answer"),
    [
        pytest.param("allied", 1, "reroll", id="20.3-the-roller-rerolls-a-failed-seizure"),
        pytest.param("allied", 6, "keep", id="20.3-the-roller-keeps-a-success"),
        pytest.param("german", 6, "reroll", id="20.3-the-opponent-rerolls-a-successful-seizure"),
        pytest.param("german", 1, "keep", id="20.3-the-opponent-keeps-a-failure"),
    ],
)
def test_11_6_the_bot_rerolls_a_bridge_dr_that_hurts_it(tmp_path, monkeypatch, holder, die, answer):
    units = "unit A9 allied US infantry 3-4-3/2 2\nunit G1 german DE infantry 2-3-2/2 3\n"
    match = new_match(tmp_path, COAST + units)
    _holder(match, holder)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [die])  # dr + 3 from a free area - 1 Fresh G1: 7 needs a 5
    match.play(Action("seize", ("A9", "BR1"), "allied"))
    assert _answer(match) == answer


@pytest.mark.parametrize(
    ("holder", "batteries", "die", "answer"),
    [
        pytest.param("allied", 1, 1, "reroll", id="19.4-the-allies-reroll-an-interdicted-lander"),
        pytest.param("allied", 1, 6, "keep", id="19.4-the-allies-keep-a-lander-unhurt"),
        pytest.param("german", 2, 6, "reroll", id="19.4-the-germans-reroll-a-miss-against-iv-2"),
        pytest.param("german", 1, 6, "keep", id="19.4-the-germans-keep-a-miss-when-iv-1-gives-little-hope"),
    ],
)
def test_11_6_the_bot_rerolls_an_interdiction_dr_that_hurts_it(tmp_path, monkeypatch, holder, batteries, die, answer):
    guns = "".join(f"unit C{i} german DE coastal 0-2-0/1 3\n" for i in range(batteries))
    match = new_match(tmp_path, COAST + guns + "unit L1 allied US infantry 3-4-3/2 B2\n")
    _holder(match, holder)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [die])
    match.play(Action("land", ("Omaha", "L1"), "allied"))
    assert _answer(match) == answer


@pytest.mark.parametrize(
    ("then", "context", "die", "side", "answer"),
    [
        pytest.param("storm", {"completed": 2}, 1, "allied", "reroll", id="24.5-the-allies-reroll-a-storm"),
        pytest.param("storm", {"completed": 2}, 5, "german", "reroll", id="24.5-the-germans-reroll-no-storm"),
        pytest.param("storm", {"completed": 1}, 5, "german", "keep", id="24.5-but-not-when-a-storm-is-unlikely"),
        pytest.param(
            "mulberry", {"pending": [["Omaha", "B", 4]]}, 3, "allied", "reroll", id="24.6-the-allies-save-a-mulberry"
        ),
        pytest.param(
            "mulberry", {"pending": [["Omaha", "B", 4]]}, 6, "german", "reroll", id="24.6-the-germans-sink-one"
        ),
    ],
)
def test_11_6_the_bot_rerolls_the_weather_that_hurts_it(tmp_path, then, context, die, side, answer):
    match = new_match(tmp_path, COAST)
    payload = {"then": then, "context": context, "die": die, "roll": {"dice": 1}}
    assert ("reroll" if reroll_wanted(match, side, payload) else "keep") == answer


@pytest.mark.parametrize(
    ("germans", "box"),
    [
        pytest.param("3", "B5", id="3.5-away-from-the-germans-next-to-omaha"),
        pytest.param("6", "B2", id="3.5-away-from-the-germans-next-to-utah"),
    ],
)
def test_3_5_the_allied_bot_sends_an_offshore_unit_to_the_least_defended_beach(tmp_path, germans, box):
    enemies = "".join(f"unit G{i} german DE infantry 2-3-2/2 {germans}\n" for i in range(3))
    match = new_match(tmp_path, COAST + enemies + "unit L1 allied US infantry 3-4-3/2 OFFSHORE\n")
    with match.store.transaction():
        match.log(Event("note", purpose="test: Dawn of 8 June"))
        dawn(match, 3)
    assert match.open_decision()["kind"] == "approach-box"
    assert HeuristicBot(match, "allied").choose(match, "allied") == Action("choose", (box,), "allied")


def test_11_6_the_bot_judges_every_roll_the_advantage_may_reroll():
    assert set(JUDGES) == set(FOLLOWS)  # the rules modules register what follows each roll (rerolls.py)
