"""The current match (``phaseline use``), and a note of it beside the store for help.

The store's ``meta`` table holds the current match; without one, the newest match is
current. Help shows the current match's game's orders, and must not import DuckDB to
learn which game that is (``import duckdb`` and opening a store cost some 500 M
instructions, more than the whole of ``--help``). So each change of the current match
also writes a one-line note beside the store file ``X.duckdb``: ``X.current``, holding the
store file's identity (device and inode), the match id and its game. Only help reads the
note; a missing note, or one written for another file at that path (a store replaced by a
copy), is rewritten from the store itself the first time help needs it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..errors import UnknownName

if TYPE_CHECKING:
    from ..store import Store


class Current(NamedTuple):
    """The current match of a store, and the game it is a match of."""

    match: str
    game: str


def current_match(store: Store) -> str:
    """The match chosen with ``phaseline use`` (or the newest one)."""
    chosen = store.one("SELECT value FROM meta WHERE key = 'current_match'")
    if chosen and store.one("SELECT count(*) FROM match WHERE match_id = ?", [chosen]):
        return str(chosen)
    newest = store.one("SELECT match_id FROM match ORDER BY created_at DESC LIMIT 1")
    if newest is None:
        raise UnknownName("no match in this store: start one with 'phaseline new GAME'")
    return str(newest)


def set_current_match(store: Store, match_id: str | None) -> None:
    """Make ``match_id`` the current match (None: the newest, as when none was chosen), and note it."""
    if match_id is None:
        store.con.execute("DELETE FROM meta WHERE key = 'current_match'")
    else:
        store.con.execute("INSERT OR REPLACE INTO meta VALUES ('current_match', ?)", [match_id])
    write_note(store)


def write_note(store: Store) -> Current | None:
    """Note the store's current match beside its file (none in memory); what was noted."""
    if str(store.path) == ":memory:":
        return None
    found = store.rows("SELECT match_id, game FROM match WHERE match_id = ?", [_current_or_none(store)])
    current = Current(found[0]["match_id"], found[0]["game"]) if found else None
    try:
        identity = _identity(store.path)
        text = "" if current is None else f"{identity}\t{current.match}\t{current.game}\n"
        note_path(store.path).write_text(text)
    except OSError:  # a read-only folder: help opens the store instead
        pass
    return current


def noted(path: Path) -> Current | None:
    """The current match the note beside the store ``path`` names, read without opening the store;
    None when the store has no match. Raises LookupError when there is no note for this file."""
    try:
        text = note_path(path).read_text()
        identity = _identity(path)
    except OSError:
        raise LookupError(path) from None
    if not text:
        return None
    written, match, game = text.rstrip("\n").split("\t")
    if written != identity:
        raise LookupError(path)
    return Current(match, game)


def current_for_help(path: Path) -> Current | None:
    """The current match of the store ``path`` for help: from the note, else from the store
    (then noted); None when there is no store or no match in it."""
    if not path.exists():
        return None
    try:
        return noted(path)
    except LookupError:
        pass
    from ..errors import PhaselineError
    from ..store import Store

    try:
        with Store.open(path, read_only=True) as store:
            return write_note(store)
    except PhaselineError:  # busy, damaged, another program's file: help goes on without it
        return None


def note_path(path: Path) -> Path:
    """The note beside the store file ``path`` (``X.duckdb`` → ``X.current``)."""
    return path.with_name(f"{path.stem}.current")


def _current_or_none(store: Store) -> str | None:
    try:
        return current_match(store)
    except UnknownName:
        return None


def _identity(path: Path) -> str:
    found = os.stat(path)
    return f"{found.st_dev}:{found.st_ino}"
