"""Who plays each side: the seats taken when the match was created, and rules that move players.

``match_side`` records the controller seated at each side when the match was created
(a human or ``bot:<name>``) and never changes. A game rule may later hand a side to the
player of another seat (Breakout: Normandy 23.2: the higher bidder plays the Allies):
the game keeps that in its own state tables, written through the effect ledger, so undo
reverts it and replay and export reproduce it, and answers ``phaseline_seat_of``. Each
action's event records who played it (``by``), so undo knows a human's action from a
bot's even after the players changed sides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


def seated(game: Game, seat: str) -> str:
    """The controller seated at ``seat`` (a side's name) when the match was created."""
    row = game.static("match_side", "side").get(seat)
    return row["controller"] if row else "human"


def any_human(game: Game) -> bool:
    """Whether a human sits at any seat of the match."""
    return any(row["controller"] == "human" for row in game.static("match_side", "side").values())


def controller(game: Game, side: str) -> str:
    """Who controls ``side`` now: the player of the seat a game rule gave it, else its own seat's."""
    seat = game.hook.phaseline_seat_of(game=game, side=side) or side
    return seated(game, seat)
