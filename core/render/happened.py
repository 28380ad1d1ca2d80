"""What happened after an order, read from the log: each event with its payload, and the
units and spaces whose state changed (the ``effect`` rows), for the order's account."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..match import Match

# A unit's condition names that mean it left play: an elimination, whatever box it went to.
GONE = ("eliminated", "removed", "destroyed")


@dataclass
class Logged:
    """One event of the account, its payload decoded."""

    seq: int
    kind: str
    step: str
    side: str
    verb: str
    unit_id: str
    to_space: str
    die: int | None
    purpose: str
    rule: str
    payload: dict[str, Any]
    seat: str


@dataclass
class Group:
    """An order and what followed it, up to the next order (``action`` None: events before any order)."""

    action: Logged | None
    events: list[Logged] = field(default_factory=list)


def logged_after(match: Match, after: int) -> list[Group]:
    """The events after seq ``after``, each order with what followed it."""
    rows = match.rows(
        """SELECT seq, kind, step, coalesce(side, '') AS side, coalesce(verb, '') AS verb,
                  coalesce(unit_id, '') AS unit_id, coalesce(to_space, '') AS to_space, die,
                  coalesce(purpose, '') AS purpose, coalesce(rule, '') AS rule, payload, coalesce(seat, '') AS seat
           FROM event WHERE match_id = ? AND seq > ? ORDER BY seq""",
        [match.match_id, after],
    )
    groups = [Group(None)]
    for row in rows:
        event = Logged(**{**row, "payload": json.loads(row["payload"] or "{}")})
        if event.kind == "action":
            groups.append(Group(event))
        else:
            groups[-1].events.append(event)
    return [g for g in groups if g.action or g.events]


@dataclass(frozen=True)
class Change:
    """A change of a unit's place or condition, or of who controls a space, at event ``seq``."""

    seq: int
    what: str  # 'space', 'status' or 'control'
    key: str  # the unit, or the space controlled
    old: str
    new: str


def changes_after(match: Match, after: int) -> list[Change]:
    """Units that moved or changed condition, spaces that changed hands, after seq ``after``."""
    rows = match.rows(
        """SELECT seq, CASE WHEN tbl = 'space_control' THEN 'control' WHEN col = 'space_id' THEN 'space'
                            ELSE 'status' END AS what,
                  coalesce(key ->> 'unit_id', key ->> 'space_id') AS key,
                  coalesce(old ->> '$', '') AS old, coalesce(new ->> '$', '') AS new
           FROM effect WHERE match_id = ? AND seq > ?
             AND ((tbl = 'unit_state' AND col IN ('space_id', 'status'))
                  OR (tbl = 'space_control' AND col = 'controller'))
           ORDER BY seq, n""",
        [match.match_id, after],
    )
    return [Change(**row) for row in rows]


def open_decisions(match: Match) -> dict[int, dict[str, Any]]:
    """The decisions still waiting for an answer, by id."""
    rows = match.rows(
        "SELECT decision_id, side, prompt, choices, rule FROM decision WHERE match_id = ? AND status = 'open'",
        [match.match_id],
    )
    return {row["decision_id"]: row for row in rows}


def change_texts(changes: list[Change], skip: set[str]) -> list[str]:
    """The changes as short phrases, units in ``skip`` left out (an event already told them):
    ``eliminated: A, B``, ``Spent: C, D``, ``E 2023→2123``, ``52 now US``."""
    first: dict[tuple[str, str], Change] = {}
    last: dict[tuple[str, str], Change] = {}
    for change in changes:
        if change.key in skip and change.what != "control":
            continue
        first.setdefault((change.what, change.key), change)
        last[(change.what, change.key)] = change
    gone = {key for (what, key), c in last.items() if what == "status" and c.new in GONE}
    by_status: dict[str, list[str]] = {}
    texts = []
    for (what, key), change in last.items():
        old = first[(what, key)].old
        if old == change.new:
            continue
        if what == "status":
            by_status.setdefault(change.new, []).append(key)
        elif what == "space" and key not in gone:
            texts.append(f"{key} {old}→{change.new}")
        elif what == "control":
            texts.append(f"{key} now {change.new}")
    return [f"{status}: {', '.join(units)}" for status, units in by_status.items()] + texts
