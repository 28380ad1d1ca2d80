"""What the stores of one match have in common: the events sent away, the events received.

Export records (in ``meta``, under ``sent:<match uid>``) the last event of every file it
writes: those events are sent, and undo never takes them back. The events made by seats
this store does not hold came in by import, with everything before them: the last of
them is the last event both stores have, where the next turn file starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .match import Match
    from .store import Store


def sent_seq(match: Match) -> int:
    """The last event this store has sent away in a file (0: none)."""
    value = match.store.one("SELECT value FROM meta WHERE key = ?", [f"sent:{match.uid}"])
    return int(value) if value else 0


def record_sent(store: Store, uid: str, seq: int) -> None:
    """Remember that the events up to ``seq`` of match ``uid`` went out in a file."""
    key = f"sent:{uid}"
    current = store.one("SELECT value FROM meta WHERE key = ?", [key])
    if current is None or int(current) < seq:
        store.con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", [key, str(seq)])


def received_seq(match: Match) -> int:
    """The last event made by a seat this store does not hold (0: none): the last event
    both stores have, when two players hold the seats."""
    held = match.seats.held_sides()
    if not match.seats.seated:
        return 0
    value = match.one(
        "SELECT max(seq) FROM event WHERE match_id = ? AND seat IS NOT NULL AND NOT list_contains(?, seat)",
        [match.match_id, held],
    )
    return int(value or 0)


def own_last_seq(match: Match) -> int:
    """The last event of the last order or answer a person gave at a seat this store holds (any
    seat, in a match made before seats), and of what it did before another side acted (0: none).
    An event the engine logs under your side after a bot's turn (a phase begun) is not yours."""
    sides = match.seats.human_sides() if match.seats.seated else None
    found = match.one(
        """WITH last AS (SELECT max(seq) AS seq FROM event
                         WHERE match_id = ? AND kind = 'action' AND payload ->> 'by' = 'human'
                           AND (? IS NULL OR list_contains(?, seat)))
           SELECT max(seq) FROM event WHERE match_id = ? AND (seq = (SELECT seq FROM last)
                                                             OR cause = (SELECT seq FROM last))""",
        [match.match_id, sides, sides, match.match_id],
    )
    return int(found or 0)
