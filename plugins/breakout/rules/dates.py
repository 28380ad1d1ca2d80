"""The turn record track's dates (3.7): turn 1 is 6 June 1944."""

from __future__ import annotations


def day_of_month(game, turn: int) -> int:
    """The turn's date in June 1944 (3.7: turn 1 is 6 June)."""
    date = game.one("SELECT date FROM bkn_turn WHERE game_id = ? AND turn = ?", [game.game_id, turn])
    return date.day if date is not None else turn + 5
