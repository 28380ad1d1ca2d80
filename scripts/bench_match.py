"""A timed bot-versus-bot match for the game benchmarks (bench_bfg.py, bench_breakout.py):
the match made in a store in memory, played by ``run_bots``, timed (wall and CPU), its SQL
statements counted and, if asked, profiled into a cProfile file."""

from __future__ import annotations

import cProfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from phaseline import Match, Store
from phaseline.bots import run_bots
from phaseline.model import ScenarioInfo


class CountingConnection:
    """A DuckDB connection that counts the statements run through ``execute``."""

    def __init__(self, con) -> None:
        self.con = con
        self.statements = 0

    def execute(self, sql, params=None):
        self.statements += 1
        return self.con.execute(sql, params)

    def __getattr__(self, name):
        return getattr(self.con, name)


@dataclass
class TimedMatch:
    """A played match (its store still open inside :func:`bot_match`) and what it cost."""

    match: Match
    played: int
    wall: float
    cpu: float
    statements: int


@contextmanager
def bot_match(
    reg, game_name: str, scenario: ScenarioInfo, seed: int, bot: str, profile: str | None, **run: Any
) -> Iterator[TimedMatch]:
    """Play ``scenario`` with ``bot`` on every side (``run``: more arguments of run_bots)."""
    with Store.open(":memory:") as store:
        bots = {side: f"bot:{bot}" for side in scenario.sides}
        match = Match.create(store, reg, game_name, scenario, seed=seed, controllers=bots)
        counting = store.con = CountingConnection(store.con)  # match.con reads through store.con
        profiler = cProfile.Profile() if profile else None
        if profiler:
            profiler.enable()
        start, cpu = time.perf_counter(), time.process_time()
        played = run_bots(match, reg, controllers=bots, **run)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        if profiler:
            profiler.disable()
            profiler.dump_stats(profile)
        yield TimedMatch(match, played, wall, cpu, counting.statements)
