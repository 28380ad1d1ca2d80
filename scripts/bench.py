"""phaseline benchmarks: a small registry of named benchmarks, each printing medians.

    python scripts/bench.py                   # every default benchmark
    python scripts/bench.py --only rules-10k  # benchmarks whose name starts with this (repeatable)
    python scripts/bench.py --large           # add the large ones (100,000 hexes, 2 million events)
    python scripts/bench.py --threads 1       # DuckDB on one thread (default: one per core)

A benchmark is a function ``(args) -> list[Figure]`` registered with ``@benchmark(name)``.
Each figure is the median of ``--runs`` runs of a SQL query set and, where there is one, of
its pure-Python oracle (tests/oracles.py) on the same data, run alternately so that load
on the machine hits both alike. DESIGN.md's target: a whole side's reach <= 1.5x the oracle
(REACH_TARGET); the table marks each reach figure against it.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from faker import Faker
from tabulate import tabulate

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from boards import Board, Unit, generate, load_board
from oracles import Oracle
from phaseline import Store
from phaseline.games.breakout.loading import supply_path_costs
from phaseline.queries import get_query
from phaseline.resources import data_dir

SEED = 20260601
REACH_TARGET = 1.5  # DESIGN.md: the legal moves of a whole side, <= 1.5x the Python oracle


@dataclass(frozen=True)
class Figure:
    """One measured line: SQL median and, if any, the oracle's median (milliseconds)."""

    benchmark: str
    what: str
    sql_ms: float
    oracle_ms: float | None = None
    rows: int | None = None
    target: float | None = None  # the SQL/oracle ratio this figure must not exceed

    @property
    def ratio(self) -> float | None:
        return self.sql_ms / self.oracle_ms if self.oracle_ms else None

    @property
    def verdict(self) -> str:
        if self.target is None or self.ratio is None:
            return ""
        return f"{'met' if self.ratio <= self.target else 'MISSED'} (<= {self.target}x)"


Benchmark = Callable[[argparse.Namespace], list[Figure]]
REGISTRY: dict[str, tuple[Benchmark, bool]] = {}


def benchmark(name: str, *, large: bool = False) -> Callable[[Benchmark], Benchmark]:
    """Register a benchmark under ``name``; ``large`` ones run only with ``--large``."""

    def register(fn: Benchmark) -> Benchmark:
        REGISTRY[name] = (fn, large)
        return fn

    return register


def medians_ms(runs: int, *jobs: Callable[[], Any]) -> list[float]:
    """Median wall time of each job over ``runs`` rounds, the jobs taking turns in each round."""
    times: list[list[float]] = [[] for _ in jobs]
    for _ in range(runs):
        for job, spent in zip(jobs, times, strict=True):
            start = time.perf_counter()
            job()
            spent.append((time.perf_counter() - start) * 1000)
    return [statistics.median(t) for t in times]


# --- rule queries on generated boards --------------------------------------------------------


def bench_board(hexes: int, seed: int = SEED) -> Board:
    """A square board of about ``hexes`` hexes, one unit per 10 hexes, two sides at war."""
    Faker.seed(seed)
    fake = Faker()
    side = round(math.sqrt(hexes))
    board = generate(random.Random(seed), side, side, hexes // 10, 2, match_id="bench",
                     namer=lambda: f"{fake.last_name()} Corps")  # fmt: skip
    board.terrain_cost = {"clear": 1, "forest": 2, "swamp": 3, "mountain": None}
    board.hostility = {("A", "B"): (True, True), ("B", "A"): (True, True)}
    board.zoc_rule, board.entry_rules = {}, []
    board.stacking = {("*", "*"): (3, "5.3"), ("*", "front"): (1, "5.3")}
    rng = random.Random(seed + 1)
    board.path_source = {(s, rng.choice(sorted(board.hexes))): "depot" for s in ("A", "B") for _ in range(8)}
    costs = (("border", "clear", 1), ("border", "river", 2), ("terrain", "forest", 1), ("terrain", "swamp", 2))
    board.path_cost = {(s, applies_to, kind, "*"): (c, "7.1") for s in ("A", "B") for applies_to, kind, c in costs}
    board.path_rule = {"A": (True, "7.2", None, False), "B": (False, "7.2", None, False)}
    return board


def open_store(args: argparse.Namespace) -> Store:
    """An in-memory store, on ``--threads`` threads when given."""
    store = Store.open(":memory:")
    if args.threads:
        store.con.execute(f"SET threads = {int(args.threads)}")
    return store


def rule_figures(name: str, hexes: int, args: argparse.Namespace, runs: int) -> list[Figure]:
    """Reach, ZOC, paths and stacking of side A: SQL against the oracle."""
    board = bench_board(hexes)
    oracle = Oracle(board)
    with open_store(args) as store:
        load_board(store, board)

        def sql(query: str) -> Callable[[], list[dict[str, Any]]]:
            return lambda: store.rows(get_query(query).sql, {"match_id": board.match_id, "side": "A"})

        cases = [
            ("reach of a whole side (movement-reach)", sql("movement-reach"), lambda: oracle.reach("A"), REACH_TARGET),
            ("enemy ZOC (enemy-zoc)", sql("enemy-zoc"), lambda: oracle.enemy_zoc("A"), None),
            ("cheapest paths (cheapest-paths)", sql("cheapest-paths"), lambda: oracle.cheapest_paths("A"), None),
            ("stacking audit (stacking-audit)", sql("stacking-audit"), lambda: oracle.stacking_audit("A"), None),
        ]
        figures = []
        for what, query, python, target in cases:
            query()  # warm up: plan caches, first-touch allocations
            sql_ms, oracle_ms = medians_ms(runs, query, python)
            figures.append(Figure(name, what, sql_ms, oracle_ms, len(query()), target))
    return figures


@benchmark("rules-10k")
def rules_10k(args: argparse.Namespace) -> list[Figure]:
    return rule_figures("rules-10k", 10_000, args, args.runs)


@benchmark("rules-100k", large=True)
def rules_100k(args: argparse.Namespace) -> list[Figure]:
    return rule_figures("rules-100k", 100_000, args, max(3, args.runs // 2))


# --- supply and refit costs on the Breakout: Normandy map -----------------------------------------


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def breakout_board(seed: int = SEED) -> Board:
    """The reconstructed Breakout: Normandy map in mid-game, with 12.5's path costs and rules.

    Every counter stands on a land area (seeded), control follows the units, bridges are
    German, Allied or destroyed, the Germans have 6 depots and the Allies their beaches and
    4 depots: the Refit phase's questions for every unit at once.
    """
    folder = data_dir("scenarios") / "breakout"
    land = {a["area_id"]: a for a in _rows(folder / "map/areas.csv") if a["kind"] == "area"}
    rng = random.Random(seed)
    adjacency: dict[str, dict[str, str]] = {a: {} for a in land}
    for row in _rows(folder / "map/borders.csv"):
        if row["a"] in land and row["b"] in land:
            adjacency[row["a"]][row["b"]] = adjacency[row["b"]][row["a"]] = row["kind"]
    link_state = {}
    for bridge in _rows(folder / "map/bridges.csv"):
        state = rng.choice(("german", "german", "allied", "destroyed"))
        link_state[bridge["a"], bridge["b"]] = link_state[bridge["b"], bridge["a"]] = state
    areas = sorted(land)
    statuses = ("Fresh", "Spent", "Dis1", "Dis2")
    units = [
        Unit(
            u["unit_id"], u["name"], u["side"], rng.choice(areas), 0, u["size"], u["nationality"], rng.choice(statuses)
        )
        for u in _rows(folder / "units.csv")
    ]
    control = {a: "DE" for a in areas}
    for area in areas:
        sides = {u.side for u in units if u.space_id == area}
        if sides == {"allied"}:
            first = min((u for u in units if u.space_id == area), key=lambda u: u.unit_id)
            control[area] = "US" if first.nationality == "US" else "UK"
    board = Board("bkn-bench", {a: (0, 0, land[a]["terrain"], None) for a in areas}, {}, {}, {}, units,
                  {("german", "allied"): (True, False), ("allied", "german"): (True, False)})  # fmt: skip
    board.adjacency, board.link_state, board.control = adjacency, link_state, control
    board.path_cost = {(s, applies_to, kind, state): (cost, rule) for s, applies_to, kind, state, cost, rule in
                       supply_path_costs()}  # fmt: skip
    board.path_rule = {s: (False, "12.5", 1, True) for s in ("german", "allied")}
    german = [a for a in areas if control[a] == "DE"]
    allied = [a for a in areas if control[a] != "DE"]
    board.path_source = {("german", a): "depot" for a in rng.sample(german, 6)}
    board.path_source |= {("allied", b["area_id"]): "beach" for b in _rows(folder / "map/beaches.csv")}
    board.path_source |= {("allied", a): "depot" for a in rng.sample(allied, min(4, len(allied)))}
    return board


@benchmark("breakout-supply")
def breakout_supply(args: argparse.Namespace) -> list[Figure]:
    """12.5: supply lines and refit costs from every depot, for every unit at once."""
    board = breakout_board()
    oracle = Oracle(board)
    figures = []
    with open_store(args) as store:
        load_board(store, board)
        for side in ("german", "allied"):

            def sql(query: str, side: str = side) -> Callable[[], list[dict[str, Any]]]:
                return lambda: store.rows(get_query(query).sql, {"match_id": board.match_id, "side": side})

            cases = [
                (f"{side} supply lines (cheapest-paths)", sql("cheapest-paths"),
                 lambda side=side: oracle.cheapest_paths(side)),
                (f"{side} refit costs, every area and depot (source-paths)", sql("source-paths"),
                 lambda side=side: oracle.source_paths(side)),
            ]  # fmt: skip
            for what, query, python in cases:
                query()
                sql_ms, oracle_ms = medians_ms(args.runs, query, python)
                figures.append(Figure("breakout-supply", what, sql_ms, oracle_ms, len(query())))
    return figures


# --- Battle for Germany (scripts/bench_bfg.py) ----------------------------------------------------


@benchmark("bfg")
def bfg(args: argparse.Namespace) -> list[Figure]:
    """A whole side's reach and legal actions at the start of Historical, and a full
    heuristic-bot game (its SQL column is the wall time per action)."""
    import bench_bfg
    from phaseline.plugins import registry

    reg = registry()
    # the target applies to the reach itself, not to its fixed cost (the row reading no board)
    figures = [Figure("bfg", what, sql_ms, oracle_ms, rows, REACH_TARGET if oracle_ms and rows else None)
               for what, sql_ms, oracle_ms, rows in bench_bfg.side_figures(reg, args.runs, seed=1)]  # fmt: skip
    match = bench_bfg.full_game(reg, seed=1, bot="heuristic", max_actions=None, profile=None)
    what = f"full bot game: {match['wall']:.1f} s wall, {match['cpu']:.1f} s CPU, per action"
    figures.append(Figure("bfg", what, match["wall"] * 1000 / match["actions"], None, int(match["actions"])))
    return figures


@benchmark("breakout")
def breakout(args: argparse.Namespace) -> list[Figure]:
    """Breakout: Normandy's side-wide questions in a live match and a bot week (scripts/bench_breakout.py)."""
    import bench_breakout

    return [Figure("breakout", *row) for row in bench_breakout.figures(args.runs)]


# --- the CLI and the history (scripts/bench_cli.py, scripts/bench_history.py) --------------------


@benchmark("cli")
def cli(args: argparse.Namespace) -> list[Figure]:
    """Each command's wall time from process start to exit on a new Historical match (target: 400 ms)."""
    import bench_cli

    with bench_cli.match_home("battle-for-germany") as env:
        return [
            Figure("cli", f"{label} (wall; {cpu * 1000:.0f} ms CPU; target {bench_cli.TARGET_S * 1000:.0f} ms)",
                   seconds * 1000)
            for label, seconds, cpu, _ in bench_cli.measure(env, args.runs)
        ]  # fmt: skip


@benchmark("history", large=True)
def history(args: argparse.Namespace) -> list[Figure]:
    """The history views over 1,000 generated matches, against the same questions on flat tables (CPU ms)."""
    import bench_history

    found = bench_history.measure(1000, 300, args.runs, threads=1)
    return [Figure("history", f"{m.question} (oracle: flat table)", m.view, m.flat, None, bench_history.TARGET)
            for m in found]  # fmt: skip


# --- running -----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", default=[], help="run benchmarks whose name starts with this")
    parser.add_argument("--large", action="store_true", help="include the large benchmarks")
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (the median is shown)")
    parser.add_argument("--threads", type=int, default=0, help="DuckDB threads per store (0: one per core)")
    args = parser.parse_args(argv)
    chosen = [
        (name, fn) for name, (fn, large) in REGISTRY.items()
        if (not args.only or any(name.startswith(o) for o in args.only)) and (args.large or not large or args.only)
    ]  # fmt: skip
    if not chosen:
        parser.error(f"no benchmark matches; known: {', '.join(REGISTRY)}")
    rows = []
    for name, fn in chosen:
        for f in fn(args):
            ratio = f"{f.ratio:.2f}x" if f.ratio is not None else ""
            oracle = f"{f.oracle_ms:.1f}" if f.oracle_ms is not None else ""
            rows.append((f.benchmark, f.what, f.rows, f"{f.sql_ms:.1f}", oracle, ratio, f.verdict))
            print(f"{name}: {f.what}: sql {f.sql_ms:.1f} ms, oracle {oracle or '-'} ms {ratio}", file=sys.stderr)
    print(tabulate(rows, headers=("benchmark", "what", "rows", "SQL ms", "oracle ms", "SQL/oracle", "target")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
