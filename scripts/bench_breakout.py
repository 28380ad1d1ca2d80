"""Breakout: Normandy figures (issue 4, "Measured"): one bot-versus-bot week, and on the way,
at the first Refit phase and the first Daylight impulse of 7 June, the questions the bots
and the rules ask of a whole side at once::

    python scripts/bench_breakout.py [--runs 5] [--seed 11] [--bot heuristic] [--turns 7]
                                     [--profile FILE]

- refit costs of every unit from every depot (supply.refit_options, over paths.sql
  source-paths) and supply lines of every unit (cheapest-paths), read cold (every cache
  dropped) and warm (as the bot asks again in the same state);
- the legal actions of the side in an impulse, cold and warm.

No pure-Python oracle exists for Breakout's legal impulses; the supply queries' oracle
comparison, on a generated mid-game board, is ``scripts/bench.py --only breakout-supply``.
The week's wall time leaves out the time spent measuring. ``scripts/bench.py --only
breakout`` runs this too.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bench_match import bot_match
from phaseline import Match
from phaseline.games.breakout.rules import supply
from phaseline.plugins import registry

GAME = "breakout-normandy"


def forget(match: Match) -> None:
    """Drop every answer the engine and the plugin keep between questions."""
    match.rules.forget()
    match._legal = None
    match._derived.clear()  # the plugin's board, depot paths and state rows (Match.derived)


def cold_and_warm(runs: int, match: Match, job: Callable[[], Any]) -> tuple[float, float, int]:
    """Median ms of ``job`` with every cache dropped, and asked again in the same state; its size."""
    cold, warm = [], []
    for _ in range(runs):
        forget(match)
        start = time.perf_counter()
        job()
        cold.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        answer = job()
        warm.append((time.perf_counter() - start) * 1000)
    return statistics.median(cold), statistics.median(warm), len(answer)


class Checkpoints:
    """Measures the side-wide questions the first time the week reaches their phase."""

    def __init__(self, runs: int) -> None:
        self.runs = runs
        self.figures: list[tuple[str, float, float, int]] = []
        self.spent = 0.0

    def __call__(self, match: Match) -> None:
        start = time.perf_counter()
        step, side = match.step, match.clock.side
        done = {what.split(":")[0] for what, *_ in self.figures}
        if step.phase == "refit" and side and "refit" not in done and supply.depots(match, side):
            what = f"refit: {side} refit costs, every unit and depot"
            self._measure(match, what, lambda: supply.refit_options(match, side))
            self._measure(
                match, f"refit: {side} supply lines, every unit", lambda: match.rules.run("cheapest-paths", side=side)
            )
        if step.phase == "daylight" and match.clock.turn >= 2 and "impulse" not in done and not match.open_decision():
            self._measure(match, f"impulse: {side} legal actions", lambda: match.legal_actions(side))
        self.spent += time.perf_counter() - start

    def _measure(self, match: Match, what: str, job: Callable[[], Any]) -> None:
        self.figures.append((what, *cold_and_warm(self.runs, match, job)))


def week(reg, seed: int, bot: str, turns: int, runs: int, profile: str | None) -> dict[str, Any]:
    """One bot-versus-bot match of ``turns`` days: actions, wall and CPU seconds, checkpoints."""
    chosen = reg.game(GAME).scenario("week")
    chosen = replace(chosen, last_turn=min(chosen.last_turn, chosen.first_turn + turns - 1))
    checkpoints = Checkpoints(runs)
    with bot_match(reg, GAME, chosen, seed, bot, profile, progress=checkpoints) as run:
        played, clock = run.played, run.match.clock
        wall, cpu = run.wall - checkpoints.spent, run.cpu - checkpoints.spent
        print(
            f"{turns} day(s), {bot} bot on both sides, seed {seed}: {played} actions in {wall:.1f} s wall "
            f"({cpu:.1f} s CPU) = {played / wall:.2f} actions/s; {clock.result or clock.status}"
        )
        return {"actions": played, "wall": wall, "cpu": cpu, "checkpoints": checkpoints.figures}


def figures(runs: int, seed: int = 11) -> list[tuple[str, float, None, int]]:
    """scripts/bench.py's rows: (what, ms, no oracle, rows), cold and warm, then the week per action."""
    result = week(registry(), seed, "heuristic", 7, runs, None)
    rows: list[tuple[str, float, None, int]] = []
    for what, cold, warm, size in result["checkpoints"]:
        rows += [(f"{what}, cold", cold, None, size), (f"{what}, warm", warm, None, size)]
    what = f"bot week: {result['wall']:.1f} s wall, {result['cpu']:.1f} s CPU, per action"
    rows.append((what, result["wall"] * 1000 / result["actions"], None, result["actions"]))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--turns", type=int, default=7, help="days to play (7: the whole week)")
    parser.add_argument("--profile", help="write a cProfile of the match here")
    args = parser.parse_args(argv)
    result = week(registry(), args.seed, args.bot, args.turns, args.runs, args.profile)
    for what, cold, warm, rows in result["checkpoints"]:
        print(f"  {what}: {rows} rows, median cold {cold:.1f} ms, warm {warm:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
