"""Battle for Germany figures (issue 3, "Measured"): the legal actions of a whole side at
the start of a Historical match, the side's reach against its pure-Python oracle
(tests/oracles.py, on the same board and units), and one full bot-versus-bot Historical
game (wall and CPU time, actions per second, SQL statements in all and per action; the
heuristic bot plays each movement plan as one order, so the unit moves are counted too).
``scripts/bench.py --only bfg`` runs it too::

    python scripts/bench_bfg.py [--runs 5] [--seed 1] [--bot heuristic] [--max-actions N]
                                [--profile FILE] [--skip-game]

The oracle reads the match's entry rules (zones, regions, single hexes) as the SQL does;
the rows that agree with it are counted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from bench_match import bot_match
from boards import Board, Unit
from oracles import Oracle
from phaseline import Match, Store
from phaseline.plugins import registry
from phaseline.queries import get_query

GAME = "battle-for-germany"


def oracle_board(match: Match) -> Board:
    """The match's board, units and rule tables as the oracle reads them."""
    g = [match.match_id]
    spaces = match.rows(
        "SELECT space_id, q, r, terrain, zone, region FROM space WHERE match_id = ? AND kind = 'hex'", g
    )
    hexes = {r["space_id"]: (r["q"], r["r"], r["terrain"], r["zone"]) for r in spaces}
    borders = {
        frozenset((r["a"], r["b"])): r["kind"]
        for r in match.rows("SELECT a, b, kind FROM link WHERE match_id = ? AND kind <> 'clear'", g)
    }
    units = [
        Unit(r["unit_id"], r["unit_id"], r["side"], r["space_id"], r["mp"], r["size"], r["nationality"], r["status"])
        for r in match.rows("SELECT * FROM map_unit WHERE match_id = ?", g)
    ]
    return Board(
        match_id=match.match_id,
        hexes=hexes,
        borders=borders,
        terrain_cost={r["terrain"]: r["cost"] for r in match.rows("SELECT * FROM terrain_cost WHERE match_id = ?", g)},
        border_rule={
            r["kind"]: (r["extra_cost"], r["passable"], r["blocks_zoc"])
            for r in match.rows("SELECT * FROM border_rule WHERE match_id = ?", g)
        },
        units=units,
        hostility={
            (r["side"], r["enemy"]): (r["may_attack"], r["exerts_zoc"])
            for r in match.rows("SELECT * FROM hostility WHERE match_id = ?", g)
        },
        rule_ref={r["topic"]: r["rule"] for r in match.rows("SELECT topic, rule FROM rule_ref WHERE match_id = ?", g)},
        zoc_rule={
            r["side"]: (r["must_stop"], r["may_leave"], r["zoc_to_zoc"])
            for r in match.rows("SELECT * FROM zoc_rule WHERE match_id = ?", g)
        },
        entry_rules=[
            (r["side"], r["nationality"], r["attr"], r["value"], r["negate"], r["rule"])
            for r in match.rows("SELECT * FROM entry_rule WHERE match_id = ?", g)
        ],
        regions={r["space_id"]: r["region"] for r in spaces if r["region"] is not None},
    )


def medians_ms(runs: int, *jobs) -> list[float]:
    """Median wall time of each job over ``runs`` rounds, the jobs taking turns."""
    times: list[list[float]] = [[] for _ in jobs]
    for _ in range(runs):
        for job, spent in zip(jobs, times, strict=True):
            start = time.perf_counter()
            job()
            spent.append((time.perf_counter() - start) * 1000)
    return [statistics.median(t) for t in times]


def side_figures(reg, runs: int, seed: int) -> list[tuple[str, float, float | None, int]]:
    """(what, SQL ms, oracle ms, rows) for the side to move at the start of Historical: its
    reach, the same statement on no board (what any answer costs), and its legal actions."""
    with Store.open(":memory:") as store:
        match = Match.create(store, reg, GAME, "historical", seed=seed)
        side = match.waiting_on()[0]
        oracle = Oracle(oracle_board(match))
        sql = get_query("movement-reach").sql

        def reach() -> list[dict]:
            return store.rows(sql, {"match_id": match.match_id, "side": side})

        def fixed_cost() -> list[dict]:  # the same statement with nothing to read: parsing, planning, start-up
            return store.rows(sql, {"match_id": "no such match", "side": side})

        def legal() -> int:
            match.rules.forget()
            match._legal = None
            return len(match.legal_actions())

        reach()
        reach_ms, oracle_ms, fixed_ms = medians_ms(runs, reach, lambda: oracle.reach(side), fixed_cost)
        legal_ms = statistics.median(_timed(legal) for _ in range(runs))
        rows = {(r["unit_id"], r["space_id"]): (r["legal"], r["cost"]) for r in reach()}
        python = {key: (ruling.legal, ruling.cost) for key, ruling in oracle.reach(side).items()}
        agree = sum(python.get(key) == value for key, value in rows.items())
        print(f"{side}: {len(rows)} reach rows, {agree} agree with the oracle; {legal()} legal actions")
        return [
            (f"{side} reach, whole side (movement-reach)", reach_ms, oracle_ms, len(rows)),
            (f"{side} reach on no board: the statement's fixed cost", fixed_ms, oracle_ms, 0),
            (f"{side} legal actions, uncached", legal_ms, None, legal()),
        ]


def _timed(job) -> float:
    start = time.perf_counter()
    job()
    return (time.perf_counter() - start) * 1000


def full_game(reg, seed: int, bot: str, max_actions: int | None, profile: str | None) -> dict[str, float]:
    """One bot-versus-bot Historical game: actions, wall and CPU seconds, SQL statements."""
    historical = reg.game(GAME).scenario("historical")
    with bot_match(reg, GAME, historical, seed, bot, profile, max_actions=max_actions) as run:
        match, played, wall = run.match, run.played, run.wall
        clock = match.clock
        moves = match.one("SELECT count(*) FROM event WHERE match_id = ? AND kind = 'move'", [match.match_id])
        print(
            f"Historical, {bot} bot on every side, seed {seed}: {played} actions ({moves} unit moves) in "
            f"{wall:.1f} s wall ({run.cpu:.1f} s CPU) = {played / wall:.2f} actions/s, {run.statements} SQL "
            f"statements ({run.statements / played:.1f} per action); ended at turn {clock.turn} {clock.step} "
            f"({clock.status}) {clock.result or ''}"
        )
        return {"actions": played, "moves": moves, "wall": wall, "cpu": run.cpu, "statements": run.statements}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--max-actions", type=int, default=None)
    parser.add_argument("--profile", help="write a cProfile of the full game here")
    parser.add_argument("--skip-game", action="store_true")
    args = parser.parse_args(argv)
    reg = registry()
    for what, sql_ms, oracle_ms, rows in side_figures(reg, args.runs, args.seed):
        oracle = f", oracle {oracle_ms:.1f} ms ({sql_ms / oracle_ms:.2f}x)" if oracle_ms else ""
        print(f"  {what}: {rows} rows, median {sql_ms:.1f} ms{oracle}")
    if not args.skip_game:
        full_game(reg, args.seed, args.bot, args.max_actions, args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
