"""Breakout: Normandy 22: breakout, the end-of-week check, the VP and the contested bonus."""

from __future__ import annotations

import pytest
from games.breakout.victory_position import end_the_day, scored_match, with_state
from phaseline.games.breakout.rules.victory import breakout_units, final_outcome, score, weekly_check

# Omaha (1) - 2 - 3 - 4 -> zone A; 2 - Cherbourg (5) - 6 -> zone A; a second beach 7 off 2.
MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
area 5 clear 1
area 6 clear 1
area 7 clear 1
area 8 clear 1
area ZA zone
border 1-2
border 2-3
border 3-4
border 4-ZA arrow
border 2-5
border 5-6
border 6-ZA arrow
border 2-7
border 2-8
beach Omaha 1
control 1 US
control 2 US
"""
VP = [
    ("area", "3", 3),
    ("area", "4", 2),
    ("area", "6", 4),
    ("area", "8", 7),
    ("cherbourg_controlled", "5", 4),
    ("cherbourg_isolated", "5", 2),
]


def vp_of(tmp_path, text: str) -> tuple[int, str]:
    current = score(scored_match(tmp_path, text, VP))
    return current.total, current.evidence()


# === 22.3 VICTORY POINTS ================================================================


def test_22_3_a_controlled_supplied_vp_area_scores(tmp_path):
    total, evidence = vp_of(tmp_path, MAP + "control 3 US\n")
    assert total == 3 + 1  # area 3, and the Allies start with the Advantage
    assert "Area 3 (3) Allied and supplied +3 (22.3)" in evidence


def test_22_3_an_area_cut_from_the_beaches_does_not_score(tmp_path):
    total, evidence = vp_of(tmp_path, MAP.replace("control 2 US\n", "") + "control 3 US\n")
    assert total == 1 and "Area 3" not in evidence


def test_22_3_german_units_in_a_controlled_supplied_area_do_not_matter(tmp_path):
    text = MAP + "control 3 US\nunit G1 german DE infantry 2-3-2/1 3\nunit A1 allied US infantry 3-4-3/2 3\n"
    assert vp_of(tmp_path, text)[0] == 3 + 1


def test_22_3_supply_crosses_a_river_only_on_the_last_step(tmp_path):
    river = MAP.replace("border 3-4\n", "border 3-4 river\n") + "control 3 US\ncontrol 4 US\n"
    assert vp_of(tmp_path, river)[0] == 3 + 2 + 1  # 4 is the area supplied: the last step may cross
    water = MAP.replace("border 3-4\n", "border 3-4 water\n") + "control 3 US\ncontrol 4 US\n"
    assert vp_of(tmp_path, water)[0] == 3 + 1  # never over unbridged water


@pytest.mark.parametrize(
    ("extra", "vp", "why"),
    [
        pytest.param("control 5 US\n", 4, "Area 5 (5) Allied +4", id="22.3-cherbourg-controlled-4"),
        pytest.param("control 6 US\n", 2, "isolated from the German zones +2", id="22.3-cherbourg-isolated-2"),
        pytest.param("", 0, "", id="22.3-cherbourg-with-a-german-supply-line-0"),
    ],
)
def test_cherbourg(tmp_path, extra, vp, why):
    total, evidence = vp_of(tmp_path, MAP + extra)
    assert total == vp + 1  # area 6 (Allied, beyond German Cherbourg) is not supplied
    assert why in evidence


def test_22_3_the_advantage_is_worth_1(tmp_path):
    match = scored_match(tmp_path, MAP, VP)
    assert score(match).total == 1
    with_state(match, advantage="german")
    assert score(match).total == 0


def test_22_3_each_german_controlled_beach_costs_1(tmp_path):
    text = MAP.replace("control 1 US\n", "") + "control 3 US\n"
    total, evidence = vp_of(tmp_path, text)
    assert total == 1 - 1  # the beach is German: no supply line, and -1
    assert "beach Area 1 (1) German -1 (22.3)" in evidence


# === 22.4 CONTESTED-AREAS BONUS =========================================================


@pytest.mark.parametrize(
    ("contested", "bonus"),
    [
        pytest.param(("3", "6"), 1, id="22.4-contesting-areas-worth-7-earns-1"),
        pytest.param(("8",), 1, id="22.4-one-area-worth-7-earns-1"),
        pytest.param(("3", "4"), 0, id="22.4-areas-worth-5-earn-nothing"),
    ],
)
def test_contested_bonus(tmp_path, contested, bonus):
    units = "".join(
        f"unit A{s} allied US infantry 3-4-3/2 {s}\nunit G{s} german DE infantry 2-3-2/1 {s}\n" for s in contested
    )
    assert vp_of(tmp_path, MAP + units)[0] == 1 + bonus


def test_22_4_an_allied_controlled_contested_area_counts_as_controlled_not_contested(tmp_path):
    units = "unit A8 allied US infantry 3-4-3/2 8\nunit G8 german DE infantry 2-3-2/1 8\ncontrol 8 US\n"
    total, evidence = vp_of(tmp_path, MAP + units)
    assert total == 7 + 1 and "22.4" not in evidence


# === 22.2 THE END-OF-WEEK CHECK (digest 7.5 case 32) ====================================

TEN = (
    MAP.replace("border 2-8\n", "border 2-8\nbeach Utah 7\n")
    + "control 5 US\ncontrol 3 US\ncontrol 4 US\n"
    + "unit A8 allied US infantry 3-4-3/2 8\nunit G8 german DE infantry 2-3-2/1 8\n"
)


def test_22_2_exactly_10_vp_win_the_standard_game(tmp_path):
    match = scored_match(tmp_path, TEN, VP)
    current = score(match)
    # Cherbourg 4 + Advantage 1 - Utah German 1 + contested 7 VP 1 + areas 3 and 4 (5) = 10
    assert current.total == 10
    assert sorted(i.vp for i in current.items) == [-1, 1, 1, 2, 3, 4]
    outcome = final_outcome(match)
    assert (outcome.rule, outcome.winners) == ("22.2", ("allied",))
    assert "win with 10 VP (need 10 on the turn record track)" in outcome.summary


def test_22_2_nine_vp_is_a_german_win(tmp_path):
    match = scored_match(tmp_path, TEN, VP)
    with_state(match, advantage="german")
    outcome = final_outcome(match)
    assert (outcome.rule, outcome.winners) == ("22.2", ("german",))
    assert "the Allies have 9 VP" in outcome.summary


def test_22_2_the_match_ends_with_the_winner_and_the_vp_evidence(tmp_path):
    match = scored_match(tmp_path, TEN, VP)
    end_the_day(match)
    assert match.finished
    result = match.one("SELECT purpose FROM event WHERE match_id = ? AND kind = 'result'", [match.match_id])
    assert "Allies win with 10 VP" in result and "Area 5 (5) Allied +4 (22.3)" in result


def test_24_1_equal_vp_play_on_in_the_extended_game(tmp_path):
    match = scored_match(tmp_path, TEN, VP)
    assert weekly_check(match, 1, last=False) is None


# === 22.1 BREAKOUT ======================================================================

ROAD = MAP + "control 3 US\ncontrol 4 US\ncontrol ZA US\n"


def test_22_1_a_supplied_fresh_unit_in_a_zone_breaks_out_at_the_end_of_daylight(tmp_path):
    match = scored_match(tmp_path, ROAD + "unit A1 allied US infantry 3-4-3/2 ZA\n", VP)
    end_the_day(match)
    assert match.finished
    assert match.clock.step == "allied-impulse"  # at once: no Refit after the winning Daylight
    result = match.one("SELECT purpose FROM event WHERE match_id = ? AND kind = 'result'", [match.match_id])
    assert result == "the Allies break out: supplied Fresh A1 in ZA at the end of Daylight"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(ROAD + "unit A1 allied US infantry 3-4-3/2 ZA Spent\n", id="22.1-a-spent-unit-does-not"),
        pytest.param(
            ROAD.replace("control 3 US\n", "") + "unit A1 allied US infantry 3-4-3/2 ZA\n",
            id="22.1-an-isolated-unit-does-not",
        ),
    ],
)
def test_no_breakout(tmp_path, text):
    match = scored_match(tmp_path, text, VP)
    end_the_day(match)
    assert match.finished
    assert "22.1" not in match.one("SELECT rule FROM event WHERE match_id = ? AND kind = 'result'", [match.match_id])


def test_22_the_germans_score_no_vp_and_a_match_ends_with_one_winner(tmp_path):
    match = scored_match(tmp_path, MAP + "control 3 US\n", VP)
    assert all(item.rule in ("22.3", "22.4") and item.vp for item in score(match).items)
    assert len(final_outcome(match).winners) == 1


@pytest.mark.parametrize(
    ("options", "vp"),
    [
        pytest.param((), 3 + 1, id="22.3-any-allied-beach-supplies-a-british-area"),
        pytest.param(("same-nation-supply",), 1, id="22.3-ruling-a-british-area-needs-a-british-beach"),
    ],
)
def test_same_nation_supply_ruling_for_vp(tmp_path, options, vp):
    match = scored_match(tmp_path, MAP + "control 3 UK\n", VP, options=options)  # Omaha is the only (US) beach
    assert score(match).total == vp


def test_22_1_ruling_a_british_unit_breaks_out_only_on_a_supply_line_to_a_british_beach(tmp_path):
    text = ROAD + "unit B1 allied UK infantry 3-4-3/2 ZA\n"
    match = scored_match(tmp_path, text, VP, options=("same-nation-supply",))
    end_the_day(match)
    assert "22.1" not in match.one("SELECT rule FROM event WHERE match_id = ? AND kind = 'result'", [match.match_id])
    assert breakout_units(scored_match(tmp_path / "any", text, VP)) == ["B1"]
