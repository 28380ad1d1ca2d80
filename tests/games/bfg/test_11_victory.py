"""Battle for Germany 11.0 and each scenario's verdict (digest §5.5 cases 49, 54–56, 61).

11.0: a city is controlled by the side occupying it; else by the only side whose ZOC
reaches it; else by the side of the last unit that passed through it or beside it. Victory
points are totalled at the end of the last turn. The verdicts: 12.23 (Historical: a draw if
nobody took Berlin), 14.0 (Collapse in the East: cities occupied at the end of turn 6),
16.31 (three players: the German player wins if nobody took Berlin), 17.32 (four players:
several may win).
"""

from __future__ import annotations

import json

import pytest
from games.bfg.position import advance_to, force_rolls, new_match
from phaseline import Action

CITIES = """
map 2x10
city Aachen 0103 1
city Koeln 0203 1
city Bonn 0202 1
city Essen 0106 1
city Trier 0209 1
unit U3 WA US corps 4-8-6 0110
unit G2 GER HEER corps 2-3-4 0208
unit U1 WA US corps 7-4-8 0102
unit U2 WA US corps 7-4-8 0104
unit G1 GER HEER corps 2-3-4 0201
"""


def controllers(match) -> dict[str, str]:
    rows = match.rows(
        """SELECT sp.name, c.controller FROM bfg_city c JOIN space sp USING (match_id, space_id)
           WHERE c.match_id = ?""",
        [match.match_id],
    )
    return {r["name"]: r["controller"] for r in rows}


def play_out(match) -> dict:
    while not match.finished:
        match.play(Action("end"))
    return json.loads(match.clock.result)


def test_11_0_occupation_zoc_and_last_touch(tmp_path):
    match = advance_to(new_match(tmp_path, CITIES, turns=(2, 10)), "wa-movement", turn=2)
    assert controllers(match)["Essen"] == "GER"  # 11.0 every city starts German
    match.play(Action("move", ("U1", "0103")))  # occupies Aachen, beside Koeln and Bonn
    match.play(Action("move", ("U2", "0108")))  # passes through Essen and moves on
    assert (
        match.one("SELECT space_id FROM unit_state WHERE match_id = ? AND unit_id = 'U2'", [match.match_id]) == "0108"
    )
    match.play(Action("end"))
    assert controllers(match) == {
        "Aachen": "WA",  # occupied
        "Koeln": "WA",  # only a Western Allied ZOC reaches it
        "Bonn": "WA",  # both ZOCs reach it; the last unit to come beside it was Western Allied
        "Essen": "WA",  # the last unit through it was Western Allied
        "Trier": "GER",  # both ZOCs reach it and nobody came or went: it stays with its holder
    }


@pytest.mark.parametrize(
    "written",
    [
        pytest.param("each-action", id="11.0-last-touch-read-from-the-log"),
        pytest.param("moves-held", id="11.0-last-touch-from-the-log-and-the-held-moves"),
        pytest.param("step-held", id="11.0-last-touch-from-the-whole-step-held"),
    ],
)
def test_11_0_last_touch_whatever_is_written_yet(tmp_path, written):
    """The same moves give the same cities whether the step's moves were written before its
    end (each action committed), only its first part was, or none of it (autoplay's blocks)."""
    match = advance_to(new_match(tmp_path, CITIES, turns=(2, 10)), "ger-w-combat", turn=2)
    orders = [Action("end"), Action("move", ("U1", "0103")), Action("move", ("U2", "0108")), Action("end")]
    if written == "each-action":
        for order in orders:
            match.play(order)
    else:
        if written == "moves-held":
            match.play(orders.pop(0))
        with match.one_commit():
            for order in orders:
                match.play(order)
    assert controllers(match) == {"Aachen": "WA", "Koeln": "WA", "Bonn": "WA", "Essen": "WA", "Trier": "GER"}


@pytest.mark.parametrize(
    "scenario, winners, rule",
    [
        pytest.param("historical", [], "12.23", id="12.23-nobody-took-berlin-a-draw-whatever-the-vp"),
        pytest.param("three-player", ["GER"], "16.31", id="16.31-nobody-took-berlin-the-german-player-wins"),
        pytest.param("expanded", [], "12.23", id="12.23-the-expanded-game-keeps-the-draw-without-berlin"),
    ],
)
def test_berlin_never_taken(tmp_path, scenario, winners, rule):
    text = """
    map 4x6
    zone E cols 04-06
    city Berlin 0303 10
    city Warsaw 0106 3
    unit S1 SOV SOV army 3-3-3 0106
    unit U1 WA US corps 7-4-8 0101
    """
    match = new_match(tmp_path, text, scenario=scenario, turns=(10, 10))
    result = play_out(match)
    assert (result["winners"], result["rule"]) == (winners, rule)


def test_13_0_the_expanded_vp_ruling_decides_a_game_without_berlin_on_points(tmp_path):
    """The other reading of 12.23 in the Expanded game (ruling expanded-vp-without-berlin)."""
    text = "map 4x6\nzone E cols 04-06\ncity Berlin 0303 10\ncity Posen 0106 3\nunit S1 SOV SOV army 3-3-3 0106"
    match = new_match(tmp_path, text, scenario="expanded", turns=(16, 16), options=("expanded-vp-without-berlin",))
    result = play_out(match)
    assert (result["winners"], result["rule"]) == (["SOV"], "13.0")


def test_14_0_collapse_counts_the_cities_each_side_occupies_at_the_end_of_turn_6(tmp_path):
    text = """
    map 4x6
    zone E cols 01-06
    city Lodz 0106 3
    city Posen 0104 2
    city Stettin 0401 1
    unit S1 SOV SOV army 3-3-3 0106
    unit S2 SOV SOV army 3-3-3 0204
    unit G1 GER HEER corps 2-3-4 0401
    """
    match = new_match(tmp_path, text, scenario="collapse", turns=(6, 6))
    result = play_out(match)
    # Soviets occupy Lodz (3; a Warsaw held by an army alone would score nothing, 10.1); Posen is
    # only in their ZOC and does not count; the WA player's East Germans occupy Stettin (1)
    assert (result["winners"], result["rule"]) == (["SOV"], "14.0")
    assert result["summary"] == "victory points: Soviets 3, Western Allies 1: the Soviet player wins"


@pytest.mark.parametrize(
    "winners, says",
    [
        pytest.param(("SOV",), "VP: the Soviet player wins", id="11.0-the-player-with-more-vp-wins"),
        pytest.param(("WA",), "VP: the Western Allied player wins", id="15.25-the-result-names-the-winner"),
        pytest.param((), "VP: a draw", id="12.23-a-draw-names-nobody"),
        pytest.param(
            ("GER_E", "GER_W"),
            "VP: the East German player and the West German player win",
            id="17.32-two-players-may-win",
        ),
    ],
)
def test_11_0_the_result_says_who_won(winners, says):
    """「ＶＰが多い側のプレイヤーが勝利する」: the result names the winners, not only the score."""
    from phaseline.games.bfg.rules.victory import verdict

    outcome = verdict("11.0", winners, "VP")
    assert (outcome.winners, outcome.summary) == (winners, says)


FOUR = """
map 4x6
zone E cols 04-06
city Berlin 0303 10
unit S1 SOV SOV army 3-3-3 0304
unit U1 WA US corps 7-4-8 0302
unit G1 GER HEER corps 2-3-4 0106
unit G2 GER HEER corps 2-3-4 0101
"""


def test_17_32_soviets_in_berlin_on_turn_8_wa_never_soviet_and_west_german_win(tmp_path):
    match = advance_to(new_match(tmp_path, FOUR, scenario="four-player", turns=(8, 9)), "sov-movement", turn=8)
    match.play(Action("move", ("S1", "0303")))
    result = play_out(match)
    assert (sorted(result["winners"]), result["rule"]) == (["GER_W", "SOV"], "17.32")
    assert result["summary"].endswith(": the West German player and the Soviet player win")


def test_17_32_wa_in_berlin_on_turn_9_soviets_on_turn_10_the_wa_win_alone(tmp_path):
    match = advance_to(new_match(tmp_path, FOUR, scenario="four-player", turns=(9, 10)), "wa-movement", turn=9)
    match.play(Action("move", ("U1", "0303")))
    advance_to(match, "sov-movement", turn=10)
    match.play(Action("move", ("S1", "0303")))
    result = play_out(match)
    assert (result["winners"], result["rule"]) == (["WA"], "17.32")


def test_17_32_both_in_berlin_in_one_turn_the_first_to_enter_wins(tmp_path):
    """The Soviets enter in their player turn, the Western Allies later in the same turn 9:
    the Soviets were first (the order of entry is kept, not only the turn)."""
    match = advance_to(new_match(tmp_path, FOUR, scenario="four-player", turns=(9, 10)), "sov-movement", turn=9)
    match.play(Action("move", ("S1", "0303")))
    advance_to(match, "wa-movement", turn=9)
    match.play(Action("move", ("U1", "0303")))
    result = play_out(match)
    assert (result["winners"], result["rule"]) == (["SOV"], "17.32")


def test_17_32_an_entry_after_turn_10_does_not_count(tmp_path):
    """17.32 judges who entered Berlin by turn 10; a custom scenario running to turn 11 does
    not change it: the Western Allies entering on turn 11 leave both German players winning."""
    match = advance_to(new_match(tmp_path, FOUR, scenario="four-player", turns=(10, 11)), "wa-movement", turn=11)
    match.play(Action("move", ("U1", "0303")))
    result = play_out(match)
    assert (sorted(result["winners"]), result["rule"]) == (["GER_E", "GER_W"], "17.32")


def test_17_32_a_retreat_into_berlin_enters_it(tmp_path):
    """S1's only retreat hex is Berlin: the Soviets have entered it (and first)."""
    text = """
    map 1x4
    zone E cols 03-04
    city Berlin 0102 10
    unit S1 SOV SOV army 3-3-3 0103
    unit GE GER HEER corps 7-3-4 0104
    """
    match = advance_to(new_match(tmp_path, text, scenario="four-player", turns=(10, 10)), "ger-e-combat", turn=10)
    force_rolls(match, 3)  # 7:3 → 2:1, die 3: Dr
    match.play(Action("attack", ("GE", "0103")))
    assert (
        match.one("SELECT space_id FROM unit_state WHERE match_id = ? AND unit_id = 'S1'", [match.match_id]) == "0102"
    )
    match.play(Action("choose", ("none",)))  # GE stays: no advance
    result = play_out(match)
    assert (sorted(result["winners"]), result["rule"]) == (["GER_W", "SOV"], "17.32")


def test_17_32_the_four_player_result_says_who_never_entered_berlin():
    """The result reads 'Soviets never entered', not 'Soviets turn None' (the second referee's report)."""
    from phaseline.games.bfg.rules.victory import _four_player

    state = {"wa_berlin_turn": 2, "sov_berlin_turn": None, "berlin_entered_by": "WA", "berlin_entered_turn": 2}
    outcome = _four_player(state)
    assert "Soviets never entered, Western Allies turn 2, first in: WA" in outcome.summary
    assert set(outcome.winners) == {"GER_E", "WA"}
