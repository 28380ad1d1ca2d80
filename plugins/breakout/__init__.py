"""Breakout: Normandy (area-impulse, 6-12 June 1944): hook implementations only.

The rules live in rules/ (one module per rule family), the sequence of play in
sequence.py, the scenarios in scenarios.py and the data in scenarios/breakout.
"""

from __future__ import annotations

from pathlib import Path

from phaseline import Event, GameInfo, hookimpl

from . import loading, sequence, setup
from .rules import bombardment, bridges, combat, day, movement, refit, regroup, supply, victory
from .scenarios import scenarios
from .tables import TABLES

VERSION = "0.1.0"
VERBS = {
    "move": "Move a Fresh unit of the activated area one area: move UNIT AREA (8.3); the first move activates.",
    "attack": "Attack an area your units entered (or your activated contested area): attack AREA (8.5).",
    "bombard": "Bombard an area: bombard AREA MARKER|UNIT[,UNIT…] [PRIMARY] (10).",
    "pass": "Pass this impulse (8.6).",
    "regroup": "Regroup a unit one area into an adjacent free area: regroup UNIT AREA (13).",
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


@hookimpl
def phaseline_register_games(register):
    register(
        GameInfo(
            name="breakout-normandy",
            title="Breakout: Normandy",
            version=VERSION,
            plugin=__import__(__name__, fromlist=["*"]),
            scenarios=scenarios(),
            rule_index=Path(__file__).parent / "rule_index.csv",
            short="BkN",
            verbs=VERBS,
        )
    )


@hookimpl
def phaseline_register_bots(register):
    from phaseline import BotInfo

    from .bot import HeuristicBot

    register(BotInfo("heuristic", "breakout-normandy", HeuristicBot, "Allies push for VP areas, Germans hold"))


@hookimpl
def phaseline_tables(register):
    for table in TABLES:
        register(table)


@hookimpl
def phaseline_load_scenario(game, scenario):
    loading.load(game, scenario)
    return True


@hookimpl
def phaseline_setup(game):
    setup.set_up(game)


@hookimpl
def phaseline_sequence(game, turn):
    return sequence.steps_for(turn)


@hookimpl
def phaseline_phase_start(game, step):
    if step.name == "airborne":
        day.airborne(game, game.clock.turn)
    elif step.name == "dawn":
        day.dawn(game, game.clock.turn)
    elif step.phase == "daylight":
        day.begin_impulse(game, step)
        supply.note_impulse_weather(game)  # 18.41
    elif step.phase == "refit":
        refit.begin_refit(game, step.side)
    elif step.phase == "regroup":
        regroup.begin_regroup(game, step)


@hookimpl
def phaseline_phase_end(game, step):
    if step.phase == "daylight":
        bridges.settle_holders(game)  # 20.1, 8.511
        bridges.clear_attempts(game)
        day.end_impulse(game, step)
    elif step.phase == "refit":
        refit.end_refit(game, step.side)


@hookimpl
def phaseline_next_step(game, step):
    return day.next_step(game, step)


@hookimpl
def phaseline_legal_actions(game, side):
    step = game.step
    if step.phase == "daylight":
        found = movement.legal_moves(game, side) + combat.legal_attacks(game, side)
        found += bridges.legal_bridge_actions(game, side)
        if day.board(game).day["activated"] is None:
            found += [*bombardment.legal_bombardments(game, side), _pass(side)]
        return found
    if step.phase == "regroup":
        return regroup.legal_regroups(game, side)
    if step.phase == "refit":
        return refit.legal_refit_actions(game, side)
    return []


def _pass(side):
    from phaseline import Action

    return Action("pass", (), side)


@hookimpl
def phaseline_play(game, action):
    handlers = {
        "move": movement.move,
        "attack": combat.attack,
        "bombard": bombardment.bombard,
        "regroup": regroup.regroup,
        "seize": bridges.seize,
        "repair": repair,
        "demolish": bridges.demolish,
        "depot": refit.place_depot,
        "refit": refit.refit_unit,
        "airsupply": refit.air_supply,
        "buy": refit.buy_impulses,
        "topup": refit.top_up,
        "pass": pass_impulse,
    }
    handler = handlers.get(action.verb)
    if handler is None:
        return None
    handler(game, action)
    return True


def repair(game, action) -> None:
    """20.2: repairs open an Assault impulse, or are night construction in one's Refit phase."""
    if game.step.phase == "refit":
        refit.night_construction(game, action)
    else:
        bridges.repair(game, action)


def pass_impulse(game, action) -> None:
    """8.6: a pass ends the impulse at once (an Allied pass still rolls the Sunset DR)."""
    from phaseline import sequence as walker

    if day.board(game).day["activated"] is not None:
        raise game.violation("a player who has activated an area cannot pass; end the impulse instead", "8.6")
    game.set("bkn_day", {}, kind="pass")
    game.log(Event("note", side=action.side, purpose=f"{action.side} passes", rule="8.6"))
    walker.end_step(game)


@hookimpl
def phaseline_game_end(game):
    return victory.final_outcome(game)


@hookimpl
def phaseline_render_map(game, fmt):
    if fmt != "text":
        return None
    from .render import text_map

    return text_map(game)
