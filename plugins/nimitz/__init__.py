"""Fleet Commander: Nimitz (Dan Verssen Games, 2015): what the game registers (its name, scenarios,
verbs, decisions and rulings). A solitaire game: the player commands the US, the game's own rules
play Japan (``ScenarioInfo.played_by_rules``), docs/nimitz.md.

A match's hooks are in hooks.py, imported only when a match of the game opens, so that listing
games or commands never imports the rules. The rules live in rules/ (one module per rule family;
the battles of section 10 in rules/battle/), the sequence of play in sequence.py, the scenarios in
scenarios.py and the data in scenarios/nimitz.
"""

from __future__ import annotations

from pathlib import Path

from phaseline import BotInfo, GameInfo, hookimpl
from phaseline.plugins import optional_rules

from . import hookspecs
from .rulings import RULINGS
from .scenarios import scenarios
from .sequence import BATTLE

VERSION = "0.1.0"
NAME = "fleet-commander-nimitz"
VERBS = {
    "buy": "Buy reinforcements: buy UNIT[,UNIT…] (6.2: from US-REINF, RP first, then SP; US units arrive on the "
    "West Coast, Australian ones in Australia).",
    "repair": "Repair damaged US units: repair UNIT[,UNIT…] (6.3: half the cost rounded down, at least 1 SP).",
    "recon": "Place recon markers: recon POINT [N] (7.1: N markers at 1 SP each on a point holding Japanese units).",
    "move": "Move US units: move UNIT[,UNIT…] POINT (8.1: 1 SP a unit, any distance, each unit once a turn; 8.2).",
    "raid": "Send submarines commerce raiding: raid SUB[,SUB…] (8.4: to the RAIDING box, 1 SP each).",
    "bomb": "Strategic bombing, 1944-45: bomb BW[,BW…] (12.2: from the Marianas to the B29 box, 1 SP each, at the "
    "start of the movement phase).",
    "invade": "Japan invasion, 1945: invade UNIT[,UNIT…] (12.3: from Hawaii or the West Coast to the INVASION box, "
    "1 SP each, at most 7 a phase, at the start of the movement phase).",
    "battle": "Fight the next battle: battle POINT (10.0: any point holding units of both sides, in your order).",
    "place": "Place US surface ships on the battle sheet: place SHIP[,SHIP…] AREA (10.1: us-sea or coastal; "
    "carriers us-sea).",
    "bonus": "Buy US battle bonus markers: bonus MARKER[,MARKER…] (10.5: 3 BPP free, 1 SP for each 3 more).",
    "strike": "Play the US First Strike marker: strike CARRIER AREA (10.5, before any fly).",
    "fly": "Send US aircraft to an area: fly AIRCRAFT[,AIRCRAFT…] AREA (10.8: jp-sea, coastal, island, us-sea, home).",
    "jp-orders": "The rules' Japanese order roll at a point: jp-orders POINT (7.2 for a recon marker, 9.1 in the "
    "Japanese movement phase); played by the rules only.",
    "jp-reinforce": "The rules' Japanese reinforcement roll (11.1); played by the rules only.",
    "jp-repair": "The rules' Japanese repair phase (11.2); played by the rules only.",
}
DECISIONS = {  # every question the game asks the player, answered with `choose`
    "next-point": "Which point's Japanese units roll next on the Orders Table: choose POINT (9.0 (4)).",
    "b29-target": "Which Japanese ship, infantry or land aircraft in Japan a B-29 sends to the reinforcement box: "
    "choose UNIT (12.2).",
    "sub-area": "The area of a US submarine when Japanese ships are in several: choose AREA (10.1).",
    "escort-tie": "Which of Japanese escorts equal in gunnery a step of the alternation takes: choose UNIT "
    "(10.2, 1.3).",
    "jp-hit": "Which of equally cheap Japanese units takes a US hit: choose UNIT (10.10, 1.3).",
    "us-hit": "Which of the cheapest eligible US units takes a Japanese hit: choose UNIT (10.10).",
    "aa-target": "Which enemy aircraft a ship fires its AA at: choose UNIT (10.12, 1.3).",
    "asw-target": "Which enemy submarine a ship attacks: choose UNIT (10.15, 1.3).",
    "first-strike-carrier": "Which of Japanese carriers equal in aircraft makes the Japanese First Strike: choose "
    "UNIT (10.7, 1.3).",
    "bonus-use": "Play a US bonus marker now that its moment came: choose play or choose keep (10.5).",
    "engagement": "At the end of a round, with the Engagement marker: choose longer, shorter or keep (10.5).",
    "us-air-removal": "Which US aircraft is removed when more return than a carrier or an airfield can take: "
    "choose UNIT (10.6 (7)).",
    "jp-air-removal": "Which of equal Japanese aircraft (as damaged, as cheap) is removed when more return than a "
    "carrier or an airfield can take: choose UNIT (10.6 (7), 1.3).",
}


@hookimpl
def phaseline_register_games(register):
    register(
        GameInfo(
            name=NAME,
            title="Fleet Commander: Nimitz",
            version=VERSION,
            plugin=f"{__name__}.hooks",
            scenarios=scenarios(),
            rule_index=Path(__file__).parent / "rule_index.csv",
            short="FCN",
            rulings=RULINGS,
            verbs=VERBS,
            decisions=DECISIONS,
            bare_verbs=frozenset({"jp-reinforce", "jp-repair"}),
            rules_verbs=frozenset({"jp-orders", "jp-reinforce", "jp-repair"}),
            rules_side_rule="1.2",  # 1.2 「ゲームシステムによって動かされる日本軍部隊」
            sequence_rule="5.1",  # 5.1 the phases in their order: none moved, none done again
            dynamic_steps=tuple(BATTLE.values()),  # 10.0 a battle's steps, begun from the combat phase
            hookspecs=hookspecs,
        )
    )


@hookimpl
def phaseline_register_rules(register):
    """The optional rules, each its own plugin (optional/)."""
    for rule in optional_rules(f"{__name__}.optional", NAME, VERSION):
        register(rule)


@hookimpl
def phaseline_register_bots(register):
    """The US heuristic bot (the rules play Japan: no bot takes that side, 1.1)."""
    register(
        BotInfo("heuristic", NAME, f"{__name__}.bot:HeuristicBot", "US: garrisons, raids, strikes with its carriers")
    )
