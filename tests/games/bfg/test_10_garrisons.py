"""Battle for Germany 10.0–10.3: Soviet garrisons of Warsaw, Prague, Vienna and Berlin
(digest §5.5 case 46).

Once Soviet-bloc units occupy one of these cities, a Soviet Front must garrison it by the
end of the next Soviet Movement Phase (10.0); a city without its garrison at the end of
the game scores the Soviets nothing (10.1); a garrison never moves (10.3) nor advances (10.2), and the
Fronts in these cities at the start of Red Star / White Star are garrisons (10.2). Prague
is 0205 (east of the boundary, columns 04–06); the Soviet army S1 stands next to it.
"""

from __future__ import annotations

import pytest
from games.bfg.position import advance_to, force_rolls, new_match, refused
from phaseline import Action
from phaseline.games.bfg.rules import victory

PRAGUE = """
map 4x6
zone E cols 04-06
city Prague 0205 3
unit S1 SOV SOV army 3-3-3 0206
unit F1 SOV SOV front 8-20-3 0406
unit U1 WA US corps 7-4-8 0101
"""


def garrison_notes(match) -> list[int]:
    return [
        r["turn"]
        for r in match.rows(
            "SELECT turn FROM event WHERE match_id = ? AND kind = 'note' AND rule = '10.0' ORDER BY seq",
            [match.match_id],
        )
    ]


def play_out(match) -> dict:
    while not match.finished:
        match.play(Action("end"))
    return match.rows("SELECT * FROM event WHERE match_id = ? AND kind = 'result'", [match.match_id])[0]


@pytest.mark.parametrize(
    "front_arrives, soviet_vp",
    [
        pytest.param(False, 0, id="10.1-no-garrison-at-game-end-no-soviet-vp"),
        pytest.param(True, 3, id="10.1-garrisoned-late-the-city-scores"),
    ],
)
def test_10_0_prague_taken_on_turn_7_without_a_front(tmp_path, front_arrives, soviet_vp):
    # nobody takes Berlin here: the VP decide only under the expanded-vp-without-berlin ruling (12.23)
    options = ("expanded-vp-without-berlin",)
    match = advance_to(
        new_match(tmp_path, PRAGUE, scenario="expanded", turns=(7, 9), options=options), "sov-movement", turn=7
    )
    match.play(Action("move", ("S1", "0205")))
    advance_to(match, "sov-movement", turn=8)
    assert match.one("SELECT controller FROM bfg_city WHERE match_id = ?", [match.match_id]) == "SOV"
    assert garrison_notes(match) == []  # turn 7: the capture's own phase
    match.play(Action("end"))
    assert garrison_notes(match) == [8]  # 10.0 no Front by the end of the turn-8 Soviet Movement Phase
    advance_to(match, "sov-movement", turn=9)
    if front_arrives:
        match.play(Action("move", ("F1", "0205")))
    match.play(Action("end"))
    assert victory.scores(match).get("SOV", 0) == soviet_vp
    result = play_out(match)
    assert result["payload"] == ('{"winners":["SOV"]}' if soviet_vp else '{"winners":[]}')


def test_10_3_a_garrison_never_moves(tmp_path):
    match = advance_to(new_match(tmp_path, PRAGUE, turns=(7, 10)), "sov-movement", turn=7)
    match.play(Action("move", ("F1", "0305")))
    match.play(Action("move", ("F1", "0205")))
    match.play(Action("end"))
    assert (
        match.one("SELECT garrison FROM bfg_unit WHERE match_id = ? AND unit_id = 'F1'", [match.match_id]) == "Prague"
    )
    advance_to(match, "sov-movement", turn=8)
    refused(match, Action("move", ("F1", "0204")), "10.3")
    assert Action("move", ("F1", "0204"), "SOV") not in match.legal_actions()


def rsws_at(tmp_path, text: str, step: str):
    """A Red Star / White Star match of ``text`` at ``step`` of its first Soviet turn (11, or 12 when
    15.22's roll cancelled the Soviet turn 11)."""
    match = new_match(tmp_path, text, scenario="rsws", turns=(11, 16))
    skipped = match.one("SELECT skip_soviet_11 FROM bfg_state WHERE match_id = ?", [match.match_id])
    return advance_to(match, step, turn=12 if skipped else 11)


def test_10_2_fronts_in_the_cities_at_the_start_of_red_star_white_star_stay(tmp_path):
    text = """
    map 4x6
    city Warsaw 0205 3
    unit F1 SOV SOV front 8-20-3 0205
    unit F2 SOV SOV front 8-20-3 0405
    unit U1 WA US corps 7-4-8 0101
    """
    match = rsws_at(tmp_path, text, "sov-movement")
    refused(match, Action("move", ("F1", "0204")), "10.3")
    match.play(Action("move", ("F2", "0404")))  # a Front elsewhere moves


def test_10_2_a_garrison_may_not_advance_after_combat(tmp_path):
    """The garrison F1 and S1 attack U1 (12:4 → 3:1, die 1: De): S1 may advance, F1 may not,
    for it stays in Warsaw for the rest of the game (10.2; an advance is not a move, 6.93, so
    10.3's "may not move" is not the sentence that bars it)."""
    text = """
    map 4x6
    city Warsaw 0205 3
    unit F1 SOV SOV front 8-20-3 0205
    unit S1 SOV SOV army 4-3-3 0105
    unit U1 WA US corps 7-4-8 0204
    """
    match = rsws_at(tmp_path, text, "sov-combat")
    force_rolls(match, 1)
    match.play(Action("attack", ("F1,S1", "0204")))
    assert match.open_decision()["choices"] == ["S1>0204", "none"]
    error = refused(match, Action("choose", ("F1>0204",)), "10.2")
    assert "F1 garrisons Warsaw and stays there for the rest of the game" in str(error), error


@pytest.mark.parametrize(
    "holder, soviet_vp",
    [
        pytest.param("S1", 0, id="10.1-ref4-a-in-the-collapse-prague-held-without-a-front-scores-nothing"),
        pytest.param("F1", 3, id="10.1-in-the-collapse-prague-held-by-its-front-garrison-scores"),
    ],
)
def test_10_1_in_the_collapse_a_city_without_its_garrison_scores_nothing(tmp_path, holder, soviet_vp):
    """10.0 and 10.1 are general rules: 14.0 counts the cities a player's units occupy, but a
    Soviet-held Warsaw, Prague, Vienna or Berlin without its Front still gives no VP."""
    text = """
    map 4x6
    zone E cols 04-06
    city Prague 0205 3
    unit S1 SOV SOV army 3-3-3 0206
    unit F1 SOV SOV front 8-20-3 0406
    """
    match = advance_to(new_match(tmp_path, text, scenario="collapse", turns=(6, 6)), "sov-movement")
    match.play(Action("move", (holder, "0205")))
    match.play(Action("end"))
    assert victory.scores(match) == {"SOV": soviet_vp, "WA": 0}


@pytest.mark.parametrize(
    "holder, soviet_vp",
    [
        pytest.param("F1", 3, id="10.1-a-front-standing-in-prague-is-placed-there"),
        pytest.param("S1", 0, id="10.1-an-army-in-prague-is-no-garrison"),
    ],
)
def test_10_1_a_front_in_the_city_at_the_end_counts_before_its_deadline(tmp_path, holder, soviet_vp):
    """10.1: 「ゲーム終了時に守備隊が置かれていない場合」: a Front standing in Prague is placed
    there, though 10.0 names it garrison only at the end of the Movement Phase (which, on the
    last turn, a Front advancing after combat never sees)."""
    match = advance_to(new_match(tmp_path, PRAGUE, scenario="collapse", turns=(6, 6)), "sov-movement")
    match.play(Action("move", (holder, "0205")))
    assert victory.garrisoned_cities(match) == set()  # the phase has not ended
    assert victory.scores(match)["SOV"] == soviet_vp


def test_10_0_a_garrison_removed_by_an_exit_garrisons_nothing(tmp_path):
    """9.1 removes the two nearest enemy units, a garrison too (10.2 keeps it in its city, it
    does not shield it): its city has no garrison any more (10.1)."""
    from phaseline import Event
    from phaseline.games.bfg.rules.elimination import remove_from_play

    match = advance_to(new_match(tmp_path, PRAGUE, scenario="collapse", turns=(6, 6)), "sov-movement")
    match.play(Action("move", ("F1", "0205")))
    match.play(Action("end"))
    assert victory.garrisoned_cities(match) == {"Prague"}
    with match.store.transaction():
        match.log(Event("note", purpose="test: a German exit removes F1 (9.1)"))
        remove_from_play(match, ["F1"], "9.1", "removed by a German exit")
    assert victory.garrisoned_cities(match) == set()
