"""Breakout: Normandy 6: the day's phases, and the sunset roll against the impulse number (6.3)."""

from __future__ import annotations

import pytest
from games.breakout.decisions import keep_rolls
from games.breakout.position import new_match, script_dice
from phaseline import Action, Event
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.day import dawn, sunset

MAP = "area 1 clear 1\narea 2 clear 1\nborder 1-2\nunit A1 allied US infantry 3-4-3/2 1\n"


def _at(match, impulse: int, drm: int = 0, weather: str = "Clear") -> None:
    with match.store.transaction():
        match.log(Event("note", purpose="test: set the impulse track"))
        match.set("bkn_day", {}, impulse=impulse, sunset_drm=drm, weather=weather)


@pytest.mark.parametrize(
    ("impulse", "drm", "raw", "over"),
    [
        pytest.param(2, 0, 2, False, id="6.3-impulse-2-never-ends-on-2"),
        pytest.param(3, 0, 2, True, id="6.3-impulse-3-ends-on-raw-2"),
        pytest.param(3, 0, 3, False, id="6.3-mod-equal-to-impulse-goes-on"),
        pytest.param(7, 0, 6, True, id="6.3-impulse-7-ends-on-6"),
        pytest.param(7, 0, 7, False, id="6.3-impulse-7-goes-on-with-7"),
        pytest.param(5, 2, 3, False, id="11.23-sunset-drm-plus-2-saves-the-day"),
        pytest.param(5, -2, 6, True, id="11.23-sunset-drm-minus-2-ends-the-day"),
        pytest.param(12, 0, 12, True, id="3.8-the-marker-cannot-pass-the-end-of-the-track"),
    ],
)
def test_sunset_roll(tmp_path, impulse, drm, raw, over):
    match = new_match(tmp_path, MAP)
    _at(match, impulse, drm)
    with match.store.transaction():
        match.log(Event("note", purpose="test sunset"))
        sunset(match, raw)
    day = board(match).day
    assert day["day_over"] == over
    assert day["impulse"] == (impulse if over else impulse + 1)


@pytest.mark.parametrize(
    ("raw", "drm", "changes"),
    [
        pytest.param(4, 0, True, id="18.4-raw-equals-impulse-weather-changes"),
        pytest.param(3, 1, False, id="18.4-the-sunset-drm-never-applies-to-the-weather-test"),
    ],
)
def test_weather_change(tmp_path, raw, drm, changes):
    match = new_match(tmp_path, MAP)
    _at(match, 4, drm)
    with match.store.transaction():
        match.log(Event("note", purpose="test sunset"))
        sunset(match, raw)
    assert board(match).day["weather"] == ("Overcast" if changes else "Clear")


def test_6_3_the_german_impulse_comes_first_and_the_allied_pass_rolls_sunset(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    assert match.clock.step == "german-impulse"
    match.play(Action("pass", (), "german"))
    assert match.clock.step == "allied-impulse"
    script_dice(match, monkeypatch, [3, 4])
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("end", (), "allied"))  # no Allied DR in this impulse: the Sunset DR alone
    keep_rolls(match)  # 11.6: the Sunset DR stands
    assert match.clock.step == "german-impulse" and board(match).day["impulse"] == 1


def test_8_6_two_consecutive_passes_end_daylight(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [6, 6])
    match.play(Action("pass", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    assert match.clock.phase in ("regroup", "refit") or match.finished


def test_6_1_a_day_is_dawn_daylight_refit_regroup(tmp_path):
    match = new_match(tmp_path, MAP)
    names = [s.name for s in match.steps(2)]
    assert names == [
        "dawn",
        "german-impulse",
        "allied-impulse",
        "german-refit",
        "allied-refit",
        "german-regroup",
        "allied-regroup",
    ]


def test_6_every_phase_cites_its_rule(tmp_path):
    match = new_match(tmp_path, MAP + "unit P1 allied US infantry 3-4-3/2 2 arrive=6 method=drop\n")
    assert [s.rule for s in match.steps(1)] == [
        "21.2",
        "21.3",
        "21.4",
        "21.5",
        "8.1",
        "8.1",
        "6.4",
        "6.4",
        "6.5",
        "6.5",
    ]


def test_6_2_dawn_places_reinforcements_readies_markers_and_sets_the_weather(tmp_path):
    match = new_match(
        tmp_path,
        MAP + "area ZA zone\nborder 1-ZA arrow\nunit Z1 german DE infantry 2-3-2/2 ZA arrive=7 method=zone\n"
        "turn 2 1944-06-07 1 Overcast\n",
    )
    with match.store.transaction():
        match.log(Event("note", purpose="test: a used marker, then Dawn"))
        match.set("bkn_marker_state", {"marker_id": "AIR_US"}, used=True)
        dawn(match, 2)
    b = board(match)
    assert b.units["Z1"]["space_id"] == "ZA"
    assert not match.one("SELECT count(*) FROM bkn_marker_state WHERE match_id = ? AND used", [match.match_id])
    assert b.day["weather"] == "Overcast"


def test_8_6_an_impulse_ended_without_acting_is_logged_as_the_pass_it_counts_as(tmp_path):
    match = new_match(tmp_path, MAP)
    match.play(Action("end", (), "german"))  # 8.11: nothing done, so a Pass impulse
    notes = match.rows("SELECT purpose FROM event WHERE kind = 'note' AND rule = '8.6'")
    assert [n["purpose"] for n in notes] == ["german ends the impulse without acting: a pass"]
    assert match.clock.step == "allied-impulse" and board(match).day["passes"] == 1
