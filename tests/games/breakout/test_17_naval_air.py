"""Breakout: Normandy 17 (and 3.26, 3.27, 3.6, 4.4, 16.4): naval and air markers, Le Havre, friendly fire."""

from __future__ import annotations

import pytest
from games.breakout.position import match_of, new_match, script_dice, write_position
from phaseline import Action, Event, Match, RuleViolation, Store
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.day import dawn
from phaseline.games.breakout.rules.naval_air import friendly_fire_ap
from phaseline.plugins import registry
from phaseline.scenario import load_custom

# 1 and 2 are Le Havre's (blue) and British (brown) areas; 3 is American (green); 4 inland.
SEA = """
area 1 clear 1 naval_colour=brown+blue
area 2 clear 2 naval_colour=brown+blue
area 3 clear 1 naval_colour=green
area 4 clear 1
border 1-2
border 2-3
border 3-4
unit G1 german DE infantry 2-3-2/2 1
unit G3 german DE infantry 2-3-2/2 3
unit G4 german DE infantry 2-3-2/2 4
unit U1 allied UK infantry 3-4-3/2 2
unit A1 allied US infantry 3-4-3/2 4
unit A2 allied US artillery 2-1-3/1 2
turn 2 1944-06-07 1 Clear
"""


def play(match, *orders: str) -> None:
    """Play the orders; the holder of the Advantage keeps every bombardment's dice (11.6)."""
    for order in orders:
        verb, *args = order.split()
        match.play(Action(verb, tuple(args), match.waiting_on()[0]))
        keep_the_dice(match)


def keep_the_dice(match) -> None:
    while (decision := match.open_decision()) is not None and decision["kind"] in (
        "bombardment-reroll",
        "other-reroll",
    ):
        match.play(Action("choose", ("keep",), decision["side"]))


def bombards(match, side: str) -> set[str]:
    return {" ".join(a.args[:2]) for a in match.legal_actions(side) if a.verb == "bombard"}


def used(match) -> set[str]:
    rows = match.rows("SELECT marker_id FROM bkn_marker_state WHERE match_id = ? AND used", [match.match_id])
    return {r["marker_id"] for r in rows}


def test_3_27_le_havre_reaches_only_areas_1_and_2_with_allied_units(tmp_path):
    match = new_match(tmp_path, SEA + "unit U3 allied US infantry 3-4-3/2 3\n")
    found = {b for b in bombards(match, "german") if "LE_HAVRE" in b}
    assert found == {"2 LE_HAVRE"}  # 1 holds no Allied unit; 3 is out of range


def test_16_4_le_havre_fires_alone_as_a_german_impulse_and_10_3_allied_artillery_adds_dv(tmp_path, monkeypatch):
    match = new_match(tmp_path, SEA)
    script_dice(match, monkeypatch, [3, 3, 3, 3])
    play(match, "bombard 2 LE_HAVRE")
    note = match.rows(
        "SELECT purpose FROM event WHERE match_id = ? AND purpose LIKE 'bombardment of 2%'", [match.match_id]
    )[0]["purpose"]
    assert "AV 6" in note and "DV 3" in note  # strength 6; TEM 2 + one Fresh Allied artillery
    assert "LE_HAVRE" in used(match) and not bombards(match, "german") & {"2 LE_HAVRE"}


def test_3_26_task_forces_need_their_colour_and_their_nation_near(tmp_path):
    match = new_match(tmp_path, SEA)
    play(match, "pass")
    found = bombards(match, "allied")
    assert "1 NAVAL_UK" in found  # brown, next to the British unit in 2
    assert "3 NAVAL_US" in found  # green, next to the US artillery in 2 ... and the US unit in 4
    assert "4 NAVAL_US" not in found  # no colour on 4
    assert "3 NAVAL_UK" not in found  # 3 is not brown


def test_17_2_a_task_force_needs_its_nation_in_or_next_to_the_target(tmp_path):
    match = new_match(
        tmp_path,
        SEA.replace("unit A1 allied US infantry 3-4-3/2 4\n", "").replace(
            "unit A2 allied US artillery 2-1-3/1 2\n", ""
        ),
    )
    play(match, "pass")
    assert "3 NAVAL_US" not in bombards(match, "allied")


def test_17_3_air_strikes_reach_any_enemy_area_but_a_zone_in_clear_weather_only(tmp_path):
    match = new_match(tmp_path, SEA)
    play(match, "pass")
    assert {"4 AIR_US", "3 AIR_US", "1 AIR_UK"} <= bombards(match, "allied")
    match = new_match(tmp_path / "overcast", SEA + "weather Overcast\n")
    play(match, "pass")
    assert not {b for b in bombards(match, "allied") if "AIR" in b}


def test_17_3_an_air_strike_does_not_advance_the_impulse_marker(tmp_path, monkeypatch):
    match = new_match(tmp_path, SEA)
    play(match, "pass")
    script_dice(match, monkeypatch, [4, 5, 1, 1])  # raw 9 >= impulse 0, the marker would advance
    play(match, "bombard 4 AIR_US G4", "end")
    assert match.clock.step == "german-impulse" and board(match).day["impulse"] == 0


def test_17_1_each_marker_once_a_day_and_one_nation_per_area(tmp_path, monkeypatch):
    match = new_match(tmp_path, SEA)
    play(match, "pass")
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    play(match, "bombard 3 NAVAL_US G3", "end")
    assert "NAVAL_US" in used(match)
    play(match, "pass")
    found = bombards(match, "allied")
    assert "3 NAVAL_US" not in found and "3 AIR_UK" not in found  # 17.1: 3 was hit by the US today
    assert "3 AIR_US" in found


def test_3_6_dawn_readies_every_marker_and_forgets_the_day_targets(tmp_path, monkeypatch):
    match = new_match(tmp_path, SEA)
    play(match, "pass")
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    play(match, "bombard 3 NAVAL_US G3")
    with match.store.transaction():
        match.log(Event("note", purpose="test: Dawn of 7 June"))
        dawn(match, 2)
    assert used(match) == set()
    assert not match.rows("SELECT * FROM bkn_strike WHERE match_id = ?", [match.match_id])


@pytest.mark.parametrize(
    ("raw", "ap"),
    [
        pytest.param(7, 4, id="17.3-friendly-fire-dr-7-halved-up-is-4-ap"),
        pytest.param(8, 4, id="17.3-friendly-fire-dr-8-halved-is-4-ap"),
        pytest.param(2, 1, id="17.3-friendly-fire-dr-2-is-1-ap"),
    ],
)
def test_friendly_fire_ap(tmp_path, raw, ap):
    match = new_match(tmp_path, SEA)
    assert friendly_fire_ap(match, 8, raw, 1) == ap


def test_17_3_friendly_fire_ruling_resolves_the_halved_dr_against_tem_and_dr(tmp_path):
    folder = tmp_path / "p"
    from games.breakout.position import write_position

    write_position(folder, SEA)
    reg = registry()
    info, chosen = load_custom(folder, reg.games)
    match = Match.create(
        Store.open(":memory:"), reg, info.name, chosen, seed=1, options=["friendly-fire-as-bombardment"]
    )
    assert friendly_fire_ap(match, 8, 7, 1) == 8 + 4 - (1 + 7)


def test_17_3_equal_dice_on_a_contested_target_hit_the_allies_and_the_germans_name_the_primary(tmp_path, monkeypatch):
    match = new_match(tmp_path, SEA + "unit G2 german DE infantry 2-3-2/2 2\n")
    play(match, "pass")
    script_dice(match, monkeypatch, [3, 4, 3, 4])  # raw 7 and 7: AT 8+7 vs DT 2+7: 6 AP; friendly fire 4 AP
    play(match, "bombard 2 AIR_UK G2")
    waiting, decision = match.waiting_on()
    assert waiting == "german" and decision["kind"] == "friendly-fire-primary"
    assert set(decision["choices"]) == {"U1"}  # 10.1, 16.1: never the artillery A2 while U1 is there
    play(match, "choose U1")
    b = board(match)
    assert b.units["A2"]["status"] == "Spent" and b.units["U1"]["status"] == "Spent"  # 2 + 2 of the 4 AP
    assert b.units["G2"]["status"] == "Spent"


SPREAD = """
unit G2 german DE armour 4-3-6/2 2
unit G5 german DE infantry 2-3-2/2 2
unit G6 german DE infantry 2-3-2/2 2 Spent
unit G7 german DE infantry 2-3-2/2 2 Spent
"""


def test_10_4_the_spread_of_the_ap_left_is_answered_before_friendly_fire(tmp_path, monkeypatch):
    """10.4, 17.3: the Germans spread the strike's AP left after the primary first; only then is the
    strike's friendly fire judged and its Allied primary asked."""
    match = new_match(tmp_path, SEA + SPREAD)
    play(match, "pass")
    script_dice(match, monkeypatch, [3, 4, 3, 4])  # raw 7 and 7: AT 8+7 vs DT 2+7: 6 AP; friendly fire 4 AP
    play(match, "bombard 2 AIR_UK G2")  # the Fresh armour G2 takes 3; the 3 left: G5 and G6 or G5 and G7
    waiting, decision = match.waiting_on()
    assert waiting == "german" and decision["kind"] == "ap-spread"
    assert decision["choices"] == ["G5:spent,G6:dis1", "G5:spent,G7:dis1"]
    play(match, "choose G5:spent,G7:dis1")
    waiting, decision = match.waiting_on()
    assert waiting == "german" and decision["kind"] == "friendly-fire-primary"
    play(match, "choose U1")
    b = board(match)
    assert [b.units[g]["status"] for g in ("G2", "G5", "G6", "G7")] == ["Spent", "Spent", "Spent", "Dis1"]
    assert b.units["A2"]["status"] == "Spent" and b.units["U1"]["status"] == "Spent"


def test_17_3_unequal_dice_spare_the_allies(tmp_path, monkeypatch):
    match = new_match(tmp_path, SEA + "unit G2 german DE infantry 2-3-2/2 2\n")
    play(match, "pass")
    script_dice(match, monkeypatch, [3, 4, 3, 3])
    play(match, "bombard 2 AIR_UK G2")
    assert match.open_decision() is None and board(match).units["U1"]["status"] == "Fresh"


@pytest.mark.parametrize(
    ("extra", "order", "rule", "why"),
    [
        pytest.param("", "bombard 4 NAVAL_US", "17.2", "fires only at areas whose ID is green", id="17.2-own-colour"),
        pytest.param("", "bombard 3 NAVAL_UK", "17.2", "whose ID is brown", id="17.2-the-british-fire-on-brown"),
        pytest.param(
            "weather Overcast\n", "bombard 4 AIR_US", "17.3", "only in Clear weather", id="17.3-no-strike-overcast"
        ),
        pytest.param(
            "area ZA zone\nborder 4-ZA arrow\nunit GZ german DE infantry 2-3-2/2 ZA\n",
            "bombard ZA AIR_US",
            "17.3",
            "no air strike on a zone",
            id="17.3-no-air-strike-on-a-zone",
        ),
        pytest.param(
            "area 5 clear 1\nborder 4-5\n",
            "bombard 5 AIR_US",
            "17.3",
            "holds no enemy units",
            id="17.3-an-air-strike-needs-enemy-units-in-its-target",
        ),
        pytest.param(
            "", "bombard 3 AIR_US,A2", "17.1", "A2 cannot support it", id="17.1-no-artillery-joins-an-air-strike"
        ),
        pytest.param(
            "", "bombard 3 NAVAL_US,A2", "17.1", "bombards alone", id="17.1-no-artillery-joins-a-naval-bombardment"
        ),
    ],
)
def test_marker_refusals_cite_their_rule(tmp_path, extra, order, rule, why):
    """17.2: 「アメリカ海軍…の目標エリアは そのエリアIDが緑色でなければならない」; 17.3: 「晴天時に」,
    「ゾーンを空爆の目標にすることはできない」: each refusal names the rule that forbids it."""
    match = new_match(tmp_path, SEA + extra)
    play(match, "pass")
    with pytest.raises(RuleViolation) as refused:
        play(match, order)
    assert refused.value.rule == rule and why in str(refused.value) and f"(BkN {rule})" in str(refused.value)


def test_16_4_le_havre_out_of_reach_is_refused_by_16_4(tmp_path):
    match = new_match(tmp_path, SEA + "unit U3 allied US infantry 3-4-3/2 3\n")
    with pytest.raises(RuleViolation) as refused:
        play(match, "bombard 3 LE_HAVRE")
    assert refused.value.rule == "16.4" and "reaches only areas 1 and 2" in str(refused.value)


def test_17_1_the_other_nationality_is_refused_by_17_1(tmp_path, monkeypatch):
    match = new_match(tmp_path, SEA)
    play(match, "pass")
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    play(match, "bombard 3 NAVAL_US G3", "end", "pass")
    with pytest.raises(RuleViolation) as refused:
        play(match, "bombard 3 AIR_UK G3")
    assert refused.value.rule == "17.1" and "other nationality" in str(refused.value)


def test_4_4_a_used_marker_stays_used_until_dawn(tmp_path, monkeypatch):
    match = new_match(tmp_path, SEA)
    script_dice(match, monkeypatch, [3, 3, 3, 3, 4, 4])  # the strike; then the Allied Sunset DR 8
    play(match, "bombard 2 LE_HAVRE", "end")
    play(match, "pass")
    assert match.clock.step == "german-impulse"
    with pytest.raises(RuleViolation) as refused:
        play(match, "bombard 2 LE_HAVRE")
    assert refused.value.rule == "4.4" and "LE_HAVRE has been used today" in str(refused.value)


def test_17_the_allies_have_two_naval_and_two_air_markers_each_with_a_nationality(tmp_path):
    match = new_match(tmp_path, SEA)
    rows = match.rows(
        "SELECT kind, nationality FROM bkn_marker WHERE match_id = ? AND side = 'allied'", [match.match_id]
    )
    assert sorted((r["kind"], r["nationality"]) for r in rows) == [
        ("air", "UK"),
        ("air", "US"),
        ("naval", "UK"),
        ("naval", "US"),
    ]


# === 21.3, 21.4 ONE NAVAL AND ONE AIR MARKER AN IMPULSE; 11.4 A DOUBLE IMPULSE IS ONE =========


@pytest.mark.parametrize(
    ("first", "second", "rule", "other_kind"),
    [
        pytest.param("bombard 3 NAVAL_US G3", "bombard 1 NAVAL_UK G1", "21.3", "1 AIR_UK", id="21.3-one-naval-marker"),
        pytest.param("bombard 4 AIR_US G4", "bombard 1 AIR_UK G1", "21.4", "1 NAVAL_UK", id="21.4-one-air-marker"),
    ],
)
def test_21_3_a_double_impulse_fires_one_marker_of_a_kind(tmp_path, monkeypatch, first, second, rule, other_kind):
    """21.3 「1インパルスにつき1枚の艦砲マーカーしか使用できない」, 21.4 「空爆マーカーは1インパルスに1枚しか使用
    できない」, 11.4 「ダブルインパルスはターン記録表上では一つのインパルスとしてカウントする」: the second half of a
    Double Impulse may not fire the other marker of the kind the first half fired; the other kind it may."""
    match = new_match(tmp_path, SEA)
    play(match, "pass")
    script_dice(match, monkeypatch, [3, 3, 1, 1])  # unequal DRs: no friendly fire in contested 4 (17.3)
    play(match, first, "double")
    found = bombards(match, "allied")
    assert " ".join(second.split()[1:3]) not in found and other_kind in found
    with pytest.raises(RuleViolation) as refused:
        play(match, second)
    assert refused.value.rule == rule and "has fired in this one" in str(refused.value)


def test_21_3_ruling_double_impulse_halves_apart_fires_a_naval_marker_in_each_half(tmp_path, monkeypatch):
    """Ruling double-impulse-halves-apart: each half is an impulse for 21.3: NAVAL_UK fires in the second."""
    folder, after = write_position(tmp_path / "position", SEA)
    match = match_of(folder, after, options=("double-impulse-halves-apart",))
    play(match, "pass")
    script_dice(match, monkeypatch, [3, 3, 3, 3, 4, 4, 1, 1])
    play(match, "bombard 3 NAVAL_US G3", "double", "bombard 1 NAVAL_UK G1")
    assert {"NAVAL_US", "NAVAL_UK"} <= used(match)


def test_21_3_the_next_impulse_may_fire_a_naval_marker_again(tmp_path, monkeypatch):
    """21.3: the limit is an impulse's: the Allies' next impulse fires NAVAL_UK."""
    match = new_match(tmp_path, SEA)
    play(match, "pass")
    script_dice(match, monkeypatch, [3, 3, 3, 3])  # the Sunset DR 6: the day goes on
    play(match, "bombard 3 NAVAL_US G3", "end", "pass")
    assert "1 NAVAL_UK" in bombards(match, "allied")
