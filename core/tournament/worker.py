"""A tournament's worker: a plain function from a match spec to a Parquet part.

:func:`play_match` plays one match in a store of its own in memory, as ``autoplay`` does (the
same ``run_bots`` loop, so the same seed gives the same log), and returns the match's rows
of every table as Parquet, with how it ended. It needs nothing but the spec and an installed
phaseline, so it runs in this process, in a pool of processes, or on a dask.distributed
worker on another machine alike. A match that fails is a part with its error, never an
exception: the tournament goes on and reports it with its seed.
"""

from __future__ import annotations

import json
import tempfile
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..bots import run_bots
from ..match import Match
from ..plugins import registry as installed
from ..replay import match_tables
from .plan import MatchSpec
from .stores import MatchStores

if TYPE_CHECKING:
    from ..match_data import StaticSource
    from ..plugins import Registry
    from ..queries import QuestionPool
    from ..store import Store


@dataclass(frozen=True)
class MatchResult:
    """How a finished match ended: the winners (none: a draw), the rule that ended it, its length."""

    winners: tuple[str, ...]
    rule: str
    summary: str
    turns: int
    actions: int


@dataclass(frozen=True)
class MatchPart:
    """One played match: its rows of every table (Parquet bytes, by table), its result, and
    the CPU seconds the worker spent on it; or, for a match that failed, the error."""

    spec: MatchSpec
    result: MatchResult | None
    cpu: float
    tables: dict[str, bytes] = field(default_factory=dict, repr=False)
    error: str | None = None


def play_match(spec: MatchSpec, registry: Registry | None = None, stores: MatchStores | None = None) -> MatchPart:
    """Play ``spec``'s match to its end with its bots and return it as a part.

    ``registry`` defaults to the installed plugins less the spec's blocked ones (a worker
    process makes its own); ``stores`` makes the match's store (default: a :class:`MatchStores`
    of its own, for this match alone).
    """
    started = time.process_time()
    reg = registry or installed(spec.blocked)
    try:
        with nullcontext(stores) if stores else MatchStores() as made, made.store(spec) as (store, static):
            result = play_to_end(store, reg, spec, static_from=static)
            tables = parquet_tables(store, spec.match_id)
    except Exception as error:  # one match's failure is reported with its seed; the others go on
        return failed_part(spec, time.process_time() - started, error)
    return MatchPart(spec, result, time.process_time() - started, tables)


def play_to_end(
    store: Store,
    registry: Registry,
    spec: MatchSpec,
    pool: QuestionPool | None = None,
    static_from: StaticSource | None = None,
) -> MatchResult:
    """Create ``spec``'s match in ``store`` (copying ``static_from``'s static rows, if given)
    and let its bots play it to the end, as autoplay does.

    The whole match is one block (:meth:`Match.one_commit`): its store is thrown away once its
    rows are exported, so committing along the way would buy nothing (measured: a Battle for
    Germany match sends some 390 statements so, 1,250 committing after every action). With
    ``pool`` (a tournament pool's seat, :mod:`.pool`) its rule queries are asked through the
    pool, and the block is part of the pool's transaction.
    """
    match = Match.create(
        store,
        registry,
        spec.game,
        spec.scenario,
        options=spec.options,
        seed=spec.seed,
        controllers=spec.controllers,
        match_id=spec.match_id,
        static_from=static_from,
    )
    match.rules.pool = pool
    with match.one_commit(shared=pool is not None):
        played = run_bots(match, registry, controllers=spec.controllers)
    if not match.finished:
        side, _ = match.waiting_on()
        raise RuntimeError(f"the match stopped unfinished at turn {match.clock.turn}, waiting on {side}")
    return _result(match, played)


def failed_part(spec: MatchSpec, cpu: float, error: BaseException) -> MatchPart:
    """The part of a match that failed: its error, named by its type."""
    return MatchPart(spec, None, cpu, error=f"{type(error).__name__}: {error}")


def _result(match: Match, played: int) -> MatchResult:
    outcome = json.loads(match.clock.result or "{}")
    return MatchResult(
        tuple(outcome.get("winners", ())), outcome.get("rule", ""), outcome.get("summary", ""), match.clock.turn, played
    )


def parquet_tables(store: Store, match_id: str) -> dict[str, bytes]:
    """Every match table's rows of match ``match_id`` in ``store``, as Parquet bytes (tables
    without its rows are left out)."""
    found: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory(prefix="phaseline-part-") as folder:
        for table in match_tables(store):
            path = Path(folder) / f"{table}.parquet"
            select = f'SELECT * FROM "{table}" WHERE match_id = ?'
            written = store.con.execute(f"COPY ({select}) TO ? (FORMAT parquet)", [match_id, str(path)]).fetchone()
            if written and written[0]:
                found[table] = path.read_bytes()
    return found
