"""8.0-8.4 US movement: 1 SP a unit, once a turn, closed points, Australian flags, pinned ground
units, land aircraft where US units stood and within capacity, transports, commerce raiding
(digest §8.5 cases 6, 8, 9, 10)."""

from __future__ import annotations

import pytest
from games.nimitz.position import play, put, state, where
from phaseline import RuleViolation
from phaseline.render.account import account_lines

BASES = "Hawaii: Lexington Chester-Louisville US-DesRon1 US-Bn-01 US-Bn-02 US-11BG US-18FG US-28BG US-SubRon1"


def at_movement(make, text: str):
    match = make(text)
    while match.step.name != "us-movement":  # no recon wanted
        play(match, "end")
    return match


def test_8_1_five_units_cost_five_sp(make):
    match = at_movement(make, BASES + "\nSolomons: US-Bn-03")
    play(match, "move Lexington,Chester-Louisville,US-DesRon1,US-Bn-01,US-Bn-02 Solomons")
    assert state(match)["sp"] == 15 and where(match, "US-Bn-01") == "Solomons"
    with pytest.raises(RuleViolation, match=r"Lexington has moved this turn \(FCN 8.1\)"):
        play(match, "move Lexington Hawaii")


@pytest.mark.parametrize(
    ("extra", "order", "refusal"),
    [
        pytest.param("", "move Lexington Japan", "US units may not enter Japan", id="8.2-japan-closed"),
        pytest.param("", "move Lexington EastAsia", "US units may not enter EastAsia", id="8.2-east-asia-closed"),
        pytest.param(
            "\nAustralia: Australia-Canberra",
            "move Australia-Canberra Midway",
            "Australian: Midway has no Australian flag",
            id="8.2-australian-to-midway",
        ),
        pytest.param(
            "\nIwoJima: JP-14Sentai", "move US-11BG IwoJima", "IwoJima had none", id="8.2-aircraft-need-a-us-base"
        ),
        pytest.param(
            "\nSolomons: US-Bn-03 US-Bn-04 US-19BG US-22BG US-49FG US-35FG US-8FG US-MAG21",
            "move US-11BG Solomons",
            "Solomons takes 6 US land aircraft; 6 are there",
            id="8.2-solomons-capacity-6",
        ),
        pytest.param(
            "\nSolomons: US-Bn-03 JP-DesRon5",
            "move US-Bn-03 Hawaii",
            "may not leave Solomons: Japanese",
            id="8.2-pinned-ground-unit",
        ),
    ],
)
def test_8_2_refused_moves(make, extra, order, refusal):
    match = at_movement(make, BASES + extra)
    with pytest.raises(RuleViolation, match=refusal):
        play(match, order)
    assert state(match)["sp"] == 20


@pytest.mark.parametrize(
    ("extra", "order"),
    [
        pytest.param("\nMidway: US-Bn-03", "move US-11BG Midway", id="8.2-midway-had-a-us-ground-unit"),
        pytest.param("\nWake: US-Bn-03 JP-Bn-01", "move US-11BG Wake", id="8.2-wake-both-sides-ground"),
        pytest.param(
            "\nAustralia: Australia-Canberra", "move Australia-Canberra NewGuinea", id="8.2-australian-to-new-guinea"
        ),
        pytest.param(
            "\nSolomons: US-Bn-03 JP-DesRon5 Enterprise US-19BG",
            "move Enterprise,US-19BG Hawaii",
            id="8.2-ships-and-aircraft-leave-a-japanese-point",
        ),
        pytest.param("\nWestCoast: US-Bn-05", "move US-11BG,US-18FG,US-28BG WestCoast", id="8.2-west-coast-unlimited"),
    ],
)
def test_8_2_allowed_moves(make, extra, order):
    match = at_movement(make, BASES + extra)
    play(match, order)


def test_8_0_the_player_may_move_or_not(make):
    match = at_movement(make, BASES)
    assert "move Lexington Midway" in [str(a) for a in match.legal_actions()]  # any distance (8.1)
    play(match, "end")
    assert match.step.name != "us-movement"


def test_8_3_ground_units_go_by_transport(make):
    match = at_movement(make, BASES + "\nMidway: US-Bn-03")
    play(match, "move US-Bn-01,Lexington Midway")
    marks = match.rows_of("fcn_unit")
    assert marks[("US-Bn-01",)]["transport"] and not marks[("Lexington",)]["transport"]


def test_8_4_a_submarine_goes_raiding_for_1_sp(make):
    match = at_movement(make, BASES)
    play(match, "raid US-SubRon1")
    assert where(match, "US-SubRon1") == "RAIDING" and state(match)["sp"] == 19
    with pytest.raises(RuleViolation, match=r"US-DesRon1 is not a submarine on the map \(FCN 8.4\)"):
        play(match, "raid US-DesRon1")


@pytest.mark.parametrize(
    ("unit", "box", "rule", "refusal"),
    [
        pytest.param("Chicago-Northampton", "R42", "11.3", "return-to-port box R42", id="11.3-a-ship-in-port-waits"),
        pytest.param("US-1Mar", "INVASION", "12.3", "never comes back", id="12.3-the-invasion-box-keeps-its-units"),
        pytest.param("US-SubRon2", "RAIDING", "8.4", "commerce raiding", id="8.4-a-raider-stays-in-its-box"),
        pytest.param("Hornet", "US-REINF", "6.2", "must be bought first", id="6.2-a-reinforcement-is-bought-first"),
    ],
)
def test_units_in_a_box_beside_the_map_do_not_move(make, unit, box, rule, refusal):
    match = at_movement(make, f"{BASES}\n{box}: {unit}")
    with pytest.raises(RuleViolation, match=refusal) as refused:
        play(match, f"move {unit} Midway")
    assert refused.value.rule == rule and where(match, unit) == box


def test_6_1_reinforcement_points_do_not_pay_for_a_move(make):
    match = at_movement(make, BASES)
    put(match, "fcn_state", {}, rp=7, sp=0)
    with pytest.raises(RuleViolation, match=r"0 SP are left, and the 7 RP buy only units \(FCN 6.1\)") as refused:
        play(match, "move Lexington Midway")
    assert refused.value.rule == "8.1" and where(match, "Lexington") == "Hawaii"


def test_8_1_a_move_tells_each_unit_from_where_to_where_and_the_sp(make):
    """8.1: the account of ``move`` names the units, their points of departure and arrival, the SP
    spent and left."""
    match = at_movement(make, BASES + "\nAustralia: US-SubRon2\nSolomons: US-Bn-03")
    before = match.events.last_seq
    play(match, "move Lexington,US-SubRon2,Chester-Louisville Solomons")
    assert account_lines(match, before)[0] == (
        "moved Lexington, Chester-Louisville Hawaii→Solomons; US-SubRon2 Australia→Solomons: 3 SP, 17 SP left (FCN 8.1)"
    )


def test_8_4_a_raid_tells_the_submarines_and_the_sp(make):
    match = at_movement(make, BASES)
    before = match.events.last_seq
    play(match, "raid US-SubRon1")
    assert account_lines(match, before)[0] == "US-SubRon1 Hawaii→RAIDING: 1 SP, 19 SP left (FCN 8.4)"
