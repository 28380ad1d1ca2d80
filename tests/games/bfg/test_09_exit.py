"""Battle for Germany 9.0–9.3: German units exiting the map (digest §5.5 cases 35–38).

Only German units exit, from the 9.0 edge hexes (west 1601–2301, east 0926–3526, south
0112–0117), with 4 MP left (9.3). The enemy force the exiting unit fights (East German:
the Soviets; West German: the Western Allies) then has its two units nearest the exit hex
flipped, if the German side so chooses (9.1 "may remove"): they keep their ZOC until the end
of that Movement Phase and are then removed for good, as is the exiting unit (9.1). With no
such unit on the map, two come out of that theatre's eliminated box (9.2). Distances in hexes
from the exit hex 1826: 1825 1, 1725 2, 1624 / 2024 / 1525 3, 1424 4, 1020 10.
"""

from __future__ import annotations

import pytest
from games.bfg.position import advance_to, new_match, refused, state
from phaseline import Action

EAST = """
map 20x26
zone E cols 14-26
city Berlin 1014 10
unit G1 GER HEER corps 2-3-4 1925
unit G2 GER HEER corps 2-3-4 1826
unit S1 SOV SOV army 3-3-3 1624
unit S2 SOV SOV army 3-3-3 1424
unit S3 SOV SOV army 3-3-3 1020
unit U1 WA US corps 7-4-8 1003
"""


def exit_and_remove(match, unit_id: str) -> None:
    """Exit ``unit_id`` and have the German side take the removal 9.1 offers."""
    match.play(Action("exit", (unit_id,)))
    assert match.open_decision()["choices"] == ["remove", "none"]
    match.play(Action("choose", ("remove",)))


def east_moving(tmp_path, text: str = EAST):
    return advance_to(new_match(tmp_path, text, turns=(2, 10)), "ger-e-movement", turn=2)


def test_9_3_exiting_needs_4_mp_left(tmp_path):
    match = east_moving(tmp_path)
    match.play(Action("move", ("G1", "1926")))  # 1 MP spent: 3 left
    assert state(match, "G1")["mp"] == 3
    refused(match, Action("exit", ("G1",)), "9.3")
    assert Action("exit", ("G1",), "WA") not in match.legal_actions()


def test_9_1_exit_flips_the_two_nearest_enemies_who_keep_zoc_until_the_end_of_the_phase(tmp_path):
    match = east_moving(tmp_path)
    assert Action("exit", ("G2",), "WA") in match.legal_actions()
    exit_and_remove(match, "G2")
    assert (state(match, "G2")["space_id"], state(match, "G2")["status"]) == ("OUT", "removed")
    assert [state(match, u)["status"] for u in ("S1", "S2", "S3")] == ["flipped", "flipped", "ready"]
    zoc = {r["space_id"] for r in match.rules.run("enemy-zoc", side="GER_E")}
    assert {"1623", "1625", "1424"} & zoc  # 9.1 the flipped units still project their ZOC
    match.play(Action("end"))
    assert [state(match, u)["space_id"] for u in ("S1", "S2", "S3")] == ["OUT", "OUT", "1020"]
    assert state(match, "S1")["status"] == "removed"  # permanently out, not in an eliminated box
    assert state(match, "G2")["space_id"] == "OUT"


def test_9_1_ties_in_distance_are_the_german_side_s_decision(tmp_path):
    match = east_moving(tmp_path, EAST + "unit S4 SOV SOV army 3-3-3 2024\nunit S5 SOV SOV army 3-3-3 1525\n")
    exit_and_remove(match, "G2")
    first = match.open_decision()
    assert first["kind"] == "exit-penalty" and first["side"] == "WA" and first["rule"] == "9.1"
    assert sorted(first["choices"]) == ["S1", "S4", "S5"]
    error = refused(match, Action("choose", ("S2",)), "9.1")  # S2 is farther away
    assert "S2 cannot be flipped: it is 4 hexes from 1826" in str(error)
    match.play(Action("choose", ("S4",)))
    assert sorted(match.open_decision()["choices"]) == ["S1", "S5"]
    match.play(Action("choose", ("S5",)))
    flipped = match.rows(
        "SELECT unit_id FROM unit_state WHERE match_id = ? AND status = 'flipped' ORDER BY 1", [match.match_id]
    )
    assert [r["unit_id"] for r in flipped] == ["S4", "S5"]


@pytest.mark.parametrize(
    "extra, removed",
    [
        pytest.param("", {"B1", "B2"}, id="9.2-no-soviet-on-the-map-two-from-the-box"),
        pytest.param("unit S1 SOV SOV army 3-3-3 1624\n", {"S1", "B1"}, id="9.2-one-on-the-map-one-from-the-box"),
    ],
)
def test_exit_with_too_few_enemies_on_the_map(tmp_path, extra, removed):
    text = """
    map 20x26
    zone E cols 14-26
    city Berlin 1014 10
    unit G2 GER HEER corps 2-3-4 1826
    unit B1 SOV SOV army 1-3-3 ELIM_SOV
    unit U1 WA US corps 7-4-8 1003
    """
    boxed = "unit B2 SOV SOV army 2-3-3 ELIM_SOV\n"
    match = east_moving(tmp_path, text + extra + (boxed if not extra else ""))
    exit_and_remove(match, "G2")
    match.play(Action("end"))
    gone = match.rows(
        "SELECT unit_id FROM unit_state WHERE match_id = ? AND space_id = 'OUT' AND side = 'SOV'", [match.match_id]
    )
    assert {r["unit_id"] for r in gone} == removed


WEST = """
map 24x17
unit G1 GER HEER corps 2-3-4 2401
unit G2 GER HEER corps 2-3-4 2301
unit G3 GER HEER corps 2-3-4 0112
unit U1 WA US corps 7-4-8 1001
unit U2 WA US corps 6-6-7 0505
"""


@pytest.fixture(scope="module")
def west(tmp_path_factory):
    """Read-only: the West German Movement Phase of turn 2."""
    return advance_to(new_match(tmp_path_factory.mktemp("west"), WEST, turns=(2, 10)), "ger-w-movement", turn=2)


def test_9_0_hex_2401_is_outside_the_west_exit_span(west):
    refused(west, Action("exit", ("G1",)), "9.0")


@pytest.mark.parametrize(
    "unit",
    [pytest.param("G2", id="9.0-west-edge-2301-legal"), pytest.param("G3", id="9.0-south-edge-0112-legal")],
)
def test_exit_hexes_on_the_west_and_south_edges(west, unit):
    assert Action("exit", (unit,), "SOV") in west.legal_actions()


def test_9_0_only_german_units_exit(tmp_path):
    match = advance_to(new_match(tmp_path, WEST + "unit U3 WA US corps 4-8-6 1801\n", turns=(2, 10)), "wa-movement")
    refused(match, Action("exit", ("U3",)), "9.0")


def test_9_1_a_west_german_exit_costs_the_western_allies(tmp_path):
    match = advance_to(new_match(tmp_path, WEST, turns=(2, 10)), "ger-w-movement", turn=2)
    exit_and_remove(match, "G3")
    assert {state(match, u)["status"] for u in ("U1", "U2")} == {"flipped"}


def test_9_1_ruling_exit_any_allied_takes_the_nearest_of_either_ally(tmp_path):
    text = EAST + "unit U2 WA US corps 4-8-6 1825\n"
    match = new_match(tmp_path, text, turns=(2, 10), options=("exit-any-allied",))
    advance_to(match, "ger-e-movement", turn=2)
    exit_and_remove(match, "G2")
    assert [state(match, u)["status"] for u in ("U2", "S1", "S2")] == ["flipped", "flipped", "ready"]


def test_9_1_the_removal_is_the_german_side_s_choice(tmp_path):
    """9.1 「取り除くことができる」: the German side may decline; the exit stands, nobody is flipped."""
    match = east_moving(tmp_path)
    match.play(Action("exit", ("G2",)))
    decision = match.open_decision()
    assert (decision["kind"], decision["side"], decision["rule"]) == ("exit-removal", "WA", "9.1")
    assert "S1, S2" in decision["prompt"]
    refused(match, Action("choose", ("S1",)), "9.1")
    match.play(Action("choose", ("none",)))
    assert state(match, "G2")["space_id"] == "OUT"
    assert [state(match, u)["status"] for u in ("S1", "S2", "S3")] == ["ready", "ready", "ready"]
    match.play(Action("end"))
    assert [state(match, u)["space_id"] for u in ("S1", "S2", "S3")] == ["1624", "1424", "1020"]


@pytest.mark.parametrize(
    "options, answer",
    [
        pytest.param((), "remove", id="9.1-the-bot-removes-two-enemies"),
        pytest.param(("exit-any-allied",), "none", id="9.1-the-bot-spares-its-own-units"),
    ],
)
def test_9_1_the_bot_answers_the_removal(tmp_path, options, answer):
    """The WA player's bot runs the East Germans: it removes the two nearest Soviets, but not
    when (ruling exit-any-allied) its own U2 is among the nearest."""
    from phaseline.games.bfg.bot import HeuristicBot

    match = new_match(tmp_path, EAST + "unit U2 WA US corps 4-8-6 1825\n", turns=(2, 10), options=options)
    advance_to(match, "ger-e-movement", turn=2)
    match.play(Action("exit", ("G2",)))
    assert HeuristicBot(match, "WA").choose(match, "WA") == Action("choose", (answer,), "WA")
