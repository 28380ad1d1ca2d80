"""Two players' stores of one toy match, the turn files between them, and a forger's tools."""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from history_support import aggressive_action
from phaseline import Match, Store
from phaseline.events import event_hash
from phaseline.exchange import export_match
from phaseline.importing import import_match
from phaseline.plugins import Registry
from phaseline.signing import event_message, sign


@dataclass
class Player:
    """One player's store (a file, with its keyring beside it)."""

    name: str
    store: Store
    registry: Registry
    match_id: str = "toy-1"

    @property
    def match(self) -> Match:
        return Match.load(self.store, self.registry, self.match_id)

    def turn(self, limit: int = 40) -> int:
        """Play this player's actions until the match waits on a seat held elsewhere."""
        match, played = self.match, 0
        while played < limit and not match.finished and match.seats.holds(match.seat_playing(match.waiting_on()[0])):
            match.play(aggressive_action(match))
            played += 1
        return played

    def send(self, other: Player, path: Path, **options: Any) -> dict[str, Any]:
        """Export a turn file to ``path`` and import it into ``other``'s store."""
        export_match(self.store, self.registry, self.match_id, path)
        return import_match(other.store, other.registry, path, player=other.name, **options)

    def rows(self, table: str) -> list[tuple]:
        return sorted(self.store.con.execute(f"SELECT * FROM {table} WHERE match_id = ?", [self.match_id]).fetchall())


def open_pair(folder: Path, registry: Registry) -> tuple[Player, Player]:
    """Alice's store with a new toy match (she plays red, blue is open) and Bob's empty store."""
    alice, bob = pair_in(folder, registry)
    Match.create(alice.store, registry, "toy", "skirmish", player="alice", open_seats=["blue"])
    return alice, bob


def pair_in(folder: Path, registry: Registry) -> tuple[Player, Player]:
    """Alice's and Bob's stores in ``folder`` (``alice.duckdb``, ``bob.duckdb``), opened."""
    return Player("alice", Store.open(folder / "alice.duckdb"), registry), Player(
        "bob", Store.open(folder / "bob.duckdb"), registry
    )


# --- the forger -------------------------------------------------------------------


def read_file(path: Path) -> dict[str, Any]:
    return json.loads(gzip.decompress(path.read_bytes()))


def write_file(path: Path, document: dict[str, Any]) -> None:
    path.write_bytes(gzip.compress(json.dumps(document).encode()))


def events_of(document: dict[str, Any]) -> list[dict[str, Any]]:
    names = [name for name, _ in document["events"]["columns"]]
    return [dict(zip(names, row, strict=True)) for row in document["events"]["rows"]]


def set_events(document: dict[str, Any], events: list[dict[str, Any]]) -> None:
    names = [name for name, _ in document["events"]["columns"]]
    document["events"]["rows"] = [[event[n] for n in names] for event in events]


def rechain(document: dict[str, Any], keys: dict[str, str]) -> None:
    """Recompute the file's hash chain from its base, and sign again each block whose seat's
    private key the forger has (``keys`` by seat): what a player can do to his own events."""
    match = document["match"]
    prev = document["base"]["hash"]
    events = events_of(document)
    for event in events:
        event["prev_hash"] = prev
        event["hash"] = event_hash({"match_id": match["match_id"], **event}, prev)
        prev = event["hash"]
        if event["sig"] is not None and event["seat"] in keys:
            event["sig"] = sign(keys[event["seat"]], event_message(match["uid"], event["seq"], event["hash"]))
    set_events(document, events)


def key_of(player: Player, seat: str) -> str:
    """The private key of a seat the player holds (a forger uses his own keys)."""
    return player.store.keyring.held(player.match.uid)[seat].key
