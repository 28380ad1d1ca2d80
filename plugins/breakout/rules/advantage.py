"""The Advantage (11): the Allies start with it; eliminations cost it or shift the Sunset DRM.

Losses in one player impulse (11.22; phases never count):
  Allied units eliminated: 1 -> a holding Allies lose it, else the Germans shift 1;
                           n >= 2 -> a holding Allies lose it and the Germans shift n - 1, else n.
  German units eliminated: <= 2 nothing; 3 -> a holding Germans lose it, else the Allies shift 1;
                           n > 3 -> a holding Germans lose it and the Allies shift n - 3, else n - 2.
At most 3 spaces per player impulse. The entitled player may shift either way (11.23):
the bot's and engine's policy is the Germans shift down (shorter days) and the Allies up.
The shifts are applied when the impulse ends, after its Sunset DR (11.23: a shift never
affects the Sunset DR of the attack that caused it). Rerolls (11.3, 11.6) and the Double
Impulse (11.4) are not implemented yet.
"""

from __future__ import annotations

from phaseline import Event

from ..scenarios import ALLIED, GERMAN
from .board import board

CAP = 3


def losses_effect(loser: str, eliminated: int, loser_holds: bool) -> tuple[bool, int]:
    """11.22: (does the loser lose the Advantage, spaces the other player shifts)."""
    if loser == ALLIED:
        if eliminated <= 0:
            return False, 0
        shift = eliminated - 1 if loser_holds else eliminated
    else:
        if eliminated <= 2:
            return False, 0
        shift = eliminated - 3 if loser_holds else eliminated - 2
    return loser_holds, min(shift, CAP)


def eliminated_counts(game) -> dict[str, int]:
    rows = game.rows(
        "SELECT side, count(*) AS n FROM unit_state WHERE game_id = ? AND status = 'eliminated' GROUP BY side",
        [game.game_id],
    )
    counts = {GERMAN: 0, ALLIED: 0}
    counts.update({r["side"]: r["n"] for r in rows})
    return counts


def begin(game) -> None:
    counts = eliminated_counts(game)
    game.set("bkn_day", {}, dead_german=counts[GERMAN], dead_allied=counts[ALLIED])


def settle(game) -> None:
    """11.22, 11.23: apply this impulse's losses to the Advantage and the Sunset DRM."""
    day = board(game).day
    now = eliminated_counts(game)
    holder, drm = day["advantage"], day["sunset_drm"]
    for loser, before in ((ALLIED, day["dead_allied"]), (GERMAN, day["dead_german"])):
        lost = now[loser] - (before or 0)
        loses, shift = losses_effect(loser, lost, holder == loser)
        if loses:
            holder = GERMAN if loser == ALLIED else ALLIED
            game.log(Event("note", side=loser, purpose=f"{lost} {loser} units eliminated: the Advantage passes",
                           rule="11.2"))
        if shift:
            drm += -shift if loser == ALLIED else shift
            game.log(Event("note", purpose=f"{lost} {loser} units eliminated: Sunset DRM shifts {shift}",
                           rule="11.23"))
    game.set("bkn_day", {}, advantage=holder, sunset_drm=drm)
