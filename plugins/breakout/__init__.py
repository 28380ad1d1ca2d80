"""Breakout: Normandy (area-impulse, 6-12 June 1944): hook implementations only.

The rules live in rules/ (one module per rule family), the sequence of play in
sequence.py, the scenarios in scenarios.py and the data in scenarios/breakout.
"""

from __future__ import annotations

from pathlib import Path

from phaseline import Event, GameInfo, hookimpl

from . import loading, map_marks, optional, sequence, setup
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
    entering,
    landings,
    movement,
    naval_air,
    offshore,
    primary,
    refit,
    regroup,
    reinforcements,
    rerolls,
    resolution,
    supply,
    victory,
    works,
)
from .rules.weather import storm_at_refit
from .scenarios import GERMAN, scenarios
from .tables import TABLES

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
RULINGS = {
    combat.ARTILLERY_ADDS_AV: "9.7/16.1: artillery entering with the point unit adds +1 AV like any participant "
    "(digest ruling 2 reads it as adding nothing)",
    advantage.LOST_AT_IMPULSE_END: "11.2: a loss-triggered Advantage transfer waits for the end of the impulse "
    "(digest ruling 16 makes it immediate)",
    works.SPENT_ONLY: "15.2 read literally: only Spent (not Fresh) contesting Allied units remove the works",
    naval_air.FRIENDLY_FIRE_AS_BOMBARDMENT: "17.3: friendly fire resolves the strike again with the attacker's DR "
    "halved, against the Allies' TEM + DR (default: the halved DR is the AP)",
    dday.NO_WAVE_CAP: "21.5: no cap of 5 landing units per beach in the Amphibious Assault phase (stacking only)",
    victory.SAME_NATION: "12.5, 22.1, 22.3 (digest 8.2 ruling 9, other reading): breakout and VP need a supply "
    "line to a beach of the unit's or the area's own nationality",
    entering.ZONE_AS_AREA: "14.2/8.35: a unit leaving a contested zone enters an enemy-held or enemy-occupied "
    "area only from a vacant one, as from an area (default: 14.2 lifts every movement restriction of a "
    "contested zone)",
    advantage.SHIFT_OPTIONAL: "11.2/11.23: the player entitled to a Sunset DRM shift may also leave the marker "
    "where it is (default: it moves the spaces earned, the way that player chooses)",
    primary.BORDERS_TARGET: "10.1/20.2: a construction marker named the primary target of a field-artillery "
    "bombardment must be on a bridge bordering the target area too (default, the seed's words: a border of "
    "the primary artillery unit's area)",
    refit.NEAREST_DEPOT: "12.5: a unit two or more depots can refit pays from the cheapest (nearest) of them "
    "(default, the seed's words 「最も遠い集積所から」: the farthest that can pay)",
    refit.AS_EVEN_AS_POSSIBLE: "24.7: a Reserve top-up of any SP is spread as evenly as they allow, the lowest "
    "beach depot first (default, the seed's 「各海岸補給が均等になるように」: the depots below 10 must end equal)",
    refit.EARLIER_RESERVE: "12.53: a purchase of impulses spends only the Reserve held before this Refit phase's "
    "unused SP are banked (default: the SP banked as this phase ends may pay for it, at its end)",
    offshore.BY_REGROUP: "3.5/13: only units sent to the Offshore box in Regroup (regroup UNIT OFFSHORE) are "
    "redeployed at Dawn; others wait in their approach box (default, the seed's 3.5 and the digest: every "
    "unit that did not land the previous day is offshore)",
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
            bare_verbs=BARE_VERBS,
            decisions=DECISIONS,
            rulings=RULINGS,
        )
    )


@hookimpl
def phaseline_register_rules(register):
    """The optional rules 23.2 and 23.3, each its own plugin (optional/)."""
    for rule in optional.rules(VERSION):
        register(rule)


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
    return day.next_step(game, step)


@hookimpl
def phaseline_legal_actions(game, side):
    step = game.step
    if step.name in OPENING_ACTIONS:
        return OPENING_ACTIONS[step.name](game, side)
    if step.phase == "daylight":
        found = movement.legal_moves(game, side) + combat.legal_attacks(game, side)
        found += bridges.legal_bridge_actions(game, side) + demolition.legal_demolitions(game, side)
        found += advantage.legal_doubles(game, side)
        today = day.board(game).day
        if today["activated"] is None:
            found += [*landings.legal_landings(game, side), *bombardment.legal_bombardments(game, side)]
            if not today["double_impulse"]:
                found.append(_pass(side))
        return found
    if step.phase == "regroup":
        return regroup.legal_regroups(game, side) + landings.legal_landings(game, side)
    if step.phase == "refit":
        return refit.legal_refit_actions(game, side)
    return []


def _pass(side):
    from phaseline import Action

    return Action("pass", (), side)


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
        "pass": pass_impulse,
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


@hookimpl
def phaseline_answer(game, decision, answer):
    if decision["kind"] in resolution.DECISIONS:
        resolution.answer(game, decision, answer)
        return True
    if decision["kind"] in bombardment.DECISIONS:
        bombardment.answer(game, decision, answer)
        return True
    if decision["kind"] == reinforcements.BOX_DECISION:
        reinforcements.answer_box(game, decision, answer)
        return True
    if decision["kind"] == rerolls.KIND:
        rerolls.answer(game, decision, answer)
        return True
    if decision["kind"] == "interdiction-reroll":
        movement.answer_interdiction(game, decision, answer)
        return True
    if decision["kind"] == advantage.SHIFT_DECISION:
        advantage.answer_shift(game, decision, answer)
        return True
    if decision["kind"] == board.NATIONALITY_DECISION:
        board.answer_nationality(game, decision, answer)
        return True
    if decision["kind"] == "friendly-fire-primary":
        naval_air.answer_friendly_fire(game, decision, answer)
        return True
    return None


def pass_impulse(game, action) -> None:
    """8.6: a pass ends the impulse at once (an Allied pass still rolls the Sunset DR)."""
    from phaseline import sequence as walker

    if action.args:
        raise game.violation("pass takes no arguments: pass", "8.6")
    if day.board(game).day["activated"] is not None or day.board(game).day["double_impulse"]:
        raise game.violation("a player who has activated an area cannot pass; end the impulse instead", "8.6")
    game.set("bkn_day", {}, kind="pass")
    game.log(Event("note", side=action.side, purpose=f"{action.side} passes", rule="8.6"))
    walker.end_step(game)


@hookimpl
def phaseline_game_end(game):
    return victory.final_outcome(game)


@hookimpl
def phaseline_map_marks(game):
    return map_marks.map_marks(game)


@hookimpl
def phaseline_supply(game, side):
    return map_marks.supplied(game, side)
