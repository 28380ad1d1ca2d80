"""Breakout: Normandy 8: the assault impulse, forced and voluntary attacks, overrun and the
activated contested area (8.11-8.54)."""

from __future__ import annotations

import pytest
from games.breakout.decisions import answer_all, asked, choose, keep_rolls
from games.breakout.position import new_match, script_dice
from phaseline import Action, InvalidOrder, RuleViolation
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.combat import attackers_for
from phaseline.undo import undo

MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
border 1-2
border 1-3
border 2-3
border 2-4
border 3-4
control 1 US
unit A1 allied US infantry 3-4-3/2 1
unit A2 allied US infantry 3-4-3/2 1
unit A3 allied US infantry 3-4-3/2 4
unit G1 german DE infantry 2-3-2/2 2 Spent
"""


def _allied(match):
    match.play(Action("pass", (), "german"))


def _refused(match, action) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        match.play(action)
    return refused.value


def test_8_an_assault_impulse_moves_then_fights(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _allied(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    match.play(Action("attack", ("2",), "allied"))
    answer_all(match, {"advantage-reroll": "keep"})
    assert "G1" not in board(match).units and board(match).areas["2"].controlled_by("allied")


def test_10_1_a_bombardment_impulse_moves_nobody(tmp_path, monkeypatch):
    """10.1: 「攻撃と異なりいかなるユニットも移動できず」: the refusal cites 10.1."""
    text = MAP + "unit R1 allied US artillery 3-1-3/1 1 art=corps\n"
    match = new_match(tmp_path, text)
    _allied(match)
    script_dice(match, monkeypatch, [1, 1, 1, 1])
    match.play(Action("bombard", ("2", "R1"), "allied"))
    choose(match, "keep")
    assert _refused(match, Action("move", ("A1", "3"), "allied")).rule == "10.1"
    assert _refused(match, Action("attack", ("2",), "allied")).rule == "10.1"
    assert not [a for a in match.legal_actions("allied") if a.verb in ("move", "attack")]


def test_8_12_enemy_units_move_only_by_retreating(tmp_path):
    match = new_match(tmp_path, MAP)
    _allied(match)
    with pytest.raises(InvalidOrder):
        match.play(Action("move", ("G1", "3"), "german"))
    assert not match.legal_actions("german")


def test_8_13_a_roll_makes_the_attack_final(tmp_path):
    match = new_match(tmp_path, MAP)
    _allied(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("attack", ("2",), "allied"))
    with pytest.raises(RuleViolation, match="roll"):
        undo(match)


def test_8_2_an_assault_activates_one_area(tmp_path):
    match = new_match(tmp_path, MAP)
    _allied(match)
    match.play(Action("move", ("A1", "3"), "allied"))
    refusal = _refused(match, Action("move", ("A3", "3"), "allied"))
    assert refusal.rule == "8.1" and "activated area" in str(refusal)


def test_8_22_an_area_is_attacked_once_per_impulse(tmp_path, monkeypatch):
    match = new_match(
        tmp_path, MAP.replace("unit G1 german DE infantry 2-3-2/2 2 Spent", "unit G1 german DE infantry 2-5-2/4 2")
    )
    _allied(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    match.play(Action("attack", ("2",), "allied"))
    answer_all(match, {"advantage-reroll": "keep"})
    assert _refused(match, Action("attack", ("2",), "allied")).rule == "8.22"


def test_8_31_units_split_up_and_none_enters_an_attacked_area(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _allied(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    match.play(Action("attack", ("2",), "allied"))
    answer_all(match, {"advantage-reroll": "keep"})
    match.play(Action("move", ("A2", "3"), "allied"))  # another area: allowed
    assert board(match).units["A2"]["space_id"] == "3"
    assert _refused(match, Action("move", ("A2", "2"), "allied")).rule == "8.31"


def test_8_3_only_units_that_began_in_the_activated_area_move(tmp_path):
    match = new_match(tmp_path, MAP)
    _allied(match)
    match.play(Action("move", ("A1", "3"), "allied"))
    moving = {a.args[0] for a in match.legal_actions("allied") if a.verb == "move"}
    assert moving == {"A1", "A2"}


def test_8_33_only_to_an_adjacent_area(tmp_path):
    match = new_match(tmp_path, MAP)
    _allied(match)
    assert _refused(match, Action("move", ("A1", "4"), "allied")).rule == "8.33"


def test_8_5_only_participants_and_all_defenders_are_affected(tmp_path, monkeypatch):
    text = MAP + "unit G2 german DE infantry 2-3-2/2 2\nunit A0 allied US infantry 3-4-3/2 2\n"
    match = new_match(tmp_path, text)
    _allied(match)
    match.play(Action("move", ("A1", "2"), "allied"))  # 2 was contested: a voluntary attack
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    match.play(Action("attack", ("2",), "allied"))
    answer_all(match, {"advantage-reroll": "keep"})
    units = board(match).units
    assert units["A0"]["status"] == "Fresh"  # 8.52: it began there and is not activated
    assert "G1" not in units and "G2" not in units


def test_8_51_the_impulse_cannot_end_before_a_forced_attack(tmp_path):
    match = new_match(tmp_path, MAP)
    _allied(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    assert "end" not in [a.verb for a in match.legal_actions("allied")]
    refusal = _refused(match, Action("end", (), "allied"))
    assert refusal.rule == "8.51" and "A1" in str(refusal) and "2" in str(refusal)
    match.play(Action("move", ("A2", "2"), "allied"))
    assert _refused(match, Action("attack", ("2", "A2"), "allied")).rule == "8.51"  # A1 must attack too


def test_8_52_a_voluntary_attack_with_some_of_the_units(tmp_path, monkeypatch):
    text = MAP + "unit A0 allied US infantry 3-4-3/2 2\n"
    match = new_match(tmp_path, text)
    _allied(match)
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("move", ("A2", "2"), "allied"))
    assert "end" in [a.verb for a in match.legal_actions("allied")]  # nothing is forced in a contested area
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    match.play(Action("attack", ("2", "A2"), "allied"))
    answer_all(match, {"advantage-reroll": "keep"})
    units = board(match).units
    assert (units["A1"]["status"], units["A2"]["status"]) == ("Fresh", "Dis1")
    match.play(Action("end", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    assert board(match).units["A1"]["status"] == "Spent"  # it moved without attacking


OVERRUN = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 2-3
border 1-3
control 1 US
unit T1 allied US armour 5-4-6/3 1 div=2Arm
unit R1 allied US artillery 3-1-3/1 1 art=division div=2Arm
unit G1 german DE infantry 2-3-2/2 2 Dis2
unit G3 german DE infantry 2-3-2/2 3 Dis2
"""


def test_8_53_overrun_units_move_on_and_artillery_supports_once_more(tmp_path, monkeypatch):
    match = new_match(tmp_path, OVERRUN)
    _allied(match)
    match.play(Action("move", ("T1", "2"), "allied"))  # 3 MF for Spent/Dis enemies: 3 MF left
    script_dice(match, monkeypatch, [6, 6, 1, 1, 1, 1, 1, 1])  # AT 5 + 1 + 1 + 12 vs DT 0 + 1 + 2
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "keep")
    t1, r1 = board(match).units["T1"], board(match).units["R1"]
    assert (t1["status"], t1["mp"], t1["attacked"]) == ("Fresh", 3, False)
    assert r1["status"] == "Fresh"  # it may support one more attack
    match.play(Action("move", ("T1", "3"), "allied"))
    match.play(Action("attack", ("3",), "allied"))
    answer_all(match)
    support = match.one(
        "SELECT purpose FROM event WHERE match_id = ? AND rule = '9.1' ORDER BY seq DESC LIMIT 1", [match.match_id]
    )
    assert "1 supporting artillery" in support  # R1 fired a second time
    assert board(match).units["R1"]["status"] == "Spent"


def test_8_53_no_overrun_in_bocage(tmp_path, monkeypatch):
    match = new_match(tmp_path, OVERRUN.replace("area 2 clear 1", "area 2 bocage 1 bocage"))
    _allied(match)
    match.play(Action("move", ("T1", "2"), "allied"))
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "keep")
    t1 = board(match).units["T1"]
    assert (t1["status"], t1["mp"]) == ("Spent", 0)


CONTESTED = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 1-3
control 1 US
control 2 US
unit A1 allied US infantry 3-4-4/2 1
unit A2 allied US infantry 3-4-4/2 1
unit G1 german DE infantry 2-3-2/2 1
"""


@pytest.mark.parametrize(
    ("g1", "mp"),
    [
        pytest.param("", 2, id="8.54-a-fresh-defender-costs-the-others-2-MF"),
        pytest.param(" Spent", 3, id="8.54-spent-defenders-cost-1-MF"),
    ],
)
def test_attack_in_the_activated_contested_area(tmp_path, monkeypatch, g1, mp):
    match = new_match(tmp_path, CONTESTED.replace("2-3-2/2 1", "2-3-2/2 1" + g1))
    _allied(match)
    script_dice(match, monkeypatch, [1, 1, 6, 6])  # repulsed
    match.play(Action("attack", ("1", "A1"), "allied"))
    answer_all(match, {"advantage-reroll": "keep"})
    units = board(match).units
    assert (units["A1"]["status"], units["A1"]["space_id"]) == ("Dis1", "1")  # 9.61: no retreat
    assert units["A2"]["mp"] == mp  # 4 MF less the 8.54 cost
    assert _refused(match, Action("move", ("A2", "3"), "allied")).rule == "8.34"  # still contested


def test_8_54_a_cleared_area_frees_the_others_of_8_34(tmp_path, monkeypatch):
    match = new_match(tmp_path, CONTESTED)
    _allied(match)
    script_dice(match, monkeypatch, [6, 5, 1, 1])  # AT 3 + 1 + 11 = 15 vs DT 3 + 1 + 2 = 6: 9 CP, 8 capacity
    match.play(Action("attack", ("1", "A1"), "allied"))
    answer_all(match, {"advantage-reroll": "keep"})
    assert "G1" not in board(match).units
    match.play(Action("move", ("A2", "3"), "allied"))  # 3 is German-controlled: no longer barred by 8.34
    assert board(match).units["A2"]["space_id"] == "3"
    assert asked(match) is None


def test_8_54_an_attack_in_place_opens_the_impulse_and_is_listed(tmp_path):
    match = new_match(tmp_path, CONTESTED + "unit A3 allied US infantry 3-4-4/2 2\n")
    _allied(match)
    attacks = [a for a in match.legal_actions("allied") if a.verb == "attack"]
    assert attacks == [Action("attack", ("1",), "allied")]  # the contested area; not 2, which holds no enemy


def test_8_54_once_another_area_is_activated_only_the_units_that_entered_attack(tmp_path):
    match = new_match(tmp_path, CONTESTED + "unit A3 allied US infantry 3-4-4/2 2\n")
    _allied(match)
    match.play(Action("move", ("A3", "1"), "allied"))  # activates 2: A3 enters 1 and waits to attack it
    assert [u["unit_id"] for u in attackers_for(match, "allied", "1")] == ["A3"]  # not A1, A2 (8.1)


def test_8_11_an_assault_impulse_that_moved_a_unit_may_not_also_bombard(tmp_path):
    """8.11: 「インパルスには突撃砲爆撃パスの3種類がある」: a move makes it an assault impulse."""
    match = new_match(tmp_path, MAP + "unit R1 allied US artillery 3-1-3/1 1 art=corps\n")
    _allied(match)
    match.play(Action("move", ("A1", "3"), "allied"))
    assert _refused(match, Action("bombard", ("2", "R1"), "allied")).rule == "8.11"
