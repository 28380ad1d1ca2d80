"""Opening a file another player sent: the one place that reads one.

:func:`open_received` looks at the file's first bytes and reads it as a turn file
(turnfile.py: gzip-compressed JSON, parsed and nothing else), or as a match file that an
older phaseline exported: a DuckDB database holding one match, attached read-only (or,
when its schema is older, a copy brought to this schema by the store's own migrations;
the player's file is never written), of which only base tables are read, by name. Either
way the result is a :class:`~phaseline.turnfile.TurnFile`, checked by the import
(importing.py) before anything reaches the store.
"""

from __future__ import annotations

import shutil
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import turnfile
from .duck import duckdb
from .errors import IntegrityError, StoreError
from .events import GENESIS
from .store import SCHEMA_VERSION, Store
from .turnfile import Rows, TurnFile

DUCKDB_MAGIC = b"DUCK"  # bytes 8-12 of a DuckDB database file
OLD_FORMAT = "match file of an older phaseline"


def open_received(store: Store, path: Path) -> TurnFile:
    """The match in the file at ``path``, as a turn file; one clear line when it is none."""
    if not path.is_file():
        raise StoreError(f"no file {path}")
    with path.open("rb") as handle:
        head = handle.read(16)
    if head.startswith(turnfile.GZIP_MAGIC):
        return turnfile.read(path)
    if head[8:12] == DUCKDB_MAGIC:
        return _read_match_file(store, path)
    raise IntegrityError(f"{path} is not a phaseline match file")


# --- match files of an older phaseline (DuckDB databases) -------------------------


def _read_match_file(store: Store, path: Path) -> TurnFile:
    """An exported DuckDB match file read as a whole-match turn file."""
    with _attached_current(store, path) as alias:
        tables = _base_tables(store, alias)
        for table in ("meta", "match", "event"):
            if table not in tables:
                raise IntegrityError(f"{path} is not a phaseline match file (no table {table})")
        version = _schema_version(store, alias)
        if version != str(SCHEMA_VERSION):
            raise StoreError(f"{path} has schema version {version}; this phaseline reads {SCHEMA_VERSION}")
        matches = store.con.execute(f"SELECT game_id, uid, ruleset, scenario, dice FROM {alias}.main.match").fetchall()
        if len(matches) != 1:
            raise IntegrityError(f"{path} holds {len(matches)} matches; a match file holds one")
        game_id, uid, ruleset, scenario, dice = matches[0]
        rows = {name: _rows_of(store, alias, name, columns, game_id) for name, columns in tables.items()}
    events = rows.pop("event")
    head = max((e["seq"] for e in events.dicts()), default=0)
    return TurnFile(
        game_id=game_id, uid=uid, ruleset=ruleset, scenario=scenario, dice=dice,
        base=0, base_hash=GENESIS, head=head, seats=rows.pop("seat"), events=events,
        tables={name: r for name, r in rows.items() if name not in ("meta", "plugin_table")}, origin=OLD_FORMAT,
    )  # fmt: skip


def _rows_of(store: Store, alias: str, table: str, columns: list[tuple[str, str]], game_id: str) -> Rows:
    """The match's rows of ``table`` in the file, ``game_id`` left out (as in a turn file)."""
    if not any(name == "game_id" for name, _ in columns):
        return Rows(columns, [])
    columns = [(name, kind) for name, kind in columns if name != "game_id"]
    names = ", ".join(f'"{name}"' for name, _ in columns)
    try:
        found = store.con.execute(f'SELECT {names} FROM {alias}.main."{table}" WHERE game_id = ?', [game_id])
        return Rows(columns, [list(row) for row in found.fetchall()])
    except duckdb.Error as error:
        raise IntegrityError(f"table {table} of the file cannot be read: {_first_line(error)}") from None


def _base_tables(store: Store, alias: str) -> dict[str, list[tuple[str, str]]]:
    """The base tables of the attached file (schema main) and their (column, type) lists."""
    rows = store.con.execute(
        """SELECT c.table_name, list((c.column_name, c.data_type) ORDER BY c.column_index)
           FROM duckdb_columns() c JOIN duckdb_tables() t USING (database_name, schema_name, table_name)
           WHERE c.database_name = ? AND c.schema_name = 'main' GROUP BY c.table_name""",
        [alias],
    ).fetchall()
    found: dict[str, list[tuple[str, str]]] = {name: [tuple(col) for col in cols] for name, cols in rows}
    found.setdefault("seat", [])
    return found


@contextmanager
def _attached_current(store: Store, source: Path) -> Iterator[str]:
    """``source`` attached read-only; when an older phaseline exported it, a copy brought to
    this schema version by the store's own migrations instead (the player's file is never written)."""
    with _attached(store, source) as alias:
        version = _schema_version(store, alias)
        if not (version and version.isdigit() and int(version) < SCHEMA_VERSION):  # else the reader answers
            yield alias
            return
    with tempfile.TemporaryDirectory(prefix="phaseline-import-") as folder:
        copy = Path(folder) / source.name
        shutil.copyfile(source, copy)
        Store.open(copy).close()  # runs schema/migrations, or refuses with one line
        with _attached(store, copy) as alias:
            yield alias


@contextmanager
def _attached(store: Store, path: Path) -> Iterator[str]:
    """Attach the DuckDB file ``path`` read-only to the store's instance under a fresh alias."""
    alias = f"received_{uuid.uuid4().hex[:12]}"
    literal = "'" + str(path).replace("'", "''") + "'"
    try:
        store.con.execute(f"ATTACH {literal} AS {alias} (READ_ONLY)")
    except duckdb.Error as error:
        raise IntegrityError(f"{path} is not a phaseline match file: {_first_line(error)}") from None
    try:
        yield alias
    finally:
        store.con.execute(f"DETACH {alias}")


def _schema_version(store: Store, alias: str) -> str | None:
    """The schema version the attached file records in its ``meta`` table (None: no such table)."""
    try:
        value: Any = store.one(f"SELECT max(value) FROM {alias}.main.meta WHERE key = 'schema_version'")
    except duckdb.Error:
        return None
    return value


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0]
