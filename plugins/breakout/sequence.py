"""The sequence of play (6.1): each day is Dawn, Daylight (alternating impulses), Refit, Regroup.

Turn 1 (D-Day, 6.21) replaces Dawn with the airborne drop; its naval and air
bombardment phases are not played yet (21.3, 21.4) and the amphibious assault is made
in Daylight impulses from the approach boxes (rule index: 21 not yet). Daylight's
impulses repeat until the sunset roll ends the day: phaseline_next_step decides (6.3).
"""

from __future__ import annotations

from phaseline.model import Step

from .scenarios import ALLIED, GERMAN

IMPULSE_VERBS = ("move", "attack", "bombard", "pass", "double")


def steps_for(turn: int) -> list[Step]:
    """The declared steps of a day; Daylight shows one impulse pair, repeated dynamically."""
    first = (
        Step("airborne", "dawn", None, "1A Airborne Drop Phase", "21.2")
        if turn == 1
        else Step("dawn", "dawn", None, "Dawn Phase", "6.2")
    )
    return [
        first,
        Step("german-impulse", "daylight", GERMAN, "German impulse", "8.1", IMPULSE_VERBS),
        Step("allied-impulse", "daylight", ALLIED, "Allied impulse", "8.1", IMPULSE_VERBS),
        Step("refit", "refit", None, "Refit Phase", "6.4"),
        Step("german-regroup", "regroup", GERMAN, "German Regroup Phase", "6.5", ("regroup",)),
        Step("allied-regroup", "regroup", ALLIED, "Allied Regroup Phase", "6.5", ("regroup",)),
    ]


def named(game, name: str) -> Step:
    return next(s for s in game.steps(game.clock.turn) if s.name == name)
