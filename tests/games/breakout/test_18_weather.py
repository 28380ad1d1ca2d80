"""Breakout: Normandy 18 (and 3.7, 4.8): the day's weather from the track, Clear and Overcast, changes."""

from __future__ import annotations

from games.breakout.decisions import keep_rolls
from games.breakout.position import new_match, script_dice
from phaseline import Action, Event
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.day import dawn, sunset
from phaseline.games.breakout.rules.movement import allowance
from phaseline.games.breakout.rules.weather import impulse_weather

MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 2-3
unit G1 german DE infantry 2-3-2/2 1
unit A3 allied US infantry 3-4-3/2 3
turn 2 1944-06-07 1 Overcast
turn 3 1944-06-08 1 Clear
"""


def at_dawn(match, turn: int) -> None:
    with match.store.transaction():
        match.log(Event("note", purpose=f"test: Dawn of turn {turn}"))
        dawn(match, turn)


def test_18_1_each_day_dawns_with_the_weather_printed_on_the_track(tmp_path):
    match = new_match(tmp_path, MAP + "weather Overcast\n")
    assert board(match).day["weather"] == "Overcast"  # 6 June as printed in this position
    at_dawn(match, 2)
    assert board(match).day["weather"] == "Overcast"
    at_dawn(match, 3)
    assert board(match).day["weather"] == "Clear"


def test_3_7_the_turn_record_track_gives_date_weather_and_reinforcement_nations(tmp_path):
    match = new_match(tmp_path, MAP)
    rows = match.rows(
        "SELECT turn, date, start_weather FROM bkn_turn WHERE match_id = ? ORDER BY turn", [match.match_id]
    )
    assert [(r["turn"], r["date"].day, r["start_weather"]) for r in rows] == [
        (1, 6, "Clear"),
        (2, 7, "Overcast"),
        (3, 8, "Clear"),
    ]


def test_18_3_overcast_gives_german_units_one_more_mf(tmp_path):
    match = new_match(tmp_path, MAP)
    unit = board(match).units["G1"]
    assert allowance(match, unit) == 2
    at_dawn(match, 2)
    assert allowance(match, board(match).units["G1"]) == 3
    assert allowance(match, board(match).units["A3"]) == 3  # Allied MF unchanged


def test_18_2_clear_allows_air_strikes_and_overcast_does_not(tmp_path):
    match = new_match(tmp_path, MAP + "unit A2 allied US infantry 3-4-3/2 2\n")
    match.play(Action("pass", (), "german"))
    assert any(a.verb == "bombard" and "AIR" in a.args[1] for a in match.legal_actions("allied"))
    at_dawn(match, 2)
    assert not any(a.verb == "bombard" and "AIR" in a.args[1] for a in match.legal_actions("allied"))


def test_18_4_worked_example_7_june(tmp_path):
    """18.4: 7 June dawns Clear; DR 3 at impulse 3 turns it Overcast; DR 7 at impulse 7 Clear again."""
    match = new_match(tmp_path, MAP)
    with match.store.transaction():
        match.log(Event("note", purpose="test: the worked example"))
        match.set("bkn_day", {}, impulse=3)
        sunset(match, 3)
        assert board(match).day["weather"] == "Overcast" and board(match).day["impulse"] == 4
        match.set("bkn_day", {}, impulse=7)
        sunset(match, 7)
        assert board(match).day["weather"] == "Clear" and board(match).day["impulse"] == 8
        sunset(match, 5)
        assert board(match).day["day_over"]
    # 18.41: impulses 4-7 were Overcast: 4 of the 9 impulses 0-8 the marker entered
    weathers = impulse_weather(match, 0, 8)
    assert [n for n, w in weathers.items() if w == "Overcast"] == [4, 5, 6, 7]


def test_18_4_after_an_air_strike_the_weather_changes_though_the_marker_stays(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP + "unit A2 allied US infantry 3-4-3/2 2\nunit G2 german DE infantry 2-3-2/2 2\n")
    with match.store.transaction():
        match.log(Event("note", purpose="test: impulse 3"))
        match.set("bkn_day", {}, impulse=3)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [1, 2, 6, 6])  # raw 3 = impulse 3: the weather turns
    match.play(Action("bombard", ("2", "AIR_US", "G2"), "allied"))
    match.play(Action("choose", ("keep",), "allied"))  # 11.6: the Advantage holder keeps the dice
    match.play(Action("end", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    day = board(match).day
    assert day["weather"] == "Overcast" and day["impulse"] == 3


def test_4_8_a_change_in_the_day_leaves_the_track_printed_weather_alone(tmp_path):
    match = new_match(tmp_path, MAP)
    with match.store.transaction():
        match.log(Event("note", purpose="test: a weather change at impulse 2"))
        match.set("bkn_day", {}, impulse=2)
        sunset(match, 2)
    assert board(match).day["weather"] == "Overcast"
    assert match.one("SELECT start_weather FROM bkn_turn WHERE match_id = ? AND turn = 1", [match.match_id]) == "Clear"


def test_18_the_day_has_one_of_two_weathers(tmp_path):
    match = new_match(tmp_path, MAP)
    for turn in (2, 3):
        at_dawn(match, turn)
        assert board(match).day["weather"] in ("Clear", "Overcast")
