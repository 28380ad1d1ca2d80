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
    board,
    bombardment,
    bridges,
    combat,
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
def phaseline_load_scenario(game, scenario):
    loading.load(game, scenario)
    return True


@hookimpl
def phaseline_setup(game):
    setup.set_up(game)


@hookimpl
def phaseline_sequence(game, turn):
    return sequence.steps_for(turn, dday.has_opening(game))


@hookimpl
def phaseline_phase_start(game, step):
    if step.name == "airborne":
        dday.drop(game)
    elif step.name == "dawn":
        day.dawn(game, game.clock.turn)
    elif step.phase == "daylight":
        day.begin_impulse(game, step)
        supply.note_impulse_weather(game)  # 18.41
    elif step.phase == "refit":
        refit.begin_refit(game, step.side)
        if step.side == GERMAN:
            storm_at_refit(game)  # 24.5: the storm may begin as the Refit phase does
    elif step.phase == "regroup":
        regroup.begin_regroup(game, step)
        landings.begin_phase(game)


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
def phaseline_phase_end(game, step):
    """True holds the step open: a roll waits for the Advantage holder's answer (11.6)."""
    if step.phase == "daylight":
        bridges.settle_holders(game)  # 20.1, 8.511
        bridges.clear_attempts(game)
        return day.end_impulse(game, step) or None  # 22.1: a breakout is checked once the sunset is settled
    if step.phase == "refit":
        return refit.end_refit(game, step.side) or None
    if step.name in OPENING_END and OPENING_END[step.name](game):
        return True  # 21.5: an interdiction dr waits; the assaults follow its answer
    advantage.pass_if_used(game)  # 11.2: used in Dawn, a D-Day phase or Regroup, it passes as the phase ends
    return None


@hookimpl
def phaseline_turn_end(game, turn):
    victory.week_end(game, turn)  # 24.1


@hookimpl
def phaseline_end_refusal(game, step, side):
    if step.phase == "daylight" and side == step.side:
        return combat.forced_attack_waiting(game, side)
    if step.name == "amphibious-assault":
        return dday.missing_waves(game)  # 21.5: the first waves are the Allied player's to choose
    return None


@hookimpl
def phaseline_next_step(game, step):
    return sequence.next_step(game, step)


@hookimpl
def phaseline_legal_actions(game, side):
    step = game.step
    if step.name in OPENING_ACTIONS:
        return OPENING_ACTIONS[step.name](game, side)
    if step.phase == "daylight":
        found = movement.legal_moves(game, side) + combat.legal_attacks(game, side)
        found += bridges.legal_bridge_actions(game, side) + demolition.legal_demolitions(game, side)
        found += advantage.legal_doubles(game, side)
        if board.board(game).day["activated"] is None:
            found += [*landings.legal_landings(game, side), *bombardment.legal_bombardments(game, side)]
        return found + day.legal_pass(game, side)
    if step.phase == "regroup":
        return regroup.legal_regroups(game, side) + landings.legal_landings(game, side)
    if step.phase == "refit":
        return refit.legal_refit_actions(game, side)
    return []


@hookimpl
def phaseline_play(game, action):
    opening = OPENING_ORDERS.get((game.clock.step, action.verb))
    if opening is not None:
        opening(game, action)
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
    handler(game, action)
    return True


def repair(game, action) -> None:
    """20.2: repairs open an Assault impulse, or are night construction in one's Refit phase."""
    if game.step.phase == "refit":
        refit.night_construction(game, action)
    else:
        bridges.repair(game, action)


ANSWERS = {  # decision kind -> the rule that carries on with the answer
    **dict.fromkeys(resolution.DECISIONS, resolution.answer),
    **dict.fromkeys(bombardment.DECISIONS, bombardment.answer),
    reinforcements.BOX_DECISION: reinforcements.answer_box,
    rerolls.KIND: rerolls.answer,
    "interdiction-reroll": movement.answer_interdiction,
    advantage.SHIFT_DECISION: advantage.answer_shift,
    board.NATIONALITY_DECISION: board.answer_nationality,
    "friendly-fire-primary": naval_air.answer_friendly_fire,
}


@hookimpl
def phaseline_answer(game, decision, answer):
    handler = ANSWERS.get(decision["kind"])
    if handler is None:
        return None
    handler(game, decision, answer)
    return True


@hookimpl
def phaseline_game_end(game):
    return victory.final_outcome(game)


@hookimpl
def phaseline_map_marks(game):
    return map_marks.map_marks(game)


@hookimpl
def phaseline_supply(game, side):
    return map_marks.supplied(game, side)


@hookimpl
def phaseline_standing(game):
    return standing.standing(game)


@hookimpl
def phaseline_combat_preview(game, actions):
    if game.clock.step == "airborne":  # 21.2: tonight the paratroops attack where they dropped

        def dropped(area):
            return [u for u in dday.paratroops(game) if u["space_id"] == area]

        return combat.previews(game, actions, waiting=dropped, special="airborne")
    return combat.previews(game, actions)
