"""12.2-12.6 the special rules: B-29 strategic bombing, the 1945 invasion box, 1945's frozen Okinawa
and Iwo Jima, the 1945 early end and the linked campaign (digest §8.5 cases 35, 36)."""

from __future__ import annotations

import pytest
from games.nimitz.position import Dice, by_the_rules, play, put, state, where
from phaseline import Match, RuleViolation, Store
from phaseline.games.nimitz.rules import invasion, phases, victory
from phaseline.plugins import registry

BASES_1945 = "Hawaii: US-Bn-01 US-Bn-02 US-Bn-03 US-Bn-04 Enterprise Lexington Yorktown Saratoga\nMidway: US-Bn-05"


def test_12_2_b29s_send_japanese_units_to_the_reinforcement_box(make):
    """§8.5 case 35: 3 wings for 3 SP; the player picks a ship, an infantry and another ship; a
    battalion would go to the battalion box; the wings come back after combat."""
    match = make(
        "Marianas: US-73BW US-313BW US-314BW US-Bn-06\nWake: US-Bn-07\nMidway: US-Bn-05\nHawaii: US-Bn-01"
        "\nJapan: Yamato Musashi JP-16Div JP-Bn-01",
        year=1945,
    )
    while match.step.name != "us-movement":
        play(match, "end")
    play(match, "bomb US-73BW,US-313BW,US-314BW")
    assert (
        state(match)["sp"]
        == match.rows("SELECT sp FROM fcn_income WHERE match_id = ? AND year = 1945 AND turn = 1", [match.match_id])[0][
            "sp"
        ]
        - 3
    )
    with pytest.raises(RuleViolation, match="belongs to the start of the movement phase"):
        play(match, "move US-Bn-07 Midway", "bomb US-58BW")
    Dice(match, [2, 2, 2, 2])
    play(match, "end")
    picks = []
    while (decision := match.open_decision()) is not None:
        assert decision["kind"] == "b29-target"
        chosen = ["Yamato", "JP-Bn-01", "Musashi"][len(picks)]
        picks.append(decision["choices"])
        play(match, f"choose {chosen}")
    assert len(picks) == 3
    sent = match.rows(
        "SELECT unit_id, to_space AS box FROM event WHERE match_id = ? AND rule = '12.2' "
        "AND kind = 'note' AND from_space = 'Japan' ORDER BY seq",
        [match.match_id],
    )
    assert [(r["unit_id"], r["box"]) for r in sent] == [
        ("Yamato", "JP-REINF"),
        ("JP-Bn-01", "JP-BN"),
        ("Musashi", "JP-REINF"),
    ]
    assert where(match, "US-73BW") == "Marianas"  # back after the combat phase


@pytest.mark.parametrize(
    ("japan", "asked", "sent"),
    [
        pytest.param("Yamato Nagato-Mutsu", 1, ["Yamato", "Nagato-Mutsu"], id="12.2-the-last-pick-is-forced"),
        pytest.param("JP-16Div", 0, ["JP-16Div"], id="12.2-one-unit-in-japan-is-never-asked-for"),
    ],
)
def test_12_2_a_removal_with_one_possible_unit_is_not_asked(make, japan, asked, sent):
    """1.3 a question with one answer is never asked: the wing's target is then forced."""
    match = make(f"Marianas: US-73BW US-313BW US-Bn-06\nMidway: US-Bn-05\nJapan: {japan}", year=1944)
    while match.step.name != "us-movement":
        play(match, "end")
    play(match, "bomb US-73BW,US-313BW")
    Dice(match, [2] * 4)
    play(match, "end")
    questions = 0
    while (decision := match.open_decision()) is not None and decision["kind"] == "b29-target":
        questions += 1
        play(match, f"choose {decision['choices'][-1]}")
    assert questions == asked
    notes = "SELECT unit_id FROM event WHERE match_id = ? AND rule = '12.2' AND kind = 'note' AND from_space = 'Japan'"
    assert [r["unit_id"] for r in match.rows(notes + " ORDER BY seq", [match.match_id])] == sent


def test_12_2_no_bombing_before_1944(make):
    match = make("Marianas: US-11BG US-Bn-06\nHawaii: US-Bn-01")
    play(match, "end", "end")  # supply, recon
    with pytest.raises(RuleViolation, match=r"1944 and 1945 \(FCN 12.2\)"):
        play(match, "bomb US-11BG")


def test_12_3_seven_units_a_phase_into_the_invasion_box(make):
    """§8.5 case 36: an 8th unit in one movement phase is refused; they never come back."""
    match = make(BASES_1945, year=1945)
    play(match, "end", "end")  # supply, recon
    before = state(match)["sp"]
    play(match, "invade US-Bn-01,US-Bn-02,US-Bn-03,US-Bn-04,Enterprise,Lexington,Yorktown")
    with pytest.raises(RuleViolation, match=r"at most 7 units a phase .* 7 went already \(FCN 12.3\)"):
        play(match, "invade Saratoga")
    assert where(match, "Enterprise") == "INVASION" and state(match)["sp"] == before - 7


@pytest.mark.parametrize(
    ("cost", "objectives"),
    [pytest.param(82, 2, id="12.3-cost-82-two-objectives"), pytest.param(39, 0, id="12.3-cost-39-none")],
)
def test_12_3_the_invasion_table(make, cost, objectives):
    match = make(BASES_1945, year=1945)
    assert invasion.objectives_for(match, cost) == objectives


def test_12_3_the_invasion_adds_to_the_objectives_held(make):
    """13 held + 2 from the invasion = 15, "same as history"."""
    match = make(BASES_1945, year=1945)
    play(match, "end", "end", "invade Enterprise,Lexington")  # supply, recon, then the invasion
    put(match, "fcn_state", {}, held=13)
    assert victory.objectives_at_end(match) == 13 + invasion.bonus_objectives(match)
    assert victory.level_of(match, 1945, 15) == "Same as History"


def test_12_4_okinawa_and_iwo_jima_roll_no_order_in_1945(make):
    match = make(BASES_1945 + "\nOkinawa: Yamato JP-Bn-01 JP-Bn-02\nIwoJima: JP-DesRon1", year=1945)
    while match.step.name != "us-movement":
        play(match, "end")
    dice = Dice(match, [])
    play(match, "end")
    assert not [p for p, _ in dice.rolled if p.startswith("9.1")]
    assert where(match, "Yamato") == "Okinawa"


def test_12_5_the_1945_campaign_ends_after_jul_aug():
    info = registry().game("fleet-commander-nimitz")
    assert info.scenario("1945").last_turn == 4
    with Store.open(":memory:") as store:
        match = Match.create(store, registry(), "fleet-commander-nimitz", "1945", seed=4)
        assert match.static("fcn_turn", "turn")[4]["name"] == "Jul/Aug"


def test_12_6_the_linked_campaign_sets_each_year_up_from_its_own_sheet():
    with Store.open(":memory:") as store:
        match = Match.create(store, registry(), "fleet-commander-nimitz", "linked", seed=4)
        put(match, "fcn_state", {}, held=6, campaign_turn=6)
        by_the_rules(match, victory.end_of_turn, 6)
        by_the_rules(match, phases.begin_turn, 7)
        assert (state(match)["year"], state(match)["campaign_turn"], state(match)["turn_name"]) == (1943, 1, "Jan/Feb")
        sheet = match.rows("SELECT unit_id, place FROM fcn_setup WHERE match_id = ? AND year = 1943", [match.match_id])
        assert all(where(match, r["unit_id"]) == r["place"] for r in sheet)
        assert match.rows_of("fcn_year_result")[(1942,)]["held"] == 6
