"""Breakout: Normandy 13 (and 6.5): regroup one area into an adjacent free area, Germans first."""

from __future__ import annotations

import pytest
from games.breakout.decisions import keep_rolls
from games.breakout.position import new_match, script_dice
from phaseline import Action, Event, RuleViolation
from phaseline.games.breakout.rules import bridges
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.regroup import can_regroup_to
from phaseline.render.account import account_lines

MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
area 5 clear 1
area ZA zone
border 1-2
border 1-3 river
border 1-4 river
border 1-5 water
border 1-ZA arrow
bridge BR1 1-4 german
control 1 US
control 2 US
control 3 US
control 4 US
control 5 US
control ZA US
"""


def _regroup_phase(match, monkeypatch):
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [6, 6, 6])  # the Sunset DR, then isolated G1's surrender dr (12.8)
    match.play(Action("pass", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands


@pytest.mark.parametrize(
    ("unit", "dests"),
    [
        pytest.param(
            "A1 allied US infantry 3-4-3/2 1", ["2", "3", "ZA"], id="13-infantry-over-a-river-not-by-enemy-bridge"
        ),
        pytest.param("T1 allied US armour 4-3-5/2 1 Spent", ["2", "ZA"], id="13-armour-never-over-an-unbridged-river"),
    ],
)
def test_regroup_destinations(tmp_path, unit, dests):
    match = new_match(tmp_path, MAP + f"unit {unit}\n")
    unit_id = unit.split()[0]
    assert can_regroup_to(match, board(match).units[unit_id]) == dests


def test_13_an_allied_bridge_takes_five_regrouping_units(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\n")
    with match.store.transaction():
        match.log(Event("note", purpose="test: BR1 Allied, five crossed"))
        bridges.set_bridge(match, board(match).bridges["BR1"], "allied")
    assert "4" in can_regroup_to(match, board(match).units["A1"])
    with match.store.transaction():
        match.log(Event("note", purpose="test: five crossed"))
        match.insert("bkn_traffic", {"bridge_id": "BR1", "crossings": 5})
    assert "4" not in can_regroup_to(match, board(match).units["A1"])


def test_13_not_over_an_enemy_held_river_out_of_a_contested_area(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 1\n")
    assert "3" not in can_regroup_to(match, board(match).units["A1"])
    with match.store.transaction():
        match.log(Event("note", purpose="test: the Allies hold the 1-3 river"))
        bridges.hold_river(match, "1", "3", "allied")
    assert "3" in can_regroup_to(match, board(match).units["A1"])


def test_6_5_germans_regroup_first_then_allies(tmp_path, monkeypatch):
    text = MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 5\narea 6 clear 1\n"
    text += "border 5-6\n"
    match = new_match(tmp_path, text)
    _regroup_phase(match, monkeypatch)
    assert match.clock.step == "german-regroup"
    match.play(Action("regroup", ("G1", "6"), "german"))
    with pytest.raises(RuleViolation, match="already regrouped") as refused:
        match.play(Action("regroup", ("G1", "5"), "german"))
    assert refused.value.rule == "13"
    match.play(Action("end", (), "german"))
    keep_rolls(match)  # 11.6: the roll stands
    assert match.clock.step == "allied-regroup"


def test_7_3_a_us_unit_regrouping_alone_into_an_empty_british_area_makes_it_american(tmp_path, monkeypatch):
    """7.3: 「開放エリアにおいて支配していた国籍のユニットが全ていなくなりもう一方の国籍のユニットが
    単独でそこに存在するようになった場合」 control changes nationality; a regroup is no exception."""
    text = MAP + "control 2 UK\nunit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 5\n"
    match = new_match(tmp_path, text)
    assert board(match).areas["2"].controller == "UK"
    _regroup_phase(match, monkeypatch)
    if match.clock.step == "german-regroup":
        match.play(Action("end", (), "german"))
        keep_rolls(match)
    assert match.clock.step == "allied-regroup"
    match.play(Action("regroup", ("A1", "2"), "allied"))
    assert board(match).areas["2"].controller == "US"


def _regroup_refusal(match, unit_id: str, dest: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("regroup", (unit_id, dest), "allied"))
    return refused.value


CROWDED = MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit C1 allied US artillery 4-2-3/1 1 art=corps\n"
CROWDED += "unit C2 allied US artillery 4-2-3/1 2 art=corps\n"


def test_7_1_no_second_corps_artillery_in_an_area_by_regroup(tmp_path, monkeypatch):
    """7.1, 16.1: one corps artillery per area, at any time, Regroup included (not in a zone, 14.3)."""
    match = new_match(tmp_path, CROWDED)
    _regroup_phase(match, monkeypatch)
    assert match.clock.step == "allied-regroup"  # no German unit: the German Regroup passes by
    assert "2" not in can_regroup_to(match, board(match).units["C1"]) and "ZA" in can_regroup_to(
        match, board(match).units["C1"]
    )
    refused = _regroup_refusal(match, "C1", "2")
    assert refused.rule == "7.1" and "one corps artillery" in str(refused)
    match.play(Action("regroup", ("A1", "2"), "allied"))  # other units still may


def test_7_1_a_full_area_refuses_a_regrouping_unit_by_7_1(tmp_path, monkeypatch):
    crowd = "".join(f"unit F{i} allied US infantry 3-4-3/2 2\n" for i in range(10))
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\n" + crowd)
    _regroup_phase(match, monkeypatch)
    assert match.clock.step == "allied-regroup"  # no German unit: the German Regroup passes by
    refused = _regroup_refusal(match, "A1", "2")
    assert refused.rule == "7.1" and "10 allied units" in str(refused)


def test_13_the_bridge_limit_in_regroup_is_refused_by_13_and_8_37(tmp_path, monkeypatch):
    """13: 「橋の通過制限5ユニットを超過することもできない」, restating 8.37's five a bridge a phase."""
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\n")
    with match.store.transaction():
        match.log(Event("note", purpose="test: BR1 Allied"))
        bridges.set_bridge(match, board(match).bridges["BR1"], "allied")
    _regroup_phase(match, monkeypatch)
    assert match.clock.step == "allied-regroup"  # no German unit: the German Regroup passes by
    with match.store.transaction():
        match.log(Event("note", purpose="test: five crossed BR1 this phase"))
        match.insert("bkn_traffic", {"bridge_id": "BR1", "crossings": 5})
    refused = _regroup_refusal(match, "A1", "4")
    assert refused.rule == "13" and "5 units crossed" in str(refused) and "(BkN 8.37)" in str(refused)


def test_13_a_unit_on_a_beach_never_regroups_back_into_its_approach_box(tmp_path, monkeypatch):
    """13: regroup goes into free areas or zones only; 3.4: a beach's units never re-enter its box."""
    text = MAP.replace(
        "area 1 clear 1", "area 1 clear 1\narea BOX sea\nborder BOX-1 landing\nbeach Omaha 1 box=BOX nat=US"
    )
    match = new_match(tmp_path, text + "unit A1 allied US infantry 3-4-3/2 1\n")
    _regroup_phase(match, monkeypatch)
    while match.clock.step != "allied-regroup":  # the beach's depots give the Allies a Refit phase
        match.play(Action("end", (), match.waiting_on()[0]))
    refused = _regroup_refusal(match, "A1", "BOX")
    assert refused.rule == "13" and "(BkN 3.4)" in str(refused)


def test_13_a_regroup_tells_the_unit_and_the_areas_it_left_and_entered(tmp_path, monkeypatch):
    """13: the order's account names the unit, the area left and the area entered, not a blank line."""
    text = MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-3-2/2 5\n"
    match = new_match(tmp_path, text + "area 6 clear 1\nborder 5-6\n")
    _regroup_phase(match, monkeypatch)
    before = match.events.last_seq
    match.play(Action("regroup", ("G1", "6"), "german"))
    assert account_lines(match, before) == ["G1: regroups 5→6 (BkN 13)"]
