"""Opening a file another player sent: the one place that reads one, and nothing in it runs.

:func:`open_received` looks at the file's first bytes, never at its name, and reads it as a
turn file (turnfile.py: gzip-compressed JSON, parsed with bounded size and nesting, every
value of its column's type), or as a match file that an older phaseline exported (a DuckDB
database, read by match_file.py in an instance of its own whose catalog is checked before
any row). Anything else (a SQLite file, a text, a truncated file) is refused before DuckDB
sees it. Either way the result is a :class:`~phaseline.turnfile.TurnFile`, checked by the
import (importing.py) before anything reaches the store.
"""

from __future__ import annotations

from pathlib import Path

from . import match_file, turnfile
from .errors import IntegrityError, StoreError
from .match_file import PluginTables
from .turnfile import TurnFile


def open_received(path: Path, plugin_tables: PluginTables) -> TurnFile:
    """The match in the file at ``path``, as a turn file; one clear line when it is none.

    ``plugin_tables`` names the tables a match's plugins declare (game, options), the
    only tables besides phaseline's own that an older match file may hold."""
    try:
        if not path.is_file():
            raise StoreError(f"no file {path}")
        with path.open("rb") as handle:
            head = handle.read(16)
    except OSError as error:
        raise StoreError(f"cannot read {path}: {error.strerror or error}") from None
    if head.startswith(turnfile.GZIP_MAGIC):
        return turnfile.read(path)
    if match_file.is_match_file(head):
        return match_file.read(path, plugin_tables)
    raise IntegrityError(f"{path} is not a phaseline match file (neither a turn file nor a DuckDB match file)")
