"""The append-only event log, chained by hashes so an edited event or die roll shows."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .batch import append_rows

if TYPE_CHECKING:  # only for hints: importing the store module loads DuckDB
    from .store import Store

GENESIS = "0" * 64
_COLUMN_TYPES = {  # the columns of ``event`` in their declared order (schema/tables/history.sql)
    "game_id": "VARCHAR",
    "seq": "INTEGER",
    "turn": "INTEGER",
    "step": "VARCHAR",
    "phase": "VARCHAR",
    "side": "VARCHAR",
    "kind": "VARCHAR",
    "verb": "VARCHAR",
    "unit_id": "VARCHAR",
    "from_space": "VARCHAR",
    "to_space": "VARCHAR",
    "die": "INTEGER",
    "roll_no": "INTEGER",
    "purpose": "VARCHAR",
    "rule": "VARCHAR",
    "payload": "VARCHAR",
    "cause": "INTEGER",
    "prev_hash": "VARCHAR",
    "hash": "VARCHAR",
}
_HASHED = tuple(_COLUMN_TYPES)[:-2]  # every column but the two hashes
_KIND = tuple(_COLUMN_TYPES).index("kind")
_EVENT_COLUMNS = ", ".join(f"unnest(${i}::{kind}[])" for i, kind in enumerate(_COLUMN_TYPES.values(), 1))


@dataclass
class Event:
    """One row of ``event``: what happened, with typed columns for the usual questions."""

    kind: str
    side: str | None = None
    verb: str | None = None
    unit_id: str | None = None
    from_space: str | None = None
    to_space: str | None = None
    die: int | None = None
    roll_no: int | None = None
    purpose: str | None = None
    rule: str | None = None
    payload: dict[str, Any] = field(default_factory=dict)


def event_hash(row: dict[str, Any], prev_hash: str) -> str:
    """sha256 over the event's columns (in a fixed order) and the previous hash."""
    body = json.dumps([row[c] for c in _HASHED] + [prev_hash], separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()


class EventLog:
    """Appends events of one match, keeping the sequence, the hash chain and the roll counter.

    An event is written as it is appended, except while :meth:`held`: the engine holds the
    events of an action in memory and writes them in one statement at its end (:meth:`flush`);
    whoever reads ``event`` inside an action flushes first, as for effects.
    """

    def __init__(self, store: Store, game_id: str) -> None:
        self.store = store
        self.game_id = game_id
        last = store.con.execute(
            "SELECT seq, hash FROM event WHERE game_id = ? ORDER BY seq DESC LIMIT 1", [game_id]
        ).fetchone()
        self.last_seq, self.last_hash = last if last else (0, GENESIS)
        self._last_roll_no: int | None = None  # read from the store when first needed
        self._pending: list[list[Any]] = []
        self._held = False

    def append(self, event: Event, *, turn: int, step: str, phase: str, cause: int | None) -> int:
        """Add ``event`` as the next row and return its seq."""
        row = {
            "game_id": self.game_id,
            "seq": self.last_seq + 1,
            "turn": turn,
            "step": step,
            "phase": phase,
            "side": event.side,
            "kind": event.kind,
            "verb": event.verb,
            "unit_id": event.unit_id,
            "from_space": event.from_space,
            "to_space": event.to_space,
            "die": event.die,
            "roll_no": event.roll_no,
            "purpose": event.purpose,
            "rule": event.rule,
            "payload": json.dumps(event.payload, separators=(",", ":"), sort_keys=True),
            "cause": cause,
        }
        digest = event_hash(row, self.last_hash)
        self._pending.append([*row.values(), self.last_hash, digest])
        if event.roll_no is not None:
            self._last_roll_no = max(self._roll_counter(), event.roll_no)
        self.last_seq, self.last_hash = row["seq"], digest
        if not self._held:
            self.flush()
        return row["seq"]

    @contextmanager
    def held(self) -> Iterator[None]:
        """Keep the events appended inside this block in memory until :meth:`flush`."""
        self._held = True
        try:
            yield
        finally:
            self._held = False

    def holds(self, kind: str) -> bool:
        """Whether an event of ``kind`` waits in memory (see :meth:`held`): a reader of those
        events flushes first only then."""
        return any(row[_KIND] == kind for row in self._pending)

    def flush(self) -> None:
        """Write the events appended since the last flush, in one statement."""
        if self._pending:
            rows, self._pending = self._pending, []
            append_rows(self.store, "event", _EVENT_COLUMNS, rows)

    def next_roll_no(self) -> int:
        """The roll counter: one past the highest roll ever made, undone or not."""
        return 1 + self._roll_counter()

    def _roll_counter(self) -> int:
        if self._last_roll_no is None:
            self._last_roll_no = int(
                self.store.one("SELECT coalesce(max(roll_no), 0) FROM event WHERE game_id = ?", [self.game_id])
            )
        return self._last_roll_no


def verify_chain(rows: list[dict[str, Any]]) -> int | None:
    """Check the hash chain of a match's events (in seq order); the first bad seq, or None."""
    prev = GENESIS
    for expected_seq, row in enumerate(rows, start=1):
        if row["seq"] != expected_seq or row["prev_hash"] != prev:
            return row["seq"]
        if event_hash(row, prev) != row["hash"]:
            return row["seq"]
        prev = row["hash"]
    return None
