"""Bots: answerers of the same questions a human answers. The random bot fits every game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import RULES_TURN
from .hookspecs import hookimpl
from .model import Action, BotInfo, load_object
from .seats import RULES

if TYPE_CHECKING:
    from .game import Game
    from .plugins import Registry


class RandomBot:
    """Plays a uniformly random legal action; ends a step with probability ``end_weight``."""

    def __init__(self, game: Game, side: str, end_weight: float = 0.15) -> None:
        self.end_weight = end_weight

    def choose(self, game: Game, side: str) -> Action:
        # Seeded by the seat's dice secret and the log position (a known seed: the same match
        # plays the same choices); in a secret match nothing public foretells them.
        rng = random.Random(f"{game.private_seed(side)}:{game.events.last_seq}:{side}")
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
    side); the bot's actions are recorded as the bot's. A bot acts only for a seat this
    store holds. Returns the number of actions played.
    """
    bots: dict[str, Any] = {}
    played = 0
    while not game.finished and (max_actions is None or played < max_actions):
        side, _ = game.waiting_on()
        if side is None:
            break
        controller = game.controller(side)
        if controller != RULES:  # no override seats anyone at a side the rules play
            controller = (controllers or {}).get(side) or controller
        if not controller.startswith("bot:") and controller != RULES:
            break
        if game.seats.seated and not game.seats.holds(game.seat_playing(side)):
            break  # another store's player holds this seat: its bot plays there
        game.play(_next_action(game, registry, bots, side, controller), by=controller)
        played += 1
        if progress:
            progress(game)
    return played


def _next_action(game: Game, registry: Registry, bots: dict[str, Any], side: str, controller: str) -> Action:
    """What ``side`` does next: its rules' turn for a side the game's rules play (they choose inside
    the action, so their dice replay with it), its bot's choice for a bot's."""
    if controller == RULES:
        return Action(RULES_TURN, (), side)
    if side not in bots:
        info = registry.bot(game.info.name, controller.removeprefix("bot:"))
        bots[side] = load_object(info.factory)(game, side)
    return bots[side].choose(game, side)
