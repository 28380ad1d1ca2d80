"""A match in play: one object joining its store, plugins, clock, ledger and log.

Its other parts live in their own modules: creating and opening a match (match_setup.py),
dice (dice.py), decisions (decisions.py) and actions (actions.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextlib import AbstractContextManager
from dataclasses import asdict, replace
from functools import cached_property
from typing import Any, TypeVar

from . import seats, sequence
from .actions import Actions
from .decisions import Decisions
from .dice import Dice
from .errors import RuleViolation
from .events import Event, EventLog
from .ledger import CORE_STATE_KEYS, Ledger
from .match_setup import MatchSetup
from .model import Clock, GameInfo, OptionalRule, ScenarioInfo, Step
from .plugins import match_manager, plugin_tables
from .queries import RuleQueries, hashable
from .store import Store

T = TypeVar("T")


class HeldFirst:
    """A DuckDB connection that writes a ledger's held changes to the tables a statement reads
    before it runs it."""

    def __init__(self, con: Any, ledger: Ledger) -> None:
        self._con = con
        self._ledger = ledger

    def execute(self, sql: str, params: Any = None) -> Any:
        self._ledger.write_held_for(sql)
        return self._con.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)


class Match(MatchSetup, Decisions, Actions, Dice):
    """One match of an installed game, open on a store.

    Plugins change state only through :meth:`set` (:meth:`set_known`), :meth:`insert`,
    :meth:`delete`, :meth:`update_where` and :meth:`update_from` (recorded as effects), roll
    only through :meth:`roll`, and ask the players through :meth:`ask`.

    Attributes a plugin reads: ``match_id`` (the key of every row of this match), ``info``
    (its :class:`GameInfo`), ``scenario`` (its :class:`ScenarioInfo`), ``options`` (the
    names of the optional rules and rulings chosen), ``hook`` (this match's hooks, to call
    a decider such as ``phaseline_combat_result``), ``rules`` (the shared SQL rule queries:
    ``match.rules.run(NAME, **params)``, schema/rules/), ``con`` (the DuckDB connection: static data
    only, at load time) and ``ledger`` (versions of state tables, for :meth:`derived`).
    """

    def __init__(
        self,
        store: Store,
        match_id: str,
        info: GameInfo,
        scenario: ScenarioInfo,
        options: list[OptionalRule],
        rulings: tuple[str, ...] = (),
    ) -> None:
        self.store = store
        self.match_id = match_id
        self.info = info
        self.scenario = scenario
        self.optional_rules = options
        self.options = frozenset([o.name for o in options] + list(rulings))
        self.pm = match_manager(info, options)
        self.hook = self.pm.hook
        self.tables = plugin_tables(self.pm)
        keys = dict(CORE_STATE_KEYS)
        keys.update({t.name: t.key for t in self.tables if t.kind == "state"})
        self.ledger = Ledger(store, match_id, keys)
        self.events = EventLog(store, match_id)
        self.rules = RuleQueries(self)
        self.seats = seats.SeatBook(self)
        self.replaying = False  # replay re-runs the log: nothing is signed, seats are checked against it
        self.logged_dice: dict[int, int] = {}  # replay: the logged die of each roll number
        self.replay_seat: str | None = None  # replay: the seat the log says made the action
        self._acting_seat: str | None = None
        self._cause: int | None = None
        self._steps: dict[int, list[Step]] = {}
        self._clock: tuple[tuple[int, int], Clock] | None = None
        self._static: dict[tuple[str, str], dict[Any, dict[str, Any]]] = {}
        self._derived: dict[Hashable, tuple[Hashable, Any]] = {}

    # --- reading state -----------------------------------------------------------

    @property
    def con(self) -> HeldFirst:
        """The store's DuckDB connection, which writes the changes the ledger holds before each
        statement (see :meth:`held_updates`)."""
        return HeldFirst(self.store.con, self.ledger)

    @cached_property
    def record(self) -> dict[str, Any]:
        """The match's row of ``match`` (static)."""
        return self.store.rows("SELECT * FROM match WHERE match_id = ?", [self.match_id])[0]

    @property
    def uid(self) -> str:
        """The match's identity, the same in every store that has it."""
        return str(self.record["uid"])

    @property
    def dice(self) -> str:
        """'secret' (each seat's committed secret) or 'known seed'."""
        return str(self.record["dice"])

    @property
    def seed(self) -> int | None:
        """The known seed; None in a match of secret dice."""
        seed = self.record["seed"]
        return None if seed is None else int(seed)

    @property
    def acting_seat(self) -> str | None:
        """The seat making the events now: the one playing the action in progress; else the
        held seat of the side waited on, else the first held seat (None: a match without seats)."""
        if self._acting_seat is not None or not self.seats.seated:
            return self._acting_seat
        waiting, _ = self.waiting_on()
        seat = self.seat_playing(waiting) if waiting else None
        if self.seats.holds(seat):
            return seat
        held = self.seats.held_sides()
        return held[0] if held else None

    def seat_playing(self, side: str) -> str:
        """The seat whose player plays ``side`` now (a game rule may move players, see seats.py)."""
        return seats.seat_of(self, side)

    def private_seed(self, side: str) -> int | None:
        """The secret of the seat playing ``side`` (the known seed in a known-seed match): what
        a bot playing it may draw its own randomness from; None if this store lacks it."""
        return self.seats.secret(self.seat_playing(side), self.events.last_seq + 1)

    @property
    def first_turn(self) -> int:
        """The scenario's first game turn."""
        return self.scenario.first_turn

    @property
    def last_turn(self) -> int:
        """The scenario's last game turn (a rule may end the match before it)."""
        return self.scenario.last_turn

    @property
    def clock(self) -> Clock:
        """Where the match stands (read once per state change)."""
        version = self.ledger.version_of("clock")
        if self._clock is None or self._clock[0] != version:
            row = self.rows(
                "SELECT turn, step_no, step, phase, side, status, result FROM clock WHERE match_id = ?",
                [self.match_id],
            )
            clock = Clock(**row[0]) if row else Clock(self.first_turn, 0, "", "setup", None, "active")
            self._clock = (version, clock)
        return self._clock[1]

    @property
    def finished(self) -> bool:
        """Whether the match is over."""
        return self.clock.status == "finished"

    @property
    def step(self) -> Step:
        """The step of the sequence of play in progress."""
        clock = self.clock
        for step in (*self.steps(clock.turn), *self.info.dynamic_steps):
            if step.name == clock.step:
                return step
        return Step(clock.step, clock.phase, clock.side)

    def steps(self, turn: int) -> list[Step]:
        """The steps of ``turn``, as the game's ``phaseline_sequence`` gives them (asked once)."""
        if turn not in self._steps:
            self._steps[turn] = sequence.steps_of(self, turn)
        return self._steps[turn]

    def rows(self, sql: str, params: Any = None) -> list[dict[str, Any]]:
        """The rows of a query, as dicts; bind values with ``?`` and ``params``, never format them in."""
        self.ledger.write_held_for(sql)  # what it reads includes the changes held (see held_updates)
        return self.store.rows(sql, params)

    def one(self, sql: str, params: Any = None) -> Any:
        """The first column of a query's first row (None when it has none)."""
        self.ledger.write_held_for(sql)
        return self.store.one(sql, params)

    def static(self, table: str, key: str) -> dict[Any, dict[str, Any]]:
        """This match's rows of a static table (``space``, ``unit``: copied when the match was
        created, never changed in play) by their ``key`` column, read once."""
        if (table, key) not in self._static:
            rows = self.rows(f"SELECT * FROM {table} WHERE match_id = ?", [self.match_id])
            self._static[(table, key)] = {row[key]: row for row in rows}
        return self._static[(table, key)]

    def rows_of(self, table: str) -> dict[tuple[Any, ...], dict[str, Any]]:
        """This match's rows of a state table by key tuple (``("SOV-1",)``, ``()`` for a
        one-row table), kept in memory by the ledger between changes: read-only."""
        return self.ledger.rows_of(table)

    def state_rows(self, reads: tuple[str, ...], sql: str, params: Any = None) -> list[dict[str, Any]]:
        """Rows of ``sql``, read again only when one of the state tables it ``reads`` has
        changed (static tables need not be named): a question asked in many states, or many
        times in one, costs one query per change of what it depends on. Read-only rows."""
        stamp = tuple(self.ledger.version_of(table) for table in reads)
        return self.derived(("rows", sql, hashable(params)), stamp, lambda: self.rows(sql, params))

    def derived(self, name: Hashable, version: Hashable, compute: Callable[[], T]) -> T:
        """A value derived from the state, computed again only when ``version`` changes, e.g.
        ``ledger.version_of("bfg_unit", "deadline_turn")``: one query per change, not per question."""
        kept = self._derived.get(name)
        if kept is None or kept[0] != version:
            kept = self._derived[name] = (version, compute())
        return kept[1]

    def controller(self, side: str) -> str:
        """Who controls ``side`` now (a human or ``bot:<name>``; a rule may move players, see seats.py)."""
        return seats.controller(self, side)

    def rule(self, topic: str) -> str:
        """The game's rule number for a shared topic (``rule_ref``), e.g. 'zoc.stop'."""
        return self.one("SELECT rule FROM rule_ref WHERE match_id = ? AND topic = ?", [self.match_id, topic]) or topic

    def violation(self, message: str, rule: str, evidence: list[dict[str, Any]] | None = None) -> RuleViolation:
        """A :class:`RuleViolation` of this game (the caller raises it)."""
        return RuleViolation(message, rule=rule, game=self.info.short or self.info.name, evidence=evidence)

    # --- writing state (recorded) ------------------------------------------------

    def set(self, table: str, key: dict[str, Any], **values: Any) -> None:
        """Change columns of the row of ``table`` with ``key`` (match_id implied), e.g.
        ``match.set("unit_state", {"unit_id": "N1"}, space_id="10")``."""
        self.ledger.set(table, key, **values)

    def set_known(self, table: str, key: dict[str, Any], current: dict[str, Any], **values: Any) -> None:
        """:meth:`set` for a row read in this very state (``current``), without reading it again."""
        self.ledger.set_known(table, key, current, **values)

    def set_rows(self, table: str, keys: list[dict[str, Any]], **values: Any) -> int:
        """:meth:`set` for many rows in one statement (their old values from :meth:`rows_of`)."""
        return self.ledger.set_rows(table, keys, **values)

    def update_rows(self, table: str, rows: list[dict[str, Any]]) -> int:
        """Set columns of many rows, each given by its key and new values, in one statement."""
        return self.ledger.update_rows(table, rows)

    def held_updates(self) -> AbstractContextManager[None]:
        """A block whose single-row updates (:meth:`set`, :meth:`set_known`) are written together
        at its end, one statement per table (e.g. the moves of one order). Reads through
        :meth:`rows`, :meth:`one`, the rule queries and the kept rows see them; code that reads
        through ``con`` itself must not run inside."""
        return self.ledger.holding()

    def insert(self, table: str, row: dict[str, Any]) -> None:
        """Add ``row`` to a state table (match_id implied)."""
        self.ledger.insert(table, row)

    def insert_many(self, table: str, rows: list[dict[str, Any]]) -> None:
        """:meth:`insert` for many rows in one statement."""
        self.ledger.insert_many(table, rows)

    def delete(self, table: str, key: dict[str, Any]) -> None:
        """Remove the row of ``table`` with ``key``."""
        self.ledger.delete(table, key)

    def update_where(self, table: str, condition: str, params: list[Any] | None = None, **values: Any) -> int:
        """Set ``values`` on every row of this match's ``table`` matching the SQL ``condition``
        (bound ``params``; the match is added for you), in one statement; the number of rows
        changed. E.g. a new phase's reset:
        ``match.update_where("unit_state", "side = ?", [side], moved=False)``."""
        return self.ledger.update_where(table, condition, params, **values)

    def update_from(self, table: str, source: str, params: list[Any] | None = None) -> int:
        """Set the columns a ``source`` query returns (with ``table``'s key columns) on those
        rows, in one statement: a set-at-a-time rule's result written back; rows changed.

        Leave ``match_id`` out of the source's columns (the rows changed are this match's), but
        filter its rows to this match, binding ``match.match_id`` among ``params``: e.g.
        ``match.update_from("unit_state", "SELECT s.unit_id, u.movement AS mp FROM unit_state s
        JOIN unit u USING (match_id, unit_id) WHERE s.match_id = ? AND s.side = ?", [match.match_id,
        side])``. A key the source gives twice is a mistake in the source."""
        return self.ledger.update_from(table, source, params)

    def set_clock(self, **values: Any) -> None:
        """Move the clock; the clock kept in memory moves with it (no need to read it back)."""
        clock = self.clock
        self.ledger.set_known("clock", {}, asdict(clock), **values)
        self._clock = (self.ledger.version_of("clock"), replace(clock, **values))

    def log(self, event: Event, *, turn: int | None = None, step: str | None = None, phase: str | None = None) -> int:
        """Append ``event``; later state changes are recorded against it."""
        clock = self.clock if turn is None else None
        seq = self.events.append(
            event,
            turn=turn if turn is not None else clock.turn,
            step=step if step is not None else clock.step,
            phase=phase if phase is not None else clock.phase,
            cause=self._cause,
            seat=self.acting_seat,
        )
        self.ledger.begin(seq, self.events.stamp)
        return seq

    def flush(self) -> None:
        """Write the events and effects kept in memory (and the changes the ledger holds)."""
        self.events.flush()
        self.ledger.flush()

    def end_block(self) -> None:
        """End the block of events the acting seat made (an action, the set-up, an undo):
        sign its last event with the seat's key, when this store holds it, and write all
        (inside :meth:`one_commit`, when a reader asks or the block of actions ends)."""
        sign = None if self.replaying else self.seats.signer(self.acting_seat)
        if sign is not None:
            self.events.sign(sign)
        if not self._together:
            self.flush()
