"""Tournaments: many bot matches of one scenario, played in parallel, landed for SQL afterwards.

- plan.py: the matches, each a spec with its known seed (the base seed + its index);
- worker.py: a spec played in a store of its own in memory, returned as a Parquet part;
- executors.py: where the workers run (here, a pool of processes, a dask cluster);
- landing.py: the parts into the store in one transaction, or into Parquet files;
- standings.py: wins, draws and losses per side with Wilson intervals, the victory conditions.

:func:`play_tournament` joins them; ``phaseline tournament`` is its command.

Rule queries are not pooled across matches (DESIGN.md's "many matches pool their questions"):
measured by scripts/bench_pooling.py (Battle for Germany Historical, heuristic bots, a loaded
2-core machine), the rule queries a pool could answer are 39 % of a match's CPU (movement-reach
30 %, stacking-audit 6 %, enemy-zoc 3 %; about 100 statements). Asked in one LATERAL statement,
the reach of 10 matches costs 0.38x and of 50 matches 0.26x of one statement each, with the same
rows: pooling every rule query so would save at most some 30 % of a match (1.4x), against a target
of 5x. And every one of those statements is asked inside the asking match's action transaction,
reading its own uncommitted moves: one statement reads one transaction, so a pool would need all
of a worker's matches in one store and one transaction (a refused action's rollback would take
back the other matches' actions), or the rule queries moved out of actions. Neither is sound for
the gain, so each match keeps its store and its statements; what a match costs beyond that is
its writes (36 %, some 1,200 statements) and Python. So a tournament's match costs about what
an autoplay does (measured 1.0x with one job, 1.25-1.4x with two on the same loaded machine:
scripts/bench_all.py --only tournament), not DESIGN.md's 1/5.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import replace

from .executors import Executor, executor
from .landing import Spool, land_in_parquet, land_in_store
from .plan import MatchSpec, TournamentPlan, next_name, plan_tournament
from .standings import standings, wilson
from .worker import MatchPart, MatchResult, play_match

Landing = Callable[[Spool, list[MatchPart]], None]


def play_tournament(
    plan: TournamentPlan, execute: Executor, land: Landing, done: Callable[[MatchPart], None] | None = None
) -> list[MatchPart]:
    """Play every match of ``plan`` with ``execute``, then ``land`` the finished ones at once.

    The parts wait in a temporary spool until the last match is done (``done`` is told of
    each); an interrupt or a failure before the landing leaves nothing behind. Returns the
    parts in the plan's order, without their rows.
    """
    parts: list[MatchPart] = []
    with tempfile.TemporaryDirectory(prefix="phaseline-tournament-") as folder:
        spool = Spool(folder)
        for part in execute(plan.specs()):
            spool.add(part)
            parts.append(replace(part, tables={}))  # its rows wait on disk, not in memory
            if done:
                done(part)
        parts.sort(key=lambda part: part.spec.index)
        finished = [part for part in parts if part.result is not None]
        if finished:
            land(spool, finished)
    return parts


__all__ = [
    "Executor",
    "MatchPart",
    "MatchResult",
    "MatchSpec",
    "Spool",
    "TournamentPlan",
    "executor",
    "land_in_parquet",
    "land_in_store",
    "next_name",
    "plan_tournament",
    "play_match",
    "play_tournament",
    "standings",
    "wilson",
]
