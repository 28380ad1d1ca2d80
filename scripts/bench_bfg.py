"""Battle for Germany figures (issue 3, "Measured"): the legal actions of a whole side on
the map (median of ``--runs``), and one full bot-versus-bot Historical game (wall time,
actions per second)::

    python scripts/bench_bfg.py [--runs 5] [--seed 1] [--bot heuristic] [--max-actions N]
                                [--per-unit-reach] [--profile FILE]

``--per-unit-reach`` runs the ``movement-reach`` query as if its header declared
``Per unit:`` with paths tie-broken by value (if the query does not yet break them so),
so that the rule cache updates its answer move by move instead of re-running it (see
core/queries.py); without it, the shipped query runs as it is.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import statistics
import sys
import time

from phaseline import Game, Store
from phaseline.bots import run_bots
from phaseline.plugins import registry
from phaseline.queries import PER_UNIT_TAG, all_queries

GAME = "battle-for-germany"
TIE = "arg_min(r.space_id, r.cost + st.cost)"
TIE_BY_VALUE = "arg_min(r.space_id, (r.cost + st.cost, r.space_id))"


def per_unit_reach() -> bool:
    """Patch movement-reach in this process as proposed; False when the query has moved on."""
    queries = all_queries()
    query = queries["movement-reach"]
    if query.per_unit:
        return True
    if TIE not in query.sql and TIE_BY_VALUE not in query.sql:
        return False
    queries["movement-reach"] = dataclasses.replace(
        query,
        sql=query.sql.replace(TIE, TIE_BY_VALUE),
        doc=f"{query.doc}\n{PER_UNIT_TAG} friendly units neither block nor project ZOC",
    )
    return True


def side_legal_actions(reg, runs: int, seed: int) -> None:
    store = Store.open(":memory:")
    game = Game.create(store, reg, GAME, "historical", seed=seed)
    side = game.waiting_on()[0]
    sql = all_queries()["movement-reach"].sql
    reach, legal = [], []
    count = rows = 0
    for _ in range(runs):
        start = time.perf_counter()
        rows = len(store.rows(sql, {"game_id": game.game_id, "side": side}))
        reach.append(time.perf_counter() - start)
        game.rules._cache.clear()
        game.rules._base.clear()
        start = time.perf_counter()
        count = len(game.legal_actions())
        legal.append(time.perf_counter() - start)
    store.close()
    print(f"{side} at the start of Historical: movement-reach {rows} rows, {count} legal actions")
    print(f"  movement-reach (one query, whole side)   median {statistics.median(reach) * 1000:8.1f} ms")
    print(f"  legal_actions() (uncached)               median {statistics.median(legal) * 1000:8.1f} ms")


def full_game(reg, seed: int, bot: str, max_actions: int | None, profile: str | None) -> None:
    store = Store.open(":memory:")
    start = time.perf_counter()
    chosen = reg.game(GAME).scenario("historical")
    bots = {side: f"bot:{bot}" for side in chosen.sides}
    game = Game.create(store, reg, GAME, chosen, seed=seed, controllers=bots)
    created = time.perf_counter() - start
    profiler = cProfile.Profile() if profile else None
    if profiler:
        profiler.enable()
    start, cpu = time.perf_counter(), time.process_time()
    played = run_bots(game, reg, controllers=bots, max_actions=max_actions)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    if profiler:
        profiler.disable()
        profiler.dump_stats(profile)
    clock = game.clock
    print(f"Historical, {bot} bot on every side, seed {seed}: set-up {created:.1f} s")
    print(
        f"  {played} actions in {wall:.1f} s wall ({cpu:.1f} s CPU) = {played / wall:.2f} actions/s; "
        f"ended at turn {clock.turn} "
        f"{clock.step} ({clock.status}) {clock.result or ''}"
    )
    store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--max-actions", type=int, default=None)
    parser.add_argument("--per-unit-reach", action="store_true")
    parser.add_argument("--profile", help="write a cProfile of the full game here")
    parser.add_argument("--skip-game", action="store_true")
    args = parser.parse_args(argv)
    if args.per_unit_reach and not per_unit_reach():
        print("movement-reach has changed: --per-unit-reach does not apply", file=sys.stderr)
        return 2
    print(f"movement-reach per unit: {all_queries()['movement-reach'].per_unit}")
    reg = registry()
    side_legal_actions(reg, args.runs, args.seed)
    if not args.skip_game:
        full_game(reg, args.seed, args.bot, args.max_actions, args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
