"""The log of a match as people read it: one line per event, what happened in the fewest
words (a combat as an order's account tells it: odds, die, result and every value), its
rule, whether an undo took it back (once, by the first undo that covered it: the event's own
mark) and when it was logged, in UTC (``phaseline log``, an order's account, the web board)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .combat import combat_line, is_combat

if TYPE_CHECKING:
    from ..store import Store


def log_rows(store: Store, match_id: str, *, kinds: list[str] | None = None, after: int = 0) -> list[dict[str, Any]]:
    """The log's lines of a match: every event after seq ``after`` (of ``kinds``, when given), in order.
    The kind ``combat`` takes every event that resolves a combat (``event.combat``), whatever
    its kind: Breakout: Normandy logs its assaults as notes."""
    rows = store.rows(
        """SELECT seq, turn, step, side, kind, verb, payload, unit_id, to_space, die, purpose, rule, logged_at,
                  undone_by, undone_forced
           FROM event
           WHERE match_id = $g AND seq > $after
             AND (len($kinds) = 0 OR list_contains($kinds, kind) OR (combat AND list_contains($kinds, 'combat')))
           ORDER BY seq""",
        {"g": match_id, "kinds": list(kinds or []), "after": after},
    )
    return [_log_row(r) for r in rows]


def _log_row(event: dict[str, Any]) -> dict[str, Any]:
    """One event as a log line: what happened, in the fewest words."""
    payload = json.loads(event["payload"] or "{}")
    if event["kind"] == "action":
        what = " ".join([event["verb"], *payload.get("args", [])])
    elif is_combat(payload):
        what = combat_line(event["purpose"], payload)
    elif event["kind"] == "roll":
        what = f"rolled {event['die']}: {event['purpose']}"
    elif event["kind"] == "undo" and payload.get("forced"):
        taken = len(payload.get("rolls", []))
        what = f"RE-ROLL: {event['purpose']}, taking back {taken} roll(s)"
    else:
        parts = [event["verb"], event["unit_id"], event["to_space"] and f"-> {event['to_space']}"]
        what = ": ".join(p for p in (" ".join(p for p in parts if p), event["purpose"]) if p)  # where, then why
    return {
        "seq": event["seq"],
        "turn": event["turn"],
        "step": event["step"],
        "side": event["side"] or "",
        "kind": event["kind"],
        "what": what,
        "rule": event["rule"] or "",
        "undone": (f"by {event['undone_by']}" + (" (re-roll)" if event["undone_forced"] else ""))
        if event["undone_by"]
        else "",
        "logged_at": f"{event['logged_at']:%Y-%m-%d %H:%M:%S}" if event["logged_at"] else "",
    }
