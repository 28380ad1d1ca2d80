"""10.5 the US bonus markers (bought with BPP, digest §8.5 case 5; each played when its moment
comes) and 10.7 the Japanese ones (drawn from the cup each round; Battle Duration case 28, First
Strike case 29), each marker's effect. The raises of Air Superiority, Surface Action, Infantry
Combat, Attack Plan and Submarine Warfare are test_10_values.py's; Carrier Attack's and Search
Failure's on the aircraft test_10_aircraft.py's; Dogfight, VT Fuze, the Air Defense System and
Seabees also play in the play example (test_10_play_example.py)."""

from __future__ import annotations

import pytest
from games.nimitz.battle import Script, answer, arrange, begin_battle, events, in_play, run
from games.nimitz.position import by_the_rules, play, put, state, status, where
from phaseline import RuleViolation
from phaseline.piles import Piles

HOME = "\nHawaii: US-Bn-01"
WAKE = "Wake: US-Bn-02 US-DesRon1 Chicago-Northampton Lexington JP-Bn-10 JP-DesRon2 Kaga" + HOME


def hits_on(side: str, what: str, count: int, area: str | None = None, step: str = "test", **spec) -> dict:
    by = "US" if side == "JP" else "JP"
    return {"do": "hits", "side": side, "spec": {"what": what, "area": area, "by": by, **spec}, "hits": count,
            "step": step, "by": "test"}  # fmt: skip


# --- 10.5 buying ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("markers", "options", "sp"),
    [
        pytest.param("dogfight,seabees", (), 0, id="10.5-case-5-three-bpp-free"),
        pytest.param("dogfight,vt-fuze,air-defense-system,seabees", ("air-defense-cost-1",), 1, id="10.5-example-six"),
        pytest.param("dogfight,vt-fuze,air-defense-system,seabees", (), 2, id="10.5-air-defense-costs-2-by-the-text"),
    ],
)
def test_10_5_bonus_markers_cost_bpp(make, markers, options, sp):
    """3 BPP free a battle, each further 3 for 1 SP, taken as needed (the play example: Dogfight 1,
    VT Fuze 2, Air Defense System 1, Seabees 2 = 6 BPP, 1 SP; the rule text's Air Defense System 2)."""
    match, _ = begin_battle(make, WAKE, "Wake", options=options)
    before = state(match)["sp"]
    play(match, f"bonus {markers}")
    assert before - state(match)["sp"] == sp
    assert Piles(match).items("US-BONUS") == markers.split(",")


def test_10_5_a_marker_once_a_battle(make):
    match, _ = begin_battle(make, WAKE, "Wake")
    play(match, "bonus dogfight")
    with pytest.raises(RuleViolation, match=r"dogfight is bought once a battle \(FCN 10.5\)"):
        play(match, "bonus dogfight")
    put(match, "fcn_state", {}, sp=0)
    with pytest.raises(RuleViolation, match=r"costs 1 SP; 0 SP are left.*\(FCN 10.5\)"):
        play(match, "bonus first-strike")  # 3 BPP, 2 left of the free ones


# --- 10.5 the US markers ----------------------------------------------------------------------


def test_10_5_vt_fuze_and_the_air_defense_system(make):
    """The Air Defense System: one more AA shot with the best US ship's AA there; its hit brings VT
    Fuze's extra hit on any Japanese aircraft in the area (the play example's D3A)."""
    match, _ = begin_battle(make, WAKE, "Wake")
    in_play(match, "air-defense-system", "vt-fuze")
    arrange(match, Kaga__D3A_1="US-SEA", Kaga__B5N_1="US-SEA")
    Script(match, {"Lexington at": [10, 3]}, default=10)
    run(match, {"do": "aa-area", "area": "US-SEA"})
    answer(
        match,
        [
            ("aa-target", "Lexington", "Kaga/B5N-1"),
            ("bonus-use", "air-defense-system", "play"),
            ("aa-target", "Lexington", "Kaga/D3A-1"),
            ("bonus-use", "vt-fuze", "play"),
            ("jp-hit", "vt-fuze", "Kaga/D3A-1"),
        ],
    )
    assert status(match, "Kaga/D3A-1") == "destroyed" and Piles(match).items("US-BONUS") == []


def test_10_5_barrel_roll_and_damage_control_cancel_a_hit(make):
    match, _ = begin_battle(make, WAKE, "Wake")
    in_play(match, "barrel-roll", "damage-control")
    arrange(match, Lexington__F4F_1="US-SEA")
    run(match, hits_on("US", "aircraft", 1, "US-SEA", step="air"))
    asked = answer(match, [("bonus-use", "barrel-roll", "keep"), ("bonus-use", "damage-control", "play")])
    assert [d["context"]["marker"] for d in asked] == ["barrel-roll", "damage-control"]
    assert status(match, "Lexington/F4F-1") == "full" and Piles(match).items("US-BONUS") == ["barrel-roll"]
    run(match, hits_on("US", "ships", 1, "US-SEA", step="bombing"))  # Barrel Roll: air combat and AA only
    assert match.open_decision() is None and status(match, "Lexington") == "damaged"


def test_10_5_seabees_and_leathernecks(make):
    """Seabees cancels a hit on the US airfield; Leathernecks one on a US ground unit or the airfield,
    with a Marine division on the island only."""
    match, _ = begin_battle(make, "Wake: US-Bn-02 US-1Mar US-18FG JP-Bn-10 JP-16Div" + HOME, "Wake")
    in_play(match, "seabees", "leathernecks")
    run(match, hits_on("US", "unit", 1, unit="US-AIRFIELD"))
    asked = answer(match, [("bonus-use", "seabees", "keep"), ("bonus-use", "leathernecks", "play")])
    assert [d["context"]["marker"] for d in asked] == ["seabees", "leathernecks"]
    assert state(match)["us_airfield"] == 1
    arrange(match, US_1Mar="COASTAL")  # no Marines on the island: no Leathernecks (none left anyway)
    run(match, hits_on("US", "unit", 1, unit="US-Bn-02"))
    assert match.open_decision() is None and status(match, "US-Bn-02") == "damaged"


def test_10_5_dive_bombing_and_radar_gunnery_add_a_hit(make):
    match, _ = begin_battle(make, WAKE, "Wake", orders=("place Chicago-Northampton coastal",))
    in_play(match, "dive-bombing", "radar-gunnery")
    arrange(match, Lexington__SBD_1="JP-SEA", JP_DesRon2="COASTAL")
    Script(match, {"SBD-1 in JP-SEA": [1], "Chicago-Northampton in COASTAL": [1], "JP-DesRon2 in COASTAL": [10]})
    run(match, {"do": "bombing", "area": "JP-SEA"})
    answer(match, [("bonus-use", "dive-bombing", "play")])
    assert status(match, "Kaga") == "destroyed"  # the carrier first: its second hit from Dive Bombing
    run(match, {"do": "bombardment"})
    answer(match, [("bonus-use", "radar-gunnery", "play")])
    assert where(match, "JP-Bn-10") == "JP-BN"  # 1 hit, and 1 more on the unit hit: destroyed, to its box


def test_10_5_siege_and_sonar_roll_again(make):
    text = "Wake: US-Bn-02 US-SubRon1 JP-Bn-10 JP-SubFlot1 JP-DesRon2" + HOME
    match, _ = begin_battle(make, text, "Wake")
    in_play(match, "siege", "sonar")
    arrange(match, US_SubRon1="JP-SEA", JP_SubFlot1="JP-SEA", JP_DesRon2="JP-SEA")
    Script(match, {"US-Bn-02 in ISLAND": [9, 1], "JP-Bn-10 in ISLAND": [10], "US-SubRon1 in JP-SEA": [9, 2]})
    run(match, {"do": "ground-combat"})
    answer(match, [("bonus-use", "siege", "play")])
    assert status(match, "JP-Bn-10") == "damaged"
    assert events(match, "combat")[-2:] == [
        "US-Bn-02 in ISLAND: ground attack 2, die 9: 0 hits",
        "US-Bn-02 in ISLAND, again (siege): ground attack 2, die 1: 1 hit",
    ]
    run(match, {"do": "torpedo", "area": "JP-SEA"})
    answer(match, [("bonus-use", "sonar", "play")])
    assert status(match, "JP-DesRon2") == "damaged" and status(match, "JP-SubFlot1") == "full"


def test_10_5_artillery_support_and_assault(make):
    """With US infantry on the island, Artillery Support is 1 hit; Assault one more ground attack
    with a US ground unit's value (the best)."""
    text = "Wake: US-Bn-02 US-Americal JP-Bn-10 JP-16Div" + HOME
    match, _ = begin_battle(make, text, "Wake")
    in_play(match, "artillery-support", "assault")
    Script(match, {"US-Americal in ISLAND": [1, 1], "US-Bn-02 in ISLAND": [10], "JP-": [10, 10]})
    run(match, {"do": "ground-combat"})
    answer(match, [("bonus-use", "artillery-support", "play"), ("bonus-use", "assault", "play")])
    attacks = [e for e in events(match, "combat") if e.startswith("US-")]
    assert len(attacks) == 3  # US-Americal, US-Bn-02, and the Assault's (US-Americal's value)
    assert where(match, "JP-Bn-10") == "JP-BN" and status(match, "JP-16Div") == "damaged"  # 3 hits, cheapest first


def test_10_5_asw_before_torpedo(make):
    """Played, the round's ASW comes before the torpedoes: the Japanese submarine sunk first does not fire."""
    text = "Wake: US-Bn-02 US-DesRon1 Lexington JP-Bn-10 JP-SubFlot1 Kaga" + HOME
    match, _ = begin_battle(make, text, "Wake")
    in_play(match, "asw")
    Script(match, {"US-DesRon1 at JP-SubFlot1": [1], "JP-SubFlot1 in US-SEA": [1]})
    put(match, "unit_state", {"unit_id": "JP-SubFlot1"}, status="damaged")
    run(match, {"do": "submarine-steps"})
    answer(match, [("bonus-use", "asw", "play")])
    assert status(match, "JP-SubFlot1") == "destroyed" and status(match, "Lexington") == "full"


def test_10_5_engagement_at_the_end_of_a_round(make):
    match, _ = begin_battle(make, WAKE, "Wake")
    in_play(match, "engagement")
    run(match, {"do": "round-end"})
    answer(match, [("engagement", "", "longer")])
    assert state(match)["rounds_left"] == 4  # 4, one more, then the marker down one box


@pytest.mark.parametrize(
    ("die", "jp_draws", "struck", "kept"),
    [
        pytest.param(6, False, False, True, id="10.5-case-29-roll-6-kept"),
        pytest.param(7, False, True, False, id="10.5-case-29-roll-7-strike"),
        pytest.param(None, True, False, False, id="10.5-case-29-both-removed"),
    ],
)
def test_10_5_first_strike(make, die, jp_draws, struck, kept):
    draws = ["jp-first-strike", "kamikaze"] if jp_draws else ["kamikaze", "kamikaze"]
    match, _ = begin_battle(make, WAKE, "Wake", draws=draws, faces={"First Strike": [die] if die else []}, default=10)
    play(match, "bonus first-strike", "end")
    if die:
        play(match, "strike Lexington jp-sea")
        answer(match, [])
    assert (
        where(match, "Lexington/SBD-1") == "US-DECK",
        match.rows_of("fcn_unit")[("Lexington/SBD-1",)]["struck"],
    ) == (
        True,
        struck,
    )
    assert ("first-strike" in Piles(match).items("US-BONUS")) is kept
    if struck:
        assert any(e.startswith("Lexington/SBD-1 in JP-SEA: anti-ship") for e in events(match, "combat"))
        with pytest.raises(RuleViolation, match=r"Lexington/SBD-1 flew the First Strike this round \(FCN 10.5\)"):
            play(match, "fly Lexington/SBD-1 coastal")
    if jp_draws:
        assert "both sides' First Strike markers are removed unused" in events(match, "note")


# --- 10.7 the Japanese markers ------------------------------------------------------------------


def test_10_7_the_japanese_first_strike(make):
    """The carrier with the most aircraft strikes as on a 10 (the US sea area); a US carrier it
    damages loses its aircraft before launching them."""
    text, draws = "Wake: US-Bn-02 Lexington JP-Bn-10 Kaga Shoho" + HOME, ["jp-first-strike", "kamikaze"]
    match, _ = begin_battle(make, text, "Wake", draws=draws, faces={"10.13 Kaga/B5N-1": [1]}, default=10)
    play(match, "end")
    answer(match, [])
    assert status(match, "Lexington") == "damaged"
    assert all(status(match, p) == "destroyed" for p in ("Lexington/F4F-1", "Lexington/SBD-1", "Lexington/TBD-1"))
    assert match.rows_of("fcn_unit")[("Kaga/B5N-1",)]["struck"] and where(match, "Kaga/B5N-1") == "JP-DECK"


@pytest.mark.parametrize(
    ("units", "note", "left"),
    [
        pytest.param(
            "Lexington JP-Bn-10 JP-16Div Kaga Shoho",
            "Japan 9 units on the sheet, the US 6: one round more",
            4,
            id="10.7-japan-more",
        ),
        pytest.param(
            "US-Bn-03 JP-Bn-10 JP-16Div", "Japan 2 units on the sheet, the US 2: no change", 3, id="10.7-case-28-equal"
        ),
        pytest.param(
            "Lexington JP-Bn-10", "Japan 1 units on the sheet, the US 6: one round fewer", 2, id="10.7-the-us-more"
        ),
    ],
)
def test_10_7_battle_duration(make, units, note, left):
    """Case 28: at the round's end Japan with more units on the sheet (carrier aircraft and infantry
    on transports count: Kaga's 3, Shoho's 2) makes it one round longer, the US with more one round
    shorter; equal counts change nothing."""
    match, _ = begin_battle(make, f"Wake: US-Bn-02 {units}" + HOME, "Wake")
    in_play(match, "battle-duration")
    run(match, {"do": "round-end"})
    assert f"Battle Duration: {note}" in events(match, "note")
    assert state(match)["rounds_left"] == left  # 4, changed, then the marker down one box


def test_10_7_emergency_repair_and_escort_fleet(make):
    """Emergency Repair cancels the round's first hit on Japan; Escort Fleet the first on a carrier,
    and it stays in play from round to round until it has."""
    match, _ = begin_battle(make, WAKE, "Wake")
    in_play(match, "emergency-repair", "escort-fleet")
    run(match, hits_on("JP", "ships", 3, "JP-SEA"))
    assert [status(match, u) for u in ("Kaga", "JP-DesRon2")] == ["damaged", "full"]
    assert Piles(match).items("JP-DRAWN") == []
    in_play(match, "escort-fleet")
    run(match, {"do": "round-end"})
    assert [i.split("/")[0] for i in Piles(match).items("JP-DRAWN")] == ["escort-fleet"]


def test_10_7_the_japanese_artillery_support_and_battalion_draw(make):
    """Battalion Draw: a battalion of the box into the Japanese position at once; the Japanese
    Artillery Support, with Japanese ground units on the island: 1 hit on US infantry or the US
    airfield in the ground-combat step (the cheapest first)."""
    text = "Wake: US-Bn-02 US-18FG JP-16Div" + HOME
    draws = ["battalion-draw", "jp-artillery-support"]
    match, _ = begin_battle(make, text, "Wake", draws=draws, default=10)  # one marker a round
    play(match, "end")
    assert where(match, "JP-Bn-01") == "JP-POSITION"  # the lowest-numbered battalion of the box
    play(match, "end", "end")  # round 1 (every attack misses), then round 2 with the artillery
    assert "jp-artillery-support: 1 hit on US infantry or the US airfield" in events(match, "note")
    assert status(match, "US-Bn-02") == "damaged" and state(match)["us_airfield"] == 1


def test_10_7_kamikaze_has_no_effect_in_1942(make):
    match, _ = begin_battle(make, WAKE, "Wake", draws=["kamikaze"], default=10)
    play(match, "end")
    assert "Japan draws kamikaze/1 (kamikaze/1: no effect in 1942)" in events(match, "note")


def test_10_7_kamikaze(make):
    """1944: the bombers' destination as on a 10; each anti-ship attack 1 hit more (with Air
    Superiority anti-ship 4 is 7/2: 8-10 one hit, 3-7 two, 1-2 three), and the attackers are lost."""
    text = "Wake: US-Bn-02 Essex Yorktown-II US-DesRon1 JP-Bn-10 JP-4Kokutai" + HOME
    match, _ = begin_battle(make, text, "Wake", year=1944)
    in_play(match, "kamikaze", "air-superiority")
    arrange(match, JP_4Kokutai="US-SEA")
    Script(match, {"JP-4Kokutai in US-SEA": [5]})
    run(match, {"do": "bombing", "area": "US-SEA"})
    answer(match, [("us-hit", "", "Essex")])
    assert status(match, "Essex") == "destroyed" and status(match, "JP-4Kokutai") == "destroyed"
    assert events(match, "combat")[-1] == (
        "JP-4Kokutai in US-SEA: anti-ship 4 (+3/+2 air-superiority) → 7/2, die 5: 2 hits"
    )


def test_10_7_search_failure_silences_us_submarines(make):
    text = "Wake: US-Bn-02 US-SubRon1 JP-Bn-10 JP-DesRon2 Kaga" + HOME
    match, _ = begin_battle(make, text, "Wake")
    in_play(match, "search-failure")
    run(match, {"do": "torpedo", "area": "JP-SEA"})
    assert not events(match, "combat")


def test_10_7_the_cup_is_filled_again_and_kept(make):
    """Each round draws as many markers as the plan count; an empty cup takes back the used ones
    first; the cup's state goes on from battle to battle."""
    match, _ = begin_battle(make, WAKE, "Wake", default=10)
    own = Piles(match)
    cup = own.items("JP-CUP")

    def empty_cup(match) -> None:
        for item in cup:
            Piles(match).take(item)
            Piles(match).put("JP-USED", [item])

    by_the_rules(match, empty_cup)
    play(match, "end")
    assert f"the cup is empty: {len(cup)} used markers go back in" in events(match, "note")
    assert len(own.items("JP-DRAWN")) == state(match)["plan_count"]
