"""What status shows about fair play: how the dice roll, who holds each seat (docs/fair-play.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..seats import KNOWN_SEED, RULES

if TYPE_CHECKING:
    from ..match import Match


def dice_line(match: Match) -> str:
    """How the match's dice are rolled, in one line."""
    if match.dice == "known seed":
        return f"known seed {match.seed}: anyone can compute every roll (reproducible, not a fair match)"
    return "secret: each seat rolls from its own secret, committed to below (phaseline reveal publishes yours)"


def seat_lines(match: Match) -> dict[str, str]:
    """One line per seat: its player, whether you hold it, and its dice commitment; a side the game's
    rules play says so (its dice are drawn at play, docs/fair-play.md)."""
    if not match.seats.seated:
        return {"seats": "none (made before seats: anyone may play, unsigned)"}
    lines = {}
    for side in match.scenario.sides:
        row = match.seats.current(side)
        if row is None:
            lines[f"seat {side}"] = "open: the first import claims it"
            continue
        you = " (you)" if match.seats.holds(side) else ""
        if match.controller(side) == RULES:  # a side the game's rules play: its seat only signs their turns
            dice = "the known seed" if match.dice == KNOWN_SEED else "drawn as they are rolled"
            lines[f"seat {side}"] = f"the game's rules play {side}: dice {dice}, turns signed by {row['player']}{you}"
            continue
        dice = "revealed" if row["secret"] is not None else "not yet revealed"
        lines[f"seat {side}"] = f"{row['player']}{you}, dice commitment {row['commitment'][:16]}… ({dice})"
    return lines


def fair_play_lines(match: Match) -> dict[str, str]:
    """What ``status`` adds about the dice and the seats."""
    return {"dice": dice_line(match), **seat_lines(match)}
