"""Battle for Germany 14.0, Collapse in the East, at its edges (the fourth referee's report):
only the map east of the German Theatre Boundary is used; no Western Allied or West German
unit is; a German unit retreated across the line comes back the following turn or is
eliminated; each player scores the cities his units stand in at the end of turn 6, all of
them German at the start. In the small positions columns 03 onwards lie east of the line.
"""

from __future__ import annotations

import pytest
from games.bfg.position import advance_to, force_rolls, new_match, refused, where
from phaseline import Action
from phaseline.games.bfg.rules import victory

# --- 14.0 victory: each city where own units stand at the end ------------------------------


def test_14_0_a_every_city_starts_german_whatever_the_set_up_zoc(tmp_path):
    """「すべての都市は、ゲーム開始時にはドイツ軍支配下である」: Lublin, which only Soviet ZOC
    reaches at set-up, is German when play begins; 11.0 may give it away once the first
    Movement Phase is over."""
    text = """
    map 4x6
    zone E cols 01-06
    city Lublin 0204 1
    unit S1 SOV SOV army 3-3-3 0205
    unit G1 GER HEER corps 2-3-4 0401
    """
    match = new_match(tmp_path, text, scenario="collapse", turns=(1, 6))
    assert (match.clock.step, match.one("SELECT controller FROM bfg_city")) == ("sov-movement", "GER")
    match.play(Action("end"))
    assert match.one("SELECT controller FROM bfg_city") == "SOV"


def test_14_0_b_a_city_held_by_two_units_scores_once(tmp_path):
    """「自軍ユニットがいる各都市について、ＶＰを獲得する」: VP per city, not per unit."""
    text = """
    map 4x6
    zone E cols 01-06
    city Budapest 0103 1
    city Krakow 0106 1
    city Katowice 0306 1
    unit G1 GER HEER corps 2-3-4 0103
    unit G2 GER HEER corps 2-3-4 0103
    unit S1 SOV SOV army 3-3-3 0106
    unit S2 SOV SOV army 3-3-3 0306
    """
    match = new_match(tmp_path, text, scenario="collapse", turns=(6, 6))
    assert victory.scores(match) == {"SOV": 2, "WA": 1}


def test_14_0_c_a_city_west_of_the_line_is_not_on_the_map_in_use(tmp_path):
    """「地図のうち、ドイツ軍戦域境界線の東側部分のみを使用する」: G1, retreated into Leipzig
    west of the line, stands in no city of this game."""
    text = """
    map 1x4
    zone E cols 03-04
    city Leipzig 0102 2
    unit G1 GER HEER corps 2-3-4 0103
    unit S1 SOV SOV army 7-7-3 0104
    """
    match = advance_to(new_match(tmp_path, text, scenario="collapse", turns=(6, 6)), "sov-combat")
    force_rolls(match, 3)  # 7:3 → 2:1, die 3: Dr, and 0102 is G1's only retreat
    match.play(Action("attack", ("S1", "0103")))
    match.play(Action("choose", ("none",)))
    assert where(match, "G1") == "0102"
    assert victory.scores(match) == {"SOV": 0, "WA": 0}


# --- 14.0 the forces it leaves out -----------------------------------------------------------


@pytest.mark.parametrize(
    "step, order",
    [
        pytest.param("ger-e-movement", ("move", ("W1", "0102")), id="14.0-ref4-g-a-west-german-counter-cannot-move"),
        pytest.param("ger-e-replacement", ("replace", ("W2", "0103")), id="14.0-ref4-g-nor-come-back-from-its-box"),
    ],
)
def test_14_0_g_an_order_naming_a_west_german_unit_is_refused(tmp_path, step, order):
    """「西部ドイツ軍と西側連合軍ユニットは使用しない」: W1 (set up west of the line) and W2 (in
    the West German box) are not in play; an order naming either is refused under 14.0, not
    answered with an internal error."""
    text = """
    map 3x4
    zone E cols 03-04
    city Berlin 0202 10
    unit W1 GER HEER corps 2-3-4 0101
    unit W2 GER HEER corps 2-3-4 ELIM_GER_W
    unit G1 GER HEER corps 2-3-4 0104
    unit G2 GER HEER corps 2-3-4 ELIM_GER_E
    unit S1 SOV SOV army 3-3-3 0304
    """
    match = advance_to(new_match(tmp_path, text, scenario="collapse", turns=(2, 6)), step, turn=2)
    error = refused(match, Action(*order), "14.0")
    assert "uses no Western Allied or West German units" in str(error), error


# --- 14.0 only the map east of the line: 7.24 has no other side ------------------------------


def test_14_0_h_no_east_hex_free_beside_berlin_the_replacement_is_lost(tmp_path):
    """7.24 sends a German replacement to the other side of the line when enemy units hold
    every hex beside Berlin on its own; 14.0 uses no map west of the line and no West German
    unit, so there is no other side: 「その補充は失われる」. (C1 in Courland gives the East
    German player something to do, so the phase stands.)"""
    text = """
    map 3x4
    zone E cols 03-04
    city Berlin 0202 10
    unit S1 SOV SOV army 3-3-3 0203
    unit S2 SOV SOV army 3-3-3 0103
    unit S3 SOV SOV army 3-3-3 0303
    unit G2 GER HEER corps 2-3-4 ELIM_GER_E
    unit C1 GER HEER corps 2-3-4 COURLAND
    """
    match = advance_to(new_match(tmp_path, text, scenario="collapse", turns=(2, 6)), "ger-e-replacement", turn=2)
    assert [a for a in match.legal_actions() if a.verb == "replace"] == []
    error = refused(match, Action("replace", ("G2", "0201")), "14.0")
    assert "west of the theatre boundary" in str(error), error
    match.play(Action("end"))
    assert where(match, "G2") == "ELIM_GER_E"


# --- 14.0 a German retreated across the line returns the following turn -----------------------


def test_14_0_l_a_second_retreat_west_of_the_line_keeps_the_first_deadline(tmp_path):
    """「境界線を越えて退却を強いられた…ユニットは、続くターンに境界線の東側に戻らなければならない」:
    G1 crosses the line on turn 2 (back by turn 3); retreated again on turn 3, from 0103 to
    0102, it crosses nothing, so turn 3 stays its deadline and it is eliminated in turn 3."""
    text = """
    map 1x6
    zone E cols 04-06
    unit G1 GER HEER corps 2-3-4 0104
    unit S1 SOV SOV army 7-7-3 0105
    """
    match = advance_to(new_match(tmp_path, text, scenario="collapse", turns=(2, 4)), "sov-combat", turn=2)
    force_rolls(match, 3)  # 7:3 → 2:1, die 3: Dr; 0103, west of the line, is G1's only retreat
    match.play(Action("attack", ("S1", "0104")))
    match.play(Action("choose", ("S1>0104",)))
    advance_to(match, "sov-combat", turn=3)
    force_rolls(match, 3)
    match.play(Action("attack", ("S1", "0103")))  # Dr again: G1 to 0102, still west
    assert where(match, "G1") == "0102"
    deadline = match.rows(
        "SELECT deadline_turn, deadline_step FROM bfg_unit WHERE match_id = ? AND unit_id = 'G1'", [match.match_id]
    )
    assert deadline == [{"deadline_turn": 3, "deadline_step": "ger-e-movement"}]
    advance_to(match, "sov-movement", turn=4)
    assert where(match, "G1") == "ELIM_GER_W"
    eliminated = "SELECT turn FROM event WHERE match_id = ? AND unit_id = 'G1' AND kind = 'eliminated'"
    assert match.one(eliminated, [match.match_id]) == 3
