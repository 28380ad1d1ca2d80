"""The store: one DuckDB file holding every match, its board, units and history."""

from __future__ import annotations

import hashlib
import os
import re
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from .duck import duckdb
from .errors import StoreBusy, StoreError
from .home import default_path
from .keyring import Keyring
from .resources import data_dir

SCHEMA_VERSION = 9
BUSY_WAIT_SECONDS = 3.0
_TABLE_FILES = ("meta", "match", "board", "units", "rules", "history", "tournament")
_TEMPORARY = re.compile(r"^(CREATE OR REPLACE) (VIEW|MACRO)\b", re.MULTILINE)  # schema/views make no other kind
# The store's own tables, no match's: a match file, an export or a replay leaves them out.
STORE_TABLES = ("meta", "plugin_table", "tournament_match")
# A column a migration renames in every table that has it (version reached -> old, new): the
# step's SQL renames it in phaseline's own tables, then the store in those plugins declared.
RENAMED_COLUMNS = {8: ("game_id", "match_id")}


def _is_lock_conflict(error: duckdb.Error) -> bool:
    text = str(error)
    return "Conflicting lock" in text or "Could not set lock" in text


class Store:
    """An open DuckDB store. Use :meth:`open`; close it (or use ``with``) when done."""

    def __init__(
        self, con: duckdb.DuckDBPyConnection, path: Path, read_only: bool, keyring: Keyring | None = None
    ) -> None:
        self.con = con
        self.path = path
        self.read_only = read_only
        self.keyring = keyring or Keyring()  # the seats this store's player holds (keyring.py)
        self._depth = 0
        self._columns: dict[str, list[tuple[str, str]]] = {}  # table -> (column, type), read on a miss

    # --- opening -----------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        read_only: bool = False,
        wait: float = BUSY_WAIT_SECONDS,
        config: dict[str, Any] | None = None,
    ) -> Store:
        """Open (creating if needed) the store at ``path``; wait briefly if it is busy."""
        target = Path(path) if path is not None else default_path()
        in_memory = str(target) == ":memory:"
        if not in_memory:
            target = target.expanduser()
            if read_only and not target.exists():
                raise StoreError(f"no store at {target}: start a match first with 'phaseline new'")
            if not read_only:
                _prepare_directory(target)
        con = cls._connect(target, read_only, wait, config or {})
        store = cls(con, target, read_only, None if in_memory else Keyring.beside(target))
        if in_memory:
            store._create_schema()  # always new: no failed look at meta first (~8 ms)
        else:
            store._check_schema()
        return store

    @staticmethod
    def _connect(target: Path, read_only: bool, wait: float, config: dict[str, Any]) -> duckdb.DuckDBPyConnection:
        deadline = time.monotonic() + wait
        while True:
            try:
                return duckdb.connect(str(target), read_only=read_only, config=config)
            except duckdb.IOException as error:
                if _is_lock_conflict(error):
                    if time.monotonic() < deadline:
                        time.sleep(0.1)
                        continue
                    raise StoreBusy(
                        f"store {target} is busy: another phaseline process is using it; try again when it has finished"
                    ) from None
                damaged = " (damaged or truncated)" if "Could not read" in str(error) else ""
                raise StoreError(f"cannot open store {target}{damaged}: {_first_line(error)}") from None
            except duckdb.Error as error:
                raise StoreError(f"cannot open store {target}: {_first_line(error)}") from None

    def close(self) -> None:
        self.con.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- schema ------------------------------------------------------------------

    def _check_schema(self) -> None:
        """Create a new store's schema, or check an existing one's version (migrating it) and views."""
        try:
            # one query on meta: asking the catalog first (duckdb_tables()) costs ~13 ms of CPU
            found = dict(
                self.con.execute("SELECT key, value FROM meta WHERE key IN ('schema_version', 'views')").fetchall()
            )
        except duckdb.CatalogException:
            if self.read_only or self.one("SELECT count(*) FROM duckdb_tables() WHERE NOT internal"):
                # a file with tables but no meta is another program's, or a damaged store: never "repaired"
                raise StoreError(
                    f"{self.path} is not a phaseline store (it has no meta table)"
                    + ("" if self.read_only else ": phaseline writes only to its own stores or to a new file")
                ) from None
            self._create_schema()
            return
        version = _schema_version(self.path, found.get("schema_version"))
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"store {self.path} has schema version {version}, newer than this phaseline "
                f"({SCHEMA_VERSION}): upgrade phaseline to open it"
            )
        if version < SCHEMA_VERSION:
            self._migrate(version)
        self._create_views(found.get("views"))

    def _create_schema(self) -> None:
        with self.transaction():
            for name in _TABLE_FILES:
                self.con.execute((data_dir("schema") / "tables" / f"{name}.sql").read_text())
            self.con.execute("INSERT INTO meta VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)])
            self._create_views(None)

    def _create_views(self, digest_now: str | None) -> None:
        """(Re)create the views and macros of schema/views/*.sql unless ``digest_now`` is their text's
        digest. A read-only store written by an older phaseline gets them as temporary ones, for this
        connection alone: they shadow its own, which the rule queries of this phaseline may not fit."""
        texts = [path.read_text() for path in sorted((data_dir("schema") / "views").glob("*.sql"))]
        digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()
        if digest_now == digest:
            return
        if self.read_only:
            for text in texts:
                self.con.execute(_TEMPORARY.sub(r"\1 TEMP \2", text))
            return
        with self.transaction():
            for text in texts:
                self.con.execute(text)
            self.con.execute("INSERT OR REPLACE INTO meta VALUES ('views', ?)", [digest])

    def _migrate(self, version: int) -> None:
        """Run schema/migrations/<from>-<to>.sql steps up to the current version, or refuse."""
        steps = migration_steps(version)
        if self.read_only or steps is None:
            raise StoreError(
                f"store {self.path} has schema version {version}; this phaseline reads "
                f"version {SCHEMA_VERSION} and has no migration from it"
            )
        for reached, sql in steps:
            with self.transaction():
                migrate(self.con, reached, sql)
                self.con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", [str(reached)])

    def ensure_tables(self, plugin: str, version: str, tables: list[Any]) -> None:
        """Create a plugin's declared tables if missing and record who made them.

        The missing tables' DDL runs as one statement: one at a time costs about 2 ms each.
        """
        names = [table.name for table in tables]
        owners = dict(
            self.con.execute(
                "SELECT table_name, plugin FROM plugin_table WHERE list_contains(?, table_name)", [names]
            ).fetchall()
        )
        for name, owner in owners.items():
            if owner != plugin:
                raise StoreError(f"table {name} belongs to plugin {owner}, not {plugin}")
        missing = [table for table in tables if table.name not in owners]
        present = [table for table in tables if table.name in owners]
        with self.transaction():
            if missing:
                self.con.execute(_ddl(missing))
                self.insert_rows("plugin_table", None, [(t.name, plugin, version, t.kind) for t in missing])
            if present:
                self._add_new_columns(plugin, present)

    def _add_new_columns(self, plugin: str, tables: list[Any]) -> None:
        """Give a store made by an older version of the plugin the columns its tables have gained.

        Columns are only ever added (NULL in the rows already there); a column whose type
        changed is a clear error rather than a guess.
        """
        wanted = _columns_of(tables)
        for table in tables:
            have = dict(self.declared_columns(table.name))
            for column, data_type in wanted[table.name]:
                if column not in have:
                    self.con.execute(f'ALTER TABLE {table.name} ADD COLUMN "{column}" {data_type}')
                elif have[column] != data_type:
                    raise StoreError(
                        f"table {table.name} in {self.path} has {column} {have[column]}, but {plugin} now declares"
                        f" {data_type}: export its matches and import them into a new store"
                    )
        self._columns.clear()

    # --- transactions ------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """One atomic unit of work; nested uses join the outer transaction."""
        if self._depth:
            self._depth += 1
            try:
                yield self.con
            finally:
                self._depth -= 1
            return
        self.con.execute("BEGIN TRANSACTION")
        self._depth = 1
        try:
            yield self.con
        except BaseException:
            self._depth = 0
            self.con.execute("ROLLBACK")
            raise
        self._depth = 0
        try:
            self.con.execute("COMMIT")
        except BaseException:  # a commit that failed (a full disk) leaves nothing of the transaction
            with suppress(duckdb.Error):
                self.con.execute("ROLLBACK")
            raise

    @contextmanager
    def one_thread(self) -> Iterator[None]:
        """DuckDB on one thread inside this block, then as many as before: for play, whose
        statements are small enough that more threads only add CPU (a Battle for Germany bot
        game: about 15% more on two)."""
        threads = int(self.one("SELECT current_setting('threads')"))
        if threads == 1:
            yield
            return
        self.con.execute("SET threads = 1")
        try:
            yield
        finally:
            self.con.execute(f"SET threads = {threads}")

    @contextmanager
    def rolled_back(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A transaction that is always rolled back: for looking at what-if states."""
        if self._depth:
            raise RuntimeError("rolled_back() cannot run inside another transaction")
        self.con.execute("BEGIN TRANSACTION")
        self._depth = 1
        try:
            yield self.con
        finally:
            self._depth = 0
            self.con.execute("ROLLBACK")

    @contextmanager
    def scratch(self, *, keyring: Keyring | None = None) -> Iterator[Store]:
        """A fresh, empty store in memory, attached to this one's database instance.

        Its connection reads this store's tables as ``<catalog>.main.<table>`` (see
        :attr:`catalog`); it is detached, and its contents dropped, on exit. It shares this
        store's keyring (a replay there knows the dice secrets this player holds), unless
        given its own.
        """
        name = f"scratch_{uuid.uuid4().hex[:12]}"
        self.con.execute(f"ATTACH ':memory:' AS {name} (READ_WRITE)")  # READ_WRITE: a read-only store's too
        cursor = self.con.cursor()
        try:
            cursor.execute(f"USE {name}")
            scratch = Store(cursor, Path(":memory:"), read_only=False, keyring=keyring or self.keyring)
            scratch._create_schema()
            yield scratch
        finally:
            cursor.close()
            self.con.execute(f"DETACH {name}")

    @cached_property
    def catalog(self) -> str:
        """The name of this store's database, to qualify its tables from an attached one."""
        return str(self.one("SELECT current_database()"))

    # --- queries -----------------------------------------------------------------

    def rows(self, sql: str, params: Any = None) -> list[dict[str, Any]]:
        """Run ``sql`` and return its rows as dicts."""
        cursor = self.con.execute(sql, params)
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def insert_rows(self, table: str, columns: list[str] | None, rows: list[tuple[Any, ...]]) -> None:
        """Insert many rows in one statement: each column is passed as one typed list.

        ``columns=None`` means every column of the table, in its declared order.
        """
        if not rows:
            return
        declared = self.declared_columns(table)
        types = dict(declared)
        columns = columns or [name for name, _ in declared]
        selects = ", ".join(f"unnest(${i + 1}::{types[c]}[])" for i, c in enumerate(columns))
        values = [list(column) for column in zip(*rows, strict=True)]
        self.con.execute(f"INSERT INTO {table} ({', '.join(columns)}) SELECT {selects}", values)

    def declared_columns(self, table: str) -> list[tuple[str, str]]:
        """``table``'s (column, type) pairs in declared order; the catalog is read once, for every table."""
        if table not in self._columns:
            self._columns.clear()
            for name, column, data_type in self.con.execute(
                """SELECT table_name, column_name, data_type FROM duckdb_columns()
                   WHERE database_name = current_database() AND schema_name = current_schema()
                   ORDER BY table_name, column_index"""
            ).fetchall():
                self._columns.setdefault(name, []).append((column, data_type))
        if table not in self._columns:
            raise StoreError(f"store {self.path} has no table {table}")
        return self._columns[table]

    def one(self, sql: str, params: Any = None) -> Any:
        """The first column of the first row, or None."""
        row = self.con.execute(sql, params).fetchone()
        return row[0] if row else None


def _schema_version(path: Path, value: Any) -> int:
    """The schema version recorded in a store's ``meta``: a whole number, or a refusal."""
    if value is None:
        raise StoreError(f"{path} records no schema version in its meta table: it is damaged or not phaseline's")
    if not str(value).isdigit():
        raise StoreError(
            f"{path} records the schema version {str(value)[:20]!r}, which no phaseline wrote: it is damaged"
        )
    return int(value)


def migration_steps(version: int) -> list[tuple[int, str]] | None:
    """The steps from schema ``version`` to :data:`SCHEMA_VERSION` as (version reached, SQL of
    schema/migrations/<from>-<to>.sql); None when one is missing."""
    migrations = data_dir("schema") / "migrations"
    steps = []
    for start in range(version, SCHEMA_VERSION):
        step = migrations / f"{start:03d}-{start + 1:03d}.sql"
        if not step.exists():
            return None
        steps.append((start + 1, step.read_text()))
    return steps


def migrate(con: duckdb.DuckDBPyConnection, reached: int, sql: str) -> None:
    """Run the migration step reaching schema ``reached`` in ``con``'s current database: its SQL,
    then the renaming of its column in the tables the SQL cannot name (:data:`RENAMED_COLUMNS`)."""
    con.execute(sql)
    if reached not in RENAMED_COLUMNS:
        return
    old, new = RENAMED_COLUMNS[reached]
    tables = con.execute(
        """SELECT c.table_name FROM duckdb_columns() c
           JOIN duckdb_tables() t USING (database_name, schema_name, table_name)
           WHERE c.database_name = current_database() AND c.schema_name = current_schema() AND c.column_name = ?""",
        [old],
    ).fetchall()
    for (table,) in tables:
        con.execute(f'ALTER TABLE "{table}" RENAME COLUMN "{old}" TO "{new}"')


def _ddl(tables: list[Any]) -> str:
    return ";\n".join(table.ddl.strip().rstrip(";") for table in tables)


def _columns_of(tables: list[Any]) -> dict[str, list[tuple[str, str]]]:
    """The (column, type) pairs the tables' DDL declares."""
    return _declared_by(_ddl(tables))


@cache
def _declared_by(ddl: str) -> dict[str, list[tuple[str, str]]]:
    """The (column, type) pairs by table that ``ddl`` declares, read by running it in a scratch
    database (about 40 ms: once a process, for every match a store makes after its first)."""
    scratch = duckdb.connect(":memory:")
    try:
        scratch.execute(ddl)
        found: dict[str, list[tuple[str, str]]] = {}
        for name, column, data_type in scratch.execute(
            "SELECT table_name, column_name, data_type FROM duckdb_columns() ORDER BY table_name, column_index"
        ).fetchall():
            found.setdefault(name, []).append((column, data_type))
        return found
    finally:
        scratch.close()


def _prepare_directory(target: Path) -> None:
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(f"cannot create the store folder {folder}: {error.strerror}") from None
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise StoreError(f"store {target} is read-only: choose another with --db")


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
