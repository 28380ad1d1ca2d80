"""Breakout: Normandy 10: bombardment values and the attrition points' worked examples (10.1, 10.4)."""

from __future__ import annotations

import pytest
from games.breakout.decisions import asked, choose, keep_rolls
from games.breakout.position import match_of, new_match, script_dice, write_position
from phaseline import Action, RuleViolation
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.bombardment import allocate, spreads

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


EXAMPLE_3 = [_u("G2", "infantry", "Fresh"), _u("G3", "infantry", "Spent"), _u("G4", "infantry", "Spent")]


@pytest.mark.parametrize(
    ("left", "found"),
    [
        pytest.param(2, [["G2"], ["G3", "G4"]], id="10.4-2-AP-left-a-fresh-unit-or-two-spent-ones"),
        pytest.param(3, [["G2", "G3"], ["G2", "G4"]], id="10.4-3-AP-left-the-fresh-unit-and-either-spent-one"),
        pytest.param(4, [["G2", "G3", "G4"]], id="10.4-4-AP-left-one-spread-uses-them-all"),
        pytest.param(0, [[]], id="10.4-no-AP-left-nothing-to-spread"),
    ],
)
def test_spreads_use_the_most_ap(left, found):
    """10.4: the defender's choices are the spreads that use the most AP left, the fewest units first."""
    assert spreads(EXAMPLE_3, left, CHART) == found


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
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    # AV 2 + 1 other artillery = 3; DV TEM 2 + 1 Fresh artillery in the target = 3
    script_dice(match, monkeypatch, [6, 6, 1, 1])  # AT 15, DT 5: 10 AP
    match.play(Action("bombard", ("2", "R1,R2", "G1"), "allied"))
    choose(match, "keep")
    units = board(match).units
    assert units["R1"]["status"] == units["R2"]["status"] == "Spent"
    assert units["G1"]["status"] == "Spent" and units["G2"]["status"] == "Spent"  # one step each at most


def test_17_3_an_air_strike_does_not_advance_the_impulse_marker(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    match.play(Action("bombard", ("2", "AIR_US", "G1"), "allied"))
    choose(match, "keep")
    match.play(Action("end", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    assert board(match).day["impulse"] == 0 and match.clock.step == "german-impulse"


def _bombard(match, monkeypatch, dice, *args, side="allied"):
    script_dice(match, monkeypatch, list(dice))
    match.play(Action("bombard", args, side))


def _last_bombardment(match) -> str:
    return match.one(
        "SELECT purpose FROM event WHERE match_id = ? AND rule = '10.4' ORDER BY seq DESC LIMIT 1", [match.match_id]
    )


def test_10_a_bombardment_impulse_activates_the_target(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    _bombard(match, monkeypatch, [1, 1, 1, 1], "2", "R1", "G1")
    choose(match, "keep")
    day = board(match).day
    assert (day["activated"], day["kind"]) == ("2", "bombardment")
    assert not [a for a in match.legal_actions("allied") if a.verb in ("move", "attack", "bombard")]  # 8.11


def test_10_3_fresh_artillery_in_the_target_answers_but_never_a_nebelwerfer(tmp_path, monkeypatch):
    text = MAP + "unit NW german DE artillery 4-1-2/1 2 art=nebelwerfer\n"
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    _bombard(match, monkeypatch, [1, 1, 1, 1], "2", "R1", "G1")
    choose(match, "keep")
    assert "DV 3 (+2 TEM of 2, +1 1 Fresh answering units)" in _last_bombardment(match)


def test_16_1_a_nebelwerfer_bombards_its_own_area_alone_and_no_artillery_answers(tmp_path, monkeypatch):
    text = """
area 1 clear 1
area 2 clear 2
border 1-2
unit NW german DE artillery 4-1-2/1 1 art=nebelwerfer
unit GR german DE artillery 2-1-2/1 1 art=division
unit A1 allied US infantry 3-4-3/2 1
unit R1 allied US artillery 2-1-3/1 1 art=division
unit A2 allied US infantry 3-4-3/2 2
"""
    match = new_match(tmp_path, text)
    listed = {a.args for a in match.legal_actions("german") if a.verb == "bombard"}
    assert ("1", "NW") in listed and ("2", "NW") not in listed  # its own area only
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("bombard", ("1", "NW,GR"), "german"))
    assert refused.value.rule == "16.1"
    with pytest.raises(RuleViolation) as refused:  # 16.1: 「砲撃は自身のいるエリアにしか行えない」
        match.play(Action("bombard", ("2", "NW"), "german"))
    assert refused.value.rule == "16.1" and "bombards only its own area 1" in str(refused.value)
    _bombard(match, monkeypatch, [1, 1, 1, 1], "1", "NW", "A1", side="german")
    choose(match, "keep")
    assert "DV 1 (+1 TEM of 1)" in _last_bombardment(match)  # 10.3C: the Fresh R1 adds nothing


def test_10_2_british_and_us_artillery_never_fire_together(tmp_path):
    match = new_match(tmp_path, MAP + "unit K1 allied UK artillery 2-1-3/1 1 art=division\n")
    match.play(Action("pass", (), "german"))
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("bombard", ("2", "R1,K1"), "allied"))
    assert refused.value.rule == "10.2"


def test_14_4_a_zone_is_not_bombarded_by_artillery_outside_it(tmp_path):
    """14.4: 「ゾーンはその外にいる野砲から攻撃を受けることはない」 (the refusal names 14.4)."""
    match = new_match(tmp_path, MAP + "area ZA zone\nborder 1-ZA arrow\nunit GZ german DE infantry 2-3-2/2 ZA\n")
    match.play(Action("pass", (), "german"))
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("bombard", ("ZA", "R1"), "allied"))
    assert refused.value.rule == "14.4" and "(BkN 14.4)" in str(refused.value)


def test_11_6_the_holder_may_reroll_a_bombardment(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    _bombard(match, monkeypatch, [1, 1, 6, 6, 6, 6, 1, 1], "2", "R1,R2", "G1")
    assert asked(match) == ("allied", "bombardment-reroll", ["keep", "reroll"])
    choose(match, "reroll")
    assert "AT 15 vs DT 5" in _last_bombardment(match)
    assert board(match).day["advantage_used"] == "allied"


def test_10_1_artillery_is_no_primary_target_while_other_units_are_there(tmp_path, monkeypatch):
    """10.1, 16.1: field artillery is named primary only when no other type of unit is in the area."""
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    with pytest.raises(RuleViolation, match="G2 is artillery") as refused:
        match.play(Action("bombard", ("2", "R1", "G2"), "allied"))
    assert refused.value.rule == "10.1"


CONSTRUCTION = """
area 1 clear 1
area 2 clear 2
area 3 clear 1
area 4 clear 1
border 1-2
border 1-3 river
border 2-4 river
bridge BR3 1-3 destroyed
bridge BR4 2-4 destroyed
control 1 US
unit R1 allied US artillery 2-1-3/1 1 art=division
unit G1 german DE infantry 2-3-2/2 2
"""


def _construction_match(tmp_path, levels: dict[str, int], options: tuple[str, ...] = ()):
    from games.breakout.position import match_of, write_position
    from phaseline import Event

    folder, after = write_position(tmp_path / "position", CONSTRUCTION)
    match = match_of(folder, after, options=options)
    with match.store.transaction():
        match.log(Event("note", purpose="test: German construction markers, then the Allied impulse"))
        for bridge_id, level in levels.items():
            match.insert("bkn_construction", {"bridge_id": bridge_id, "side": "german", "level": level})
    match.play(Action("pass", (), "german"))
    return match


def _level(match, bridge_id: str):
    from phaseline.games.breakout.rules.bridges import construction_level

    return construction_level(match, bridge_id, "german")


@pytest.mark.parametrize(
    ("level", "dice", "after", "g1"),
    [
        pytest.param(2, [2, 3, 1, 1], 1, "Spent", id="20.2-3-AP-one-level-off-the-marker-then-2-to-a-fresh-unit"),
        pytest.param(1, [1, 2, 1, 1], None, "Fresh", id="20.2-1-AP-takes-a-plus-1-marker-off"),
    ],
)
def test_construction_marker_as_primary(tmp_path, monkeypatch, level, dice, after, g1):
    """10.1, 10.4, 20.2: artillery names the German marker on BR3, on a border of its own area 1, as
    primary: 1 AP lowers it a level (like a Spent infantry unit), the rest go to the target area's units."""
    match = _construction_match(tmp_path, {"BR3": level})
    _bombard(match, monkeypatch, dice, "2", "R1", "BR3")  # AV 2 vs DV 2 (TEM)
    choose(match, "keep")
    assert _level(match, "BR3") == after
    assert board(match).units["G1"]["status"] == g1
    assert "construction marker on BR3" in _last_bombardment(match)


def test_10_1_a_construction_marker_only_on_a_border_of_the_primary_artillerys_area(tmp_path):
    match = _construction_match(tmp_path, {"BR3": 1, "BR4": 1})
    with pytest.raises(RuleViolation, match="not on a border of 1") as refused:
        match.play(Action("bombard", ("2", "R1", "BR4"), "allied"))  # BR4 is 2-4
    assert refused.value.rule == "10.1"
    with pytest.raises(RuleViolation, match="only a field-artillery bombardment") as refused:
        match.play(Action("bombard", ("2", "AIR_US", "BR3"), "allied"))
    assert refused.value.rule == "10.1"


def test_20_2_ruling_the_marker_must_also_border_the_target_area(tmp_path):
    match = _construction_match(tmp_path, {"BR3": 1}, options=("construction-primary-borders-target",))
    with pytest.raises(RuleViolation, match="not on a border of the target 2"):
        match.play(Action("bombard", ("2", "R1", "BR3"), "allied"))


SPREAD_MAP = """
area 1 clear 1
area 2 clear 1
border 1-2
control 1 US
unit R1 allied US artillery 2-1-3/1 1 art=division
unit G1 german DE infantry 2-3-2/2 2 Spent
unit G2 german DE infantry 2-3-2/2 2
unit G3 german DE infantry 2-3-2/2 2 Spent
unit G4 german DE infantry 2-3-2/2 2 Spent
"""


def test_10_4_the_defender_spreads_the_ap_left_after_the_primary_target(tmp_path, monkeypatch):
    """10.4 「防御側は残りのAPをそのエリア内の望むユニットに分配する」: 3 AP, the primary G1 takes 1; the
    2 left may spend the Fresh G2 or put G3 and G4 in Dis1: the Germans choose."""
    match = new_match(tmp_path, SPREAD_MAP)
    match.play(Action("pass", (), "german"))
    _bombard(match, monkeypatch, [3, 3, 2, 2], "2", "R1", "G1")  # AT 2+6 vs DT 1+4: 3 AP
    choose(match, "keep")
    assert asked(match) == ("german", "ap-spread", ["G2:spent", "G3:dis1,G4:dis1"])
    assert board(match).units["G1"]["status"] == "Dis1"  # the primary first, before the answer
    choose(match, "G3:dis1,G4:dis1")
    units = board(match).units
    assert [units[g]["status"] for g in ("G1", "G2", "G3", "G4")] == ["Dis1", "Fresh", "Dis1", "Dis1"]
    assert match.open_decision() is None


def test_10_4_one_spread_that_uses_the_most_ap_is_not_asked(tmp_path, monkeypatch):
    """10.4, 9.8's principle: when only one spread uses the most AP left, nobody is asked."""
    match = new_match(tmp_path, SPREAD_MAP)
    match.play(Action("pass", (), "german"))
    _bombard(match, monkeypatch, [4, 4, 2, 2], "2", "R1", "G1")  # AT 2+8 vs DT 1+4: 5 AP, 4 left for all three
    choose(match, "keep")
    assert match.open_decision() is None
    units = board(match).units
    assert [units[g]["status"] for g in ("G1", "G2", "G3", "G4")] == ["Dis1", "Spent", "Dis1", "Dis1"]


# === 10.4 ONE STEP AN IMPULSE, 11.4 A DOUBLE IMPULSE IS ONE ====================================


def _twice_in_a_double_impulse(match, monkeypatch) -> None:
    """R1 bombards 2 (G1 primary): 3 AP Spend G1, 1 left is too few for the Fresh artillery G2.
    The Allies declare a Double Impulse and R2 bombards 2 again (G1 primary): 9 AP."""
    match.play(Action("pass", (), "german"))
    _bombard(match, monkeypatch, [3, 3, 1, 1], "2", "R1", "G1")  # AT 2+6 vs DT 3+2: 3 AP
    choose(match, "keep")
    assert board(match).units["G1"]["status"] == "Spent"
    match.play(Action("double", (), "allied"))
    _bombard(match, monkeypatch, [6, 6, 1, 1], "2", "R2", "G1")  # AT 2+12 vs DT 3+2: 9 AP (no reroll: used)


def test_10_4_a_double_impulse_that_bombards_a_unit_twice_costs_it_one_step(tmp_path, monkeypatch):
    """10.4 「砲爆撃を受けた防御側ユニットは各インパルスに1段階しか損耗しない」, 11.4 「ダブルインパルスはターン
    記録表上では一つのインパルスとしてカウントする」: G1, Spent in the first half, takes no AP in the second
    (like a Dis2 primary); the AP go on to G2, which had lost no step."""
    match = new_match(tmp_path, MAP)
    _twice_in_a_double_impulse(match, monkeypatch)
    units = board(match).units
    assert (units["G1"]["status"], units["G2"]["status"]) == ("Spent", "Spent")
    assert "G1 has lost its step to bombardment this impulse" in _last_bombardment(match)


def test_10_4_the_next_impulse_may_step_the_unit_again(tmp_path, monkeypatch):
    """10.4: the limit is an impulse's: the next impulse forgets the steps lost."""
    match = new_match(tmp_path, MAP)
    _twice_in_a_double_impulse(match, monkeypatch)
    script_dice(match, monkeypatch, [6, 6])  # the Sunset DR: the day goes on
    match.play(Action("end", (), "allied"))
    keep_rolls(match)
    assert match.clock.step == "german-impulse" and not match.rows_of("bkn_stepped")


def test_10_4_ruling_double_impulse_halves_apart_steps_it_in_each_half(tmp_path, monkeypatch):
    """Ruling double-impulse-halves-apart: each half is an impulse for 10.4, so G1 goes on to Dis1."""
    folder, after = write_position(tmp_path / "position", MAP)
    match = match_of(folder, after, options=("double-impulse-halves-apart",))
    _twice_in_a_double_impulse(match, monkeypatch)
    units = board(match).units
    assert (units["G1"]["status"], units["G2"]["status"]) == ("Dis1", "Spent")
