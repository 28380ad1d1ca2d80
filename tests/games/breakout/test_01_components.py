"""Breakout: Normandy 1 and 2: the components as the engine holds them, and the object of the game."""

from __future__ import annotations

from games.breakout.position import new_match
from games.breakout.victory_position import scored_match
from phaseline import Action
from phaseline.games.breakout.rules.victory import final_outcome

MAP = """
area 1 clear 1
area 2 clear 1
border 1-2
control 1 US
unit A1 allied US infantry 3-4-3/2 1
unit G1 german DE infantry 2-3-2/1 2
"""


def test_1_each_player_rolls_their_own_two_six_sided_dice(tmp_path):
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("attack", ("2",), "allied"))
    rolls = match.rows("SELECT side, die, payload FROM event WHERE kind = 'roll' AND rule = '9.11' ORDER BY seq", [])
    # 1: two white dice for the German player, two coloured dice for the Allied player
    assert [r["side"] for r in rolls] == ["allied", "allied", "german", "german"]
    assert all(1 <= r["die"] <= 6 and '"sides":6' in r["payload"].replace(" ", "") for r in rolls)


def test_2_the_germans_win_by_preventing_the_allied_victory(tmp_path):
    outcome = final_outcome(new_match(tmp_path, MAP))
    assert outcome.winners == ("german",) and outcome.rule == "22.2"


def test_2_the_allies_win_by_vp_at_the_end_of_the_week(tmp_path):
    match = scored_match(tmp_path, MAP, [], turns=[(1, "1944-06-12", 1, 1)])
    outcome = final_outcome(match)  # the Advantage alone is 1 VP (22.3)
    assert outcome.winners == ("allied",) and "need 1 on the turn record track" in outcome.summary
