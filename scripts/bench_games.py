"""Bot games against a baseline checkout (issue 16): CPU, SQL statements and where they come from.

Plays a Battle for Germany bot game (Historical) and a Breakout: Normandy week with the
heuristic bot on every side and fixed seeds, in-process, once with this checkout's phaseline
and once with a baseline checkout's (``git worktree add /tmp/base main``), each in its own
process (two versions of one package cannot share one), the two alternating run by run so
that load on the machine hits both alike. Prints, per game, the median CPU seconds of the
bot game (``run_bots``, its last commit included), its SQL statements in all and per
action, and the ratio to the baseline; with ``--sites``, one more untimed run of each counts
the statements by where they come from (the engine's function that issued them, the rule
query by name, and the first caller outside the engine's plumbing)::

    python scripts/bench_games.py --base /tmp/base [--runs 3] [--games bfg,breakout]
                                  [--bfg-seed 1] [--breakout-seed 11] [--days 7] [--sites]
    python scripts/bench_games.py --base /tmp/base --identity [--seeds 1,2,3] [--days 2]
    python scripts/bench_games.py --base /tmp/base --tournament 10 [--runs 3] [--bfg-seed 1000]

``--identity`` plays every scenario of the games (``--games``) for each seed in both checkouts and
compares hashes of the whole ``event`` and ``effect`` tables (``logged_at`` and the bytes of
the signatures left out: fresh keys sign each match): the logs must be byte-identical.
``--tournament N`` plays N Battle for Germany Historical matches from the seed ``--bfg-seed`` as
``phaseline tournament --pool 1 --jobs 1`` plays them (the local executor in one process: each
match created, played and exported as a part), in each checkout, alternating, and prints the
median CPU a match costs, the ratio to the baseline's and whether every match's logs are the
baseline's. A child run is ``--checkout PATH --play GAME``, printing JSON.

Measured on 2026-12-06 against main c8b1472 (``nice``, two cores shared with other work, load
10-16; the baseline and this checkout alternating, medians):

- Battle for Germany, Historical, seed 1, 158 actions, 5 runs: 7.36 s CPU on main, 5.21 s
  here, ratio 0.71 (runs 0.67-0.75; the issue's target is 0.5); 1413 statements (8.94 per
  action) against 507 (3.21), ratio 0.36. The largest left: ``movement-reach`` (34 asks of
  about 45 ms each, whole or for the units that moved: its materialized ``edge`` and ``zoc``
  over every link cost the same for one unit as for all), ``stacking-audit`` (38 asks) and
  11.0's last touch (``victory._last_touch``: a flush and a read of ``event`` per count).
- Breakout: Normandy, week, seed 11, 873 actions, one alternating pair (a week on main takes
  about 100 CPU-seconds): 98.4 s CPU on main, 16.2 s here (17.9 s in a second run), ratio
  0.17 (the target is 1/3); 15692 statements (17.97 per action) against 2308 (2.64). The
  D-Day day, seeds 12 and 13: 7.78 and 10.47 s on main, 2.20 and 2.16 s here (0.28, 0.21);
  2597 and 2489 statements against 400 and 372. The largest left: ``source-paths`` (143 asks
  of about 65 ms in the week, mostly a fixed cost: one source costs as much as all).
- Logs: identical to main's for BfG Historical seeds 1-3 and Expanded seed 1, the Breakout
  week seed 11 and D-Day seeds 12 and 13.

Measured again on 2026-12-07 against ed68d1a (main before the merge of ``writes``), load 4-9,
3 alternating runs per seed, after 11.0's last touch stopped writing the held changes to read
the step's moves back and bots began to play on one DuckDB thread: Battle for Germany
Historical seeds 1, 2 and 3 at 0.56, 0.57 and 0.66 of the baseline's CPU (408, 292 and 573
statements against 1413, 1030 and 1975); logs identical to main 7898c6a's (whose BfG logs differ
from ed68d1a's by the advance prompt's text alone). What is left: ``movement-reach`` (34 asks
in seed 1, about half of the CPU in DuckDB: its parse, plan and fixed execution cost the same
for one unit as for all), ``stacking-audit`` (38) and ``enemy-zoc`` (26) with the held changes
they write first, and the commits.

Measured again on 2026-12-07 against c8b1472 (load 3-4, 5 alternating runs per seed), once bots
ask ``movement-legal`` (movement-reach's legal rows, without planning or running its refusals:
movement-reach is asked only to explain a refused move) and the end of a movement phase asks
``stacking-audit`` only when ``Stacks`` finds a hex over a limit: Battle for Germany Historical
seeds 1, 2 and 3 at 0.44, 0.42 and 0.45 of the baseline's CPU (1.90, 1.46 and 2.33 s against
4.28, 3.47 and 5.16 s; 373, 271 and 528 statements against 1413, 1030 and 1975); logs identical to
main e3af15f's for every BfG scenario, seeds 1-3 (``--identity --games bfg``). What is left:
``movement-legal`` (one ask per movement phase and force, 34 in seed 1, about 20 ms each, 8 of
them fixed: parse, plan and the walk's set-up whatever the units), ``enemy-zoc`` (26) with the
held changes written before it, and the commits.

Measured on 2026-12-07 against main bf8612e (load 1-4, alternating), ``--tournament``: 10
matches from seed 1000, 8 runs each, 1.490 s CPU a match on main and 1.357 s here (0.91); 20
matches, 4 runs each, 1.532 s and 1.353 s (0.88), the logs of every match identical. Here: a
worker's matches made in one DuckDB instance (renewed every 4 matches), each copying the first
one's static rows; held updates of one table written in one statement whatever their columns;
Stacks and the bot's plan answering each question once. What is left: ``movement-legal`` (40
asks a match, some 600 ms), ``enemy-zoc`` and the held writes before it, each match's Python.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

HERE = Path(__file__).resolve()
GAMES = {"bfg": ("battle-for-germany", "historical"), "breakout": ("breakout-normandy", "week")}
PLUMBING = {"store.py", "batch.py", "ledger.py", "events.py", "kept.py", "match.py", "queries.py", "contextlib.py"}


def import_checkout(root: Path) -> None:
    """Make ``phaseline`` (core/) and ``phaseline.games`` (plugins/) those of checkout ``root``."""
    for name, folder in (("phaseline", "core"), ("phaseline.games", "plugins")):
        spec = importlib.util.spec_from_file_location(
            name, root / folder / "__init__.py", submodule_search_locations=[str(root / folder)]
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)


class CountingConnection:
    """A DuckDB connection that counts the statements run through ``execute`` and, with
    ``sites``, groups them by where they come from (walking the stack: slow, so untimed)."""

    def __init__(self, con: Any, sites: bool) -> None:
        self.con = con
        self.statements = 0
        self.sites: Counter[str] | None = Counter() if sites else None
        self.site_cpu: Counter[str] = Counter()

    def execute(self, sql: Any, params: Any = None) -> Any:
        self.statements += 1
        if self.sites is None:
            return self.con.execute(sql, params)
        site = site_of(sys._getframe(1))
        self.sites[site] += 1
        start = time.process_time()
        try:
            return self.con.execute(sql, params)
        finally:
            self.site_cpu[site] += time.process_time() - start

    def __getattr__(self, name: str) -> Any:
        return getattr(self.con, name)


def site_of(frame: FrameType | None) -> str:
    """'engine function [query] <- first caller outside the plumbing' for a statement."""
    issuer, query = None, None
    while frame is not None:
        file = Path(frame.f_code.co_filename).name
        if file not in PLUMBING:
            break
        issuer = issuer or f"{file.removesuffix('.py')}.{frame.f_code.co_name}"
        if file == "queries.py" and frame.f_code.co_name == "run" and query is None:
            query = frame.f_locals.get("name")
        frame = frame.f_back
    caller = "?"
    if frame is not None:
        path = Path(frame.f_code.co_filename)
        caller = f"{path.parent.name}/{path.name}:{frame.f_code.co_name}"
    return f"{issuer or 'direct'}{f' [{query}]' if query else ''} <- {caller}"


def play(
    game_key: str, seed: int, days: int | None, sites: bool, scenario: str | None = None, commit_every: int = 1
) -> dict[str, Any]:
    """One bot game in a store in memory: CPU, actions, statements, sites, log digests."""
    from dataclasses import replace

    import phaseline
    from phaseline import Store
    from phaseline.bots import run_bots
    from phaseline.plugins import registry

    name, default = GAMES[game_key]
    reg = registry()
    chosen = reg.game(name).scenario(scenario or default)
    if days:
        chosen = replace(chosen, last_turn=min(chosen.last_turn, chosen.first_turn + days - 1))
    with Store.open(":memory:") as store:
        bots = {side: "bot:heuristic" for side in chosen.sides}
        match = match_class(phaseline).create(store, reg, name, chosen, seed=seed, controllers=bots)
        counting = store.con = CountingConnection(store.con, sites)
        if "con" in vars(match):  # a Match that keeps the connection itself
            match.con = counting
        run = {}
        if "commit_every" in inspect.signature(run_bots).parameters:  # a baseline may commit each action
            run["commit_every"] = commit_every or autoplay_commit_every()
        cpu = time.process_time()
        played = run_bots(match, reg, controllers=bots, **run)
        cpu = time.process_time() - cpu
        store.con = counting.con
        return {
            "cpu": cpu,
            "actions": played,
            "statements": counting.statements,
            "sites": {site: [n, counting.site_cpu[site]] for site, n in (counting.sites or {}).items()},
            "digest": log_digests(store, getattr(match, "match_id", None) or match.game_id),
            "checkout": str(Path(phaseline.__file__).parent.parent),
            "end": f"{match.clock.turn} {match.clock.step} {match.clock.status}",
        }


def play_tournament(matches: int, seed: int) -> dict[str, Any]:
    """``matches`` Battle for Germany matches from ``seed`` as ``phaseline tournament --pool 1
    --jobs 1`` plays them: the CPU a match costs (the log digests, taken as each match is
    exported, left out) and each match's digests."""
    from phaseline.plugins import registry
    from phaseline.tournament import executor, plan_tournament, worker

    game, scenario = GAMES["bfg"]
    reg = registry()
    plan = plan_tournament(reg, game, scenario=scenario, matches=matches, bots=[], seed=seed, options=[], name="t1")
    digests: dict[str, dict[str, str]] = {}
    digesting = 0.0
    export = worker.parquet_tables

    def exported(store: Any, match_id: str) -> dict[str, bytes]:
        nonlocal digesting
        start = time.process_time()
        digests[match_id] = log_digests(store, match_id)
        digesting += time.process_time() - start
        return export(store, match_id)

    worker.parquet_tables = exported
    cpu = time.process_time()
    parts = list(executor("local", 1, reg)(plan.specs()))
    cpu = time.process_time() - cpu - digesting
    failed = [part.error for part in parts if part.error]
    return {"cpu": cpu / matches, "digests": digests, "failed": failed}


def compare_tournaments(args: argparse.Namespace, base: Path, here: Path) -> int:
    """The CPU a tournament's match costs, this checkout against the baseline, and their logs."""
    runs: dict[str, list[dict[str, Any]]] = {"base": [], "this": []}
    for run in range(args.runs):
        order = (("base", base), ("this", here)) if run % 2 == 0 else (("this", here), ("base", base))
        for label, checkout in order:
            extra = ("--tournament", str(args.tournament))
            done = run_child(checkout, "bfg", args.bfg_seed, None, *extra)
            if done["failed"]:
                raise SystemExit(f"{checkout}: {len(done['failed'])} matches failed: {done['failed'][0]}")
            runs[label].append(done)
            print(f"  run {run + 1} {label}: {done['cpu']:6.3f} s CPU a match", file=sys.stderr)
    base_cpu = statistics.median(r["cpu"] for r in runs["base"])
    same = runs["this"][0]["digests"] == runs["base"][0]["digests"]
    print(f"\n{args.tournament} matches from seed {args.bfg_seed}, --pool 1 --jobs 1, {args.runs} runs each (medians)")
    for label in ("base", "this"):
        cpu = statistics.median(r["cpu"] for r in runs[label])
        print(f"{label:<5} {cpu:6.3f} s CPU a match  ratio {cpu / base_cpu:5.2f}")
    print("logs identical" if same else "logs DIFFER")
    return 0 if same else 1


def match_class(phaseline: Any) -> Any:
    """The class of one match: ``Match``, or ``Game`` in a checkout before schema 8's rename."""
    return getattr(phaseline, "Match", None) or phaseline.Game


def autoplay_commit_every() -> int:
    """The actions per commit that ``phaseline autoplay`` plays with by default."""
    from phaseline.cli import matches

    return matches.AUTOPLAY_COMMIT_EVERY


_EVENT_LOGGED = """seq, turn, step, phase, side, kind, verb, unit_id, from_space, to_space, die,
    roll_no, purpose, rule, payload, cause, prev_hash, hash, seat, sig IS NOT NULL AS signed, cause_verb, undone_by,
    undone_forced"""
LOGGED = {  # what a log holds, in columns that schema 6 and later have alike, and each table's order
    "event": (_EVENT_LOGGED, "seq"),
    "effect": ("seq, n, tbl, key, col, old, new", "seq, n"),
}


def log_digests(store: Any, match_id: str) -> dict[str, str]:
    """md5 of the whole event table and of the effect table, in key order. Left out: the
    event's ``logged_at`` (the clock) and its signature's bytes (each match's seats get fresh
    keys), but not which events are signed (each action's last); and what schema 7 derives
    from those columns (``event.combat``, each effect's copy of its event's columns), so that
    a checkout of either schema compares (before schema 8, ``match_id`` was ``game_id``)."""
    key = "match_id" if store.one("SELECT count(*) FROM duckdb_columns() WHERE column_name = 'match_id'") else "game_id"
    return {
        table: store.one(
            f"SELECT md5(string_agg(t::VARCHAR, chr(10) ORDER BY {order})) FROM"
            f" (SELECT {key} AS match_id, {columns} FROM {table} WHERE {key} = ?) t",
            [match_id],
        )
        for table, (columns, order) in LOGGED.items()
    }


def child(args: argparse.Namespace) -> int:
    import_checkout(Path(args.checkout))
    if args.tournament:
        print(json.dumps(play_tournament(args.tournament, args.seed)))
        return 0
    result = play(args.play, args.seed, args.days, args.sites, args.scenario, args.commit_every)
    print(json.dumps(result))
    return 0


def run_child(
    checkout: Path, game: str, seed: int, days: int | None, *extra: str, commit_every: int | None = None
) -> dict[str, Any]:
    argv = [sys.executable, str(HERE), "--checkout", str(checkout), "--play", game, "--seed", str(seed)]
    argv += ["--days", str(days)] if days else []
    argv += ["--commit-every", str(commit_every)] if commit_every else []
    done = subprocess.run([*argv, *extra], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{checkout} {game} seed {seed} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare(args: argparse.Namespace, base: Path, here: Path) -> int:
    """Median CPU and statements of each game, this checkout against the baseline."""
    seeds = {"bfg": args.bfg_seed, "breakout": args.breakout_seed}
    days = {"bfg": None, "breakout": args.days}
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for run in range(args.runs):
        for game in args.games:
            order = (("base", base), ("this", here)) if run % 2 == 0 else (("this", here), ("base", base))
            for label, checkout in order:
                done = run_child(checkout, game, seeds[game], days[game], commit_every=args.commit_every)
                results.setdefault((game, label), []).append(done)
                print(
                    f"  run {run + 1} {game:<8} {label}: {done['cpu']:6.2f} s CPU, {done['actions']} actions,"
                    f" {done['statements']} statements",
                    file=sys.stderr,
                )
    print(
        f"\n{'game':<9} {'checkout':<9} {'actions':>7} {'CPU s':>7} {'stmts':>7} {'stmt/act':>8} {'CPU ratio':>9}"
        f" {'stmt ratio':>10}  logs"
    )
    for game in args.games:
        base_runs, this_runs = results[(game, "base")], results[(game, "this")]
        base_cpu = statistics.median(r["cpu"] for r in base_runs)
        for label, runs in (("base", base_runs), ("this", this_runs)):
            cpu = statistics.median(r["cpu"] for r in runs)
            statements, actions = runs[0]["statements"], runs[0]["actions"]
            same = "identical" if runs[0]["digest"] == base_runs[0]["digest"] else "DIFFER"
            print(
                f"{game:<9} {label:<9} {actions:>7} {cpu:>7.2f} {statements:>7} {statements / actions:>8.2f}"
                f" {cpu / base_cpu:>9.2f} {statements / base_runs[0]['statements']:>10.2f}  {same}"
            )
    if args.sites:
        for game in args.games:
            for label, checkout in (("base", base), ("this", here)):
                done = run_child(checkout, game, seeds[game], days[game], "--sites", commit_every=args.commit_every)
                in_duckdb = sum(cpu for _, cpu in done["sites"].values())
                print(
                    f"\n{game}, {label}: statements by where they come from ({done['statements']} in all,"
                    f" {in_duckdb:.2f} s CPU of {done['cpu']:.2f} s in DuckDB's execute)"
                )
                print(f"  {'stmts':>6} {'CPU ms':>7}")
                for site, (n, cpu) in sorted(done["sites"].items(), key=lambda item: -item[1][1])[: args.top]:
                    print(f"  {n:6d} {cpu * 1000:7.0f}  {site}")
    return 0


def identity(args: argparse.Namespace, base: Path, here: Path) -> int:
    """The event and effect logs of every scenario and seed, this checkout against the baseline."""
    import_checkout(here)
    from phaseline.plugins import registry

    reg = registry()
    differ = 0
    for game, (name, _) in GAMES.items():
        if game not in args.games:
            continue
        for scenario in reg.game(name).scenarios:
            for seed in args.seeds:
                days = args.days if game == "breakout" else None
                extra = ("--scenario", scenario)
                a, b = (run_child(c, game, seed, days, *extra, commit_every=args.commit_every) for c in (base, here))
                same = a["digest"] == b["digest"] and a["actions"] == b["actions"]
                differ += not same
                print(
                    f"{game:<9} {scenario:<12} seed {seed}: {a['actions']:>4} actions, ended {a['end']}:"
                    f" {'identical' if same else 'DIFFER'} (event {b['digest']['event'][:8]},"
                    f" effect {b['digest']['effect'][:8]})"
                )
    print("logs identical" if not differ else f"{differ} logs differ")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="the baseline checkout (a worktree of main)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", default="bfg,breakout")
    parser.add_argument("--bfg-seed", type=int, default=1)
    parser.add_argument("--breakout-seed", type=int, default=11)
    parser.add_argument("--days", type=int, default=None, help="Breakout days to play (default: the week)")
    parser.add_argument("--sites", action="store_true", help="also count statements by where they come from")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--identity", action="store_true", help="compare the logs of every scenario instead")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument(
        "--commit-every",
        type=int,
        default=None,
        help="actions per commit (default: autoplay's; a baseline without the option: 1)",
    )
    parser.add_argument("--tournament", type=int, default=0, help="compare the CPU a tournament's match costs instead")
    parser.add_argument("--checkout", help=argparse.SUPPRESS)
    parser.add_argument("--play", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--scenario", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.checkout:
        return child(args)
    if not args.base:
        parser.error("--base is required: a checkout of the baseline (git worktree add /tmp/base main)")
    args.games = args.games.split(",")
    args.seeds = [int(s) for s in args.seeds.split(",")]
    here = HERE.parent.parent
    if args.identity:
        return identity(args, Path(args.base).resolve(), here)
    if args.tournament:
        return compare_tournaments(args, Path(args.base).resolve(), here)
    return compare(args, Path(args.base).resolve(), here)


if __name__ == "__main__":
    sys.exit(main())
