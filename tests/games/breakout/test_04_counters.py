"""Breakout: Normandy 4: the counters: nationalities, the six unit types and their data."""

from __future__ import annotations

import pytest
from games.breakout.position import new_match
from phaseline import Action, Match, RuleViolation, Store
from phaseline.games.breakout.rules.board import board, national_group
from phaseline.games.breakout.rules.regroup import can_regroup_to, legal_regroups
from phaseline.plugins import registry

MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 2-3 river
control 1 US
control 3 US
"""


@pytest.fixture(scope="module")
def week() -> Match:
    return Match.create(Store.open(":memory:"), registry(), "breakout-normandy", "week", seed=1)


def allied_impulse(tmp_path, text: str) -> Match:
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    return match


def moves(match, side: str = "allied") -> set[str]:
    return {str(a) for a in match.legal_actions(side) if a.verb == "move"}


def test_4_every_counter_has_its_printed_values_and_one_of_six_types(week):
    units = (
        board(week).units
        if False
        else week.rows(
            "SELECT u.unit_id, u.attack, u.defense, u.movement, b.spent_defense, b.type FROM unit u "
            "JOIN bkn_unit b USING (match_id, unit_id)",
            [],
        )
    )
    assert len(units) == 128
    assert {u["type"] for u in units} == {"infantry", "armour", "artillery", "flak", "pak", "coastal"}  # 4.2
    assert all(None not in (u["attack"], u["defense"], u["movement"], u["spent_defense"]) for u in units)


# === 4.1 UNITS ===============================================================================


def test_4_1_sides_and_nationalities(week):
    pairs = set(week.con.execute("SELECT bloc, nationality FROM unit").fetchall())
    assert pairs == {("allied", "US"), ("allied", "UK"), ("allied", "CAN"), ("german", "DE")}
    assert week.one("SELECT count(*) FROM bkn_unit WHERE ss", []) > 0  # blue or black (SS) Germans


def test_4_1_canadians_count_as_british(tmp_path):
    assert national_group("CAN") == "UK"
    match = allied_impulse(tmp_path, MAP + "unit C1 allied CAN infantry 3-4-3/2 1\n")
    match.play(Action("move", ("C1", "2"), "allied"))
    assert board(match).areas["2"].controller == "UK"


# === 4.2 UNIT TYPES ==========================================================================


def test_4_2_a_spent_unit_neither_moves_nor_attacks_but_regroups(tmp_path):
    match = allied_impulse(
        tmp_path, MAP + "area 4 clear 1\nborder 1-4\ncontrol 4 US\nunit A1 allied US infantry 3-4-3/2 1 Spent\n"
    )
    assert not moves(match)
    with pytest.raises(RuleViolation):
        match.play(Action("move", ("A1", "4"), "allied"))
    assert can_regroup_to(match, board(match).units["A1"]) == ["4"]  # 13: into the adjacent free area


def test_4_21_infantry_alone_crosses_a_river_without_a_bridge(tmp_path):
    text = MAP + "control 2 US\nunit A1 allied US infantry 3-4-3/2 2\nunit T1 allied US armour 4-3-5/2 2\n"
    match = allied_impulse(tmp_path, text)
    assert "move A1 3" in moves(match) and "move T1 3" not in moves(match)


def test_4_22_armour_leaves_a_contested_area_and_moves_on_where_infantry_stops(tmp_path):
    """8.34: out of a contested area both go only to a free area; the infantry stops there, the armour
    (no enemy armour there) moves on; 8.35: neither enters the German area 4 straight from it."""
    text = MAP + "area 4 clear 1\nborder 1-4\nborder 2-4\ncontrol 2 US\n"
    text += "unit T1 allied US armour 4-3-5/2 1\nunit A1 allied US infantry 3-4-3/2 1\n"
    text += "unit G1 german DE infantry 2-3-2/1 1\n"
    match = allied_impulse(tmp_path, text)
    assert {"move T1 2", "move A1 2"} <= moves(match) and not {"move T1 4", "move A1 4"} & moves(match)
    match.play(Action("move", ("T1", "2"), "allied"))
    match.play(Action("move", ("A1", "2"), "allied"))
    assert "move T1 4" in moves(match) and "move A1 4" not in moves(match)


def test_4_23_field_artillery_is_never_the_point_unit(tmp_path):
    text = MAP + "unit R1 allied US artillery 3-2-3/1 1 art=division\nunit G1 german DE infantry 2-3-2/1 2\n"
    match = allied_impulse(tmp_path, text)
    with pytest.raises(RuleViolation, match="point unit must enter first") as refused:
        match.play(Action("move", ("R1", "2"), "allied"))
    assert refused.value.rule == "8.35"


def test_4_24_flak_and_pak_enter_enemy_areas_only_behind_a_point_unit(tmp_path):
    text = (
        MAP
        + "unit G1 german DE infantry 2-3-2/1 2\nunit F1 german DE flak 2-2-3/1 2\nunit P1 german DE pak 2-2-3/1 2\n"
    )
    match = new_match(tmp_path, text)
    assert not {"move F1 1", "move P1 1"} & moves(match, "german")
    match.play(Action("move", ("G1", "1"), "german"))
    match.play(Action("move", ("F1", "1"), "german"))
    match.play(Action("move", ("P1", "1"), "german"))
    assert {u for u in board(match).areas["1"].units["german"]} == {"G1", "F1", "P1"}


def test_4_25_coastal_batteries_never_move_or_regroup(tmp_path):
    text = MAP + "unit K1 german DE coastal 0-2-0/1 2\ncontrol 2 DE\n"
    match = new_match(tmp_path, text)
    assert not moves(match, "german")
    assert legal_regroups(match, "german") == []


# === 4.3 UNIT DATA ===========================================================================


def test_4_3_size_and_parent_division_are_loaded(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1 div=29th size=X\n")
    unit = board(match).units["A1"]
    assert (unit["size"], unit["division"]) == ("X", "29th")


@pytest.mark.parametrize(
    ("divisions", "bonus"),
    [
        pytest.param(("29th", "29th", "29th"), True, id="4.31-three-of-one-division-earn-the-bonus"),
        pytest.param(("29th", "29th", "1st"), False, id="4.31-mixed-divisions-do-not"),
    ],
)
def test_parent_division(tmp_path, divisions, bonus):
    units = "".join(f"unit A{n} allied US infantry 3-4-3/2 1 div={d}\n" for n, d in enumerate(divisions))
    match = allied_impulse(tmp_path, MAP + units + "unit G1 german DE infantry 2-3-2/1 2\n")
    for n in range(len(divisions)):
        match.play(Action("move", (f"A{n}", "2"), "allied"))
    match.play(Action("attack", ("2",), "allied"))
    av = match.one("SELECT purpose FROM event WHERE rule = '9.1' AND kind = 'note'", [])
    assert ("same-division bonus" in av) is bonus


def test_4_32_a_spent_unit_defends_with_its_spent_value(tmp_path):
    text = MAP + "unit A1 allied US infantry 3-4-3/2 1\nunit G1 german DE infantry 2-5-2/1 2 Spent\n"
    match = allied_impulse(tmp_path, text)
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("attack", ("2",), "allied"))
    dv = match.one("SELECT purpose FROM event WHERE rule = '9.1' AND kind = 'note'", [])
    assert "+1 forward unit G1 (Spent)" in dv


def test_4_33_units_without_a_day_start_on_the_map_the_others_wait(week):
    rows = week.rows(
        "SELECT b.unit_id, b.method, b.arrival_day, b.arrive_at, s.space_id FROM bkn_unit b "
        "LEFT JOIN unit_state s USING (match_id, unit_id)",
        [],
    )
    starting = [r for r in rows if r["method"] == "start"]
    assert starting and all(r["arrival_day"] is None and r["space_id"] == r["arrive_at"] for r in starting)
    later = [r for r in rows if (r["arrival_day"] or 0) > 6]
    assert later and all(r["space_id"] is None for r in later)  # they arrive at the Dawn of their day (19.1)
