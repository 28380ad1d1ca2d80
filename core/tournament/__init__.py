"""Tournaments: many bot matches of one scenario, played in parallel, landed for SQL afterwards.

- plan.py: the matches, each a spec with its known seed (the base seed + its index);
- worker.py: a spec played in a store of its own in memory, returned as a Parquet part;
- stores.py: a worker's stores, one a match, made cheaply: each match's static rows copied
  from the worker's first match of the scenario instead of loaded from the files again;
- pool.py: many specs played as one pool in one store, their rule queries asked together;
- executors.py: where the workers run (here, a pool of processes, a dask cluster), each taking
  its specs in chunks of ``--pool``;
- landing.py: the parts into the store in one transaction, or into Parquet files;
- standings.py: wins, draws and losses per side with Wilson intervals, the victory conditions.

:func:`play_tournament` joins them; ``phaseline tournament`` is its command.

With ``--pool N`` (pool.py) a worker plays N matches at a time in one store, each in its own
thread under a baton, and the rule queries of all the matches waiting at the same query are
answered by one statement (pooled_queries.py: the query's body run per ask through a LATERAL
join, each ask's rows as alone, in the same order); each match's Python stays its own, and every
match still replays to the log of an autoplay with its seed. What that saves is measured by
``scripts/bench_all.py --only tournament`` (docs/history.md gives the figures): less than
DESIGN.md's 1/5 of an autoplay, since a match's Python, its writes and the work of its rule
queries (a reach's walk is most of its cost, and pooling does not shrink it) remain.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import replace

from .executors import Executor, executor
from .landing import Spool, land_in_parquet, land_in_store
from .plan import MatchSpec, TournamentPlan, next_name, plan_tournament
from .pool import play_pool
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
    "play_pool",
    "play_tournament",
    "standings",
    "wilson",
]
