"""How a match of Breakout: Normandy stands while it is played (``phaseline status``): a
breakout wins at once (22.1), else the Allied VP against the week's need (22.2, 22.3, 24.1);
and each side's supply: its depots on the map and its Reserve (12.5, 12.53)."""

from __future__ import annotations

from phaseline import Standing

from ..scenarios import ALLIED, GERMAN, is_extended
from .supply import depots, reserve
from .victory import score, vp_required, week_end_turn

SIDE_NAMES = {ALLIED: "Allied", GERMAN: "German"}


def standing(match) -> Standing:
    """What decides the match, the Allied VP now (item by item) and what the week needs."""
    week_end = week_end_turn(match, match.clock.turn)
    need, why = vp_required(match, week_end)
    checked = (
        f"at the end of turn {week_end} ({why}): above it they win, below they lose, equal plays on (24.1)"
        if is_extended(match)
        else f"at the end of turn {week_end} ({why}; 22.2)"
    )
    current = score(match, need)
    return Standing(
        decides=f"a supplied Fresh Allied unit in a zone at the end of a Daylight phase wins at once (22.1); "
        f"else the Allies need {need} VP {checked}",
        points={"Allies": f"{current.total} VP, {need} needed", "Germans": "score none (22.3)"},
        notes=(f"Allied VP: {current.evidence()}", *(supply_note(match, side) for side in (ALLIED, GERMAN))),
    )


def supply_note(match, side: str) -> str:
    """``Allied supply: Reserve 4 SP, depots: A1 in 18 (8 SP), A2 in 24 (5 SP) (12.5, 12.53)``."""
    placed = ", ".join(f"{d['depot_id']} in {d['space_id']} ({d['sp']} SP)" for d in depots(match, side)) or "none"
    return f"{SIDE_NAMES[side]} supply: Reserve {reserve(match, side)} SP, depots: {placed} (12.5, 12.53)"
