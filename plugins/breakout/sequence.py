"""The sequence of play (6.1): each day is Dawn, Daylight (alternating impulses), Refit, Regroup.

Turn 1 (D-Day, 6.21, 21.1) replaces Dawn with four phases: 1A Airborne Drop, 1B Naval
Bombardment, 1C Air Bombardment and 1D Amphibious Assault; Daylight then starts with
German impulse 0 (21.6). A match without a D-Day set-up card (a test position) plays
turn 1's Dawn instead. Daylight's impulses repeat until the sunset roll ends the day:
:func:`next_step` decides (6.3, phaseline_next_step). Allied units still in an approach box
may land in the Allied Regroup phase (19.3).
"""

from __future__ import annotations

from phaseline.model import Step

from .rules import refit
from .rules.board import board
from .scenarios import ALLIED, GERMAN

IMPULSE_VERBS = ("move", "attack", "bombard", "pass", "land", "seize", "repair", "demolish", "double")
DDAY_OPENING = (
    Step("airborne", "dawn", ALLIED, "1A Airborne Drop Phase", "21.2", ("attack", "secure")),
    Step("naval-bombardment", "dawn", ALLIED, "1B Naval Bombardment Phase", "21.3", ("bombard",)),
    Step("air-bombardment", "dawn", ALLIED, "1C Air Bombardment Phase", "21.4", ("bombard",)),
    Step("amphibious-assault", "dawn", ALLIED, "1D Amphibious Assault Phase", "21.5", ("wave", "assault")),
)


def steps_for(turn: int, opening: bool) -> list[Step]:
    """The declared steps of a day; Daylight shows one impulse pair, repeated dynamically."""
    first = list(DDAY_OPENING) if turn == 1 and opening else [Step("dawn", "dawn", None, "Dawn Phase", "6.2")]
    return [
        *first,
        Step("german-impulse", "daylight", GERMAN, "German impulse", "8.1", IMPULSE_VERBS),
        Step("allied-impulse", "daylight", ALLIED, "Allied impulse", "8.1", IMPULSE_VERBS),
        Step("german-refit", "refit", GERMAN, "German Refit Phase", "6.4", refit.STEP_VERBS[GERMAN]),
        Step("allied-refit", "refit", ALLIED, "Allied Refit Phase", "6.4", refit.STEP_VERBS[ALLIED]),
        Step("german-regroup", "regroup", GERMAN, "German Regroup Phase", "6.5", ("regroup",)),
        Step("allied-regroup", "regroup", ALLIED, "Allied Regroup Phase", "6.5", ("regroup", "land")),
    ]


def named(match, name: str) -> Step:
    return next(s for s in match.steps(match.clock.turn) if s.name == name)


def next_step(match, step: Step) -> Step | None:
    """The step after ``step`` once Daylight has begun (6.1, 6.3): impulses alternate until the
    day is over, then the Germans refit first (12.4) and regroup first (6.5)."""
    if step.name == "german-impulse":
        over = board(match).day["day_over"]
        return named(match, "german-refit" if over else "allied-impulse")
    if step.name == "allied-impulse":
        return named(match, "german-refit" if board(match).day["day_over"] else "german-impulse")
    if step.name == "german-refit":  # 12.4: the Germans refit first
        return named(match, "allied-refit")
    if step.name == "allied-refit":
        return named(match, "german-regroup")
    if step.name == "german-regroup":
        return named(match, "allied-regroup")
    return None
