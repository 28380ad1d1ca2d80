"""Breakout: Normandy (area-impulse, 6-12 June 1944): what the game registers (its name,
scenarios, verbs, decisions, rulings, optional rules and bot).

A match's hooks are in hooks.py, imported only when a match of the game opens, so that
listing games or commands never imports the rules. The rules live in rules/ (one module per
rule family), the sequence of play in sequence.py, the scenarios in scenarios.py and the data
in scenarios/breakout.
"""

from __future__ import annotations

from pathlib import Path

from phaseline import BotInfo, GameInfo, hookimpl
from phaseline.plugins import optional_rules

from . import hookspecs
from .rulings import RULINGS
from .scenarios import scenarios

NAME = "breakout-normandy"
VERSION = "0.1.0"
VERBS = {
    "move": "Move a Fresh unit of the activated area one area: move UNIT AREA (8.3); the first move activates.",
    "attack": "Attack an area your units entered (or your activated contested area): attack AREA [UNIT,…|all] "
    "[ARTILLERY,…|all|none] (8.5; the first infantry or armour named is the point unit, 9.2).",
    "double": "Use the Advantage for a Double Impulse: end this half and activate again (11.4).",
    "bombard": "Bombard an area: bombard AREA MARKER|UNIT[,UNIT…] [PRIMARY] (10); artillery may name an enemy "
    "construction marker as PRIMARY by its bridge (10.1, 20.2).",
    "pass": "Pass this impulse (8.6).",
    "regroup": "Regroup a unit one area into an adjacent free area: regroup UNIT AREA (13); with the ruling "
    "offshore-by-regroup, an approach-box unit to the Offshore box: regroup UNIT OFFSHORE (13, 3.5).",
    "land": "Land units from a beach's approach box: land BEACH UNIT[,UNIT…] (19.3, 19.4).",
    "secure": "D-Day night: a dropped airborne unit secures a bridge of its area: secure UNIT BRIDGE (21.2).",
    "wave": "D-Day: place a beach's first wave: wave BEACH UNIT[,UNIT…] (21.5).",
    "assault": "D-Day: a beach's first wave lands and attacks: assault BEACH [POINT] (21.5); POINT names the "
    "infantry or armour lander that leads (9.2A; default: the strongest).",
    "seize": "Spend 1 MF to seize an enemy-held bridge: seize UNIT BRIDGE (20.3).",
    "repair": "Repair destroyed bridges opening an Assault impulse (repair BRIDGE[,BRIDGE…]) or at night in "
    "your Refit phase for SP (repair BRIDGE) (20.2).",
    "demolish": "End an Assault impulse blowing friendly-held bridges: demolish BRIDGE[,BRIDGE…] (20.4).",
    "depot": "Place a German depot (depot AREA, 12.6) or move an Allied beach depot (depot DEPOT AREA, 12.7).",
    "refit": "Refit a unit one level from the cheapest depot that can pay: refit UNIT (12.4, 12.5).",
    "airsupply": "Air-supply up to 4 Allied units of one area: airsupply AREA UNIT[,UNIT…] (12.9).",
    "buy": "Spend 10 Reserve SP a space to move tomorrow's first impulse: buy N or buy -N (12.53).",
    "topup": "Extended game: raise the beach depots from the Reserve, evenly: topup SP (24.7).",
}
DECISIONS = {  # every question the game asks a player, answered with `choose`
    "forward-unit": "The defender's forward unit, which takes the first loss: choose UNIT (9.1).",
    "advantage-reroll": "Use the Advantage to re-roll a combat DR: choose keep or reroll (11.3).",
    "attacker-retreat": "An attacking unit stays or goes back where it came from: choose stay or AREA (9.61).",
    "casualty": "Which unit takes a step loss: choose UNIT (9.5).",
    "retreat-to": "The area a retreating unit goes to: choose AREA (9.64).",
    "voluntary-retreat": "Units that retreat voluntarily after combat: choose UNIT, or none (9.62).",
    "bombardment-reroll": "Use the Advantage to re-roll a bombardment DR: choose keep or reroll (11.6).",
    "interdiction-reroll": "Use the Advantage to re-roll an interdiction DR: choose keep or reroll (11.6).",
    "other-reroll": "Use the Advantage to re-roll another DR: choose keep or reroll (11.6).",
    "sunset-shift": "Move the Sunset DRM marker the spaces earned: choose up or down (11.23).",
    "control-nationality": "Which Allied nationality controls an area both entered: choose US or UK (7.3).",
    "approach-box": "The approach box a unit coming by sea waits in: choose BOX (19.5, 3.5).",
    "friendly-fire-primary": "The Allied unit friendly fire strikes first: choose UNIT (17.3).",
    "ap-spread": "How the bombardment AP left after the primary target are spread, when spreads that use the "
    "most differ: choose UNIT:STATUS[,UNIT:STATUS…], each unit hit with its new status (10.4).",
}
BARE_VERBS = frozenset({"double", "pass"})  # 11.4, 8.6: played as `actions` lists them, with no arguments


@hookimpl
def phaseline_register_games(register):
    register(
        GameInfo(
            name=NAME,
            title="Breakout: Normandy",
            version=VERSION,
            plugin=f"{__name__}.hooks",
            scenarios=scenarios(),
            rule_index=Path(__file__).parent / "rule_index.csv",
            short="BkN",
            verbs=VERBS,
            bare_verbs=BARE_VERBS,
            decisions=DECISIONS,
            rulings=RULINGS,
            hookspecs=hookspecs,
        )
    )


@hookimpl
def phaseline_register_rules(register):
    """The optional rules 23.2 and 23.3, each its own plugin (optional/)."""
    for rule in optional_rules(f"{__name__}.optional", NAME, VERSION):
        register(rule)


@hookimpl
def phaseline_register_bots(register):
    register(BotInfo("heuristic", NAME, f"{__name__}.bot:HeuristicBot", "Allies push for VP areas, Germans hold"))
