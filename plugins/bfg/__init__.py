"""Battle for Germany (SPI, 2nd edition): hook implementations only.

The rules live in rules/ (one module per rule family), the sequence of play in
sequence.py, the scenarios in scenarios.py and the data in scenarios/bfg.
"""

from __future__ import annotations

from pathlib import Path

from phaseline import Event, GameInfo, hookimpl

from . import hookspecs, loading, optional, sequence, setup
from .rules import combat, movement, phases, victory
from .rules.state import bfg_state
from .scenarios import scenarios
from .tables import TABLES

VERSION = "0.1.0"
RULINGS = {
    "terrain-plus-one": "6.82: three effects give x4 (each extra doubling adds one) instead of the literal x5",
    "ex-no-advance": "6.91: after Ex the attacker is not victorious and may not advance",
    "soviet-destroys-fortress": "6.83: Soviet entry destroys a fortress too",
    "exit-any-allied": "9.1: an exit removes the nearest Allied or Soviet units, not only the exiting force's enemy",
    "expanded-vp-without-berlin": "12.23/13.0: an Expanded game in which nobody took Berlin is decided on victory "
    "points (default: a draw, 12.23 unmodified by 13.1)",
    "replacements-respect-stacking": "5.3/7.2: a replacement may not be placed where two friendly units stand "
    "(default: the limit binds at the end of the Movement Phase, 5.3; either way only enemy units send a German "
    "replacement across the boundary, 7.24)",
    "yugoslav-advance-home": "5.51/5.52: an advance may cross the Yugoslav border back to the unit's own side (a "
    "Yugoslav unit retreated out of Yugoslavia back in, a Soviet one retreated in back out; default: never across)",
    "yugoslavia-exit-by-movement": "5.52: a Soviet unit retreated into Yugoslavia must leave it by the end of the "
    "next Soviet Movement Phase, as 5.42 says of the boundary (default: during the whole following turn, "
    "「続くターンの間に」, eliminated at its end)",
    "12.21-per-hex": "12.21: each hex of a multi-hex attack counts as one of the two turn-1 attacks (default: one "
    "combat is one attack, 6.7)",
}
VERBS = {
    "move": "Move a unit: move UNIT HEX, or several in one order: move UNIT HEX UNIT HEX … (5.0).",
    "attack": "Attack: attack UNIT[,UNIT…] HEX[,HEX] (6.0).",
    "replace": "Return an eliminated unit: replace UNIT HEX (7.0).",
    "courland": "Take a unit out of the Courland box: courland UNIT [HEX] (8.0).",
    "exit": "Exit a German unit off the map edge: exit UNIT (9.0).",
    "shift": "Three-player strategic shift, tripled MA: shift UNIT [HEX] (16.32).",
}
DECISIONS = {  # every question the game asks a player, answered with `choose`
    "retreat": "The hex a unit forced to retreat goes to: choose HEX (6.21, 6.22).",
    "exchange-losses": "Which attackers an exchange removes: choose UNIT[,UNIT…] (6.2).",
    "advance": "Advance after combat: choose UNIT>HEX, or none (6.9).",
    "exit-removal": "Remove the two enemy units nearest a German exit: choose remove, or none (9.1, 9.2).",
    "exit-penalty": "Which of equally near enemy units the exit removes: choose UNIT (9.1, 9.2).",
    "courland-port": "The port hex a unit evacuated from Courland lands at: choose HEX (8.0).",
}


@hookimpl
def phaseline_register_games(register):
    register(
        GameInfo(
            name="battle-for-germany",
            title="Battle for Germany",
            version=VERSION,
            plugin=__import__(__name__, fromlist=["*"]),
            scenarios=scenarios(),
            rule_index=Path(__file__).parent / "rule_index.csv",
            short="BfG",
            rulings=RULINGS,
            verbs=VERBS,
            decisions=DECISIONS,
            hookspecs=hookspecs,
        )
    )


@hookimpl
def phaseline_register_rules(register):
    """The optional rules 12.3 and 13.2, each its own plugin (optional/)."""
    for rule in optional.rules(VERSION):
        register(rule)


@hookimpl
def phaseline_register_bots(register):
    from phaseline import BotInfo

    from .bot import HeuristicBot

    register(BotInfo("heuristic", "battle-for-germany", HeuristicBot, "attacks at the best odds, holds lines"))


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
