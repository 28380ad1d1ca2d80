"""Breakout: Normandy 10: bombardment values and the attrition points' worked examples (10.1, 10.4)."""

from __future__ import annotations

import pytest
from games.breakout.position import new_match, script_dice
from phaseline import Action
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.bombardment import allocate

CHART = {"armour-fresh": 3, "armour-spent": 2, "coastal": 2, "other-fresh": 2, "other-spent": 1}


def _u(uid, utype, status):
    return {"unit_id": uid, "type": utype, "status": status}


EXAMPLE_1 = [_u("ARM", "armour", "Fresh"), _u("INF", "infantry", "Spent"), _u("D2", "infantry", "Dis2")]
EXAMPLE_2 = [_u("BTY", "coastal", "Fresh"), _u("FR", "infantry", "Fresh"), _u("SP", "infantry", "Spent")]


@pytest.mark.parametrize(
    ("primary", "ap", "hit"),
    [
        pytest.param("ARM", 2, [], id="10.1-example-1-armour-primary-2-AP-nothing"),
        pytest.param("INF", 3, ["INF"], id="10.1-example-1-spent-infantry-primary-1-3-AP"),
        pytest.param("D2", 2, ["INF"], id="10.1-example-1-dis2-primary-1-2-AP"),
        pytest.param("D2", 3, ["ARM"], id="10.1-example-1-dis2-primary-3-AP-armour"),
    ],
)
def test_worked_example_1(primary, ap, hit):
    assert allocate(EXAMPLE_1, primary, ap, CHART) == hit


@pytest.mark.parametrize(
    ("ap", "hit"),
    [
        pytest.param(1, [], id="10.4-example-2-1-AP-nothing"),
        pytest.param(2, ["BTY"], id="10.4-example-2-2-AP-battery"),
        pytest.param(3, ["BTY", "SP"], id="10.4-example-2-3-AP-battery-and-spent"),
        pytest.param(4, ["BTY", "FR"], id="10.4-example-2-4-AP-battery-and-fresh"),
        pytest.param(6, ["BTY", "FR", "SP"], id="10.4-example-2-5-or-more-AP-all-three"),
    ],
)
def test_worked_example_2(ap, hit):
    assert allocate(EXAMPLE_2, "BTY", ap, CHART) == hit


MAP = """
area 1 clear 1
area 2 clear 2
border 1-2
control 1 US
unit R1 allied US artillery 2-1-3/1 1 art=division
unit R2 allied US artillery 2-1-3/1 1 art=division
unit G1 german DE infantry 2-3-2/2 2
unit G2 german DE artillery 2-1-2/1 2 art=division
"""


def test_10_2_artillery_bombardment_spends_the_artillery_and_never_eliminates(tmp_path, monkeypatch):
    game = new_match(tmp_path, MAP)
    game.play(Action("pass", (), "german"))
    # AV 2 + 1 other artillery = 3; DV TEM 2 + 1 Fresh artillery in the target = 3
    script_dice(game, monkeypatch, [6, 6, 1, 1])  # AT 15, DT 5: 10 AP
    game.play(Action("bombard", ("2", "R1,R2", "G1"), "allied"))
    units = board(game).units
    assert units["R1"]["status"] == units["R2"]["status"] == "Spent"
    assert units["G1"]["status"] == "Spent" and units["G2"]["status"] == "Spent"  # one step each at most


def test_17_3_an_air_strike_does_not_advance_the_impulse_marker(tmp_path, monkeypatch):
    game = new_match(tmp_path, MAP)
    game.play(Action("pass", (), "german"))
    script_dice(game, monkeypatch, [6, 6, 1, 1])
    game.play(Action("bombard", ("2", "AIR_US", "G1"), "allied"))
    game.play(Action("end", (), "allied"))
    assert board(game).day["impulse"] == 0 and game.clock.step == "german-impulse"
