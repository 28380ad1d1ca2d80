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

from . import hookspecs, optional
from .scenarios import scenarios

VERSION = "0.1.0"
RULINGS = {
    "terrain-plus-one": "6.82: three effects give x4 (each extra doubling adds one) instead of the literal x5",
    "ex-no-advance": "6.91: after Ex the attacker is not victorious and may not advance",
    "advance-one-per-combat": "6.91: a combat that empties several hexes lets one unit advance, into one of them "
    "(default: 「あるヘクスが空になった場合…その空ヘクスへ」 is said of each emptied hex, so each may take a "
    "different victor, one decision per hex)",
    "soviet-destroys-fortress": "6.83: Soviet entry destroys a fortress too",
    "exit-any-allied": "9.1: an exit removes the nearest Allied or Soviet units, not only the exiting force's enemy",
    "expanded-vp-without-berlin": "12.23/13.0: an Expanded game in which nobody took Berlin is decided on victory "
    "points (default: a draw, 12.23 unmodified by 13.1)",
    "replacements-respect-stacking": "5.3/7.2: a replacement may not be placed where two friendly units stand "
    "(default: the limit binds at the end of the Movement Phase, 5.3; either way only enemy units send a German "
    "replacement across the boundary, 7.24)",
    "yugoslav-advance-home": "5.51/5.52: an advance may cross the Yugoslav border back to the unit's own side (a "
    "Yugoslav unit retreated out of Yugoslavia back in, a Soviet one retreated in back out; default: never across)",
    "yugoslavia-exit-by-movement": "5.52: a Soviet unit retreated into Yugoslavia must leave it by the end of the "
    "next Soviet Movement Phase, as 5.42 says of the boundary (default: during the whole following turn, "
    "「続くターンの間に」, eliminated at its end)",
    "12.21-per-hex": "12.21: each hex of a multi-hex attack counts as one of the two turn-1 attacks (default: one "
    "combat is one attack, 6.7)",
}
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
    "advance": "Advance after combat: choose UNIT>HEX, or none (6.9).",
    "exit-removal": "Remove the two enemy units nearest a German exit: choose remove, or none (9.1, 9.2).",
    "exit-penalty": "Which of equally near enemy units the exit removes: choose UNIT (9.1, 9.2).",
    "courland-port": "The port hex a unit evacuated from Courland lands at: choose HEX (8.0).",
}


@hookimpl
def phaseline_register_games(register):
    register(
        GameInfo(
            name="battle-for-germany",
            title="Battle for Germany",
            version=VERSION,
            plugin=f"{__name__}.hooks",
            scenarios=scenarios(),
            rule_index=Path(__file__).parent / "rule_index.csv",
            short="BfG",
            rulings=RULINGS,
            verbs=VERBS,
            decisions=DECISIONS,
            hookspecs=hookspecs,
        )
    )


@hookimpl
def phaseline_register_rules(register):
    """The optional rules 12.3 and 13.2, each its own plugin (optional/)."""
    for rule in optional.rules(VERSION):
        register(rule)


@hookimpl
def phaseline_register_bots(register):
    register(
        BotInfo(
            "heuristic", "battle-for-germany", f"{__name__}.bot:HeuristicBot", "attacks at the best odds, holds lines"
        )
    )
