"""Breakout: Normandy 8: activation, MF costs (8.36), minimum move (8.38), interdiction (8.4)."""

from __future__ import annotations

import pytest
from games.breakout.decisions import choose, keep_rolls
from games.breakout.position import new_match, script_dice
from phaseline import Action, RuleViolation
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.movement import ALL, entry

MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
area 5 clear 1
area 6 clear 1
area ZA zone
border 1-2
border 1-3
border 1-4
border 1-5 river
border 1-6 water
border 1-ZA arrow
control 1 US
control 2 US
"""


@pytest.mark.parametrize(
    ("extra", "dest", "cost"),
    [
        pytest.param("", "2", 1, id="8.36-A-free-area-1-MF"),
        pytest.param("", "3", 2, id="8.36-B-vacant-enemy-controlled-2-MF"),
        pytest.param("unit G1 german DE infantry 2-3-2/2 4 Spent", "4", 3, id="8.36-C-only-spent-enemy-3-MF"),
        pytest.param(
            "unit G1 german DE infantry 2-3-2/2 4 Spent\nunit G2 german DE infantry 2-3-2/2 4",
            "4",
            4,
            id="8.36-D-any-fresh-enemy-4-MF",
        ),
        pytest.param("", "5", ALL, id="8.36-E-river-without-bridge-all-MF"),
        pytest.param("", "ZA", ALL, id="8.36-E-zone-all-MF"),
    ],
)
def test_mf_costs(tmp_path, extra, dest, cost):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\n" + extra)
    unit = {**board(match).units["A1"], "mp": 3}
    step = entry(match, unit, dest)
    assert step.mf == cost


def test_8_36_costs_are_not_cumulative(tmp_path):
    """A river crossing into a Fresh enemy area costs all MF, not all + 4."""
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 5")
    step = entry(match, {**board(match).units["A1"], "mp": 3}, "5")
    assert step.cost == 3 and step.stops and step.forced and step.crossing == 2


def test_8_36_river_without_bridge_is_infantry_only(tmp_path):
    match = new_match(tmp_path, MAP + "unit T1 allied US armour 4-3-5/2 1")
    with pytest.raises(RuleViolation, match="infantry only"):
        entry(match, {**board(match).units["T1"], "mp": 5}, "5")


def test_8_37_water_obstacle_without_bridge_is_impassable(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1")
    with pytest.raises(RuleViolation) as refused:
        entry(match, {**board(match).units["A1"], "mp": 3}, "6")
    assert refused.value.rule == "8.37"


def test_8_38_minimum_move_into_fresh_enemy(tmp_path):
    """The rulebook's example: a 3-4-3 infantry may enter an area holding Fresh enemy (4 MF)."""
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 4")
    step = entry(match, {**board(match).units["A1"], "mp": 3}, "4")
    assert step.rule == "8.38" and step.stops


def test_8_38_no_minimum_move_after_moving(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 4")
    with pytest.raises(RuleViolation, match="MF left"):
        entry(match, {**board(match).units["A1"], "mp": 2, "areas": 1}, "4")


@pytest.mark.parametrize(
    ("extra", "rule"),
    [
        pytest.param("", "8.37", id="8.37-only-a-point-unit-enters-a-vacant-enemy-area"),
        pytest.param("\nunit G1 german DE infantry 2-3-2/2 3", "8.35", id="8.35-artillery-enters-an-enemy-area-led"),
    ],
)
def test_point_unit_enters_enemy_controlled_area_first(tmp_path, extra, rule):
    """8.37: 「主力ユニットのみが交戦状態にない敵の支配下のエリア…に進入できる」; 8.35 for an area
    holding enemy units: artillery enters only a contested one or with a point unit."""
    match = new_match(tmp_path, MAP + "unit R1 allied US artillery 2-1-3/1 1 art=division" + extra)
    with pytest.raises(RuleViolation) as refused:
        entry(match, {**board(match).units["R1"], "mp": 3}, "3")
    assert refused.value.rule == rule and "(BkN " + rule + ")" in str(refused.value)


def test_7_1_ten_units_per_side_per_area(tmp_path):
    crowd = "\n".join(f"unit F{i} allied US infantry 3-4-3/2 2" for i in range(10))
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\n" + crowd)
    with pytest.raises(RuleViolation) as refused:
        entry(match, {**board(match).units["A1"], "mp": 3}, "2")
    assert refused.value.rule == "7.1"


def _allied_impulse(match):
    match.play(Action("pass", (), "german"))
    assert match.clock.step == "allied-impulse"


def test_8_1_first_move_activates_the_area_and_pays_mf(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit A2 allied US infantry 3-4-3/2 2")
    _allied_impulse(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    b = board(match)
    assert b.day["activated"] == "1" and b.units["A1"]["mp"] == 2
    assert ("A2", "1") not in [a.args for a in match.legal_actions("allied") if a.verb == "move"]  # 8.1
    match.play(Action("move", ("A1", "1"), "allied"))
    assert board(match).units["A1"]["mp"] == 1


def test_8_37_us_and_british_never_move_in_one_impulse(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit B1 allied UK infantry 3-4-3/2 1")
    _allied_impulse(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("move", ("B1", "2"), "allied"))
    assert refused.value.rule == "8.37" and "this impulse moves US units" in str(refused.value)


def test_8_1_a_unit_spent_in_an_earlier_impulse_may_not_move_again_that_day(tmp_path):
    """8.1: an impulse moves the Fresh units of the activated area; 8.32: one impulse a day."""
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G9 german DE infantry 2-3-2/2 6")
    _allied_impulse(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("end", (), "allied"))
    keep_rolls(match)
    match.play(Action("pass", (), "german"))
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("move", ("A1", "1"), "allied"))
    assert refused.value.rule == "8.1" and "A1 is Spent" in str(refused.value)
    assert "(BkN 8.1)" in str(refused.value) and "(BkN 8.32)" in str(refused.value)


def test_8_32_units_that_moved_are_spent_after_the_impulse(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit A2 allied US infantry 3-4-3/2 1")
    _allied_impulse(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("end", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    units = board(match).units
    assert units["A1"]["status"] == "Spent" and units["A2"]["status"] == "Fresh"


@pytest.mark.parametrize(
    ("die", "status", "where"),
    [
        pytest.param(1, "Dis1", "2", id="8.4-dr-1-dis1-stays"),
        pytest.param(2, "Spent", "2", id="8.4-dr-2-spent-stays"),
        pytest.param(3, "Fresh", "3", id="8.4-dr-3-moves-on"),
    ],
)
def test_air_interdiction(tmp_path, monkeypatch, die, status, where):
    text = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 2-3
unit G1 german DE armour 4-3-6/2 1
"""
    match = new_match(tmp_path, text)
    match.play(Action("move", ("G1", "2"), "german"))
    script_dice(match, monkeypatch, [die])
    match.play(Action("move", ("G1", "3"), "german"))
    choose(match, "keep")  # the Allies hold the Advantage: they may have the dr rerolled (11.6)
    unit = board(match).units["G1"]
    assert (unit["status"], unit["space_id"]) == (status, where)


def test_8_4_fresh_flak_helps_and_overcast_has_no_interdiction(tmp_path, monkeypatch):
    text = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 2-3
unit G1 german DE armour 4-3-6/2 1
unit F1 german DE flak 2-2-3/1 2
"""
    match = new_match(tmp_path, text)
    match.play(Action("move", ("G1", "2"), "german"))
    script_dice(match, monkeypatch, [2])  # 2 + 1 Fresh FLAK = 3: no effect
    match.play(Action("move", ("G1", "3"), "german"))
    choose(match, "keep")
    assert board(match).units["G1"]["space_id"] == "3"


def test_18_3_germans_get_one_more_mf_in_overcast(tmp_path):
    text = "area 1 clear 1\narea 2 clear 1\nborder 1-2\nweather Overcast\nunit G1 german DE infantry 2-3-2/2 1"
    match = new_match(tmp_path, text)
    match.play(Action("move", ("G1", "2"), "german"))
    assert board(match).units["G1"]["mp"] == 2  # 2 + 1 Overcast - 1


def test_8_37_at_most_five_units_cross_one_bridge_per_impulse(tmp_path):
    units = "\n".join(f"unit A{i} allied US infantry 3-4-3/2 1" for i in range(6))
    text = "area 1 clear 1\narea 2 clear 1\nborder 1-2 river\nbridge BR1 1-2 allied\ncontrol 1 US\ncontrol 2 US\n"
    match = new_match(tmp_path, text + units)
    match.play(Action("pass", (), "german"))
    for i in range(5):
        match.play(Action("move", (f"A{i}", "2"), "allied"))
    with pytest.raises(RuleViolation, match="5 units crossed"):
        match.play(Action("move", ("A5", "2"), "allied"))


def test_8_34_a_unit_starting_in_a_contested_area_may_only_go_to_a_free_area(tmp_path):
    text = MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 1\n"
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("move", ("A1", "3"), "allied"))  # 3 is German-controlled
    assert refused.value.rule == "8.34"
    match.play(Action("move", ("A1", "2"), "allied"))  # 2 is free: allowed, and the move stops there
    assert board(match).units["A1"]["mp"] == 0


def _refusal(match, action) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        match.play(action)
    return refused.value


def test_8_34_a_unit_that_left_a_contested_area_is_refused_by_8_34_when_it_moves_on(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 1\n")
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    refused = _refusal(match, Action("move", ("A1", "1"), "allied"))
    assert refused.rule == "8.34" and "left a contested area" in str(refused)


def test_8_33_a_unit_that_entered_an_enemy_area_moves_no_further(tmp_path):
    match = new_match(
        tmp_path, MAP + "unit A1 allied US infantry 3-4-4/2 1\nunit G1 german DE infantry 2-3-2/2 3 Spent\n"
    )
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "3"), "allied"))  # 3 MF: only Spent Germans there (8.36 C)
    refused = _refusal(match, Action("move", ("A1", "1"), "allied"))
    assert refused.rule == "8.33" and "holds enemy units" in str(refused)


ARMOUR = MAP + "border 2-3\nunit T1 allied US armour 4-3-5/2 1\nunit G1 german DE infantry 2-3-2/2 1\n"


def test_8_35_armour_out_of_a_contested_area_enters_no_enemy_area_directly(tmp_path):
    """8.34 lets the armour leave to a free area for the usual MF; 8.35: an enemy-held (or occupied)
    area only from an area without enemy units, so not straight from the contested one."""
    match = new_match(tmp_path, ARMOUR)
    match.play(Action("pass", (), "german"))
    refused = _refusal(match, Action("move", ("T1", "3"), "allied"))  # 3 is German-controlled
    assert refused.rule == "8.35" and "from 1" in str(refused)
    match.play(Action("move", ("T1", "2"), "allied"))  # the free area 2, 1 MF
    match.play(Action("move", ("T1", "3"), "allied"))  # from the vacant area 2: 2 MF
    assert (board(match).units["T1"]["space_id"], board(match).units["T1"]["mp"]) == ("3", 2)


def test_8_34_armour_that_began_with_enemy_armour_stays_held_after_it_leaves(tmp_path):
    """The restriction is the impulse's start: the enemy armour in 1 when it was activated."""
    match = new_match(tmp_path, ARMOUR + "unit G2 german DE armour 4-3-5/2 1\nunit A1 allied US infantry 3-4-3/2 1\n")
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("T1", "2"), "allied"))
    refused = _refusal(match, Action("move", ("T1", "3"), "allied"))
    assert refused.rule == "8.34"


def test_8_38_no_minimum_move_after_spending_mf_on_a_seizure(tmp_path, monkeypatch):
    """8.38, 8.221: a unit that spent 1 MF trying a seizure has no minimum move left."""
    text = MAP + "area 7 clear 1\nborder 1-7 river\nbridge BR7 1-7 german\n"
    text += "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 4\n"
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [1])  # the seizure fails
    match.play(Action("seize", ("A1", "BR7"), "allied"))
    keep_rolls(match)
    assert board(match).units["A1"]["mp"] == 2
    refused = _refusal(match, Action("move", ("A1", "4"), "allied"))  # 4 MF: Fresh Germans (8.36 D)
    assert refused.rule == "8.38" and "spent MF" in str(refused)


def test_8_38_no_minimum_move_for_units_that_spent_mf_in_an_8_54_attack(tmp_path, monkeypatch):
    """8.54: after an attack in the activated contested area every unit there has spent 1 (or 2) MF."""
    from games.breakout.decisions import answer_all

    text = MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit A2 allied US infantry 3-4-3/2 1\n"
    text += "unit G1 german DE infantry 2-3-2/2 1 Dis2\nunit G2 german DE infantry 2-3-2/2 4\n"
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    match.play(Action("attack", ("1", "A1"), "allied"))
    answer_all(match)
    assert not board(match).areas["1"].units["german"]  # cleared: A2 moves free of 8.34 (8.54)
    assert board(match).units["A2"]["mp"] == 2
    refused = _refusal(match, Action("move", ("A2", "4"), "allied"))
    assert refused.rule == "8.38"
    match.play(Action("move", ("A2", "3"), "allied"))  # 2 MF into the vacant German area: enough


def test_8_13_a_move_is_taken_back_until_a_die_is_rolled(tmp_path):
    """8.13: 「なんらかのDR/drが振られた場合…もはや自分の移動内容を変更することはできない」:
    a move undoes freely; an undo across a roll is refused under 8.13 (without --force)."""
    from phaseline.undo import undo

    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G9 german DE infantry 2-3-2/2 6")
    _allied_impulse(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    undo(match)
    assert board(match).units["A1"]["space_id"] == "1"
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("end", (), "allied"))  # the Sunset DR is rolled (its reroll left unanswered)
    with pytest.raises(RuleViolation) as refused:
        undo(match)
    assert refused.value.rule == "8.13" and "(BkN 8.13)" in str(refused.value)


def test_8_13_a_move_is_final_once_the_next_impulse_has_begun(tmp_path):
    """8.13: 「…あるいは次のインパルスをはじめてしまったら もはや自分の移動内容を変更することはできない」:
    the German ends his impulse (no die rolled): taking it back is refused, forced or not."""
    from phaseline.undo import undo

    units = "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 4"
    match = new_match(tmp_path, MAP + "border 3-4\n" + units)
    match.play(Action("move", ("G1", "3"), "german"))
    match.play(Action("end", (), "german"))
    assert match.clock.step == "allied-impulse"
    for force in (False, True):
        with pytest.raises(RuleViolation) as refused:
            undo(match, force=force)
        assert refused.value.rule == "8.13" and "the Allied impulse has begun" in str(refused.value)
    assert board(match).units["G1"]["space_id"] == "3"


def test_8_37_no_leaving_a_contested_area_across_an_enemy_held_river(tmp_path):
    """8.37: 「ユニットは敵保持下の橋(あるいは敵保持下の河川)を通過して交戦状態エリアから出ることはできない」:
    A1 began the impulse in contested 5; the river 1-5 is German-held, so it may not go to the free 1."""
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 5\nunit G1 german DE infantry 2-3-2/2 5")
    _allied_impulse(match)
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("move", ("A1", "1"), "allied"))
    assert refused.value.rule == "8.37" and "enemy-held river 5-1" in str(refused.value)
