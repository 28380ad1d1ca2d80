"""Battle for Germany 6.21–6.24 retreats and 6.9–6.94 advance after combat, with the
Berlin (5.43), Yugoslav (5.51, 5.52) and Front (5.3) limits on both (digest §5.5 cases 6,
15–18, 21, 42, 44).

Hexes: odd rows' neighbours are (r, c±1), (r±1, c−1), (r±1, c); even rows' (r, c±1),
(r±1, c), (r±1, c+1). Dice are forced on the placeholder CRT: 1:1 die 2 = Dr, 1:3 die 1 = Dr,
4:1 die 1 = De, 2:1 die 1 = De.
"""

from __future__ import annotations

import pytest
from games.bfg.position import advance_to, force_rolls, new_match, refused, where
from phaseline import Action


def events(match, kind: str) -> list[dict]:
    return match.rows("SELECT * FROM event WHERE match_id = ? AND kind = ? ORDER BY seq", [match.match_id, kind])


def fight(tmp_path, text: str, step: str, die: int, attackers: str, target: str, result: str):
    match = advance_to(new_match(tmp_path, text, turns=(2, 10)), step)
    force_rolls(match, die)
    match.play(Action("attack", (attackers, target)))
    combat = events(match, "combat")[-1]["purpose"]
    assert combat.endswith(result), combat
    return match


# --- 6.21–6.24 retreats ---------------------------------------------------------------------

# W1 (0202) attacks the stack G1+G2 (0203): 7 : 6 → 1:1, die 2: Dr. Around 0203: 0202 enemy;
# 0103 and 0303 in W1's ZOC (G6 stands in 0303); 0304 holds two friends; 0104 holds one
# (G3); 0204 is empty.
STACK = """
map 3x6
unit W1 WA US corps 7-4-8 0202
unit G1 GER HEER corps 2-3-4 0203
unit G2 GER HEER corps 2-3-4 0203
unit G3 GER HEER corps 2-3-4 0104
unit G4 GER HEER corps 2-3-4 0304
unit G5 GER HEER corps 2-3-4 0304
unit G6 GER HEER corps 2-3-4 0303
"""


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    """After the Dr: G1 went alone to the only empty hex; G2's retreat is asked."""
    return fight(tmp_path_factory.mktemp("stack"), STACK, "wa-combat", 2, "W1", "0203", "Dr")


def test_6_22_empty_hex_first(stack):
    """Case 16: G1 had 0204 (empty) and 0104 (one friend): it went to 0204 without a question."""
    retreats = events(stack, "retreat")
    assert [(e["unit_id"], e["to_space"]) for e in retreats] == [("G1", "0204")]


@pytest.mark.parametrize(
    ("hex_id", "rule", "why"),
    [
        pytest.param(
            "0303",
            "6.21",
            "0303 lies in an enemy ZOC (ZOC of WA unit W1 in 0202), even with friendly units there (G6)",
            id="6.21-no-retreat-into-enemy-zoc-even-onto-friends",
        ),
        pytest.param("0103", "6.21", "0103 lies in an enemy ZOC", id="6.21-no-retreat-into-enemy-zoc"),
        pytest.param("0304", "6.22", "0304 holds two friendly units (G4, G5)", id="6.22-never-onto-two-friends"),
        pytest.param("0202", "5.2", "0202 holds enemy units (W1)", id="5.2-never-into-enemy-units"),
        pytest.param("0205", "6.2", "0205 is not next to 0203: a retreat is one hex", id="6.2-a-retreat-is-one-hex"),
        pytest.param("9999", "6.21", "not a hex of the map", id="6.21-never-off-the-map"),
    ],
)
def test_retreat_refusals(stack, hex_id, rule, why):
    """Case 15 and 17: the owner (the Soviet player runs the West Germans) may not pick these,
    and the refusal names the rule that bars that very hex."""
    decision = stack.open_decision()
    assert (decision["kind"], decision["side"]) == ("retreat", "SOV")
    assert hex_id not in decision["choices"], why
    error = refused(stack, Action("choose", (hex_id,)), rule)
    assert str(error).startswith(f"G2 (2-3-4) cannot retreat to {hex_id}: ") and why in str(error), error


def test_6_22_a_friend_hex_only_when_no_empty_hex_remains(tmp_path):
    """Case 16: G1 alone has two empty hexes (0204, 0304) and one with a friend (0104)."""
    text = "\n".join(line for line in STACK.splitlines() if not line.startswith(("unit G2", "unit G4", "unit G5")))
    match = fight(tmp_path, text, "wa-combat", 3, "W1", "0203", "Dr")  # 7:3 → 2:1, die 3: Dr
    decision = match.open_decision()
    assert (decision["choices"], decision["rule"]) == (["0204", "0304"], "6.22")
    refused(match, Action("choose", ("0104",)), "6.22")
    match.play(Action("choose", ("0304",)))
    assert where(match, "G1") == "0304"


def test_6_24_units_retreat_individually(tmp_path):
    """Case 18: G2 may go where G1 did not; once 0204 holds G1 both one-friend hexes are open."""
    match = fight(tmp_path, STACK, "wa-combat", 2, "W1", "0203", "Dr")
    assert match.open_decision()["choices"] == ["0104", "0204"]
    match.play(Action("choose", ("0104",)))
    assert (where(match, "G1"), where(match, "G2")) == ("0204", "0104")


@pytest.mark.parametrize(
    "blocker",
    [
        pytest.param("", id="6.23-surrounded-by-zoc-and-the-map-edge"),
        pytest.param(
            "prohibited 0201-0102\nunit G7 GER HEER corps 2-3-4 0102\nunit G8 GER HEER corps 2-3-4 0102",
            id="6.23-only-hex-holds-two-friends",
        ),
        pytest.param("prohibited 0201-0102 0101-0102", id="6.21-never-across-a-prohibited-hexside"),
    ],
)
def test_6_23_eliminated_when_it_cannot_retreat(tmp_path, blocker):
    """Case 17: G1 in the corner 0101 (neighbours 0102 and 0201) attacked from 0201."""
    text = f"map 2x4\nunit W1 WA US corps 3-4-8 0201\nunit G1 GER HEER corps 2-3-4 0101\n{blocker}"
    match = fight(tmp_path, text, "wa-combat", 2, "W1", "0101", "Dr")
    assert where(match, "G1") == "ELIM_GER_W"
    assert events(match, "eliminated")[-1]["rule"] == "6.23"


@pytest.mark.parametrize(
    ("neighbour", "fate"),
    [
        pytest.param("front 8-20-3", "ELIM_SOV", id="5.3-a-front-never-retreats-onto-a-front"),
        pytest.param("army 7-7-4", "0103", id="5.3-a-front-may-retreat-onto-an-army"),
    ],
)
def test_front_retreats(tmp_path, neighbour, fate):
    """Case 21: F1's only retreat hex holds another Soviet unit."""
    text = f"""
    map 1x4
    zone E cols 01-04
    unit GE GER HEER corps 7-3-4 0101
    unit F1 SOV SOV front 8-20-3 0102
    unit F2 SOV SOV {neighbour} 0103
    """
    match = fight(tmp_path, text, "ger-e-combat", 1, "GE", "0102", "Dr")  # 7:20 → 1:3, die 1: Dr
    assert where(match, "F1") == fate


def test_5_3_a_front_may_not_choose_to_retreat_onto_a_front(tmp_path):
    """F1 (0202) may retreat to 0103 or 0203 (0102 and 0302 lie in GE's ZOC); 0303 holds the
    Front F2: refused under 5.3, not 6.21."""
    text = """
    map 3x4
    zone E cols 01-04
    unit GE GER HEER corps 7-3-4 0201
    unit F1 SOV SOV front 8-20-3 0202
    unit F2 SOV SOV front 8-20-3 0303
    """
    match = fight(tmp_path, text, "ger-e-combat", 1, "GE", "0202", "Dr")  # 7:20 → 1:3, die 1: Dr
    assert match.open_decision()["choices"] == ["0103", "0203"]
    error = refused(match, Action("choose", ("0303",)), "5.3")
    assert "0303 holds the Soviet Front F2" in str(error)


def test_5_43_germans_never_retreat_into_berlin(tmp_path):
    text = "map 1x4\ncity Berlin 0101 10\nunit G1 GER HEER corps 2-3-4 0102\nunit W1 WA US corps 3-4-8 0103"
    match = fight(tmp_path, text, "wa-combat", 2, "W1", "0102", "Dr")
    assert where(match, "G1") == "ELIM_GER_W"


def test_6_83_a_western_allied_retreat_into_a_fortress_destroys_it(tmp_path):
    """6.83: the fortress falls when a Western Allied unit enters its hex, by retreat too."""
    text = "map 1x4\nfortress 0101\nunit W1 WA US corps 3-3-8 0102\nunit G1 GER HEER corps 7-3-4 0103"
    match = fight(tmp_path, text, "ger-w-combat", 3, "G1", "0102", "Dr")  # 7:3 → 2:1, die 3: Dr
    assert where(match, "W1") == "0101"
    assert match.one("SELECT destroyed FROM bfg_fortress WHERE match_id = ? AND space_id = '0101'", [match.match_id])


# --- 6.9 advance after combat ---------------------------------------------------------------

# W1 (0202) and W2 (0303) attack G1 in the fortress 0203: 13 : 6 → 2:1, die 1: De. W3 (0103)
# is next to 0203 but does not attack; G2 (0204) keeps 0203 in its ZOC.
ADVANCE = """
map 3x6
fortress 0203
unit W1 WA US corps 7-4-8 0202
unit W2 WA US corps 6-6-7 0303
unit W3 WA US corps 6-6-7 0103
unit G1 GER HEER corps 2-3-4 0203
unit G2 GER HEER corps 2-3-4 0204
"""


@pytest.fixture(scope="module")
def advance(tmp_path_factory):
    return fight(tmp_path_factory.mktemp("advance"), ADVANCE, "wa-combat", 1, "W1,W2", "0203", "De")


def test_6_93_one_participant_may_advance_into_zoc(advance):
    """Case 6: W1 or W2 (not W3, 6.92) may enter 0203 though it lies in G2's ZOC (6.93)."""
    decision = advance.open_decision()
    assert (decision["kind"], decision["side"], decision["rule"]) == ("advance", "WA", "6.91")
    assert decision["choices"] == ["W1>0203", "W2>0203", "none"]


@pytest.mark.parametrize(
    ("choice", "rule", "why"),
    [
        pytest.param(
            "W3>0203",
            "6.92",
            "W3 did not take part in the combat (only W1, W2 may advance)",
            id="6.92-only-participants-advance",
        ),
        pytest.param(
            "W1>0204", "6.91", "0204 is not a hex the combat emptied (0203)", id="6.91-only-into-the-vacated-hex"
        ),
        pytest.param("W1>0203,W2>0203", "6.91", "only one unit may advance", id="6.91-only-one-unit-advances"),
        pytest.param("W1", "6.91", "answer UNIT HEX (or UNIT:HEX) or none", id="6.91-an-answer-is-unit-and-hex"),
    ],
)
def test_advance_refusals(advance, choice, rule, why):
    error = refused(advance, Action("choose", (choice,)), rule)
    assert why in str(error), error


def test_6_83_one_unit_advances_and_destroys_the_fortress(tmp_path):
    match = fight(tmp_path, ADVANCE, "wa-combat", 1, "W1,W2", "0203", "De")
    match.play(Action("choose", ("W2>0203",)))
    assert (where(match, "W1"), where(match, "W2")) == ("0202", "0203")
    assert match.open_decision() is None
    assert match.one("SELECT destroyed FROM bfg_fortress WHERE match_id = ? AND space_id = '0203'", [match.match_id])
    assert [e["rule"] for e in events(match, "fortress")] == ["6.83"]


def test_6_94_advance_is_never_compulsory(tmp_path):
    match = fight(tmp_path, ADVANCE, "wa-combat", 1, "W1,W2", "0203", "De")
    match.play(Action("choose", ("none",)))
    assert (where(match, "W1"), where(match, "W2")) == ("0202", "0303")
    assert match.open_decision() is None
    assert not events(match, "advance")


def test_6_91_the_defender_advances_after_ar(tmp_path):
    """The winner may be the defender: after Ar, G1 may enter W1's vacated hex."""
    text = "map 2x4\nunit W1 WA US corps 3-4-8 0102\nunit G1 GER HEER corps 2-3-4 0103"
    match = fight(tmp_path, text, "wa-combat", 5, "W1", "0103", "Ar")  # 3:3 → 1:1, die 5: Ar
    if match.open_decision()["kind"] == "retreat":
        match.play(Action("choose", (match.open_decision()["choices"][0],)))
    decision = match.open_decision()
    assert (decision["kind"], decision["side"], decision["choices"]) == ("advance", "SOV", ["G1>0102", "none"])


def test_6_91_the_defender_advances_after_ae(tmp_path):
    """Ae empties the attacker's hex as a result of combat, and the defender won it: G1 may
    enter the hex W1 was eliminated in (it was offered the elimination box)."""
    text = "map 2x4\nunit W1 WA US corps 1-4-8 0102\nunit G1 GER HEER corps 2-3-4 0103"
    match = fight(tmp_path, text, "wa-combat", 6, "W1", "0103", "Ae")  # 1:3, die 6: Ae
    decision = match.open_decision()
    assert (decision["kind"], decision["side"], decision["choices"]) == ("advance", "SOV", ["G1>0102", "none"])
    match.play(Action("choose", ("G1>0102",)))
    assert (where(match, "G1"), where(match, "W1")) == ("0102", "ELIM_WA")


@pytest.mark.parametrize(
    ("options", "offered"),
    [
        pytest.param((), ["W2>0103", "none"], id="6.9-after-ex-the-attacker-is-the-victor"),
        pytest.param(("ex-no-advance",), None, id="6.91-ex-no-advance-ruling"),
    ],
)
def test_advance_after_an_exchange(tmp_path, options, offered):
    """6:3 → 2:1, die 2: Ex; the WA pay with W1, and W2 may (or, by the ruling, may not) advance."""
    text = "map 2x4\nunit W1 WA US corps 3-4-8 0102\nunit W2 WA US corps 3-4-8 0202\nunit G1 GER HEER corps 2-3-4 0103"
    match = advance_to(new_match(tmp_path, text, options=options, turns=(2, 10)), "wa-combat")
    force_rolls(match, 2)
    match.play(Action("attack", ("W1,W2", "0103")))
    assert match.open_decision()["choices"] == ["W1", "W2"]
    assert "W2 not needed" in str(refused(match, Action("choose", ("W1+W2",)), "6.2"))  # no superfluous unit
    assert "only the attackers" in str(refused(match, Action("choose", ("G1",)), "6.2"))
    match.play(Action("choose", ("W1",)))
    assert (where(match, "G1"), where(match, "W1")) == ("ELIM_GER_W", "ELIM_WA")
    decision = match.open_decision()
    assert (decision and decision["choices"]) == offered


def test_5_51_a_yugoslav_unit_may_not_choose_to_advance_out_of_yugoslavia(tmp_path):
    """S1 and Y1 (inside Yugoslavia) attack together (5.53); S1 may advance, Y1 may not: the
    refusal cites 5.51, not 6.91."""
    text = """
    map 2x6
    zone E cols 01-06
    region YUG 0201 0202
    unit S1 SOV SOV army 7-7-4 0102
    unit Y1 SOV YUG army 3-3-4 0202
    unit GE GER HEER corps 2-3-4 0103
    """
    match = fight(tmp_path, text, "sov-combat", 1, "S1,Y1", "0103", "De")  # 10:3 → 3:1, die 1: De
    assert match.open_decision()["choices"] == ["S1>0103", "none"]
    error = refused(match, Action("choose", ("Y1>0103",)), "5.51")
    assert "Y1 cannot advance to 0103: Yugoslav units may not leave Yugoslavia" in str(error)


@pytest.mark.parametrize(
    ("text", "attacker", "target"),
    [
        pytest.param(
            "region YUG 0101\nunit Y1 SOV YUG army 7-7-4 0102\nunit G1 GER HEER corps 2-3-4 0101",
            "Y1",
            "0101",
            id="5.51-yugoslav-advance-home-ruling-back-into-yugoslavia",
        ),
        pytest.param(
            "region YUG 0101\nunit S1 SOV SOV army 7-7-4 0101\nunit G1 GER HEER corps 2-3-4 0102",
            "S1",
            "0102",
            id="5.52-yugoslav-advance-home-ruling-back-out-of-yugoslavia",
        ),
    ],
)
def test_the_yugoslav_advance_home_ruling(tmp_path, text, attacker, target):
    """The other reading of "may not advance across the border": only away from home."""
    match = new_match(
        tmp_path, f"map 1x4\nzone E cols 01-04\n{text}", options=("yugoslav-advance-home",), turns=(2, 10)
    )
    advance_to(match, "sov-combat")
    force_rolls(match, 1)  # 7:3 → 2:1, die 1: De
    match.play(Action("attack", (attacker, target)))
    assert match.open_decision()["choices"] == [f"{attacker}>{target}", "none"]


@pytest.mark.parametrize(
    ("text", "step", "attacker", "target"),
    [
        pytest.param(
            "city Berlin 0101 10\nunit W1 WA US corps 1-1-8 0101\nunit G1 GER HEER corps 2-3-4 0102",
            "ger-w-combat",
            "G1",
            "0101",
            id="5.43-germans-never-advance-into-berlin",
        ),
        pytest.param(
            "zone E cols 01-04\nregion YUG 0102\nunit S1 SOV SOV army 7-7-4 0101\nunit G1 GER HEER corps 2-3-4 0102",
            "sov-combat",
            "S1",
            "0102",
            id="5.52-no-soviet-advance-into-yugoslavia",
        ),
        pytest.param(
            "zone E cols 01-04\nregion YUG 0101\nunit Y1 SOV YUG army 7-7-4 0101\nunit G1 GER HEER corps 2-3-4 0102",
            "sov-combat",
            "Y1",
            "0102",
            id="5.51-no-yugoslav-advance-out-of-yugoslavia",
        ),
        pytest.param(
            "zone E cols 01-04\nregion YUG 0101\nunit Y1 SOV YUG army 7-7-4 0102\nunit G1 GER HEER corps 2-3-4 0101",
            "sov-combat",
            "Y1",
            "0101",
            id="5.51-a-yugoslav-unit-outside-may-not-advance-back-across-the-border",
        ),
        pytest.param(
            "zone E cols 01-04\nregion YUG 0101\nunit S1 SOV SOV army 7-7-4 0101\nunit G1 GER HEER corps 2-3-4 0102",
            "sov-combat",
            "S1",
            "0102",
            id="5.52-a-soviet-unit-in-yugoslavia-may-not-advance-out-across-the-border",
        ),
        pytest.param(
            "zone E cols 02-04\nunit S1 SOV SOV army 1-1-4 0101\nunit G1 GER HEER corps 2-3-4 0102",
            "ger-e-combat",
            "G1",
            "0101",
            id="5.4-attack-across-the-boundary-but-no-advance",
        ),
    ],
)
def test_no_advance_across_a_forbidden_line(tmp_path, text, step, attacker, target):
    """Case 42 and 44: the attack is legal, the advance is not offered."""
    match = fight(tmp_path, f"map 1x4\n{text}", step, 1, attacker, target, "De")
    assert not match.one(
        "SELECT count(*) FROM unit_state WHERE match_id = ? AND space_id = ?", [match.match_id, target]
    )
    assert match.open_decision() is None
    assert where(match, attacker) != target
