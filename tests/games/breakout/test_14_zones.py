"""Breakout: Normandy 14 (and 3.3, 7.2): zones, the off-map approach routes."""

from __future__ import annotations

import pytest
from games.breakout.decisions import answer_all
from games.breakout.position import new_match
from phaseline import Action, RuleViolation
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.bombardment import legal_bombardments

# 1 - 2 -> zone A -> zone B
MAP = """
area 1 clear 1
area 2 clear 1
area ZA zone
area ZB zone
border 1-2
border 2-ZA arrow
border ZA-ZB arrow
"""


def allied_impulse(text: str, tmp_path):
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    return match


def note(match, rule: str) -> str:
    return match.one("SELECT purpose FROM event WHERE rule = ? ORDER BY seq DESC LIMIT 1", [rule])


def test_14_a_zone_is_an_area_free_vacant_or_contested_like_the_others(tmp_path):
    match = new_match(tmp_path, MAP + "unit G1 german DE infantry 2-3-2/1 ZA\n")
    zone = board(match).areas["ZA"]
    assert zone.is_zone and not zone.is_box and not zone.is_map_area
    assert zone.free("german") and not zone.vacant("allied")
    assert not board(match).areas["ZB"].free("allied") and board(match).areas["ZB"].vacant("allied")


# === 14.1 GENERAL ============================================================================


def test_14_1_area_rules_apply_to_zones_control_changes_on_entry(tmp_path):
    match = allied_impulse(MAP + "control 2 US\nunit A1 allied US infantry 3-4-3/2 2\n", tmp_path)
    assert board(match).areas["ZA"].controller == "DE"  # 7.3: every space starts German
    match.play(Action("move", ("A1", "ZA"), "allied"))
    assert board(match).areas["ZA"].controller == "US"


# === 14.2 MOVEMENT ===========================================================================


def test_14_2_entering_a_zone_costs_all_mf_and_ends_the_move(tmp_path):
    match = allied_impulse(MAP + "control 2 US\nunit A1 allied US infantry 3-4-4/2 2\n", tmp_path)
    match.play(Action("move", ("A1", "ZA"), "allied"))
    unit = board(match).units["A1"]
    assert (unit["space_id"], unit["mp"]) == ("ZA", 0)
    assert note(match, "14.2") == "A1 2->ZA: all MF to enter ZA"
    with pytest.raises(RuleViolation):
        match.play(Action("move", ("A1", "ZB"), "allied"))


def test_14_2_only_a_unit_that_began_the_impulse_next_to_the_zone_may_enter(tmp_path):
    match = allied_impulse(MAP + "control 1 US\ncontrol 2 US\nunit A1 allied US infantry 3-4-4/2 1\n", tmp_path)
    match.play(Action("move", ("A1", "2"), "allied"))
    with pytest.raises(RuleViolation, match="began the impulse next to a zone") as refused:
        match.play(Action("move", ("A1", "ZA"), "allied"))
    assert refused.value.rule == "14.2"


def test_14_2_a_unit_leaves_a_zone_at_the_normal_cost_and_may_go_on(tmp_path):
    match = allied_impulse(MAP + "control ZA US\nunit A1 allied US infantry 3-4-4/2 ZA\n", tmp_path)
    match.play(Action("move", ("A1", "2"), "allied"))  # vacant German area: 2 MF (8.36 B)
    match.play(Action("move", ("A1", "1"), "allied"))
    assert board(match).units["A1"]["space_id"] == "1"


def test_14_2_a_contested_zone_does_not_hold_its_units_back(tmp_path):
    units = "unit A1 allied US infantry 3-4-4/2 {at}\nunit G1 german DE infantry 2-3-2/1 {at}\n"
    match = allied_impulse(MAP + units.format(at="ZA"), tmp_path)
    match.play(Action("move", ("A1", "2"), "allied"))  # 2 is German-controlled, not free
    assert board(match).units["A1"]["space_id"] == "2"
    area = allied_impulse(MAP + units.format(at="1"), tmp_path / "area")
    with pytest.raises(RuleViolation, match="adjacent free area"):  # 8.34 in an area
        area.play(Action("move", ("A1", "2"), "allied"))


def test_14_2_ruling_contested_zone_8_35_enters_enemy_areas_only_from_a_vacant_space(tmp_path):
    from games.breakout.position import match_of, write_position

    units = "unit A1 allied US infantry 3-4-4/2 ZA\nunit G1 german DE infantry 2-3-2/1 ZA\n"
    folder, after = write_position(tmp_path / "position", MAP + units)
    match = match_of(folder, after, options=("contested-zone-8-35",))
    match.play(Action("pass", (), "german"))
    with pytest.raises(RuleViolation, match="only from an area without enemy units") as refused:
        match.play(Action("move", ("A1", "2"), "allied"))
    assert refused.value.rule == "8.35"


# === 14.3 STACKING ===========================================================================


def test_14_3_two_corps_artillery_may_share_a_zone_but_not_an_area(tmp_path):
    corps = "unit K1 allied US artillery 2-2-3/1 {at} art=corps\nunit K2 allied US artillery 2-2-3/1 2 art=corps\n"
    zone = allied_impulse(MAP + "control ZA US\ncontrol 2 US\n" + corps.format(at="ZA"), tmp_path)
    zone.play(Action("move", ("K2", "ZA"), "allied"))
    assert board(zone).units["K2"]["space_id"] == "ZA"
    area = allied_impulse(MAP + "control 1 US\ncontrol 2 US\n" + corps.format(at="1"), tmp_path / "area")
    with pytest.raises(RuleViolation, match="one corps artillery per area"):
        area.play(Action("move", ("K2", "1"), "allied"))


# === 14.4 COMBAT =============================================================================


def test_14_4_no_air_strikes_on_zones(tmp_path):
    text = (
        MAP
        + "control 1 US\ncontrol 2 US\nunit G1 german DE infantry 2-3-2/1 ZA\nunit G2 german DE infantry 2-3-2/1 2\n"
    )
    offered = {str(a) for a in legal_bombardments(allied_impulse(text, tmp_path), "allied")}  # 17.3: beside US areas
    assert "bombard 2 AIR_US" in offered and "bombard ZA AIR_US" not in offered


@pytest.mark.parametrize(
    ("artillery_at", "target", "offered"),
    [
        pytest.param("ZA", "ZA", True, id="14.4-artillery-in-a-zone-bombards-that-zone"),
        pytest.param("ZA", "2", False, id="14.4-artillery-in-a-zone-never-fires-out"),
        pytest.param("2", "ZA", False, id="14.4-artillery-outside-never-fires-into-a-zone"),
        pytest.param("1", "2", True, id="14.4-artillery-next-to-an-area-bombards-it"),
    ],
)
def test_zone_artillery(tmp_path, artillery_at, target, offered):
    text = (
        MAP
        + "control ZA US\ncontrol 1 US\n"
        + f"unit C1 allied US artillery 4-2-3/1 {artillery_at} art=division div=1st\n"
        + f"unit A1 allied US infantry 3-4-3/2 {artillery_at}\n"
        + f"unit G1 german DE infantry 2-3-2/1 {target}\n"
    )
    bombards = {str(a) for a in legal_bombardments(allied_impulse(text, tmp_path), "allied")}
    assert (f"bombard {target} C1" in bombards) is offered


def attack_into(tmp_path, target: str) -> str:
    text = MAP + "control 2 US\nunit A1 allied US infantry 12-4-4/2 2\nunit G1 german DE infantry 2-3-2/1 {t} Dis2\n"
    match = allied_impulse(text.format(t=target), tmp_path)
    match.play(Action("move", ("A1", target), "allied"))
    match.play(Action("attack", (target,), "allied"))  # 8.51: the forced attack
    answer_all(match, {"advantage-reroll": "keep"})
    return " | ".join(str(note(match, rule)) for rule in ("9.1", "9.4", "8.53"))


def test_14_4_no_air_support_and_no_overrun_in_a_zone(tmp_path):
    zone = attack_into(tmp_path, "ZA")
    assert "air support" not in zone and "overrun" not in zone and "success" in zone
    area = attack_into(tmp_path / "area", "1")
    assert "+1 Allied air support in Clear weather" in area and "overrun" in area


def test_8_36_e_ruling_all_mf_left_a_moved_unit_enters_a_zone_next_to_where_it_began(tmp_path):
    """8.36 E, 14.2, ruling all-mf-left: 全MF is what the unit has left. A1 began in 2, next to
    zone A: it may go to 1 and back to 2, then enter for its last MF; from 1 it may not."""
    from games.breakout.position import match_of, write_position

    text = MAP + "control 1 US\ncontrol 2 US\nunit A1 allied US infantry 3-4-4/2 2\n"
    folder, after = write_position(tmp_path / "position", text)
    plain = match_of(folder, after)
    match = match_of(folder, after, options=("all-mf-left",))
    for m in (plain, match):
        m.play(Action("pass", (), "german"))
        m.play(Action("move", ("A1", "1"), "allied"))
        m.play(Action("move", ("A1", "2"), "allied"))
    with pytest.raises(RuleViolation) as refused:  # the default: an all-MF cost needs the whole allowance
        plain.play(Action("move", ("A1", "ZA"), "allied"))
    assert refused.value.rule == "14.2"
    match.play(Action("move", ("A1", "ZA"), "allied"))
    assert (board(match).units["A1"]["space_id"], board(match).units["A1"]["mp"]) == ("ZA", 0)
