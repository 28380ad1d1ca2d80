"""What a tournament plays: its matches, each a spec a worker can play anywhere.

Every match has a known seed, the tournament's base seed plus its index, so each one replays
to the same log as ``phaseline autoplay GAME --scenario S --seed SEED`` with the same bots.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bots import seat_bots
from ..errors import InvalidOrder
from ..match_id import match_id_problem

if TYPE_CHECKING:
    from ..plugins import Registry

MAX_SEED = 2**63 - 1  # a seed is stored as a BIGINT


@dataclass(frozen=True)
class MatchSpec:
    """One match of a tournament: plain values, so that it travels to another process or machine."""

    tournament: str
    index: int  # 0, 1, 2 … within the tournament
    match_id: str
    game: str
    scenario: str
    seed: int
    bots: tuple[tuple[str, str], ...]  # (side, bot name) for every side a player would play
    options: tuple[str, ...] = ()
    blocked: tuple[str, ...] = ()  # plugins the worker's registry leaves out (--block-plugin)

    @property
    def controllers(self) -> dict[str, str]:
        """The sides' controllers as the store records them (``bot:<name>``)."""
        return {side: f"bot:{bot}" for side, bot in self.bots}


@dataclass(frozen=True)
class TournamentPlan:
    """A tournament: ``matches`` matches of one scenario, the same bot on each side in every one."""

    name: str
    game: str
    scenario: str
    matches: int
    base_seed: int
    bots: tuple[tuple[str, str], ...]
    options: tuple[str, ...] = ()
    blocked: tuple[str, ...] = ()

    def match_id(self, index: int) -> str:
        """The id of match ``index``: the tournament's name and the match's number from 1."""
        return f"{self.name}-{index + 1:0{max(3, len(str(self.matches)))}d}"

    def specs(self) -> list[MatchSpec]:
        return [
            MatchSpec(
                self.name,
                index,
                self.match_id(index),
                self.game,
                self.scenario,
                self.base_seed + index,
                self.bots,
                self.options,
                self.blocked,
            )
            for index in range(self.matches)
        ]

    @property
    def seeds(self) -> range:
        return range(self.base_seed, self.base_seed + self.matches)


def plan_tournament(
    registry: Registry,
    game: str,
    *,
    scenario: str | None,
    matches: int,
    bots: list[str],
    seed: int | None,
    options: list[str],
    name: str,
    blocked: tuple[str, ...] = (),
) -> TournamentPlan:
    """A checked plan: every name known, every side a bot's, every seed a valid one.

    ``bots`` are ``SIDE=BOT`` (that side) or ``BOT`` (every side not named); a side given
    neither plays the game's default bot (its heuristic one, else random). Without ``seed`` a
    base seed is drawn (and reported).
    """
    info = registry.game(game)
    chosen = info.scenario(scenario or next(iter(info.scenarios)))
    if matches < 1:
        raise InvalidOrder(f"--matches takes a number of matches from 1, not {matches}")
    for option in dict.fromkeys(options):
        if option not in info.rulings:
            registry.option(info.name, option)  # an unknown optional rule: one line naming it
    base = secrets.randbelow(2**31) if seed is None else seed
    if base < 0 or base + matches - 1 > MAX_SEED:
        raise InvalidOrder(f"the seeds {base}…{base + matches - 1} must lie between 0 and {MAX_SEED}")
    plan = TournamentPlan(
        name,
        info.name,
        chosen.name,
        matches,
        base,
        tuple(seat_bots(registry, info.name, chosen, bots, every_side=True).items()),
        tuple(dict.fromkeys(options)),
        blocked,
    )
    for match_id in (plan.match_id(0), plan.match_id(matches - 1)):
        problem = match_id_problem(match_id)
        if problem:
            raise InvalidOrder(f"--name {name!r} makes no valid match id: {problem}")
    return plan


def next_name(prefix: str, taken: set[str]) -> str:
    """The first tournament name ``<prefix>-t<N>`` not ``taken``."""
    number = 1
    while f"{prefix}-t{number}" in taken:
        number += 1
    return f"{prefix}-t{number}"
