"""10.0-10.17 the battles: placement (10.1, 10.2), rounds (10.3), the Japanese battle-plan count
(10.4), bonus markers (10.5, 10.7), and each round (10.6): aircraft moves (10.8, 10.9), the combat
steps a-g (10.10-10.17), landings, aircraft return and airfields, the round marker.

The strategic layer enters here for every battle: ``battle POINT`` calls :func:`begin`, and the
match's hooks (hooks.py) route the battle's steps (sequence.BATTLE), their verbs (place, bonus,
strike, fly) and the battle's decisions to the functions below. When a battle is over the next
step is the combat phase again (``next_step``); the defeat at Hawaii is victory.hawaii_defeat.

The battle procedure is not built yet (the rule index lists 10.1-10.17 as not yet): a battle is
refused, loudly, rather than resolved by a stand-in.
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Step

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
    }
)


def begin(game, point: str) -> None:
    """10.0 the battle at ``point`` begins (its first step follows from :func:`next_step`)."""
    raise game.violation(
        f"the battle at {point} cannot be fought: the battle procedure (10.1-10.17) is not built yet", rule="10.0"
    )


def next_step(game, step: Step) -> Step | None:
    """The step after ``step`` while a battle is on (None: the turn's own sequence)."""
    return None


def phase_start(game, step: Step) -> None:
    """A battle step begins."""


def phase_end(game, step: Step) -> bool | None:
    """A battle step ends (True holds it open for a decision)."""
    return None


def end_refusal(game, step: Step, side: str | None):
    """Why ``side`` may not end the battle step ``step`` now, or None."""
    return None


def legal_actions(game, step: Step, side: str) -> list[Action]:
    """The orders of a battle step."""
    return []


def play(game, action: Action) -> bool | None:
    """Carry out a battle order (place, bonus, strike, fly); None: not a battle order."""
    return None


def answer(game, decision: dict[str, Any], chosen: str) -> None:
    """The answer to one of the battle's decisions."""
    raise game.violation(f"no battle is being fought to answer {decision['kind']}", rule="10.0")


def answer_refusal(game, decision: dict[str, Any], chosen: str):
    """Why ``chosen`` is refused as an answer to a battle decision, or None."""
    return None
