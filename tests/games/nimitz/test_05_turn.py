"""5.0-5.1 the turn's strict order, 10.0 the combat phase's battles, 4.0 victory at the campaign's end."""

from __future__ import annotations

import pytest
from games.nimitz.position import by_the_rules, play, put
from phaseline import RuleViolation
from phaseline.games.nimitz import sequence
from phaseline.games.nimitz.rules import victory

CONTRACT = [
    "us-supply",
    "us-recon",
    "jp-recon",
    "us-movement",
    "jp-movement",
    "combat",
    "jp-reinforcement",
    "jp-repair",
    "us-return",
    "us-supply-check",
    "us-defeat-check",
]  # docs/nimitz.md


def test_5_1_the_eleven_phases_in_order():
    steps = sequence.steps()
    assert [s.name for s in steps] == CONTRACT
    assert [s.rule for s in steps] == [
        "6.0",
        "7.0",
        "7.2",
        "8.0",
        "9.0",
        "10.0",
        "11.1",
        "11.2",
        "11.3",
        "11.4",
        "11.5",
    ]
    assert {s.name: s.side for s in steps}["us-return"] is None  # the engine's own


def test_5_0_no_phase_is_played_twice(make):
    match = make("Hawaii: US-Bn-01 US-Bn-02\nMidway: US-Bn-03\nJapan: JP-DesRon1")
    play(match, "end")
    play(match, "end")  # 5.1 the player's own phases wait for his end, the recon phase too
    with pytest.raises(
        RuleViolation, match=r"'recon' is an order of the US Recon Phase, not of the US Movement Phase"
    ) as refused:
        play(match, "recon Japan")
    assert refused.value.rule == "5.1"  # the phases' order may not be changed nor a phase done again


def test_10_0_every_contested_point_must_have_its_battle(make):
    match = make("Hawaii: US-Bn-01\nWake: US-Bn-02 JP-Bn-01\nMidway: US-Bn-03")
    while match.step.name != "combat":
        play(match, "end")
    with pytest.raises(RuleViolation, match=r"a battle must be fought at Wake first \(battle POINT\) \(FCN 10.0\)"):
        play(match, "end")
    with pytest.raises(RuleViolation, match="no battle at Midway"):
        play(match, "battle Midway")
    assert [str(a) for a in match.legal_actions()] == ["battle Wake"]


@pytest.mark.parametrize(
    ("held", "level", "winner"),
    [
        pytest.param(7, "Better than History", "US", id="4.0-seven-held-better-than-historical"),
        pytest.param(3, "Defeat (dismissed)", "JP", id="4.0-three-held-a-defeat"),
    ],
)
def test_4_0_the_victory_level_at_the_campaign_end(make, held, level, winner):
    match = make("Hawaii: US-Bn-01")
    put(match, "fcn_state", {}, held=held)
    by_the_rules(match, victory.end_of_turn, 6)
    outcome = victory.final_outcome(match)
    assert level in outcome.summary and outcome.winners == (winner,) and outcome.rule == "4.0"
