"""6.0-6.3 the US supply phase: income, buying (RP first, then SP) and repair."""

from __future__ import annotations

import pytest
from games.nimitz.position import play, state, status, where
from phaseline import RuleViolation
from phaseline.render.account import account_lines


def test_6_0_the_supply_phase_offers_purchases_and_repairs(make):
    match = make("US-REINF: Hornet\nHawaii: US-Bn-01")
    assert match.step.name == "us-supply" and [str(a) for a in match.legal_actions()] == ["buy Hornet", "end"]


def test_6_1_the_turns_points_arrive(make):
    match = make("Hawaii: US-Bn-01")
    assert (state(match)["rp"], state(match)["sp"]) == (7, 20)  # seed play example, turn 1


def test_6_2_the_play_examples_purchase(make):
    """Hornet 5, 1st Marine Division 2, RAAF BG2 2: 9 paid with 7 RP and 2 SP; 18 SP left."""
    match = make("US-REINF: Hornet US-1Mar RAAF-BG2\nHawaii: US-Bn-01")
    play(match, "buy Hornet,US-1Mar,RAAF-BG2")
    assert (state(match)["rp"], state(match)["sp"]) == (0, 18)
    assert (where(match, "Hornet"), where(match, "US-1Mar"), where(match, "RAAF-BG2")) == (
        "WestCoast",
        "WestCoast",
        "Australia",
    )


def test_6_2_only_from_the_reinforcement_box_and_within_the_points(make):
    match = make(
        "US-REINF: Hornet Saratoga Wasp Yorktown NorthCarolina-Washington SouthDakota-Indiana\nHawaii: US-Bn-01"
    )
    with pytest.raises(RuleViolation, match=r"not in the US reinforcement box.*\(FCN 6.2\)"):
        play(match, "buy US-Bn-01")
    with pytest.raises(RuleViolation, match="cost 30; 7 RP and 20 SP are left"):
        play(match, "buy Hornet,Saratoga,Wasp,Yorktown,NorthCarolina-Washington,SouthDakota-Indiana")
    assert where(match, "Hornet") == "US-REINF"


@pytest.mark.parametrize(
    ("unit", "cost"),
    [
        pytest.param("Lexington", 2, id="6.3-cost-5-pays-2"),
        pytest.param("Chester-Louisville", 1, id="6.3-cost-3-pays-1"),
        pytest.param("US-DesRon1", 1, id="6.3-cost-2-pays-1"),
        pytest.param("US-28BG", 1, id="6.3-cost-1-pays-the-minimum-1"),
    ],
)
def test_6_3_repair_at_half_cost(make, unit, cost):
    match = make(f"R42: {unit}\nHawaii: US-Bn-01\nUS-REINF: Hornet")
    with match.store.transaction():
        match.ledger.begin(match.events.last_seq)
        match.set("unit_state", {"unit_id": unit}, status="damaged")
    play(match, f"repair {unit}")
    assert status(match, unit) == "full" and state(match)["sp"] == 20 - cost


def test_6_2_a_purchase_tells_where_each_unit_arrives_and_the_points_left(make):
    """6.2: US units arrive on the West Coast, Australian ones in Australia: the account names each."""
    match = make("US-REINF: Hornet US-1Mar RAAF-BG2\nHawaii: US-Bn-01")
    before = match.events.last_seq
    play(match, "buy Hornet,US-1Mar,RAAF-BG2")
    assert account_lines(match, before) == [
        "bought Hornet, US-1Mar to WestCoast; RAAF-BG2 to Australia: 7 RP and 2 SP, 0 RP and 18 SP left (FCN 6.2)"
    ]


def test_6_3_a_repair_tells_the_units_and_the_sp(make):
    match = make("R42: Lexington\nHawaii: US-Bn-01\nUS-REINF: Hornet")
    with match.store.transaction():
        match.ledger.begin(match.events.last_seq)
        match.set("unit_state", {"unit_id": "Lexington"}, status="damaged")
    before = match.events.last_seq
    play(match, "repair Lexington")
    assert account_lines(match, before) == [
        "repaired Lexington to full strength for 2 SP, 7 RP and 18 SP left (FCN 6.3)"
    ]
