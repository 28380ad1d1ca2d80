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

    python scripts/bench_pooling.py [--pool 10 50] [--seed 1] [--runs 3]
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
from phaseline.pooled_queries import pooled_form
from phaseline.queries import all_queries, ask_alone, get_query
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
                    store.con.execute(sql, {**params, "match_id": "no such match"}).fetchall()
                fixed[name] = time.process_time() - start
        return total, dict(timed.kinds), fixed


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pool", type=int, nargs="+", default=[10, 50])
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
