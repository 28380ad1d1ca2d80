"""The append-only event log, chained by hashes so an edited event or die roll shows."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for hints: importing the store module loads DuckDB
    from .store import Store

GENESIS = "0" * 64
_HASHED = (
    "game_id",
    "seq",
    "turn",
    "step",
    "phase",
    "side",
    "kind",
    "verb",
    "unit_id",
    "from_space",
    "to_space",
    "die",
    "roll_no",
    "purpose",
    "rule",
    "payload",
    "cause",
)


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
    """Appends events of one match, keeping the sequence and hash chain."""

    def __init__(self, store: Store, game_id: str) -> None:
        self.store = store
        self.game_id = game_id
        last = store.con.execute(
            "SELECT seq, hash FROM event WHERE game_id = ? ORDER BY seq DESC LIMIT 1", [game_id]
        ).fetchone()
        self.last_seq, self.last_hash = last if last else (0, GENESIS)

    def append(self, event: Event, *, turn: int, step: str, phase: str, cause: int | None) -> int:
        """Write ``event`` as the next row and return its seq."""
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
        self.store.con.execute(
            "INSERT INTO event VALUES (" + ", ".join("?" * (len(row) + 2)) + ")",
            [*row.values(), self.last_hash, digest],
        )
        self.last_seq, self.last_hash = row["seq"], digest
        return row["seq"]

    def next_roll_no(self) -> int:
        """The roll counter: one past the highest roll ever made, undone or not."""
        return 1 + int(
            self.store.one("SELECT coalesce(max(roll_no), 0) FROM event WHERE game_id = ?", [self.game_id])
        )


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
