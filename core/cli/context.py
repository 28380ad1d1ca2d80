"""What every command shares: the store path, output format, the current match.

The store, the game engine and the plugin registry are imported when a command first
uses them, so that commands without a store (``--help``, ``games``, ``plugins``) never
load DuckDB, and commands without a game (``list``, ``log``) never load plugins.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UnknownName
from .output import Format

if TYPE_CHECKING:
    from ..game import Game
    from ..plugins import Registry
    from ..store import Store


@dataclass
class Context:
    """Options given before the command (``phaseline --db X --format json …``)."""

    db: Path | None = None
    fmt: Format = Format.table
    debug: bool = False
    block: tuple[str, ...] = field(default_factory=tuple)

    @cached_property
    def registry(self) -> Registry:
        """The installed plugins less the blocked ones (one registry for the whole command)."""
        from ..plugins import registry

        return registry(self.block)

    @contextmanager
    def store(self, *, read_only: bool | None = False) -> Iterator[Store]:
        """The store, opened for writing, read-only, or (``read_only=None``) read-only when its
        file cannot be written (a command that writes only a bookmark, as export does)."""
        from ..store import Store, default_path

        if read_only is None:
            path = (self.db or default_path()).expanduser()
            read_only = path.exists() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))
        store = Store.open(self.db, read_only=read_only)
        try:
            yield store
        finally:
            store.close()

    @contextmanager
    def game(self, game_id: str | None = None, *, read_only: bool = False) -> Iterator[Game]:
        """Open the store and the named (or current) match (read-only: other processes may read too)."""
        from ..game import Game

        with self.store(read_only=read_only) as store:
            yield Game.load(store, self.registry, game_id or current_game(store))


def current_game(store: Store) -> str:
    """The match chosen with ``phaseline use`` (or the newest one)."""
    chosen = store.one("SELECT value FROM meta WHERE key = 'current_game'")
    if chosen and store.one("SELECT count(*) FROM match WHERE game_id = ?", [chosen]):
        return str(chosen)
    newest = store.one("SELECT game_id FROM match ORDER BY created_at DESC LIMIT 1")
    if newest is None:
        raise UnknownName("no match in this store: start one with 'phaseline new GAME'")
    return str(newest)


def set_current_game(store: Store, game_id: str) -> None:
    store.con.execute("INSERT OR REPLACE INTO meta VALUES ('current_game', ?)", [game_id])
