"""Sending matches away: turn files for play by e-mail (docs/pbem.md), Parquet for analysis.

A turn file (turnfile.py) holds what the other player needs: the events since the last
one both stores have (:func:`shared.received_seq`), with their times but without what each
store derives from the log (events.DERIVED_COLUMNS: the receiver's replay makes them), the
seat rows, and for a new opponent the whole log with the static tables. Receiving one is importing.py's job.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

from . import shared, turnfile
from .errors import StoreError, UnknownName
from .events import DERIVED_COLUMNS, GENESIS
from .match import Match
from .match_data import NOT_DATA, data_tables
from .plugins import Registry
from .store import Store
from .turnfile import Rows, TurnFile

BOOKKEEPING = [t for t in NOT_DATA if t != "seat"]  # the match's own rows a whole-match file carries
_TEMP = re.compile(r"^\.(?P<name>.+)\.phaseline-(?P<pid>\d+)\.tmp$")


# --- turn files ------------------------------------------------------------------


def export_match(
    store: Store, registry: Registry, match_id: str, path: str | Path, *, overwrite: bool = False, full: bool = False
) -> dict[str, Any]:
    """Write the turn file of match ``match_id`` to ``path``: the events after the last one
    both players have (everything with ``full``, or when nothing came from another player
    yet). Records the file's last event as sent (a read-only store, which nobody can undo in,
    records nothing). Returns what it wrote."""
    target = Path(path).expanduser()
    if not store.one("SELECT count(*) FROM match WHERE match_id = ?", [match_id]):
        raise UnknownName(f"no match {match_id!r} in {store.path}")
    if target.exists() and not overwrite:
        raise StoreError(f"{target} already exists: choose another file or pass --overwrite")
    if not target.parent.is_dir():
        raise StoreError(f"cannot write {target}: no folder {target.parent}")
    remove_stale_temps(target.parent)
    match = Match.load(store, registry, match_id)
    if match.finished and match.seats.held_sides():
        if store.read_only and any(row["secret"] is None for row in match.seats.rows()):
            raise StoreError(
                f"store {store.path} is read-only, and the end of {match_id} must first reveal your seats' "
                "secrets in it: make it writable, then export"
            )
        if not store.read_only:
            match.seats.reveal(final=True)  # the end reveals (again, should a kill have stopped it)
    turn = turn_file(match, 0 if full else shared.received_seq(match))
    data = turnfile.write(turn)
    temp = target.with_name(f".{target.name}.phaseline-{os.getpid()}.tmp")
    try:
        temp.write_bytes(data)
        if not store.read_only:  # a read-only store cannot undo anything: nothing to guard
            with store.transaction():
                shared.record_sent(store, match.uid, turn.head)  # before the file exists: never undone unseen
        os.replace(temp, target)
    except OSError as error:
        raise StoreError(f"cannot write {target}: {error.strerror or error}") from None
    finally:
        temp.unlink(missing_ok=True)
    events = len(turn.events.rows)
    return {"path": target, "base": turn.base, "head": turn.head, "events": events, "bytes": len(data)}


def turn_file(match: Match, base: int) -> TurnFile:
    """The turn file of ``game`` holding the events after ``base`` (and, for 0, its static tables)."""
    store, match_id = match.store, match.match_id
    base_hash = store.one("SELECT hash FROM event WHERE match_id = ? AND seq = ?", [match_id, base]) if base else None
    tables = {}
    if base == 0:
        for table in [*BOOKKEEPING, *(t for t in data_tables(match) if t != "move_link")]:  # move_link is derived
            tables[table] = rows_of(store, table, match_id)
    return TurnFile(
        match_id=match_id,
        uid=match.uid,
        game=match.info.name,
        scenario=match.scenario.name,
        dice=match.dice,
        base=base,
        base_hash=base_hash or GENESIS,
        head=match.events.last_seq,
        seats=rows_of(store, "seat", match_id),
        events=rows_of(store, "event", match_id, f"seq > {int(base)} ORDER BY seq", omit=DERIVED_COLUMNS),
        tables=tables,
    )


def rows_of(store: Store, table: str, match_id: str, where: str = "TRUE", *, omit: tuple[str, ...] = ()) -> Rows:
    """The match's rows of ``table`` (``match_id`` and the columns to ``omit`` left out) with their
    columns and types."""
    columns = [(name, kind) for name, kind in store.declared_columns(table) if name not in ("match_id", *omit)]
    names = ", ".join(f'"{name}"' for name, _ in columns)
    found = store.con.execute(f'SELECT {names} FROM "{table}" WHERE match_id = ? AND {where}', [match_id]).fetchall()
    return Rows(columns, [list(row) for row in found])


def remove_stale_temps(folder: Path) -> None:
    """Remove what killed exports left in ``folder``: temporary files whose writer is gone."""
    for path in folder.glob(".*.phaseline-*.tmp"):
        found = _TEMP.match(path.name)
        if found and not _alive(int(found["pid"])):
            path.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# --- Parquet -----------------------------------------------------------------------


def export_parquet(store: Store, directory: str | Path, *, overwrite: bool = False) -> Path:
    """Write match, event and effect of every match as Parquet, partitioned by game and match."""
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
            else f"SELECT m.game, t.* FROM {table} t JOIN match m USING (match_id)"
        )
        literal = "'" + str(target / table).replace("'", "''") + "'"
        store.con.execute(f"COPY ({select}) TO {literal} (FORMAT parquet, PARTITION_BY (game, match_id))")
    return target
