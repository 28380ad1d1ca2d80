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
def phaseline_load_scenario(match, scenario):
    loading.load(match, scenario)
    return True


@hookimpl
def phaseline_setup(match):
    setup.set_up(match)


@hookimpl
def phaseline_sequence(match, turn):
    return sequence.steps()


@hookimpl
def phaseline_turn_start(match, turn):
    phases.begin_turn(match, turn)


@hookimpl
def phaseline_turn_end(match, turn):
    victory.end_of_turn(match, turn)


def _refresh(match) -> None:
    """4.1 the objective markers follow the units (not while a battle has them on its sheet)."""
    if not battle.in_progress(match):
        holding.refresh(match)


@hookimpl
def phaseline_phase_start(match, step):
    if _in_battle(step):
        battle.phase_start(match, step)
    else:
        if step.name == sequence.COMBAT.name:  # 10.0 back from a battle: the turn goes on from the combat phase
            sequence.renumber(match, step)
        phases.begin(match, step)
    _refresh(match)


@hookimpl
def phaseline_phase_end(match, step):
    if _in_battle(step):
        return battle.phase_end(match, step)
    phases.end(match, step)
    _refresh(match)
    return None


@hookimpl
def phaseline_next_step(match, step):
    if step.name == sequence.COMBAT.name or _in_battle(step):
        return battle.next_step(match, step)  # 10.0 a battle's steps, then the combat phase again
    return None


@hookimpl
def phaseline_end_refusal(match, step, side):
    if _in_battle(step):
        return battle.end_refusal(match, step, side)
    if step.name == sequence.COMBAT.name:
        return combat.end_refusal(match)
    return None


@hookimpl
def phaseline_legal_actions(match, side):
    step = match.step
    if _in_battle(step):
        return battle.legal_actions(match, step, side)
    if side == JP:
        return japanese.legal_actions(match, step)
    return phases.legal_actions(match, step)


@hookimpl
def phaseline_play(match, action):
    if _in_battle(match.step):
        handled = battle.play(match, action)
    else:
        handler = PLAYS.get(action.verb)
        if handler is not None:
            handler(match, action)
        handled = handler is not None
    if handled:
        _refresh(match)
    return handled or None


@hookimpl
def phaseline_rules_choose(match, side):
    return japanese.choose(match, side)


@hookimpl
def phaseline_answer(match, decision, answer):
    if decision["kind"] in battle.DECISIONS:
        battle.answer(match, decision, answer)
    else:
        japanese.answer(match, decision, answer)
    _refresh(match)
    return True


@hookimpl
def phaseline_answer_refusal(match, decision, answer):
    if decision["kind"] in battle.DECISIONS:
        return battle.answer_refusal(match, decision, answer)
    return None


@hookimpl
def phaseline_map_marks(match):
    return map_marks.map_marks(match)


@hookimpl
def phaseline_unit_values(match):
    return unit_values.unit_values(match)


@hookimpl
def phaseline_order_notes(match, actions):
    return battle.bonus.notes(match, actions) if any(a.verb == "bonus" for a in actions) else None


@hookimpl
def phaseline_standing(match):
    return standing.standing(match)


@hookimpl
def phaseline_game_end(match):
    return victory.final_outcome(match)
