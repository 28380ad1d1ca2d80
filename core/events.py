"""The append-only event log, chained by hashes so an edited event or die roll shows.

Every event names the seat that made it; the last event of each block (an action's
events) carries that seat's signature of its hash, which the chain ties to everything
before it (docs/fair-play.md).

The columns after ``sig`` stand outside the hash and the signatures (docs/history.md), so
the same seed and orders make the same hashes at any time: ``logged_at``, the wall-clock time
an event was logged (sent with it; a replay takes it from the log it replays), and the
columns each store's engine derives from the log, never sent (a replay derives them alike):
``cause_verb``, the verb of the action an event's cause names, ``undone_by`` and
``undone_forced``, the undo that took the event back, filled by that undo in its own
transaction, and ``combat``, whether the event resolves a combat. So a question about what
still counts, what an order led to or which events are combats needs no join and no JSON.
Each effect carries its event's :data:`EFFECT_STAMP` columns for the same reason.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from .batch import append_rows
from .errors import PluginError

if TYPE_CHECKING:  # only for hints: importing the store module loads DuckDB
    from .store import Store

GENESIS = "0" * 64
_COLUMN_TYPES = {  # the columns of ``event`` in their declared order (schema/tables/history.sql)
    "match_id": "VARCHAR",
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
    "logged_at": "TIMESTAMP",
    "cause_verb": "VARCHAR",
    "undone_by": "INTEGER",
    "undone_forced": "BOOLEAN",
    "combat": "BOOLEAN",
}
_COLUMNS = tuple(_COLUMN_TYPES)
_HASHED = _COLUMNS[: _COLUMNS.index("prev_hash")]  # every column before the hashes; the seat joins them when set
_UNHASHED = _COLUMNS[_COLUMNS.index("hash") + 1 :]  # seat, sig and what stands outside the hash
_KIND, _SIG = _COLUMNS.index("kind"), _COLUMNS.index("sig")
_TURN, _STEP = _COLUMNS.index("turn"), _COLUMNS.index("step")
DERIVED_COLUMNS = ("cause_verb", "undone_by", "undone_forced", "combat")  # each store's engine makes them: never sent
EFFECT_STAMP = ("turn", "phase", "side", "kind", "cause", "logged_at")  # the event's columns its effects carry
LATER_COLUMNS = ("logged_at",)  # sent since schema 5: the events an older phaseline sent lack it
_EVENT_COLUMNS = ", ".join(f"unnest(${i}::{kind}[])" for i, kind in enumerate(_COLUMN_TYPES.values(), 1))


@dataclass
class Event:
    """One row of ``event``: what happened, with typed columns for the usual questions.

    ``kind`` says what it is (``move``, ``combat``, ``retreat``, ``note`` …, the game's own
    words; the engine's are ``phase``, ``roll``, ``decision``, ``result`` and the like);
    ``side`` the side it is for; ``verb`` the order that caused it; ``unit_id``,
    ``from_space`` and ``to_space`` the unit and spaces it concerns; ``die`` and ``roll_no``
    a roll's (:meth:`Match.roll` logs those); ``purpose`` one sentence a player reads;
    ``rule`` the rule number applied (printed as ``(KotH 3.1)``); ``payload`` anything else,
    as JSON.

    The order's echo (what ``phaseline move …`` prints) is read from these events. A move
    whose ``payload`` has ``path`` (its spaces, first to last) and ``cost`` is told as
    ``N1 22→12→02: 2 MP, 0 left`` with ``mp_left`` (the points left), ``points`` (the name of
    the points, default ``MP``), ``stopped_by`` (the enemy unit whose ZOC ended it) and
    ``stopped_rule``. A combat is told by its event's ``purpose``, the game's headline
    (``S1 pushes N1 on a 4: pushed``), followed by what made up each side when the
    payload has ``attack_terms`` and ``defense_terms`` (docs/hooks.md,
    ``phaseline_combat_preview``, gives the payload; malformed terms are refused here).

    Events are the match's record: ``phaseline replay`` plays the orders again and compares
    every event, ``purpose`` texts included, so changing what a rule writes in them makes
    matches played before the change fail to verify.
    """

    def __post_init__(self) -> None:
        if "attack_terms" in self.payload or "defense_terms" in self.payload:
            check_combat_terms(self.payload)

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


def is_combat(event: Event) -> bool:
    """Whether ``event`` resolves a combat: a ``combat`` event, or one whose payload carries a
    combat's ``attack_terms`` (Breakout: Normandy logs its assaults as notes; docs/history.md)."""
    return event.kind == "combat" or "attack_terms" in event.payload


def check_combat_terms(payload: dict[str, Any]) -> None:
    """Refuse a combat payload whose ``attack_terms`` or ``defense_terms`` are not lists of
    ``[what, value, rule]``: ``what`` and ``rule`` text, ``value`` a whole number added or a
    multiplier written as text (``"×2"``)."""
    for name in ("attack_terms", "defense_terms"):
        terms = payload.get(name)
        if not isinstance(terms, list | tuple):
            raise PluginError(f"a combat payload needs {name} as a list of [what, value, rule], not {terms!r}")
        for term in terms:
            if not (
                isinstance(term, list | tuple)
                and len(term) == 3
                and isinstance(term[0], str)
                and isinstance(term[2], str)
                and (isinstance(term[1], str) or (isinstance(term[1], int) and not isinstance(term[1], bool)))
            ):
                raise PluginError(
                    f"{name} term {term!r} is not [what, value, rule]: e.g. ['rough in 2023', '×2', '6.8'] "
                    "or ['US-82-505', 3, '9.2'] (docs/hooks.md, phaseline_combat_preview)"
                )


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

    def __init__(self, store: Store, match_id: str) -> None:
        self.store = store
        self.match_id = match_id
        last = store.con.execute(
            "SELECT seq, hash, sig IS NOT NULL FROM event WHERE match_id = ? ORDER BY seq DESC LIMIT 1", [match_id]
        ).fetchone()
        self.last_seq, self.last_hash, signed = last if last else (0, GENESIS, True)
        self.signed_seq = self.last_seq if signed else None  # the block's end: None while unsigned events wait
        self._last_roll_no: int | None = None  # read from the store when first needed
        self._pending: list[list[Any]] = []
        self._held = False
        self.replayed_times: dict[int, datetime | None] | None = None  # a replay's: each seq's logged time
        self._action: tuple[int, str | None] = (0, None)  # the last action appended: seq, verb
        self.stamp: tuple[Any, ...] = ()  # the last event appended: its EFFECT_STAMP columns

    def now(self, seq: int) -> datetime | None:
        """The time to log event ``seq`` at: now (UTC), or in a replay the time the log gives."""
        if self.replayed_times is not None:
            return self.replayed_times.get(seq)
        return datetime.now(UTC).replace(tzinfo=None)

    def append(
        self, event: Event, *, turn: int, step: str, phase: str, cause: int | None, seat: str | None = None
    ) -> int:
        """Add ``event`` as the next row, made by ``seat``, and return its seq."""
        row = {
            "match_id": self.match_id,
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
        if event.kind == "action":
            self._action = (row["seq"], event.verb)
        unhashed = {
            "seat": seat,
            "logged_at": self.now(row["seq"]),
            "cause_verb": self._verb_of(cause),
            "combat": is_combat(event),
        }
        self.stamp = tuple({**row, **unhashed}[c] for c in EFFECT_STAMP)
        self._pending.append(
            [*(row[c] for c in _HASHED), self.last_hash, digest, *(unhashed.get(c) for c in _UNHASHED)]
        )
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

    def held_rows(self, turn: int | None = None, step: str | None = None) -> list[dict[str, Any]]:
        """The events waiting in memory (see :meth:`held`), oldest first, or those of ``turn``'s
        ``step``: each as a row of its columns up to ``cause``, as :meth:`append` made them
        (``payload`` as JSON text)."""
        return [
            dict(zip(_HASHED, row, strict=False))
            for row in self._pending
            if turn is None or (row[_TURN] == turn and row[_STEP] == step)
        ]

    def sign(self, sign: Callable[[int, str], str]) -> None:
        """End the block of events appended since the last block: sign its last event with
        ``sign`` (seq, hash -> signature), in memory or, when a reader wrote it, in the store."""
        if self.signed_seq is None and self.last_seq:
            signature = sign(self.last_seq, self.last_hash)
            if self._pending:
                self._pending[-1][_SIG] = signature
            else:  # a reader flushed the block's events already
                self.store.con.execute(
                    "UPDATE event SET sig = ? WHERE match_id = ? AND seq = ?", [signature, self.match_id, self.last_seq]
                )
            self.signed_seq = self.last_seq

    def flush(self) -> None:
        """Write the events appended since the last flush, in one statement."""
        if self._pending:
            rows, self._pending = self._pending, []
            append_rows(self.store, "event", _EVENT_COLUMNS, rows)

    def _verb_of(self, cause: int | None) -> str | None:
        """The verb of the action event ``cause`` (the action in play, as a rule)."""
        if cause is None:
            return None
        if cause == self._action[0]:
            return self._action[1]
        self.flush()
        return self.store.one("SELECT verb FROM event WHERE match_id = ? AND seq = ?", [self.match_id, cause])

    def mark_undone(self, first: int, last: int, undo_seq: int, *, forced: bool) -> None:
        """Record that the undo ``undo_seq`` (``forced`` across a roll or not) took back the
        events ``first`` to ``last`` that still counted: an event an earlier undo took back keeps
        that undo (an undo of an undo takes back nothing new). Outside the hashes, in the undo's
        transaction."""
        self.flush()
        self.store.con.execute(
            """UPDATE event SET undone_by = ?, undone_forced = ?
               WHERE match_id = ? AND seq BETWEEN ? AND ? AND undone_by IS NULL""",
            [undo_seq, forced, self.match_id, first, last],
        )

    def next_roll_no(self) -> int:
        """The roll counter: one past the highest roll ever made, undone or not."""
        return 1 + self._roll_counter()

    def _roll_counter(self) -> int:
        if self._last_roll_no is None:
            self._last_roll_no = int(
                self.store.one("SELECT coalesce(max(roll_no), 0) FROM event WHERE match_id = ?", [self.match_id])
            )
        return self._last_roll_no


def logged_time(value: Any) -> datetime | None:
    """An event's ``logged_at`` as the store gives it (a datetime) or a turn file does (ISO
    text, checked by the import); None when the event has none."""
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(value)


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
