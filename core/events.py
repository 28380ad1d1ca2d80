"""The append-only event log, chained by hashes so an edited event or die roll shows.

Every event names the seat that made it; the last event of each block (an action's
events) carries that seat's signature of its hash, which the chain ties to everything
before it (docs/fair-play.md).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
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
    "seat": "VARCHAR",
    "sig": "VARCHAR",
}
_HASHED = tuple(_COLUMN_TYPES)[:-4]  # every column before the hashes; the seat joins them when set
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
    """sha256 over the event's columns (in a fixed order), its seat and the previous hash.

    An event without a seat (logged before matches had seats) hashes as it always did.
    """
    values = [row[c] for c in _HASHED]
    if row.get("seat") is not None:
        values.append(row["seat"])
    body = json.dumps([*values, prev_hash], separators=(",", ":"))
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
            "SELECT seq, hash, sig IS NOT NULL FROM event WHERE game_id = ? ORDER BY seq DESC LIMIT 1", [game_id]
        ).fetchone()
        self.last_seq, self.last_hash, signed = last if last else (0, GENESIS, True)
        self.signed_seq = self.last_seq if signed else None  # the block's end: None while unsigned events wait
        self._last_roll_no: int | None = None  # read from the store when first needed
        self._pending: list[list[Any]] = []
        self._held = False

    def append(
        self, event: Event, *, turn: int, step: str, phase: str, cause: int | None, seat: str | None = None
    ) -> int:
        """Add ``event`` as the next row, made by ``seat``, and return its seq."""
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
            "seat": seat,
        }
        digest = event_hash(row, self.last_hash)
        self._pending.append([*(row[c] for c in _HASHED), self.last_hash, digest, seat, None])
        self.signed_seq = None
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

    def flush(self, sign: Callable[[int, str], str] | None = None) -> None:
        """Write the events appended since the last flush, in one statement; with ``sign``
        (seq, hash -> signature), first sign the block's last event, which ends the block."""
        if sign is not None and self.signed_seq is None and self.last_seq:
            signature = sign(self.last_seq, self.last_hash)
            if self._pending:
                self._pending[-1][-1] = signature
            else:  # a reader flushed the block's events already
                self.store.con.execute(
                    "UPDATE event SET sig = ? WHERE game_id = ? AND seq = ?", [signature, self.game_id, self.last_seq]
                )
            self.signed_seq = self.last_seq
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


def verify_chain(rows: list[dict[str, Any]], *, after: tuple[int, str] = (0, GENESIS)) -> int | None:
    """Check the hash chain of a match's events (in seq order) that follow event ``after``
    (its seq and hash; the chain's start by default); the first bad seq, or None."""
    last, prev = after
    for expected_seq, row in enumerate(rows, start=last + 1):
        if row["seq"] != expected_seq or row["prev_hash"] != prev:
            return row["seq"]
        if event_hash(row, prev) != row["hash"]:
            return row["seq"]
        prev = row["hash"]
    return None
