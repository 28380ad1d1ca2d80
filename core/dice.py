"""Dice: roll n of a match is a pure function of a secret and n (OpenSpiel's chance player).

The secret is the acting seat's (docs/fair-play.md): a known seed shared by every seat
(``new --seed N``), or each seat's own secret, kept in its player's keyring and committed
to in the store (``seat.commitment``) until it is revealed. Undo never rewinds the roll
counter, so undoing and rolling again gives a new roll; roll numbers run without gaps.

One exception: in a match of secret dice, a roll for a side the game's rules play is
*drawn at play* from the operating system's randomness (:func:`fresh_die`), never from a
secret stored anywhere (the player holds every secret of a solitaire match), and marked so
in its payload (``"drawn": "at play"``). Replay and import take such a die from the signed
log; no undo takes it back (undo.py).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections import deque
from collections.abc import Iterable
from typing import Any

from .errors import IntegrityError
from .events import Event

AT_PLAY = "at play"  # payload["drawn"] of a roll drawn at play: the rules' dice of a secret match


def roll(seed: int, roll_no: int, sides: int = 6) -> int:
    """The result of roll ``roll_no`` of a match with ``seed``, from 1 to ``sides``."""
    digest = hashlib.sha256(f"{seed}:{roll_no}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % sides + 1


def fresh_die(sides: int) -> int:
    """A die drawn now from the operating system's randomness, from 1 to ``sides``: derivable
    from nothing stored, so nobody can compute it before it is rolled."""
    return secrets.randbelow(sides) + 1


def is_drawn_at_play(event: dict[str, Any]) -> bool:
    """Whether a logged roll (an ``event`` row) was drawn at play: the rules' dice of a secret match."""
    payload = event.get("payload")
    if isinstance(payload, str):
        try:
            payload = json.loads(payload)
        except (ValueError, RecursionError):  # a received payload: JSON a sender wrote
            return False
    return isinstance(payload, dict) and payload.get("drawn") == AT_PLAY


def commitment(secret: int | str) -> str:
    """The commitment to a dice secret: what the store keeps until the secret is revealed."""
    return hashlib.sha256(f"phaseline-dice:{secret}".encode()).hexdigest()


def new_secret() -> str:
    """A fresh dice secret: 256 random bits, as a decimal string."""
    return str(secrets.randbits(256))


class Dice:
    """Part of :class:`~phaseline.match.Match`: its rolls, each logged, and replay's forced rolls."""

    _forced_rolls: deque[int] | None = None

    def roll(
        self, purpose: str, *, rule: str | None = None, sides: int = 6, side: str | None = None, pile: str | None = None
    ) -> int:
        """Roll one die (logged with its purpose); replay hands back the logged roll. ``pile``: the
        roll draws one of the ``sides`` items of that cup (logged and told as a draw, not a die).

        ``side`` names the side the roll is for, when it is not the acting one's: a defence
        roll of a side the game's rules play is the rules' roll (in a match of secret dice,
        drawn at play from the operating system's randomness, and final: docs/fair-play.md).
        """
        if self._forced_rolls is not None:
            if not self._forced_rolls:
                raise RuntimeError("replay needs a roll the log does not have")
            roll_no = self._forced_rolls.popleft()
        else:
            roll_no = self.events.next_roll_no()
        at_play = self.seats.rolls_at_play(self.acting_seat, side)
        die = self._drawn_die(roll_no, sides) if at_play else self.die_of(roll_no, sides)
        self.log(
            Event(
                kind="roll",
                side=side,
                die=die,
                roll_no=roll_no,
                purpose=purpose,
                rule=rule,
                payload={"sides": sides, **({"drawn": AT_PLAY} if at_play else {}), **({"pile": pile} if pile else {})},
            )
        )
        return die

    def die_of(self, roll_no: int, sides: int) -> int:
        """Roll ``roll_no`` from the acting seat's secret; in a replay without that secret
        (another player's, not yet revealed), the logged die."""
        seat = self.acting_seat
        secret = self.seats.secret(seat, self.events.last_seq + 1)
        if secret is not None:
            return roll(secret, roll_no, sides)
        if self.replaying and roll_no in self.logged_dice:
            return self.logged_dice[roll_no]
        raise IntegrityError(f"this store does not hold the dice secret of seat {seat}: it cannot roll for it")

    def _drawn_die(self, roll_no: int, sides: int) -> int:
        """A die of the rules drawn at play: fresh now; in a replay, the logged one (the signed
        log is its only source: it derives from nothing)."""
        if not self.replaying:
            return fresh_die(sides)
        if roll_no in self.logged_dice:
            return self.logged_dice[roll_no]
        raise IntegrityError(f"the log lacks roll {roll_no}, a die of the rules drawn at play: nothing derives it")

    def force_rolls(self, roll_nos: Iterable[int] | None) -> None:
        """Make the next rolls use these logged roll numbers (replay), or stop doing so."""
        self._forced_rolls = None if roll_nos is None else deque(roll_nos)
