"""10.0-10.17 the battles: placement (10.1, 10.2), rounds (10.3), the Japanese battle-plan count
(10.4), bonus markers (10.5, 10.7), and each round (10.6): aircraft moves (10.8, 10.9), the combat
steps a-g (10.10-10.17), landings, aircraft return and airfields, the round marker.

The strategic layer enters here for every battle: ``battle POINT`` calls :func:`begin`, and the
match's hooks (hooks.py) route the battle's steps (sequence.BATTLE), their verbs (place, bonus,
strike, fly) and the battle's decisions to the functions below. A battle's steps are
``battle-placement``, ``battle-bonus`` and one ``battle-air`` a round; when the battle is over the
next step is the combat phase again (:func:`next_step`).

The package: sheet.py (the sheet and its units), entry.py (onto the sheet and back), placement.py,
bonus.py (buying), markers.py (what each marker does), rounds.py (rounds, plan count, draw, round's
end), air_moves.py, first_strike.py, one module per combat step (air_combat, paired for AA and ASW,
bombing, submarines, bombardment, ground_combat) on exchange.py (a step's fire) and hits.py (where
hits go), recovery.py (landings, aircraft return), procedure.py (the order of it all, on agenda.py:
what is left to do when a decision stops a round)."""

from __future__ import annotations

from typing import Any

from phaseline import Action, Step
from phaseline import sequence as walker

from ... import sequence
from ..state import fcn_state
from . import agenda, air_moves, bonus, entry, first_strike, placement, procedure
from .sheet import sheet

DECISIONS = frozenset(
    {
        "sub-area",
        "escort-tie",
        "jp-hit",
        "us-hit",
        "aa-target",
        "asw-target",
        "first-strike-carrier",
        "bonus-use",
        "engagement",
        "us-air-removal",
        "jp-air-removal",
    }
)
PLAYS = {"place": placement.place, "bonus": bonus.buy, "strike": first_strike.strike, "fly": air_moves.fly}


def in_progress(match) -> bool:
    """Whether a battle is being fought."""
    return fcn_state(match)["battle_point"] is not None


def begin(match, point: str) -> None:
    """10.0 the battle at ``point`` begins: its units onto the sheet, then its placement step."""
    entry.enter(match, point)
    walker.advance(match)


def next_step(match, step: Step) -> Step | None:
    """The step after ``step`` while a battle is on (None: the turn's own sequence)."""
    if step.name == sequence.COMBAT.name:
        return sequence.BATTLE["battle-placement"] if in_progress(match) else None
    if not in_progress(match):
        return sequence.COMBAT  # 10.0 the next battle, or the end of the combat phase
    return sequence.BATTLE["battle-bonus" if step.name == "battle-placement" else "battle-air"]


def phase_start(match, step: Step) -> None:
    """A battle step begins: a round's start (10.6 step 1) before the player's aircraft fly."""
    if step.name == "battle-air":
        procedure.start(match, procedure.ROUND_START)


def phase_end(match, step: Step) -> bool | None:
    """A battle step ends (True holds it open for a decision)."""
    if step.name == "battle-placement":
        return procedure.finish_step(match, procedure.PLACEMENT_END)
    if step.name == "battle-air":
        return procedure.finish_step(match, procedure.FIGHT)
    return None


def end_refusal(match, step: Step, side: str | None):
    """Why ``side`` may not end the battle step ``step`` now, or None."""
    return None


def legal_actions(match, step: Step, side: str) -> list[Action]:
    """The orders of a battle step."""
    if step.name == "battle-placement":
        return placement.placements(match)
    if step.name == "battle-bonus":
        return bonus.purchases(match)
    if step.name == "battle-air":
        s = sheet(match)
        return first_strike.strikes(match, s) + air_moves.flights(match, s)
    return []


def play(match, action: Action) -> bool | None:
    """Carry out a battle order (place, bonus, strike, fly: the engine takes only the step's own)."""
    PLAYS[action.verb](match, action)
    procedure.run(match)
    return True


def answer(match, decision: dict[str, Any], chosen: str) -> None:
    """The answer to one of the battle's decisions: the round goes on from where it stood."""
    if not agenda.tasks(match):
        raise match.violation(f"no battle is being fought to answer {decision['kind']}", rule="10.0")
    agenda.answer(match, chosen)
    procedure.run(match)


def answer_refusal(match, decision: dict[str, Any], chosen: str):
    """Why ``chosen`` is refused as an answer to a battle decision, or None."""
    if decision["kind"] == "us-hit" and chosen in sheet(match).pieces:
        cost = decision["context"].get("cost")
        return match.violation(
            f"{chosen} may not take this hit: the cheapest eligible US units (cost {cost}) take hits first "
            f"({', '.join(decision['choices'])})",
            rule="10.10",
        )
    return None
