"""Moving matches between stores: one match per file for play by e-mail, Parquet for analysis.

An exported file is a DuckDB database with our schema and one match's rows. Importing
never executes anything from it: the file (or, when an older phaseline wrote it, a copy
migrated by our own schema/migrations) is attached read-only and only our own
tables are read, by name, after their columns are checked against our schema. The
match is then validated in a scratch database (schema version, plugin versions, the
hash chain, every die against the seed, and a full replay) before it touches the store.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .dice import roll
from .duck import duckdb
from .errors import IntegrityError, PluginError, StoreError, UnknownName
from .events import verify_chain
from .game import Game
from .plugins import Registry
from .replay import compared_tables, first_difference, match_tables, quote, static_tables, verify
from .store import SCHEMA_VERSION, Store

_BOOKKEEPING = ("meta", "plugin_table")
Columns = dict[str, list[tuple[str, str]]]


# --- export ----------------------------------------------------------------------


def export_match(store: Store, game_id: str, path: str | Path, *, overwrite: bool = False) -> Path:
    """Write match ``game_id`` (schema and every row of it) to its own DuckDB file."""
    target = Path(path).expanduser()
    if not store.one("SELECT count(*) FROM match WHERE game_id = ?", [game_id]):
        raise UnknownName(f"no match {game_id!r} in {store.path}")
    if target.exists() and not overwrite:
        raise StoreError(f"{target} already exists: choose another file or pass --overwrite")
    if not target.parent.is_dir():
        raise StoreError(f"cannot write {target}: no folder {target.parent}")
    temp = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        Store.open(temp).close()
        with _attached(store, temp, read_only=False) as alias:
            _copy_match(store, alias, game_id)
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return target


def _copy_match(store: Store, alias: str, game_id: str) -> None:
    """Create the match's plugin tables in ``alias`` and copy the match's rows there."""
    source = quote(store.catalog)
    plugin_rows = store.rows(
        """SELECT p.*, t.sql FROM plugin_table p
           JOIN duckdb_tables() t ON t.database_name = current_database() AND t.table_name = p.table_name
           WHERE p.plugin IN (SELECT split_part(plugin, ':', 1) FROM match_plugin WHERE game_id = ?)""",
        [game_id],
    )
    cursor = store.con.cursor()
    try:
        cursor.execute(f"USE {alias}")
        target = Store(cursor, Path(alias), read_only=False)
        for row in plugin_rows:
            cursor.execute(row["sql"])
            cursor.execute(
                "INSERT INTO plugin_table VALUES (?, ?, ?, ?)",
                [row["table_name"], row["plugin"], row["version"], row["kind"]],
            )
        for table, cols in match_tables(target).items():
            names = ", ".join(cols)
            cursor.execute(
                f"INSERT INTO {table} ({names}) SELECT {names} FROM {source}.main.{table} WHERE game_id = ?",
                [game_id],
            )
    finally:
        cursor.close()


@contextmanager
def _attached(store: Store, path: Path, *, read_only: bool) -> Iterator[str]:
    """Attach the DuckDB file ``path`` to the store's instance under a fresh alias."""
    alias = f"exchange_{uuid.uuid4().hex[:12]}"
    literal = "'" + str(path).replace("'", "''") + "'"
    try:
        store.con.execute(f"ATTACH {literal} AS {alias}" + (" (READ_ONLY)" if read_only else ""))
    except duckdb.Error as error:
        raise IntegrityError(f"{path} is not a phaseline match file: {_first_line(error)}") from None
    try:
        yield alias
    finally:
        store.con.execute(f"DETACH {alias}")


def export_parquet(store: Store, directory: str | Path, *, overwrite: bool = False) -> Path:
    """Write match, event and effect of every match as Parquet, partitioned by ruleset and match."""
    target = Path(directory).expanduser()
    if target.exists() and any(target.iterdir()):
        if not overwrite:
            raise StoreError(f"{target} is not empty: choose another folder or pass --overwrite")
        shutil.rmtree(target)
    target.mkdir(parents=True, exist_ok=True)
    for table in ("match", "event", "effect"):
        select = (
            "SELECT * FROM match"
            if table == "match"
            else f"SELECT m.ruleset, t.* FROM {table} t JOIN match m USING (game_id)"
        )
        literal = "'" + str(target / table).replace("'", "''") + "'"
        store.con.execute(f"COPY ({select}) TO {literal} (FORMAT parquet, PARTITION_BY (ruleset, game_id))")
    return target


# --- import ----------------------------------------------------------------------


def import_match(store: Store, registry: Registry, path: str | Path) -> dict[str, Any]:
    """Bring the match in file ``path`` into the store: a new match, or the next moves
    of one already there. Validated completely first; the store is untouched on failure."""
    source = Path(path).expanduser()
    if not source.is_file():
        raise StoreError(f"no file {source}")
    with store.scratch() as scratch:
        with _attached_current(store, source) as alias:
            game = _load(scratch, registry, alias, source)
        _check_log(scratch, game)
        verify(scratch, registry, game.game_id)
        return _merge(store, scratch, game)


@contextmanager
def _attached_current(store: Store, source: Path) -> Iterator[str]:
    """``source`` attached read-only; when an older phaseline exported it, a copy brought to
    this schema version by the store's own migrations instead (the player's file is never written)."""
    with _attached(store, source, read_only=True) as alias:
        version = _schema_version(store, alias)
        if not (version and version.isdigit() and int(version) < SCHEMA_VERSION):  # else _load answers
            yield alias
            return
    with tempfile.TemporaryDirectory(prefix="phaseline-import-") as folder:
        copy = Path(folder) / source.name
        shutil.copyfile(source, copy)
        Store.open(copy).close()  # runs schema/migrations, or refuses with one line
        with _attached(store, copy, read_only=True) as alias:
            yield alias


def _schema_version(store: Store, alias: str) -> str | None:
    """The schema version the attached file records in its ``meta`` table (None: no such table)."""
    try:
        return store.one(f"SELECT max(value) FROM {alias}.main.meta WHERE key = 'schema_version'")
    except duckdb.Error:
        return None


def _load(scratch: Store, registry: Registry, alias: str, source: Path) -> Game:
    """Copy the file's one match into ``scratch``, checking tables, columns and versions."""
    file_columns = _columns(scratch, alias)
    ours = _columns(scratch, scratch.catalog)
    for table in ("meta", "match", "match_plugin"):
        if table not in file_columns:
            raise IntegrityError(f"{source} is not a phaseline match file (no table {table})")
        _check_columns(table, file_columns, ours)
    version = _schema_version(scratch, alias)
    if version != str(SCHEMA_VERSION):
        raise StoreError(f"{source} has schema version {version}; this phaseline reads {SCHEMA_VERSION}")
    matches = scratch.con.execute(f"SELECT game_id, ruleset FROM {alias}.main.match").fetchall()
    if len(matches) != 1:
        raise IntegrityError(f"{source} holds {len(matches)} matches; a match file holds one")
    game_id, ruleset = matches[0]
    _check_plugins(scratch, registry, alias, game_id, ruleset)
    _copy_tables(scratch, alias, game_id, ["match", "match_plugin"], file_columns)
    game = Game.load(scratch, registry, game_id)
    scratch.ensure_tables(game.info.name, game.info.version, game.tables)
    known = {*_columns(scratch, scratch.catalog), *_BOOKKEEPING}
    for table in file_columns:
        if table not in known:
            raise IntegrityError(f"{source} has a table {table!r} that match {game_id} does not use")
    rest = [t for t in match_tables(scratch) if t not in ("match", "match_plugin")]
    missing = [t for t in rest if t not in file_columns and t in compared_tables(game)]
    if missing:
        raise IntegrityError(f"{source} lacks table(s) {', '.join(missing)}")
    _copy_tables(scratch, alias, game_id, [t for t in rest if t in file_columns], file_columns)
    return game


def _columns(scratch: Store, database: str) -> Columns:
    """The base tables of attached ``database`` (schema main) and their (column, type) lists."""
    rows = scratch.con.execute(
        """SELECT c.table_name, list((c.column_name, c.data_type) ORDER BY c.column_index)
           FROM duckdb_columns() c JOIN duckdb_tables() t USING (database_name, schema_name, table_name)
           WHERE c.database_name = ? AND c.schema_name = 'main' GROUP BY c.table_name""",
        [database],
    ).fetchall()
    return {name: [tuple(col) for col in cols] for name, cols in rows}


def _copy_tables(scratch: Store, alias: str, game_id: str, tables: list[str], file_columns: Columns) -> None:
    """Copy the match's rows of ``tables`` from the file, whose columns must equal ours."""
    ours = _columns(scratch, scratch.catalog)
    for table in tables:
        _check_columns(table, file_columns, ours)
        names = ", ".join(name for name, _ in ours[table])
        try:
            scratch.con.execute(
                f"INSERT INTO {table} ({names}) SELECT {names} FROM {alias}.main.{table} WHERE game_id = ?",
                [game_id],
            )
        except duckdb.Error as error:
            raise IntegrityError(f"table {table} of the file is not valid: {_first_line(error)}") from None


def _check_columns(table: str, file_columns: Columns, ours: Columns) -> None:
    if file_columns[table] != ours[table]:
        raise IntegrityError(f"table {table} of the file has columns unlike ours: {file_columns[table]}")


def _check_plugins(scratch: Store, registry: Registry, alias: str, game_id: str, ruleset: str) -> None:
    """Every plugin that made the match must be installed, at the same version."""
    try:
        info = registry.game(ruleset)
    except UnknownName:
        raise PluginError(f"match {game_id} needs game {ruleset!r}, which is not installed") from None
    for plugin, version in scratch.con.execute(
        f"SELECT plugin, version FROM {alias}.main.match_plugin WHERE game_id = ?", [game_id]
    ).fetchall():
        game, _, option = plugin.partition(":")
        if game != info.name:
            raise PluginError(f"match {game_id} records plugin {plugin!r}, not part of {info.name}")
        installed = registry.option(info.name, option).version if option else info.version
        if installed != version:
            raise PluginError(
                f"match {game_id} was made with {plugin} {version}, but {installed} is installed",
                plugin=plugin,
            )


def _check_log(scratch: Store, game: Game) -> None:
    """The hash chain over the events, and every die against the match's seed."""
    events = scratch.rows("SELECT * FROM event WHERE game_id = ? ORDER BY seq", [game.game_id])
    for expected, event in enumerate(events, start=1):
        if event["seq"] != expected:
            raise IntegrityError(f"event seq {expected} of {game.game_id} is missing from the file")
    broken = verify_chain(events)
    if broken is not None:
        raise IntegrityError(
            f"event seq {broken} of {game.game_id} was edited, inserted or removed: the hash chain breaks there"
        )
    for event in events:
        if event["kind"] != "roll":
            continue
        sides = int(json.loads(event["payload"]).get("sides", 6))
        if event["die"] != roll(game.seed, event["roll_no"], sides):
            raise IntegrityError(
                f"event seq {event['seq']} of {game.game_id}: die {event['die']} is not roll "
                f"{event['roll_no']} of the match's seed"
            )


def _merge(store: Store, scratch: Store, game: Game) -> dict[str, Any]:
    """Copy the validated match into the store (new, or its new events), in one transaction."""
    game_id = game.game_id
    ours, theirs = quote(store.catalog), quote(scratch.catalog)
    columns = match_tables(scratch)
    store.ensure_tables(game.info.name, game.info.version, game.tables)
    known = int(store.one("SELECT count(*) FROM event WHERE game_id = ?", [game_id]))
    exists = bool(store.one("SELECT count(*) FROM match WHERE game_id = ?", [game_id]))
    total = int(scratch.one("SELECT count(*) FROM event WHERE game_id = ?", [game_id]))
    with store.transaction() as con:
        if exists:
            _check_continues(store, scratch, game, columns)
            replaced = list(game.ledger.keys)
            for table in replaced:
                con.execute(f"DELETE FROM {table} WHERE game_id = ?", [game_id])
            later = f"AND seq > {known}"
            copied = {t: "" for t in replaced} | {"event": later, "effect": later}
        else:
            copied = {t: "" for t in columns}
        for table, extra in copied.items():
            names = ", ".join(columns[table])
            con.execute(
                f"INSERT INTO {table} ({names}) SELECT {names} FROM {theirs}.main.{table} WHERE game_id = ? {extra}",
                [game_id],
            )
        keys = {t: () for t in static_tables(game)} | compared_tables(game)
        difference = first_difference(con, ours, theirs, keys, columns, game_id)
        if difference:
            raise IntegrityError(f"import of {game_id} would not reproduce the file: {difference}")
    return {"game_id": game_id, "new": not exists, "events": total - known, "total": total}


def _check_continues(store: Store, scratch: Store, game: Game, columns: dict[str, list[str]]) -> None:
    """The store's match must be the file's match up to the store's last event."""
    ours, theirs = quote(store.catalog), quote(scratch.catalog)
    statics = {t: () for t in static_tables(game)}
    difference = first_difference(store.con, ours, theirs, statics, columns, game.game_id)
    if difference:
        raise IntegrityError(f"{game.game_id} in the file is another match than in the store: {difference}")
    fork = store.one(
        f"""SELECT min(s.seq) FROM {ours}.main.event s
            LEFT JOIN {theirs}.main.event f ON f.game_id = s.game_id AND f.seq = s.seq
            WHERE s.game_id = ? AND f.hash IS DISTINCT FROM s.hash""",
        [game.game_id],
    )
    if fork is not None:
        raise IntegrityError(
            f"event seq {fork} of {game.game_id} differs between the store and the file "
            "(or the file lacks it): the file does not continue the store's match"
        )


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0]
