"""A DuckDB match file (what an older phaseline exported), read so that nothing in it runs.

Before DuckDB sees the file, its size is bounded and its header must be a DuckDB
database's, and it is copied into a private folder (so that no write-ahead log or other file
beside it is read, and the file cannot change between the checks and the open). The copy is
then opened in a DuckDB instance of its own (never the store's): read-only,
with no file or network access, no extension autoloading or autoinstalling, one thread, a
memory limit, no spilling to disk and the configuration locked. Its catalog is read before any
row: only base tables of plain columns (cell_types.py) in schema ``main`` may be there, and
only tables phaseline's schema or the match's game declares. A view or macro (but the history
views and macros every store has, passed over by name: never queried, never copied), a
sequence, an index, a user type, another schema, a generated column, a CHECK or FOREIGN KEY
constraint or an unknown table is refused by name, so a crafted ``meta`` view (reading a local
file, or a ``range(10^11)``) is never queried. Rows are read from the base tables, by named
columns only, and no more of them than a match has (:data:`MAX_ROWS`).

A file of an older schema is migrated in a copy that holds those rows and nothing else (no
default, constraint or index of the file), in memory, by the store's own migrations; the
player's file is never written.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from .cell_types import is_plain
from .duck import duckdb
from .errors import IntegrityError, StoreError
from .events import GENESIS
from .match_id import match_id_problem
from .resources import data_dir
from .sandbox import schema_doc
from .store import SCHEMA_VERSION, STORE_TABLES, migrate, migration_steps
from .turnfile import Rows, TurnFile

MAGIC = b"DUCK"  # bytes 8-12 of a DuckDB database file
HEADER_BYTES = 3 * 4096  # a DuckDB file starts with three header blocks
MAX_BYTES = 256 * 2**20
MAX_ROWS = 2_000_000  # a long BfG match has some tens of thousands of rows in all
ORIGIN = "match file of an older phaseline"
READER_CONFIG = {
    "enable_external_access": False,
    "autoload_known_extensions": False,
    "autoinstall_known_extensions": False,
    "allow_community_extensions": False,
    "threads": 1,
    "memory_limit": "512MB",
    "temp_directory": "",
    "lock_configuration": True,
}
_VIEW_OR_MACRO = re.compile(r"^CREATE\s+(?:OR\s+REPLACE\s+)?(?:VIEW|MACRO)\s+(\w+)", re.I | re.M)
_ALLOWED_CONSTRAINTS = ("PRIMARY KEY", "NOT NULL", "UNIQUE")
_SYSTEM_SCHEMAS = ("main", "information_schema", "pg_catalog")

PluginTables = Callable[[str, list[str]], set[str]]  # (game, options) -> the tables its plugins declare


def is_match_file(head: bytes) -> bool:
    """Whether a file's first bytes are a DuckDB database's header."""
    return head[8:12] == MAGIC


def read(path: Path, plugin_tables: PluginTables) -> TurnFile:
    """The one match in the DuckDB file at ``path``, as a whole-match turn file."""
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise IntegrityError(f"{path} is {size} bytes: too big for a match file")
    if size < HEADER_BYTES:
        raise IntegrityError(f"{path} is truncated: {size} bytes, less than a DuckDB file's header")
    with tempfile.TemporaryDirectory(prefix="phaseline-received-") as folder:
        copy = Path(folder) / "received.duckdb"
        _copy_bounded(path, copy)
        try:
            with _opened(copy) as con:
                return _read(con, path, plugin_tables)
        except duckdb.Error as error:
            why = _line(error).replace(str(copy), str(path))
            raise IntegrityError(f"{path} cannot be read as a match file (damaged or truncated?): {why}") from None


def _copy_bounded(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target``, refusing it when it holds more than :data:`MAX_BYTES`
    (it grew since it was measured)."""
    try:
        with source.open("rb") as reading, target.open("wb") as writing:
            copied = 0
            while chunk := reading.read(min(2**20, MAX_BYTES + 1 - copied)):
                copied += len(chunk)
                if copied > MAX_BYTES:
                    raise IntegrityError(f"{source} grew beyond {MAX_BYTES} bytes while it was read")
                writing.write(chunk)
    except OSError as error:
        raise IntegrityError(f"{source} cannot be read (or copied to read it): {error.strerror or error}") from None


@contextmanager
def _opened(path: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    con = duckdb.connect(str(path), read_only=True, config=READER_CONFIG)
    try:
        yield con
    finally:
        con.close()


def _read(con: duckdb.DuckDBPyConnection, path: Path, plugin_tables: PluginTables) -> TurnFile:
    _refuse_objects(con, path)
    tables = _base_tables(con)
    for table in ("meta", "match", "event"):
        if table not in tables:
            raise IntegrityError(f"{path} is not a phaseline match file (no table {table})")
    version = _schema_version(con, path)
    _bound_rows(con, path, tables)
    named = "ruleset" if ("ruleset", "VARCHAR") in tables["match"] else "game"  # the game's column before schema 8
    matches = con.execute(f"SELECT {named}, options FROM main.match").fetchall()
    if len(matches) != 1:
        raise IntegrityError(f"{path} holds {len(matches)} matches; a match file holds one")
    game, options = matches[0]
    unknown = sorted(set(tables) - core_tables() - plugin_tables(game, list(options or [])))
    if unknown:
        raise IntegrityError(f"{path} holds a table phaseline does not know: {unknown[0]} (refused, nothing read)")
    if version < SCHEMA_VERSION:
        _migrate_copy(con, path, tables, version)
        tables = _base_tables(con)
    match_id, uid, game, scenario, dice = con.execute(
        "SELECT match_id, uid, game, scenario, dice FROM match"
    ).fetchone()
    problem = match_id_problem(match_id)
    if problem:
        raise IntegrityError(f"{path} names its match otherwise than a match id may be: {problem}")
    tables.setdefault("seat", [])
    rows = {name: _rows_of(con, name, columns, match_id) for name, columns in tables.items()}
    events = rows.pop("event")
    head = max((e["seq"] for e in events.dicts()), default=0)
    return TurnFile(
        match_id=match_id, uid=uid, game=game, scenario=scenario, dice=dice,
        base=0, base_hash=GENESIS, head=head, seats=rows.pop("seat"), events=events,
        tables={name: r for name, r in rows.items() if name not in STORE_TABLES}, origin=ORIGIN,
    )  # fmt: skip


@cache
def core_tables() -> frozenset[str]:
    """The tables of phaseline's own schema (schema/tables)."""
    return frozenset(entry.name for entry in schema_doc() if entry.kind == "table")


@cache
def phaseline_views() -> frozenset[str]:
    """The names of the history views and macros every store has (schema/views): a match file
    exported from a store has them too. They are passed over by name, never queried or copied."""
    texts = (path.read_text() for path in (data_dir("schema") / "views").glob("*.sql"))
    return frozenset(name for text in texts for name in _VIEW_OR_MACRO.findall(text))


# --- the catalog, read before any row ----------------------------------------------


_OBJECTS = {
    "a view": """SELECT schema_name || '.' || view_name FROM duckdb_views()
                 WHERE NOT internal AND NOT list_contains($ours, view_name)""",
    "a macro": """SELECT schema_name || '.' || function_name FROM duckdb_functions()
                  WHERE NOT internal AND function_type IN ('macro', 'table_macro')
                    AND NOT list_contains($ours, function_name)""",
    "a sequence": "SELECT schema_name || '.' || sequence_name FROM duckdb_sequences()",
    "an index": "SELECT index_name || ' on ' || table_name || ' ' || expressions FROM duckdb_indexes()",
    "a user type": "SELECT schema_name || '.' || type_name FROM duckdb_types() WHERE NOT internal",
    "a schema": f"SELECT schema_name FROM duckdb_schemas() WHERE schema_name NOT IN {_SYSTEM_SCHEMAS}",
    "a table outside schema main": """SELECT schema_name || '.' || table_name FROM duckdb_tables()
                                      WHERE schema_name <> 'main'""",
    "a generated column": """SELECT table_name || '.' || column_name || ' AS ' || generation_expression
                             FROM duckdb_columns() WHERE NOT internal AND is_generated""",
    "a constraint": f"""SELECT table_name || ': ' || constraint_text FROM duckdb_constraints()
                        WHERE constraint_type NOT IN {_ALLOWED_CONSTRAINTS}""",
}


def _refuse_objects(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    """Refuse the file when its catalog holds anything but base tables of plain columns."""
    ours = sorted(phaseline_views())
    for what, sql in _OBJECTS.items():
        found = con.execute(sql, {"ours": ours} if "$ours" in sql else None).fetchone()
        if found is not None:
            _refuse(path, what, found[0])
    for table, columns in _base_tables(con).items():
        for column, data_type in columns:
            if not is_plain(data_type):
                _refuse(path, "a column of a type no match table has", f"{table}.{column} {data_type}")


def _refuse(path: Path, what: str, which: object) -> None:
    raise IntegrityError(
        f"{path} holds {what} ({str(which)[:80]}), which no phaseline match file has: refused, nothing run"
    )


def _base_tables(con: duckdb.DuckDBPyConnection) -> dict[str, list[tuple[str, str]]]:
    """The base tables of the current database (schema main), with their (column, type) lists."""
    rows = con.execute(
        """SELECT c.table_name, list((c.column_name, c.data_type) ORDER BY c.column_index)
           FROM duckdb_columns() c JOIN duckdb_tables() t USING (database_name, schema_name, table_name)
           WHERE c.database_name = current_database() AND c.schema_name = 'main' GROUP BY c.table_name"""
    ).fetchall()
    return {name: [tuple(col) for col in cols] for name, cols in rows}


def _schema_version(con: duckdb.DuckDBPyConnection, path: Path) -> int:
    value = con.execute("SELECT max(value) FROM main.meta WHERE key = 'schema_version'").fetchone()[0]
    if value is None or not str(value).isdigit():
        raise IntegrityError(f"{path} records no schema version a phaseline wrote ({str(value)[:20]!r})")
    version = int(value)
    if version > SCHEMA_VERSION:
        raise StoreError(f"{path} has schema version {version}; this phaseline reads {SCHEMA_VERSION}")
    return version


def _bound_rows(con: duckdb.DuckDBPyConnection, path: Path, tables: dict[str, list[tuple[str, str]]]) -> None:
    """Refuse a file whose base tables hold more rows than any match has, before reading them."""
    counts = " + ".join(f"(SELECT count(*) FROM main.{_quote(name)})" for name in tables)
    total = con.execute(f"SELECT {counts}").fetchone()[0]
    if total > MAX_ROWS:
        raise IntegrityError(f"{path} holds {total} rows: more than a match file has ({MAX_ROWS} at most)")


# --- an older schema: migrated in a copy of the rows --------------------------------


def _migrate_copy(
    con: duckdb.DuckDBPyConnection, path: Path, tables: dict[str, list[tuple[str, str]]], version: int
) -> None:
    """Copy the base tables' rows into an in-memory database of this instance, make it the
    current one and run the store's migrations from ``version`` there."""
    steps = migration_steps(version)
    if steps is None:
        raise StoreError(f"{path} has schema version {version}; this phaseline has no migration from it")
    con.execute("ATTACH ':memory:' AS migrated (READ_WRITE)")
    for table, columns in tables.items():
        names = ", ".join(_quote(name) for name, _ in columns)
        con.execute(f"CREATE TABLE migrated.main.{_quote(table)} AS SELECT {names} FROM main.{_quote(table)}")
    con.execute("USE migrated")
    for reached, sql in steps:
        try:
            migrate(con, reached, sql)
        except duckdb.Error as error:
            raise IntegrityError(f"{path} cannot be migrated to schema {reached}: {_line(error)}") from None
        con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", [str(reached)])


def _rows_of(con: duckdb.DuckDBPyConnection, table: str, columns: list[tuple[str, str]], match_id: str) -> Rows:
    """The match's rows of ``table``, ``match_id`` left out (as in a turn file)."""
    if not any(name == "match_id" for name, _ in columns):
        return Rows(columns, [])
    columns = [(name, kind) for name, kind in columns if name != "match_id"]
    names = ", ".join(_quote(name) for name, _ in columns)
    found = con.execute(f"SELECT {names} FROM {_quote(table)} WHERE match_id = ?", [match_id])
    return Rows(columns, [list(row) for row in found.fetchall()])


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0][:200]
