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
def phaseline_load_scenario(match, scenario):
    loading.load(match, scenario)
    return True


@hookimpl
def phaseline_setup(match):
    setup.set_up(match)


@hookimpl
def phaseline_sequence(match, turn):
    skip = bool(bfg_state(match)["skip_soviet_11"])
    return sequence.steps_for(match.scenario.settings["sequence"], turn, skip_soviet=skip)


@hookimpl
def phaseline_phase_start(match, step):
    phases.begin(match, step)


@hookimpl
def phaseline_end_refusal(match, step):
    return phases.end_refusal(match, step)


@hookimpl
def phaseline_phase_end(match, step):
    if berlin_falls_now(match, step):  # 12.22, 13.1: first of all, what optional rules do as Berlin falls
        match.hook.bfg_berlin_falls(match=match, step=step)
    refusal = phases.end_refusal(match, step)  # 5.3, 12.21, 16.32 however the step ends
    if refusal is not None:
        raise refusal
    phases.end(match, step)


@hookimpl
def phaseline_legal_actions(match, side):
    step = match.step
    if step.phase == "movement":
        return movement.legal_moves(match, step) + phases.legal_movement_extras(match, step)
    if step.phase == "combat":
        return combat.legal_attacks(match, step)
    return phases.legal_replacement_actions(match, step)


@hookimpl
def phaseline_combat_preview(match, actions):
    return combat.previews(match, actions)


@hookimpl
def phaseline_play(match, action):
    handlers = {
        "move": movement.move,
        "attack": combat.attack,
        **phases.ACTION_HANDLERS,
    }
    handler = handlers.get(action.verb)
    if handler is None:
        return None
    handler(match, action)
    return True


@hookimpl
def phaseline_answer(match, decision, answer):
    combat.answer(match, decision, answer) if decision["kind"] in combat.DECISIONS else phases.answer(
        match, decision, answer
    )
    return True


@hookimpl
def phaseline_answer_refusal(match, decision, answer):
    refuse = combat.answer_refusal if decision["kind"] in combat.DECISIONS else phases.answer_refusal
    return refuse(match, decision, answer)


@hookimpl
def phaseline_combat_result(match, combat):
    sql = "SELECT odds, die, result FROM bfg_crt WHERE match_id = ?"
    crt = match.derived(
        "bfg crt", (), lambda: {(r["odds"], r["die"]): r["result"] for r in match.rows(sql, [match.match_id])}
    )
    return crt.get((combat["odds"], combat["die"]))  # the chart is copied into the match: read once


@hookimpl
def phaseline_game_end(match):
    return victory.final_outcome(match)


@hookimpl
def phaseline_turn_end(match, turn):
    if turn >= match.last_turn:
        match.log(Event("note", purpose=f"turn {turn} was the last turn", rule=match.scenario.rule))


@hookimpl
def phaseline_standing(match):
    return standing.standing(match)


@hookimpl
def phaseline_map_marks(match):
    return map_marks.map_marks(match)
