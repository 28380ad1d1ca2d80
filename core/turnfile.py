"""The turn file: what one player sends the other, as gzip-compressed JSON.

A header names the match (id, identity, ruleset, scenario, dice mode), the *base* (the
last event the receiver must already have, with its hash; 0 for the whole match) and the
*head* (the file's last event). Then the seat rows, the events after the base and, when
the base is 0, the match's static tables (once, for a new opponent). Every table is
``{"columns": [[name, type], …], "rows": [[value, …], …]}``. Effects and state are not
sent: the receiver's engine replays the events and must make the very same ones.

Reading parses JSON only: nothing in a file is ever executed or evaluated. Its size and
its decompressed size are bounded.
"""

from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IntegrityError

FORMAT = "phaseline turn file"
VERSION = 1
MAX_BYTES = 64 * 2**20  # a whole match is a few hundred kilobytes compressed
MAX_DECOMPRESSED = 512 * 2**20
GZIP_MAGIC = b"\x1f\x8b"


@dataclass
class Rows:
    """One table's rows in a file: its columns (name, type) and the rows' values in that order."""

    columns: list[tuple[str, str]]
    rows: list[list[Any]]

    def dicts(self) -> list[dict[str, Any]]:
        names = [name for name, _ in self.columns]
        return [dict(zip(names, row, strict=True)) for row in self.rows]


@dataclass
class TurnFile:
    """A received (or about to be sent) match: its header, seat rows, events and static tables."""

    game_id: str
    uid: str
    ruleset: str
    scenario: str
    dice: str
    base: int
    base_hash: str
    head: int
    seats: Rows
    events: Rows
    tables: dict[str, Rows] = field(default_factory=dict)  # the static tables, in a whole-match file
    origin: str = FORMAT  # or what an older phaseline wrote (received.py)

    @property
    def full(self) -> bool:
        return self.base == 0


def write(turn: TurnFile) -> bytes:
    """The file's bytes: the document as compact JSON, gzip-compressed (mtime 0: the same
    match gives the same bytes)."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "match": {
            "game_id": turn.game_id,
            "uid": turn.uid,
            "ruleset": turn.ruleset,
            "scenario": turn.scenario,
            "dice": turn.dice,
        },
        "base": {"seq": turn.base, "hash": turn.base_hash},
        "head": turn.head,
        "seats": _table(turn.seats),
        "events": _table(turn.events),
        "tables": {name: _table(rows) for name, rows in turn.tables.items()},
    }
    text = json.dumps(document, separators=(",", ":"), default=str)
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def read(path: Path) -> TurnFile:
    """Parse the turn file at ``path``; one clear line when it is not one."""
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise IntegrityError(f"{path} is {size} bytes: too big for a turn file")
    try:
        data = _decompress(path.read_bytes())
        document = json.loads(data)
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as error:
        raise IntegrityError(f"{path} is not a readable turn file: {error}") from None
    try:
        return _parse(document)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise IntegrityError(f"{path} is not a phaseline turn file: {type(error).__name__} {error}") from None


def _decompress(raw: bytes) -> bytes:
    """gzip data, refusing more than :data:`MAX_DECOMPRESSED` bytes of output (a gzip bomb)."""
    inflater = zlib.decompressobj(wbits=31)
    data = inflater.decompress(raw, MAX_DECOMPRESSED)
    if inflater.unconsumed_tail:
        raise ValueError(f"it decompresses to more than {MAX_DECOMPRESSED} bytes")
    return data + inflater.flush()


def _parse(document: Any) -> TurnFile:
    if document.get("format") != FORMAT:
        raise ValueError("no turn-file header")
    if document["version"] != VERSION:
        raise ValueError(f"version {document['version']!r}; this phaseline reads version {VERSION}")
    match, base = document["match"], document["base"]
    turn = TurnFile(
        game_id=_text(match["game_id"]),
        uid=_text(match["uid"]),
        ruleset=_text(match["ruleset"]),
        scenario=_text(match["scenario"]),
        dice=_text(match["dice"]),
        base=_count(base["seq"]),
        base_hash=_text(base["hash"]),
        head=_count(document["head"]),
        seats=_rows(document["seats"]),
        events=_rows(document["events"]),
        tables={_text(name): _rows(rows) for name, rows in document["tables"].items()},
    )
    return turn


def _table(rows: Rows) -> dict[str, Any]:
    return {"columns": [list(c) for c in rows.columns], "rows": rows.rows}


def _rows(value: Any) -> Rows:
    columns = [(_text(name), _text(kind)) for name, kind in value["columns"]]
    rows = value["rows"]
    if not isinstance(rows, list) or any(not isinstance(r, list) or len(r) != len(columns) for r in rows):
        raise ValueError("a table's rows do not match its columns")
    return Rows(columns, rows)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not text")
    return value


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TypeError(f"{value!r} is not an event number")
    return value
