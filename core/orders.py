"""One order as the command line (``phaseline move …``, ``play``) and the web board play it:
read from a typed line, played as one transaction, then the bot sides answer (each of their
actions its own transaction). Both front ends call these functions, so they cannot differ."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from .bots import run_bots
from .errors import InvalidOrder
from .model import Action

if TYPE_CHECKING:
    from .game import Game
    from .plugins import Registry


def order_words(line: str) -> list[str]:
    """A typed line as words, quoted as a shell quotes them (``play``'s prompt, the board's box)."""
    try:
        return shlex.split(line)
    except ValueError as error:
        raise InvalidOrder(f"cannot read the order {line.strip()!r}: {error}") from None


def carry_out(match: Game, registry: Registry, verb: str, args: list[str], as_side: str | None = None) -> int:
    """Play ``verb args`` for the side waited on (the seat ``as_side``, if named), then let the bot
    sides answer. Returns the last event before the order: what follows it is the order's account."""
    before = match.events.last_seq
    match.play(Action(verb, tuple(args)), as_side=as_side)
    run_bots(match, registry)
    return before
