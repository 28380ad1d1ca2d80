"""Helpers for a game plugin's own tests: your plugin alone, a match in memory, orders as typed.

A game's tests should see the game they test and nothing else installed beside it. Here
``phaseline_hill`` is the template game's package (King of the Hill, cited as ``KotH``):
``phaseline plugins new NAME`` writes yours as ``phaseline_NAME``, and its tests already
import it this way::

    from phaseline.testing import new_match, play

    def test_3_1_a_unit_moves_with_its_movement_points():
        with new_match(phaseline_hill, scenario="standard") as match:
            play(match, "move N1 12")
            assert match.one("SELECT space_id FROM unit_state WHERE unit_id = 'N1'") == "12"

and its rule index holds what the game claims::

    def test_rule_index_is_covered_and_every_cited_rule_exists():
        assert rule_index_problems(phaseline_hill.info(), Path(__file__).parent) == []
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .dice import Dice, roll
from .match import Match
from .model import Action, GameInfo, ScenarioInfo
from .plugins import Registry
from .rule_index import code_citations, coverage, load_index, plugin_folder
from .scenario import load_custom
from .store import Store

__all__ = ["new_match", "play", "registry_of", "rolling", "rule_index_problems"]  # what a game's tests use


def registry_of(*plugins: Any) -> Registry:
    """A registry holding only ``plugins`` (modules or objects with ``@hookimpl``s), as if installed."""
    registry = Registry()
    for plugin in plugins:
        registry.add(plugin)
    return registry


@contextmanager
def new_match(
    plugin: Any,
    game: str | None = None,
    scenario: str | Path | None = None,
    *,
    seed: int = 1,
    options: Iterable[str] = (),
) -> Iterator[Match]:
    """A new match of ``plugin``'s game on an in-memory store, closed afterwards.

    ``game`` and ``scenario`` default to the plugin's only game and its first scenario;
    ``scenario`` may also be a custom scenario folder (a :class:`~pathlib.Path`, as
    ``phaseline new --scenario FOLDER`` takes: docs/scenarios.md), a tiny position for one
    rule's test. ``seed`` makes the dice known and reproducible; ``options`` are ``--option`` names.
    """
    registry = registry_of(plugin)
    info = registry.game(game) if game else _only_game(registry)
    chosen: str | ScenarioInfo = scenario if isinstance(scenario, str) else next(iter(info.scenarios))
    if isinstance(scenario, Path):
        info, chosen = load_custom(scenario, registry.games)
    with Store.open(":memory:") as store:
        yield Match.create(store, registry, info.name, chosen, seed=seed, options=options)


def play(match: Match, *orders: str) -> None:
    """Play each order as a player types it after ``phaseline`` (``"move N1 12"``, ``"end"``,
    ``"choose 10"``): the orders of the game's verbs, ``end`` and ``choose``. Commands that are
    not orders (``undo``, ``status``) are the CLI's: test them through the command line."""
    for order in orders:
        verb, *args = order.split()
        match.play(Action(verb, tuple(args)))


def rule_index_problems(info: GameInfo, tests: Path) -> list[str]:
    """What the game's rule index (``GameInfo.rule_index``) and code disagree on, one line
    each (none: all is well): a section marked ``implemented`` that no test under ``tests``
    names (``test_3_1_…`` or a case id ``"3.1-…"``), and a rule the plugin's code cites
    (``# 3.1 …``, ``rule="3.1"``, ``(KotH 3.1)``) that the index lacks. docs/rules.md gives
    the conventions; ``phaseline rules GAME --tests tests`` shows the same figures."""
    numbers = {section.number for section in load_index(info.rule_index)}
    untested = [f"{s.number} {s.title}: implemented, but no test names it" for s in coverage(info, [tests]).untested]
    folder = plugin_folder(info)
    cited = code_citations(folder, info.short) if folder else []
    unknown = [f"{c}, which the rule index lacks" for c in cited if c.number not in numbers]
    return untested + unknown


@contextmanager
def rolling(*dice: int) -> Iterator[deque[int]]:
    """Make the next rolls of every match come out as ``dice``; after them the dice go on as before.

    Known seeds only (``new_match`` gives one): each forced roll skips to the first roll
    number that gives it, so the log stays a true record and ``replay`` reproduces it.
    Yields the queue of dice still to come.
    """
    queue = deque(dice)
    original = Dice.roll
    Dice.roll = forcing_roll(queue, original)  # type: ignore[method-assign]
    try:
        yield queue
    finally:
        Dice.roll = original  # type: ignore[method-assign]


def forcing_roll(queue: deque[int], original: Callable[..., int] = Dice.roll) -> Callable[..., int]:
    """A ``Dice.roll`` that takes its next die from ``queue`` while it holds one (see :func:`rolling`)."""

    def forced(self: Dice, purpose: str, *, rule: str | None = None, sides: int = 6, **more: Any) -> int:
        if not queue:
            return original(self, purpose, rule=rule, sides=sides, **more)
        want, n = queue.popleft(), self.events.next_roll_no()
        if not 1 <= want <= sides:
            raise ValueError(f"a forced die of {want} on a d{sides}")
        if self.seed is None:
            raise ValueError("forced dice need a known seed (new --seed N): a secret seed's rolls cannot be chosen")
        while roll(self.seed, n, sides) != want:
            n += 1
        self.force_rolls([n])
        try:
            return original(self, purpose, rule=rule, sides=sides, **more)
        finally:
            self.force_rolls(None)

    return forced


def _only_game(registry: Registry) -> Any:
    games = list(registry.games.values())
    if len(games) != 1:
        names = ", ".join(sorted(g.name for g in games)) or "none"
        raise ValueError(f"the plugin registers {len(games)} games ({names}): name the one to play")
    return games[0]
