"""10.0-10.4 a battle's set-up: the point's units onto the battle sheet (10.0, 10.1 US placement,
10.2 Japanese placement by its three cases and the submarines' rule, digest §8.5 cases 18-19), the
rounds (10.3, case 17), the Japanese battle-plan count (10.4, case 16), and the units back at the
end (10.6)."""

from __future__ import annotations

import pytest
from games.nimitz.battle import answer, begin_battle, events, run, to_combat
from games.nimitz.position import Dice, play, put, state, status, where
from phaseline import RuleViolation

SOLOMONS = (
    "Solomons: US-Bn-04 Enterprise Chicago-Northampton US-DesRon2 US-18FG US-28BG "
    "Hiryu JP-DesRon5 Aoba-Kinugasa Furutaka-Kako JP-Bn-11\nHawaii: US-Bn-01"
)


def test_10_0_the_units_go_onto_the_battle_sheet(make):
    """10.1: carriers to the US sea area, land aircraft to the airfield with a capacity marker of their
    number, the garrison to its position; 10.2 the Japanese battalion, moved this turn, on its
    transport in the coastal area; every carrier's air group of the year beside it (2.3)."""
    match = make(SOLOMONS)
    Dice(match, [1] * 20, prefix="9.1")  # the Japanese hold
    to_combat(match)
    put(match, "fcn_unit", {"unit_id": "JP-Bn-11"}, transport=True)
    play(match, "battle Solomons")
    assert match.step.name == "battle-placement"
    assert [where(match, u) for u in ("Enterprise", "Chicago-Northampton", "US-18FG", "US-28BG", "US-Bn-04")] == [
        "US-SEA",
        "US-SEA",
        "US-AIRFIELD",
        "US-AIRFIELD",
        "US-POSITION",
    ]
    assert where(match, "JP-Bn-11") == "COASTAL" and where(match, "Hiryu") == "Solomons"  # 10.2 at the end of placement
    planes = {u: where(match, u) for u in ("Enterprise/F4F-1", "Enterprise/SBD-2", "Hiryu/A6M-1", "Hiryu/B5N-1")}
    assert planes == {
        "Enterprise/F4F-1": "US-DECK",
        "Enterprise/SBD-2": "US-DECK",
        "Hiryu/A6M-1": "JP-DECK",
        "Hiryu/B5N-1": "JP-DECK",
    }
    assert match.rows_of("fcn_unit")[("Hiryu/A6M-1",)]["aboard"] == "Hiryu"
    assert (state(match)["us_airfield"], state(match)["jp_airfield"]) == (2, 0)
    assert state(match)["battle_point"] == "Solomons"


def test_10_1_us_placement(make):
    match, _ = begin_battle(make, SOLOMONS, "Solomons", orders=("place Chicago-Northampton coastal",))
    assert where(match, "Chicago-Northampton") == "COASTAL" and where(match, "US-DesRon2") == "US-SEA"  # not placed
    refused = r"'place' is an order of the Battle: US placement, not of the Battle: US bonus"
    with pytest.raises(RuleViolation, match=refused):
        play(match, "place US-DesRon2 coastal")


def test_10_1_carriers_go_in_the_us_sea_area_only(make):
    match = make(SOLOMONS)
    Dice(match, [1] * 20, prefix="9.1")
    to_combat(match)
    play(match, "battle Solomons")
    with pytest.raises(
        RuleViolation, match=r"Enterprise is a carrier: carriers go in the US sea area only \(FCN 10.1\)"
    ):
        play(match, "place Enterprise coastal")
    with pytest.raises(RuleViolation, match=r"US ships are placed in us-sea or coastal, not jp-sea \(FCN 10.1\)"):
        play(match, "place US-DesRon2 jp-sea")
    assert sorted(str(a) for a in match.legal_actions()) == [
        "end",
        "place Chicago-Northampton coastal",
        "place US-DesRon2 coastal",
    ]


@pytest.mark.parametrize(
    ("text", "answers", "expected"),
    [
        pytest.param(
            "Wake: US-Bn-01 US-SubRon1 Kaga JP-DesRon1",
            [],
            {"US-SubRon1": "JP-SEA"},
            id="10.1-submarine-with-the-japanese-ships",
        ),
        pytest.param(
            "Wake: US-Bn-01 US-SubRon1 US-SubRon2 Kaga JP-Bn-10 JP-DesRon1 Myoko-Haguro",
            [("sub-area", "US-SubRon1", "coastal"), ("sub-area", "US-SubRon2", "jp-sea")],
            {"US-SubRon1": "COASTAL", "US-SubRon2": "JP-SEA"},
            id="10.1-submarines-where-the-player-chooses",
        ),
        pytest.param(
            "Wake: US-Bn-01 US-SubRon1 JP-Bn-10",
            [],
            {"US-SubRon1": "Wake"},
            id="10.1-no-japanese-ship-no-part",
        ),
    ],
)
def test_10_1_us_submarines(make, text, answers, expected):
    match, _ = begin_battle(make, text + "\nHawaii: US-Bn-02", "Wake", answers=answers)
    assert {u: where(match, u) for u in expected} == expected


CARRIERS_AND_ESCORTS = (
    "Midway: US-Bn-03 Kaga Akagi Soryu Yamato Nagato-Mutsu Myoko-Haguro Hiei-Kirishima Sendai-Jintsu "
    "Tenryu-Tatsuta JP-DesRon1 JP-DesRon2 JP-Bn-11\nHawaii: US-Bn-01"
)


def test_10_2_carriers_and_a_landing_force(make):
    """Case 18: 3 carriers and 8 escorts with a landing force: the alternation sends the three lowest
    gunnery (2, 2, 2) to the Japanese sea area, the five others to the coastal area."""
    match, _ = begin_battle(make, CARRIERS_AND_ESCORTS, "Midway")
    sea = sorted(
        u
        for u in ("Kaga", "Akagi", "Soryu", "Tenryu-Tatsuta", "JP-DesRon1", "JP-DesRon2")
        if where(match, u) == "JP-SEA"
    )
    assert sea == ["Akagi", "JP-DesRon1", "JP-DesRon2", "Kaga", "Soryu", "Tenryu-Tatsuta"]
    coastal = ("Yamato", "Nagato-Mutsu", "Myoko-Haguro", "Hiei-Kirishima", "Sendai-Jintsu")
    assert all(where(match, u) == "COASTAL" for u in coastal)


def test_10_2_carriers_only_and_landing_force_only(make):
    match, _ = begin_battle(make, "Midway: US-Bn-03 Kaga Yamato JP-DesRon1\nHawaii: US-Bn-01", "Midway")
    assert [where(match, u) for u in ("Kaga", "Yamato", "JP-DesRon1")] == ["JP-SEA"] * 3  # no landing force
    match, _ = begin_battle(make, "Midway: US-Bn-03 Yamato JP-DesRon1 JP-Bn-11\nHawaii: US-Bn-01", "Midway")
    assert [where(match, u) for u in ("Yamato", "JP-DesRon1")] == ["COASTAL"] * 2  # no carrier


def test_10_2_the_player_orders_escorts_equal_in_gunnery(make):
    """The play example's one carrier: the lowest gunnery to the Japanese sea area; two destroyer
    squadrons of gunnery 2 are the player's to order (decision escort-tie, 1.3)."""
    text = "Midway: US-Bn-03 Hiryu Myoko-Haguro JP-DesRon1 JP-DesRon2 JP-Bn-11\nHawaii: US-Bn-01"
    match, _ = begin_battle(make, text, "Midway", answers=[("escort-tie", "gunnery 2", "JP-DesRon2")])
    assert [where(match, u) for u in ("Hiryu", "JP-DesRon2", "JP-DesRon1", "Myoko-Haguro")] == [
        "JP-SEA",
        "JP-SEA",
        "COASTAL",
        "COASTAL",
    ]


@pytest.mark.parametrize(
    ("us", "orders", "area"),
    [
        pytest.param("Lexington US-DesRon1", (), "US-SEA", id="10.2-case-19-us-carriers"),
        pytest.param("US-DesRon1", ("place US-DesRon1 coastal",), "COASTAL", id="10.2-case-19-us-coastal-ships"),
        pytest.param("US-DesRon1", (), "JP-SEA", id="10.2-case-19-neither"),
    ],
)
def test_10_2_japanese_submarines(make, us, orders, area):
    text = f"Midway: US-Bn-03 {us} JP-SubFlot1 JP-DesRon2\nHawaii: US-Bn-01"
    match, _ = begin_battle(make, text, "Midway", orders=orders)
    assert where(match, "JP-SubFlot1") == area


@pytest.mark.parametrize(
    ("roll", "rounds"),
    [pytest.param(9, 4, id="10.3-roll-9-four-rounds"), pytest.param(4, 2, id="10.3-roll-4-two-rounds")],
)
def test_10_3_the_combat_round_track(make, roll, rounds):
    match, _ = begin_battle(make, SOLOMONS, "Solomons", faces={"combat rounds": [roll]})
    assert state(match)["rounds_left"] == rounds and state(match)["battle_round"] == 0


def test_10_3_the_marker_leaves_the_track_after_the_last_round(make):
    """Case 17: 2 rounds: the marker goes 2, 1, off, and the battle ends after round 2."""
    draws = ["kamikaze", "kamikaze", "search-failure", "search-failure"]  # no effect in 1942 / no US flight
    match, _ = begin_battle(make, SOLOMONS, "Solomons", faces={"combat rounds": [4]}, draws=draws, default=10)
    play(match, "end")  # no marker bought
    answer(match, [])
    assert match.step.name == "battle-air" and state(match)["battle_round"] == 1
    play(match, "end")
    answer(match, [])
    assert state(match)["battle_round"] == 2
    play(match, "end")
    answer(match, [])
    notes = [n for n in events(match, "note") if n.startswith("round ")]
    assert notes == ["round 1 ends: 1 rounds left", "round 2 ends: 0 rounds left"]
    assert state(match)["battle_point"] is None and match.step.name != "battle-air"


def test_10_4_the_battle_plan_count(make):
    """Case 16: 3 ships, 2 infantry on transports and 1 land aircraft count 6 (carrier aircraft and
    transports do not): 2 markers a round, fixed whatever the losses."""
    text = (
        "Midway: US-Bn-03 US-DesRon1 Kaga Hiei-Kirishima JP-DesRon1 JP-2Div JP-SouthSeas JP-4Kokutai\nHawaii: US-Bn-01"
    )
    match = make(text)
    Dice(match, [1] * 20, prefix="9.1")
    to_combat(match)
    for unit in ("JP-2Div", "JP-SouthSeas"):
        put(match, "fcn_unit", {"unit_id": unit}, transport=True)
    play(match, "battle Midway", "end")
    answer(match, [])
    note = next(n for n in events(match, "note") if "Japanese units:" in n)
    assert "10.4 6 Japanese units: 2 bonus markers a round" in note
    put(match, "unit_state", {"unit_id": "Hiei-Kirishima"}, status="destroyed")
    assert state(match)["plan_count"] == 2


def test_10_6_the_units_go_back_at_the_end(make):
    """Survivors back to the point, the Japanese stacks mixed again; a destroyed Japanese battalion
    to the battalion box at full strength (at once: 2.8); carrier aircraft, destroyed or not, to
    storage; other destroyed units out of the game. One battle a point a turn: the combat phase may
    then end."""
    text = SOLOMONS + "\nWake: US-Bn-02 JP-Bn-10"  # a battle still to fight: the combat phase waits
    match, _ = begin_battle(make, text, "Solomons", faces={"combat rounds": [1]}, default=10)
    hits = {"what": "unit", "unit": "JP-Bn-11", "by": "US"}
    run(match, {"do": "hits", "side": "JP", "spec": hits, "hits": 2, "step": "test", "by": "test"})
    assert (where(match, "JP-Bn-11"), status(match, "JP-Bn-11")) == ("JP-BN", "full")
    put(match, "unit_state", {"unit_id": "Aoba-Kinugasa"}, status="destroyed")
    put(match, "unit_state", {"unit_id": "Enterprise/TBD-1"}, status="destroyed")
    put(match, "unit_state", {"unit_id": "Hiryu"}, status="damaged")
    play(match, "end", "end")
    answer(match, [])
    assert (where(match, "JP-Bn-11"), status(match, "JP-Bn-11")) == ("JP-BN", "full")
    assert (where(match, "Enterprise/TBD-1"), status(match, "Enterprise/TBD-1")) == ("STORAGE", "full")
    assert (where(match, "Aoba-Kinugasa"), status(match, "Aoba-Kinugasa")) == ("Solomons", "destroyed")
    assert (where(match, "Hiryu"), status(match, "Hiryu")) == ("Solomons", "damaged")
    assert where(match, "Enterprise") == "Solomons"
    stacks = match.rows_of("pile")
    assert ("Solomons/ship", "Hiryu") in stacks and ("Solomons/ship", "Aoba-Kinugasa") not in stacks
    assert ("Solomons/ground", "JP-Bn-11") not in stacks
    assert match.step.name == "combat"
    assert [str(a) for a in match.legal_actions()] == ["battle Wake"]  # the Solomons' battle is fought


def test_10_6_japanese_units_at_hawaii_after_round_one_lose_the_campaign(make):
    """Printed after 11.5: unless every Japanese unit at Hawaii is gone in the first round of the
    battle there, the campaign is lost at once."""
    match, _ = begin_battle(
        make, "Hawaii: US-Bn-01 JP-Bn-11\nMidway: US-Bn-02", "Hawaii", draws=["kamikaze"], default=10
    )
    play(match, "end", "end")  # the bonus step, then round 1
    assert match.finished and "Hawaii" in state(match)["outcome"]


def test_10_6_japanese_units_destroyed_in_round_one_at_hawaii(make):
    text, faces = "Hawaii: US-Bn-01 JP-Bn-11\nMidway: US-Bn-02", {"US-Bn-01 in ISLAND": [1]}
    match, _ = begin_battle(make, text, "Hawaii", faces=faces, draws=["kamikaze"], default=10)
    put(match, "unit_state", {"unit_id": "JP-Bn-11"}, status="damaged")
    play(match, "end", "end")  # the bonus step, then round 1
    assert "US ground in ISLAND: 1 hit on JP-Bn-11 (cost 0): destroyed (to the battalion box)" in events(match, "hit")
    assert any(n.startswith("the battle at Hawaii is over") for n in events(match, "note"))
    assert "Hawaii" not in (state(match)["outcome"] or "")  # the turn went on (to a dismissal of this position)
