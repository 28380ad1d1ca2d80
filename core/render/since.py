"""What the other side did since your last turn, in one short list (``phaseline since``).

The events after your last order and what it did, by seats no person here plays (the other
player's, a bot's even in this store, the rules'): their orders,
combats with odds, die and result, rolls, re-rolls (forced undos), the decisions they ask
of you, and the end of the match.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .. import shared
from .combat import combat_line, is_combat

if TYPE_CHECKING:
    from ..match import Match

_SHOWN = ("action", "combat", "roll", "decision", "undo", "result", "note")  # notes: those carrying a combat


def since(match: Match) -> tuple[int, list[dict[str, Any]]]:
    """Your last order's last event (:func:`shared.own_last_seq`), and one row per event after
    it of the seats no person here plays (the other player's, a bot's, the rules')."""
    mine = shared.own_last_seq(match)
    held = match.seats.human_sides()
    events = match.rows(
        """SELECT seq, turn, side, seat, kind, verb, payload, unit_id, to_space, die, purpose FROM event
           WHERE match_id = ? AND seq > ? AND list_contains(?, kind) AND NOT list_contains(?, coalesce(seat, ''))
           ORDER BY seq""",
        [match.match_id, mine, list(_SHOWN), held],
    )
    rows = []
    for event in events:
        what = _what(event, held)
        if what:
            player = match.seats.player(event["seat"]) if event["seat"] else ""
            rows.append({"seq": event["seq"], "turn": event["turn"], "side": event["side"] or "",
                         "by": player, "what": what})  # fmt: skip
    return mine, rows


def _what(event: dict[str, Any], held: list[str]) -> str:
    payload = json.loads(event["payload"] or "{}")
    kind = event["kind"]
    if kind == "action":
        return " ".join([event["verb"], *payload.get("args", [])])
    if kind == "combat" or is_combat(payload):
        return combat_line(event["purpose"], payload) if is_combat(payload) else f"combat: {event['purpose']}"
    if kind == "roll":
        return f"rolled {event['die']}: {event['purpose']}"
    if kind == "decision":
        return (
            f"asks you: {event['purpose']} [{', '.join(payload.get('choices', []))}]" if event["side"] in held else ""
        )
    if kind == "undo":
        rolls = len(payload.get("rolls", []))
        return (
            f"RE-ROLL: {event['purpose']}, taking back {rolls} roll(s)" if payload.get("forced") else event["purpose"]
        )
    if kind == "note":
        return ""  # only a note that carries a combat is shown
    return f"the match is over: {event['purpose']}"
