"""Fleet Commander: Nimitz's hooks: what a match of the game calls, from set-up to the final outcome.

Registered by __init__.py as the game's plugin (by import path, so it is imported only when a match
opens); each hook hands over to the rule module that owns the step. The battle's steps, verbs and
decisions (section 10) go to rules/battle/; everything else to the strategic rules.
"""

from __future__ import annotations

from phaseline import hookimpl

from . import loading, map_marks, sequence, setup, unit_values
from .rules import battle, combat, holding, japanese, phases, recon, standing, supply_phase, us_movement, victory
from .rules.state import JP
from .tables import TABLES

PLAYS = {
    "buy": supply_phase.buy,
    "repair": supply_phase.repair,
    "recon": recon.place,
    "move": us_movement.move,
    "raid": us_movement.raid,
    "bomb": us_movement.bomb,
    "invade": us_movement.invade,
    "battle": combat.battle_at,
    **japanese.PLAYS,
}


def _in_battle(step) -> bool:
    return step.name in sequence.BATTLE


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
    return sequence.steps()


@hookimpl
def phaseline_turn_start(game, turn):
    phases.begin_turn(game, turn)


@hookimpl
def phaseline_turn_end(game, turn):
    victory.end_of_turn(game, turn)


def _refresh(game) -> None:
    """4.1 the objective markers follow the units (not while a battle has them on its sheet)."""
    if not battle.in_progress(game):
        holding.refresh(game)


@hookimpl
def phaseline_phase_start(game, step):
    if _in_battle(step):
        battle.phase_start(game, step)
    else:
        if step.name == sequence.COMBAT.name:  # 10.0 back from a battle: the turn goes on from the combat phase
            sequence.renumber(game, step)
        phases.begin(game, step)
    _refresh(game)


@hookimpl
def phaseline_phase_end(game, step):
    if _in_battle(step):
        return battle.phase_end(game, step)
    phases.end(game, step)
    _refresh(game)
    return None


@hookimpl
def phaseline_next_step(game, step):
    if step.name == sequence.COMBAT.name or _in_battle(step):
        return battle.next_step(game, step)  # 10.0 a battle's steps, then the combat phase again
    return None


@hookimpl
def phaseline_end_refusal(game, step, side):
    if _in_battle(step):
        return battle.end_refusal(game, step, side)
    if step.name == sequence.COMBAT.name:
        return combat.end_refusal(game)
    return None


@hookimpl
def phaseline_legal_actions(game, side):
    step = game.step
    if _in_battle(step):
        return battle.legal_actions(game, step, side)
    if side == JP:
        return japanese.legal_actions(game, step)
    return phases.legal_actions(game, step)


@hookimpl
def phaseline_play(game, action):
    if _in_battle(game.step):
        handled = battle.play(game, action)
    else:
        handler = PLAYS.get(action.verb)
        if handler is not None:
            handler(game, action)
        handled = handler is not None
    if handled:
        _refresh(game)
    return handled or None


@hookimpl
def phaseline_rules_choose(game, side):
    return japanese.choose(game, side)


@hookimpl
def phaseline_answer(game, decision, answer):
    if decision["kind"] in battle.DECISIONS:
        battle.answer(game, decision, answer)
    else:
        japanese.answer(game, decision, answer)
    _refresh(game)
    return True


@hookimpl
def phaseline_answer_refusal(game, decision, answer):
    if decision["kind"] in battle.DECISIONS:
        return battle.answer_refusal(game, decision, answer)
    return None


@hookimpl
def phaseline_map_marks(game):
    return map_marks.map_marks(game)


@hookimpl
def phaseline_unit_values(game):
    return unit_values.unit_values(game)


@hookimpl
def phaseline_order_notes(game, actions):
    return battle.bonus.notes(game, actions) if any(a.verb == "bonus" for a in actions) else None


@hookimpl
def phaseline_standing(game):
    return standing.standing(game)


@hookimpl
def phaseline_game_end(game):
    return victory.final_outcome(game)
