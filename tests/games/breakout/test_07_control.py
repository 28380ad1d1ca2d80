"""Breakout: Normandy 7: stacking, control, contested, vacant and free areas."""

from __future__ import annotations

import pytest
from games.breakout.decisions import answer_all
from games.breakout.position import new_match, script_dice
from phaseline import Action
from phaseline.games.breakout.rules.board import board

MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 2-3
control 1 US
unit A1 allied US infantry 3-4-3/2 1
unit B1 allied UK infantry 3-4-3/2 1
unit G1 german DE infantry 2-3-2/2 3
"""


def _allied(match):
    match.play(Action("pass", (), "german"))


def test_7_3_entering_a_vacant_enemy_area_takes_control_at_once(tmp_path):
    match = new_match(tmp_path, MAP)
    _allied(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    assert board(match).areas["2"].controller == "US"


def test_7_3_contesting_does_not_change_control(tmp_path):
    match = new_match(tmp_path, MAP.replace("border 2-3", "border 2-3\nborder 1-3"))
    _allied(match)
    match.play(Action("move", ("A1", "3"), "allied"))
    area = board(match).areas["3"]
    assert area.controller == "DE" and area.contested()


@pytest.mark.parametrize(
    ("space", "side", "contested", "vacant", "free"),
    [
        pytest.param("1", "allied", False, True, True, id="7.6-free-for-its-controller"),
        pytest.param("2", "allied", False, True, False, id="7.5-vacant-but-enemy-controlled"),
        pytest.param("3", "allied", False, False, False, id="7.5-enemy-occupied-is-not-vacant"),
        pytest.param("3", "german", False, True, True, id="7.6-free-for-the-germans"),
    ],
)
def test_area_states(tmp_path, space, side, contested, vacant, free):
    area = board(new_match(tmp_path, MAP)).areas[space]
    assert (area.contested(), area.vacant(side), area.free(side)) == (contested, vacant, free)


def test_7_4_both_sides_present_is_contested(tmp_path):
    text = MAP + "unit A2 allied US infantry 3-4-3/2 3\n"
    area = board(new_match(tmp_path, text)).areas["3"]
    assert area.contested() and not area.vacant("allied") and not area.vacant("german")


def test_4_6_the_text_map_shows_control_contested_and_conditions(tmp_path):
    from phaseline.render.areamap import area_rows
    from phaseline.render.mapview import prepare_map

    view = prepare_map(new_match(tmp_path, MAP + "unit A2 allied US infantry 3-4-3/2 3 Spent\n"))
    rows = {row["space"]: row for row in area_rows(view)}
    assert "impulse 0" in view.legend["day"] and rows["3"]["state"] == "contested"
    assert "A2 2 S" in rows["3"]["units"] and rows["1"]["control"] == "US"


TIE = """
area 1 clear 1
area 2 clear 1
border 1-2
control 1 US
unit A1 allied US infantry 3-4-3/2 2
unit B1 allied UK infantry 3-4-3/2 2
unit G1 german DE infantry 2-3-2/2 2 Dis2
"""


@pytest.mark.parametrize("nationality", ["UK", "US"])
def test_7_3_a_us_british_tie_taking_an_area_is_the_allied_players_choice(tmp_path, monkeypatch, nationality):
    """7.3: control passing to the Allies with as many US as British units there: the Allied player decides."""
    match = new_match(tmp_path, TIE)
    _allied(match)
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    match.play(Action("attack", ("2", "A1"), "allied"))  # 8.54: the US unit attacks in its contested area
    given = answer_all(match, {"control-nationality": nationality})
    assert ("control-nationality", nationality) in given
    assert board(match).areas["2"].controller == nationality
