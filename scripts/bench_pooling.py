"""Would pooling pay? (issue 16: "the rule queries of all matches waiting at the same kind of
question are answered by one statement"). Two measurements, on Battle for Germany Historical:

1. One heuristic-bot game with every statement timed (CPU), by kind: each named rule query of
   schema/rules (movement-reach, enemy-zoc, stacking-audit: the questions a pool could answer for
   many matches at once), the other reads, the writes; whether each ran inside an action's
   transaction; and for the rule queries their fixed cost, the same statement asked again of a
   match that does not exist (parse, bind, optimise and start, with no work).
2. The legal moves of ``--pool`` matches (each at its own point of play) asked one statement per
   match, then in one statement for all of them as a tournament's pool asks it (movement-legal
   is written for many asks together: one walk over every asked (match_id, side), see
   phaseline.pooled_queries); both answers compared row for row, in order.
3. A pool of ``--play`` matches played to their end, as ``tournament --pool`` plays them: each
   query's pooled statements, the asks they carried, and the pool's CPU a match, with the asks of
   Together queries waiting for the other matches (the pool's way, Pool.answered_now) against
   every group answered as soon as it is asked (the baseline), the two alternating ``--runs`` times.

    python scripts/bench_pooling.py [--pool 10 50] [--play 24] [--seed 1] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from phaseline import Match, Store
from phaseline.bots import run_bots
from phaseline.plugins import registry
from phaseline.pooled_queries import PooledForm, pooled_form
from phaseline.queries import all_queries, ask_alone, get_query
from phaseline.tournament import MatchSpec
from phaseline.tournament import pool as pooling
from tabulate import tabulate

GAME, SCENARIO = "battle-for-germany", "historical"
POOLED = "movement-legal"
WRITES = ("INSERT", "UPDATE", "DELETE", "BEGIN", "COMMIT", "ROLLBACK")


@dataclass
class Kind:
    """The statements of one kind: how many, their CPU seconds, how many inside a transaction, and
    (rule queries) what each cost again with no match to read."""

    count: int = 0
    cpu: float = 0.0
    in_transaction: int = 0
    asked: list[tuple[str, Any]] = field(default_factory=list)


class TimedConnection:
    """A DuckDB connection that times every statement (CPU) and files it under its kind."""

    def __init__(self, store: Store, names: dict[str, str]) -> None:
        self.con, self.store, self.names = store.con, store, names
        self.kinds: dict[str, Kind] = defaultdict(Kind)

    def kind_of(self, sql: str) -> str:
        if sql in self.names:
            return self.names[sql]
        return "write" if sql.lstrip().split(None, 1)[0].upper() in WRITES else "other read"

    def execute(self, sql: str, params: Any = None) -> Any:
        start = time.process_time()
        try:
            return self.con.execute(sql, params)
        finally:
            kind = self.kinds[self.kind_of(sql)]
            kind.count += 1
            kind.cpu += time.process_time() - start
            kind.in_transaction += self.store._depth > 0
            if sql in self.names:
                kind.asked.append((sql, params))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.con, name)


def rule_query_texts() -> dict[str, str]:
    """Each named rule query's text as the engine sends it (with and without its optional parameters)."""
    found = {}
    for name, query in all_queries().items():
        for given in ((), query.optional):
            found[query.with_params(given)] = name
    return found


def statement_costs(seed: int) -> tuple[float, dict[str, Kind], dict[str, float]]:
    """One bot game's CPU seconds, its statements by kind, and each rule query's fixed cost in all."""
    reg = registry()
    with Store.open(":memory:") as store:
        bots = {side: "bot:heuristic" for side in reg.game(GAME).scenario(SCENARIO).sides}
        match = Match.create(store, reg, GAME, SCENARIO, seed=seed, controllers=bots)
        timed = store.con = TimedConnection(store, rule_query_texts())  # match.con reads through store.con
        start = time.process_time()
        run_bots(match, reg, controllers=bots)
        total = time.process_time() - start
        store.con = timed.con
        fixed = {}
        for name, kind in timed.kinds.items():
            if kind.asked:
                start = time.process_time()
                for sql, params in kind.asked:
                    store.con.execute(sql, {**params, "match_id": nowhere(params["match_id"])}).fetchall()
                fixed[name] = time.process_time() - start
        return total, dict(timed.kinds), fixed


def nowhere(match_id: str | list[str]) -> str | list[str]:
    """A match that does not exist, in place of ``match_id`` (a query written Together: of each ask)."""
    return ["no such match"] * len(match_id) if isinstance(match_id, list) else "no such match"


def matches_at_play(store: Store, count: int) -> list[tuple[str, str]]:
    """``count`` matches in ``store``, each played to its own point: (match_id, side to move)."""
    reg = registry()
    bots = {side: "bot:heuristic" for side in reg.game(GAME).scenario(SCENARIO).sides}
    asked = []
    for index in range(count):
        match = Match.create(store, reg, GAME, SCENARIO, seed=index + 1, controllers=bots, match_id=f"pool-{index}")
        run_bots(match, reg, controllers=bots, max_actions=5 + 7 * (index % 12))
        asked.append((match.match_id, match.waiting_on()[0] or "SOV"))
    return asked


def pooled_reach(count: int, runs: int) -> tuple[float, float, bool]:
    """CPU ms per match of the reach asked one statement per match, and in one for all (as a
    tournament's pool asks it, phaseline.pooled_queries); the same rows in the same order?"""
    with Store.open(":memory:", config={"threads": 1}) as store:
        asks = [{"match_id": match_id, "side": side} for match_id, side in matches_at_play(store, count)]
        query = get_query(POOLED)
        form = pooled_form(query)
        assert form is not None

        def one_by_one() -> list[list[dict[str, Any]]]:
            return [ask_alone(store, query, ask) for ask in asks]

        def pooled() -> list[list[dict[str, Any]]]:
            return form.answer(store, asks)

        same = one_by_one() == pooled()
        times: dict[Any, list[float]] = {one_by_one: [], pooled: []}
        for _ in range(runs):
            for job, spent in times.items():
                start = time.process_time()
                job()
                spent.append((time.process_time() - start) * 1000 / count)
        return statistics.median(times[one_by_one]), statistics.median(times[pooled]), same


WAITING = pooling.Pool  # the pool's way: Together queries wait for the other matches


class AtOnce(pooling.Pool):
    """A pool that answers every group of asks as soon as it is asked (the baseline)."""

    def answered_now(self, groups: dict[PooledForm, list[pooling.Seat]]) -> dict[PooledForm, list[pooling.Seat]]:
        return groups


@dataclass
class Pooled:
    """One query's pooled statements in a pool played to its end: how many, their asks, their CPU seconds."""

    statements: int = 0
    asks: int = 0
    cpu: float = 0.0


def pool_played(count: int, seed: int, pool: type[pooling.Pool]) -> tuple[float, dict[str, Pooled]]:
    """CPU seconds a match of ``count`` matches from ``seed`` played as one pool of class ``pool``,
    and each query's pooled statements."""
    bots = tuple((side, "heuristic") for side in registry().game(GAME).scenario(SCENARIO).sides)
    specs = [MatchSpec("bench", i, f"bench-{i}", GAME, SCENARIO, seed + i, bots) for i in range(count)]
    pooled: dict[str, Pooled] = defaultdict(Pooled)
    answer = PooledForm.answer

    def counted(form: PooledForm, store: Store, asks: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
        start = time.process_time()
        try:
            return answer(form, store, asks)
        finally:
            kind = pooled[form.query.name]
            kind.statements, kind.asks = kind.statements + 1, kind.asks + len(asks)
            kind.cpu += time.process_time() - start

    PooledForm.answer, pooling.Pool = counted, pool  # type: ignore[method-assign]
    try:
        start = time.process_time()
        parts = pooling.play_pool(specs)
        spent = time.process_time() - start
    finally:
        PooledForm.answer, pooling.Pool = answer, WAITING  # type: ignore[method-assign]
    failed = [part.error for part in parts if part.error]
    assert not failed, failed
    return spent / count, pooled


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pool", type=int, nargs="+", default=[10, 50])
    parser.add_argument("--play", type=int, default=24, help="matches of the pool played to their end (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    total, kinds, fixed = statement_costs(args.seed)
    rows = [
        (name, k.count, f"{k.cpu:.2f}", f"{100 * k.cpu / total:.0f}%", k.in_transaction,
         f"{fixed[name]:.2f}" if name in fixed else "", f"{fixed[name] / k.cpu:.0%}" if name in fixed else "")
        for name, k in sorted(kinds.items(), key=lambda item: -item[1].cpu)
    ]  # fmt: skip
    statements = sum(k.count for k in kinds.values())
    print(f"{GAME} {SCENARIO}, heuristic bots, seed {args.seed}: {total:.2f} s CPU in play, "
          f"{sum(k.cpu for k in kinds.values()):.2f} s in {statements} statements")  # fmt: skip
    print(tabulate(rows, headers=("statements", "count", "CPU s", "of play", "in a transaction", "fixed s", "fixed")))
    poolable = sum(kinds[name].cpu for name in fixed)
    print(f"rule queries a pool could answer: {poolable:.2f} s ({100 * poolable / total:.0f}% of play), "
          f"of which {sum(fixed.values()):.2f} s the statements' fixed cost\n")  # fmt: skip
    for count in args.pool:
        single, pooled, same = pooled_reach(count, args.runs)
        print(f"{POOLED} of {count} matches: one statement each {single:.1f} ms a match, one for all "
              f"{pooled:.1f} ms a match ({pooled / single:.2f}x); same rows: {'yes' if same else 'NO'}")  # fmt: skip
    if args.play:
        print_pool_play(args.play, 1000 * args.seed, args.runs)
    return 0


def print_pool_play(count: int, seed: int, runs: int) -> None:
    """Measurement 3: a pool played to its end, Together queries waiting against answered at once."""
    cpu: dict[type[pooling.Pool], list[float]] = {WAITING: [], AtOnce: []}
    pooled: dict[type[pooling.Pool], list[float]] = {WAITING: [], AtOnce: []}
    kinds: dict[type[pooling.Pool], dict[str, Pooled]] = {}
    for _ in range(runs):
        for pool in cpu:
            spent, kinds[pool] = pool_played(count, seed, pool)
            cpu[pool].append(spent)
            pooled[pool].append(sum(kind.cpu for kind in kinds[pool].values()) / count)
    print(f"\na pool of {count} matches from seed {seed} played to their end (the last of {runs} runs):")
    rows = []
    for name, waiting in sorted(kinds[WAITING].items(), key=lambda item: -item[1].cpu):
        at_once = kinds[AtOnce].get(name, Pooled())
        rows.append((name, *(f"{k.statements} of {k.asks / max(k.statements, 1):.1f} asks, {k.cpu:.2f} s"
                             for k in (waiting, at_once))))  # fmt: skip
    print(tabulate(rows, headers=("pooled statements", "Together waits", "every group at once")))
    for what, spent in (("pooled statements", pooled), ("the whole pool", cpu)):
        waiting, at_once = statistics.median(spent[WAITING]), statistics.median(spent[AtOnce])
        print(f"CPU a match, {what}: Together waits {waiting:.3f} s, every group at once {at_once:.3f} s "
              f"({waiting / at_once:.2f}x, medians of {runs})")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
