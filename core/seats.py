"""Who plays each side: the seats of a match, who holds them, and rules that move players.

``match_side`` records the controller seated at each side when the match was created
(a human or ``bot:<name>``) and never changes. A game rule may later hand a side to the
player of another seat (Breakout: Normandy 23.2: the higher bidder plays the Allies):
the game keeps that in its own state tables, written through the effect ledger, so undo
reverts it and replay and export reproduce it, and answers ``phaseline_seat_of``. Each
action's event records who played it (``by``), so undo knows a human's action from a
bot's even after the players changed sides.

A seat (one per side of the scenario, named after it) is held by a player: the ``seat``
table has the player's name, the seat's Ed25519 public key and the commitment to its
dice secret (docs/fair-play.md); the keyring of the store that holds the seat has the
private key and the secret. :class:`SeatBook` answers who holds what, and claims and
reveals seats. A match made before seats existed has no seat rows: anyone plays it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from . import signing
from .dice import commitment, new_secret
from .errors import InvalidOrder
from .keyring import HeldSeat

if TYPE_CHECKING:
    from .match import Match
    from .model import ScenarioInfo

KNOWN_SEED = "known seed"
RULES = "rules"  # the controller of a side the game's own rules play (ScenarioInfo.played_by_rules)
_COLUMNS = ("side", "epoch", "player", "public_key", "commitment", "from_seq", "claim_sig", "secret", "reveal_sig")


def refuse_seating_the_rules(scenario: ScenarioInfo, side: str, given: str) -> None:
    """A side the game's rules play takes no bot and no other player (``given`` says which was
    offered): refused before anything is written."""
    if side in scenario.played_by_rules:
        raise InvalidOrder(
            f"{side} cannot be given to {given}: in {scenario.title} no one plays {side}, the game's rules do"
        )


def seated(match: Match, seat: str) -> str:
    """The controller seated at ``seat`` (a side's name) when the match was created."""
    row = match.static("match_side", "side").get(seat)
    return row["controller"] if row else "human"


def any_human(match: Match) -> bool:
    """Whether a human sits at any seat of the match."""
    return any(row["controller"] == "human" for row in match.static("match_side", "side").values())


def seat_of(match: Match, side: str) -> str:
    """The seat whose player plays ``side`` now (a game rule may have moved it)."""
    return match.hook.phaseline_seat_of(match=match, side=side) or side


def controller(match: Match, side: str) -> str:
    """Who controls ``side`` now: the player of the seat a game rule gave it, else its own seat's."""
    return seated(match, seat_of(match, side))


class SeatBook:
    """The seats of one match: their rows, the ones this store holds, and their secrets."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._rows: list[dict[str, Any]] | None = None
        self._held: dict[str, HeldSeat] | None = None

    # --- reading -----------------------------------------------------------------

    def rows(self) -> list[dict[str, Any]]:
        """Every seat row of the match (each epoch), by side and epoch; read once."""
        if self._rows is None:
            self._rows = self.match.store.rows(
                f"SELECT {', '.join(_COLUMNS)} FROM seat WHERE match_id = ? ORDER BY side, epoch", [self.match.match_id]
            )
        return self._rows

    def forget(self) -> None:
        """Read the rows and the keyring again (after someone else wrote them)."""
        self._rows = self._held = None

    @property
    def seated(self) -> bool:
        """Whether the match has seats (a match made before them has none)."""
        return bool(self.rows())

    def claim_of(self, side: str) -> dict[str, Any] | None:
        """The seat's claim (epoch 0), or None while the seat is open."""
        return next((r for r in self.rows() if r["side"] == side and r["epoch"] == 0), None)

    def current(self, side: str) -> dict[str, Any] | None:
        """The seat's latest epoch."""
        found = [r for r in self.rows() if r["side"] == side]
        return found[-1] if found else None

    def epoch_at(self, side: str, seq: int) -> dict[str, Any] | None:
        """The seat's epoch whose secret rolls the dice of event ``seq``."""
        found = [r for r in self.rows() if r["side"] == side and r["from_seq"] <= seq]
        return found[-1] if found else None

    def player(self, side: str) -> str:
        claim = self.claim_of(side)
        return claim["player"] if claim else "open"

    def held(self) -> dict[str, HeldSeat]:
        """The seats this store's keyring holds whose key is the seat's (by side; a key that
        is not would sign nothing the other player accepts)."""
        if self._held is None:
            keys = self.match.store.keyring.held(self.match.uid)
            self._held = {
                side: seat
                for side, seat in keys.items()
                if (claim := self.claim_of(side)) and claim["public_key"] == seat.public
            }
        return self._held

    def holds(self, side: str | None) -> bool:
        return side is not None and side in self.held()

    def held_sides(self) -> list[str]:
        """The sides whose seats this store holds, in the scenario's order."""
        return [s for s in self.match.scenario.sides if self.holds(s)]

    def human_sides(self) -> list[str]:
        """The held sides a person plays: a bot's seat, though this store holds it, plays the
        other side of a match against the bot."""
        return [s for s in self.held_sides() if seated(self.match, s) == "human"]

    def secret(self, side: str | None, seq: int) -> int | None:
        """The dice secret that rolls event ``seq`` of ``side``'s seat: the known seed, the
        revealed secret, or this store's own; None when this store cannot know it."""
        if self.match.dice == KNOWN_SEED:
            return self.match.seed
        row = self.epoch_at(side, seq) if side else None
        if row is None:
            return None
        if row["secret"] is not None:
            return int(row["secret"])
        held = self.held().get(side)
        return int(held.secrets[row["epoch"]]) if held and row["epoch"] < len(held.secrets) else None

    def rolls_at_play(self, seat: str | None, side: str | None = None) -> bool:
        """Whether a roll made by ``seat`` (for ``side``, when it names one) is drawn at play:
        in a match of secret dice, a roll of a seat the game's rules play, or one for a side
        they play (docs/fair-play.md, "Sides the rules play")."""
        if self.match.dice == KNOWN_SEED or not self.seated:
            return False
        return (seat is not None and seated(self.match, seat) == RULES) or (
            side is not None and controller(self.match, side) == RULES
        )

    def signer(self, side: str | None) -> Callable[[int, str], str] | None:
        """A block signer for ``side``'s seat if this store holds it: (seq, hash) -> signature."""
        held = self.held().get(side) if side else None
        if held is None:
            return None
        uid = self.match.uid
        return lambda seq, digest: signing.sign(held.key, signing.event_message(uid, seq, digest))

    # --- claiming and revealing ---------------------------------------------------

    def claim(self, sides: Iterable[str], player: str, *, from_seq: int) -> list[dict[str, Any]]:
        """Take the open seats ``sides`` for ``player``: keys and secrets go to the keyring
        first, then the signed seat rows to the store (the caller's transaction)."""
        match = self.match
        held: dict[str, HeldSeat] = {}
        rows: list[dict[str, Any]] = []
        for side in sides:
            private, public = signing.new_key()
            known = match.dice == KNOWN_SEED
            secret = str(match.seed) if known else new_secret()
            controller = seated(match, side)
            who = controller if controller.startswith("bot:") else player
            held[side] = HeldSeat(who, private, public, [secret])
            row = {"side": side, "epoch": 0, "player": who, "public_key": public,
                   "commitment": commitment(secret), "from_seq": from_seq}  # fmt: skip
            row["claim_sig"] = signing.sign(private, signing.claim_message(match.uid, row))
            row["secret"] = secret if known else None  # a known seed is public from the start
            row["reveal_sig"] = (
                signing.sign(private, signing.reveal_message(match.uid, side, 0, secret)) if known else None
            )
            rows.append(row)
        match.store.keyring.save(match.uid, match.match_id, held)
        self._insert(rows)
        return rows

    def reveal(self, sides: Iterable[str] | None = None, *, final: bool) -> list[dict[str, Any]]:
        """Publish the current dice secrets of the held seats ``sides`` (default: all held);
        before the end each seat commits to a fresh secret for its later rolls."""
        match = self.match
        chosen = [s for s in (sides or self.held_sides()) if self.holds(s)]
        done, fresh, renewed = [], {}, []
        for side in chosen:
            row, held = self.current(side), self.held()[side]
            if row is None or row["secret"] is not None:
                continue
            secret = held.secrets[row["epoch"]]
            signature = signing.sign(held.key, signing.reveal_message(match.uid, side, row["epoch"], secret))
            done.append({**row, "secret": secret, "reveal_sig": signature})
            if not final:
                later = new_secret()
                fresh[side] = HeldSeat(held.player, held.key, held.public, [*held.secrets, later])
                nxt = {**row, "epoch": row["epoch"] + 1, "commitment": commitment(later),
                       "from_seq": match.events.last_seq + 1}  # fmt: skip
                nxt["claim_sig"] = signing.sign(held.key, signing.claim_message(match.uid, nxt))
                renewed.append({**nxt, "secret": None, "reveal_sig": None})
        if fresh:
            match.store.keyring.save(match.uid, match.match_id, fresh)
        with match.store.transaction() as con:
            for row in done:
                con.execute(
                    "UPDATE seat SET secret = ?, reveal_sig = ? WHERE match_id = ? AND side = ? AND epoch = ?",
                    [row["secret"], row["reveal_sig"], match.match_id, row["side"], row["epoch"]],
                )
            self._insert(renewed)
        self.forget()
        return done

    def _insert(self, rows: list[dict[str, Any]]) -> None:
        if rows:
            self.match.store.insert_rows(
                "seat", ["match_id", *_COLUMNS], [(self.match.match_id, *(r[c] for c in _COLUMNS)) for r in rows]
            )
        self.forget()
