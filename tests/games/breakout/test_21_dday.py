"""Breakout: Normandy 21 (and 6.21): D-Day's airborne, naval, air and amphibious assault phases."""

from __future__ import annotations

import pytest
from games.breakout.decisions import answer_all, asked, choose
from games.breakout.position import match_of, new_match, script_dice, write_position
from phaseline import Action, RuleViolation
from phaseline.games.breakout.rules.board import board

# Sword (2, British, box B2) and Omaha (4, US, box B4), both with works; a battery in 4.
DDAY = """
area 1 clear 1 naval_colour=brown
area 2 clear 1 naval_colour=brown
area 3 clear 2
area 4 clear 1 naval_colour=green
area 5 clear 1
area B2 sea
area B4 sea
border 1-2
border 1-3 river
bridge BR1 1-3 german
border 2-3
border 3-4
border 4-5
border 2-B2 landing
border 4-B4 landing
beach Sword 2 works box=B2 nat=UK
beach Omaha 4 works box=B4 nat=US
unit G1 german DE infantry 2-3-2/2 2
unit G2 german DE infantry 2-3-2/2 4
unit CA german DE coastal 0-2-0/1 4
unit G3 german DE infantry 2-3-2/2 1
unit G5 german DE infantry 2-3-2/2 5
unit P1 allied UK infantry 3-4-3/2 1 arrive=6 method=drop
unit P3 allied UK infantry 3-4-3/2 3 arrive=6 method=drop
unit L1 allied UK infantry 3-4-3/2 B2 arrive=6 method=landing
unit L2 allied UK infantry 3-4-3/2 B2 arrive=6 method=landing
unit A1 allied UK artillery 2-1-3/1 B2 arrive=6 method=landing
unit L3 allied US infantry 3-4-3/2 B4 arrive=6 method=landing
"""


def play(match, *orders: str) -> None:
    """Play the orders; the decisions an attack owes take their first choice, dice kept (9.1, 11.3)."""
    for order in orders:
        verb, *args = order.split()
        match.play(Action(verb, tuple(args), match.waiting_on()[0]))
        answer_all(match, {"advantage-reroll": "keep", "bombardment-reroll": "keep"})


def status(match, unit: str) -> str:
    return board(match).units[unit]["status"]


def notes(match, rule: str) -> list[str]:
    rows = match.rows("SELECT purpose FROM event WHERE match_id = ? AND rule = ? ORDER BY seq", [match.match_id, rule])
    return [r["purpose"] for r in rows]


def strikes(match) -> list[str]:
    return [n for n in notes(match, "10.4") if " AT " in n]


def test_21_1_dday_replaces_dawn_with_four_phases(tmp_path):
    match = new_match(tmp_path, DDAY)
    names = [s.name for s in match.steps(1)]
    assert names[:5] == ["airborne", "naval-bombardment", "air-bombardment", "amphibious-assault", "german-impulse"]
    assert match.clock.step == "airborne"


def test_6_21_a_match_without_a_dday_card_opens_with_dawn(tmp_path):
    match = new_match(tmp_path, "area 1 clear 1\narea 2 clear 1\nborder 1-2\nunit A1 allied US infantry 3-4-3/2 1\n")
    assert match.steps(1)[0].name == "dawn" and match.clock.step == "german-impulse"


# === 21.2 AIRBORNE ===========================================================================


def test_21_2_paratroops_drop_fresh_in_their_drop_areas(tmp_path):
    match = new_match(tmp_path, DDAY)
    b = board(match)
    assert b.units["P1"]["space_id"] == "1" and status(match, "P1") == "Fresh"
    assert b.units["P3"]["space_id"] == "3" and b.areas["3"].controller == "UK"


def test_21_2_securing_a_bridge_is_automatic_and_spends_the_unit(tmp_path):
    match = new_match(tmp_path, DDAY)
    play(match, "secure P3 BR1")
    assert status(match, "P3") == "Spent" and board(match).bridges["BR1"]["state"] == "allied"
    with pytest.raises(RuleViolation, match=r"21\.2"):
        play(match, "attack 3")


def test_21_2_a_repulsed_night_attack_does_not_retreat_and_has_no_air_support(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    play(match, "attack 1")
    assert status(match, "P1") == "Dis1" and board(match).units["P1"]["space_id"] == "1"
    assert [n for n in notes(match, "9.1") if "AV " in n and "air support" not in n]


def test_21_2_germans_do_not_act_and_a_unit_that_attacked_cannot_secure(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    assert match.legal_actions("german") == []
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    play(match, "attack 1")
    assert not [a for a in match.legal_actions() if a.verb == "secure" and a.args[0] == "P1"]


# === 21.3 NAVAL BOMBARDMENT ===================================================================


def test_21_3_each_beach_is_bombarded_at_full_strength_8(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    play(match, "end")
    assert match.clock.step == "naval-bombardment"
    assert {str(a) for a in match.legal_actions()} == {"bombard 2 NAVAL_UK", "bombard 4 NAVAL_US", "end"}
    script_dice(match, monkeypatch, [3, 3, 3, 3])
    play(match, "bombard 4 NAVAL_US CA")
    # digest 7.5 no. 27: DV = TEM 1 + works 2 + one Fresh battery = 4; AT 8+6 = 14 vs DT 4+6 = 10: 4 AP
    assert any("AV 8" in n and "DV 4" in n and "4 AP" in n for n in strikes(match))
    assert status(match, "CA") == "Spent" and status(match, "G2") == "Spent"


def test_21_3_ending_the_phase_bombards_the_rest_and_uses_both_task_forces(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    play(match, "end")
    script_dice(match, monkeypatch, [1, 1, 6, 6] * 2)
    play(match, "end")
    assert len([n for n in strikes(match) if "full D-Day strength" in n]) == 2
    used = match.rows("SELECT marker_id FROM bkn_marker_state WHERE match_id = ? AND used", [match.match_id])
    assert {r["marker_id"] for r in used} == {"NAVAL_UK", "NAVAL_US"}


def test_11_6_a_d_day_naval_bombardment_may_be_rerolled_and_the_advantage_passes_as_the_phase_ends(
    tmp_path, monkeypatch
):
    """11.6: 「アドバンテージは攻撃以外のあらゆるDR/drの振りなおしにも使用できる」, in the D-Day phases too
    (11.2: it passes at the phase's end): ending 1B bombards both beaches, each offered for a reroll."""
    match = new_match(tmp_path, DDAY)
    play(match, "end")
    script_dice(match, monkeypatch, [1, 1, 6, 6] * 3)
    match.play(Action("end", (), "allied"))
    assert asked(match)[:2] == ("allied", "bombardment-reroll") and match.clock.step == "naval-bombardment"
    choose(match, "keep")  # the first beach's dice stand; then the second beach
    assert len([n for n in strikes(match) if "full D-Day strength" in n]) == 1
    assert asked(match)[:2] == ("allied", "bombardment-reroll") and match.clock.step == "naval-bombardment"
    choose(match, "reroll")  # both sides roll again; the phase then ends
    assert match.clock.step == "air-bombardment" and board(match).day["advantage"] == "german"
    assert len([n for n in strikes(match) if "full D-Day strength" in n]) == 2


def test_3_26_a_task_force_bombards_only_its_colour(tmp_path):
    match = new_match(tmp_path, DDAY)
    play(match, "end")
    with pytest.raises(RuleViolation, match=r"3\.26"):
        play(match, "bombard 4 NAVAL_UK")


# === 21.4 AIR BOMBARDMENT ====================================================================


def _to_air(match, monkeypatch):
    play(match, "end")
    script_dice(match, monkeypatch, [1, 1, 6, 6] * 2)
    play(match, "end")
    assert match.clock.step == "air-bombardment"


def test_21_4_two_targets_are_declared_before_either_is_resolved(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    _to_air(match, monkeypatch)
    script_dice(match, monkeypatch, [1, 1, 6, 6] * 2)
    resolved = len(strikes(match))
    play(match, "bombard 1 AIR_UK")
    assert len(strikes(match)) == resolved  # declared, not yet resolved
    play(match, "bombard 5 AIR_US")
    assert len(strikes(match)) == resolved + 2
    assert match.legal_actions() == [Action("end", (), "allied")]


def test_21_4_targets_must_be_a_beach_or_next_to_one(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY + "area 6 clear 1\nborder 5-6\nunit G6 german DE infantry 2-3-2/2 6\n")
    _to_air(match, monkeypatch)
    with pytest.raises(RuleViolation, match=r"21\.4"):
        play(match, "bombard 6 AIR_US")


def test_17_1_no_area_is_hit_by_both_nationalities_in_one_day(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    _to_air(match, monkeypatch)  # the British fleet hit Sword (2), the US fleet Omaha (4)
    with pytest.raises(RuleViolation, match=r"21\.4"):
        play(match, "bombard 2 AIR_US")
    play(match, "bombard 2 AIR_UK")
    with pytest.raises(RuleViolation, match=r"21\.4"):
        play(match, "bombard 2 AIR_US")


# === 21.5 AMPHIBIOUS ASSAULT ==================================================================


def _to_assault(match, monkeypatch):
    _to_air(match, monkeypatch)
    play(match, "end")
    assert match.clock.step == "amphibious-assault"


def test_21_5_artillery_cannot_land_and_every_beach_lands_a_wave(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    _to_assault(match, monkeypatch)
    with pytest.raises(RuleViolation, match=r"21\.5"):
        play(match, "wave Sword L1,A1")
    with pytest.raises(RuleViolation) as refused:  # 21.5: the waves are the Allied player's to choose
        play(match, "end")
    assert refused.value.rule == "21.5" and "wave Omaha L3; wave Sword L1,L2" in str(refused.value)
    assert "end" not in {str(a) for a in match.legal_actions()}
    play(match, "wave Sword L1,L2")
    script_dice(match, monkeypatch, [6] + [6, 6, 1, 1] * 2)
    play(match, "wave Omaha L3", "end")  # every beach lands
    assert match.clock.step == "german-impulse"
    assert board(match).units["L3"]["space_id"] == "4" and board(match).units["A1"]["space_id"] == "B2"


def test_21_5_interdiction_at_every_beach_then_assaults_in_the_allies_order(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    _to_assault(match, monkeypatch)
    play(match, "wave Sword L1,L2")
    assert not [n for n in notes(match, "19.4") if "vs IV" in n]  # nothing is rolled before every wave is placed
    script_dice(match, monkeypatch, [1])  # Omaha: IV 1 (the battery), dr 1 = IV: L3 lands Spent
    play(match, "wave Omaha L3")
    assert status(match, "L3") == "Spent"
    assert {str(a) for a in match.legal_actions()} == {"assault Sword", "assault Omaha", "end"}
    play(match, "assault Omaha")  # 21.5: every lander interdicted: the attack fails without a DR
    assert status(match, "L3") == "Dis1" and board(match).units["L3"]["space_id"] == "4"
    assert not [n for n in notes(match, "9.1") if " AT " in n]
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    play(match, "assault Sword")
    assert board(match).units["L1"]["space_id"] == "2"
    assert match.clock.step == "amphibious-assault"


def test_21_5_a_failed_assault_leaves_every_lander_dis1_without_retreat(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    _to_assault(match, monkeypatch)
    play(match, "wave Sword L1,L2")
    script_dice(match, monkeypatch, [6])
    play(match, "wave Omaha L3")
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    play(match, "assault Sword")
    assert [status(match, u) for u in ("L1", "L2")] == ["Dis1", "Dis1"]
    assert board(match).units["L1"]["space_id"] == "2"


def test_21_6_daylight_starts_with_german_impulse_0_and_21_7_refit_regroup_follow(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    _to_assault(match, monkeypatch)
    play(match, "wave Sword L1,L2")
    script_dice(match, monkeypatch, [6] + [6, 6, 1, 1] * 2)
    play(match, "wave Omaha L3", "end")
    assert match.clock.step == "german-impulse" and board(match).day["impulse"] == 0
    assert [s.name for s in match.steps(1)][-4:] == ["german-refit", "allied-refit", "german-regroup", "allied-regroup"]


def test_21_7_refit_and_regroup_follow_as_on_any_day(tmp_path):
    match = new_match(tmp_path, DDAY)
    assert [s.phase for s in match.steps(1)][-3:] == [s.phase for s in match.steps(2)][-3:]


def test_21_dday_openings_are_turn_1_only(tmp_path):
    match = new_match(tmp_path, DDAY + "turn 2 1944-06-07 1 Clear\n")
    assert match.steps(2)[0].name == "dawn"


def test_11_6_the_last_wave_waits_for_a_rerolled_interdiction_dr(tmp_path, monkeypatch):
    match = new_match(tmp_path, DDAY)
    _to_assault(match, monkeypatch)
    play(match, "wave Sword L1,L2")
    script_dice(match, monkeypatch, [1, 6] + [6, 6, 1, 1] * 2)  # Omaha's IV 1: L3's dr 1 lands Spent; rerolled 6
    match.play(Action("wave", ("Omaha", "L3"), "allied"))  # 21.5: the last wave: interdiction at every beach
    assert asked(match) == ("allied", "other-reroll", ["keep", "reroll"])
    assert match.clock.step == "amphibious-assault" and board(match).units["L3"]["space_id"] == "B4"
    choose(match, "reroll")
    answer_all(match)
    match.play(Action("end", (), "allied"))
    assert match.clock.step == "german-impulse" and status(match, "L3") != "Dis1"
    assert board(match).day["advantage"] == "german"  # 11.2: used in a D-Day phase, it passes as the phase ends


@pytest.mark.parametrize(
    ("options", "refused"),
    [
        pytest.param((), True, id="19.3-the-first-wave-is-capped-at-five-a-beach"),
        pytest.param(("dday-no-landing-cap",), False, id="19.3-ruling-dday-no-landing-cap-lifts-it"),
    ],
)
def test_first_wave_cap(tmp_path, monkeypatch, options, refused):
    """19.3: 「各インパルス/再配置フェイズにつき 上陸できるユニットは5つが最大である」, applied by
    default to the Amphibious Assault phase; the refusal names 19.3, the rule that sets the cap."""
    six = "".join(f"unit W{i} allied UK infantry 3-4-3/2 B2 arrive=6 method=landing\n" for i in range(6))
    match = match_of(*write_position(tmp_path / "position", DDAY + six), options=options)
    _to_assault(match, monkeypatch)
    order = Action("wave", ("Sword", ",".join(f"W{i}" for i in range(6))), "allied")
    if refused:
        with pytest.raises(RuleViolation) as refusal:
            match.play(order)
        assert refusal.value.rule == "19.3" and "at most 5 units" in str(refusal.value)
    else:
        match.play(order)


def test_15_2_works_stay_while_a_repulsed_landing_awaits_its_reroll_and_after_it(tmp_path, monkeypatch):
    """15.2: 「上陸戦闘で全ての連合軍ユニットがDis1状態になった場合 補充によりSpent状態のユニットが
    生じた時点で防御構築物は撤去される」: the works are judged when the landing attack is over, not
    while its landers still stand Fresh before the Advantage holder's answer."""
    from phaseline.games.breakout.rules import works

    match = new_match(tmp_path, DDAY)
    _to_assault(match, monkeypatch)
    play(match, "wave Sword L1,L2")
    script_dice(match, monkeypatch, [6, 1, 1, 6, 6])  # Omaha's interdiction dr, then AT 2 + 3 vs DT 12 + 4
    play(match, "wave Omaha L3")
    match.play(Action("assault", ("Omaha",), "allied"))
    assert asked(match)[1] == "forward-unit" and works.intact(match, "4")
    choose(match, "G2")
    assert asked(match)[1] == "advantage-reroll" and works.intact(match, "4")
    choose(match, "keep")
    answer_all(match)
    assert status(match, "L3") == "Dis1" and works.intact(match, "4")


def test_9_2_the_allied_player_names_the_point_unit_of_a_landing_assault(tmp_path, monkeypatch):
    """9.2A: the point unit is 「攻撃側が選択した1個の歩兵または装甲ユニット」: assault BEACH POINT."""
    match = new_match(tmp_path, DDAY)
    _to_assault(match, monkeypatch)
    play(match, "wave Sword L1,L2")
    script_dice(match, monkeypatch, [6])
    play(match, "wave Omaha L3")
    with pytest.raises(RuleViolation) as refused:
        play(match, "assault Sword L3")
    assert refused.value.rule == "9.2" and "not in Sword's first wave" in str(refused.value)
    script_dice(match, monkeypatch, [6, 6, 1, 1])
    play(match, "assault Sword L2")
    note = match.one(
        "SELECT purpose FROM event WHERE match_id = ? AND rule = '9.1' ORDER BY seq LIMIT 1", [match.match_id]
    )
    assert "point unit L2" in note
