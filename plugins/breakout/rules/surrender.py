"""Surrender (12.8): isolated German units roll as the German Refit phase ends.

Each isolated German unit rolls a dr against its surrender level (Fresh 1, Spent 2,
Dis1 3, Dis2 4): less eliminates it, equal makes it one level worse (a Dis2 unit is
eliminated). A unit with a supply line to Cherbourg is not isolated (12.62). Each dr may
be rerolled by the Advantage holder (11.6); the phase waits for the answers, and a used
Advantage passes when the last dr is settled.
"""

from __future__ import annotations

from phaseline import Event

from ..scenarios import GERMAN
from . import advantage, rerolls, supply
from .board import LADDER, board
from .charts import combat_chart


def surrender(match) -> bool:
    """12.8: each isolated German unit rolls: dr < its level eliminated, = one level worse.

    Returns True when a dr waits for the Advantage holder's answer (11.6)."""
    levels = surrender_levels(match)
    b = board(match)
    pending = []
    for row in supply.isolated(match, GERMAN):
        unit = b.units[row["unit_id"]]
        if unit["type"] == "coastal" and unit["status"] not in levels:
            continue
        pending.append([unit["unit_id"], row["reason"]])
    return _next_surrender(match, {"pending": pending})


def surrender_levels(match) -> dict[str, int]:
    return {code: int(value) for code, value in combat_chart(match, "surrender").items()}


def _next_surrender(match, context: dict) -> bool:
    """The next isolated unit's dr (11.6: the holder may have it rerolled); when none is left
    the German Refit phase is over and a used Advantage passes."""
    if not context["pending"]:
        advantage.pass_if_used(match)
        return False
    unit = board(match).units[context["pending"][0][0]]
    level = surrender_levels(match)[unit["status"]]
    purpose = f"surrender of isolated {unit['unit_id']} (level {level})"
    return rerolls.roll(match, GERMAN, purpose, "12.8", "surrender", context, step_end=True)


@rerolls.follows("surrender")
def _surrender_rolled(match, context: dict, die: int) -> None:
    (unit_id, reason), rest = context["pending"][0], context["pending"][1:]
    unit = board(match).units[unit_id]
    level = surrender_levels(match)[unit["status"]]
    status = "eliminated" if die < level else LADDER[LADDER.index(unit["status"]) + 1] if die == level else None
    if status:
        match.set("unit_state", {"unit_id": unit_id}, status=status)
        match.log(
            Event(
                "note",
                side=GERMAN,
                unit_id=unit_id,
                purpose=f"{unit_id} isolated ({reason}): dr {die} -> {status}",
                rule="12.8",
            )
        )
    _next_surrender(match, {"pending": rest})
