"""Breakout: Normandy (area-impulse, 6-12 June 1944): hook implementations only.

The rules live in rules/ (one module per rule family), the sequence of play in
sequence.py, the scenarios in scenarios.py and the data in scenarios/breakout.
"""

from __future__ import annotations

from pathlib import Path

from phaseline import Event, GameInfo, hookimpl

from . import loading, sequence, setup
from .rules import advantage, bombardment, combat, day, movement, refit, resolution, victory
from .scenarios import scenarios
from .tables import TABLES

VERSION = "0.1.0"
RULINGS = {
    combat.ARTILLERY_ADDS_AV: "9.7/16.1: artillery entering with the point unit adds +1 AV like any participant "
    "(digest ruling 2 reads it as adding nothing)",
    advantage.LOST_AT_IMPULSE_END: "11.2: a loss-triggered Advantage transfer waits for the end of the impulse "
    "(digest ruling 16 makes it immediate)",
}
VERBS = {
    "move": "Move a Fresh unit of the activated area one area: move UNIT AREA (8.3); the first move activates.",
    "attack": "Attack an area your units entered (or your activated contested area): attack AREA [UNIT,…|all] "
    "[ARTILLERY,…|all|none] (8.5; the first infantry or armour named is the point unit, 9.2).",
    "double": "Use the Advantage for a Double Impulse: end this half and activate again (11.4).",
    "bombard": "Bombard an area: bombard AREA MARKER|UNIT[,UNIT…] [PRIMARY] (10).",
    "pass": "Pass this impulse (8.6).",
    "regroup": "Regroup a unit one area into an adjacent free area: regroup UNIT AREA (13).",
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
            rulings=RULINGS,
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
    elif step.name == "refit":
        refit.refit(game)
    elif step.phase == "regroup":
        refit.begin_regroup(game, step)


@hookimpl
def phaseline_phase_end(game, step):
    if step.phase == "daylight":
        day.end_impulse(game, step)


@hookimpl
def phaseline_end_refused(game, step, side):
    if step.phase == "daylight" and side == step.side:
        return combat.forced_attack_waiting(game, side)
    return None


@hookimpl
def phaseline_next_step(game, step):
    return day.next_step(game, step)


@hookimpl
def phaseline_legal_actions(game, side):
    step = game.step
    if step.phase == "daylight":
        found = movement.legal_moves(game, side) + combat.legal_attacks(game, side)
        found += advantage.legal_doubles(game, side)
        today = day.board(game).day
        if today["activated"] is None:
            found += bombardment.legal_bombardments(game, side)
            if not today["double_impulse"]:
                found.append(_pass(side))
        return found
    if step.phase == "regroup":
        return refit.legal_regroups(game, side)
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
        "regroup": refit.regroup,
        "pass": pass_impulse,
        "double": advantage.declare_double,
    }
    handler = handlers.get(action.verb)
    if handler is None:
        return None
    handler(game, action)
    return True


@hookimpl
def phaseline_answer(game, decision, answer):
    if decision["kind"] in resolution.DECISIONS:
        resolution.answer(game, decision, answer)
        return True
    if decision["kind"] in bombardment.DECISIONS:
        bombardment.answer(game, decision, answer)
        return True
    if decision["kind"] == "interdiction-reroll":
        movement.answer_interdiction(game, decision, answer)
        return True
    return None


def pass_impulse(game, action) -> None:
    """8.6: a pass ends the impulse at once (an Allied pass still rolls the Sunset DR)."""
    from phaseline import sequence as walker

    if day.board(game).day["activated"] is not None or day.board(game).day["double_impulse"]:
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
