"""Breakout: Normandy 9: attack and defence values, results, casualty points, retreats."""

from __future__ import annotations

import pytest
from games.breakout.position import new_match, script_dice
from phaseline import Action, Event
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.combat import absorb, assault_values, defence_value, supporting_artillery

MAP = """
area 1 clear 1
area 2 clear 2
area 3 clear 1
border 1-2
border 2-3
control 1 US
control 3 DE
unit A1 allied US infantry 3-4-3/2 1 div=29th
unit A2 allied US infantry 3-4-3/2 1 div=29th
unit A3 allied US infantry 3-4-3/2 1 div=29th
unit G1 german DE infantry 2-3-2/2 2
unit G2 german DE infantry 2-3-2/2 2 Spent
"""


def _enter(game, *units: str, area: str = "2") -> None:
    game.play(Action("pass", (), "german"))
    for unit in units:
        game.play(Action("move", (unit, area), "allied"))


def _values(game, area="2"):
    b = board(game)
    attackers = [u for u in b.units_in(area, "allied") if u["pending"]]
    support = supporting_artillery(game, "allied", area, attackers)
    return assault_values(game, "allied", area, attackers, support, b.units_in(area, "german"))


def test_9_2_attack_value_point_others_division_air(tmp_path):
    game = new_match(tmp_path, MAP)
    _enter(game, "A1", "A2", "A3")
    values = _values(game)
    # 3 point unit + 2 other participants + 1 same division (3 units) + 1 air support in Clear weather
    assert values["AV"] == 7


def test_9_7_division_artillery_supports_its_own_division(tmp_path):
    text = MAP + "unit R1 allied US artillery 2-1-3/1 1 art=division div=29th\n"
    text += "unit R2 allied US artillery 2-1-3/1 1 art=division div=1st\n"
    game = new_match(tmp_path, text)
    _enter(game, "A1", "A2")
    values = _values(game)
    assert [u["unit_id"] for u in supporting_artillery(game, "allied", "2", [board(game).units["A1"]])] == ["R1"]
    # 3 point + 1 other + 1 artillery + 1 division (A1, A2, R1) + 1 air
    assert values["AV"] == 7


def test_9_3_defence_value_forward_tem_fresh_others(tmp_path):
    game = new_match(tmp_path, MAP + "unit G3 german DE infantry 2-3-2/2 2\n")
    _enter(game, "A1")
    values = _values(game)
    # forward unit 3 (Fresh) + TEM 2 + 1 other Fresh defender (G3); G2 is Spent
    assert values["DV"] == 6


@pytest.mark.parametrize(
    ("status", "value"),
    [
        pytest.param("Fresh", 4, id="9.3-fresh-printed-defence"),
        pytest.param("Spent", 2, id="9.3-spent-printed-defence"),
        pytest.param("Dis1", 1, id="9.3-dis1-minus-1"),
        pytest.param("Dis2", 0, id="9.3-dis2-minus-2"),
    ],
)
def test_forward_unit_value(status, value):
    assert defence_value({"status": status, "defense": 4, "spent_defense": 2}) == value


def test_9_41_repulse_disrupts_and_forced_attackers_retreat(tmp_path, monkeypatch):
    game = new_match(tmp_path, MAP)
    _enter(game, "A1", "A2")
    script_dice(game, monkeypatch, [1, 1, 6, 6])  # AT 2 + 6 < DT 12 + 5
    game.play(Action("attack", ("2",), "allied"))
    units = board(game).units
    assert [units[u]["status"] for u in ("A1", "A2")] == ["Dis1", "Dis1"]
    assert [units[u]["space_id"] for u in ("A1", "A2")] == ["1", "1"]
    assert units["G1"]["status"] == "Fresh"


def test_9_42_stalemate_point_unit_dis1_others_spent(tmp_path, monkeypatch):
    game = new_match(tmp_path, MAP)
    _enter(game, "A1", "A2")
    # AV 3 + 1 + 1 air = 5; DV 3 + 2 = 5: equal dice give a stalemate
    script_dice(game, monkeypatch, [3, 3, 3, 3])
    game.play(Action("attack", ("2",), "allied"))
    units = board(game).units
    assert sorted(units[u]["status"] for u in ("A1", "A2")) == ["Dis1", "Spent"]
    assert units["A1"]["space_id"] == "2"


def test_9_5_bocage_takes_one_casualty_point_off(tmp_path, monkeypatch):
    text = MAP.replace("area 2 clear 2", "area 2 bocage 2 bocage").replace(
        "unit G2 german DE infantry 2-3-2/2 2 Spent\n", ""
    )
    game = new_match(tmp_path, text)
    _enter(game, "A1", "A2")
    script_dice(game, monkeypatch, [5, 4, 1, 1])  # AT 5 + 9 = 14; DT 5 + 2 = 7: 7 CP - 1 bocage = 6
    game.play(Action("attack", ("2",), "allied"))
    assert "G1" not in board(game).units  # a Fresh unit absorbs at most 4: it is gone


def _absorb(game, cp):
    with game.store.transaction():
        game.log(Event("note", purpose="test casualty points"))
        return absorb(game, "2", "german", "G1", cp)


@pytest.mark.parametrize(
    ("cp", "overrun", "g1", "g2"),
    [
        pytest.param(1, False, "Spent", "Spent", id="9.5-first-cp-to-the-forward-unit"),
        pytest.param(2, False, "Spent", "Dis1", id="9.5-then-spread-one-step-per-unit"),
        pytest.param(5, False, "Dis2", "Dis2", id="9.5-fresh-absorbs-4-spent-3"),
        pytest.param(7, False, "Dis2", "Dis2", id="9.5-exact-capacity-is-no-overrun-both-retreat"),
        pytest.param(8, True, None, None, id="9.8-excess-cp-is-an-overrun"),
    ],
)
def test_casualty_absorption(tmp_path, cp, overrun, g1, g2):
    game = new_match(tmp_path, MAP)
    assert _absorb(game, cp) is overrun
    units = board(game).units
    assert (units.get("G1", {}).get("status"), units.get("G2", {}).get("status")) == (g1, g2)
    if cp == 7:  # 9.5: each unit's last point was a retreat into free area 3
        assert units["G1"]["space_id"] == units["G2"]["space_id"] == "3"


def test_9_64_a_defender_retreats_to_a_free_area_with_its_last_point(tmp_path):
    game = new_match(tmp_path, MAP.replace("unit G2 german DE infantry 2-3-2/2 2 Spent\n", ""))
    _absorb(game, 4)
    assert board(game).units["G1"]["space_id"] == "3"  # Dis2 and retreated into free area 3
    assert board(game).units["G1"]["status"] == "Dis2"
