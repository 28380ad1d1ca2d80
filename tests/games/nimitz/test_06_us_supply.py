"""6.0-6.3 the US supply phase: income, buying (RP first, then SP) and repair."""

from __future__ import annotations

import pytest
from games.nimitz.position import play, state, status, where
from phaseline import RuleViolation
from phaseline.render.account import account_lines


def test_6_0_the_supply_phase_offers_purchases_and_repairs(make):
    game = make("US-REINF: Hornet\nHawaii: US-Bn-01")
    assert game.step.name == "us-supply" and [str(a) for a in game.legal_actions()] == ["buy Hornet", "end"]


def test_6_1_the_turns_points_arrive(make):
    game = make("Hawaii: US-Bn-01")
    assert (state(game)["rp"], state(game)["sp"]) == (7, 20)  # seed play example, turn 1


def test_6_2_the_play_examples_purchase(make):
    """Hornet 5, 1st Marine Division 2, RAAF BG2 2: 9 paid with 7 RP and 2 SP; 18 SP left."""
    game = make("US-REINF: Hornet US-1Mar RAAF-BG2\nHawaii: US-Bn-01")
    play(game, "buy Hornet,US-1Mar,RAAF-BG2")
    assert (state(game)["rp"], state(game)["sp"]) == (0, 18)
    assert (where(game, "Hornet"), where(game, "US-1Mar"), where(game, "RAAF-BG2")) == (
        "WestCoast",
        "WestCoast",
        "Australia",
    )


def test_6_2_only_from_the_reinforcement_box_and_within_the_points(make):
    game = make(
        "US-REINF: Hornet Saratoga Wasp Yorktown NorthCarolina-Washington SouthDakota-Indiana\nHawaii: US-Bn-01"
    )
    with pytest.raises(RuleViolation, match=r"not in the US reinforcement box.*\(FCN 6.2\)"):
        play(game, "buy US-Bn-01")
    with pytest.raises(RuleViolation, match="cost 30; 7 RP and 20 SP are left"):
        play(game, "buy Hornet,Saratoga,Wasp,Yorktown,NorthCarolina-Washington,SouthDakota-Indiana")
    assert where(game, "Hornet") == "US-REINF"


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
    game = make(f"R42: {unit}\nHawaii: US-Bn-01\nUS-REINF: Hornet")
    with game.store.transaction():
        game.ledger.begin(game.events.last_seq)
        game.set("unit_state", {"unit_id": unit}, status="damaged")
    play(game, f"repair {unit}")
    assert status(game, unit) == "full" and state(game)["sp"] == 20 - cost


def test_6_2_a_purchase_tells_where_each_unit_arrives_and_the_points_left(make):
    """6.2: US units arrive on the West Coast, Australian ones in Australia: the account names each."""
    game = make("US-REINF: Hornet US-1Mar RAAF-BG2\nHawaii: US-Bn-01")
    before = game.events.last_seq
    play(game, "buy Hornet,US-1Mar,RAAF-BG2")
    assert account_lines(game, before) == [
        "bought Hornet, US-1Mar to WestCoast; RAAF-BG2 to Australia: 7 RP and 2 SP, 0 RP and 18 SP left (FCN 6.2)"
    ]


def test_6_3_a_repair_tells_the_units_and_the_sp(make):
    game = make("R42: Lexington\nHawaii: US-Bn-01\nUS-REINF: Hornet")
    with game.store.transaction():
        game.ledger.begin(game.events.last_seq)
        game.set("unit_state", {"unit_id": "Lexington"}, status="damaged")
    before = game.events.last_seq
    play(game, "repair Lexington")
    assert account_lines(game, before) == [
        "repaired Lexington to full strength for 2 SP, 7 RP and 18 SP left (FCN 6.3)"
    ]
