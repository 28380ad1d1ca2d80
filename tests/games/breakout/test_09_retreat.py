"""Breakout: Normandy 9.6: retreats of attackers and defenders, their limits and priorities."""

from __future__ import annotations

import pytest
from games.breakout.decisions import answer_all, asked, choose
from games.breakout.position import new_match, script_dice
from phaseline import Action
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.retreat import options

# Area 2 is attacked from 1. Around it: 3 and 4 free German areas (3 touches one more
# enemy-controlled area, 4 two), 5 German contested, 6 Allied contested, 7 Allied
# vacant, 8 a free German area touching no enemy area but across a river, 9 across a
# water obstacle, 10 across an enemy-held bridge.
AROUND = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
area 5 clear 1
area 6 clear 1
area 7 clear 1
area 8 clear 1
area 9 clear 1
area 10 clear 1
area 11 clear 1
border 1-2
border 2-3
border 2-4
border 2-5
border 2-6
border 2-7
border 2-8 river
border 2-9 water
border 2-10 river
bridge BR1 2-10 allied
border 3-7
border 4-11
border 4-6
control 1 US
control 6 US
control 7 US
control 11 US
unit A1 allied US infantry 3-4-3/2 1
unit A5 allied US infantry 3-4-3/2 5
unit A6 allied US infantry 3-4-3/2 6
unit G5 german DE infantry 2-3-2/2 5
unit G6 german DE infantry 2-3-2/2 6
"""


def _defender(match, unit_id):
    return board(match).units[unit_id]


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        pytest.param(
            "unit G1 german DE infantry 2-3-2/2 2 Spent", ("A", ["8"]), id="9.64-A-free-fewest-enemy-neighbours"
        ),
        pytest.param("unit G1 german DE armour 4-3-5/2 2 Spent", ("A", ["3"]), id="9.63-A-armour-never-across-a-river"),
    ],
)
def test_priorities(tmp_path, unit, expected):
    match = new_match(tmp_path, AROUND + unit)
    assert options(match, _defender(match, "G1")) == expected


def test_9_63_closed_borders_and_areas(tmp_path):
    """B: no water obstacle, no enemy-held bridge; C: no vacant enemy-controlled area (7)."""
    match = new_match(tmp_path, AROUND + "unit G1 german DE infantry 2-3-2/2 2 Spent")
    unit = board(match).units["G1"]
    open_areas: set[str] = set()
    while found := options(match, unit, tuple(sorted(open_areas)))[1]:
        open_areas |= set(found)
    assert open_areas == {"3", "4", "5", "6", "8"}  # 9 (water), 10 (enemy bridge) and 7 (enemy, vacant) closed


def test_9_64_b_then_c_contested_areas(tmp_path):
    text = AROUND.replace("border 2-3\n", "").replace("border 2-4\n", "") + "unit G1 german DE infantry 2-3-2/2 2 Spent"
    text = text.replace("border 2-8 river\n", "")
    match = new_match(tmp_path, text)
    assert options(match, _defender(match, "G1")) == ("B", ["5"])
    assert options(match, _defender(match, "G1"), ("5",)) == ("C", ["6"])


# 9.66: G1 (Dis2) in 2 must retreat through 3, which holds ten German units already.
FULL_AREA_BEHIND = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
border 1-2
border 2-3
border 3-4
control 1 US
unit A1 allied US infantry 3-4-3/2 1
unit G1 german DE infantry 2-3-2/2 2 Dis2
""" + "\n".join(f"unit F{i} german DE infantry 2-3-2/2 3" for i in range(10))


def test_9_66_a_full_area_is_entered_and_the_retreat_goes_on(tmp_path, monkeypatch):
    match = new_match(tmp_path, FULL_AREA_BEHIND)
    assert options(match, _defender(match, "G1")) == ("D", ["3"])
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [1, 1, 1, 1])  # AT 3 + 1 air + 2 = 6 vs DT 0 + 1 + 2 = 3: 3 CP
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "keep")
    assert board(match).units.get("G1") is None  # 2 CP would be left after a retreat: eliminated (9.5)


def test_9_66_through_a_full_area_to_one_under_the_limit(tmp_path, monkeypatch):
    match = new_match(tmp_path, FULL_AREA_BEHIND)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [1, 1, 1, 3])  # AT 6 vs DT 7 - 1... 1 CP
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "keep", "G1:retreat")
    g1 = board(match).units["G1"]
    assert g1["space_id"] == "4"  # through full area 3 to 4
    retreats = match.rows(
        "SELECT rule FROM event WHERE match_id = ? AND kind = 'retreat' ORDER BY seq", [match.match_id]
    )
    assert [r["rule"] for r in retreats] == ["9.66", "9.62"]


def test_9_66_nowhere_to_go_is_elimination(tmp_path, monkeypatch):
    text = """
area 1 clear 1
area 2 clear 1
border 1-2
control 1 US
unit A1 allied US infantry 3-4-3/2 1
unit G1 german DE infantry 2-3-2/2 2
"""
    match = new_match(tmp_path, text)
    assert options(match, _defender(match, "G1")) == (None, [])  # 9.63C: 1 is Allied and vacant


def test_9_65_one_unit_at_a_time_the_first_fills_the_area(tmp_path, monkeypatch):
    text = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
border 1-2
border 2-3
border 2-4
border 1-4
control 1 US
unit A1 allied US infantry 3-4-3/2 1
unit G1 german DE infantry 2-3-2/2 2 Spent
unit G2 german DE infantry 2-3-2/2 2 Spent
""" + "\n".join(f"unit F{i} german DE infantry 2-3-2/2 3" for i in range(9))
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    # AV 3 + 1 air = 4; DV 2 (Spent G1) + 1 TEM = 3: dice 6 + 1 vs 1 + 1 = 6 CP, capacity 6
    script_dice(match, monkeypatch, [6, 1, 1, 1])
    match.play(Action("attack", ("2",), "allied"))
    last_points = ["G1:retreat", "G2:retreat", "G1:Dis2", "G2:Dis2"]
    answer_all(match, {"advantage-reroll": "keep", "casualty": last_points})  # both retreat with their last points
    units = board(match).units
    assert sorted([units["G1"]["space_id"], units["G2"]["space_id"]]) == ["3", "4"]  # 3 took one: full


def test_9_62_a_fresh_defender_retreating_by_choice_becomes_spent(tmp_path, monkeypatch):
    german_bridge = AROUND.replace("bridge BR1 2-10 allied", "bridge BR1 2-10 german")  # 20.1: 2 and 10 are German
    match = new_match(
        tmp_path, german_bridge + "unit G1 german DE infantry 2-3-2/2 2\nunit G2 german DE infantry 2-3-2/2 2"
    )
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [1, 1, 6, 6])  # repulsed
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "G1", "keep")
    assert asked(match) == ("german", "voluntary-retreat", ["none", "G1", "G2"])
    choose(match, "G2")
    assert asked(match) == ("german", "retreat-to", ["10", "8"])  # 10 across the German-held BR1
    choose(match, "8")
    assert board(match).units["G2"]["status"] == "Spent" and board(match).units["G2"]["space_id"] == "8"
    choose(match, "none")
    assert asked(match) is None


def test_9_6_the_attacker_retreats_first(tmp_path, monkeypatch):
    match = new_match(tmp_path, AROUND + "unit G1 german DE infantry 2-3-2/2 2")
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [3, 3, 3, 3])  # AT 3 + 1 air + 6 = DT 3 + 1 TEM + 6: a stalemate
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "keep")
    kinds = []
    while asked(match):
        kinds.append(asked(match)[1])
        choose(match, asked(match)[2][0])
    assert kinds == ["attacker-retreat", "voluntary-retreat"]


def test_9_61_attackers_of_their_own_area_never_retreat(tmp_path, monkeypatch):
    """8.54, 9.61: a failed attack in the activated contested area: Dis1, and no retreat."""
    text = AROUND + "unit G1 german DE infantry 2-3-2/2 2\nunit A2 allied US infantry 3-4-3/2 2"
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "keep")
    a2 = board(match).units["A2"]
    assert (a2["status"], a2["space_id"]) == ("Dis1", "2")
    assert asked(match)[1] == "voluntary-retreat"  # no attacker-retreat was offered


def test_9_67_a_retreated_unit_may_be_attacked_again(tmp_path, monkeypatch):
    text = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 2-3
border 1-3
control 1 US
unit A1 allied US infantry 3-4-3/2 1
unit A9 allied US infantry 3-4-6/2 1
unit G1 german DE infantry 2-3-2/2 2 Spent
"""
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    script_dice(match, monkeypatch, [2, 1, 1, 1])  # AT 7 vs DT 4: 3 CP
    match.play(Action("attack", ("2",), "allied"))
    answer_all(match, {"advantage-reroll": "keep", "casualty": "G1:retreat"})
    assert board(match).units["G1"]["space_id"] == "3"
    match.play(Action("move", ("A9", "3"), "allied"))
    assert Action("attack", ("3",), "allied") in match.legal_actions("allied")


BRIDGED_RETREAT = """
area 2 clear 1
area 3 clear 1
area 4 clear 1
border 2-3
border 3-4 river
bridge BR4 3-4 german
control 2 US
unit A1 allied US infantry 3-4-3/2 2
unit T1 german DE armour 4-3-5/2 3 Spent
unit G1 german DE infantry 2-3-2/2 3 Spent
"""


def test_9_66_a_retreat_over_a_bridge_counts_against_its_five(tmp_path):
    """9.66 「橋を通過しての退却は5ユニットまでに制限される」, 20.1: five units a bridge an impulse,
    retreats too, whatever their direction. At the limit no unit retreats over it, infantry
    neither: a border whose bridge stands has a bridge (8.37), and infantry fords only a river
    without one (9.66 「歩兵が橋のない河川」, 9.63A)."""
    from phaseline import Event
    from phaseline.games.breakout.rules.retreat import barred, retreat_one_area

    match = new_match(tmp_path, BRIDGED_RETREAT)
    with match.store.transaction():
        match.log(Event("note", purpose="test: four units crossed BR4 this impulse"))
        match.insert("bkn_traffic", {"bridge_id": "BR4", "crossings": 4})
        retreat_one_area(match, "T1", "4", "9.62")
    assert board(match).traffic["BR4"] == 5
    assert options(match, board(match).units["G1"]) == (None, [])
    rule, why = barred(match, board(match).units["G1"])
    assert rule == "9.66" and "4, 5 units crossed" in why
    with match.store.transaction():
        match.log(Event("note", purpose="test: the armour back in 3"))
        match.set("unit_state", {"unit_id": "T1"}, space_id="3")
    assert options(match, board(match).units["T1"]) == (None, [])


def test_9_63_d_a_corps_artillery_retreats_through_an_area_with_a_friendly_one(tmp_path):
    """9.63D, 7.1, 16.1: one corps artillery an area at any time: for a retreating corps artillery unit
    an area holding one is full, and it retreats on (9.66)."""
    text = BRIDGED_RETREAT + "border 2-4\nunit C1 german DE artillery 3-1-3/1 3 Spent art=corps\n"
    text += "unit C2 german DE artillery 3-1-3/1 4 art=corps\n"
    match = new_match(tmp_path, text)
    assert options(match, board(match).units["C1"]) == ("D", ["4"])
    assert options(match, board(match).units["G1"]) == ("A", ["4"])
