"""Undo: revert the last player action through its effects, logged as an undo event.

A player undoes only his own seats' events that he has not sent, and never a finished
match (docs/fair-play.md); undo across a roll needs ``force`` and shows as a re-roll. The
rules' dice drawn at play (dice.py) are final: no undo takes them back, forced or not, nor
the actions before them, whose undoing would run the rules' turn again on new dice. A game
may refuse an undo by its own rules (``phaseline_undo_refusal``: Breakout 8.13, not once the
next impulse has begun), forced or not.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from . import seats, shared
from .dice import is_drawn_at_play
from .errors import RuleViolation
from .events import Event, EventLog

if TYPE_CHECKING:
    from .match import Match

ACROSS_A_ROLL = "undo across a roll"  # the topic a game's rule_ref may give its own rule for (BkN 8.13)
RULES_DICE_FINAL = "phaseline: the rules' dice are final"  # the engine's rule: no undo of a roll drawn at play


def live_events(match: Match) -> list[dict[str, Any]]:
    """Events not taken back by an undo (``undone_by``, which each undo fills), oldest first."""
    return match.rows("SELECT * FROM event WHERE match_id = ? AND undone_by IS NULL ORDER BY seq", [match.match_id])


def undo_target(match: Match) -> tuple[int, int, list[dict[str, Any]]] | None:
    """The range of events the next undo reverts, and the rolls inside it.

    It reverts back to the last action a human played (with everything bots did after
    it); with no human seated, the last action. Who played an action is the ``by`` its
    event records (a rule may have moved the players since: Breakout 23.2); events logged
    before it was recorded are judged by who controls their side now.
    """
    events = [e for e in live_events(match) if e["kind"] != "undo"]
    actions = [e for e in events if e["kind"] == "action"]
    if not actions:
        return None
    if seats.any_human(match):
        actions = [a for a in actions if played_by(match, a) == "human"]
    if not actions:
        return None
    first = actions[-1]["seq"]
    last = match.events.last_seq
    rolls = [e for e in events if e["kind"] == "roll" and e["seq"] >= first]
    return first, last, rolls


def _check_own_unsent(match: Match, first: int, last: int, as_side: str | None) -> None:
    """Undo takes back only events of seats this store holds that it has not sent."""
    held = set(match.seats.held_sides())
    made = match.rows(
        "SELECT seq, seat FROM event WHERE match_id = ? AND seq BETWEEN ? AND ? ORDER BY seq",
        [match.match_id, first, last],
    )
    other = next((e for e in made if e["seat"] not in held), None)
    if other is not None:
        raise match.violation(
            f"event seq {other['seq']} was made by seat {other['seat']} ({match.seats.player(other['seat'])}): "
            "you can undo only your own seats' events",
            rule="undo",
        )
    if as_side is not None and made and made[0]["seat"] != as_side:
        raise match.violation(
            f"the last action (event seq {first}) is seat {made[0]['seat']}'s, not {as_side}'s", rule="undo"
        )
    sent = shared.sent_seq(match)
    if first <= sent:
        raise match.violation(
            f"events up to seq {sent} were sent in a file: undo takes back only your events not yet sent "
            f"(the last action is event seq {first})",
            rule="undo",
        )


def _check_not_the_rules_dice(rolls: list[dict[str, Any]]) -> None:
    """No undo takes back a roll drawn at play (the rules' dice of a secret match), not even forced."""
    drawn = [r for r in rolls if is_drawn_at_play(r)]
    if drawn:
        shown = ", ".join(f"roll {r['roll_no']} (die {r['die']}, {r['purpose']}, event seq {r['seq']})" for r in drawn)
        raise RuleViolation(
            f"undoing would take back the dice the rules rolled for {drawn[0]['side'] or drawn[0]['seat']}: "
            f"{shown}; not even --force takes them back",
            rule=RULES_DICE_FINAL,
        )


def game_refusal(match: Match, first: int, last: int) -> RuleViolation | None:
    """The game's refusal of undoing events ``first`` to ``last`` (``phaseline_undo_refusal``),
    or None. Never asked in a replay: an undo in a log was legal when it was made."""
    if match.replaying:
        return None
    return match.hook.phaseline_undo_refusal(match=match, first_seq=first, last_seq=last)


def played_by(match: Match, action: dict[str, Any]) -> str:
    """Who played a logged action: a human or ``bot:<name>``."""
    return json.loads(action["payload"] or "{}").get("by") or match.controller(action["side"])


def undo(match: Match, *, force: bool = False, as_side: str | None = None) -> dict[str, Any]:
    """Revert the last player action (refused across a die roll unless ``force``).

    Refused when the match is over, and (outside a replay) when it would take back an
    event of a seat this store does not hold or an event already sent, or when the game's
    rules refuse it (:func:`game_refusal`); ``as_side``, when given, must be the seat of the
    action undone.
    """
    if match.finished:
        raise match.violation(f"match {match.match_id} is over: undo never reopens a finished match", rule="undo")
    target = undo_target(match)
    if target is None:
        raise match.violation("there is no action to undo", rule="undo")
    first, last, rolls = target
    _check_not_the_rules_dice(rolls)  # in a replay too: an imported undo of them is refused
    if match.seats.seated and not match.replaying:
        _check_own_unsent(match, first, last, as_side)
    refusal = game_refusal(match, first, last)
    if refusal is not None:  # before the roll check: --force does not waive the game's rule
        raise refusal
    if rolls and not force:
        dice = ", ".join(f"{r['die']} ({r['purpose']})" for r in rolls)
        message = f"undoing would take back die roll(s) {dice}; use --force to undo anyway (the log keeps them)"
        rule = match.rule(ACROSS_A_ROLL)
        if rule == ACROSS_A_ROLL:  # the game has no rule of its own for it: the engine's, not tagged as the game's
            raise RuleViolation(message, rule=f"phaseline: {ACROSS_A_ROLL}")
        raise match.violation(message, rule=rule)  # the game's rule for it (BkN 8.13)
    actions = match.rows(
        "SELECT seat FROM event WHERE match_id = ? AND seq = ?", [match.match_id, first]
    )  # the undone action's seat makes the undo
    try:
        with match.store.transaction():
            match._acting_seat = actions[0]["seat"] if actions else None
            seq = match.log(
                Event(
                    kind="undo",
                    purpose=f"undo events {first}-{last}",
                    payload={
                        "first": first,
                        "last": last,
                        "forced": bool(rolls),
                        "rolls": [r["seq"] for r in rolls],
                    },
                )
            )
            match.events.mark_undone(first, last, seq, forced=bool(rolls))
            match.ledger.mark_undone(first, last, seq)
            reverted = match.ledger.revert(first, last)
            match.end_block()
    except BaseException:
        match.events = EventLog(match.store, match.match_id)
        match.ledger.version += 1
        raise
    finally:
        match._acting_seat = None
    return {"first": first, "last": last, "effects": reverted, "rolls": len(rolls), "seq": seq}
