"""Checking a match's log without replaying it: the hash chain, the seats' signatures, the
roll numbers and every die whose secret is known (docs/fair-play.md).

``replay`` and every import run these checks before the replay, so a forged or
edited event, a chosen roll or a false reveal is named in one line.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import signing
from .dice import commitment, is_drawn_at_play, roll
from .errors import IntegrityError
from .events import GENESIS, verify_chain

KNOWN_SEED = "known seed"


@dataclass
class DiceCheck:
    """What a check of the rolls found: the seats whose every roll was checked, the seats
    whose secret is not known here yet (their rolls count by their signature until revealed),
    and the sides the rules play whose dice were drawn at play (from the log: nothing derives them)."""

    checked: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)


def check_chain(match_id: str, events: list[dict[str, Any]], after: tuple[int, str] = (0, GENESIS)) -> None:
    """The events (in seq order, following event ``after``) chain by their hashes."""
    broken = verify_chain(events, after=after)
    if broken is not None:
        raise IntegrityError(
            f"event seq {broken} of {match_id} was edited, inserted or removed: the hash chain breaks there"
        )


def check_seat_rows(uid: str, rows: list[dict[str, Any]], seed: int | None) -> None:
    """Every seat row is signed by its seat's key; a revealed secret matches its commitment."""
    first_key: dict[str, str] = {}
    for row in sorted(rows, key=lambda r: (r["side"], r["epoch"])):
        side, epoch = row["side"], row["epoch"]
        key = first_key.setdefault(side, row["public_key"])
        if row["public_key"] != key:
            raise IntegrityError(f"seat {side} epoch {epoch} names another key than the seat's claim")
        if not signing.is_valid(key, row["claim_sig"], signing.claim_message(uid, row)):
            raise IntegrityError(f"the claim of seat {side} ({row['player']}) epoch {epoch} is not signed by its key")
        if row["secret"] is None:
            continue
        if commitment(row["secret"]) != row["commitment"]:
            raise IntegrityError(
                f"seat {side} ({row['player']}) reveals a dice secret that does not match its commitment "
                f"{row['commitment'][:16]}… (epoch {epoch})"
            )
        if seed is not None and row["secret"] != str(seed):
            raise IntegrityError(f"seat {side} of a known-seed match reveals another secret than the seed {seed}")
        if not signing.is_valid(key, row["reveal_sig"], signing.reveal_message(uid, side, epoch, row["secret"])):
            raise IntegrityError(f"the reveal of seat {side} ({row['player']}) epoch {epoch} is not signed by its key")


def check_signatures(match_id: str, uid: str, events: list[dict[str, Any]], keys: dict[str, str]) -> None:
    """Every event of a seated match names a seat; each block (the events up to a signed one)
    is one seat's, signed by that seat's key (``keys``: public key by side)."""
    block: list[dict[str, Any]] = []
    for event in events:
        seat = event["seat"]
        if seat is None:
            raise IntegrityError(f"event seq {event['seq']} of {match_id} names no seat")
        block.append(event)
        if event["sig"] is None:
            continue
        public = keys.get(seat)
        if public is None:
            raise IntegrityError(
                f"event seq {event['seq']} of {match_id} is signed for seat {seat}, which nobody holds"
            )
        message = signing.event_message(uid, event["seq"], event["hash"])
        if not signing.is_valid(public, event["sig"], message):
            span = f"{block[0]['seq']}-{event['seq']}" if len(block) > 1 else f"{event['seq']}"
            raise IntegrityError(
                f"event seq {span} of {match_id} (a block of seat {seat}): the signature of seat {seat} "
                "does not verify, so an event there was edited or forged"
            )
        other = next((e for e in block if e["seat"] != seat), None)
        if other is not None:
            raise IntegrityError(
                f"event seq {other['seq']} of {match_id} names seat {other['seat']} but is signed by seat {seat}"
            )
        block = []
    if block:
        raise IntegrityError(
            f"events {block[0]['seq']}-{block[-1]['seq']} of {match_id} are not signed by their seat "
            f"{block[-1]['seat']}"
        )


def check_roll_numbers(match_id: str, events: list[dict[str, Any]], last_roll_no: int = 0) -> None:
    """Roll numbers run 1, 2, 3 … in event order (after ``last_roll_no``): none skipped, none repeated."""
    expected = last_roll_no + 1
    for event in events:
        if event["kind"] != "roll":
            continue
        if event["roll_no"] != expected:
            what = "skips ahead" if event["roll_no"] > expected else "repeats an earlier roll"
            raise IntegrityError(
                f"event seq {event['seq']} of {match_id}: roll number {event['roll_no']} {what} "
                f"(roll {expected} was next): a roll must not be chosen"
            )
        expected += 1


def check_dice(
    match_id: str,
    events: list[dict[str, Any]],
    secret_of: Callable[[str | None, int], int | None],
    *,
    known_seed: bool = False,
) -> DiceCheck:
    """Every die whose secret is known (``secret_of(seat, seq)``, None when not) is that
    secret's roll; the seats whose secret is not known are listed, not checked. A die drawn at
    play (the rules', in a match of secret dice) derives from nothing: it is listed, and the
    replay checks that the rules made it; a known-seed match has none."""
    found = DiceCheck()
    for event in events:
        if event["kind"] != "roll":
            continue
        seat = event["seat"]
        if is_drawn_at_play(event):
            if known_seed:
                raise IntegrityError(
                    f"event seq {event['seq']} of {match_id}: a known-seed match has no dice drawn at play, "
                    f"but roll {event['roll_no']} says it was"
                )
            ruled = event["side"] or seat  # the side the rules rolled for
            if ruled not in found.drawn:
                found.drawn.append(ruled)
            continue
        secret = secret_of(seat, event["seq"])
        if secret is None:
            if seat not in found.unchecked:
                found.unchecked.append(seat)
            continue
        sides = int(json.loads(event["payload"]).get("sides", 6))
        die = roll(secret, event["roll_no"], sides)
        if event["die"] != die:
            whose = f"seat {seat}'s secret" if seat else "the match's seed"
            raise IntegrityError(
                f"event seq {event['seq']} of {match_id}: die {event['die']} is not roll {event['roll_no']} "
                f"of {whose} (that gives {die})"
            )
        if seat not in found.checked:
            found.checked.append(seat)
    found.checked = [s for s in found.checked if s not in found.unchecked]
    return found


def audit_match(
    match: Any,
    events: list[dict[str, Any]],
    *,
    after: tuple[int, str] = (0, GENESIS),
    last_roll_no: int = 0,
) -> DiceCheck:
    """Check ``events`` (every column; the whole log, or the ones after event ``after``) of
    the open match ``match``: chain, seat rows, signatures, roll numbers and known dice."""
    check_chain(match.match_id, events, after)
    if match.seats.seated:
        check_seat_rows(match.uid, match.seats.rows(), match.seed if match.dice == KNOWN_SEED else None)
        keys = {r["side"]: r["public_key"] for r in match.seats.rows() if r["epoch"] == 0}
        check_signatures(match.match_id, match.uid, events, keys)
    elif match.dice != KNOWN_SEED:
        raise IntegrityError(f"match {match.match_id} has secret dice but no seats to hold them")
    check_roll_numbers(match.match_id, events, last_roll_no)
    return check_dice(match.match_id, events, match.seats.secret, known_seed=match.dice == KNOWN_SEED)


def describe_dice(match: Any, found: DiceCheck) -> str:
    """One line on the dice a check covered, for ``replay`` and ``import``."""
    if match.dice == KNOWN_SEED:
        return "every die checked against the known seed"
    parts = []
    if found.checked:
        parts.append(f"dice of {', '.join(found.checked)} checked against their secrets")
    if found.unchecked:
        who = ", ".join(f"{s} ({match.seats.player(s)})" for s in found.unchecked)
        parts.append(f"dice of {who} not checked until revealed (their signatures hold)")
    if found.drawn:
        parts.append(
            f"dice of {', '.join(found.drawn)} (played by the rules) drawn at play, not derivable: "
            "taken from the signed log"
        )
    return "; ".join(parts) or "no dice rolled"
