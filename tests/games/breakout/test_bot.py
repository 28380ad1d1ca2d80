"""The Breakout: Normandy heuristic bot on small positions: bridges, attack odds, purchases."""

from __future__ import annotations

from games.breakout.position import new_match
from phaseline import Action
from phaseline.games.breakout.bot import HeuristicBot
from phaseline.games.breakout.bot_goals import Worth
from phaseline.games.breakout.bot_impulse import best_push
from phaseline.games.breakout.bot_refit import choose_refit
from phaseline.games.breakout.rules.board import board

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


def _allied_to_move(game) -> None:
    game.play(Action("pass", (), "german"))
    assert game.waiting_on()[0] == "allied"


def test_20_4_the_german_bot_blows_a_bridge_the_allies_stand_ready_to_cross(tmp_path):
    game = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 2\n")
    chosen = HeuristicBot(game, "german").choose(game, "german")
    assert chosen == Action("demolish", ("BR1",), "german")


def test_20_3_the_allied_bot_seizes_a_german_bridge_toward_an_objective(tmp_path):
    units = "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 3\n"
    toward = MAP.replace("area 2 clear 1", "area 2 clear 1 vp=3")
    for position, seizes in ((MAP, False), (toward, True)):
        game = new_match(tmp_path / str(seizes), position + units)
        _allied_to_move(game)
        chosen = HeuristicBot(game, "allied").choose(game, "allied")
        assert (chosen == Action("seize", ("A1", "BR1"), "allied")) == seizes


def test_9_2_the_allied_bot_attacks_only_with_the_odds(tmp_path):
    """AV 3 (+1 air, 9.2) against a Fresh 6-defence unit on TEM 3 is no attack; against Dis2 it is."""
    strong = MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-6-2/2 3\n"
    weak = MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-6-2/2 3 Dis2\n"
    for position, attacks in ((strong, False), (weak, True)):
        game = new_match(tmp_path / str(attacks), position)
        _allied_to_move(game)
        b = board(game)
        moves = [a for a in game.legal_actions("allied") if a.verb == "move"]
        push = best_push(game, b, "allied", moves, Worth(b, "allied", {"3": 2}))
        assert (push is not None and push.target == "3") == attacks


def test_12_53_the_allies_buy_a_longer_day_and_the_germans_a_shorter_one(tmp_path):
    game = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\n")
    for side, best in (("allied", "-2"), ("german", "2")):
        buys = [Action("buy", (n,), side) for n in ("1", "-1", "2", "-2")]
        assert choose_refit(game, side, {"buy": buys}) == Action("buy", (best,), side)
