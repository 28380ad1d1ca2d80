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
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..bots import run_bots
from ..match import Match
from ..plugins import registry as installed
from ..replay import match_tables
from ..store import Store
from .plan import MatchSpec

if TYPE_CHECKING:
    from ..plugins import Registry

# One thread per match store: the tournament's parallelism is its processes; DuckDB's own
# threads only add CPU on statements this small (measured: a BfG bot game 3.6 s instead of 4.0 s).
STORE_CONFIG = {"threads": 1}


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


def play_match(spec: MatchSpec, registry: Registry | None = None) -> MatchPart:
    """Play ``spec``'s match to its end with its bots and return it as a part.

    ``registry`` defaults to the installed plugins less the spec's blocked ones (a worker
    process makes its own).
    """
    started = time.process_time()
    reg = registry or installed(spec.blocked)
    try:
        with Store.open(":memory:", config=STORE_CONFIG) as store:
            match = Match.create(
                store,
                reg,
                spec.game,
                spec.scenario,
                options=spec.options,
                seed=spec.seed,
                controllers=spec.controllers,
                match_id=spec.match_id,
            )
            played = run_bots(match, reg, controllers=spec.controllers)
            if not match.finished:
                side, _ = match.waiting_on()
                raise RuntimeError(f"the match stopped unfinished at turn {match.clock.turn}, waiting on {side}")
            result = _result(match, played)
            tables = parquet_tables(store)
    except Exception as error:  # one match's failure is reported with its seed; the others go on
        return MatchPart(spec, None, time.process_time() - started, error=f"{type(error).__name__}: {error}")
    return MatchPart(spec, result, time.process_time() - started, tables)


def _result(match: Match, played: int) -> MatchResult:
    outcome = json.loads(match.clock.result or "{}")
    return MatchResult(
        tuple(outcome.get("winners", ())), outcome.get("rule", ""), outcome.get("summary", ""), match.clock.turn, played
    )


def parquet_tables(store: Store) -> dict[str, bytes]:
    """Every match table of ``store`` with rows, as Parquet bytes (the store holds one match)."""
    found: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory(prefix="phaseline-part-") as folder:
        for table in match_tables(store):
            path = Path(folder) / f"{table}.parquet"
            written = store.con.execute(f'COPY "{table}" TO ? (FORMAT parquet)', [str(path)]).fetchone()
            if written and written[0]:
                found[table] = path.read_bytes()
    return found
