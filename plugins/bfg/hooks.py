"""Battle for Germany's hooks: what a match of the game calls, from set-up to the final outcome.

Registered by __init__.py as the game's plugin (by import path, so it is imported only when a
match opens); each hook hands over to the rule module that owns the question.
"""

from __future__ import annotations

from phaseline import Event, hookimpl

from . import loading, map_marks, sequence, setup
from .rules import combat, movement, phases, standing, victory
from .rules.berlin import berlin_falls_now
from .rules.state import bfg_state
from .tables import TABLES


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
    skip = bool(bfg_state(game)["skip_soviet_11"])
    return sequence.steps_for(game.scenario.settings["sequence"], turn, skip_soviet=skip)


@hookimpl
def phaseline_phase_start(game, step):
    phases.begin(game, step)


@hookimpl
def phaseline_end_refusal(game, step):
    return phases.end_refusal(game, step)


@hookimpl
def phaseline_phase_end(game, step):
    if berlin_falls_now(game, step):  # 12.22, 13.1: first of all, what optional rules do as Berlin falls
        game.hook.bfg_berlin_falls(game=game, step=step)
    refusal = phases.end_refusal(game, step)  # 5.3, 12.21, 16.32 however the step ends
    if refusal is not None:
        raise refusal
    phases.end(game, step)


@hookimpl
def phaseline_legal_actions(game, side):
    step = game.step
    if step.phase == "movement":
        return movement.legal_moves(game, step) + phases.legal_movement_extras(game, step)
    if step.phase == "combat":
        return combat.legal_attacks(game, step)
    return phases.legal_replacement_actions(game, step)


@hookimpl
def phaseline_combat_preview(game, actions):
    return combat.previews(game, actions)


@hookimpl
def phaseline_play(game, action):
    handlers = {
        "move": movement.move,
        "attack": combat.attack,
        **phases.ACTION_HANDLERS,
    }
    handler = handlers.get(action.verb)
    if handler is None:
        return None
    handler(game, action)
    return True


@hookimpl
def phaseline_answer(game, decision, answer):
    combat.answer(game, decision, answer) if decision["kind"] in combat.DECISIONS else phases.answer(
        game, decision, answer
    )
    return True


@hookimpl
def phaseline_answer_refusal(game, decision, answer):
    refuse = combat.answer_refusal if decision["kind"] in combat.DECISIONS else phases.answer_refusal
    return refuse(game, decision, answer)


@hookimpl
def phaseline_combat_result(game, combat):
    sql = "SELECT odds, die, result FROM bfg_crt WHERE game_id = ?"
    crt = game.derived(
        "bfg crt", (), lambda: {(r["odds"], r["die"]): r["result"] for r in game.rows(sql, [game.game_id])}
    )
    return crt.get((combat["odds"], combat["die"]))  # the chart is copied into the match: read once


@hookimpl
def phaseline_game_end(game):
    return victory.final_outcome(game)


@hookimpl
def phaseline_turn_end(game, turn):
    if turn >= game.last_turn:
        game.log(Event("note", purpose=f"turn {turn} was the last turn", rule=game.scenario.rule))


@hookimpl
def phaseline_standing(game):
    return standing.standing(game)


@hookimpl
def phaseline_map_marks(game):
    return map_marks.map_marks(game)
