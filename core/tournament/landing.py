"""Where a tournament's matches land: the store, in one transaction, or Parquet files.

While the matches are played their parts wait in a spool folder; nothing reaches the store
before the last one is done. Then every table receives all the matches' rows in one
statement, and ``tournament_match`` one row per match, in a single transaction: a tournament
killed before or during it leaves the store as it was.

With ``--parquet DIR`` the history lands as Parquet instead (the store is not opened):
``DIR/<table>/game=<game>/tournament=<name>/*.parquet`` for ``match``, ``match_side``,
``event``, ``effect`` and ``tournament_match``, which DuckDB, Spark or Trino read with hive
partitioning. A tournament's partitions are written aside and moved into place at the end,
``tournament_match``'s last: a partition of it means the tournament's other tables are whole.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import StoreError
from ..plugins import match_manager, plugin_tables
from ..store import Store
from .plan import TournamentPlan
from .worker import MatchPart

if TYPE_CHECKING:
    from ..plugins import Registry

PARQUET_TABLES = ("match", "match_side", "event", "effect", "tournament_match")  # tournament_match last


class Spool:
    """The parts played so far, one Parquet file per table and match in ``folder``."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)

    def add(self, part: MatchPart) -> None:
        for table, data in part.tables.items():
            path = self.folder / table / f"{part.spec.match_id}.parquet"
            path.parent.mkdir(exist_ok=True)
            path.write_bytes(data)

    def tables(self) -> list[str]:
        return sorted(path.name for path in self.folder.iterdir() if path.is_dir())

    def files(self, table: str) -> list[str]:
        return sorted(str(path) for path in (self.folder / table).glob("*.parquet"))


def land_in_store(
    store: Store,
    registry: Registry,
    plan: TournamentPlan,
    spool: Spool,
    parts: list[MatchPart],
    tables: Iterable[str] | None = None,
) -> None:
    """Write the matches of ``parts`` (finished ones, their rows in ``spool``) into ``store`` in
    one transaction: every table (or only ``tables``), then their ``tournament_match`` rows."""
    ids = [part.spec.match_id for part in parts]
    taken = store.one("SELECT min(match_id) FROM match WHERE list_contains(?, match_id)", [ids]) if ids else None
    if taken:
        raise StoreError(
            f"store {store.path} has a match {taken} already: run the tournament again with another --name"
        )
    info = registry.game(plan.game)
    chosen = [t for t in spool.tables() if tables is None or t in tables]
    with store.transaction():
        options = [registry.option(info.name, o) for o in plan.options if o not in info.rulings]
        store.ensure_tables(info.name, info.version, plugin_tables(match_manager(info, options)))
        for table in chosen:
            insert_parts(store, table, spool.files(table))
        store.insert_rows("tournament_match", None, [_record(plan, part) for part in parts])


def insert_parts(store: Store, table: str, files: list[str]) -> None:
    """Every row of ``table`` in the Parquet ``files`` into the store's table, in one statement."""
    store.declared_columns(table)  # a table the store lacks: one line naming it
    store.con.execute(f'INSERT INTO "{table}" BY NAME SELECT * FROM read_parquet(?)', [files])


def _record(plan: TournamentPlan, part: MatchPart) -> tuple:
    result = part.result
    assert result is not None
    return (
        part.spec.match_id,
        plan.name,
        part.spec.index,
        list(result.winners),
        result.rule or None,
        result.summary,
        result.turns,
        result.actions,
    )


def land_in_parquet(
    directory: Path, registry: Registry, plan: TournamentPlan, spool: Spool, parts: list[MatchPart]
) -> Path:
    """Write the history of ``parts`` as Parquet under ``directory`` (see the module's docstring)."""
    target = directory.expanduser()
    existing = [t for t in PARQUET_TABLES if _partition(target, t, plan).exists()]
    if existing:
        raise StoreError(f"{_partition(target, existing[0], plan)} exists: choose another --name")
    staging = target / f".{plan.name}.phaseline-{os.getpid()}.tmp"
    try:
        staging.mkdir(parents=True, exist_ok=True)
        with Store.open(":memory:") as scratch:
            land_in_store(scratch, registry, plan, spool, parts, PARQUET_TABLES)
            for table in PARQUET_TABLES:
                _export(scratch, table, plan, staging)
        for table in PARQUET_TABLES:
            _partition(target, table, plan).parent.mkdir(parents=True, exist_ok=True)
            os.replace(_partition(staging, table, plan), _partition(target, table, plan))
    except OSError as error:
        raise StoreError(f"cannot write {target}: {error.strerror or error}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


def _export(scratch: Store, table: str, plan: TournamentPlan, staging: Path) -> None:
    """``table``'s rows as Parquet under ``staging/<table>``, partitioned by game and tournament
    (columns that the partition's folder names, not the files)."""
    game = "" if "game" in dict(scratch.declared_columns(table)) else "? AS game, "
    tournament = "" if table == "tournament_match" else ", ? AS tournament"
    params = [plan.game] * bool(game) + [plan.name] * bool(tournament) + [str(staging / table)]
    select = f'SELECT {game}t.*{tournament} FROM "{table}" t'
    scratch.con.execute(f"COPY ({select}) TO ? (FORMAT parquet, PARTITION_BY (game, tournament))", params)


def _partition(root: Path, table: str, plan: TournamentPlan) -> Path:
    return root / table / f"game={plan.game}" / f"tournament={plan.name}"
