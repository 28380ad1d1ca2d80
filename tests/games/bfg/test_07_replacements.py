"""Battle for Germany 7.0–7.26: eliminated-units boxes and replacements (digest §5.5 cases
22–30, with 7.2 Examples 1 and 2 of the rulebook).

Berlin stands in 0303 in the small positions (odd row: its ring is 0302, 0304, 0202, 0203,
0402, 0403); columns 04–06 are east of the theatre boundary, so only 0304 of the ring is
east. The Turn Record's shipped allowances apply: one West German and one East German
replacement a turn, two Western Allied and one Italian Front (scenarios/bfg/tables/turns.csv).
Every refusal names its rule and leaves the state untouched.
"""

from __future__ import annotations

import pytest
from games.bfg.position import advance_to, new_match, refused, state
from phaseline import Action, Match, Store
from phaseline.bots import run_bots
from phaseline.games.bfg.rules.elimination import box_for
from phaseline.plugins import registry

EXAMPLE_1 = """
map 4x6
zone E cols 04-06
city Berlin 0303 10
unit U1 WA US corps 7-4-8 0101
unit A GER HEER corps 6-5-6 ELIM_GER_W
unit B GER HEER corps 5-6-4 ELIM_GER_W
unit C GER HEER corps 4-6-5 ELIM_GER_W
unit D GER HEER corps 2-4-4 ELIM_GER_W
unit E GER HEER corps 2-3-4 ELIM_GER_W
"""

EXAMPLE_2 = """
map 4x6
zone E cols 04-06
city Berlin 0303 10
unit G1 GER HEER corps 2-3-4 0202
unit W1 WA US corps 7-4-8 ELIM_WA
unit W2 WA US corps 7-4-8 ELIM_WA
unit W3 WA UK corps 6-6-7 ELIM_WA
unit W4 WA US corps 4-8-6 ELIM_WA
"""


def notes(match, rule: str) -> list[dict]:
    return match.rows(
        "SELECT * FROM event WHERE match_id = ? AND kind = 'note' AND rule = ? ORDER BY seq", [match.match_id, rule]
    )


@pytest.fixture(scope="module")
def example_1(tmp_path_factory):
    """7.2 Example 1: turn 4, West German Replacement Phase (read-only: refusals only)."""
    match = new_match(tmp_path_factory.mktemp("ex1"), EXAMPLE_1, turns=(4, 10))
    return advance_to(match, "ger-w-replacement", turn=4)


def test_7_11_germans_set_up_in_the_west_german_box_are_west_germans(example_1):
    assert {state(example_1, u)["side"] for u in "ABCDE"} == {"GER_W"}


# --- 7.21 the weakest first (Example 1) -------------------------------------------------------


@pytest.mark.parametrize(
    "unit",
    [
        pytest.param("C", id="7.21-example-1-the-4-6-5-is-refused"),
        pytest.param("A", id="7.21-example-1-the-6-5-6-is-refused"),
        pytest.param("B", id="7.21-example-1-the-5-6-4-is-refused"),
    ],
)
def test_stronger_units_wait_while_a_weaker_one_is_in_the_box(example_1, unit):
    error = refused(example_1, Action("replace", (unit, "0302")), "7.21")
    assert "2-4-4" in str(error) and "2-3-4" in str(error)


def test_7_21_the_owner_chooses_among_equally_weak_units(example_1):
    offered = {a.args[0] for a in example_1.legal_actions() if a.verb == "replace"}
    assert offered == {"D", "E"}


def test_7_22_a_west_german_replacement_enters_beside_berlin_on_its_own_side(example_1):
    hexes = {a.args[1] for a in example_1.legal_actions() if a.verb == "replace"}
    assert hexes == {"0202", "0203", "0302", "0402", "0403"}
    refused(example_1, Action("replace", ("D", "0304")), "7.24")  # east: only when the west is full
    refused(example_1, Action("replace", ("D", "0101")), "7.22")  # not beside Berlin


def test_7_22_example_1_the_2_4_4_moves_at_double_allowance(tmp_path):
    match = advance_to(new_match(tmp_path, EXAMPLE_1, turns=(4, 10)), "ger-w-replacement", turn=4)
    match.play(Action("replace", ("D", "0302")))
    placed = state(match, "D")
    assert (placed["space_id"], placed["side"]) == ("0302", "GER_W")
    advance_to(match, "ger-w-movement")
    assert state(match, "D")["mp"] == 8  # 7.22 2-4-4: twice its printed 4
    match.play(Action("end"))
    advance_to(match, "ger-w-movement", turn=5)
    assert state(match, "D")["mp"] == 4  # only in the turn it came back


# --- 7.2 allowances cannot be saved ----------------------------------------------------------


def test_7_2_an_unused_allowance_is_forfeited_not_saved(tmp_path):
    match = advance_to(new_match(tmp_path, EXAMPLE_1, turns=(4, 10)), "ger-w-replacement", turn=4)
    match.play(Action("end"))
    assert [n["turn"] for n in notes(match, "7.2") if n["step"] == "ger-w-replacement"] == [4]
    advance_to(match, "ger-w-replacement", turn=5)
    assert match.one("SELECT replacements_left FROM bfg_state WHERE match_id = ?", [match.match_id]) == 1


def test_7_2_an_empty_box_forfeits_its_allowance(tmp_path):
    match = advance_to(new_match(tmp_path, EXAMPLE_2, turns=(6, 10)), "wa-replacement", turn=6)
    match.play(Action("replace", ("W1", "0101")))
    match.play(Action("replace", ("W4", "0201")))
    assert match.legal_actions() == [Action("end", (), "WA")]  # allowance of 2 used up
    match.play(Action("end"))
    # the Italian Front box is empty: its allowance of 1 is lost at the end of the phase
    assert any(n["step"] == "wa-replacement" for n in notes(match, "7.2"))
    assert match.one("SELECT italy_left FROM bfg_state WHERE match_id = ?", [match.match_id]) == 0


# --- Example 2: the Western Allies choose freely --------------------------------------------


def test_7_21_example_2_western_allies_take_any_two_units_to_the_west_edge(tmp_path):
    match = advance_to(new_match(tmp_path, EXAMPLE_2, turns=(6, 10)), "wa-replacement", turn=6)
    assert match.one("SELECT replacements_left FROM bfg_state WHERE match_id = ?", [match.match_id]) == 2
    assert {a.args[0] for a in match.legal_actions() if a.verb == "replace"} == {"W1", "W2", "W3", "W4"}
    refused(match, Action("replace", ("W1", "0102")), "7.25")  # 7.25 not a west-edge hex
    match.play(Action("replace", ("W1", "0101")))
    match.play(Action("replace", ("W4", "0401")))
    assert state(match, "W1")["space_id"] == "0101" and state(match, "W4")["space_id"] == "0401"
    assert match.legal_actions() == [Action("end", (), "WA")]  # allowance of 2 used up
    match.play(Action("end"))
    assert state(match, "W1")["mp"] == 8 and state(match, "W4")["mp"] == 6  # they move normally
    assert state(match, "W2")["space_id"] == "ELIM_WA"


# --- 7.23, 7.24 blocked beside Berlin ---------------------------------------------------------

CORNER = """
map 3x4
zone E cols 02-04
city Berlin 0101 10
unit S1 SOV SOV army 3-3-3 0102
unit X GER HEER corps 2-3-4 ELIM_GER_E
"""


@pytest.mark.parametrize(
    "blocked_west, expected",
    [
        pytest.param(False, "0201", id="7.24-east-ring-blocked-enters-west"),
        pytest.param(True, None, id="7.24-both-sides-blocked-replacement-lost"),
    ],
)
def test_east_german_replacement_blocked_beside_berlin(tmp_path, blocked_west, expected):
    text = CORNER + ("unit U1 WA US corps 7-4-8 0201\n" if blocked_west else "unit U1 WA US corps 7-4-8 0302\n")
    match = new_match(tmp_path, text, turns=(2, 10))
    if expected:
        advance_to(match, "ger-e-replacement", turn=2)
        assert {a.args[1] for a in match.legal_actions() if a.verb == "replace"} == {expected}
        match.play(Action("replace", ("X", "0201")))
        assert (state(match, "X")["space_id"], state(match, "X")["side"]) == ("0201", "GER_W")  # 5.41
    else:  # nothing to place: the step passed by and the allowance was lost
        advance_to(match, "sov-movement", turn=3)
        assert state(match, "X")["space_id"] == "ELIM_GER_E"
        assert any(n["step"] == "ger-e-replacement" for n in notes(match, "7.2"))


# Every West German hex beside Berlin (0202, 0203, 0302, 0402, 0403) holds two West German
# units; none holds an enemy.
FULL_WEST = EXAMPLE_1 + "".join(
    f"unit F{h}{n} GER HEER corps 1-1-4 {h}\n" for h in ("0202", "0203", "0302", "0402", "0403") for n in (1, 2)
)


def test_7_24_friendly_stacks_never_send_a_replacement_across(tmp_path):
    """7.24 names only enemy units: with the western ring full of West Germans the 2-4-4
    still enters west (not at 0304, east), on top of two friends; 5.3 binds only at the end
    of the Movement Phase, which then waits until one of the three has left."""
    match = advance_to(new_match(tmp_path, FULL_WEST, turns=(4, 10)), "ger-w-replacement", turn=4)
    hexes = {a.args[1] for a in match.legal_actions() if a.verb == "replace"}
    assert hexes == {"0202", "0203", "0302", "0402", "0403"}
    error = refused(match, Action("replace", ("D", "0304")), "7.24")
    assert "enemy units do not hold every Berlin hex" in str(error)
    match.play(Action("replace", ("D", "0302")))
    assert (state(match, "D")["space_id"], state(match, "D")["side"]) == ("0302", "GER_W")
    advance_to(match, "ger-w-movement", turn=4)
    refused(match, Action("end"), "5.3")
    match.play(Action("move", ("D", "0103")))
    match.play(Action("end"))
    assert match.clock.step != "ger-w-movement"


def test_7_24_under_the_stacking_ruling_a_full_ring_holds_the_replacement_back(tmp_path):
    """The ruling replacements-respect-stacking: no room on its own side, and still no
    crossing (7.24 wants enemy units there): the replacement waits in the box."""
    match = new_match(tmp_path, FULL_WEST, turns=(4, 10), options=("replacements-respect-stacking",))
    advance_to(match, "ger-w-movement", turn=4)  # nothing could be placed: the phase passed by
    assert state(match, "D")["space_id"] == "ELIM_GER_W" and state(match, "E")["space_id"] == "ELIM_GER_W"
    assert any(n["step"] == "ger-w-replacement" and n["turn"] == 4 for n in notes(match, "7.2"))


def test_5_3_the_bot_moves_a_unit_out_of_an_over_full_hex(tmp_path):
    """A replacement placed on two friends: the heuristic bot's plan moves one of the three
    out, so its Movement Phase can end."""
    from phaseline.games.bfg.bot import HeuristicBot

    match = advance_to(new_match(tmp_path, FULL_WEST, turns=(4, 10)), "ger-w-replacement", turn=4)
    match.play(Action("replace", ("D", "0302")))
    advance_to(match, "ger-w-movement", turn=4)
    bot = HeuristicBot(match, "SOV")
    match.play(bot.choose(match, "SOV"))
    match.play(bot.choose(match, "SOV"))
    assert match.clock.step != "ger-w-movement"


def test_7_23_never_into_a_berlin_adjacent_hex_holding_enemy_units(tmp_path):
    match = advance_to(
        new_match(tmp_path, CORNER + "unit U1 WA US corps 7-4-8 0302\n", turns=(2, 10)), "ger-e-replacement", turn=2
    )
    refused(match, Action("replace", ("X", "0102")), "7.23")  # a Soviet unit stands in 0102


# --- 7.25 entry hexes -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def soviet_replacement(tmp_path_factory):
    text = """
    map 35x26
    zone E cols 14-26
    city Berlin 2013 10
    unit S1 SOV SOV army 3-3-3 ELIM_SOV
    unit Y1 SOV YUG army 1-2-3 ELIM_SOV
    unit S2 SOV SOV army 4-3-3 3001
    """
    match = new_match(tmp_path_factory.mktemp("sov"), text, turns=(2, 10))
    return advance_to(match, "sov-replacement", turn=2)


def test_7_25_soviets_enter_on_the_east_edge_0926_and_north(soviet_replacement):
    hexes = {a.args[1] for a in soviet_replacement.legal_actions() if a.verb == "replace"}
    assert hexes == {f"{r:02d}26" for r in range(9, 36)}


@pytest.mark.parametrize(
    "hex_id, legal",
    [
        pytest.param("0826", False, id="7.25-0826-south-of-yugoslav-border-illegal"),
        pytest.param("0926", True, id="7.25-0926-legal"),
        pytest.param("3526", True, id="7.25-3526-legal"),
        pytest.param("2025", False, id="7.25-not-an-edge-hex-illegal"),
    ],
)
def test_soviet_entry_hexes(soviet_replacement, hex_id, legal):
    if legal:
        assert Action("replace", ("S1", hex_id), "SOV") in soviet_replacement.legal_actions()
    else:
        refused(soviet_replacement, Action("replace", ("S1", hex_id)), "7.25")


ITALY = """
map 3x6
region ITA 0101 0102 0103
unit G1 GER HEER corps 2-3-4 0305
unit I1 WA US corps 4-4-4 ELIM_WA_ITALY
"""


@pytest.mark.parametrize(
    "nationality, side, region, zone, box",
    [
        pytest.param("HEER", "GER_E", "GER", "W", "ELIM_GER_W", id="7.11-german-box-by-the-side-it-stood-on"),
        pytest.param("SS", "GER_W", "GER", "E", "ELIM_GER_E", id="7.11-west-german-eliminated-east"),
        pytest.param("POL_C", "SOV", "POL", "E", "ELIM_SOV", id="7.12-soviet-allies-to-the-soviet-box"),
        pytest.param("US", "WA", "ITA", "W", "ELIM_WA_ITALY", id="7.13-eliminated-in-italy-italian-front-box"),
        pytest.param("UK", "WA", "GER", "W", "ELIM_WA", id="7.13-elsewhere-western-allied-box"),
        pytest.param("YUG", "SOV", "YUG", "E", "ELIM_SOV", id="7.0-five-boxes-yugoslavs-to-the-soviet-box-for-good"),
        pytest.param("HUN", "GER_W", "HUN", "W", "ELIM_GER_W", id="7.12-hungarians-by-the-side-they-stood-on"),
    ],
)
def test_eliminated_units_boxes(nationality, side, region, zone, box):
    assert box_for({"nationality": nationality, "side": side, "region": region, "zone": zone}) == box


def test_7_25_italian_front_units_enter_on_italy_s_south_edge(tmp_path):
    match = advance_to(new_match(tmp_path, ITALY, turns=(2, 10)), "wa-replacement", turn=2)
    assert {a.args[1] for a in match.legal_actions() if a.verb == "replace"} == {"0101", "0102", "0103"}
    refused(match, Action("replace", ("I1", "0104")), "7.25")  # south edge, not Italy
    refused(match, Action("replace", ("I1", "0201")), "7.25")  # west edge: not for the Italian box
    match.play(Action("replace", ("I1", "0102")))
    assert state(match, "I1")["space_id"] == "0102"


FULL_EDGE = """
map 4x6
zone E cols 04-06
city Berlin 0303 10
unit G1 GER HEER corps 2-3-4 0205
unit U1 WA US corps 7-4-8 0401
unit U2 WA US corps 6-6-7 0401
unit W1 WA US corps 7-4-8 ELIM_WA
"""


def test_5_3_under_the_stacking_ruling_a_full_entry_hex_is_refused_under_5_3(tmp_path):
    """The ruling replacements-respect-stacking: 0401 is a west-edge entry hex (7.25) but holds
    two Western Allied units, so W1 may not be placed there, and the refusal names the stacking
    limit (5.3), not the entry hexes; 0301 is open."""
    match = new_match(tmp_path, FULL_EDGE, turns=(2, 10), options=("replacements-respect-stacking",))
    advance_to(match, "wa-replacement", turn=2)
    assert "0401" not in {a.args[1] for a in match.legal_actions() if a.verb == "replace"}
    error = refused(match, Action("replace", ("W1", "0401")), "5.3")
    assert "0401 is full: it already holds 2 friendly units (U1, U2)" in str(error), error
    refused(match, Action("replace", ("W1", "0302")), "7.25")  # not on the west edge
    match.play(Action("replace", ("W1", "0301")))


def test_5_3_by_default_a_replacement_may_join_two_friends_on_the_edge(tmp_path):
    """The default: 5.3 binds at the end of the Movement Phase, so 0401 is open to W1."""
    match = advance_to(new_match(tmp_path, FULL_EDGE, turns=(2, 10)), "wa-replacement", turn=2)
    match.play(Action("replace", ("W1", "0401")))
    assert state(match, "W1")["space_id"] == "0401"


def test_3_0_a_move_typed_in_the_replacement_phase_names_the_movers_own_movement_phase(tmp_path):
    """The Western Allies' move belongs to their own Movement Phase, not to the first one of the
    turn (the Soviet)."""
    match = advance_to(new_match(tmp_path, EXAMPLE_2, turns=(6, 10)), "wa-replacement", turn=6)
    error = refused(match, Action("move", ("W1", "0201")), "3.0")
    assert "an order of the Western Allied Movement Phase, not of the Western Allied Replacement Phase" in str(error)


# --- 5.3 with 7.26: no hex over the limit for certain ------------------------------------------

BOXED_IN = """
map 4x6
zone E cols 04-06
city Berlin 0303 10
unit G1 GER HEER corps 2-3-4 0202
unit G2 GER HEER corps 2-3-4 0102
unit U1 WA UK corps 7-4-8 0101
unit U9 WA US corps 7-4-8 0404
unit W1 WA US corps 7-4-8 ELIM_WA
unit W2 WA CAN corps 6-6-7 ELIM_WA
"""


def test_5_3_a_replacement_may_not_strand_three_units_in_a_hex_none_can_leave(tmp_path):
    """0101 is in the ZOC of G1 and G2, and every hex next to it is enemy-held or in their ZOC,
    so U1 cannot leave it (4.3). W1 placed there (in enemy ZOC, 7.26) makes two units that stay:
    legal. W2 would make three that no move can part at the end of the Movement Phase, so it is
    refused under 5.3 and not listed; it may enter elsewhere. (A match of seed 1127 stalled on
    such a hex for ever: 5.3 names no penalty.)"""
    match = advance_to(new_match(tmp_path, BOXED_IN, turns=(6, 10)), "wa-replacement", turn=6)
    match.play(Action("replace", ("W1", "0101")))
    assert ("W2", "0101") not in {a.args for a in match.legal_actions() if a.verb == "replace"}
    error = refused(match, Action("replace", ("W2", "0101")), "5.3")
    assert "W1, U1" not in str(error) and "U1, W1 cannot leave 0101" in str(error), error
    match.play(Action("replace", ("W2", "0301")))


def test_5_3_replacements_in_enemy_zoc_may_join_a_unit_that_can_leave(tmp_path):
    """U1 in 0201 can step out to a hex free of enemy ZOC, so two replacements placed beside it
    in enemy ZOC are legal; the Movement Phase ends once U1 has gone (5.3 binds only then)."""
    text = BOXED_IN.replace("U1 WA UK corps 7-4-8 0101", "U1 WA UK corps 7-4-8 0201")
    match = advance_to(new_match(tmp_path, text, turns=(6, 10)), "wa-replacement", turn=6)
    match.play(Action("replace", ("W1", "0201")))
    match.play(Action("replace", ("W2", "0201")))
    match.play(Action("end"))
    refused(match, Action("end"), "5.3")
    exit_hex = next(a.args[1] for a in match.legal_actions() if a.verb == "move" and a.args[0] == "U1")
    match.play(Action("move", ("U1", exit_hex)))
    match.play(Action("end"))
    assert match.clock.step == "wa-combat"


@pytest.mark.slow
def test_5_3_the_historical_match_of_seed_1127_plays_to_its_end():
    """Seed 1127's heuristic bots once placed CAN-2 and UK-VIII in enemy ZOC on 2601 beside
    UK-I, which could not move: turn 4's Western Allied Movement Phase could never end (5.3).
    The second of them is now refused there, and the match plays to its end."""
    reg = registry()
    bots = {side: "bot:heuristic" for side in reg.game("battle-for-germany").scenario("historical").sides}
    with Store.open(":memory:") as store:
        match = Match.create(store, reg, "battle-for-germany", "historical", seed=1127, controllers=bots)
        run_bots(match, reg, controllers=bots)
        assert match.finished, (match.clock.turn, match.clock.step)


# --- 7.26 placed in an enemy ZOC ---------------------------------------------------------------


def test_7_26_a_replacement_placed_in_enemy_zoc_may_not_move(tmp_path):
    match = advance_to(new_match(tmp_path, EXAMPLE_2, turns=(6, 10)), "wa-replacement", turn=6)
    match.play(Action("replace", ("W1", "0201")))  # 0201 is next to the West German in 0202
    match.play(Action("replace", ("W4", "0401")))
    match.play(Action("end"))
    assert state(match, "W1")["mp"] == 0
    refused(match, Action("move", ("W1", "0101")), "7.26")
    match.play(Action("move", ("W4", "0402")))  # the other one moves
    advance_to(match, "wa-movement", turn=7)
    assert state(match, "W1")["mp"] == 8  # only the following Movement Phase


def test_7_26_a_lone_frozen_replacement_sits_out_the_phase_that_follows(tmp_path):
    """With W1 the only Western Allied unit on the map, the WA Movement Phase after it was
    placed in enemy ZOC has nothing to do and is passed (logged); W1 is still where it was
    placed, and only the next one lets it move (7.26 「直後の移動フェイズ」)."""
    text = EXAMPLE_2.split("unit W2")[0]  # G1 in 0202, W1 in the box: the only WA unit
    match = advance_to(new_match(tmp_path, text, turns=(6, 10)), "wa-replacement", turn=6)
    match.play(Action("replace", ("W1", "0201")))
    match.play(Action("end"))
    assert (match.clock.turn, match.clock.step) == (6, "wa-combat")
    passed = match.one(
        "SELECT count(*) FROM event WHERE match_id = ? AND turn = 6 AND purpose = 'nothing to do in wa-movement'",
        [match.match_id],
    )
    assert (passed, state(match, "W1")["space_id"]) == (1, "0201")
    advance_to(match, "wa-movement", turn=7)
    match.play(Action("move", ("W1", "0101")))


# --- 7.12 never replaced ---------------------------------------------------------------------


def test_7_12_yugoslav_and_hungarian_units_are_never_replaced(soviet_replacement):
    # Y1 (1-2-3) is weaker than S1, yet never offered and never accepted
    assert {a.args[0] for a in soviet_replacement.legal_actions() if a.verb == "replace"} == {"S1"}
    refused(soviet_replacement, Action("replace", ("Y1", "0926")), "7.12")


def test_7_12_an_eliminated_hungarian_is_refused_under_7_12(tmp_path):
    """An eliminated Hungarian waits in the East German box for good (7.11, 7.12), weaker than G1
    yet never the weakest that must come first: `replace` names 7.12, the rule that keeps it out."""
    text = """
    map 4x6
    zone E cols 04-06
    city Berlin 0303 10
    unit H1 GER HUN corps 1-2-4 ELIM_GER_E
    unit G1 GER HEER corps 2-3-4 ELIM_GER_E
    """
    match = advance_to(new_match(tmp_path, text, turns=(2, 10)), "ger-e-replacement", turn=2)
    assert "never replaced" in str(refused(match, Action("replace", ("H1", "0304")), "7.12"))
    match.play(Action("replace", ("G1", "0304")))


def test_5_3_a_front_replacement_may_join_a_front_that_can_move_away(tmp_path):
    """5.3's Front sentence binds, like its first, at the end of the Movement Phase: F2 may come
    back onto F1 at 1226 (neither is held there), and the phase ends once one has left."""
    match = new_match(
        tmp_path,
        """
        map 35x26
        zone E cols 13-26
        unit F1 SOV SOV front 8-20-3 1226
        unit F2 SOV SOV front 8-20-3 ELIM_SOV
        unit G1 GER HEER corps 2-3-4 0101
        """,
        turns=(2, 10),
    )
    advance_to(match, "sov-replacement", turn=3)
    match.play(Action("replace", ("F2", "1226")))
    match.play(Action("end"))
    refused(match, Action("end"), "5.3")
    match.play(Action("move", ("F1", "1225")))
    match.play(Action("end"))
    assert match.clock.step != "sov-movement"
