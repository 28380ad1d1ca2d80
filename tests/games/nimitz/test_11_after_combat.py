"""11.0-11.5 after the battles: Japanese reinforcement and repair, return to port, the supply check
and dismissal (digest §8.5 cases 30-34), and 11.0's order of those phases."""

from __future__ import annotations

import pytest
from games.nimitz.position import Dice, by_the_rules, play, put, state, status, where
from phaseline.games.nimitz.rules import jp_repair, reinforcement, return_to_port, supply_check, victory
from phaseline.piles import Piles

REINF = "JP-REINF: Soryu Shoho Nagato-Mutsu JP-16Div JP-48Div JP-2Div JP-14Sentai JP-3Kokutai"


def test_11_0_the_phases_after_combat_follow_in_order(make):
    match = make(
        "Hawaii: US-Bn-01 Lexington\nMidway: US-Bn-02\nAlaska: US-Bn-03\nSamoa: US-Bn-04\nJapan: JP-DesRon1"
        "\nobjectives: Hawaii Midway Alaska Samoa"
    )
    Dice(match, [2, 1])  # Japan holds; the reinforcement roll
    play(match, "end", "end", "end")  # supply, recon, movement: the rest of the turn is the rules' and the engine's
    steps = [
        r["step"]
        for r in match.rows(
            "SELECT step FROM event WHERE match_id = ? AND kind = 'phase' AND purpose LIKE 'begin %' ORDER BY seq",
            [match.match_id],
        )
    ]
    assert steps[steps.index("combat") : steps.index("combat") + 6] == [
        "combat",
        "jp-reinforcement",
        "jp-repair",
        "us-return",
        "us-supply-check",
        "us-defeat-check",
    ]
    assert match.clock.turn == 2 and where(match, "Lexington") == "Hawaii"


@pytest.mark.parametrize(
    ("die", "supply", "damaged", "raiders", "result"),
    [
        pytest.param(7, 6, "", "US-SubRon1 US-SubRon2", 9, id="11.1-seven-plus-six-less-two-raiders"),
        pytest.param(8, 3, "Hiryu* Furutaka-Kako*", "", 9, id="11.1-eight-plus-three-less-two-damaged"),
    ],
)
def test_11_1_the_reinforcement_roll(make, die, supply, damaged, raiders, result):
    """§8.5 case 30: both give 9 -> 2 ships, 2 infantry, 1 land aircraft, to Japan."""
    match = make(
        f"{REINF}\nHawaii: US-Bn-01\nRAIDING: {raiders}\nSolomons: {damaged} US-Bn-03 JP-Bn-09*\nJapan: JP-Bn-01"
    )  # the damaged infantry JP-Bn-09 with US units is not counted
    put(match, "fcn_state", {}, jp_supply=supply)
    Dice(match, [die], prefix="11.1")
    by_the_rules(match, reinforcement.reinforce)
    arrived = [
        u
        for u in ("Soryu", "Shoho", "Nagato-Mutsu", "JP-16Div", "JP-48Div", "JP-2Div", "JP-14Sentai", "JP-3Kokutai")
        if where(match, u) == "Japan"
    ]
    assert arrived == ["Soryu", "Shoho", "JP-16Div", "JP-48Div", "JP-14Sentai"]
    assert state(match)["jp_supply"] == 0


def test_11_1_a_missing_unit_is_two_battalions(make):
    match = make("JP-REINF: Soryu Shoho JP-16Div JP-48Div\nHawaii: US-Bn-01\nJapan: JP-DesRon1")
    Dice(match, [9], prefix="11.1")  # 9 -> 2/2/1, no aircraft in the box
    by_the_rules(match, reinforcement.reinforce)
    assert [where(match, u) for u in ("JP-Bn-01", "JP-Bn-02", "JP-Bn-03")] == ["Japan", "Japan", "JP-BN"]


def test_12_1_two_more_infantry_in_1944(make):
    match = make("JP-REINF: JP-16Div JP-48Div JP-2Div JP-38Div\nHawaii: US-Bn-01\nJapan: JP-DesRon1", year=1944)
    Dice(match, [3], prefix="11.1")  # 3 -> 1 ship, 1 infantry: the ship is missing (2 battalions)
    by_the_rules(match, reinforcement.reinforce)
    assert [where(match, u) for u in ("JP-16Div", "JP-48Div", "JP-2Div", "JP-38Div")] == ["Japan"] * 3 + ["JP-REINF"]


def test_11_2_repair(make):
    """§8.5 case 31: Hiryu goes (US units at the Solomons hold back only ground units); the pinned
    infantry stays damaged; a damaged lone land aircraft stays."""
    match = make("JP-REINF: Soryu\nSolomons: Hiryu* JP-16Div* US-Bn-03\nMarshalls: JP-14Sentai*\nHawaii: US-Bn-01")
    by_the_rules(match, jp_repair.repair)
    assert (where(match, "Hiryu"), status(match, "Hiryu")) == ("JP-REINF", "full")
    assert Piles(match).items("JP-REINF/ship") == ["Soryu", "Hiryu"]  # to the bottom
    assert (where(match, "JP-16Div"), status(match, "JP-16Div")) == ("Solomons", "damaged")
    assert (where(match, "JP-14Sentai"), status(match, "JP-14Sentai")) == ("Marshalls", "damaged")


@pytest.mark.parametrize(
    ("options", "box", "ground"),
    [
        pytest.param((), "JP-REINF", ["JP-2Div", "JP-Bn-04"], id="11.2-a-battalion-to-the-bottom-of-the-ground-stack"),
        pytest.param(("repaired-battalion-to-its-box",), "JP-BN", ["JP-2Div"], id="11.2-ruling-to-the-battalion-box"),
    ],
)
def test_11_2_a_repaired_battalion(make, options, box, ground):
    """11.2 「増援保管ボックスの同じタイプのスペースに置きます この時 スタックの一番下に置きます」: no
    exception for battalions (12.2 makes one); the ruling reads 2.8's battalion box into it."""
    match = make("JP-REINF: JP-2Div\nMarshalls: JP-Bn-04* JP-6B\nHawaii: US-Bn-01", options=options)
    by_the_rules(match, jp_repair.repair)
    assert (where(match, "JP-Bn-04"), status(match, "JP-Bn-04")) == (box, "full")
    assert Piles(match).items("JP-REINF/ground") == ground


@pytest.mark.parametrize(
    ("year", "path"),
    [
        pytest.param(1942, ["R42", "Hawaii"], id="11.3-1942-one-turn-in-port"),
        pytest.param(1943, ["R43", "R42", "Hawaii"], id="11.3-1943-two-turns"),
        pytest.param(1944, ["R44", "R43", "R42", "Hawaii"], id="11.3-1944-three-turns"),
    ],
)
def test_11_3_return_to_port(make, year, path):
    match = make("Midway: Lexington US-Bn-02\nHawaii: US-Bn-01 Enterprise\nRAIDING: US-SubRon1", year=year)
    seen = []
    for _ in path:
        by_the_rules(match, return_to_port.return_to_port)
        seen.append(where(match, "Lexington"))
    assert seen == path and where(match, "Enterprise") == "Hawaii" and where(match, "US-SubRon1") == "Hawaii"


def test_11_3_a_ship_with_enemy_units_at_hawaii_returns_too(make):
    match = make("Hawaii: US-Bn-01 Enterprise JP-DesRon1")
    by_the_rules(match, return_to_port.return_to_port)
    assert where(match, "Enterprise") == "R42"


def test_11_4_the_marianas_cut_off_behind_wake(make):
    """§8.5 case 33: Hawaii and Midway held, Wake contested: Wake's units are in supply, the
    Marianas' 3 infantry and aircraft each take a hit."""
    match = make(
        "Hawaii: US-Bn-01\nMidway: US-Bn-02\nWake: US-Bn-03 JP-Bn-01\nMarianas: US-Bn-04 US-Bn-05* US-1Mar US-11BG"
    )
    by_the_rules(match, supply_check.check)
    assert [status(match, u) for u in ("US-Bn-04", "US-1Mar", "US-11BG")] == ["damaged"] * 3
    assert status(match, "US-Bn-05") == "destroyed" and status(match, "US-Bn-03") == "full"


@pytest.mark.parametrize(
    ("held", "lost"),
    [pytest.param(3, True, id="11.5-three-held-dismissed"), pytest.param(4, False, id="11.5-four-held-go-on")],
)
def test_11_5_dismissal(make, held, lost):
    match = make("Hawaii: US-Bn-01")
    put(match, "fcn_state", {}, held=held)
    by_the_rules(match, victory.defeat_check)
    assert match.finished is lost


def test_11_5_japanese_units_at_hawaii_after_round_one_lose_at_once(make):
    match = make("Hawaii: US-Bn-01 JP-Bn-01")
    by_the_rules(match, victory.hawaii_defeat)
    assert match.finished and "Hawaii" in state(match)["outcome"]
