"""Creating a match (copying the scenario, setting up), opening one, and its first event."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Self
from uuid import uuid4

from . import match_data, scenario_checks, seats, sequence
from .errors import InvalidOrder, PluginError, UnknownName
from .events import Event
from .match_id import match_id_problem
from .model import GameInfo, OptionalRule, ScenarioInfo
from .queries import derive_board

if TYPE_CHECKING:
    from .match_data import StaticSource
    from .plugins import Registry
    from .store import Store


class MatchSetup:
    """Part of :class:`~phaseline.match.Match`: how a match comes to be and is opened again."""

    @classmethod
    def create(
        cls,
        store: Store,
        registry: Registry,
        game: str,
        scenario: str | ScenarioInfo,
        *,
        options: Iterable[str] = (),
        seed: int | None = None,
        controllers: dict[str, str] | None = None,
        match_id: str | None = None,
        player: str | None = None,
        open_seats: Iterable[str] = (),
        static_from: StaticSource | None = None,
    ) -> Self:
        """Create a match: copy the scenario's static data, claim the seats, set up, begin the
        first step.

        Dice are secret unless a ``seed`` is given (a known seed: reproducible, never fair).
        ``player`` (default ``$USER``) holds every seat but ``open_seats``, which the first
        import of the match claims for its importer (docs/fair-play.md). ``static_from``: a
        match of the same game, scenario and options whose static rows are copied instead of
        loading the scenario's files again (the caller vouches that they have not changed since).
        """
        info = registry.game(game)
        chosen = info.scenario(scenario) if isinstance(scenario, str) else scenario
        _refuse_seating_the_rules(chosen, controllers or {}, set(open_seats))
        rules, rulings = _split_options(registry, info, list(dict.fromkeys(options)))  # -o X -o X: X once
        _check_seed(seed)
        match_id = _checked_id(store, match_id) if match_id is not None else _new_id(store, info)
        held = _held_seats(chosen, set(open_seats))
        self = cls(store, match_id, info, chosen, rules, rulings)
        store.ensure_tables(info.name, info.version, self.tables)
        with store.transaction():
            store.con.execute(
                """INSERT INTO match (match_id, game, scenario, seed, options, created_at, first_turn, last_turn,
                                      uid, dice, title) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                [
                    match_id,
                    info.name,
                    chosen.name,
                    seed,
                    sorted(self.options),
                    datetime.now(),
                    chosen.first_turn,
                    chosen.last_turn,
                    uuid4().hex,
                    "secret" if seed is None else seats.KNOWN_SEED,
                    chosen.title,
                ],
            )
            for side in chosen.sides:
                controller = seats.RULES if side in chosen.played_by_rules else (controllers or {}).get(side, "human")
                store.con.execute("INSERT INTO match_side VALUES (?, ?, ?)", [match_id, side, controller])
            self.seats.claim(held, player or default_player(), from_seq=1)
            store.con.execute("INSERT INTO match_plugin VALUES (?, ?, ?)", [match_id, info.name, info.version])
            for rule in rules:
                store.con.execute(
                    "INSERT INTO match_plugin VALUES (?, ?, ?)",
                    [match_id, f"{info.name}:{rule.name}", rule.version],
                )
            if static_from is None:
                self._load_static()
            else:
                static_from.copy_to(self)
            self._acting_seat = held[0]  # the creator's first seat makes (and signs) the set-up
            try:
                self.start()
            finally:
                self._acting_seat = None
        return self

    def _load_static(self) -> None:
        """Fill the static tables from the scenario's files, check them, derive the board, record their digests."""
        with scenario_checks.loading(self, self.scenario):
            if not self.hook.phaseline_load_scenario(match=self, scenario=self.scenario):
                raise PluginError(f"{self.info.name} did not load scenario {self.scenario.name}")
        scenario_checks.check_loaded(self, self.scenario)
        derive_board(self.store, self.match_id)
        match_data.record(self)

    @classmethod
    def load(cls, store: Store, registry: Registry, match_id: str) -> Self:
        """Open a match of the store, checking that its plugins are installed."""
        row = store.rows("SELECT * FROM match WHERE match_id = ?", [match_id])
        if not row:
            raise UnknownName(f"no match {match_id!r} in {store.path}")
        match = row[0]
        info = registry.game(match["game"])
        recorded = dict(
            store.con.execute("SELECT plugin, version FROM match_plugin WHERE match_id = ?", [match_id]).fetchall()
        )
        if recorded.get(info.name) != info.version:
            raise PluginError(
                f"match {match_id} was created with {info.name} {recorded.get(info.name)}, "
                f"but {info.version} is installed",
                plugin=info.name,
            )
        rules, rulings = _split_options(registry, info, list(match["options"]))
        scenario = _scenario_of(info, match)
        return cls(store, match_id, info, scenario, rules, rulings)

    def start(self) -> None:
        """The match's first event: set-up, then the first step of the first turn."""
        with self.events.held(), self.ledger.holding():  # written at once, as an action's events and changes
            self.log(Event(kind="setup", purpose=f"set up {self.scenario.name}"), turn=0, step="", phase="setup")
            self.insert(
                "clock",
                {
                    "turn": self.first_turn,
                    "step_no": 0,
                    "step": "",
                    "phase": "setup",
                    "side": None,
                    "status": "active",
                    "result": None,
                },
            )
            self.hook.phaseline_setup(match=self)
            sequence.begin_turn(self, self.first_turn)
            self.skip_idle_steps()
        self.end_block()


def default_player() -> str:
    """The player's name when none is given: the login name."""
    return os.environ.get("USER") or os.environ.get("USERNAME") or "player"


def _refuse_seating_the_rules(scenario: ScenarioInfo, controllers: dict[str, str], open_seats: set[str]) -> None:
    """No bot and no other player at a side the game's rules play."""
    for side in scenario.played_by_rules:
        if controllers.get(side, seats.RULES) != seats.RULES:
            seats.refuse_seating_the_rules(scenario, side, "a bot")
        if side in open_seats:
            seats.refuse_seating_the_rules(scenario, side, "another player")


def _held_seats(scenario: ScenarioInfo, open_seats: set[str]) -> list[str]:
    """The seats the creator holds: every side but the open ones (one at least, to set up)."""
    unknown = sorted(open_seats - set(scenario.sides))
    if unknown:
        raise UnknownName(f"{scenario.title} has no side {unknown[0]!r} (sides: {', '.join(scenario.sides)})")
    held = [side for side in scenario.sides if side not in open_seats]
    if not held:
        raise InvalidOrder("keep one seat at least: the creator's seat makes and signs the set-up")
    return held


def _check_seed(seed: int | None) -> None:
    """A known seed is stored as a BIGINT: a whole number from 0 to 2**63 - 1."""
    if seed is not None and not 0 <= seed < 2**63:
        raise InvalidOrder(f"a seed is a whole number from 0 to {2**63 - 1}, not {seed}")


def _checked_id(store: Store, match_id: str) -> str:
    """A match id the player chose: a valid one (match_id.py), not taken in this store."""
    problem = match_id_problem(match_id)
    if problem:
        raise InvalidOrder(problem)
    if store.one("SELECT count(*) FROM match WHERE match_id = ?", [match_id]):
        raise InvalidOrder(f"this store has a match {match_id} already: choose another --name")
    return match_id


def id_prefix(info: GameInfo) -> str:
    """How the game's match ids begin: its short name (``bfg``), as ``new`` numbers them (``bfg-1``)."""
    return (info.short or info.name).lower().replace(" ", "-")


def _new_id(store: Store, info: GameInfo) -> str:
    prefix = id_prefix(info)
    count = int(store.one("SELECT count(*) FROM match WHERE game = ?", [info.name]))
    while True:
        count += 1
        candidate = f"{prefix}-{count}"
        if not store.one("SELECT count(*) FROM match WHERE match_id = ?", [candidate]):
            return candidate


def _split_options(registry: Registry, info: GameInfo, names: list[str]) -> tuple[list[OptionalRule], tuple[str, ...]]:
    """Optional rules (plugins) and rulings (alternative readings the game itself knows)."""
    rules: list[OptionalRule] = []
    rulings: list[str] = []
    for name in names:
        if name in info.rulings:
            rulings.append(name)
        else:
            rules.append(registry.option(info.name, name))
    return rules, tuple(rulings)


def _scenario_of(info: GameInfo, match: dict[str, Any]) -> ScenarioInfo:
    """The match's scenario, with the turns and title stored at creation (custom scenarios set them)."""
    base = info.scenario(match["scenario"])
    return replace(
        base, first_turn=match["first_turn"], last_turn=match["last_turn"], title=match.get("title") or base.title
    )
