"""Every phaseline benchmark in one table of ratios, each against a baseline measured in the same run.

    python scripts/bench_all.py --quick            # a few minutes: the small sizes, one run of a game
    python scripts/bench_all.py                    # everything at its full size (the better part of an hour)
    python scripts/bench_all.py --only tournament --matches 200 --pool 50

What is measured, and against what:

- rules: the shared rule queries (reach, ZOC, paths, stacking) on generated boards of 1,000,
  10,000 (and 100,000) hexes against their pure-Python oracles (scripts/bench.py); DESIGN.md's
  targets: ≤ 1.0× at 10k hexes, ≤ 0.5× at 100k.
- games: the CPU of a heuristic-bot game (Battle for Germany Historical; and a Breakout: Normandy
  week) with this checkout's code against ``--baseline``'s (default main), installed aside from
  ``git archive`` and run alike, in a process of its own; issue 16's targets: ≤ 1/2, ≤ 1/3.
- tournament: the CPU a match costs in ``phaseline tournament`` (each match in a store of its own,
  ``--pool 1``; and ``--pool N`` matches a worker together, their rule queries asked in one
  statement, with ``--jobs 1`` and ``2``; every process counted) against a single ``phaseline
  autoplay`` process of the same game, per match and per action, and pooled against not;
  issue 16's target: ≤ 1/5. Beside them, the floor that no pooling of statements can pass: a
  match's Python alone, its statements answered from a recording (scripts/bench_floor.py).
- pooling: the reach of many matches asked in one statement against one statement per match
  (scripts/bench_pooling.py), per match.
- history: the history views at 1,000 (and 10,000) matches against the same questions on flat
  typed tables, in DuckDB (target ≤ 1.2×) and in SQLite (scripts/bench_history.py).
- cli: each command's wall time, process start to exit, against ``python -c 'import duckdb'``,
  with scripts/bench_cli.py's budget.

Times are CPU where a process's CPU is the work's (one thread), else wall, as each row says.
Never part of the test suite: figures depend on the machine and its load, ratios much less.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "scripts")]

RULE_TARGETS = {10_000: 1.0, 100_000: 0.5}  # DESIGN.md: rule queries against the oracle
GAME_TARGETS = {"battle-for-germany": 1 / 2, "breakout-normandy": 1 / 3}  # issue 16: against today's main
TOURNAMENT_TARGET = 1 / 5  # issue 16: a tournament's match against a single autoplay
CLEANUP = ExitStack()


@dataclass(frozen=True)
class Ratio:
    """One line of the table: what was measured and its baseline, in the same unit."""

    benchmark: str
    what: str
    measured: float
    baseline: float
    against: str
    unit: str = "ms"
    target: float | None = None  # the ratio not to exceed
    budget: float | None = None  # or the measured value not to exceed

    @property
    def ratio(self) -> float:
        return self.measured / self.baseline if self.baseline else float("inf")

    @property
    def verdict(self) -> str:
        if self.target is not None:
            return f"{'met' if self.ratio <= self.target else 'MISSED'} (≤ {self.target:.2g}x)"
        if self.budget is not None:
            return f"{'met' if self.measured <= self.budget else 'MISSED'} (≤ {self.budget:g} {self.unit})"
        return ""


Section = Callable[[argparse.Namespace], Iterator[Ratio]]
SECTIONS: dict[str, Section] = {}


def section(fn: Section) -> Section:
    SECTIONS[fn.__name__] = fn
    return fn


# --- rule queries against the oracles ------------------------------------------------------------


@section
def rules(args: argparse.Namespace) -> Iterator[Ratio]:
    import bench

    for hexes in (1_000, 10_000) if args.quick else (1_000, 10_000, 100_000):
        for f in bench.rule_figures("rules", hexes, argparse.Namespace(threads=0), args.runs):
            yield Ratio("rules", f"{f.what}, {hexes:,} hexes", f.sql_ms, f.oracle_ms or 0, "Python oracle", "ms wall",
                        target=RULE_TARGETS.get(hexes))  # fmt: skip


# --- bot games against the baseline's code -----------------------------------------------------------


@cache
def baseline_site(ref: str) -> Path:
    """``ref`` of this repository installed (no dependencies) into a folder of its own, for PYTHONPATH."""
    folder = Path(CLEANUP.enter_context(tempfile.TemporaryDirectory(prefix="phaseline-baseline-")))
    (folder / "src").mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(folder / "src")], input=archive.stdout, check=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--target",
                    str(folder / "site"), str(folder / "src")], check=True, capture_output=True)  # fmt: skip
    return folder / "site"


def play_in_process(game: str, scenario: str, seed: int, site: Path | None) -> dict[str, float]:
    """One heuristic-bot game in a fresh process (``site``: the baseline's code): its CPU and actions."""
    env = {**os.environ, "PYTHONPATH": str(site)} if site else dict(os.environ)
    done = subprocess.run([sys.executable, __file__, "--play", game, scenario, str(seed)], env=env,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return json.loads(done.stdout.splitlines()[-1])


def play(game: str, scenario: str, seed: int) -> dict[str, float]:
    """The ``--play`` mode: a game as autoplay plays it, timed from the match's creation."""
    import inspect

    import phaseline
    from bench_games import autoplay_commit_every, match_class  # a baseline may predate both
    from phaseline import Store
    from phaseline.bots import run_bots
    from phaseline.plugins import registry

    reg = registry()
    bots = {side: "bot:heuristic" for side in reg.game(game).scenario(scenario).sides}
    run = {"commit_every": autoplay_commit_every()} if "commit_every" in inspect.signature(run_bots).parameters else {}
    start = time.process_time()
    with Store.open(":memory:") as store:
        match = match_class(phaseline).create(store, reg, game, scenario, seed=seed, controllers=bots)
        actions = run_bots(match, reg, controllers=bots, **run)
    return {"cpu": time.process_time() - start, "actions": actions}


@section
def games(args: argparse.Namespace) -> Iterator[Ratio]:
    site = baseline_site(args.baseline)
    plays = [("battle-for-germany", "historical", 1), *(() if args.quick else [("breakout-normandy", "week", 11)])]
    for game, scenario, seed in plays:
        now, then = [], []
        for _ in range(1 if args.quick else 3):
            now.append(play_in_process(game, scenario, seed, None)["cpu"])
            then.append(play_in_process(game, scenario, seed, site)["cpu"])
        yield Ratio("games", f"{game} {scenario} heuristic bot game, seed {seed}", statistics.median(now),
                    statistics.median(then), f"{args.baseline}'s code", "s CPU", GAME_TARGETS[game])  # fmt: skip


# --- a tournament's match against a single autoplay ---------------------------------------------------


def command(argv: list[str], check: bool = True) -> tuple[str, float, float]:
    """Run ``phaseline ARGV``: its output, wall seconds, and CPU seconds of it and every process it
    waited for (``check``: a failure stops the benchmark)."""
    import bench_cli

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([*bench_cli.phaseline_command(), *argv], capture_output=True, text=True, check=check)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done.stdout, wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@section
def tournament(args: argparse.Namespace) -> Iterator[Ratio]:
    import bench_floor

    matches = args.matches or (20 if args.quick else 200)
    single = 2 if args.quick else 5
    with tempfile.TemporaryDirectory(prefix="phaseline-bench-tournament-") as folder:
        alone = []
        for seed in range(1000, 1000 + single):
            out, _, cpu = command(["--db", f"{folder}/autoplay-{seed}.duckdb", "autoplay", "battle-for-germany",
                                   "--seed", str(seed)])  # fmt: skip
            alone.append((cpu, int(re.search(r"(\d+) actions played", out).group(1))))
        per_match = statistics.fmean(cpu for cpu, _ in alone)
        per_action = sum(cpu for cpu, _ in alone) / sum(actions for _, actions in alone)
        against = f"one autoplay process (mean of seeds 1000-{999 + single})"
        _, python, _ = bench_floor.floor("battle-for-germany", None, 1000, args.runs)
        what = "CPU a match, its Python alone: every statement answered free (bench_floor.py, seed 1000)"
        yield Ratio("tournament", what, python, per_match, against, "s CPU", TOURNAMENT_TARGET)
        unpooled = None
        for pool, jobs in ((1, 1), (args.pool, 1), (args.pool, 2)):
            out, wall, cpu = command(["--db", f"{folder}/tournament-{pool}-{jobs}.duckdb", "--format", "json",
                                      "tournament", "battle-for-germany", "--matches", str(matches), "--seed", "1000",
                                      "--pool", str(pool), "--jobs", str(jobs)], check=False)  # fmt: skip
            report = json.loads(out)  # (a tournament some of whose matches failed exits 1, its report whole)
            failed = f", {len(report['failed'])} failed" if report["failed"] else ""
            what = f"{matches} matches{failed}, --pool {pool} --jobs {jobs} ({wall:.0f} s wall)"
            yield Ratio("tournament", f"CPU a match, {what}", cpu / matches, per_match, against, "s CPU",
                        TOURNAMENT_TARGET)  # fmt: skip
            yield Ratio("tournament", f"CPU an action, {what}", 1000 * cpu / (matches * report["mean_actions"]),
                        1000 * per_action, against, "ms CPU", TOURNAMENT_TARGET)  # fmt: skip
            if pool == 1:
                unpooled = cpu / matches
            elif jobs == 1 and unpooled:
                yield Ratio("tournament", f"CPU a match, {what}", cpu / matches, unpooled,
                            "the same tournament with --pool 1 --jobs 1", "s CPU")  # fmt: skip


@section
def pooling(args: argparse.Namespace) -> Iterator[Ratio]:
    import bench_pooling

    count = 10 if args.quick else 50
    single, pooled, same = bench_pooling.pooled_reach(count, args.runs)
    agree = "the same rows" if same else "DIFFERENT ROWS"
    yield Ratio("pooling", f"reach of {count} BfG matches in one statement, a match ({agree})", pooled, single,
                "one statement a match", "ms CPU")  # fmt: skip


# --- the history views against flat tables in DuckDB and in SQLite ----------------------------------


SQLITE_TABLES = {
    "flat_event": None,
    "flat_change": None,
    "match": "SELECT match_id, game FROM match",
    "clock": "SELECT match_id, turn, step, status FROM clock",
}
_AGGREGATE = re.compile(r"^\s*(count|sum|min|max|avg)\(", re.I)


def sqlite_dialect(sql: str) -> str:
    """A flat-table question in SQLite's words: ``GROUP BY ALL`` spelt out (the select list's
    columns that are no aggregates)."""
    if "GROUP BY ALL" not in sql:
        return sql
    items = re.search(r"SELECT\s+(.*?)\s+FROM\s", sql, flags=re.S | re.I).group(1).split(",")
    keys = [re.split(r"\s+AS\s+", item.strip(), flags=re.I)[-1] for item in items if not _AGGREGATE.match(item)]
    return sql.replace("GROUP BY ALL", "GROUP BY " + ", ".join(keys))


def to_sqlite(store: Any, path: Path) -> sqlite3.Connection:
    """The flat tables (and what their questions join) copied into a SQLite file, keyed as in DuckDB."""
    lite = sqlite3.connect(path)
    for table, select in SQLITE_TABLES.items():
        cursor = store.con.execute(select or f"SELECT * FROM {table}")
        names = [d[0] for d in cursor.description]
        key = ", PRIMARY KEY (match_id, seq, n)" if table == "flat_change" else ""
        key = ", PRIMARY KEY (match_id, seq)" if table == "flat_event" else key
        lite.execute(f"CREATE TABLE {table} ({', '.join(names)}{key})")
        while rows := cursor.fetchmany(50_000):
            lite.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(names))})", rows)
    lite.commit()
    return lite


def sqlite_times(store: Any, matches: int, runs: int, folder: Path) -> dict[str, float]:
    """CPU ms (median) of each flat-table question in SQLite that its dialect can ask, and gives
    as many rows as DuckDB's flat tables do."""
    import bench_history

    lite = to_sqlite(store, folder / "flat.sqlite")
    found = {}
    for name, (_, flat_sql) in bench_history.QUESTIONS.items():
        duck_sql = flat_sql.format(one=matches // 2)
        lite_sql = sqlite_dialect(duck_sql)
        try:
            rows = lite.execute(lite_sql).fetchall()
        except sqlite3.Error:
            continue
        if len(rows) != len(store.con.execute(duck_sql).fetchall()):
            continue
        spent = []
        for _ in range(runs):
            start = time.process_time()
            lite.execute(lite_sql).fetchall()
            spent.append((time.process_time() - start) * 1000)
        found[name] = statistics.median(spent)
    lite.close()
    return found


@section
def history(args: argparse.Namespace) -> Iterator[Ratio]:
    import bench_history

    for matches in (1_000,) if args.quick else (1_000, 10_000):
        with bench_history.bench_store(matches, 300, 1, 1, None) as store, tempfile.TemporaryDirectory() as folder:
            measured = bench_history.measure_store(store, matches, args.runs)
            lite = sqlite_times(store, matches, args.runs, Path(folder))
        for m in measured:
            what = f"{m.question}, {matches:,} matches" + ("" if m.same else " (a DIFFERENT answer)")
            yield Ratio("history", what, m.view, m.flat, "flat DuckDB table", "ms CPU", bench_history.TARGET)
            if m.question in lite:
                yield Ratio("history", what, m.view, lite[m.question], "flat SQLite table", "ms CPU")


# --- the CLI --------------------------------------------------------------------------------------------


@section
def cli(args: argparse.Namespace) -> Iterator[Ratio]:
    import bench_cli

    with bench_cli.match_home("battle-for-germany") as env:
        measured = list(bench_cli.measure(env, args.runs))
    floor = next(seconds for label, seconds, _, _ in measured if "import duckdb" in label)
    for label, seconds, cpu, _ in measured:
        if label.startswith("phaseline "):
            yield Ratio("cli", f"{label} (wall; {cpu * 1000:.0f} ms CPU)", seconds * 1000, floor * 1000,
                        "python -c 'import duckdb'", budget=bench_cli.TARGET_S * 1000)  # fmt: skip


# --- running ------------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the small sizes and one run of each game")
    parser.add_argument("--only", action="append", default=[], choices=list(SECTIONS), help="this section (repeatable)")
    parser.add_argument("--baseline", default="main", help="the git revision the bot games are compared with")
    parser.add_argument("--matches", type=int, help="the tournament's matches (default 20, or 200 without --quick)")
    parser.add_argument("--pool", type=int, help="the matches a worker plays together (default: the command's)")
    parser.add_argument("--runs", type=int, help="runs per figure, the median shown (default 3, or 5)")
    parser.add_argument("--play", nargs=3, metavar=("GAME", "SCENARIO", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        print(json.dumps(play(args.play[0], args.play[1], int(args.play[2]))))
        return 0
    args.runs = args.runs or (3 if args.quick else 5)
    # (imported here: a --play process may run a baseline's code, which may predate the command)
    from phaseline.cli.tournament import DEFAULT_POOL
    from tabulate import tabulate

    args.pool = args.pool or DEFAULT_POOL
    rows = []
    with CLEANUP:  # the baseline's installation
        for name, run in SECTIONS.items():
            if args.only and name not in args.only:
                continue
            for r in run(args):
                print(f"{r.benchmark}: {r.what}: {r.measured:.4g} vs {r.baseline:.4g} {r.unit}", file=sys.stderr)
                rows.append((r.benchmark, r.what, f"{r.measured:.4g}", f"{r.baseline:.4g}", r.unit, r.against,
                             f"{r.ratio:.2f}x", r.verdict))  # fmt: skip
    headers = ("benchmark", "what", "measured", "baseline", "unit", "baseline is", "ratio", "target")
    print(tabulate(rows, headers=headers, disable_numparse=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
