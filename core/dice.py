"""Dice: roll n of a match is a pure function of its seed and n (OpenSpiel's chance player).

Undo never rewinds the roll counter, so undoing and rolling again gives a new roll.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Iterable

from .events import Event


def roll(seed: int, roll_no: int, sides: int = 6) -> int:
    """The result of roll ``roll_no`` of a match with ``seed``, from 1 to ``sides``."""
    digest = hashlib.sha256(f"{seed}:{roll_no}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % sides + 1


class Dice:
    """Part of :class:`~phaseline.game.Game`: its rolls, each logged, and replay's forced rolls."""

    _forced_rolls: deque[int] | None = None

    def roll(self, purpose: str, *, rule: str | None = None, sides: int = 6, side: str | None = None) -> int:
        """Roll one die (logged with its purpose); replay hands back the logged roll."""
        if self._forced_rolls is not None:
            if not self._forced_rolls:
                raise RuntimeError("replay needs a roll the log does not have")
            roll_no = self._forced_rolls.popleft()
        else:
            roll_no = self.events.next_roll_no()
        die = roll(self.seed, roll_no, sides)
        self.log(
            Event(
                kind="roll",
                side=side,
                die=die,
                roll_no=roll_no,
                purpose=purpose,
                rule=rule,
                payload={"sides": sides},
            )
        )
        return die

    def force_rolls(self, roll_nos: Iterable[int] | None) -> None:
        """Make the next rolls use these logged roll numbers (replay), or stop doing so."""
        self._forced_rolls = None if roll_nos is None else deque(roll_nos)
