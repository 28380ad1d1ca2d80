"""Breakout: Normandy bot matches, this checkout against a baseline checkout in the same run
(issue 16): CPU and SQL statements per action, the statements by call site, and whether the
event and effect logs are byte for byte the baseline's::

    python scripts/bench_breakout_versus.py --baseline DIR [--runs 3] [--seeds 11,12]
        [--scenario week] [--identity d-day,extended] [--sites 12]

``DIR`` is a checkout of the baseline (e.g. ``git worktree add --detach /tmp/base main``)
with its own virtualenv in ``DIR/.venv`` (``--baseline-python`` names another interpreter).
Each measured match runs in its own process, the two checkouts alternating (each round
starts with the other one), so load on the machine hits both alike; the table gives medians
and the ratio this/baseline. DuckDB's ``execute`` is wrapped in the measuring process only:
each statement is charged to its call site (the innermost frame of the game's code, else of
the engine's, that is not plumbing; a write if the engine's ledger or event log made it) with
the CPU it took inside ``execute``.

The logs are compared as SHA-256 of the whole ``event`` table (``logged_at`` and ``sig`` left out) and
of the whole ``effect`` table, in key order, for every seed and scenario played: the
``--identity`` scenarios are played once per checkout and seed, for the comparison alone.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import phaseline
import phaseline.games
from phaseline import Match, Store
from phaseline.bots import run_bots
from phaseline.plugins import registry
from tabulate import tabulate

GAME = "breakout-normandy"
GAME_ID = "bkn-versus"  # a fixed id: the logs' hash chain includes it
HERE = Path(__file__).resolve()
# Frames that only carry a statement: a statement is charged to the code that asked for it.
PLUMBING_FILES = ("store.py", "batch.py", "kept.py", "queries.py", "duck.py", HERE.name)
KINDS = {"kept.py": "read", "ledger.py": "write", "events.py": "write", "batch.py": "write"}  # innermost wins
PLUMBING_FUNCTIONS = ("rows", "one", "static", "state_rows", "derived", "<lambda>", "<genexpr>", "<listcomp>")


# === the measuring process ====================================================================


class SiteCounter:
    """A DuckDB connection that charges each statement (count, CPU seconds) to its call site."""

    def __init__(self, con, games_dir: str, engine_dir: str) -> None:
        self.con = con
        self.games_dir, self.engine_dir = games_dir, engine_dir
        self.sites: dict[str, list[float]] = {}
        self._codes: dict[object, tuple[str, str | None, bool, bool]] = {}

    def execute(self, sql, params=None):
        site = self._site(sys._getframe(1))
        start = time.process_time()
        try:
            return self.con.execute(sql, params)
        finally:
            spent = self.sites.setdefault(site, [0, 0.0])
            spent[0] += 1
            spent[1] += time.process_time() - start

    def __getattr__(self, name):
        return getattr(self.con, name)

    def _site(self, frame) -> str:
        """The asking code (the game's, else the engine's), and whether the statement writes
        (made by the engine's ledger or event log for ``match.set`` and the like; reading the
        rows the ledger keeps, ``match.rows_of``, is a read)."""
        site, kind = None, None
        while frame is not None:
            name, frame_kind, asks, in_game = self._frame(frame.f_code)
            kind = kind or frame_kind
            if asks and in_game:
                site = name
                break
            if asks and site is None:
                site = name
            frame = frame.f_back
        return f"{site or 'engine'} ({kind or 'read'})"

    def _frame(self, code) -> tuple[str, str | None, bool, bool]:
        """A code object's site name, the kind of statement its file makes, whether it asks
        (not plumbing), whether it is the game's."""
        known = self._codes.get(code)
        if known is None:
            path, function = code.co_filename, code.co_name
            name = os.path.basename(path)
            if path.startswith(self.games_dir):
                known = (
                    f"{path[len(self.games_dir) + 1 :]}:{function}",
                    None,
                    function not in PLUMBING_FUNCTIONS,
                    True,
                )
            elif path.startswith(self.engine_dir):
                plumbing = name in PLUMBING_FILES or (name == "match.py" and function in PLUMBING_FUNCTIONS)
                known = (f"engine {name}:{function}", KINDS.get(name), not plumbing, False)
            else:
                known = ("", None, False, False)
            self._codes[code] = known
        return known


def log_digests(store, match_id: str) -> dict[str, str]:
    """SHA-256 of the match's whole event log and effect log, in key order. Left out: ``logged_at``
    (the wall clock, which each effect carries too) and ``sig`` (a signature by the seat's key,
    made afresh for each match; the hash chain it signs, ``hash``, stays in)."""
    columns = [r[0] for r in store.con.execute("DESCRIBE event").fetchall() if r[0] not in ("logged_at", "sig")]
    queries = {
        "event": f"SELECT {', '.join(columns)} FROM event WHERE match_id = ? ORDER BY seq",
        "effect": "SELECT * EXCLUDE (logged_at) FROM effect WHERE match_id = ? ORDER BY seq, n",  # its event's time
    }
    digests = {}
    for table, sql in queries.items():
        digest = hashlib.sha256()
        for row in store.con.execute(sql, [match_id]).fetchall():
            digest.update(repr(row).encode())
        digests[table] = digest.hexdigest()
    return digests


def measure(scenario: str, seed: int, bot: str, turns: int | None) -> dict[str, Any]:
    """Play one bot-versus-bot match in a store in memory; what it cost and its logs' digests."""
    reg = registry()
    chosen = reg.game(GAME).scenario(scenario)
    if turns:
        chosen = replace(chosen, last_turn=min(chosen.last_turn, chosen.first_turn + turns - 1))
    bots = {side: f"bot:{bot}" for side in chosen.sides}
    with Store.open(":memory:") as store:
        match = Match.create(store, reg, GAME, chosen, seed=seed, controllers=bots, match_id=GAME_ID)
        counter = SiteCounter(
            store.con, str(Path(phaseline.games.__file__).parent), str(Path(phaseline.__file__).parent)
        )
        store.con = counter  # match.con reads through store.con
        start, cpu = time.perf_counter(), time.process_time()
        played = run_bots(match, reg, controllers=bots)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        store.con = counter.con
        return {
            "actions": played,
            "cpu": cpu,
            "wall": wall,
            "statements": sum(n for n, _ in counter.sites.values()),
            "sql_cpu": sum(s for _, s in counter.sites.values()),
            "sites": counter.sites,
            "result": match.clock.result or match.clock.status,
            **log_digests(store, GAME_ID),
        }


# === the comparing process ======================================================================


def run_worker(python: str, scenario: str, seed: int, bot: str, turns: int | None) -> dict[str, Any]:
    args = [python, str(HERE), "--worker", scenario, "--seeds", str(seed), "--bot", bot]
    if turns:
        args += ["--turns", str(turns)]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{python} failed on {scenario} seed {seed}: {done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def median_of(results: list[dict[str, Any]], what: str) -> float:
    return statistics.median(r[what] for r in results)


def sites_table(results: dict[str, list[dict[str, Any]]], top: int) -> list[list[Any]]:
    """The call sites by median statements per action, before and after."""
    per_action: dict[str, dict[str, tuple[float, float]]] = {}
    for label, runs in results.items():
        for site in {s for r in runs for s in r["sites"]}:
            counts = [r["sites"].get(site, [0, 0.0]) for r in runs]
            per_action.setdefault(site, {})[label] = (
                statistics.median(n / r["actions"] for (n, _), r in zip(counts, runs, strict=True)),
                statistics.median(s * 1000 / r["actions"] for (_, s), r in zip(counts, runs, strict=True)),
            )
    ranked = sorted(per_action, key=lambda s: -max(v[1] for v in per_action[s].values()))[:top]
    rows = []
    for site in ranked:
        base, this = per_action[site].get("baseline", (0, 0)), per_action[site].get("this", (0, 0))
        rows.append([site, f"{base[0]:.2f}", f"{this[0]:.2f}", f"{base[1]:.1f}", f"{this[1]:.1f}"])
    return rows


def compare(args: argparse.Namespace) -> int:
    pythons = {
        "baseline": args.baseline_python or str(Path(args.baseline) / ".venv" / "bin" / "python"),
        "this": sys.executable,
    }
    seeds = [int(s) for s in args.seeds.split(",")]
    results: dict[str, list[dict[str, Any]]] = {"baseline": [], "this": []}
    digests: dict[tuple[str, str, int], set[tuple[str, str]]] = {}
    for round_no in range(args.runs):
        for seed in seeds:
            order = list(pythons) if round_no % 2 == 0 else list(reversed(pythons))
            for label in order:
                r = run_worker(pythons[label], args.scenario, seed, args.bot, args.turns)
                results[label].append(r)
                digests.setdefault((label, args.scenario, seed), set()).add((r["event"], r["effect"]))
                print(
                    f"  {label} {args.scenario} seed {seed}: {r['actions']} actions, {r['cpu']:.1f} s CPU, "
                    f"{r['statements']} statements",
                    file=sys.stderr,
                )
    for scenario in [s for s in args.identity.split(",") if s]:
        for seed in seeds:
            for label in pythons:
                r = run_worker(pythons[label], scenario, seed, args.bot, None)
                digests.setdefault((label, scenario, seed), set()).add((r["event"], r["effect"]))
                print(
                    f"  {label} {scenario} seed {seed}: {r['actions']} actions, {r['cpu']:.1f} s CPU", file=sys.stderr
                )

    print(f"\nBreakout: Normandy, {args.scenario}, {args.bot} bots, seeds {args.seeds}, {args.runs} round(s): medians")
    rows = []
    for what, key, scale in (
        ("CPU s per match", "cpu", 1),
        ("CPU ms per action", "cpu_action", 1000),
        ("statements per action", "statements_action", 1),
        ("DuckDB execute CPU ms per action", "sql_action", 1000),
        ("actions per CPU second", "rate", 1),
    ):
        values = {}
        for label, runs in results.items():
            derived = [
                {
                    **r,
                    "cpu_action": r["cpu"] / r["actions"],
                    "statements_action": r["statements"] / r["actions"],
                    "sql_action": r["sql_cpu"] / r["actions"],
                    "rate": r["actions"] / r["cpu"],
                }
                for r in runs
            ]
            values[label] = median_of(derived, key) * scale
        rows.append(
            [what, f"{values['baseline']:.2f}", f"{values['this']:.2f}", f"{values['this'] / values['baseline']:.3f}"]
        )
    print(tabulate(rows, headers=["", "baseline", "this", "this/baseline"], tablefmt="github"))
    print(f"\nStatements by call site (median per action; execute CPU ms per action), top {args.sites}:")
    print(
        tabulate(
            sites_table(results, args.sites),
            headers=["call site", "baseline", "this", "baseline ms", "this ms"],
            tablefmt="github",
        )
    )
    print("\nLogs (event without logged_at, effect), SHA-256:")
    same = True
    for scenario, seed in sorted({(s, n) for _, s, n in digests}):
        base, this = digests[("baseline", scenario, seed)], digests[("this", scenario, seed)]
        verdict = "identical" if base == this and len(base) == 1 else "DIFFERENT"
        same = same and verdict == "identical"
        event, effect = next(iter(this))
        print(f"  {scenario} seed {seed}: {verdict} (event {event[:12]}, effect {effect[:12]})")
    return 0 if same else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="a checkout of the baseline with its own .venv")
    parser.add_argument("--baseline-python", help="the baseline's interpreter (instead of DIR/.venv)")
    parser.add_argument("--runs", type=int, default=3, help="rounds of measured matches per checkout and seed")
    parser.add_argument("--seeds", default="11", help="comma-separated seeds")
    parser.add_argument("--scenario", default="week", help="the measured scenario")
    parser.add_argument("--turns", type=int, help="days to play (default: the whole scenario)")
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--identity", default="", help="more scenarios, comma-separated, played once for the logs")
    parser.add_argument("--sites", type=int, default=12, help="how many call sites to show")
    parser.add_argument("--worker", metavar="SCENARIO", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(measure(args.worker, int(args.seeds), args.bot, args.turns)))
        return 0
    if not (args.baseline or args.baseline_python):
        parser.error("name the baseline: --baseline DIR (a checkout with .venv) or --baseline-python PATH")
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
