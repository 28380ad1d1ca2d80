"""Bots: answerers of the same questions a human answers. The random bot fits every game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .hookspecs import hookimpl
from .model import Action, BotInfo

if TYPE_CHECKING:
    from .game import Game
    from .plugins import Registry


class RandomBot:
    """Plays a uniformly random legal action; ends a step with probability ``end_weight``."""

    def __init__(self, game: Game, side: str, end_weight: float = 0.15) -> None:
        self.end_weight = end_weight

    def choose(self, game: Game, side: str) -> Action:
        # Seeded by the match and the log position: the same match replays the same choices.
        rng = random.Random(f"{game.seed}:{game.events.last_seq}:{side}")
        actions = game.legal_actions(side)
        others = [a for a in actions if a.verb != "end"]
        if not others or (any(a.verb == "end" for a in actions) and rng.random() < self.end_weight):
            return next(a for a in actions if a.verb == "end")
        return rng.choice(others)


@hookimpl
def phaseline_register_bots(register: Callable[[BotInfo], None]) -> None:
    register(BotInfo(name="random", game="*", factory=RandomBot, title="uniformly random legal actions"))


def run_bots(
    game: Game,
    registry: Registry,
    *,
    max_actions: int | None = None,
    controllers: dict[str, str] | None = None,
    progress: Callable[[Game], Any] | None = None,
) -> int:
    """Let bot sides act (each action its own transaction) until a human must act.

    ``controllers`` overrides the match's controllers (autoplay puts a bot on every
    side). Returns the number of actions played.
    """
    bots: dict[str, Any] = {}
    played = 0
    while not game.finished and (max_actions is None or played < max_actions):
        side, _ = game.waiting_on()
        if side is None:
            break
        controller = (controllers or {}).get(side) or game.controller(side)
        if not controller.startswith("bot:"):
            break
        if side not in bots:
            info = registry.bot(game.info.name, controller.removeprefix("bot:"))
            bots[side] = info.factory(game, side)
        game.play(bots[side].choose(game, side))
        played += 1
        if progress:
            progress(game)
    return played
