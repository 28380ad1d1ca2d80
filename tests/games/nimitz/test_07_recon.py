"""7.0-7.2 recon: markers at 1 SP on points holding Japanese units, each one order roll at once
(the play example's recon at the Philippines and Japan)."""

from __future__ import annotations

import pytest
from games.nimitz.position import Dice, play, state, where
from phaseline import RuleViolation
from phaseline.render.account import account_lines

PLAY_EXAMPLE = """Philippines: Myoko-Haguro Ashigara-Nachi JP-DesRon6 JP-16Div JP-48Div JP-Bn-03 JP-14Sentai JP-3Kokutai
Borneo: US-Bn-05 JP-Bn-05
Japan: Soryu Shoho Nagato-Mutsu Tone-Chikuma JP-DesRon1 JP-SubFlot1 Kaga Akagi Hiei-Kirishima Hiryu JP-Bn-01 JP-Bn-02
Midway: US-Bn-02
Solomons: US-Bn-03
NewGuinea: US-Bn-04
Hawaii: US-Bn-01 Lexington
objectives: Hawaii Midway Solomons NewGuinea"""


def test_7_0_recon_comes_before_us_movement(make):
    match = make(PLAY_EXAMPLE)
    assert match.step.name == "us-supply"  # 5.1 the player's phases wait for his end, with nothing to buy too
    play(match, "end")
    assert match.step.name == "us-recon" and "recon Japan" in [str(a) for a in match.legal_actions()]


def test_7_1_markers_cost_1_sp_and_go_where_japanese_units_are(make):
    match = make(PLAY_EXAMPLE)
    play(match, "end")  # the supply phase
    play(match, "recon Philippines", "recon Japan 2")
    assert state(match)["sp"] == 17
    with pytest.raises(RuleViolation, match=r"no Japanese unit at Hawaii to recon \(FCN 7.1\)"):
        play(match, "recon Hawaii")
    with pytest.raises(RuleViolation, match="6 recon markers in this campaign; 3 are placed"):
        play(match, "recon Japan 4")


def test_7_2_the_play_examples_recon(make):
    """Philippines 4 = Advance South to Borneo, the aircraft along (Borneo was garrisoned); Japan
    2 = Hold (6 ships, 2 battalions, a supply marker), 10 = Sortie, destination roll 2 = Midway, with
    a battalion from the box and no aircraft."""
    match = make(PLAY_EXAMPLE)
    play(match, "end")  # the supply phase
    play(match, "recon Philippines", "recon Japan 2")
    dice = Dice(match, [4, 2, 10, 2], prefix="")
    play(match, "end")
    assert [(p.split(":")[0], f) for p, f in dice.rolled if not p.startswith("3.3")] == [
        ("9.1 Japanese order at Philippines", 4),
        ("9.1 Japanese order at Japan", 2),
        ("9.1 Japanese order at Japan", 10),
        ("1.3 sortie from Japan", 2),
    ]
    moved = ["Myoko-Haguro", "Ashigara-Nachi", "JP-DesRon6", "JP-16Div", "JP-14Sentai", "JP-3Kokutai"]
    assert [where(match, u) for u in moved] == ["Borneo"] * 6
    marks = match.rows_of("fcn_unit")
    assert all(marks[(u,)]["marker"] == "moving" for u in moved)
    assert marks[("JP-16Div",)]["transport"]  # 7.2 moved early: with a transport
    held = ["Soryu", "Shoho", "Nagato-Mutsu", "Tone-Chikuma", "JP-DesRon1", "JP-SubFlot1", "JP-Bn-01", "JP-Bn-02"]
    assert all(where(match, u) == "Japan" and marks[(u,)]["marker"] == "moving" for u in held)
    assert state(match)["jp_supply"] == 1
    sortie = ["Kaga", "Akagi", "Hiei-Kirishima"]
    assert [where(match, u) for u in sortie] == ["Midway"] * 3
    assert where(match, "JP-Bn-04") == "Midway"  # 9.1 a battalion of the box (the lowest numbered)
    assert where(match, "Hiryu") == "Japan" and match.step.name == "us-movement"


def test_7_1_placing_markers_tells_them_and_the_sp(make):
    match = make(PLAY_EXAMPLE)
    play(match, "end")  # the supply phase
    before = match.events.last_seq
    play(match, "recon Japan 2")
    told = account_lines(match, before)
    assert told[0] == "recon markers 1, 2 of 6 at Japan: 2 SP, 18 SP left; resolved in the order placed (7.2) (FCN 7.1)"
