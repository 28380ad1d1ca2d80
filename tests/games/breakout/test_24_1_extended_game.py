"""Breakout: Normandy 24 and 24.1: the extended game and its weekly victory check."""

from __future__ import annotations

import json

import pytest
from games.breakout.victory_position import end_the_day, scored_match
from phaseline.games.breakout.scenarios import is_extended, scenarios

MAP = """
area 1 clear 1
area 2 clear 1
border 1-2
beach Omaha 1
control 1 US
"""
VP = [("area", "2", 5)]
# 12 June ends week 1 (turn 1 here), 13 June is week 2
WEEKS = [(1, "1944-06-12", 1, 5), (2, "1944-06-13", 2, 9)]


def test_24_the_extended_scenario_runs_6_to_26_june():
    extended = scenarios()["extended"]
    assert (extended.first_turn, extended.last_turn, extended.rule) == (1, 21, "24")
    assert not scenarios()["week"].settings.get("extended")


def test_24_a_position_based_on_the_extended_game_is_extended(tmp_path):
    assert is_extended(scored_match(tmp_path, MAP, VP, turns=WEEKS, base="extended"))
    assert not is_extended(scored_match(tmp_path / "std", MAP, VP, turns=WEEKS))


@pytest.mark.parametrize(
    ("control", "winner"),
    [
        pytest.param("control 2 US\n", "allied", id="24.1-above-the-requirement-the-allies-win"),
        pytest.param("", "german", id="24.1-below-the-requirement-the-allies-lose"),
    ],
)
def test_weekly_check_ends_the_match(tmp_path, control, winner):
    # 5 VP for area 2 + 1 for the Advantage = 6 > 5; without area 2, 1 < 5
    match = scored_match(tmp_path, MAP + control, VP, turns=WEEKS, base="extended")
    end_the_day(match)
    assert match.finished and match.clock.turn == 1
    result = json.loads(match.clock.result)
    assert (result["rule"], result["winners"]) == ("24.1", [winner])


def test_24_1_equal_vp_play_on_into_the_next_week(tmp_path):
    weeks = [(1, "1944-06-12", 1, 6), (2, "1944-06-13", 2, 9)]
    match = scored_match(tmp_path, MAP + "control 2 US\n", VP, turns=weeks, base="extended")
    end_the_day(match)
    assert not match.finished and match.clock.turn == 2
    note = match.one("SELECT purpose FROM event WHERE rule = '24.1' ORDER BY seq DESC LIMIT 1", [])
    assert note == "the Allies have exactly 6 VP: play continues next week"


def test_24_1_equal_at_the_last_week_on_the_track_is_a_draw(tmp_path):
    match = scored_match(tmp_path, MAP + "control 2 US\n", VP, turns=[(1, "1944-06-12", 1, 6)], base="extended")
    end_the_day(match)
    result = json.loads(match.clock.result)
    assert result["rule"] == "24.1" and result["winners"] == []
    assert result["summary"].startswith("a draw: the Allies have exactly the 6 on the turn record track")


def test_22_2_the_standard_game_has_no_weekly_check_before_its_end(tmp_path):
    match = scored_match(tmp_path, MAP + "control 2 US\n", VP, turns=WEEKS)
    end_the_day(match)
    assert not match.finished and match.clock.turn == 2
