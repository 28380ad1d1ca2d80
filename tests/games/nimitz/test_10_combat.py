"""10.10-10.17 the combat steps and where hits go: hit allocation (10.10, digest §8.5 case 21), the
island restriction (case 22) and the transports (the rulings strict-island-restriction and
transport-as-target), air combat (10.11), the AA lines (10.12, case 23), bombing (10.13), torpedo
(10.14), ASW (10.15, case 24), naval bombardment (10.16) and ground combat (10.17)."""

from __future__ import annotations

import pytest
from games.nimitz.battle import Script, answer, arrange, begin_battle, events, run
from games.nimitz.position import play, put, state, status, where
from phaseline import RuleViolation

HOME = "\nHawaii: US-Bn-01"


def hits(side: str, what: str, count: int, area: str | None = None, **spec) -> dict:
    """A task: ``count`` hits on ``side``'s units, as an attack of the other side on ``what``."""
    by = "US" if side == "JP" else "JP"
    return {"do": "hits", "side": side, "spec": {"what": what, "area": area, "by": by, **spec}, "hits": count,
            "step": "test", "by": "test"}  # fmt: skip


def test_10_10_bombing_sinks_the_carrier_first(make):
    """Case 21: 3 bombing hits on a CV (cost 1) and two DDs (cost 2): the CV takes two and sinks,
    the third goes to the DD the player chooses."""
    match, _ = begin_battle(make, "Midway: US-Bn-03 Enterprise Kaga JP-DesRon1 JP-DesRon2" + HOME, "Midway")
    arrange(match, Enterprise__SBD_1="JP-SEA", Enterprise__SBD_2="JP-SEA", Enterprise__TBD_1="JP-SEA")
    Script(match, {"SBD-1 in JP-SEA": [1], "SBD-2 in JP-SEA": [1], "TBD-1 in JP-SEA": [1]})
    run(match, {"do": "bombing", "area": "JP-SEA"})
    asked = answer(match, [("jp-hit", "bombing in JP-SEA", "JP-DesRon2")])
    assert [d["choices"] for d in asked] == [["JP-DesRon1", "JP-DesRon2"]]
    assert [status(match, u) for u in ("Kaga", "JP-DesRon1", "JP-DesRon2")] == ["destroyed", "full", "damaged"]
    logged = match.rows("SELECT * FROM combat WHERE match_id = ? ORDER BY seq", [match.match_id])  # the history view
    assert [(r["unit_id"], r["die"], r["attack"]) for r in logged][-3:] == [
        ("Enterprise/SBD-1", 1, None),  # the attack is a column's name, no number to compare
        ("Enterprise/SBD-2", 1, None),
        ("Enterprise/TBD-1", 1, None),
    ]


def test_10_10_seven_hits_on_the_island(make):
    """Case 21: 7 hits on a battalion (0), an infantry (1) and an airfield (1, capacity 5): 2 destroy
    the battalion; the player puts 2 on the infantry, then the damaged infantry must take the next;
    the last 3 lower the airfield to 2."""
    match, _ = begin_battle(make, "Wake: US-Bn-02 JP-Bn-10 JP-16Div" + HOME, "Wake")
    put(match, "fcn_state", {}, jp_airfield=5)
    run(match, hits("JP", "island", 7, "ISLAND"))
    asked = answer(match, [("jp-hit", "", "JP-16Div")])
    assert [d["choices"] for d in asked] == [["JP-16Div", "JP-AIRFIELD"]]
    assert status(match, "JP-16Div") == "destroyed"
    assert (where(match, "JP-Bn-10"), status(match, "JP-Bn-10")) == ("JP-BN", "full")  # 2.8 back to its box at once
    assert state(match)["jp_airfield"] == 2


@pytest.mark.parametrize(
    ("ships", "options", "count", "hit"),
    [
        pytest.param("", (), 3, ["destroyed", "damaged", "full"], id="10.10-transport-alone-its-infantry-hit"),
        pytest.param("JP-DesRon1", (), 2, ["full", "full", "full"], id="10.10-transport-behind-a-ship"),
        pytest.param("JP-DesRon1", ("transport-as-target",), 3, ["destroyed", "damaged", "full"], id="10.10-ruling"),
    ],
)
def test_10_10_hits_on_a_transport(make, ships, options, count, hit):
    """Case 21: 3 hits on a transport carrying 3 infantry, no other Japanese ship there: A destroyed,
    B damaged (the transport itself never). By default a transport is a target only without
    another Japanese ship in the coastal area (the play example); the ruling makes it one anyway."""
    text = f"Wake: US-Bn-02 JP-2Div JP-SouthSeas JP-SNLF-Kure {ships}" + HOME
    match, _ = begin_battle(make, text, "Wake", options=options)
    arrange(match, JP_2Div="COASTAL", JP_SouthSeas="COASTAL", JP_SNLF_Kure="COASTAL")
    for unit in ("JP-2Div", "JP-SouthSeas", "JP-SNLF-Kure"):
        put(match, "fcn_unit", {"unit_id": unit}, transport=True)
    if ships:
        arrange(match, JP_DesRon1="COASTAL")
    run(match, hits("JP", "ships", count, "COASTAL"))
    answer(match, [("jp-hit", "", "JP-2Div"), ("jp-hit", "", "JP-SouthSeas")])
    assert [status(match, u) for u in ("JP-2Div", "JP-SouthSeas", "JP-SNLF-Kure")] == hit
    if ships and not options:
        assert status(match, "JP-DesRon1") == "destroyed"  # the ship first; alone, the transport would be next


def test_10_10_hits_beyond_the_targets_are_lost(make):
    """Case 21: 4 air hits against 1 Japanese aircraft on the island: destroyed, 2 hits lost; never
    the ground units or the airfield."""
    match, _ = begin_battle(make, "Wake: US-Bn-02 JP-Bn-10 JP-3Kokutai" + HOME, "Wake")
    arrange(match, JP_3Kokutai="ISLAND")
    run(match, hits("JP", "aircraft", 4, "ISLAND"))
    assert status(match, "JP-3Kokutai") == "destroyed" and status(match, "JP-Bn-10") == "full"
    assert "test: 2 hits lost, no target left" in events(match, "note")
    assert state(match)["jp_airfield"] == 1


@pytest.mark.parametrize(
    ("us", "options", "infantry"),
    [
        pytest.param("US-Bn-02", (), "full", id="10.10-case-22-us-infantry-at-sea-airfield-only"),
        pytest.param("US-Bn-02 US-18FG", (), "destroyed", id="10.10-us-land-aircraft-on-the-island-will-do"),
        pytest.param("US-Bn-02 US-18FG", ("strict-island-restriction",), "full", id="10.10-ruling-ground-units-only"),
    ],
)
def test_10_10_the_island_restriction(make, us, options, infantry):
    """Case 22: US bombers over the island while the US ground units are still on their transports
    may only lower the Japanese airfield; the play example also lets land aircraft there do."""
    match, _ = begin_battle(make, f"Wake: {us} JP-16Div JP-4Kokutai" + HOME, "Wake", options=options)
    arrange(match, US_Bn_02="COASTAL")
    put(match, "fcn_unit", {"unit_id": "US-Bn-02"}, transport=True)
    run(match, hits("JP", "island", 2, "ISLAND"))
    answer(match, [("jp-hit", "", "JP-16Div")])
    assert status(match, "JP-16Div") == infantry
    assert state(match)["jp_airfield"] == (0 if infantry == "full" else 1)


def test_10_10_the_player_places_japanese_hits_among_the_cheapest(make):
    """A Japanese hit goes to any of the cheapest eligible US units, the player choosing; a dearer
    one is refused with the rule."""
    match, _ = begin_battle(make, "Midway: US-Bn-03 Enterprise Lexington US-DesRon1 Kaga" + HOME, "Midway")
    run(match, hits("US", "ships", 1, "US-SEA"))
    decision = match.open_decision()
    assert decision["kind"] == "us-hit" and decision["choices"] == ["Enterprise", "Lexington"]
    with pytest.raises(RuleViolation, match=r"US-DesRon1 may not take this hit: the cheapest .* \(FCN 10.10\)"):
        play(match, "choose US-DesRon1")
    play(match, "choose Lexington")
    assert status(match, "Lexington") == "damaged" and status(match, "Enterprise") == "full"


def test_10_11_air_combat_is_simultaneous(make):
    """The play example's round 2: the A6M (7/2) rolls 7, the F4F (4) rolls 4; the F4F's hit on the
    A6M and the A6M's on the F4F both land, whichever is placed first."""
    match, _ = begin_battle(make, "Midway: US-Bn-03 Enterprise Hiryu" + HOME, "Midway")
    arrange(match, Enterprise__F4F_1="US-SEA", Hiryu__A6M_1="US-SEA")
    Script(match, {"A6M-1 in US-SEA": [7], "F4F-1 in US-SEA": [4]})
    run(match, {"do": "air-combat", "area": "US-SEA"})
    assert status(match, "Hiryu/A6M-1") == "damaged" and status(match, "Enterprise/F4F-1") == "damaged"
    assert events(match, "combat")[-2:] == [
        "Hiryu/A6M-1 in US-SEA: air combat 7/2, die 7: 1 hit",
        "Enterprise/F4F-1 in US-SEA: air combat 4, die 4: 1 hit",
    ]


@pytest.mark.parametrize(
    ("planes", "rolls"),
    [
        pytest.param(3, ["Hiei-Kirishima", "JP-DesRon1", "Kaga"], id="10.12-case-23-three-aircraft-three-shots"),
        pytest.param(1, ["Hiei-Kirishima", "Kaga"], id="10.12-case-23-one-aircraft-the-higher-escort"),
    ],
)
def test_10_12_aa_lines(make, planes, rolls):
    """Case 23: a CV, a BB and a DD against 3 US aircraft: the escorts fire first, at 2 different
    aircraft, then the carrier; against 1 aircraft only the BB (the higher AA), then the CV."""
    match, _ = begin_battle(make, "Midway: US-Bn-03 Enterprise Kaga Hiei-Kirishima JP-DesRon1" + HOME, "Midway")
    for plane in ("Enterprise/SBD-1", "Enterprise/SBD-2", "Enterprise/TBD-1")[:planes]:
        put(match, "unit_state", {"unit_id": plane}, space_id="JP-SEA")
    Script(match, {}, default=10)
    run(match, {"do": "aa-area", "area": "JP-SEA"})
    asked = answer(match, [], fallback=lambda d: d["choices"][-1])
    shots = [e.split(" at ")[0] for e in events(match, "combat")]
    assert shots == rolls
    escort_targets = [e.split(" at ")[1].split(" in ")[0] for e in events(match, "combat")[: len(rolls) - 1]]
    assert len(set(escort_targets)) == len(escort_targets)  # one ship of a line an aircraft
    assert all(d["kind"] == "aa-target" for d in asked)


def test_10_12_six_ships_against_three_aircraft(make):
    """Case 23: 6 escorts against 3 aircraft: 3 shots, by the 3 highest AA."""
    text = "Midway: US-Bn-03 Enterprise Yamato Nagato-Mutsu Myoko-Haguro JP-DesRon1 JP-DesRon2 Tenryu-Tatsuta" + HOME
    match, _ = begin_battle(make, text, "Midway")
    for ship in ("Yamato", "Nagato-Mutsu", "Myoko-Haguro", "JP-DesRon1", "JP-DesRon2", "Tenryu-Tatsuta"):
        put(match, "unit_state", {"unit_id": ship}, space_id="COASTAL")
    arrange(match, Enterprise__SBD_1="COASTAL", Enterprise__SBD_2="COASTAL", Enterprise__TBD_1="COASTAL")
    Script(match, {}, default=10)
    run(match, {"do": "aa-area", "area": "COASTAL"})
    answer(match, [])
    assert [e.split(" at ")[0] for e in events(match, "combat")] == ["Yamato", "Myoko-Haguro", "Nagato-Mutsu"]


def test_10_13_bombers_never_attack_submarines(make):
    match, _ = begin_battle(make, "Midway: US-Bn-03 Enterprise JP-SubFlot1 JP-DesRon2" + HOME, "Midway")
    arrange(match, JP_SubFlot1="JP-SEA", JP_DesRon2="JP-SEA", Enterprise__SBD_1="JP-SEA")
    Script(match, {"SBD-1 in JP-SEA": [1]})
    run(match, {"do": "bombing", "area": "JP-SEA"})
    assert status(match, "JP-SubFlot1") == "full" and status(match, "JP-DesRon2") == "damaged"


def test_10_14_torpedoes_hit_surface_ships_only(make):
    """A submarine's torpedo hits enemy surface ships (the carrier first), never submarines."""
    match, _ = begin_battle(make, "Midway: US-Bn-03 Enterprise US-SubRon1 JP-SubFlot1 JP-DesRon2" + HOME, "Midway")
    arrange(match, US_SubRon1="US-SEA")
    Script(match, {"JP-SubFlot1 in US-SEA": [1], "US-SubRon1 in US-SEA": [10]})
    run(match, {"do": "torpedo", "area": "US-SEA"})
    assert status(match, "Enterprise") == "damaged" and status(match, "US-SubRon1") == "full"


def test_10_15_one_attacker_a_submarine_the_highest_asw(make):
    """Case 24: 6 US ships against 1 Japanese submarine: 1 ASW roll, by the highest ASW."""
    us = "US-DesRon1 Chicago-Northampton Chester-Louisville Colorado-Maryland Houston-Marblehead Atlanta-Juneau"
    match, _ = begin_battle(make, f"Midway: US-Bn-03 {us} JP-SubFlot1 Kaga" + HOME, "Midway")
    Script(match, {}, default=10)
    run(match, {"do": "asw-area", "area": "JP-SEA"}, {"do": "asw-area", "area": "US-SEA"})
    assert where(match, "JP-SubFlot1") == "JP-SEA" and where(match, "US-DesRon1") == "US-SEA"
    put(match, "unit_state", {"unit_id": "JP-SubFlot1"}, space_id="US-SEA")
    run(match, {"do": "asw-area", "area": "US-SEA"})
    assert [e.split(":")[0] for e in events(match, "combat")] == ["US-DesRon1 at JP-SubFlot1 in US-SEA"]


def test_10_16_bombardment(make):
    """Ships in the coastal area bombard the enemy ships there, the ground units on the island (the
    island restriction) and the airfield, the cheapest first; ships in the sea areas do not."""
    text = "Wake: US-Bn-02 US-DesRon1 Chicago-Northampton JP-Bn-10 JP-DesRon2" + HOME
    match, _ = begin_battle(make, text, "Wake", orders=("place Chicago-Northampton coastal",))
    arrange(match, JP_DesRon2="COASTAL")
    Script(match, {"Chicago-Northampton in COASTAL": [1], "JP-DesRon2 in COASTAL": [10], "US-DesRon1": [1]})
    run(match, {"do": "bombardment"})
    assert status(match, "JP-Bn-10") == "damaged" and status(match, "JP-DesRon2") == "full"
    assert not [e for e in events(match, "combat") if e.startswith("US-DesRon1")]  # in the US sea area


def test_10_17_only_units_in_their_position_attack(make):
    """The play example's round 2: the Japanese battalion on its beach cannot attack; the US
    battalion in its position destroys it."""
    match, _ = begin_battle(make, "Solomons: US-Bn-04 JP-Bn-11" + HOME, "Solomons")
    arrange(match, JP_Bn_11="JP-BEACH")
    put(match, "unit_state", {"unit_id": "JP-Bn-11"}, status="damaged")
    Script(match, {"US-Bn-04 in ISLAND": [1], "JP-Bn-11": [1]})
    run(match, {"do": "ground-combat"})
    assert where(match, "JP-Bn-11") == "JP-BN" and status(match, "US-Bn-04") == "full"
    assert events(match, "combat") == ["US-Bn-04 in ISLAND: ground attack 2, die 1: 1 hit"]
