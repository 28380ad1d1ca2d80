"""A worker's match stores: a new in-memory store for each match, made cheaply.

Every match of a tournament is played in a store of its own, as ``autoplay`` plays it; a worker
makes them in one DuckDB instance, each store a database attached to it for its match and
detached once the match has left as a part. A new store copies the schema of the store of the
instance's first match of the same game, scenario and options (``COPY FROM DATABASE …
(SCHEMA)``: about 3 ms of CPU, against about 45 ms to start a DuckDB instance and run the
schema's DDL), and its match copies that match's static rows
(:class:`~phaseline.match_data.StaticSource`: about 30 ms against 100 ms to load the
scenario). That first match's store stays attached as the source of both.

An instance that has made and dropped database after database grows slower (measured with
Battle for Germany: its twentieth match cost 1.8 s of CPU where the first cost 1.3 s; plain
DuckDB shows the same with any churn of tables), so every :data:`MATCHES_AN_INSTANCE`
matches the stores begin again in a new instance. Measured, 18 matches one after another: a
new instance every match 1.43 s a match, every 3 or 6 matches 1.36 s, one for all 1.54 s.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from ..match_data import StaticSource
from ..store import STORE_TABLES, Store
from .plan import MatchSpec

# One thread per match store: the tournament's parallelism is its processes; DuckDB's own
# threads only add CPU on statements this small (measured: a BfG bot game 3.6 s instead of 4.0 s).
STORE_CONFIG = {"threads": 1}
MATCHES_AN_INSTANCE = 4


class MatchStores:
    """The stores of one worker's matches (close it, or use ``with``, when done)."""

    def __init__(self) -> None:
        self._home: Store | None = None  # the instance; its database holds no match
        self._sources: dict[tuple[Any, ...], StaticSource] = {}  # by what a spec's static data depends on
        self._made = 0  # stores the instance has made
        self._open = 0  # stores in use
        self._numbers = itertools.count(1)

    def close(self) -> None:
        if self._home is not None:
            self._home.close()
            self._home = None

    def __enter__(self) -> MatchStores:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def store(self, spec: MatchSpec) -> Iterator[tuple[Store, StaticSource | None]]:
        """A new, empty store for ``spec``'s match, and the match whose static rows it copies
        (None for the first of its kind, which is kept as theirs once the block ends without error)."""
        home = self._instance()
        kind = (spec.game, spec.scenario, spec.options, spec.blocked)
        source = self._sources.get(kind)
        name = f"match_{next(self._numbers)}"
        con = home.con
        con.execute(f"ATTACH ':memory:' AS {name}")
        self._made += 1
        self._open += 1
        kept = False
        cursor = con.cursor()
        try:
            _copy_schema(con, source.catalog if source else home.catalog, name)
            cursor.execute(f"USE {name}")
            store = Store(cursor, Path(":memory:"), read_only=False)
            yield store, source
            if source is None and store.one("SELECT count(*) FROM match WHERE match_id = ?", [spec.match_id]):
                self._sources[kind] = StaticSource.of(store, spec.match_id)
                kept = True
        finally:
            self._open -= 1
            cursor.close()
            if not kept:
                con.execute(f"DETACH {name}")

    def _instance(self) -> Store:
        """The instance to make the next store in: a new one after :data:`MATCHES_AN_INSTANCE`
        (unless a store of this one is still in use), whose first matches load their scenario."""
        if self._home is not None and self._made >= MATCHES_AN_INSTANCE and not self._open:
            self.close()
        if self._home is None:
            self._home = Store.open(":memory:", config=STORE_CONFIG)
            self._sources.clear()
            self._made = 0
        return self._home


@cache
def process_stores() -> MatchStores:
    """This worker process's match stores, made on first use and kept while the process lives
    (a process of a tournament's pool, or a dask worker: the same installed plugins throughout)."""
    return MatchStores()


def _copy_schema(con: Any, source: str, target: str) -> None:
    """Database ``target`` gets the tables, views and macros of ``source`` and its store tables' rows."""
    con.execute(f"COPY FROM DATABASE {source} TO {target} (SCHEMA)")
    for table in STORE_TABLES:
        con.execute(f"INSERT INTO {target}.main.{table} SELECT * FROM {source}.main.{table}")
