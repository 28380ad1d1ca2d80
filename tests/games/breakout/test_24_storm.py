"""Breakout: Normandy 24.5, 24.6: the week-2 storm and its effects (extended game)."""

from __future__ import annotations

import pytest
from games.breakout.decisions import keep_rolls
from games.breakout.position import new_match, script_dice
from phaseline import Action, Event, RuleViolation
from phaseline.games.breakout.rules import supply, weather
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.naval_air import can_target

WEEK_TWO = "".join(f"turn {t} 1944-06-{11 + t} 2 Clear\n" for t in range(2, 9))  # turns 2-8: 13-19 June
COAST = (
    """
area 1 clear 1 naval_colour=green
area 2 clear 1 naval_colour=green
area B2 sea
border 1-2
border 2-B2 landing
beach Omaha 2 box=B2 nat=US mulberry=B
unit G1 german DE infantry 2-3-2/2 1
unit A2 allied US infantry 3-4-3/2 2
unit L1 allied US infantry 3-4-3/2 B2
control 2 US
"""
    + WEEK_TWO
)


def on(match, turn: int, fn, *args) -> None:
    """Call ``fn`` on ``turn``; the Advantage holder keeps the storm and Mulberry drs (11.6)."""
    with match.store.transaction():
        match.log(Event("note", purpose=f"test: turn {turn}"))
        match.set_clock(turn=turn)
        fn(match, *args)
    keep_rolls(match)


def day(match):
    return board(match).day


@pytest.mark.parametrize(
    ("turn", "die", "storm"),
    [
        pytest.param(2, 1, False, id="24.5-13-june-no-storm-possible"),
        pytest.param(3, 1, True, id="24.5-14-june-storm-on-a-1"),
        pytest.param(3, 2, False, id="24.5-14-june-no-storm-on-a-2"),
        pytest.param(4, 2, True, id="24.5-15-june-storm-on-dr-2-or-less"),
    ],
)
def test_storm_dr(tmp_path, monkeypatch, turn, die, storm):
    match = new_match(tmp_path, COAST)
    script_dice(match, monkeypatch, [die])
    on(match, turn, weather.change, 3)
    assert day(match)["storm"] == storm
    assert day(match)["weather"] == "Overcast"  # a storm or an ordinary change from Clear


def test_24_5_no_storm_roll_outside_week_2(tmp_path, monkeypatch):
    match = new_match(tmp_path, COAST)
    script_dice(match, monkeypatch, [])  # any roll would fail: the queue is empty
    on(match, 1, weather.change, 3)
    assert not day(match)["storm"] and day(match)["weather"] == "Overcast"


def test_24_5_19_june_dawns_overcast_and_any_change_is_the_storm(tmp_path, monkeypatch):
    match = new_match(tmp_path, COAST)
    on(match, 8, weather.dawn, 8)
    assert day(match)["weather"] == "Overcast"
    script_dice(match, monkeypatch, [])
    on(match, 8, weather.change, 2)
    assert day(match)["storm"] and day(match)["storm_began"] == 8


def test_24_5_without_a_change_on_19_june_the_storm_begins_at_refit(tmp_path):
    match = new_match(tmp_path, COAST)
    on(match, 8, weather.storm_at_refit)
    assert day(match)["storm"]


def test_24_5_the_storm_timeline_and_24_6_mulberry_b_lost_on_4(tmp_path, monkeypatch):
    match = new_match(tmp_path, COAST)
    script_dice(match, monkeypatch, [1, 4])
    on(match, 3, weather.change, 3)  # 14 June: storm
    on(match, 3, weather.change, 5)  # the storm day: no change
    on(match, 4, weather.dawn, 4)
    on(match, 4, weather.change, 2)  # the next day: no change
    assert day(match)["storm"]
    on(match, 5, weather.dawn, 5)
    on(match, 5, weather.change, 1)  # two days after: the change ends the storm, Overcast
    assert not day(match)["storm"] and day(match)["weather"] == "Overcast"
    assert match.rows("SELECT mulberry FROM bkn_mulberry_lost WHERE match_id = ?", [match.match_id]) == [
        {"mulberry": "B"}
    ]
    script_dice(match, monkeypatch, [])
    on(match, 6, weather.change, 4)  # only one storm per game: no storm dr again
    assert not day(match)["storm"] and day(match)["weather"] == "Clear"


def test_24_5_unchanged_until_the_fourth_day_the_printed_weather_returns(tmp_path, monkeypatch):
    match = new_match(tmp_path, COAST)
    script_dice(match, monkeypatch, [1, 6])  # storm on 14 June; Mulberry B survives on 6
    on(match, 3, weather.change, 3)
    for turn in (4, 5, 6):
        on(match, turn, weather.dawn, turn)
        assert day(match)["storm"]
    on(match, 7, weather.dawn, 7)
    assert not day(match)["storm"] and day(match)["weather"] == "Clear"


@pytest.mark.parametrize(
    ("storm_day", "after", "sp"),
    [
        pytest.param(None, None, 10, id="24.6-no-storm-10-sp"),
        pytest.param(1, None, 5, id="24.6-storm-day-1-halved-to-5"),
        pytest.param(2, None, 3, id="24.6-storm-day-2-three"),
        pytest.param(3, None, 1, id="24.6-storm-day-3-one"),
        pytest.param(3, 1, 10, id="24.6-the-day-after-the-storm-10-again"),
    ],
)
def test_storm_beach_supply(storm_day, after, sp):
    assert weather.storm_beach_sp(storm_day, after) == sp


def test_24_6_no_landing_no_naval_bombardment_no_air_supply_in_a_storm(tmp_path):
    match = new_match(tmp_path, COAST)
    match.play(Action("pass", (), "german"))
    marker = match.rows("SELECT * FROM bkn_marker WHERE match_id = ? AND marker_id = 'NAVAL_US'", [match.match_id])[0]
    assert can_target(match, marker, board(match).areas["1"])
    with match.store.transaction():
        match.log(Event("note", purpose="test: a storm"))
        weather.begin_storm(match, "test storm")
    assert not can_target(match, marker, board(match).areas["1"])  # 24.6C
    assert not weather.air_supply_allowed(match)  # 24.6D
    assert weather.beach_sp(match) == 5  # 24.6D on the storm's first day
    with pytest.raises(RuleViolation, match=r"24\.6"):  # 24.6A
        match.play(Action("land", ("Omaha", "L1"), "allied"))


# === 24.6D THE STORM'S REFIT PHASE ==========================================================

BEACHES = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 2-3
beach Omaha 1 depots=2 mulberry=B
beach Gold 3 nat=UK
control 1 US
control 2 US
control 3 UK
unit A1 allied US infantry 3-4-3/2 2 Spent
"""


def _storm_refit(tmp_path, monkeypatch, storm: bool):
    """A working Mulberry B (extended game); a storm breaks on this day, or none; both sides pass
    and the Allied Refit phase begins."""
    monkeypatch.setattr(supply, "is_extended", lambda match: True)
    match = new_match(tmp_path, BEACHES)
    with match.store.transaction():
        match.log(Event("note", purpose="test: Mulberry B works" + (", a storm" if storm else "")))
        match.insert("bkn_port_timer", {"kind": "mulberry", "what": "B", "due_turn": 1, "removed": False})
        if storm:
            weather.begin_storm(match, "test storm")
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [6, 6])  # the Sunset DR
    match.play(Action("pass", (), "allied"))
    keep_rolls(match)
    assert match.clock.step == "allied-refit"
    return match


@pytest.mark.parametrize(
    ("storm", "depots"),
    [
        pytest.param(False, [("Gold", 10), ("Omaha", 10), ("Omaha", 10), ("Omaha", 10)], id="12.7-no-storm-10-sp"),
        pytest.param(True, [("Gold", 5), ("Omaha", 5), ("Omaha", 5)], id="24.6-storm-day-1-halved-no-mulberry"),
    ],
)
def test_24_6_the_storms_first_refit_phase_halves_the_beach_depots(tmp_path, monkeypatch, storm, depots):
    """24.6D 「連合軍の海岸補給集積所の補給ポイントは嵐の発生した初日には半減する」, 24.6B 「嵐の間はどちらの
    マルベリーも使用できない」: on the storm's first day each beach depot lands 5 SP, and Mulberry B none."""
    match = _storm_refit(tmp_path, monkeypatch, storm)
    assert sorted((d["source"], d["sp"]) for d in supply.depots(match, "allied")) == depots


def test_24_6_no_air_supply_in_the_storms_refit_phase(tmp_path, monkeypatch):
    """24.6D 「航空補給は嵐の補充フェイズの間行うことができない」: refused under 24.6, and not offered."""
    match = _storm_refit(tmp_path, monkeypatch, storm=True)
    assert "airsupply" not in [a.verb for a in match.legal_actions("allied")]
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("airsupply", ("2", "A1"), "allied"))
    assert refused.value.rule == "24.6" and "storm" in str(refused.value)
