"""1.3 random choices: the d10's faces split as evenly as possible among the options, the faces
left over re-rolled (two options: 1-5 / 6-10; three: 1-3 / 4-6 / 7-9, 10 again; four: 1-2 … 7-8,
9-10 again). More than ten options read two d10 as 1-100 (tens, then units) and split those."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .state import JP

T = TypeVar("T")


def faces(options: int) -> tuple[int, int]:
    """(faces each option gets, faces of the die used): 10 faces up to ten options, else 100."""
    die = 10 if options <= 10 else 100
    return die // options, die


def option_of(roll: int, options: int) -> int | None:
    """The option (0-based) a roll picks among ``options``, or None for a face left over (roll again)."""
    each, _ = faces(options)
    index = (roll - 1) // each
    return index if index < options else None


def pick(match, options: Sequence[T], purpose: str, rule: str = "1.3") -> T:
    """One of ``options`` at random for the rules (1.3); a single option needs no roll."""
    if len(options) == 1:
        return options[0]
    _, die = faces(len(options))
    while True:
        if die == 10:
            roll = match.roll(purpose, rule=rule, sides=10, side=JP)
        else:
            tens = match.roll(f"{purpose} (tens)", rule=rule, sides=10, side=JP) % 10
            roll = tens * 10 + match.roll(f"{purpose} (units)", rule=rule, sides=10, side=JP)
        index = option_of(roll, len(options))
        if index is not None:
            return options[index]
