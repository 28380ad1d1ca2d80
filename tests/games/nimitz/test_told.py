"""What a Fleet Commander: Nimitz player reads: ``status``'s standing (4.0, 11.5), each Japanese
reinforcement told (11.1), the phases the sequence runs by itself told as the rules' (5.1), a bonus
marker drawn from the cup told as a draw (10.7)."""

from __future__ import annotations

import json

from clitools import run_cli
from games.nimitz.battle import begin_battle
from games.nimitz.position import Dice, play, where, write_position
from phaseline.piles import Piles
from phaseline.render.account import account_lines

WAKE = "Wake: US-Bn-02 US-DesRon1 Chicago-Northampton Lexington JP-Bn-10 JP-DesRon2 Kaga\nHawaii: US-Bn-01"
ARRIVING = ("Soryu", "Shoho", "JP-16Div", "JP-48Div", "JP-14Sentai", "JP-3Kokutai")


def test_4_0_status_shows_the_objectives_held_the_dismissal_and_the_levels(home):
    code, out = run_cli(["new", "fleet-commander-nimitz", "--seed", "3"])
    assert code == 0, out
    code, out = run_cli(["status"])
    lines = {line.split()[0]: line.split(None, 1)[1] for line in out.splitlines()}
    assert (
        lines["standing"]
        == "US 7 of 8 objectives held (dismissal at 3) · JP scores none (4.0: the objectives the US holds decide)"
    )
    assert lines["decides"].startswith("the US is dismissed if at the end of a turn it holds 3 objectives or fewer")
    assert "after turn 6 of 1942 the objectives held give the level (4.0): 0-3 Defeat (dismissed)" in lines["decides"]
    assert lines["notes"] == "turn 1 of 6, Jan/Feb 1942; RP/SP 7/20 (6.1); Japanese supply markers 0 (11.1)"


def test_11_1_every_arriving_unit_is_told_and_the_engines_phases_are_the_rules(make):
    match = make(
        "JP-REINF: Soryu Shoho Nagato-Mutsu JP-16Div JP-48Div JP-2Div JP-14Sentai JP-3Kokutai\n"
        "Hawaii: US-Bn-01 Lexington\nMidway: US-Bn-02\nAlaska: US-Bn-03\nSamoa: US-Bn-04\nJapan: JP-DesRon1"
        "\nobjectives: Hawaii Midway Alaska Samoa"
    )
    play(match, "end", "end")  # supply, recon
    Dice(match, [2, 9])  # Japan holds; the reinforcement roll: 9 + 1 supply marker
    before = match.events.last_seq
    play(match, "end")  # movement: the rest of the turn is the rules' and the engine's
    assert [where(match, u) for u in ARRIVING] == ["Japan"] * 6
    told = account_lines(match, before)
    reinforced = told[told.index("JP (rules), Japanese Reinforcement Phase:") + 1]
    assert f"{', '.join(ARRIVING)} to Japan (FCN 11.1)" in reinforced
    assert "→" not in reinforced  # 11.1: no second, partial account of the arrivals
    assert told[-8:] == [
        "rules, US Return-to-Port Phase:",
        "  return to port: no ship to R42 (FCN 11.3)",
        "rules, US Supply Check Phase:",
        "  out of supply, 1 hit each: none (FCN 11.4)",
        "rules, US Defeat Check Phase:",
        "  4 objectives held (dismissal at 3 or fewer) (FCN 11.5); turn marker to Mar/Apr 1942 (FCN 5.1)",
        "rules, US Supply Phase:",
        "  7 RP and 20 SP arrive (FCN 6.1)",
    ]


def test_10_7_a_marker_drawn_from_the_cup_is_told_as_a_draw(make):
    """10.7: the Japanese bonus markers are drawn from a cup: the account says which of the cup's
    markers came out, not a die roll of as many sides."""
    match, _ = begin_battle(make, WAKE, "Wake", draws=["kamikaze"])
    assert match.step.name == "battle-bonus"
    cup = len(Piles(match).items("JP-CUP"))
    kamikaze = next(i for i, item in enumerate(Piles(match).items("JP-CUP"), 1) if item.startswith("kamikaze/"))
    before = match.events.last_seq
    play(match, "end")
    told = account_lines(match, before)
    assert f"drew {kamikaze} of the {cup} in JP-CUP: 10.7 Japanese bonus marker 1 of 1 (FCN 10.7)" in told
    assert not [line for line in told if line.startswith("rolled") and "bonus marker" in line]


def test_10_5_actions_offer_each_bonus_marker_with_its_bpp_cost(home, tmp_path, monkeypatch):
    """10.5: the player buys US bonus markers with battle plan points, 3 free a battle and 3 for
    each supply point; ``actions`` prices each marker where it offers it, and the BPP in hand."""
    monkeypatch.setenv("COLUMNS", "100")
    folder = write_position(tmp_path / "position", WAKE, 1942)
    for order in (["new", "fleet-commander-nimitz", "--scenario", str(folder), "--seed", "7"], *[["end"]] * 3):
        assert run_cli(order)[0] == 0  # to the Combat Phase
    for order in (["battle", "Wake"], ["end"]):  # the battle at Wake, its placement ended
        code, out = run_cli(order)
        assert code == 0, out
    code, out = run_cli(["actions"])
    assert code == 0, out
    offered = {
        line.split()[1]: line.split(None, 2)[2].strip() for line in out.splitlines() if line.startswith("bonus ")
    }
    assert offered["first-strike"] == "3 BPP (3 BPP in hand, then 1 SP per 3; 10.5)"
    assert offered["asw"] == "1 BPP (3 BPP in hand, then 1 SP per 3; 10.5)"
    assert run_cli(["bonus", "asw"])[0] == 0
    code, out = run_cli(["--format", "json", "actions"])
    priced = {row["order"]: row["preview"] for row in json.loads(out) if row["verb"] == "bonus"}
    assert priced["bonus first-strike"] == "3 BPP (2 BPP in hand, then 1 SP per 3; 10.5)"
