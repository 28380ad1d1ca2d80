"""10.8 US aircraft moves, 10.9 Japanese aircraft destinations (digest §8.5 case 20), and 10.6's
steps 6-7: the landings, the aircraft's return to carriers (case 26) and airfields (case 25), the
B-29 wings counted at the Marianas (12.2)."""

from __future__ import annotations

import pytest
from games.nimitz.battle import Script, answer, arrange, begin_battle, events, in_play, run
from games.nimitz.position import play, put, state, status, where
from phaseline import RuleViolation
from phaseline.games.nimitz.rules.battle.air_moves import bomber_target, destination, fighter_target
from phaseline.games.nimitz.rules.battle.sheet import Piece, Sheet

HOME = "\nHawaii: US-Bn-01"


def piece(unit_id: str, side: str, kind: str, space: str, type_: str = "x") -> Piece:
    return Piece(unit_id, side, kind, type_, space, "full", 1, {}, None, None, False, False, False)


def sheet_of(*pieces: Piece) -> Sheet:
    return Sheet("Wake", {p.unit_id: p for p in pieces}, {"US": 1, "JP": 0})


CARRIER_AT_SEA = piece("Lexington", "US", "ship", "US-SEA", "CV")
LAND_AIRCRAFT = piece("US-18FG", "US", "air", "US-AIRFIELD")
GARRISON = piece("US-Bn-02", "US", "ground", "US-POSITION")


@pytest.mark.parametrize(
    ("roll", "units", "area", "passed"),
    [
        pytest.param(2, (CARRIER_AT_SEA, LAND_AIRCRAFT), "ISLAND", ["JP-SEA"], id="10.9-case-20-roll-2-to-the-island"),
        pytest.param(6, (CARRIER_AT_SEA,), "US-SEA", ["COASTAL"], id="10.9-case-20-roll-6-on-to-the-us-sea"),
        pytest.param(6, (LAND_AIRCRAFT,), "ISLAND", ["COASTAL", "US-SEA", "JP-SEA"], id="10.9-case-20-roll-6-round"),
        pytest.param(3, (GARRISON,), None, ["ISLAND", "COASTAL", "US-SEA", "JP-SEA"], id="10.9-case-20-no-target"),
        pytest.param(3, (GARRISON, piece("JP-Bn-10", "JP", "ground", "JP-POSITION")), "ISLAND", [], id="10.9-rule-3"),
    ],
)
def test_10_9_bombers_destinations(roll, units, area, passed):
    """1-2 Japanese sea, 3-5 island, 6 coastal, 7-10 US sea; an area without a target sends the group
    on to the next position, and round again; with none, the group stays home."""
    assert destination(roll, lambda a: bomber_target(sheet_of(*units), a)) == (area, passed)


def test_10_9_fighters_go_where_aircraft_fly():
    s = sheet_of(CARRIER_AT_SEA, piece("Lexington/F4F-1", "US", "carrier-air", "COASTAL"))
    assert destination(1, lambda a: fighter_target(s, a)) == ("COASTAL", ["JP-SEA", "ISLAND"])


def test_10_9_groups_roll_bombers_first_carrier_attack_fixes_their_roll(make):
    """Each carrier's bombers, each carrier's fighters and all land aircraft: one roll a group, the
    bombers first; Carrier Attack makes the bombers' roll a 10, the fighters still roll (the play
    example's round 2)."""
    match, _ = begin_battle(make, "Wake: US-Bn-02 Lexington Kaga JP-Bn-10 JP-3Kokutai JP-4Kokutai" + HOME, "Wake")
    in_play(match, "carrier-attack")
    script = Script(match, {"destination": [1]})
    run(match, {"do": "jp-air-moves"})
    assert [p for p, _ in script.rolled] == ["10.9 destination of Kaga's fighters"]  # the land group has a bomber
    assert [where(match, u) for u in ("Kaga/B5N-1", "Kaga/D3A-1", "Kaga/A6M-1")] == ["US-SEA", "US-SEA", "US-SEA"]
    assert [where(match, u) for u in ("JP-3Kokutai", "JP-4Kokutai")] == ["US-SEA", "US-SEA"]  # bombers in the group
    moves = [n for n in events(match, "note") if n.startswith(("Kaga", "the land"))]
    assert moves[0] == "Kaga's bombers (Kaga/B5N-1, Kaga/D3A-1): carrier-attack: roll 10, to US-SEA"


def test_10_8_the_player_flies_where_he_likes_but_search_failure(make):
    match, _ = begin_battle(make, "Wake: US-Bn-02 Lexington Kaga JP-Bn-10" + HOME, "Wake", draws=["search-failure"])
    play(match, "end")  # the bonus step: the round's draw follows
    assert match.step.name == "battle-air"
    play(match, "fly Lexington/SBD-1,Lexington/SBD-2 coastal", "fly Lexington/SBD-2 home")
    assert where(match, "Lexington/SBD-1") == "COASTAL" and where(match, "Lexington/SBD-2") == "US-DECK"
    with pytest.raises(
        RuleViolation, match=r"Search Failure: no US aircraft into the Japanese sea area .*\(FCN 10.7\)"
    ):
        play(match, "fly Lexington/TBD-1 jp-sea")
    assert "fly Lexington/TBD-1 jp-sea" not in [str(a) for a in match.legal_actions()]


def test_10_6_ground_units_land(make):
    """Step 6: the beach to the position, then the transports to the beach; Marines straight to their
    position; their transports are gone."""
    match, _ = begin_battle(make, "Wake: US-Bn-02 US-1Mar US-Americal JP-Bn-10 JP-16Div" + HOME, "Wake")
    arrange(match, US_1Mar="COASTAL", US_Americal="COASTAL", JP_16Div="JP-BEACH")
    for unit in ("US-1Mar", "US-Americal"):
        put(match, "fcn_unit", {"unit_id": unit}, transport=True)
    run(match, {"do": "landing"})
    assert [where(match, u) for u in ("US-1Mar", "US-Americal", "JP-16Div", "US-Bn-02")] == [
        "US-POSITION",
        "US-BEACH",
        "JP-POSITION",
        "US-POSITION",
    ]
    assert not match.rows_of("fcn_unit")[("US-Americal",)]["transport"]


def test_10_6_a_damaged_carrier_takes_back_none(make):
    """Case 26: a damaged carrier takes back no aircraft; its group is gone for this battle, and back
    at full size in the next (2.3)."""
    match, _ = begin_battle(make, "Wake: US-Bn-02 Lexington Kaga JP-Bn-10\nMidway: US-Bn-03 JP-Bn-11" + HOME, "Wake")
    arrange(match, Kaga__A6M_1="US-SEA")
    put(match, "unit_state", {"unit_id": "Kaga"}, status="damaged")
    put(match, "unit_state", {"unit_id": "Kaga/A6M-1"}, status="damaged")
    run(match, {"do": "returns"})
    assert [status(match, u) for u in ("Kaga/A6M-1", "Kaga/B5N-1", "Kaga/D3A-1")] == ["destroyed"] * 3
    removed = [n for n in events(match, "note") if "more aircraft than the carriers can take" in n]
    assert removed == [  # Japan: the damaged first, then the cheapest
        "Kaga/A6M-1 removed: more aircraft than the carriers can take",
        "Kaga/B5N-1, Kaga/D3A-1 removed: more aircraft than the carriers can take",
    ]
    assert where(match, "Lexington/F4F-1") == "US-DECK" and status(match, "Lexington/F4F-1") == "full"


def test_10_6_aircraft_land_on_another_carrier_with_room(make):
    """The count, not the types: Kaga damaged, Akagi lost one of its three: of the five aircraft left,
    three land on Akagi; Japan removes the damaged one first, then one of the equally cheap (the
    player's pick, jp-air-removal, 1.3)."""
    match, _ = begin_battle(make, "Wake: US-Bn-02 Lexington Kaga Akagi JP-Bn-10" + HOME, "Wake")
    put(match, "unit_state", {"unit_id": "Kaga"}, status="damaged")
    put(match, "unit_state", {"unit_id": "Akagi/D3A-1"}, status="destroyed")
    put(match, "unit_state", {"unit_id": "Kaga/D3A-1"}, status="damaged")
    run(match, {"do": "returns"})
    asked = answer(match, [("jp-air-removal", "", "Kaga/A6M-1")])
    assert asked[0]["choices"] == ["Akagi/A6M-1", "Akagi/B5N-1", "Kaga/A6M-1", "Kaga/B5N-1"]
    assert [status(match, u) for u in ("Kaga/D3A-1", "Kaga/A6M-1", "Kaga/B5N-1")] == ["destroyed", "destroyed", "full"]
    aboard = match.rows_of("fcn_unit")
    assert [aboard[(u,)]["aboard"] for u in ("Kaga/B5N-1", "Akagi/A6M-1", "Akagi/B5N-1")] == ["Akagi"] * 3


def test_10_6_the_japanese_airfield_overflows(make):
    """Case 25: 7 land aircraft (capacity 7), 1 shot down, 3 airfield hits (capacity 4): 6 on 4, 2
    removed, a damaged one first, then the cheapest of the full ones (equals: the player's pick)."""
    planes = "JP-3Kokutai JP-TainanKokutai JP-4Kokutai JP-KanoyaKokutai JP-MihoroKokutai JP-14Sentai JP-64Sentai"
    match, _ = begin_battle(make, f"Wake: US-Bn-02 JP-Bn-10 {planes}" + HOME, "Wake")
    assert state(match)["jp_airfield"] == 7
    put(match, "unit_state", {"unit_id": "JP-64Sentai"}, status="destroyed")
    put(match, "unit_state", {"unit_id": "JP-14Sentai"}, status="damaged")
    airfield = {"what": "unit", "unit": "JP-AIRFIELD", "by": "US"}
    run(match, {"do": "hits", "side": "JP", "spec": airfield, "hits": 3, "step": "test", "by": "test"})
    assert state(match)["jp_airfield"] == 4
    run(match, {"do": "returns"})
    asked = answer(match, [("jp-air-removal", "", "JP-MihoroKokutai")])
    assert len(asked[0]["choices"]) == 5 and status(match, "JP-14Sentai") == "destroyed"
    assert status(match, "JP-MihoroKokutai") == "destroyed"
    left = [u for u in planes.split() if status(match, u) != "destroyed"]
    assert len(left) == 4 and all(where(match, u) == "JP-AIRFIELD" for u in left)


def test_12_2_b29s_in_the_bombing_box_count_at_the_marianas(make):
    """12.2: at a battle in the Marianas the wings in the bombing box count against the US airfield
    and may be removed when it loses capacity (the player choosing, us-air-removal)."""
    text = "Marianas: US-Bn-02 US-18FG JP-Bn-08\nB29: US-73BW" + HOME
    match, _ = begin_battle(make, text, "Marianas", year=1944)
    assert state(match)["us_airfield"] == 2 and where(match, "US-73BW") == "B29"
    put(match, "fcn_state", {}, us_airfield=1)
    run(match, {"do": "returns"})
    asked = answer(match, [("us-air-removal", "", "US-73BW")])
    assert asked[0]["choices"] == ["US-18FG", "US-73BW"]
    assert status(match, "US-73BW") == "destroyed" and where(match, "US-18FG") == "US-AIRFIELD"
