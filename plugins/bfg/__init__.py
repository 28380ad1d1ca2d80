"""Battle for Germany (SPI, 2nd edition): what the game registers (its name, scenarios, verbs,
decisions, rulings, optional rules and bot).

A match's hooks are in hooks.py, imported only when a match of the game opens, so that
listing games or commands never imports the rules. The rules live in rules/ (one module per
rule family), the sequence of play in sequence.py, the scenarios in scenarios.py and the data
in scenarios/bfg.
"""

from __future__ import annotations

from pathlib import Path

from phaseline import BotInfo, GameInfo, hookimpl
from phaseline.plugins import optional_rules

from . import hookspecs
from .rulings import RULINGS
from .scenarios import scenarios

NAME = "battle-for-germany"
VERSION = "0.1.0"
VERBS = {
    "move": "Move a unit: move UNIT HEX, or several in one order: move UNIT HEX UNIT HEX … (5.0).",
    "attack": "Attack: attack UNIT[,UNIT…] HEX[,HEX] (6.0).",
    "replace": "Return an eliminated unit: replace UNIT HEX (7.0).",
    "courland": "Take a unit out of the Courland box: courland UNIT [HEX] (8.0).",
    "exit": "Exit a German unit off the map edge: exit UNIT (9.0).",
    "shift": "Three-player strategic shift, tripled MA: shift UNIT [HEX] (16.32).",
}
DECISIONS = {  # every question the game asks a player, answered with `choose`
    "retreat": "The hex a unit forced to retreat goes to: choose HEX (6.21, 6.22).",
    "exchange-losses": "Which attackers an exchange removes: choose UNIT[,UNIT…] (6.2).",
    "advance": "Advance after combat: choose UNIT HEX (or UNIT:HEX), or none (6.9).",
    "exit-removal": "Remove the two enemy units nearest a German exit: choose remove, or none (9.1, 9.2).",
    "exit-penalty": "Which of equally near enemy units the exit removes: choose UNIT (9.1, 9.2).",
    "courland-port": "The port hex a unit evacuated from Courland lands at: choose HEX (8.0).",
}


@hookimpl
def phaseline_register_games(register):
    register(
        GameInfo(
            name=NAME,
            title="Battle for Germany",
            version=VERSION,
            plugin=f"{__name__}.hooks",
            scenarios=scenarios(),
            rule_index=Path(__file__).parent / "rule_index.csv",
            short="BfG",
            sequence_rule="3.0",  # 3.0 the sequence of play: each order in its own side's phase
            answer_first=dict.fromkeys(("retreat", "exchange-losses", "advance"), "6.1"),  # 6.1 results at once
            rulings=RULINGS,
            verbs=VERBS,
            decisions=DECISIONS,
            hookspecs=hookspecs,
        )
    )


@hookimpl
def phaseline_register_rules(register):
    """The optional rules 12.3 and 13.2, each its own plugin (optional/)."""
    for rule in optional_rules(f"{__name__}.optional", NAME, VERSION):
        register(rule)


@hookimpl
def phaseline_register_bots(register):
    register(BotInfo("heuristic", NAME, f"{__name__}.bot:HeuristicBot", "attacks at the best odds, holds lines"))
