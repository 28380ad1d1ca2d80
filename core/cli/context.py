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

from ..home import default_path
from .current import current_match
from .output import Format

if TYPE_CHECKING:
    from ..match import Match
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

    @property
    def store_path(self) -> Path:
        """The store file the command uses: ``--db``, or the default one."""
        return (self.db or default_path()).expanduser()

    @contextmanager
    def store(self, *, read_only: bool | None = False) -> Iterator[Store]:
        """The store, opened for writing, read-only, or (``read_only=None``) read-only when its
        file cannot be written (a command that writes only a bookmark, as export does)."""
        from ..store import Store

        if read_only is None:
            path = self.store_path
            read_only = path.exists() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))
        store = Store.open(self.db, read_only=read_only)
        try:
            yield store
        finally:
            store.close()

    @contextmanager
    def match(self, match_id: str | None = None, *, read_only: bool = False) -> Iterator[Match]:
        """Open the store and the named (or current) match (read-only: other processes may read too)."""
        from ..match import Match

        with self.store(read_only=read_only) as store:
            yield Match.load(store, self.registry, match_id or current_match(store))
