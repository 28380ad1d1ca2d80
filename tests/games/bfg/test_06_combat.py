"""Battle for Germany 6.0–6.8: odds, terrain, results and who may attack whom
(digest §5.5 cases 1–10, 43, 52, 57–60; the 6.1 worked example).

Hexes: odd rows' neighbours are (r, c±1), (r±1, c−1), (r±1, c); even rows' (r, c±1),
(r±1, c), (r±1, c+1). The CRT is the shipped placeholder except its one seed cell
(1:1, die 1 = Ex); dice are forced. Every refusal names its rule and leaves the state untouched.
"""

from __future__ import annotations

import json

import pytest
from games.bfg.position import advance_to, force_rolls, new_match, refused, state, where
from phaseline import Action
from phaseline.games.bfg.rules import combat
from phaseline.games.bfg.rules.aftermath import loss_sets
from phaseline.games.bfg.rules.odds import clamp, multiplier, ratio
from phaseline.games.bfg.rules.units import unit_row, units_in

WORKED = """
map 6x8
terrain rough 0303 0306 0506
fortress 0303 0506 0108
river 0305-0306 0307-0306 0505-0506
zone E 0208
unit US1 WA US corps 7-4-8 0202
unit US2 WA US corps 6-6-7 0302
unit US3 WA US corps 6-6-7 0402
unit G1 GER HEER corps 2-3-4 0303
unit G2 GER HEER corps 2-3-4 0303
unit G3 GER HEER corps 2-3-4 0306
unit R1 WA US corps 1-1-8 0305
unit R2 WA US corps 1-1-8 0307
unit R3 WA US corps 1-1-8 0205
unit G4 GER HEER corps 2-3-4 0506
unit R4 WA US corps 1-1-8 0505
unit W5 WA US corps 4-4-8 0108
unit G5 GER HEER corps 2-3-4 0107
unit S1 SOV SOV army 7-7-4 0208
unit G6 GER HEER corps 2-3-4 0604
unit G7 GER HEER corps 2-3-4 0605
unit R5 WA US corps 3-1-8 0504
"""
CRT = [c for c in ("1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1")]


def strength(match, attackers: str, hexes: str) -> dict:
    hex_list = hexes.split(",")
    units = [unit_row(match, u) for u in attackers.split(",")]
    return combat.strength(match, units, hex_list, units_in(match, hex_list))


def last_combat(match) -> str:
    return match.rows("SELECT purpose FROM event WHERE match_id = ? AND kind = 'combat'", [match.match_id])[-1][
        "purpose"
    ]


@pytest.fixture(scope="module")
def worked(tmp_path_factory):
    return advance_to(new_match(tmp_path_factory.mktemp("worked"), WORKED, turns=(2, 10)), "wa-combat")


# --- 6.1 odds, 6.8 terrain -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "defense", "odds"),
    [
        pytest.param(19, 7, "2:1", id="6.1-19-to-7-is-2-1"),
        pytest.param(19, 18, "1:1", id="6.1-19-to-18-is-1-1"),
        pytest.param(7, 19, "1:3", id="6.1-7-to-19-is-1-3"),
        pytest.param(5, 8, "1:2", id="6.1-5-to-8-is-1-2"),
        pytest.param(40, 3, "6:1", id="6.1-beyond-the-table-clamps-high"),
        pytest.param(1, 20, "1:3", id="6.1-beyond-the-table-clamps-low"),
    ],
)
def test_odds_round_in_the_defenders_favour(attack, defense, odds):
    assert clamp(ratio(attack, defense), CRT) == odds


@pytest.mark.parametrize(
    ("effects", "plus_one", "times"),
    [
        pytest.param([], False, 1, id="6.8-no-effect-x1"),
        pytest.param([2], False, 2, id="6.8-one-effect-doubles"),
        pytest.param([2, 2], False, 3, id="6.82-rough-and-river-2-plus-2-minus-1"),
        pytest.param([2, 2, 2], False, 5, id="6.82-three-effects-literal-x5"),
        pytest.param([2, 2, 2], True, 4, id="6.82-three-effects-terrain-plus-one-x4"),
    ],
)
def test_multipliers_add(effects, plus_one, times):
    assert multiplier(effects, plus_one) == times


@pytest.mark.parametrize(
    ("attackers", "hexes", "defense", "times"),
    [
        pytest.param("US1,US2,US3", "0303", 18, 3, id="6.1-worked-example-fortress-in-rough-x3"),
        pytest.param("R1,R2", "0306", 9, 3, id="6.82-rough-plus-river-all-across"),
        pytest.param("R1,R3", "0306", 6, 2, id="6.81-river-only-if-every-attacker-is-across"),
        pytest.param("R4", "0506", 15, 5, id="6.82-fortress-rough-river-literal-x5"),
        pytest.param("G5", "0108", 4, 1, id="6.83-allied-defenders-never-benefit"),
    ],
)
def test_defence_after_terrain(worked, attackers, hexes, defense, times):
    """Cases 4, 7, 8, 9."""
    got = strength(worked, attackers, hexes)
    assert got["defense"] == defense
    assert got["per_hex"][0]["multiplier"] == times


def test_6_82_three_effects_x4_under_the_terrain_plus_one_ruling(tmp_path):
    match = new_match(tmp_path, WORKED, options=("terrain-plus-one",), turns=(2, 10))
    assert strength(match, "R4", "0506")["defense"] == 12


def test_6_7_each_hex_keeps_its_own_multiplier(worked):
    got = strength(worked, "R4", "0506,0604")  # fortress, rough and river ×5; clear ×1
    assert [h["multiplier"] for h in got["per_hex"]] == [5, 1]
    assert got["defense"] == 15 + 3 and got["printed_defense"] == 6


# --- 6.0, 6.3–6.7: who may attack -----------------------------------------------------------


@pytest.mark.parametrize(
    ("attackers", "hexes", "rule"),
    [
        pytest.param("US1", "0306", "6.0", id="6.0-attackers-must-be-adjacent"),
        pytest.param("US1", "0203", "6.0", id="6.0-no-unit-to-attack"),
        pytest.param("W5", "0208", "6.3", id="6.3-wa-may-not-attack-soviets"),
        pytest.param("R4,R5", "0506,0604", "6.7", id="6.7-every-attacker-next-to-every-hex"),
        pytest.param("G5", "0108", "3.0", id="3.0-only-the-phasing-force-attacks"),
    ],
)
def test_illegal_attacks(worked, attackers, hexes, rule):
    refused(worked, Action("attack", (attackers, hexes)), rule)


@pytest.mark.parametrize(
    ("step", "attacker", "target", "rule"),
    [
        pytest.param("ger-e-combat", "GE", "0103", "6.4", id="6.4-germans-never-fight-germans"),
        pytest.param("ger-e-combat", "GE", "0203", "3.0", id="6.3-east-germans-attack-only-the-soviet-bloc"),
    ],
)
def test_illegal_german_attacks(tmp_path, step, attacker, target, rule):
    """Case 60: a West German and an East German both next to the same WA unit."""
    match = new_match(
        tmp_path,
        """
        map 2x6
        zone E cols 04-06
        unit GW GER HEER corps 2-3-4 0103
        unit GE GER HEER corps 2-3-4 0104
        unit W1 WA US corps 4-4-8 0203
        unit S1 SOV SOV army 1-1-4 0105
        """,
        turns=(2, 10),
    )
    advance_to(match, step)
    refused(match, Action("attack", (attacker, target)), rule)


def test_6_7_multi_hex_attacks_are_listed_with_the_units_that_may_join(worked):
    """R4 (0505) is next to G4 (0506), G6 (0604) and G7 (0605); R5 (0504) only to 0604. The
    list offers each hex alone and each set of them as one attack, by every unit next to
    all of its hexes (R5 joins only the attack on 0604 alone)."""
    listed = {a.args for a in worked.legal_actions() if a.verb == "attack"}
    multi = {args for args in listed if "," in args[1]}
    assert multi == {("R4", "0506,0604"), ("R4", "0506,0605"), ("R4", "0604,0605"), ("R4", "0506,0604,0605")}
    assert ("R4,R5", "0604") in listed


def test_6_7_a_listed_multi_hex_attack_is_played_as_one_combat(tmp_path):
    match = advance_to(new_match(tmp_path, WORKED, turns=(2, 10)), "wa-combat")
    force_rolls(match, 6)
    match.play(Action("attack", ("R4", "0506,0604")))
    combats = match.rows("SELECT payload FROM event WHERE match_id = ? AND kind = 'combat'", [match.match_id])
    assert len(combats) == 1 and json.loads(combats[0]["payload"])["hexes"] == ["0506", "0604"]
    listed = {a.args for a in match.legal_actions() if a.verb == "attack"}
    assert not any("0506" in hexes or "0604" in hexes for _, hexes in listed)  # 6.5 attacked once


def test_6_5_each_unit_attacks_and_is_attacked_once(tmp_path):
    """Case 57: after an Ar the defender is still there, but may not be attacked again."""
    match = advance_to(new_match(tmp_path, WORKED, turns=(2, 10)), "wa-combat")
    force_rolls(match, 3)  # 1 : 9 (rough and river) → 1:3, die 3: Ar
    match.play(Action("attack", ("R1", "0306")))
    assert "Ar" in last_combat(match)
    if match.open_decision():
        match.play(Action("choose", (match.open_decision()["choices"][0],)))
    if match.open_decision():
        match.play(Action("choose", ("none",)))
    refused(match, Action("attack", ("R2", "0306")), "6.5")
    refused(match, Action("attack", ("R1,R2", "0306")), "6.5")


def test_6_6_the_whole_hex_defends(worked):
    """Case 59: the attack is on a hex; both 2-3-4s defend with their summed strength."""
    got = strength(worked, "US1", "0303")
    assert got["defenders"] == ["G1", "G2"] and got["printed_defense"] == 6


def test_5_53_soviets_and_yugoslavs_attack_together(tmp_path):
    """Case 43: a Soviet 7 and a Yugoslav 3 next to one German hex attack at 10."""
    match = new_match(
        tmp_path,
        """
        map 2x6
        zone E cols 01-06
        region YUG 0201 0202
        unit S1 SOV SOV army 7-7-4 0102
        unit Y1 SOV YUG army 3-3-4 0202
        unit GE GER HEER corps 2-3-4 0103
        """,
        turns=(2, 10),
    )
    advance_to(match, "sov-combat")
    force_rolls(match, 6)
    match.play(Action("attack", ("S1,Y1", "0103")))
    assert last_combat(match).startswith("attack on 0103: 10:3 → 3:1")


def test_15_26_polish_units_may_not_attack_each_other(tmp_path):
    """Case 52 (Red Star / White Star): refused, and never offered; a US corps next to the
    same Polish communists may still attack them."""
    match = new_match(
        tmp_path,
        """
        map 2x6
        zone E cols 04-06
        unit PE WA POL_E corps 3-3-6 0103
        unit US WA US corps 3-3-6 0204
        unit PC SOV POL_C army 3-3-4 0104
        """,
        scenario="rsws",
        turns=(11, 16),
    )
    advance_to(match, "wa-combat")
    refused(match, Action("attack", ("PE", "0104")), "15.26")
    refused(match, Action("attack", ("PE,US", "0104")), "15.26")
    attacks = [a.args for a in match.legal_actions() if a.verb == "attack"]
    assert attacks == [("US", "0104")]


# --- 6.2 results ----------------------------------------------------------------------------


def test_6_2_worked_example_exchange(tmp_path):
    """Case 5: 19:18 → 1:1, die 1 → Ex: both 2-3-4s to the West German box; the WA lose ≥ 6."""
    match = advance_to(new_match(tmp_path, WORKED, turns=(2, 10)), "wa-combat")
    force_rolls(match, 1)
    match.play(Action("attack", ("US1,US2,US3", "0303")))
    assert last_combat(match) == "attack on 0303: 19:18 → 1:1, die 1: Ex"
    assert where(match, "G1") == where(match, "G2") == "ELIM_GER_W"
    decision = match.open_decision()
    assert (decision["kind"], decision["choices"]) == ("exchange-losses", ["US1", "US2", "US3"])
    refused(match, Action("choose", ("US2+US3",)), "6.2")  # superfluous: either 6-6-7 alone pays
    match.play(Action("choose", ("US2",)))
    assert where(match, "US2") == "ELIM_WA"
    assert match.open_decision()["choices"] == ["US1>0303", "US3>0303", "none"]  # 6.91 after Ex


@pytest.mark.parametrize(
    ("values", "target", "sets"),
    [
        pytest.param({"A": 7, "B": 6, "C": 6}, 6, ["A", "B", "C"], id="6.2-ex-minimal-sets-worked-example"),
        pytest.param({"A": 4, "B": 3, "C": 2}, 5, ["A+B", "A+C", "B+C"], id="6.2-ex-no-superfluous-unit"),
        pytest.param({"A": 2, "B": 1}, 6, ["A+B"], id="6.2-ex-all-attackers-when-too-weak"),
    ],
)
def test_exchange_loss_sets(values, target, sets):
    assert loss_sets(values, target) == sets


SMALL = """
map 2x6
unit W1 WA US corps {attack}-4-8 0102
unit G1 GER HEER corps 2-3-4 0103
"""


@pytest.mark.parametrize(
    ("attack", "die", "result", "w1", "g1"),
    [
        pytest.param(7, 1, "De", "0102", "ELIM_GER_W", id="6.2-de-defenders-eliminated"),
        pytest.param(1, 5, "Ae", "ELIM_WA", "0103", id="6.2-ae-attackers-eliminated"),
        pytest.param(3, 5, "Ar", "retreated", "0103", id="6.2-ar-attackers-retreat"),
        pytest.param(3, 2, "Dr", "0102", "retreated", id="6.2-dr-defenders-retreat"),
    ],
)
def test_results(tmp_path, attack, die, result, w1, g1):
    match = advance_to(new_match(tmp_path, SMALL.format(attack=attack), turns=(2, 10)), "wa-combat")
    force_rolls(match, die)
    match.play(Action("attack", ("W1", "0103")))
    assert last_combat(match).endswith(result)
    while (decision := match.open_decision()) and decision["kind"] == "retreat":
        match.play(Action("choose", (decision["choices"][0],)))
    for unit, start, expected in (("W1", "0102", w1), ("G1", "0103", g1)):
        if expected == "retreated":
            assert where(match, unit) not in (start, "ELIM_WA", "ELIM_GER_W")
        else:
            assert where(match, unit) == expected


# --- 6.83 fortresses ------------------------------------------------------------------------


def fortress_destroyed(match, hex_id: str) -> bool:
    return match.one("SELECT destroyed FROM bfg_fortress WHERE match_id = ? AND space_id = ?", [match.match_id, hex_id])


def test_6_83_wa_entry_destroys_and_germans_get_no_bonus_after(tmp_path):
    """Cases 9 and 10: a WA unit passes through the fortress; a German re-occupies it later."""
    match = new_match(
        tmp_path,
        """
        map 2x6
        fortress 0103
        unit W1 WA US corps 7-4-8 0101
        unit G1 GER HEER corps 2-3-4 0106
        """,
        turns=(2, 10),
    )
    advance_to(match, "wa-movement")
    match.play(Action("move", ("W1", "0104")))  # through 0103
    assert fortress_destroyed(match, "0103")
    event = match.rows("SELECT * FROM event WHERE match_id = ? AND kind = 'fortress'", [match.match_id])[0]
    assert (event["rule"], event["unit_id"]) == ("6.83", "W1")
    match.play(Action("move", ("W1", "0101")))
    advance_to(match, "ger-w-movement", turn=3)
    match.play(Action("move", ("G1", "0103")))
    assert strength(match, "W1", "0103")["defense"] == 3


@pytest.mark.parametrize(
    ("options", "destroyed"),
    [
        pytest.param((), False, id="6.83-soviet-entry-leaves-the-fortress"),
        pytest.param(("soviet-destroys-fortress",), True, id="6.83-soviet-destroys-fortress-ruling"),
    ],
)
def test_6_83_soviet_entry(tmp_path, options, destroyed):
    match = new_match(
        tmp_path,
        """
        map 1x6
        zone E cols 01-06
        fortress 0102
        unit S1 SOV SOV army 7-7-4 0101
        unit G1 GER HEER corps 2-3-4 0106
        """,
        options=options,
        turns=(2, 10),
    )
    advance_to(match, "sov-movement")
    match.play(Action("move", ("S1", "0102")))
    assert fortress_destroyed(match, "0102") == destroyed


def test_6_83_a_fortress_falling_in_a_move_order_leaves_its_later_moves_as_if_one_by_one(tmp_path):
    """A fortress destroyed by the first move of an order changes no movement rule: the
    order's later moves land as the same moves played one by one (each unit's state alike)."""
    text = """
        map 2x6
        fortress 0103
        unit W1 WA US corps 7-4-8 0101
        unit W2 WA US corps 4-4-4 0201
        unit G1 GER HEER corps 2-3-4 0106
        """
    match = advance_to(new_match(tmp_path, text, turns=(2, 10)), "wa-movement")
    one_by_one = advance_to(new_match(tmp_path / "one", text, turns=(2, 10)), "wa-movement")
    moves = (("W1", "0104"), ("W2", "0203"), ("W1", "0102"))
    for unit, dest in moves:
        one_by_one.play(Action("move", (unit, dest)))
    match.play(Action("move", tuple(arg for move in moves for arg in move)))
    assert fortress_destroyed(match, "0103") and fortress_destroyed(one_by_one, "0103")
    for unit in ("W1", "W2"):
        assert state(match, unit) == {**state(one_by_one, unit), "match_id": match.match_id}
