"""Breakout: Normandy's hooks: what a match of the game calls, from set-up to the final outcome.

Registered by __init__.py as the game's plugin (by import path, so it is imported only when a
match opens); each hook hands over to the rule module that owns the question. This is the
top of the game's layers: it imports the sequence of play (sequence.py) and the rules
(rules/), which import only downward (tests/test_layers.py).
"""

from __future__ import annotations

from phaseline import hookimpl

from . import loading, map_marks, sequence, setup
from .rules import (
    advantage,
    attack_refusals,
    board,
    bombardment,
    bridges,
    combat,
    commitment,
    control,
    day,
    dday,
    dday_bombardment,
    demolition,
    landings,
    movement,
    naval_air,
    refit,
    regroup,
    reinforcements,
    rerolls,
    resolution,
    standing,
    supply,
    victory,
)
from .rules.weather import storm_at_refit
from .scenarios import GERMAN
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
    return sequence.steps_for(turn, dday.has_opening(match))


@hookimpl
def phaseline_phase_start(match, step):
    if step.name == "airborne":
        dday.drop(match)
    elif step.name == "dawn":
        day.dawn(match, match.clock.turn)
    elif step.phase == "daylight":
        day.begin_impulse(match, step)
        supply.note_impulse_weather(match)  # 18.41
    elif step.phase == "refit":
        refit.begin_refit(match, step.side)
        if step.side == GERMAN:
            storm_at_refit(match)  # 24.5: the storm may begin as the Refit phase does
    elif step.phase == "regroup":
        regroup.begin_regroup(match, step)
        landings.begin_phase(match)


OPENING_END = {
    "naval-bombardment": dday_bombardment.end_naval,
    "air-bombardment": dday_bombardment.end_air,
    "amphibious-assault": dday.end_assault,
}
OPENING_ACTIONS = {
    "airborne": dday.airborne_actions,
    "naval-bombardment": dday_bombardment.naval_actions,
    "air-bombardment": dday_bombardment.air_actions,
    "amphibious-assault": dday.assault_actions,
}
OPENING_ORDERS = {
    ("airborne", "attack"): dday.airborne_attack,
    ("airborne", "secure"): dday.secure,
    ("naval-bombardment", "bombard"): dday_bombardment.naval_bombard,
    ("air-bombardment", "bombard"): dday_bombardment.declare_air,
    ("amphibious-assault", "wave"): dday.wave,
    ("amphibious-assault", "assault"): dday.assault,
}


@hookimpl
def phaseline_phase_end(match, step):
    """True holds the step open: a roll waits for the Advantage holder's answer (11.6)."""
    if step.phase == "daylight":
        bridges.clear_attempts(match)
        return day.end_impulse(match, step) or None  # 22.1: a breakout is checked once the sunset is settled
    if step.phase == "refit":
        return refit.end_refit(match, step.side) or None
    if step.name in OPENING_END and OPENING_END[step.name](match):
        return True  # 21.5: an interdiction dr waits; the assaults follow its answer
    advantage.pass_if_used(match)  # 11.2: used in Dawn, a D-Day phase or Regroup, it passes as the phase ends
    return None


@hookimpl
def phaseline_turn_end(match, turn):
    victory.week_end(match, turn)  # 24.1


@hookimpl
def phaseline_end_refusal(match, step, side):
    if step.phase == "daylight" and side == step.side:
        return combat.forced_attack_waiting(match, side)
    if step.name == "amphibious-assault":
        return dday.missing_waves(match)  # 21.5: the first waves are the Allied player's to choose
    return None


@hookimpl
def phaseline_next_step(match, step):
    return sequence.next_step(match, step)


@hookimpl
def phaseline_legal_actions(match, side):
    step = match.step
    if step.name in OPENING_ACTIONS:
        return OPENING_ACTIONS[step.name](match, side)
    if step.phase == "daylight":
        found = movement.legal_moves(match, side) + combat.legal_attacks(match, side)
        found += bridges.legal_bridge_actions(match, side) + demolition.legal_demolitions(match, side)
        found += advantage.legal_doubles(match, side)
        if board.board(match).day["activated"] is None:
            found += [*landings.legal_landings(match, side), *bombardment.legal_bombardments(match, side)]
        return found + day.legal_pass(match, side)
    if step.phase == "regroup":
        return regroup.legal_regroups(match, side) + landings.legal_landings(match, side)
    if step.phase == "refit":
        return refit.legal_refit_actions(match, side)
    return []


@hookimpl
def phaseline_play(match, action):
    opening = OPENING_ORDERS.get((match.clock.step, action.verb))
    if opening is not None:
        opening(match, action)
        return True
    handlers = {
        "land": landings.land,
        "move": movement.move,
        "attack": combat.attack,
        "bombard": bombardment.bombard,
        "regroup": regroup.regroup,
        "seize": bridges.seize,
        "repair": repair,
        "demolish": demolition.demolish,
        "depot": refit.place_depot,
        "refit": refit.refit_unit,
        "airsupply": refit.air_supply,
        "buy": refit.buy_impulses,
        "topup": refit.top_up,
        "pass": day.pass_impulse,
        "double": advantage.declare_double,
    }
    handler = handlers.get(action.verb)
    if handler is None:
        return None
    handler(match, action)
    return True


def repair(match, action) -> None:
    """20.2: repairs open an Assault impulse, or are night construction in one's Refit phase."""
    if match.step.phase == "refit":
        refit.night_construction(match, action)
    else:
        bridges.repair(match, action)


ANSWERS = {  # decision kind -> the rule that carries on with the answer
    **dict.fromkeys(resolution.DECISIONS, resolution.answer),
    **dict.fromkeys(bombardment.DECISIONS, bombardment.answer),
    reinforcements.BOX_DECISION: reinforcements.answer_box,
    rerolls.KIND: rerolls.answer,
    "interdiction-reroll": movement.answer_interdiction,
    advantage.SHIFT_DECISION: advantage.answer_shift,
    control.NATIONALITY_DECISION: control.answer_nationality,
    "friendly-fire-primary": naval_air.answer_friendly_fire,
}


@hookimpl
def phaseline_answer(match, decision, answer):
    handler = ANSWERS.get(decision["kind"])
    if handler is None:
        return None
    handler(match, decision, answer)
    return True


@hookimpl
def phaseline_order_refusal(match, action):
    return dday.secure_refusal(match, action)


@hookimpl
def phaseline_answer_refusal(match, decision, answer):
    return attack_refusals.answer_refusal(match, decision, answer)


@hookimpl
def phaseline_undo_refusal(match, first_seq, last_seq):
    return commitment.undo_refusal(match, first_seq, last_seq)  # 8.13


@hookimpl
def phaseline_game_end(match):
    return victory.final_outcome(match)


@hookimpl
def phaseline_map_marks(match):
    return map_marks.map_marks(match)


@hookimpl
def phaseline_supply(match, side):
    return map_marks.supplied(match, side)


@hookimpl
def phaseline_standing(match):
    return standing.standing(match)


@hookimpl
def phaseline_combat_preview(match, actions):
    if match.clock.step == "airborne":  # 21.2: tonight the paratroops attack where they dropped

        def dropped(area):
            return [u for u in dday.paratroops(match) if u["space_id"] == area]

        return combat.previews(match, actions, waiting=dropped, special="airborne")
    return combat.previews(match, actions)
