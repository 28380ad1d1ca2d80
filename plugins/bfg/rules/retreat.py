"""Retreats (6.21–6.24): one hex (digest gap ruling), never into a prohibited hex, across a
prohibited hexside, off the map or into an enemy ZOC even onto friends (6.21); into an empty
hex if there is one, onto one friendly unit only when there is none, never onto two (6.22);
a unit that cannot retreat is eliminated (6.23); units retreat one by one (6.24). Also
never into enemy units (5.2), a Soviet Front never onto another Front (5.3), a German never
into Berlin (5.43). The hexes a retreat may take and the reason each other hex is refused
come from one verdict per neighbouring hex.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from phaseline import Event

from ..board import enterable, hex_neighbours, passable_neighbours
from . import boundary
from .movement import entered
from .positions import Stacks, enemy_zoc
from .units import all_units, label


class Bar(NamedTuple):
    """What bars a retreat into a hex: the rule, the reason in full, and in a word or two."""

    rule: str
    reason: str
    short: str


Verdict = Bar | None  # None: the hex is open


def verdicts(match, unit: dict[str, Any]) -> dict[str, Verdict]:
    """Every hex next to ``unit`` with the rule that bars its retreat there, or None."""
    board = match.static("space", "space_id")
    here = unit["space_id"]
    passable = passable_neighbours(match).get(here, frozenset())
    zoc: dict[str, dict[str, Any]] = {}
    for row in enemy_zoc(match, unit["side"]):
        zoc.setdefault(row["space_id"], row)
    hostile = {
        enemy for (side, enemy), row in match.rows_of("hostility").items() if side == unit["side"] and row["may_attack"]
    }
    berlin_ban = unit["side"] in ("GER_E", "GER_W") and match.scenario.name != "three-player"
    units = all_units(match)
    stacks = Stacks(match, units, {unit["side"]})
    found: dict[str, Verdict] = {}
    for hex_id in sorted(h for h in hex_neighbours(here) if h in board):
        friends = stacks.friends(unit, hex_id)
        others = sorted(
            (u for u in units.values() if u["space_id"] == hex_id and u["side"] != unit["side"]),
            key=lambda u: u["unit_id"],
        )
        if hex_id not in passable:
            found[hex_id] = Bar("6.21", f"the border from {here} to {hex_id} is prohibited", "prohibited hexsides")
        elif not enterable(match, hex_id):
            found[hex_id] = Bar("6.21", f"{hex_id} is a prohibited hex", "prohibited hexes")
        elif others:
            kind = "enemy units" if any(u["side"] in hostile for u in others) else "units of another side"
            found[hex_id] = Bar("5.2", f"{hex_id} holds {kind} ({_names(others)})", kind)
        elif berlin_ban and board[hex_id]["zone"] == "B":
            found[hex_id] = Bar("5.43", f"{hex_id} is Berlin, which German units never enter", "Berlin")
        elif hex_id in zoc:
            onto = f", even with friendly units there ({', '.join(friends)})" if friends else ""
            found[hex_id] = Bar("6.21", f"{hex_id} lies in an enemy ZOC ({zoc[hex_id]['reason']}){onto}", "enemy ZOC")
        else:
            found[hex_id] = _stacking_verdict(stacks, unit, hex_id, friends)
    return found


def _stacking_verdict(stacks: Stacks, unit: dict[str, Any], hex_id: str, friends: list[str]) -> Verdict:
    """The stacking limit (5.3) a retreat into ``hex_id`` would break: onto a Front for a Front
    (5.3), or onto as many friends as a hex may hold, which 6.22 forbids a retreat (never onto two)."""
    limit = stacks.over(unit, hex_id)
    if limit is None:
        return None
    if limit.size == "*":
        count = _COUNTS.get(len(friends), len(friends))
        return Bar("6.22", f"{hex_id} holds {count} friendly units ({', '.join(friends)})", "full stacks")
    return Bar(limit.rule, f"{hex_id} holds the Soviet Front {', '.join(friends)}, and Fronts never stack", "Fronts")


_COUNTS = {2: "two", 3: "three"}


def _names(units: list[dict[str, Any]]) -> str:
    return ", ".join(u["unit_id"] for u in units)


def options(match, unit: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Every hex open to ``unit``'s retreat, and those it must pick from (6.22 empty first)."""
    legal = [h for h, verdict in verdicts(match, unit).items() if verdict is None]
    held = {u["space_id"] for u in all_units(match).values()}
    empty = [h for h in legal if h not in held]
    return legal, empty or legal


def rivals(match, queue: list[dict[str, Any]]) -> dict[str, list[str]]:
    """6.24: the units of ``queue`` in the first one's hex that may retreat, with the hexes each
    may take now, when there are too few places for all of them (taken one by one, in queue
    order, each into the first of its hexes with room): which go, and where, is their owner's
    choice. Empty when no such choice is owed."""
    first = queue[0]
    group = [u for u in queue if u["space_id"] == first["space_id"] and not u["garrison"]]
    if len(group) < 2:  # a lone unit picks only its hex (carry_on asks its options next)
        return {}
    found = {u["unit_id"]: options(match, u)[1] for u in group}
    found = {unit_id: hexes for unit_id, hexes in found.items() if hexes}
    if len(found) < 2:
        return {}
    stacks = Stacks(match, all_units(match), {u["side"] for u in group})  # (East and West Germans may share a hex)
    placed = 0
    for unit in group:
        dest = next((h for h in found.get(unit["unit_id"], ()) if stacks.fits(unit, h)), None)
        if dest is not None:
            stacks.move(unit, dest)
            placed += 1
    return found if placed < len(found) else {}


def barred(match, unit: dict[str, Any]) -> str:
    """Why no hex is open to ``unit``'s retreat (6.23), in a few words: what bars how many of
    its neighbours, and the map edge where it has fewer than six."""
    found = verdicts(match, unit)  # every neighbour on the map
    bars = Counter(verdict.short for verdict in found.values() if verdict)
    off_map = 6 - len(found)
    if off_map:
        bars["the map edge"] = off_map
    return ", ".join(f"{short} ({count})" for short, count in bars.most_common())


def refusal(match, unit: dict[str, Any], hex_id: str):
    """The RuleViolation for retreating ``unit`` into ``hex_id``, which it may not."""
    here = unit["space_id"]
    verdict = verdicts(match, unit)
    allowed = options(match, unit)[1]
    if hex_id not in verdict:
        space = match.static("space", "space_id").get(hex_id)
        if space is None or space["kind"] != "hex":
            rule, reason = "6.21", f"{hex_id} is not a hex of the map, and no retreat leaves the map"
        else:
            rule, reason = "6.2", f"{hex_id} is not next to {here}: a retreat is one hex"
    elif verdict[hex_id] is not None:
        rule, reason = verdict[hex_id].rule, verdict[hex_id].reason
    else:
        rule, reason = "6.22", f"{hex_id} holds a friendly unit while an empty hex is open ({', '.join(allowed)})"
    return match.violation(f"{label(unit)} cannot retreat to {hex_id}: {reason}", rule)


def only_hex(match, unit: dict[str, Any], legal: list[str], dest: str) -> tuple[str, str]:
    """Why a retreat takes ``dest`` without asking, as (rule, reason): the only hex open, the
    others barred (6.21), or the only empty one, the open hexes holding friends passed over (6.22)."""
    friends = [h for h in legal if h != dest]
    if friends:
        return "6.22", f"the only empty hex open, empty hexes first ({', '.join(friends)} holding friendly units)"
    return "6.21", f"the only hex open, the others barred by {barred(match, unit)}"


def retreat(match, unit: dict[str, Any], dest: str, why: tuple[str, str] = ("6.21", "")) -> None:
    """Move ``unit`` into ``dest`` (``why``: the rule and reason when no one chose it): entering it
    (6.83, Berlin), and across the boundary its allegiance or its deadline (5.41, 5.42, 5.51, 5.52)."""
    rule, reason = why
    match.log(
        Event(
            "retreat",
            side=unit["side"],
            unit_id=unit["unit_id"],
            from_space=unit["space_id"],
            to_space=dest,
            rule=rule,
            purpose=reason or None,
        )
    )
    match.set("unit_state", {"unit_id": unit["unit_id"]}, space_id=dest)
    entered(match, unit, [dest])  # 6.83 a retreat enters its hex too: a fortress falls, Berlin is entered (17.32)
    boundary.after_forced_move(match, unit, dest)
