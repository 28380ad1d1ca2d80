"""Bots: answerers of the same questions a human answers. The random bot fits every game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import RULES_TURN
from .errors import InvalidOrder, UnknownName
from .hookspecs import hookimpl
from .model import Action, BotInfo, ScenarioInfo, load_object
from .seats import RULES, refuse_seating_the_rules

if TYPE_CHECKING:
    from .match import Match
    from .plugins import Registry


class RandomBot:
    """Plays a uniformly random legal action; ends a step with probability ``end_weight``."""

    def __init__(self, match: Match, side: str, end_weight: float = 0.15) -> None:
        self.end_weight = end_weight

    def choose(self, match: Match, side: str) -> Action:
        # Seeded by the seat's dice secret and the log position (a known seed: the same match
        # plays the same choices); in a secret match nothing public foretells them.
        rng = random.Random(f"{match.private_seed(side)}:{match.events.last_seq}:{side}")
        actions = match.legal_actions(side)
        others = [a for a in actions if a.verb != "end"]
        if not others or (any(a.verb == "end" for a in actions) and rng.random() < self.end_weight):
            return next(a for a in actions if a.verb == "end")
        return rng.choice(others)


@hookimpl
def phaseline_register_bots(register: Callable[[BotInfo], None]) -> None:
    register(BotInfo(name="random", game="*", factory=RandomBot, title="uniformly random legal actions"))


def default_bot(registry: Registry, game: str) -> str:
    """The bot a side gets when none is named: the game's ``heuristic`` if it has one, else ``random``."""
    return "heuristic" if "heuristic" in registry.bot_names(game) else "random"


def seat_bots(
    registry: Registry, game: str, scenario: ScenarioInfo, given: list[str] | None, *, every_side: bool
) -> dict[str, str]:
    """The bot of each side from ``--bot`` values: ``SIDE=BOT`` seats that side's. With
    ``every_side`` (autoplay, tournaments) a bare ``BOT`` seats every side not named, and a side
    given neither plays the game's default bot; without it (``new``) unnamed sides are left to
    their players. A side the game's rules play takes none. Refuses, before anything is written,
    an unknown side or bot, a side named twice, and a side the rules play."""
    named: dict[str, str] = {}
    bare: list[str] = []
    for spec in given or ():
        side, sep, bot = spec.partition("=")
        if not sep:
            bare.append(spec)
            continue
        if side not in scenario.sides:
            raise UnknownName(f"{scenario.title} has no side {side!r} (sides: {', '.join(scenario.sides)})")
        refuse_seating_the_rules(scenario, side, "a bot")
        if not bot:
            raise InvalidOrder(
                f"--bot {spec} names no bot: give SIDE=BOT (bots: {', '.join(registry.bot_names(game))})"
            )
        if side in named:
            raise InvalidOrder(f"--bot gives {side} two bots ({named[side]}, {bot}): give each side one")
        named[side] = bot
    if len(bare) > 1:
        raise InvalidOrder(f"--bot gives every side two bots ({', '.join(bare)}): give one, or SIDE=BOT per side")
    if bare and not every_side:
        raise InvalidOrder(f"--bot {bare[0]}: name the side it plays, SIDE=BOT (sides: {', '.join(scenario.sides)})")
    every = (bare[0] if bare else default_bot(registry, game)) if every_side else None
    chosen = {
        side: named.get(side, every)
        for side in scenario.sides
        if side not in scenario.played_by_rules and named.get(side, every) is not None
    }
    for bot in dict.fromkeys(chosen.values()):
        registry.bot(game, bot)  # an unknown bot: one line naming the game's bots
    return chosen


def run_bots(
    match: Match,
    registry: Registry,
    *,
    max_actions: int | None = None,
    controllers: dict[str, str] | None = None,
    progress: Callable[[Match], Any] | None = None,
    commit_every: int = 1,
) -> int:
    """Let bot sides act until a human must act, committing every ``commit_every`` actions.

    Each block of ``commit_every`` actions is one transaction (:meth:`Match.one_commit`), so the
    store always holds a whole number of actions: a failure, or a killed process, loses the
    actions since the last commit, which a later run plays again. DuckDB runs on one thread
    meanwhile (:meth:`Store.one_thread`). ``controllers`` overrides
    the match's controllers (autoplay puts a bot on every side); the bot's actions are
    recorded as the bot's. A bot acts only for a seat this store holds. ``progress`` is called
    after each action (before its block commits). Returns the number of actions played.
    """
    if commit_every < 1:
        raise ValueError(f"commit_every must be 1 or more, not {commit_every}")
    bots: dict[str, Any] = {}
    played = 0
    with match.store.one_thread():
        while _bot_to_act(match, controllers) and (max_actions is None or played < max_actions):
            block = commit_every if max_actions is None else min(commit_every, max_actions - played)
            with match.one_commit():
                for _ in range(block):
                    controller = _bot_to_act(match, controllers)
                    if controller is None:
                        break
                    side = match.waiting_on()[0]
                    match.play(_next_action(match, registry, bots, side, controller), by=controller)
                    played += 1
                    if progress:
                        progress(match)
    return played


def _bot_to_act(match: Match, controllers: dict[str, str] | None) -> str | None:
    """Who plays the side the match waits on, when that is a bot (``bot:<name>``) or the
    game's rules and this store holds its seat; None when the match is over or a human acts."""
    if match.finished:
        return None
    side, _ = match.waiting_on()
    if side is None:
        return None
    controller = match.controller(side)
    if controller != RULES:  # no override seats anyone at a side the rules play
        controller = (controllers or {}).get(side) or controller
    if not controller.startswith("bot:") and controller != RULES:
        return None
    if match.seats.seated and not match.seats.holds(match.seat_playing(side)):
        return None  # another store's player holds this seat: its bot plays there
    return controller


def _next_action(match: Match, registry: Registry, bots: dict[str, Any], side: str, controller: str) -> Action:
    """What ``side`` does next: its rules' turn for a side the game's rules play (they choose inside
    the action, so their dice replay with it), its bot's choice for a bot's."""
    if controller == RULES:
        return Action(RULES_TURN, (), side)
    if side not in bots:
        info = registry.bot(match.info.name, controller.removeprefix("bot:"))
        bots[side] = load_object(info.factory)(match, side)
    return bots[side].choose(match, side)
