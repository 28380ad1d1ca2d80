"""Battle for Germany 12.0–17.0: each scenario's special rules (digest §5.5 cases 47, 48,
50–53), the optional rules 12.3 and 13.2 (chosen with ``options=`` at creation, each its
own plugin), the 15.22 roll, the three-player strategic shift (16.32) and pooled German
replacements (16.33). Berlin is 0303 in the small positions; columns 04–06 lie east of the
boundary. Every refusal names its rule and leaves the state untouched.
"""

from __future__ import annotations

import itertools

import pytest
from games.bfg.position import advance_to, force_rolls, new_match, refused, state
from phaseline import Action
from phaseline.dice import roll
from phaseline.games.bfg.forces import entry_bans, hostile_pairs
from phaseline.games.bfg.rules import combat, victory
from phaseline.games.bfg.rules.units import unit_row
from phaseline.games.bfg.sequence import steps_for
from phaseline.plugins import registry


def hostile(match) -> set[tuple[str, str]]:
    rows = match.rows("SELECT side, enemy FROM hostility WHERE match_id = ? AND may_attack", [match.match_id])
    return {(r["side"], r["enemy"]) for r in rows}


# --- scenarios: turns, players, sequence of play ---------------------------------------------


def scenario(name: str):
    return registry().games["battle-for-germany"].scenarios[name]


@pytest.mark.parametrize(
    "name, turns, players",
    [
        pytest.param("historical", (1, 10), ("SOV", "WA"), id="12.0-historical-turns-1-to-10"),
        pytest.param("expanded", (1, 16), ("SOV", "WA"), id="13.0-expanded-plays-on-past-turn-10"),
        pytest.param("collapse", (1, 6), ("SOV", "WA"), id="14.0-collapse-ends-with-turn-6"),
        pytest.param("rsws", (11, 16), ("SOV", "WA"), id="15.21-red-star-white-star-turns-11-to-16"),
        pytest.param("three-player", (1, 10), ("SOV", "GER", "WA"), id="16.0-three-players"),
        pytest.param("four-player", (1, 10), ("SOV", "GER_E", "GER_W", "WA"), id="17.0-four-players"),
    ],
)
def test_scenario_turns_and_players(name, turns, players):
    info = scenario(name)
    assert ((info.first_turn, info.last_turn), tuple(info.sides)) == (turns, players)


@pytest.mark.parametrize(
    "name, setup",
    [
        pytest.param("rsws", "rsws", id="15.1-red-star-white-star-set-up-chart"),
        pytest.param("three-player", "historical", id="16.2-historical-set-up"),
        pytest.param("four-player", "historical", id="17.1-historical-set-up"),
    ],
)
def test_scenario_set_up_chart(name, setup):
    assert scenario(name).settings["setup"] == setup


@pytest.mark.parametrize(
    "kind, order",
    [
        pytest.param("two-player", ["SOV", "GER_W", "WA", "GER_E"], id="3.0-soviet-west-german-wa-east-german"),
        pytest.param("collapse", ["SOV", "GER_E"], id="14.0-only-soviet-and-east-german-phases"),
        pytest.param("rsws", ["SOV", "WA"], id="15.23-no-german-phases"),
        pytest.param("three-player", ["SOV", "GER", "WA"], id="16.1-soviet-german-wa"),
        pytest.param("four-player", ["SOV", "GER_E", "GER_W", "WA"], id="17.2-soviet-east-west-german-wa"),
    ],
)
def test_sequence_of_play(kind, order):
    steps = steps_for(kind, 12)
    forces = []
    for step in steps:
        force = "GER" if step.forces == ("GER_E", "GER_W") else step.forces[0]
        if force not in forces:
            forces.append(force)
    assert forces == order
    assert [s.phase for s in steps[:3]] == ["replacement", "movement", "combat"]


@pytest.mark.parametrize(
    "name, rules",
    [
        pytest.param("rsws", {"5.43"}, id="15.24-no-boundary-in-red-star-white-star"),  # 5.43: no Germans anyway
        pytest.param("three-player", set(), id="16.33-no-boundary-nor-berlin-ban-for-three-players"),
        pytest.param("four-player", {"5.41", "5.42", "5.43"}, id="17.31-every-boundary-restriction-applies"),
    ],
)
def test_boundary_restrictions_by_scenario(name, rules):
    assert {b[5] for b in entry_bans(name, boundary=True)} & {"5.41", "5.42", "5.43"} == rules


def test_15_24_allied_attack_limits_ignored_in_red_star_white_star():
    assert hostile_pairs("rsws") == {("SOV", "WA"), ("WA", "SOV")}


def test_15_25_more_victory_points_win_red_star_white_star(tmp_path):
    text = """
    map 2x6
    city Dresden 0106 3
    city Paris 0101 1
    unit S1 SOV SOV army 3-3-3 0106
    unit U1 WA US corps 7-4-8 0101
    """
    match = new_match(tmp_path, text, scenario="rsws", turns=(16, 16))
    while not match.finished:
        match.play(Action("end"))
    assert match.one("SELECT purpose FROM event WHERE match_id = ? AND kind = 'result'", [match.match_id]).startswith(
        "victory points: Soviets 3, Western Allies 1"
    )
    assert '"winners":["SOV"]' in match.clock.result.replace(" ", "")


# --- optional rules are plugins ------------------------------------------------------------


@pytest.mark.parametrize(
    "name", [pytest.param("12.3", id="12.3-registered"), pytest.param("13.2", id="13.2-registered")]
)
def test_optional_rules_are_registered_plugins(name):
    rule = registry().rules[("battle-for-germany", name)]
    assert rule.rule == name and rule.plugin is not None and rule.title


# --- 12.21 and optional 12.3 ---------------------------------------------------------------

TURN_1 = """
map 2x6
unit G1 GER HEER corps 2-3-4 0102
unit G2 GER HEER corps 2-3-4 0105
unit U1 WA US corps 7-4-8 0103
unit U2 WA US corps 7-4-8 0106
"""


def test_12_21_turn_1_west_germans_must_attack_twice(tmp_path):
    match = advance_to(new_match(tmp_path, TURN_1, turns=(1, 10)), "ger-w-combat", turn=1)
    refused(match, Action("end"), "12.21")


def test_12_21_end_is_listed_only_once_the_turn_1_attacks_are_made(tmp_path):
    """The legal actions never offer an ``end`` the rules then refuse: none before the two
    attacks (the refusal names 12.21), one after them."""
    match = advance_to(new_match(tmp_path, TURN_1, turns=(1, 10)), "ger-w-combat", turn=1)
    for made in range(2):
        listed = match.legal_actions()
        assert [a.verb for a in listed] == ["attack"] * (2 - made), listed
        if made == 0:
            refused(match, Action("end"), "12.21")
        match.play(listed[0])
        while match.open_decision():  # retreats and advances: take the first choice
            match.play(match.legal_actions()[0])
    assert Action("end", (), match.clock.side) in match.legal_actions()
    match.play(Action("end"))
    assert match.clock.step != "ger-w-combat"


# G1 (0202) is next to both Western Allied units, U1 (0103) and U2 (0203); G2 (0102) to U1 only.
# Two separate attacks can be made (G2 on U1, G1 on U2), so two must be made.
PAIRED = """
map 2x6
unit G1 GER HEER corps 2-3-4 0202
unit G2 GER HEER corps 2-3-4 0102
unit U1 WA US corps 7-4-8 0103
unit U2 WA US corps 7-4-8 0203
"""


def settle(match) -> None:
    """Answer the decisions a combat left open: no advance, the first retreat hex."""
    while decision := match.open_decision():
        match.play(Action("choose", ("none" if "none" in decision["choices"] else decision["choices"][0],)))


def turn_1_combat(tmp_path, text: str = PAIRED, options: tuple[str, ...] = ()):
    return advance_to(new_match(tmp_path, text, turns=(1, 10), options=options), "ger-w-combat", turn=1)


@pytest.mark.parametrize(
    "attackers, hexes",
    [
        pytest.param("G1,G2", "0103", id="12.21-one-attack-by-both-units-leaves-no-second"),
        pytest.param("G1", "0103", id="12.21-g1-on-u1-leaves-g2-nothing-to-attack"),
        pytest.param("G1", "0103,0203", id="12.21-g1-on-both-hexes-is-one-attack"),
    ],
)
def test_12_21_an_attack_that_leaves_the_second_out_of_reach_is_refused(tmp_path, attackers, hexes):
    match = turn_1_combat(tmp_path)
    listed = {a.args for a in match.legal_actions() if a.verb == "attack"}
    assert (attackers, hexes) not in listed
    violation = refused(match, Action("attack", (attackers, hexes)), "12.21")
    assert attackers in str(violation) and "turn 1" in str(violation)


def test_12_21_two_separate_attacks_are_made(tmp_path):
    match = turn_1_combat(tmp_path)
    listed = {a.args for a in match.legal_actions() if a.verb == "attack"}
    assert listed == {("G2", "0103"), ("G1", "0203")}  # G1 on U1 (with G2, or on both hexes) is not offered
    force_rolls(match, 6, 6)  # 2:4 → 1:2, die 6: Ae, twice
    match.play(Action("attack", ("G2", "0103")))
    settle(match)
    refused(match, Action("end"), "12.21")
    match.play(Action("attack", ("G1", "0203")))
    settle(match)
    match.play(Action("end"))
    assert match.clock.step != "ger-w-combat"


def test_12_21_per_hex_ruling_counts_each_hex_of_a_multi_hex_attack(tmp_path):
    """The ``12.21-per-hex`` reading: G1's attack on both hexes counts twice."""
    match = turn_1_combat(tmp_path, options=("12.21-per-hex",))
    assert ("G1", "0103,0203") in {a.args for a in match.legal_actions() if a.verb == "attack"}
    force_rolls(match, 6)  # 2:8 → 1:3, die 6: Ae
    match.play(Action("attack", ("G1", "0103,0203")))
    settle(match)
    match.play(Action("end"))
    assert match.clock.step != "ger-w-combat"


def test_12_21_one_attack_suffices_when_only_one_can_be_made(tmp_path):
    """The seed does not say what happens when two attacks cannot be made: as many as can
    be (here G1 and G2 are next to U1 only, so one attack uses it up)."""
    text = PAIRED.replace("unit U2 WA US corps 7-4-8 0203\n", "")
    match = turn_1_combat(tmp_path, text)
    refused(match, Action("end"), "12.21")
    force_rolls(match, 6)
    match.play(Action("attack", ("G1,G2", "0103")))
    settle(match)
    assert Action("end", (), "SOV") in match.legal_actions()


def test_12_3_the_optional_rule_lifts_the_turn_1_attacks(tmp_path):
    match = advance_to(new_match(tmp_path, TURN_1, turns=(1, 10), options=("12.3",)), "ger-w-combat", turn=1)
    match.play(Action("end"))
    assert match.clock.step != "ger-w-combat"


def test_12_3_every_german_replacement_is_the_east_germans_in_their_phase(tmp_path):
    """12.3: the West German allotment and box join the East Germans' (the WA player's, 3.0 B4):
    the Soviet player's West German Replacement Phase returns nothing; in the East German one
    the weakest of both boxes comes back first (7.21), beside Berlin east of the line (7.22)."""
    text = """
    map 4x6
    zone E cols 04-06
    city Berlin 0303 10
    unit U1 WA US corps 7-4-8 0101
    unit D GER HEER corps 2-4-4 ELIM_GER_W
    unit E GER HEER corps 3-4-4 ELIM_GER_E
    """
    match = advance_to(new_match(tmp_path, text, turns=(4, 10), options=("12.3",)), "ger-e-replacement", turn=4)
    assert match.step.side == "WA"
    assert {a.args for a in match.legal_actions() if a.verb == "replace"} == {("D", "0304")}
    refused(match, Action("replace", ("D", "0302")), "7.24")
    match.play(Action("replace", ("D", "0304")))
    assert (state(match, "D")["space_id"], state(match, "D")["side"]) == ("0304", "GER_E")
    assert match.rows("SELECT * FROM event WHERE match_id = ? AND rule = '12.3'", [match.match_id])
    assert {a.args[0] for a in match.legal_actions() if a.verb == "replace"} == {"E"}  # both allotments: 1 + 1


# --- 12.22 the fall of Berlin (Historical) -------------------------------------------------

FALL = """
map 4x6
zone E cols 04-06
city Berlin 0303 10
unit S1 SOV SOV army 3-3-3 0304
unit U1 WA US corps 7-4-8 0302
unit G1 GER HEER corps 2-3-4 0101
unit G2 GER HEER corps 2-3-4 0106
unit SS1 GER SS corps 6-5-6 0406
"""


def test_12_22_soviets_take_berlin_germans_leave_after_that_player_turn(tmp_path):
    match = advance_to(new_match(tmp_path, FALL, turns=(8, 10)), "sov-movement", turn=8)
    match.play(Action("move", ("S1", "0303")))
    advance_to(match, "ger-w-movement", turn=8)
    assert state(match, "G1")["space_id"] == "0101"  # the West German phases are still played
    advance_to(match, "wa-movement", turn=8)
    assert {state(match, u)["space_id"] for u in ("G1", "G2", "SS1")} == {"OUT"}
    assert hostile(match) == set()  # 12.22 the Allies may not attack each other
    rules = {r["rule"] for r in match.rows("SELECT rule FROM entry_rule WHERE match_id = ?", [match.match_id])}
    assert not rules & {"5.41", "5.42"}  # the boundary no longer binds
    match.play(Action("move", ("U1", "0305")))  # across the old boundary


# --- 13.1 and optional 13.2 (Expanded) ------------------------------------------------------


@pytest.mark.parametrize(
    "options", [pytest.param((), id="13.1-germans-removed-allies-hostile"), pytest.param(("13.2",), id="13.2-ss-to-wa")]
)
def test_expanded_berlin_falls_in_the_wa_player_turn(tmp_path, options):
    text = FALL + "city Dresden 0406 2\n"
    match = advance_to(new_match(tmp_path, text, scenario="expanded", turns=(2, 10), options=options), "wa-movement")
    match.play(Action("move", ("U1", "0303")))
    advance_to(match, "ger-e-movement", turn=2)
    assert state(match, "G2")["space_id"] == "0106"  # removed only at the end of the player turn
    advance_to(match, "sov-movement", turn=3)
    assert {state(match, u)["space_id"] for u in ("G1", "G2")} == {"OUT"}
    assert hostile(match) == {("SOV", "WA"), ("WA", "SOV")}  # 13.1 the Allies are now enemies
    ss = state(match, "SS1")
    if not options:
        assert ss["space_id"] == "OUT"
        return
    assert (ss["space_id"], ss["side"]) == ("0406", "WA")  # 13.2 the SS pass to the Western Allies
    assert combat.strength(match, [unit_row(match, "SS1")], [], [])["attack"] == 3  # half of 6
    assert unit_row(match, "SS1")["defense"] == 5  # defends normally
    advance_to(match, "wa-movement", turn=3)
    assert state(match, "SS1")["mp"] == 3  # half of 6
    # no WA VP for Dresden, held only by the SS: Berlin (10) counts
    assert victory.scores(match).get("WA") == 10


# --- 15.22 the turn-11 roll, 15.26 the Poles --------------------------------------------------


@pytest.mark.parametrize(
    "die, skipped",
    [pytest.param(2, True, id="15.22-die-2-soviet-turn-11-skipped"), pytest.param(5, False, id="15.22-die-5-played")],
)
def test_red_star_white_star_turn_11_roll(tmp_path, die, skipped):
    seed = next(s for s in itertools.count(1) if roll(s, 1) == die)
    text = """
    map 2x6
    unit S1 SOV SOV army 3-3-3 0106
    unit U1 WA US corps 7-4-8 0101
    """
    match = new_match(tmp_path, text, scenario="rsws", turns=(11, 16), seed=seed)
    assert match.one("SELECT die FROM event WHERE match_id = ? AND rule = '15.22'", [match.match_id]) == die
    names = [s.name for s in match.steps(11)]
    assert any(n.startswith("sov-") for n in names) is not skipped
    assert any(n.startswith("sov-") for n in (s.name for s in match.steps(12)))


def test_15_26_two_poles_in_contact_leave_the_western_allies_nothing_to_attack(tmp_path):
    """The exile corps is next to the communist army, but 15.26 forbids the attack: the WA
    Combat Phase of turn 11 has nothing to do (the refusal itself: test_06_combat, case 52)."""
    text = """
    map 2x6
    unit P1 WA POL_E corps 4-8-6 0102
    unit P2 SOV POL_C army 4-4-4 0103
    """
    match = advance_to(new_match(tmp_path, text, scenario="rsws", turns=(11, 16), seed=2), "sov-movement", turn=12)
    combat = match.rows("SELECT turn, purpose FROM event WHERE match_id = ? AND step = 'wa-combat'", [match.match_id])
    assert combat == [
        {"turn": 11, "purpose": "begin wa-combat"},
        {"turn": 11, "purpose": "nothing to do in wa-combat"},
    ]


def test_15_26_poles_may_fight_each_other_outside_red_star_white_star(tmp_path):
    """15.26 is a Red Star / White Star rule: in the Expanded game, once Berlin has fallen
    and the Allies are enemies (13.1), the Polish communists may attack the Polish exiles."""
    text = FALL + "unit PE WA POL_E corps 3-3-6 0205\nunit PC SOV POL_C army 3-3-4 0206\n"
    match = advance_to(new_match(tmp_path, text, scenario="expanded", turns=(2, 10)), "wa-movement")
    match.play(Action("move", ("U1", "0303")))
    advance_to(match, "sov-combat", turn=3)
    assert ("PC", "0205") in [a.args for a in match.legal_actions() if a.verb == "attack"]
    match.play(Action("attack", ("PC", "0205")))
    assert match.one("SELECT count(*) FROM event WHERE match_id = ? AND kind = 'combat'", [match.match_id]) == 1


# --- 16.32 strategic shift, 16.33 pooled replacements (three players) -----------------------

THREE = """
map 4x10
zone E cols 06-10
city Berlin 0305 10
unit G1 GER HEER corps 2-3-4 0202
unit G2 GER HEER corps 2-3-4 0102
unit G3 GER HEER corps 2-3-4 0402
unit U1 WA US corps 7-4-8 0401
unit S1 SOV SOV army 3-3-3 0110
"""


def test_16_32_one_unit_a_phase_triples_its_allowance_and_crosses(tmp_path):
    match = advance_to(new_match(tmp_path, THREE, scenario="three-player", turns=(2, 10)), "ger-movement", turn=2)
    refused(match, Action("shift", ("G3",)), "16.32")  # starts in the WA unit's ZOC
    match.play(Action("shift", ("G1",)))
    assert state(match, "G1")["mp"] == 12  # 2-3-4: three times 4
    refused(match, Action("shift", ("G2",)), "16.32")  # a second shift in the same phase
    match.play(Action("move", ("G1", "0204")))
    refused(match, Action("end"), "16.32")  # still west of the boundary
    match.play(Action("move", ("G1", "0208")))
    match.play(Action("end"))
    assert state(match, "G1")["space_id"] == "0208"


def test_16_32_a_shift_into_an_enemy_zoc_is_refused_when_ordered(tmp_path):
    """「敵ＺＯＣで…終了したりしてはならない」: entering an enemy ZOC stops the shifted unit there
    (4.0), so it would end the phase in it; the order is refused, naming 16.32, whether the
    shift names the hex or a later move does, and nothing changes."""
    text = THREE + "unit S2 SOV SOV army 3-3-3 0209\n"  # its ZOC covers 0208
    match = advance_to(new_match(tmp_path, text, scenario="three-player", turns=(2, 10)), "ger-movement", turn=2)
    error = refused(match, Action("shift", ("G1", "0208")), "16.32")
    assert "0208" in str(error) and "S2" in str(error)
    match.play(Action("shift", ("G1",)))
    refused(match, Action("move", ("G1", "0208")), "16.32")
    match.play(Action("move", ("G1", "0207")))  # out of S2's ZOC, across the boundary
    match.play(Action("end"))
    assert state(match, "G1")["space_id"] == "0207"


def test_16_32_shift_and_move_in_one_order_outside_three_player_refused(tmp_path):
    match = advance_to(new_match(tmp_path, THREE, scenario="three-player", turns=(2, 10)), "ger-movement", turn=2)
    match.play(Action("shift", ("G1", "0208")))  # 0209 would be in S1's ZOC (16.32)
    assert state(match, "G1")["space_id"] == "0208"
    two = advance_to(new_match(tmp_path / "two", THREE, turns=(2, 10)), "ger-w-movement", turn=2)
    refused(two, Action("shift", ("G1",)), "16.32")


def test_16_33_german_replacements_pool_both_boxes_weakest_first(tmp_path):
    text = THREE + "unit E1 GER HEER corps 3-3-4 ELIM_GER_E\nunit W1 GER HEER corps 2-3-4 ELIM_GER_W\n"
    match = advance_to(new_match(tmp_path, text, scenario="three-player", turns=(2, 10)), "ger-replacement", turn=2)
    offered = {a.args for a in match.legal_actions() if a.verb == "replace"}
    assert {u for u, _ in offered} == {"W1"}
    assert {"0304", "0306"} <= {h for _, h in offered}  # either side of the boundary
    refused(match, Action("replace", ("E1", "0306")), "7.21")
    match.play(Action("replace", ("W1", "0306")))
    assert state(match, "W1")["side"] == "GER_E"
