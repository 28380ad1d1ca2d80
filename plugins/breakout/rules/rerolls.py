"""Other rerolls (11.6): the holder of the Advantage may have any DR or dr rerolled.

Seed 11.6: the Advantage may be used to reroll any DR/dr other than an attack's (those
are 11.3's, rolled in resolution.py; bombardment and air interdiction ask their own
decisions). Here: the Sunset DR rolled alone (6.3, 11.5), bridge seizure, repair and
demolition (20.2-20.4), Cherbourg's refit (12.62), surrender (12.8), air supply (12.9),
coastal interdiction (19.4), the storm dr (24.5) and the Mulberry drs (24.6).

A roll is made with :func:`roll`, naming what follows it. While someone may use the
Advantage, its holder owes an ``other-reroll`` decision ("keep" first: a bot's default)
and what follows the roll waits for the answer; the rolled-again result stands. A roll
made as a step ends holds the step open (the engine waits, the day does not end) until
the answer is settled, and then the step ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from phaseline import sequence as walker

from . import advantage
from .dice import roll_dr

KIND = "other-reroll"
KEEP, REROLL = "keep", "reroll"
Follow = Callable[[Any, dict[str, Any], int], None]
FOLLOWS: dict[str, Follow] = {}
Resume = Callable[[Any, dict[str, Any]], None]
RESUMES: dict[str, Resume] = {}


def follows(name: str) -> Callable[[Follow], Follow]:
    """Register what follows a roll: ``fn(game, context, die)`` applies the die's result."""

    def register(fn: Follow) -> Follow:
        FOLLOWS[name] = fn
        return fn

    return register


def resumes(name: str) -> Callable[[Resume], Resume]:
    """Register what waits for a chain of rolls: ``fn(game, context)`` goes on once the last is settled."""

    def register(fn: Resume) -> Resume:
        RESUMES[name] = fn
        return fn

    return register


def resume(match, after: dict[str, Any] | None, **results: Any) -> None:
    """Go on with ``after`` ({"then": name, "context": {...}}; None: nothing waits), given ``results``."""
    if after is not None:
        RESUMES[after["then"]](match, {**after["context"], **results})


def roll(
    match,
    side: str | None,
    purpose: str,
    rule: str,
    then: str,
    context: dict[str, Any],
    *,
    dice: int = 1,
    step_end: bool = False,
) -> bool:
    """Roll a dr (``dice=1``) or a DR (2) for ``side`` (None: nobody's, as the weather's); offer
    the reroll, or go on at once.

    Returns whether a decision is owed. ``step_end``: rolled by a phase_end hook, which
    holds the step open (returns True) when one is; the answer then ends the step.
    """
    spec = {"side": side, "purpose": purpose, "rule": rule, "dice": dice}
    die = _throw(match, spec)
    holder = advantage.usable_by(match)
    if holder is None:
        FOLLOWS[then](match, context, die)
        return False
    name = "DR" if dice == 2 else "dr"
    prompt = f"{purpose}: {name} {die}; use the Advantage to reroll it? (11.6; it passes as this impulse or phase ends)"
    payload = {"roll": spec, "then": then, "context": context, "die": die, "step_end": step_end}
    match.ask(holder, KIND, prompt, [KEEP, REROLL], payload, rule="11.6")
    return True


def answer(match, decision, choice: str) -> None:
    """11.6: keep the roll or roll it again (the new result stands); then what follows it."""
    payload = decision["context"]
    spec, die = payload["roll"], payload["die"]
    if choice == REROLL:
        advantage.use(match, decision["side"], f"reroll of the {spec['purpose']}", "11.6")
        die = _throw(match, spec)
    FOLLOWS[payload["then"]](match, payload["context"], die)
    if payload["step_end"] and not match.finished and not _another_reroll(match):
        walker.advance(match)  # decisions of other kinds (a landing's attack, 21.5) wait in the next step


def _another_reroll(match) -> bool:
    """A roll of the same step's end waits for its own answer (the step stays open)."""
    decision = match.open_decision()
    return decision is not None and decision["kind"] == KIND


def _throw(match, spec: dict[str, Any]) -> int:
    if spec["dice"] == 2:  # 9.11: a DR is two dice (and perhaps the Sunset DR, 6.3)
        return roll_dr(match, spec["side"], spec["purpose"], spec["rule"])
    return match.roll(spec["purpose"], rule=spec["rule"], side=spec["side"])
