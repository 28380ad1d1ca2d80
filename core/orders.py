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
    from .match import Match
    from .plugins import Registry


def order_words(line: str) -> list[str]:
    """A typed line as words, quoted as a shell quotes them (``play``'s prompt, the board's box)."""
    try:
        return shlex.split(line)
    except ValueError as error:
        raise InvalidOrder(f"cannot read the order {line.strip()!r}: {error}") from None


def carry_out(match: Match, registry: Registry, verb: str, args: list[str], as_side: str | None = None) -> int:
    """Play ``verb args`` for the side waited on (the seat ``as_side``, if named), then let the bot
    sides answer. Returns the last event before the order: what follows it is the order's account."""
    check_order(match, verb, args)
    before = match.events.last_seq
    match.play(Action(verb, tuple(args)), as_side=as_side)
    run_bots(match, registry)
    return before


ENGINE_ORDERS = ("end", "choose")  # the orders of every game; undo is no order (it takes one back)


def check_order(match: Match, verb: str, args: list[str]) -> None:
    """Refuse, before the match is asked, a verb of its game typed without the arguments it needs
    (``GameInfo.bare_verbs`` need none). A verb that is no order of the step (another game's, say)
    is the match's to refuse: it names the step's rule and the orders it allows."""
    info = match.info
    if not args and verb in info.verbs and verb not in info.bare_verbs:
        raise InvalidOrder(f"{verb} needs arguments: see 'phaseline actions'")
