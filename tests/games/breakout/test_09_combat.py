"""Breakout: Normandy 9: the attack procedure, values, results and casualty points.

Every choice of an attack is a decision of its side (the defender's forward unit and
casualty points, the Advantage holder's reroll): the tests answer them as players would.
"""

from __future__ import annotations

import pytest
from games.breakout.decisions import answer_all, asked, choose
from games.breakout.position import new_match, script_dice
from phaseline import Action, RuleViolation
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.combat import assault_values, defence_value, supporting_artillery
from phaseline.games.breakout.rules.resolution import outcome

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


def _enter(match, *units: str, area: str = "2") -> None:
    match.play(Action("pass", (), "german"))
    for unit in units:
        match.play(Action("move", (unit, area), "allied"))


def _values(match, area="2"):
    b = board(match)
    attackers = [u for u in b.units_in(area, "allied") if u["pending"]]
    support = supporting_artillery(match, "allied", area, attackers)
    return assault_values(match, "allied", area, attackers, support, b.units_in(area, "german"))


def _attack(match, monkeypatch, dice, *args, area="2", side="allied"):
    """Attack, pick the best forward unit when asked, roll ``dice`` and keep them (no reroll)."""
    script_dice(match, monkeypatch, list(dice))
    match.play(Action("attack", (area, *args), side))
    if asked(match) and asked(match)[1] == "forward-unit":
        choose(match, asked(match)[2][0])
    if asked(match) and asked(match)[1] == "advantage-reroll":
        choose(match, "keep")


def _statuses(match, *units):
    b = board(match).units
    return [b[u]["status"] if u in b else "eliminated" for u in units]


# === 9.1 PROCEDURE, 9.11 DICE ===========================================================


def test_9_1_the_defender_chooses_the_forward_unit(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _enter(match, "A1")
    match.play(Action("attack", ("2",), "allied"))
    assert asked(match) == ("german", "forward-unit", ["G1", "G2"])  # the best defence first
    script_dice(match, monkeypatch, [3, 3, 3, 3])
    choose(match, "G2")  # the weaker Spent unit: DV 2 + TEM 2 + 1 other Fresh (G1)
    note = match.one(
        "SELECT purpose FROM event WHERE match_id = ? AND rule = '9.1' AND kind = 'note' ORDER BY seq DESC LIMIT 1",
        [match.match_id],
    )
    assert "forward unit G2 (Spent)" in note and "DV 5" in note


def test_9_11_both_sides_roll_two_dice(tmp_path):
    match = new_match(tmp_path, MAP)
    _enter(match, "A1")
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "G1")
    rolls = match.rows(
        "SELECT side FROM event WHERE match_id = ? AND kind = 'roll' AND rule = '9.11' ORDER BY seq", [match.match_id]
    )
    assert [r["side"] for r in rolls] == ["allied", "allied", "german", "german"]


def test_9_attack_needs_a_point_unit_and_names_only_waiting_units(tmp_path):
    match = new_match(tmp_path, MAP)
    _enter(match, "A1")
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("attack", ("2", "A1,A3"), "allied"))
    assert refused.value.rule == "8.5" and "A3" in str(refused.value)


# === 9.2, 9.3 VALUES ======================================================================


def test_9_2_attack_value_point_others_division_air(tmp_path):
    match = new_match(tmp_path, MAP)
    _enter(match, "A1", "A2", "A3")
    # 3 point unit + 2 other participants + 1 same division (3 units) + 1 air support in Clear weather
    assert _values(match)["AV"] == 7


WORKED_AV = """
area 1 clear 1
area 2 clear 1
border 1-2
control 1 US
unit P1 allied US infantry 4-4-4/2 1 div=29th
unit P2 allied US infantry 3-4-4/2 1 div=29th
unit P3 allied US infantry 3-4-4/2 1 div=29th
unit P4 allied US infantry 3-4-4/2 1 div=29th
unit R1 allied US artillery 3-1-3/1 1 art=division div=29th
unit R2 allied US artillery 3-1-3/1 1 art=corps
unit R3 allied US artillery 3-1-3/1 1 art=division div=1st
unit G1 german DE infantry 2-3-2/2 2
"""


@pytest.mark.parametrize(
    ("weather", "av"),
    [pytest.param("Clear", 11, id="9.2-worked-sum-11-in-clear"), pytest.param("Overcast", 10, id="9.2-overcast-10")],
)
def test_worked_attack_value(tmp_path, weather, av):
    """Digest 7.5 case 7: 4 + 3 others + 2 artillery + 1 division + 1 air = 11 (10 in Overcast)."""
    match = new_match(tmp_path, WORKED_AV + f"weather {weather}\n")
    _enter(match, "P1", "P2", "P3", "P4")
    assert [u["unit_id"] for u in supporting_artillery(match, "allied", "2", [board(match).units["P1"]])] == [
        "R1",
        "R2",
    ]
    assert _values(match)["AV"] == av


def test_9_2_ss_and_wehrmacht_together_take_one_off(tmp_path):
    text = """
area 1 clear 1
area 2 clear 1
border 1-2
unit S1 german DE armour 5-4-5/3 1 ss=true div=12SS
unit W1 german DE infantry 3-3-3/2 1
unit A1 allied US infantry 3-4-3/2 2
weather Overcast
"""
    match = new_match(tmp_path, text)
    match.play(Action("move", ("S1", "2"), "german"))
    match.play(Action("move", ("W1", "2"), "german"))
    b = board(match)
    values = assault_values(match, "german", "2", b.units_in("2", "german"), [], b.units_in("2", "allied"))
    assert values["AV"] == 5 + 1 - 1


def test_9_3_defence_value_forward_tem_fresh_others(tmp_path):
    match = new_match(tmp_path, MAP + "unit G3 german DE infantry 2-3-2/2 2\n")
    _enter(match, "A1")
    # forward unit 3 (Fresh) + TEM 2 + 1 other Fresh defender (G3); G2 is Spent
    assert _values(match)["DV"] == 6


def test_9_3_worked_defence_value_across_an_enemy_bridge_over_water(tmp_path):
    """Digest 7.5 case 8: Dis1 forward 3 -> 2, TEM 2, 2 other Fresh, bridge over water +3 = 9,
    and an unbridged river crossing in the same attack still gives +3, the larger."""
    text = """
area 1 clear 1
area 2 clear 2
area 4 clear 1
border 1-2 water
bridge BR1 1-2 german
border 4-2 river
control 1 US
control 4 US
unit A1 allied US infantry 3-4-4/2 1
unit A4 allied US infantry 3-4-4/2 4
unit G1 german DE infantry 2-5-2/3 2 Dis1
unit G2 german DE infantry 2-3-2/2 2
unit G3 german DE infantry 2-3-2/2 2
unit G4 german DE infantry 2-3-2/2 2 Spent
"""
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    b = board(match)
    defenders = b.units_in("2", "german")
    forward = b.units["G1"]
    values = assault_values(match, "allied", "2", [b.units["A1"]], [], defenders, forward=forward)
    assert values["DV"] == 2 + 2 + 2 + 3


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


# === 9.4 RESULTS ==========================================================================


@pytest.mark.parametrize(
    ("at", "dt", "result"),
    [
        pytest.param(7, 8, "repulsed", id="9.4-at-below-dt-repulsed"),
        pytest.param(8, 8, "stalemate", id="9.4-at-equal-dt-stalemate"),
        pytest.param(9, 8, "success", id="9.4-at-above-dt-success"),
    ],
)
def test_results(at, dt, result):
    assert outcome({"AT": at, "DT": dt}) == result


def test_9_41_repulse_disrupts_and_forced_attackers_retreat(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _enter(match, "A1", "A2")
    _attack(match, monkeypatch, [1, 1, 6, 6])  # AT 5 + 2 < DT 6 + 12
    units = board(match).units
    assert _statuses(match, "A1", "A2") == ["Dis1", "Dis1"]
    assert [units[u]["space_id"] for u in ("A1", "A2")] == ["1", "1"]
    assert units["G1"]["status"] == "Fresh"
    assert asked(match) == ("german", "voluntary-retreat", ["none", "G1", "G2"])  # 9.62: even after a repulse


def test_9_42_stalemate_point_unit_dis1_others_spent_and_may_stay(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _enter(match, "A1", "A2")
    # AV 3 + 1 + 1 air = 5; DV 3 + 2 = 5: equal dice give a stalemate
    _attack(match, monkeypatch, [3, 3, 3, 3], "A1,A2")
    assert asked(match) == ("allied", "attacker-retreat", ["stay", "1"])  # 9.61: a stalemate may retreat
    choose(match, "stay", "1")
    units = board(match).units
    assert _statuses(match, "A1", "A2") == ["Dis1", "Spent"]
    assert (units["A1"]["space_id"], units["A2"]["space_id"]) == ("2", "1")


BRIDGED = """
area 1 clear 1
area 2 clear 1
border 1-2 river
bridge BR1 1-2 german
control 1 US
unit A1 allied US infantry 3-4-3/2 1
unit A2 allied US infantry 3-4-3/2 1
unit G1 german DE infantry 2-3-2/2 2
"""


def test_9_42_worked_example_10_a_stalemate_across_an_enemy_held_bridge_takes_it(tmp_path, monkeypatch):
    """Digest example 10: AT = DT; all attackers Spent, the point Dis1; they may retreat, and
    the bridge becomes Allied-held anyway (8.511)."""
    match = new_match(tmp_path, BRIDGED)
    _enter(match, "A1", "A2")  # across the enemy-held bridge: a forced attack (8.51)
    values = _values(match)
    defence = values["AV"] + 6 - values["DV"]  # the defender's DR that makes AT = DT
    _attack(match, monkeypatch, [3, 3, defence // 2, defence - defence // 2], "A1,A2")
    assert outcome({"AT": values["AV"] + 6, "DT": values["DV"] + defence}) == "stalemate"
    assert _statuses(match, "A1", "A2") == ["Dis1", "Spent"]
    assert asked(match) == ("allied", "attacker-retreat", ["stay", "1"])  # 9.61: by choice
    choose(match, "1", "1")
    units = board(match).units
    assert (units["A1"]["space_id"], units["A2"]["space_id"]) == ("1", "1")
    assert board(match).bridges["BR1"]["state"] == "allied"


def test_9_41_a_repulse_across_an_enemy_held_bridge_leaves_it_german(tmp_path, monkeypatch):
    """8.511: only a forced attack that is not repulsed takes the bridge; 9.41: the attackers go back."""
    match = new_match(tmp_path, BRIDGED)
    _enter(match, "A1")
    _attack(match, monkeypatch, [1, 1, 6, 6])
    assert _statuses(match, "A1") == ["Dis1"] and board(match).units["A1"]["space_id"] == "1"
    assert board(match).bridges["BR1"]["state"] == "german"


def test_9_8_excess_casualty_points_are_ignored_and_make_an_overrun(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _enter(match, "A1", "A2")
    _attack(match, monkeypatch, [6, 6, 1, 1])  # AT 5 + 12 = 17; DT 5 + 2 = 7: 10 CP > capacity 7
    answer_all(match)
    assert _statuses(match, "A1", "A2") == ["Fresh", "Fresh"]  # 8.53: an overrun: they may go on
    assert _statuses(match, "G1", "G2") == ["eliminated", "eliminated"]


def test_9_8_doomed_defenders_are_eliminated_unasked(tmp_path, monkeypatch):
    """9.8: with more CP than the defenders can absorb every answer ends the same, so no casualty
    decision is asked: all are eliminated at once and the log says the excess is ignored."""
    match = new_match(tmp_path, MAP)
    _enter(match, "A1", "A2")
    _attack(match, monkeypatch, [6, 6, 1, 1])  # 10 CP against a capacity of 7
    assert asked(match) is None or asked(match)[1] != "casualty"
    assert _statuses(match, "G1", "G2") == ["eliminated", "eliminated"]
    notes = [r["purpose"] for r in match.rows("SELECT purpose FROM event WHERE rule = '9.8'")]
    assert any("3 CP in excess are ignored" in n for n in notes)


def test_9_8_exact_capacity_is_still_asked_where_a_dis2_unit_may_retreat(tmp_path, monkeypatch):
    """9.5, 9.8: CP equal to the capacity leave a choice when a unit could take its last point
    by retreating (Dis2 G2 may retreat instead of being eliminated)."""
    text = MAP.replace("unit G2 german DE infantry 2-3-2/2 2 Spent", "unit G2 german DE infantry 2-3-2/2 2 Dis2")
    match = new_match(tmp_path, text)
    _enter(match, "A1")
    # AV 3 + 1 air = 4; DV 3 + 2 TEM = 5: AT - DT = 5 = capacity 4 + 1
    _attack(match, monkeypatch, [6, 5, 4, 1])
    assert asked(match)[1] == "casualty" and "G2:retreat" in asked(match)[2]


def test_9_43_success_without_overrun_ends_the_attackers_impulse(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _enter(match, "A1", "A2")
    _attack(match, monkeypatch, [4, 1, 1, 1])  # AT 10 vs DT 7: 3 CP
    answer_all(match)
    assert _statuses(match, "A1", "A2") == ["Spent", "Spent"]
    assert board(match).units["A1"]["mp"] == 0


# === 9.5 CASUALTY POINTS ==================================================================


def test_9_5_the_first_cp_goes_to_the_forward_unit(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _enter(match, "A1", "A2")
    match.play(Action("attack", ("2",), "allied"))
    script_dice(match, monkeypatch, [4, 1, 1, 1])  # AT 10 vs DT 5 + 2 = 7 with G2 forward: 3 CP
    choose(match, "G2", "keep")
    decision = asked(match)
    assert decision[:2] == ("german", "casualty")
    assert decision[2] == ["G2:Dis1", "G2:retreat"]  # only the forward unit takes the first point


def test_9_5_a_fresh_unit_first_becomes_spent(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _enter(match, "A1", "A2")
    _attack(match, monkeypatch, [3, 1, 1, 1])  # AT 9 vs DT 7 with G1 forward: 2 CP
    assert _statuses(match, "G1") == ["Spent"]  # 12.3: the first CP flips a Fresh unit
    assert asked(match)[2] == ["G1:Dis1", "G1:retreat", "G2:Dis1", "G2:retreat"]


@pytest.mark.parametrize(
    ("cp", "offered"),
    [
        pytest.param(1, ["G1:eliminated", "G1:retreat"], id="9.5-a-dis2-unit-may-retreat-with-its-last-cp"),
        pytest.param(2, [], id="9.5-a-dis2-unit-still-owing-cp-is-eliminated-not-retreated"),
    ],
)
def test_dis2_retreat(tmp_path, monkeypatch, cp, offered):
    text = MAP.replace("unit G1 german DE infantry 2-3-2/2 2", "unit G1 german DE infantry 2-3-2/2 2 Dis2").replace(
        "unit G2 german DE infantry 2-3-2/2 2 Spent\n", ""
    )
    match = new_match(tmp_path, text)
    _enter(match, "A1")
    # AV 3 + 1 air = 4; DV 0 (Dis2) + 2 TEM = 2: dice make the CP
    _attack(match, monkeypatch, [1, cp, 2, 1])
    if offered:
        assert asked(match)[2] == offered
    else:
        assert _statuses(match, "G1") == ["eliminated"]


@pytest.mark.parametrize(
    ("cp", "overrun"),
    [
        pytest.param(5, False, id="8.53-exact-capacity-both-gone-no-overrun"),
        pytest.param(6, True, id="8.53-one-cp-more-than-capacity-is-an-overrun"),
    ],
)
def test_overrun_threshold(tmp_path, monkeypatch, cp, overrun):
    """Digest 7.5 case 12: a Fresh unit (capacity 4) and a Dis2 unit (1) in clear terrain."""
    text = MAP.replace("unit G2 german DE infantry 2-3-2/2 2 Spent", "unit G2 german DE infantry 2-3-2/2 2 Dis2")
    text = text.replace("area 1 clear 1", "area 1 clear 1\narea 5 clear 1\nborder 1-5\ncontrol 5 US")
    text = text.replace("unit A1 allied US infantry 3-4-3/2 1", "unit A1 allied US armour 3-4-6/2 5")
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "1"), "allied"))
    match.play(Action("move", ("A1", "2"), "allied"))  # 1 + 4 MF: 1 MF left
    # AV 3 + 1 air = 4, DV 3 + 2 TEM = 5: the dice make AT - DT = cp
    _attack(match, monkeypatch, [6, cp, 4, 1])
    answer_all(match, {"casualty": "G2:retreat"})
    a1 = board(match).units["A1"]
    assert _statuses(match, "G1", "G2") != ["Fresh", "Dis2"]
    assert (a1["status"], a1["mp"] > 0 and not a1["attacked"]) == (("Fresh", True) if overrun else ("Spent", False))


def test_9_5_bocage_takes_one_casualty_point_off(tmp_path, monkeypatch):
    text = MAP.replace("area 2 clear 2", "area 2 bocage 2 bocage").replace(
        "unit G2 german DE infantry 2-3-2/2 2 Spent\n", ""
    )
    match = new_match(tmp_path, text)
    _enter(match, "A1", "A2")
    _attack(match, monkeypatch, [5, 4, 1, 1])  # AT 5 + 9 = 14; DT 5 + 2 = 7: 7 CP - 1 bocage = 6
    assert _statuses(match, "G1", "A1") == ["eliminated", "Spent"]  # capacity 4: gone, but no overrun in bocage
