"""Advance after combat (6.9–6.94): when a combat empties a hex, one surviving unit of the
side that won it may move in (6.91), only a unit that took part (6.92), whatever the ZOC
and terrain (6.93), and never by force (6.94); not where the unit may not go (the boundary
5.41/5.42, Berlin 5.43, the Yugoslav border 5.51/5.52: boundary.advance_ban), nor a
garrison, which stays in its city for the rest of the game (10.2: an advance is no move,
6.93, so 10.3's "may not move" is not the sentence that bars it). The winner's player is asked UNIT>HEX, or none.
"""

from __future__ import annotations

from typing import Any

from . import boundary
from .units import all_units, units_named

NONE = "none"


def choices(game, units: list[str], hexes: list[str]) -> list[str]:
    """UNIT>HEX pairs for one surviving participant into an emptied hex (6.91–6.93)."""
    return [f"{u}>{h}" for u in units for h in hexes if _bar(game, u, h, units, hexes) is None]


def _bar(game, unit_id: str, hex_id: str, units: list[str], hexes: list[str]) -> tuple[str, str] | None:
    """The rule and reason that keep ``unit_id`` from advancing into ``hex_id``, or None."""
    everyone = all_units(game)
    unit = everyone.get(unit_id)
    if unit is None:
        return "6.92", f"there is no unit {unit_id}"
    if unit_id not in units:
        return "6.92", f"{unit_id} did not take part in the combat (only {', '.join(units)} may advance)"
    if unit["space_kind"] != "hex" or unit["status"] != "ready":
        return "6.91", f"{unit_id} did not survive the combat"
    if unit["garrison"]:
        return "10.2", f"{unit_id} garrisons {unit['garrison']} and stays there for the rest of the game"
    if hex_id not in hexes:
        return "6.91", f"{hex_id} is not a hex the combat emptied ({', '.join(hexes)})"
    held = sorted(u["unit_id"] for u in everyone.values() if u["space_id"] == hex_id)
    if held:
        return "6.91", f"{hex_id} is not empty ({', '.join(held)})"
    return boundary.advance_ban(game, unit, hex_id)


def refusal(game, answer: str, units: list[str], hexes: list[str]):
    """The RuleViolation for the advance answer ``answer``, which is not a legal one."""
    moves = [part for part in answer.replace(";", ",").split(",") if part.strip()]
    if len(moves) > 1:
        return game.violation(f"{answer}: only one unit may advance after a combat", "6.91")
    unit_id, sep, hex_id = answer.partition(">")
    if not sep or not unit_id or not hex_id:
        return game.violation(f"{answer!r}: answer UNIT>HEX or {NONE}", "6.91")
    known = {u["unit_id"].upper(): u["unit_id"] for u in units_named(game, units)}
    unit_id = known.get(unit_id.upper(), unit_id)
    bar = _bar(game, unit_id, hex_id, units, hexes) or ("6.91", "it may not advance there")
    return game.violation(f"{unit_id} cannot advance to {hex_id}: {bar[1]}", bar[0])


def offer(game, advance: dict[str, Any] | None) -> tuple[list[str], dict[str, Any]] | None:
    """The choices of the advance ``advance`` (units, hexes) and the decision's context, or
    None when no unit may advance."""
    if not advance:
        return None
    found = choices(game, advance["units"], advance["hexes"])
    if not found:
        return None
    return [*found, NONE], {"plan": {"queue": [], "advance": None}, "advance": advance}
