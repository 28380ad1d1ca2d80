"""Battle for Germany 5.0–5.5: movement, stacking, the German Theatre Boundary, Berlin and
Yugoslavia (digest §5.5 cases 19–21, 39–44).

Most positions are one row of hexes (0101–0108, each next to its two row neighbours), so a
unit's only road is the row. Every refusal names its rule and leaves the state untouched.
"""

from __future__ import annotations

import pytest
from games.bfg.position import advance_to, force_rolls, new_match, refused, state
from hypothesis import example, given, settings
from hypothesis import strategies as st
from phaseline import Action
from phaseline.games.bfg.rules.movement import has_movers
from phaseline.games.bfg.rules.positions import Limit, Stacks, stacking_audit
from phaseline.games.bfg.rules.units import all_units

LINE = """
map 1x8
terrain rough 0103
river 0104-0105
prohibited 0105-0106
zone E cols 07-08
unit W4 WA US corps 4-4-4 0101
unit W8 WA US corps 7-4-8 0106
"""

BORDERS = """
map 2x8
zone E cols 05-08
city Berlin 0204 10
region YUG 0208
unit GW GER HEER corps 2-3-4 0203
unit GE GER HEER corps 2-3-4 0105
unit S2 SOV SOV army 7-7-4 0107
unit YU SOV YUG army 3-3-4 0208
"""

STACKS = """
map 1x8
zone E cols 01-08
unit S1 SOV SOV army 7-7-4 0102
unit S2 SOV SOV army 7-7-4 0102
unit S3 SOV SOV army 7-7-4 0103
unit F1 SOV SOV front 8-20-3 0105
unit F2 SOV SOV front 8-20-3 0106
unit A4 SOV SOV army 7-7-4 0107
"""


def match_at(tmp_path, text: str, step: str):
    return advance_to(new_match(tmp_path, text, turns=(2, 10)), step)


@pytest.fixture(scope="module")
def line(tmp_path_factory):
    return match_at(tmp_path_factory.mktemp("line"), LINE, "wa-movement")


@pytest.fixture(scope="module")
def borders(tmp_path_factory):
    return new_match(tmp_path_factory.mktemp("borders"), BORDERS, turns=(2, 10))


def test_5_1_terrain_and_river_costs(line):
    """Clear 1, rough 2, a river +1 (placeholder TEC): MA 4 reaches 0104 but not 0105."""
    moves = {a.args[1] for a in line.legal_actions() if a.verb == "move" and a.args[0] == "W4"}
    assert moves == {"0102", "0103", "0104"}


@pytest.mark.parametrize(
    ("unit", "dest", "rule"),
    [
        pytest.param("W4", "0105", "5.1", id="5.1-costs-beyond-the-allowance"),
        pytest.param("W8", "0105", "5.1", id="5.1-no-crossing-a-prohibited-hexside"),
        pytest.param("W8", "0107", "5.42", id="5.42-wa-may-not-cross-the-boundary"),
    ],
)
def test_line_refusals(line, unit, dest, rule):
    refused(line, Action("move", (unit, dest)), rule)


FAR = """
map 1x8
{extra}
unit W4 WA US corps 4-4-4 0101
unit W8 WA US corps 7-4-8 0103
"""


@pytest.mark.parametrize(
    ("extra", "unit", "dest", "rule", "says"),
    [
        pytest.param("", "W4", "0106", "5.0", "5 hexes away", id="5.0-five-clear-hexes-beyond-4-mp"),
        pytest.param("", "W4", "0108", "5.0", "beyond its 4 MP", id="5.0-a-hex-beyond-the-reach"),
        pytest.param("zone E cols 05-08", "W8", "0106", "5.42", "boundary", id="5.42-a-hex-deeper-across-the-line"),
        pytest.param("unit G GER HEER corps 2-3-4 0108", "W4", "0108", "5.2", "G", id="5.2-an-enemy-beyond-the-reach"),
        pytest.param("prohibited 0101-0102", "W4", "0103", "5.1", "no path", id="5.1-near-but-no-path-within-the-mp"),
    ],
)
def test_5_0_a_refusal_names_what_forbids_a_far_hex(tmp_path, extra, unit, dest, rule, says):
    """5.0 is the allowance (「そのユニットの許容移動力の範囲内で」), 5.1 the path and its costs:
    a hex further than the unit has MP is refused under 5.0, one that is near enough but costs
    too much or has no open path under 5.1, and a hex the unit may never enter (an enemy in
    it, across the boundary) under the rule that bars it, however far it is."""
    match = match_at(tmp_path, FAR.format(extra=extra), "wa-movement")
    assert says in str(refused(match, Action("move", (unit, dest)), rule))


@pytest.mark.parametrize(
    ("step", "unit", "dest", "rule"),
    [
        pytest.param("sov-movement", "S2", "0208", "5.52", id="5.52-soviets-may-not-enter-yugoslavia"),
        pytest.param("sov-movement", "YU", "0207", "5.51", id="5.51-yugoslavs-may-not-leave"),
        pytest.param("ger-w-movement", "GW", "0204", "5.43", id="5.43-west-germans-never-enter-berlin"),
        pytest.param("ger-w-movement", "GW", "0105", "5.41", id="5.41-west-germans-stay-west"),
        pytest.param("ger-e-movement", "GE", "0204", "5.43", id="5.43-east-germans-never-enter-berlin"),
        pytest.param("ger-e-movement", "GE", "0104", "5.41", id="5.41-east-germans-stay-east"),
    ],
)
def test_border_refusals(borders, step, unit, dest, rule):
    advance_to(borders, step)
    refused(borders, Action("move", (unit, dest)), rule)


def test_5_0_unused_points_carry_within_the_phase_only(tmp_path):
    match = match_at(tmp_path, LINE, "wa-movement")
    match.play(Action("move", ("W4", "0102")))
    match.play(Action("move", ("W4", "0103")))  # 1 + 2 of its 4 MP
    assert state(match, "W4")["mp"] == 1
    refused(match, Action("move", ("W4", "0105")), "5.0")  # two hexes on, beyond the 1 MP it kept
    advance_to(match, "wa-movement", turn=3)
    assert state(match, "W4")["mp"] == 4


def test_5_0_one_order_moves_several_units_each_checked_in_turn(tmp_path):
    """``move U HEX U HEX …``: the moves of one order, in order, as if played one by one; a
    unit may move twice in it, its second move checked in the state its first one left."""
    match = match_at(tmp_path, STACKS, "sov-movement")
    one_by_one = match_at(tmp_path / "one", STACKS, "sov-movement")
    for unit, dest in (("S3", "0104"), ("A4", "0108"), ("S3", "0103")):
        one_by_one.play(Action("move", (unit, dest)))
    match.play(Action("move", ("S3", "0104", "A4", "0108", "S3", "0103")))
    for unit in ("S3", "A4"):
        assert state(match, unit) == {**state(one_by_one, unit), "match_id": match.match_id}
    refused(match, Action("move", ("S3", "0106")), "5.0")  # 2 of its 4 MP spent, 3 hexes to go


def test_5_0_a_refused_move_refuses_the_whole_order(tmp_path):
    """The legal first move of an order is not kept when a later one is refused (A4 has 4 MP,
    not the 6 to 0101); the refusal is the one that move alone gets."""
    match = match_at(tmp_path, STACKS, "sov-movement")
    alone = refused(match, Action("move", ("A4", "0101")), "5.0")
    in_order = refused(match, Action("move", ("S3", "0104", "A4", "0101", "F1", "0104")), "5.0")
    assert str(in_order) == str(alone)
    assert state(match, "S3")["space_id"] == "0103"


# --- 5.3 stacking at the end of the Movement Phase -----------------------------------------


def test_5_3_three_units_may_not_end_in_one_hex(tmp_path):
    """Case 19: the phase cannot end with 3 Soviet units in a hex; the audit names them."""
    match = match_at(tmp_path, STACKS, "sov-movement")
    match.play(Action("move", ("S3", "0102")))  # passing or pausing is fine; ending is not
    assert Action("end", (), "SOV") not in match.legal_actions()  # never listed while refused
    error = refused(match, Action("end"), "5.3")
    assert "0102" in str(error) and "S1, S2, S3" in str(error)
    assert error.evidence[0]["units"] == ["S1", "S2", "S3"]
    match.play(Action("move", ("S3", "0101")))
    assert Action("end", (), "SOV") in match.legal_actions()
    match.play(Action("end"))
    assert (match.clock.turn, match.clock.step) != (2, "sov-movement")


@pytest.mark.parametrize(
    ("setup", "listed"),
    [
        pytest.param(STACKS, True, id="5.3-listed-when-it-can-step-on-into-0101"),
        pytest.param(STACKS.replace("7-7-4 0103", "7-7-2 0103"), True, id="5.2-one-point-left-for-the-step-on"),
        pytest.param(STACKS.replace("7-7-4 0103", "7-7-1 0103"), False, id="5.2-no-movement-points-left"),
        pytest.param(  # GE (0201) has 0102 in its ZOC, not S3 in 0103; 0202, next to 0102, has room
            STACKS.replace("map 1x8", "map 3x8") + "unit GE GER HEER corps 2-3-4 0201\n",
            False,
            id="4.0-enemy-zoc-ends-its-move-there",
        ),
    ],
)
def test_5_3_a_move_onto_a_full_hex_is_listed_only_when_the_unit_can_step_on(tmp_path, setup, listed):
    """5.3 binds at the end of the phase: S3 may end a move on S1 and S2 in 0102 whenever it
    may go there, but the listing offers it only when S3 can then step on into a hex with
    room, so that a listed move never strands it over the limit."""
    match = match_at(tmp_path, setup, "sov-movement")
    assert (Action("move", ("S3", "0102"), "SOV") in match.legal_actions()) is listed
    match.play(Action("move", ("S3", "0102")))  # typed, it is legal either way
    refused(match, Action("end"), "5.3")


def test_5_3_units_may_pass_through_a_full_hex(tmp_path):
    match = match_at(tmp_path, STACKS, "sov-movement")
    match.play(Action("move", ("S3", "0101")))  # through S1 and S2 in 0102
    match.play(Action("end"))
    assert state(match, "S3")["space_id"] == "0101"


@pytest.mark.parametrize(
    ("unit", "dest", "legal"),
    [
        pytest.param("F2", "0105", False, id="5.3-two-fronts-never-stack"),
        pytest.param("A4", "0106", True, id="5.3-a-front-may-stack-with-an-army"),
    ],
)
def test_5_3_fronts(tmp_path, unit, dest, legal):
    """Case 20."""
    match = match_at(tmp_path, STACKS, "sov-movement")
    match.play(Action("move", (unit, dest)))
    if legal:
        match.play(Action("end"))
        assert (match.clock.turn, match.clock.step) != (2, "sov-movement")
    else:
        error = refused(match, Action("end"), "5.3")
        assert "front" in str(error)


# --- 5.41, 5.42, 5.51, 5.52: retreats across a border and their deadlines --------------------


def test_5_41_retreat_across_the_boundary_switches_allegiance(tmp_path):
    """Case 39: an East German unit retreated west becomes West German (the Soviet player's)."""
    match = match_at(
        tmp_path,
        """
        map 1x8
        zone E cols 04-08
        unit GE GER HEER corps 2-3-4 0104
        unit S1 SOV SOV army 7-7-4 0105
        """,
        "sov-combat",
    )
    force_rolls(match, 3)  # 7:3 → 2:1, die 3: Dr
    match.play(Action("attack", ("S1", "0104")))
    assert state(match, "GE")["space_id"] == "0103"
    assert state(match, "GE")["side"] == "GER_W"
    from phaseline.games.bfg.rules.elimination import box_for
    from phaseline.games.bfg.rules.units import unit_row
    from phaseline.games.bfg.scenarios import controller_of

    assert controller_of(match, "GER_W") == "SOV"
    assert box_for(unit_row(match, "GE")) == "ELIM_GER_W"  # 7.11 by the side it now stands on


def _wa_pushed_east(tmp_path):
    match = match_at(
        tmp_path,
        """
        map 1x8
        zone E cols 05-08
        unit W1 WA US corps 4-1-8 0104
        unit GW GER HEER corps 2-3-4 0103
        """,
        "ger-w-combat",
    )
    force_rolls(match, 3)  # 2:1 → 2:1, die 3: Dr
    match.play(Action("attack", ("GW", "0104")))
    match.play(Action("choose", ("none",)))  # 6.94 GW stays
    assert state(match, "W1")["space_id"] == "0105"
    return advance_to(match, "wa-movement")


def test_5_42_wa_unit_not_back_by_its_next_movement_phase_is_eliminated(tmp_path):
    """Case 40."""
    match = _wa_pushed_east(tmp_path)
    match.play(Action("end"))
    assert state(match, "W1")["space_id"] == "ELIM_WA"
    assert match.one("SELECT rule FROM event WHERE match_id = ? AND kind = 'eliminated'", [match.match_id]) == "5.42"


def test_5_42_wa_unit_back_in_time_survives(tmp_path):
    match = _wa_pushed_east(tmp_path)
    match.play(Action("move", ("W1", "0104")))
    match.play(Action("end"))
    assert state(match, "W1")["space_id"] == "0104"


SOVIET_D = "unit D SOV SOV army 3-1-4 0104"


@pytest.mark.parametrize(
    ("defender", "options", "rule", "due", "box"),
    [
        pytest.param(
            "unit D SOV YUG army 3-1-4 0104", (), "5.51", "sov-combat", "ELIM_SOV", id="5.51-back-by-soviet-combat"
        ),
        pytest.param(SOVIET_D, (), "5.52", "ger-e-combat", "ELIM_SOV", id="5.52-out-during-the-following-turn"),
        pytest.param(
            SOVIET_D,
            ("yugoslavia-exit-by-movement",),
            "5.52",
            "sov-movement",
            "ELIM_SOV",
            id="5.52-ruling-out-by-the-next-soviet-movement-phase",
        ),
    ],
)
def test_5_5_yugoslav_border_deadlines(tmp_path, defender, options, rule, due, box):
    """Case 41 (and its 5.52 mirror): a unit retreated across the Yugoslav border and left
    there. 5.52 「続くターンの間に離れなければならず」 gives the whole following turn (the last
    step of turn 3 here), the ruling only the next Soviet Movement Phase."""
    inside = "0104 0105 0106 0107 0108" if rule == "5.51" else "0101 0102 0103"
    text = f"""
        map 1x8
        zone E cols 01-08
        region YUG {inside}
        {defender}
        unit GE GER HEER corps 2-3-4 0105
        unit S9 SOV SOV army 1-1-4 0106
        """
    match = advance_to(new_match(tmp_path, text, options=options, turns=(2, 10)), "ger-e-combat")
    force_rolls(match, 3)  # 2:1, die 3: Dr into 0103, across the border
    match.play(Action("attack", ("GE", "0104")))
    match.play(Action("choose", ("none",)))
    assert state(match, "D")["space_id"] == "0103"
    advance_to(match, due, turn=3)  # S9 keeps the Soviet Combat Phase from being skipped
    assert state(match, "D")["space_id"] == "0103"  # still there until the deadline passes
    match.play(Action("end"))
    assert state(match, "D")["space_id"] == box
    eliminated = match.rows("SELECT rule FROM event WHERE match_id = ? AND kind = 'eliminated'", [match.match_id])
    assert [e["rule"] for e in eliminated] == [rule]


def test_5_52_a_soviet_unit_may_still_leave_yugoslavia_by_a_retreat_in_the_following_turn(tmp_path):
    """The following turn's combat phases count too: D, pushed into Yugoslavia on turn 2,
    stays there through its own Movement Phase of turn 3, is pushed out again by a retreat in
    the East German Combat Phase of turn 3, and survives the end of the turn."""
    text = """
        map 1x8
        zone E cols 01-08
        region YUG 0101 0102 0103
        unit D SOV SOV army 3-1-4 0104
        unit GE GER HEER corps 2-3-4 0105
        unit G2 GER HEER corps 2-3-4 0101
        """
    match = advance_to(new_match(tmp_path, text, turns=(2, 10)), "ger-e-combat")
    force_rolls(match, 3)  # 2:1, die 3: Dr, into 0103
    match.play(Action("attack", ("GE", "0104")))
    match.play(Action("choose", ("none",)))
    assert state(match, "D")["space_id"] == "0103"
    advance_to(match, "ger-e-movement", turn=3)  # past D's own Movement Phase
    assert state(match, "D")["space_id"] == "0103"
    match.play(Action("move", ("G2", "0102", "GE", "0106")))  # GE's ZOC leaves 0104
    advance_to(match, "ger-e-combat", turn=3)
    force_rolls(match, 3)
    match.play(Action("attack", ("G2", "0103")))
    match.play(Action("choose", ("none",)))
    assert state(match, "D")["space_id"] == "0104"  # retreated out of Yugoslavia
    advance_to(match, "sov-movement", turn=4)  # turn 3 is over
    assert state(match, "D")["space_id"] == "0104"


def test_5_43_the_three_player_game_lifts_the_berlin_ban(tmp_path):
    """Case 44 / 16.33: with three players a German unit may enter Berlin."""
    match = new_match(
        tmp_path,
        "map 1x4\ncity Berlin 0102 10\nunit GW GER HEER corps 2-3-4 0101\nunit W1 WA US corps 4-4-8 0104",
        scenario="three-player",
        turns=(2, 10),
    )
    advance_to(match, "ger-movement")
    match.play(Action("move", ("GW", "0102")))
    assert state(match, "GW")["space_id"] == "0102"


# --- 5.3 one definition: the Python the rules ask agrees with the SQL audit -------------------


@settings(max_examples=12)
@example([("front", "0101"), ("front", "0101")])  # the per-size limit alone
@example([("army", "0101"), ("corps", "0101"), ("front", "0101")])  # the all-units limit, by one
@given(st.lists(st.tuples(st.sampled_from(["army", "front", "corps"]), st.sampled_from(["0101", "0102"])), max_size=5))
def test_5_3_stacks_agree_with_the_stacking_audit(tmp_path_factory, placed):
    """Stacks.over, which movement, retreats and replacements ask, flags exactly the hexes the SQL
    stacking-audit flags: a hex is over a limit iff some unit there would break it by ending there;
    Stacks.crowded, which the end of a movement phase asks before the audit, names the same hexes;
    Stacks.full, which the listing of moves asks, the hexes where Stacks.over refuses a newcomer."""
    text = "map 1x10\nzone E cols 01-10\nunit F9 SOV SOV front 8-20-3 0110\n" + "\n".join(
        f"unit S{n} SOV SOV {size} 7-7-9 01{n + 4:02d}" for n, (size, _) in enumerate(placed)
    )
    match = advance_to(new_match(tmp_path_factory.mktemp("stacks"), text), "sov-movement")
    for n, (_, where) in enumerate(placed):
        match.play(Action("move", (f"S{n}", where)))  # 5.3 binds at the phase's end: moving in is allowed
    units = all_units(match)
    stacks = Stacks(match, units, {"SOV"})
    by_python = {u["space_id"] for u in units.values() if u["side"] == "SOV" and stacks.over(u, u["space_id"])}
    assert by_python == stacks.crowded("SOV") == {row["space_id"] for row in stacking_audit(match, "SOV")}
    for size in ("army", "front", "corps"):
        newcomer = {"unit_id": None, "side": "SOV", "size": size}
        assert stacks.full("SOV", size) == {f"01{c:02d}" for c in range(1, 11) if stacks.over(newcomer, f"01{c:02d}")}


def test_5_3_stacks_full_is_every_hex_when_a_limit_allows_no_unit(tmp_path):
    """Where a force's limit allows no unit of a size, Stacks.over refuses one even in an empty
    hex, so Stacks.full names no hexes but says None: every hex is full for that size."""
    match = new_match(tmp_path, "map 1x3\nzone E cols 01-03\nunit S1 SOV SOV front 8-20-3 0101")
    stacks = Stacks(match, all_units(match), {"SOV"})
    stacks.limits["SOV"] = [Limit("front", 0, "5.3")]
    assert stacks.over({"unit_id": None, "side": "SOV", "size": "front"}, "0103") == Limit("front", 0, "5.3")
    assert stacks.full("SOV", "front") is None
    assert stacks.full("SOV", "army") == frozenset()


# --- 5.0 the units the reach query walks: a force without them is not asked -----------------


@pytest.mark.parametrize(
    ("changes", "walked"),
    [
        pytest.param({}, True, id="units-with-movement-points"),
        pytest.param({"S1": {"mp": 0}}, True, id="one-unit-with-points-left"),
        pytest.param({"S1": {"mp": 0}, "S2": {"mp": 0}}, False, id="no-points-left"),
        pytest.param({"S1": {"mp": 0}, "S2": {"status": "eliminated"}}, False, id="the-one-with-points-eliminated"),
    ],
)
def test_5_0_the_listing_asks_the_reach_of_a_force_with_movers_only(tmp_path, changes, walked):
    """The listing of moves skips the movement-legal query for a force with no unit on the map,
    in play, with movement points (has_movers): the query walks those units alone, so for such a
    force it has no rows, not even a unit's own hex."""
    text = "map 1x6\nzone E cols 01-06\nunit S1 SOV SOV army 7-7-9 0101\nunit S2 SOV SOV corps 7-7-9 0103"
    match = advance_to(new_match(tmp_path, text), "sov-movement")
    for unit_id, values in changes.items():
        match.set("unit_state", {"unit_id": unit_id}, **values)
    assert has_movers(all_units(match), "SOV") is walked
    assert bool(match.rules.run("movement-legal", side="SOV")) is walked
