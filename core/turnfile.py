"""The turn file: what one player sends the other, as gzip-compressed JSON.

A header names the match (id, identity, game, scenario, dice mode), the *base* (the
last event the receiver must already have, with its hash; 0 for the whole match) and the
*head* (the file's last event). Then the seat rows, the events after the base and, when
the base is 0, the match's static tables (once, for a new opponent). Every table is
``{"columns": [[name, type], …], "rows": [[value, …], …]}``. Effects and state are not
sent: the receiver's engine replays the events and must make the very same ones.

Reading parses JSON only: nothing in a file is ever executed or evaluated, and no value
of it is ever formatted into SQL (the import binds values as parameters, and names a table
or column only once it is one of ours). The file's size, its decompressed size and its
nesting are bounded; the header's fields have their exact types (a match id by the rule of
match_id.py, a 32-digit identity, a known dice mode, 64-digit hashes); JSON's NaN and
Infinity and an object with a key twice are refused; every table's columns have a plain type
and every value is of its column's type (cell_types.py).
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cell_types import is_plain, value_fits
from .errors import IntegrityError
from .match_id import match_id_problem

FORMAT = "phaseline turn file"
VERSION = 2
# What version 1 (before schema 8) called the header's fields and the match table's columns.
V1_NAMES = {"game_id": "match_id", "ruleset": "game"}
MAX_BYTES = 64 * 2**20  # a whole match is a few hundred kilobytes compressed
MAX_DECOMPRESSED = 512 * 2**20
GZIP_MAGIC = b"\x1f\x8b"
DICE_MODES = ("secret", "known seed")
_HEX = re.compile(r"^[0-9a-f]+$")


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

    match_id: str
    uid: str
    game: str
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
            "match_id": turn.match_id,
            "uid": turn.uid,
            "game": turn.game,
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
        document = json.loads(data, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise IntegrityError(f"{path} is not a readable turn file: it is nested too deeply") from None
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as error:
        raise IntegrityError(f"{path} is not a readable turn file: {_first_line(error)}") from None
    try:
        return _parse(document)
    except KeyError as error:
        raise IntegrityError(f"{path} is not a phaseline turn file: it lacks {error}") from None
    except (TypeError, ValueError, AttributeError) as error:
        raise IntegrityError(f"{path} is not a phaseline turn file: {_first_line(error)}") from None


def _decompress(raw: bytes) -> bytes:
    """gzip data, refusing more than :data:`MAX_DECOMPRESSED` bytes of output (a gzip bomb)."""
    inflater = zlib.decompressobj(wbits=31)
    data = inflater.decompress(raw, MAX_DECOMPRESSED)
    if inflater.unconsumed_tail:
        raise ValueError(f"it decompresses to more than {MAX_DECOMPRESSED} bytes")
    data += inflater.flush()
    if not inflater.eof:
        raise ValueError("it is truncated (the compressed data ends early)")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"it holds {name}, which is no value of a match")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        twice = next(k for i, (k, _) in enumerate(pairs) if k in (p for p, _ in pairs[:i]))
        raise ValueError(f"an object holds the key {twice!r} twice")
    return found


def _parse(document: Any) -> TurnFile:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError("no turn-file header")
    if document["version"] not in (1, VERSION):
        raise ValueError(f"version {document['version']!r}; this phaseline reads versions 1 to {VERSION}")
    match, base = _object(document["match"], "match"), _object(document["base"], "base")
    if document["version"] == 1:
        match = _renamed_v1(match, document)
    turn = TurnFile(
        match_id=_match_id(match["match_id"]),
        uid=_hex(match["uid"], 32, "match identity"),
        game=_text(match["game"]),
        scenario=_text(match["scenario"]),
        dice=_choice(match["dice"], DICE_MODES, "dice mode"),
        base=_count(base["seq"]),
        base_hash=_hex(base["hash"], 64, "base hash"),
        head=_count(document["head"]),
        seats=_rows(document["seats"], "seats"),
        events=_rows(document["events"], "events"),
        tables={_text(name): _rows(rows, name) for name, rows in _object(document["tables"], "tables").items()},
    )
    if turn.head < turn.base:
        raise ValueError(f"its head {turn.head} comes before its base {turn.base}")
    return turn


def _renamed_v1(match: dict[str, Any], document: dict[str, Any]) -> dict[str, Any]:
    """A version-1 file's header under today's names, its match table's columns renamed alike."""
    table = _object(document["tables"], "tables").get("match")
    if isinstance(table, dict) and isinstance(table.get("columns"), list):
        table["columns"] = [
            [V1_NAMES.get(c[0], c[0]), *c[1:]] if isinstance(c, list) and c and isinstance(c[0], str) else c
            for c in table["columns"]
        ]
    return {V1_NAMES.get(key, key): value for key, value in match.items()}


def _table(rows: Rows) -> dict[str, Any]:
    return {"columns": [list(c) for c in rows.columns], "rows": rows.rows}


def _rows(value: Any, table: str) -> Rows:
    """A table of the file: plain-typed columns, and rows whose every value is of its column's type."""
    value = _object(value, f"table {table}")
    listed = value["columns"]
    if not isinstance(listed, list) or any(not isinstance(c, list) or len(c) != 2 for c in listed):
        raise ValueError(f"table {table}'s columns are not [name, type] pairs")
    columns = [(_text(name), _text(kind)) for name, kind in listed]
    for name, kind in columns:
        if not is_plain(kind):
            raise ValueError(f"column {name} of table {table} has the type {kind[:40]!r}, which no match table has")
    rows = value["rows"]
    if not isinstance(rows, list) or any(not isinstance(r, list) or len(r) != len(columns) for r in rows):
        raise ValueError(f"table {table}'s rows do not match its columns")
    for number, row in enumerate(rows, start=1):
        for (name, kind), cell in zip(columns, row, strict=True):
            if not value_fits(kind, cell):
                raise ValueError(f"row {number} of table {table}: {str(cell)[:40]!r} is no {kind} (column {name})")
    return Rows(columns, rows)


def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError(f"its {what} is not an object")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{str(value)[:40]!r} is not text")
    return value


def _match_id(value: Any) -> str:
    problem = match_id_problem(_text(value))
    if problem:
        raise ValueError(problem)
    return value


def _hex(value: Any, digits: int, what: str) -> str:
    if not isinstance(value, str) or len(value) != digits or not _HEX.match(value):
        raise ValueError(f"its {what} is not {digits} hexadecimal digits")
    return value


def _choice(value: Any, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise ValueError(f"its {what} {str(value)[:40]!r} is none of {', '.join(allowed)}")
    return value


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**31:
        raise TypeError(f"{str(value)[:40]!r} is not an event number")
    return value
