"""A pool of a tournament's matches played in one store, their rule queries asked together.

:func:`play_pool` plays many match specs in one in-memory store, on one connection and in one
transaction, each match in a Python thread of its own running the unchanged ``run_bots`` loop
(:func:`.worker.play_to_end`). Only one thread runs at a time, the one holding the baton: a
match runs until it asks a rule query, then parks and hands the baton back, with the changes
it holds to the tables the query reads: the pool writes those of all the matches it answers
together, one statement per table and kind (:func:`phaseline.batch.write_held`), before it
asks, so each question reads its match's state. When every match still playing is
parked, the pool answers each group of asks of the same query with one statement
(:mod:`phaseline.pooled_queries`: the same rows, in the same order, as each ask alone), those
of a query written Together only when no other group is left (:meth:`Pool.answered_now`), and the
matches answered go on, one after another in the specs' order. So each match asks and is answered
as it would be alone, plays as ``autoplay`` does with its seed, and a pool plays the same way
every time. Only the questions, and the writes before them, are pooled; each match's Python stays
its own. The pool's first match loads the scenario, and the others copy its static rows
(:meth:`Pool.static_source`).

A match that fails is a part with its error, and the others play on. A DuckDB error, though,
aborts the transaction every match of the pool writes in: then the matches not yet finished
are played again in a new store, without the one that failed (each replays to the same state,
its seed decides its play), and a pooled statement that failed is asked match by match there.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

import duckdb

from ..batch import HeldRows, write_held
from ..match_data import StaticSource
from ..plugins import registry as installed
from ..pooled_queries import PooledForm, pooled_form
from ..queries import ask_alone
from ..store import Store
from .plan import MatchSpec
from .stores import STORE_CONFIG
from .worker import MatchPart, failed_part, parquet_tables, play_to_end

if TYPE_CHECKING:
    from ..ledger import Ledger
    from ..plugins import Registry
    from ..queries import RuleQuery

Rows = list[dict[str, Any]]


class Abandoned(BaseException):  # a signal to stop (as GeneratorExit), not an error
    """The pool's transaction is lost: a parked match stops where it is, to be played again."""


class TransactionLost(Exception):
    """A DuckDB error aborted the transaction the pool's matches share."""


class Asking(NamedTuple):
    """The question a match of a pool is parked at: the query's pooled form, the values asked,
    and the changes the match holds to the tables it reads, written before it is asked."""

    form: PooledForm
    values: dict[str, Any]
    held: HeldRows


class Seat:
    """One match of a pool: its thread, the question it is parked at, and its part once it ends."""

    def __init__(self, pool: Pool, spec: MatchSpec) -> None:
        self.pool = pool
        self.spec = spec
        self.baton = threading.Semaphore(0)
        self.asking: Asking | None = None
        self.answer: Rows = []
        self.abandoned = False
        self.ended = False
        self.part: MatchPart | None = None
        self.thread = threading.Thread(target=self._play, name=f"pool {spec.match_id}", daemon=True)

    def ask(self, query: RuleQuery, values: dict[str, Any], ledger: Ledger) -> Rows:
        """Rule query ``query`` with ``values``, answered with the other matches' asks, and the
        changes ``ledger`` holds to the tables it reads written with theirs (the match's
        :class:`~phaseline.queries.QuestionPool`)."""
        form = pooled_form(query)
        if form is None or query.name in self.pool.alone:
            ledger.write_held_for(query.sql)
            return ask_alone(self.pool.store, query, values)
        self.asking = Asking(form, values, ledger.take_held_for(query.sql))
        self.pool.conductor.release()
        self._wait()
        return self.answer

    def run(self) -> None:
        """Let this match play until it parks at a question or ends (called by the pool)."""
        self.baton.release()
        self.pool.conductor.acquire()

    def abandon(self) -> None:
        """Stop this parked match: it ends without a part."""
        self.abandoned = True
        self.run()

    def _wait(self) -> None:
        self.baton.acquire()
        if self.abandoned:
            raise Abandoned

    def _play(self) -> None:
        started = time.thread_time()  # (a thread waiting for the baton spends none)
        try:
            self._wait()
            result = play_to_end(self.pool.store, self.pool.registry, self.spec, self, self.pool.static_source())
            tables = parquet_tables(self.pool.store, self.spec.match_id)
            self.part = MatchPart(self.spec, result, time.thread_time() - started, tables)
        except Abandoned:
            pass
        except Exception as error:  # one match's failure is reported with its seed; the others go on
            if not self.abandoned:  # (an abandoned match's unwinding may fail in the aborted transaction)
                self.part = failed_part(self.spec, time.thread_time() - started, first(error))
        finally:
            self.ended = True
            self.pool.conductor.release()


def first(error: BaseException) -> BaseException:
    """The error that failed a match: in an aborted transaction every statement fails, so an
    error raised while handling another (a rollback's clean-up) is reported as the one it handled."""
    while isinstance(error, duckdb.TransactionException) and error.__context__ is not None:
        error = error.__context__
    return error


class Pool:
    """The matches of ``specs`` in ``store``, inside its transaction; ``alone``: the queries
    asked one match at a time (their pooled statement failed)."""

    def __init__(self, store: Store, registry: Registry, specs: list[MatchSpec], alone: set[str]) -> None:
        self.store = store
        self.registry = registry
        self.alone = alone
        self.conductor = threading.Semaphore(0)
        self.seats = [Seat(self, spec) for spec in specs]
        self.source: StaticSource | None = None  # see static_source

    def play(self) -> list[MatchPart]:
        """Play the matches; the parts of those that ended, every one unless the transaction was
        lost (then those that ended before, and the one whose failure lost it)."""
        for seat in self.seats:
            seat.thread.start()
        live = list(self.seats)
        try:
            while live:
                for seat in live:
                    if seat.asking is not None:  # its question waits for more matches to ask it
                        continue
                    seat.run()
                    if seat.ended and seat.part and seat.part.error and self._aborted():
                        raise TransactionLost
                live = [seat for seat in live if not seat.ended]
                self._answer(live)
        except TransactionLost:
            for seat in live:
                if not seat.ended:
                    seat.abandon()
        return [seat.part for seat in self.seats if seat.part is not None]

    def static_source(self) -> StaticSource | None:
        """The pool's first match to be made, whose static rows each later match copies instead of
        loading the scenario (as a worker's stores do, :mod:`.stores`): None until one is made.
        A match records its static tables' digests last, so one with digests is made."""
        if self.source is None:
            made = self.store.one("SELECT min(match_id) FROM match_data")
            if made is not None:
                self.source = StaticSource.of(self.store, made)
        return self.source

    def _answer(self, parked: list[Seat]) -> None:
        """Answer parked matches (:meth:`answered_now`), each group of asks of one query in one
        statement."""
        groups: dict[PooledForm, list[Seat]] = {}
        for seat in parked:
            assert seat.asking is not None
            groups.setdefault(seat.asking.form, []).append(seat)
        for form, seats in self.answered_now(groups).items():
            asking = [seat.asking for seat in seats if seat.asking]
            try:
                write_held(self.store, [ask.held for ask in asking])
                answers = form.answer(self.store, [ask.values for ask in asking])
            except duckdb.Error:
                self.alone.add(form.query.name)
                raise TransactionLost from None
            for seat, rows in zip(seats, answers, strict=True):
                seat.asking, seat.answer = None, rows

    def answered_now(self, groups: dict[PooledForm, list[Seat]]) -> dict[PooledForm, list[Seat]]:
        """Of the parked matches' ``groups`` (by query), those to answer now: every query's but
        those written Together, and those only when no other group is left.

        A Together query (movement-legal) is written so that one statement for many asks costs
        little more than for one, so its asks wait until every match still playing has asked it
        or waits at another Together query: the others catch up first. A BfG pool of 24 matches
        so asks movement-legal in 48 statements of 17 asks, where answering every group at once
        took 81 statements of 10, and its pooled statements cost 0.85x (scripts/bench_pooling.py).
        """
        return {form: seats for form, seats in groups.items() if not form.query.together} or groups

    def _aborted(self) -> bool:
        """Whether the transaction is aborted (a statement failed in it)."""
        try:
            self.store.con.execute("SELECT 1")
        except duckdb.Error:
            return True
        return False


def play_pool(specs: list[MatchSpec], registry: Registry | None = None) -> list[MatchPart]:
    """Play ``specs``'s matches as one pool and return their parts, in the specs' order.

    ``registry`` defaults to the installed plugins less the specs' blocked ones (those of one
    tournament, the same in every spec).
    """
    reg = registry or installed(specs[0].blocked)
    parts: dict[str, MatchPart] = {}
    alone: set[str] = set()
    while len(parts) < len(specs):
        waiting = [spec for spec in specs if spec.match_id not in parts]
        asked_alone = len(alone)
        ended = _play_once(waiting, reg, alone)
        if not ended and len(alone) == asked_alone:  # no match ended, and nothing to do otherwise
            ended = [failed_part(spec, 0.0, TransactionLost("the pool's transaction was lost")) for spec in waiting]
        parts.update((part.spec.match_id, part) for part in ended)
    return [parts[spec.match_id] for spec in specs]


def _play_once(specs: list[MatchSpec], registry: Registry, alone: set[str]) -> list[MatchPart]:
    """The matches of ``specs`` played in a new store (see :meth:`Pool.play`); each part's CPU
    is its thread's and a share of the pool's own (the pooled statements, mostly)."""
    started = time.thread_time()
    try:
        # The store is thrown away (its matches leave as parts): its transaction is rolled back.
        with Store.open(":memory:", config=STORE_CONFIG) as store, store.rolled_back(), cycles_left():
            ended = Pool(store, registry, specs, alone).play()
    except Exception as error:  # the pool's store failed: every match of it fails so
        return [failed_part(spec, 0.0, error) for spec in specs]
    shared = (time.thread_time() - started) / len(specs)
    return [replace(part, cpu=part.cpu + shared) for part in ended]


@contextmanager
def cycles_left() -> Iterator[None]:
    """Python's cycle collector off while a pool plays, then as it was. A pool keeps every match
    of it alive, so each full collection walks all their objects: measured, a BfG pool of 24
    matches costs 0.92x with the collector off (6 alternating runs), and leaves about 15 MB of
    cycles to collect once it ends."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
