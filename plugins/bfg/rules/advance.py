"""Advance after combat (6.9–6.94): each hex a combat empties may take one surviving unit of
the side that won it (6.91: 「あるヘクスが空になった場合…１個ユニット…は、その空ヘクスへ」, hex by
hex, so a multi-hex De that empties two hexes lets a different victor into each), only a unit
that took part (6.92), whatever the ZOC and terrain (6.93), and never by force (6.94); not
where the unit may not go (the boundary 5.41/5.42, Berlin 5.43, the Yugoslav border
5.51/5.52: boundary.advance_ban), nor a garrison, which stays in its city for the rest of the
game (10.2: an advance is no move, 6.93, so 10.3's "may not move" is not the sentence that
bars it). The winner's player is asked UNIT HEX (the choices list UNIT>HEX), or none, once for each emptied hex in turn;
the ruling ``advance-one-per-combat`` asks once for the whole combat, one unit into one hex.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from phaseline.model import plays_ruling

from ..rulings import ONE_PER_COMBAT
from . import boundary
from .units import all_units, units_named

NONE = "none"


def choices(match, units: list[str], hexes: list[str], advanced: Collection[str] = ()) -> list[str]:
    """UNIT>HEX pairs for one surviving participant, not yet advanced, into an emptied hex (6.91–6.93)."""
    return [f"{u}>{h}" for u in units for h in hexes if u not in advanced and _bar(match, u, h, units, hexes) is None]


def _bar(match, unit_id: str, hex_id: str, units: list[str], hexes: list[str]) -> tuple[str, str] | None:
    """The rule and reason that keep ``unit_id`` from advancing into ``hex_id``, or None."""
    everyone = all_units(match)
    unit = everyone.get(unit_id)
    if unit is None:
        return "6.92", f"there is no unit {unit_id}"
    if unit_id not in units:
        return "6.92", f"{unit_id} did not take part in the combat (only {', '.join(units)} may advance)"
    if unit["space_kind"] != "hex" or unit["status"] != "ready":
        return "6.91", f"{unit_id} did not survive the combat"
    if unit["garrison"]:  # 10.2 a garrison stays in its city for the rest of the game
        return "10.2", f"{unit_id} garrisons {unit['garrison']} and stays there for the rest of the game"
    if hex_id not in hexes:
        return "6.91", f"{hex_id} is not a hex the combat emptied ({', '.join(hexes)})"
    held = sorted(u["unit_id"] for u in everyone.values() if u["space_id"] == hex_id)
    if held:
        return "6.91", f"{hex_id} is not empty ({', '.join(held)})"
    return boundary.advance_ban(match, unit, hex_id)


def refusal(match, answer: str, advance: dict[str, Any]):
    """The RuleViolation for the answer ``answer`` to the advance decision on ``advance``
    (its units, emptied hexes, the hexes this decision is for and the units that advanced)."""
    units, hexes = advance["units"], advance["hexes"]
    into, advanced = advance.get("into", hexes), advance.get("advanced", [])
    moves = [part.strip() for part in answer.replace(";", ",").split(",") if part.strip()]
    if len(moves) > 1:
        targets = [move.partition(">")[2] for move in moves]
        crowded = next((h for h in targets if targets.count(h) > 1), None)
        if crowded:
            return match.violation(f"{answer}: only one unit may advance into {crowded}", "6.91")
        return match.violation(f"{answer}: one advance at a time, one decision for each emptied hex", "6.91")
    unit_id, sep, hex_id = answer.partition(">")
    if not sep or not unit_id or not hex_id:
        return match.violation(f"{answer!r}: answer UNIT HEX (or UNIT:HEX) or {NONE}", "6.91")
    known = {u["unit_id"].upper(): u["unit_id"] for u in units_named(match, units)}
    unit_id = known.get(unit_id.upper(), unit_id)
    bar = _bar(match, unit_id, hex_id, units, hexes) or _decision_bar(unit_id, hex_id, into, advanced)
    bar = bar or ("6.91", "it may not advance there")
    return match.violation(f"{unit_id} cannot advance to {hex_id}: {bar[1]}", bar[0])


def _decision_bar(unit_id: str, hex_id: str, into: list[str], advanced: list[str]) -> tuple[str, str] | None:
    """6.91 one unit into each emptied hex: a unit that advanced already, or a hex that is not
    this decision's, as (rule, reason), or None."""
    if unit_id in advanced:
        return "6.91", f"{unit_id} has advanced already (one unit into each emptied hex)"
    if hex_id not in into:
        return "6.91", f"this advance is into {', '.join(into)} (one decision for each emptied hex)"
    return None


def offer(match, advance: dict[str, Any] | None) -> tuple[list[str], dict[str, Any]] | None:
    """The next advance decision of the combat's ``advance`` (units, emptied hexes, the hexes
    still to decide, the units that advanced): its choices and context, or None when no unit
    may advance into any hex left. Each emptied hex is its own decision, in order (6.91); the
    ruling ``advance-one-per-combat`` offers every hex in one."""
    if not advance:
        return None
    units, advanced = advance["units"], advance.get("advanced", [])
    left = list(advance.get("left", advance["hexes"]))
    while left:
        into = left if plays_ruling(match, ONE_PER_COMBAT) else left[:1]
        left = left[len(into) :]
        found = choices(match, units, into, advanced)
        if found:
            following = {**advance, "left": left, "advanced": advanced}
            return [*found, NONE], {"plan": {"queue": [], "advance": following}, "advance": {**following, "into": into}}
    return None


def record_advance(match, plan: dict[str, Any], unit_id: str) -> None:
    """Record in ``plan`` that ``unit_id`` advanced: no second advance for it (6.91), and none at
    all after it under the ruling ``advance-one-per-combat``."""
    following = plan.get("advance")
    if not following:
        return
    if plays_ruling(match, ONE_PER_COMBAT):
        plan["advance"] = None
        return
    plan["advance"] = {**following, "advanced": [*following.get("advanced", []), unit_id]}
