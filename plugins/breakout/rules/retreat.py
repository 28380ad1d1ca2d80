"""Retreats (9.6): where a unit may retreat, in which order of priority, and through full areas.

Retreats are made one unit at a time (9.65), so the snapshot is read afresh for each.
A unit retreats one area; if its only destinations are fully stacked it enters one and
keeps retreating until it reaches an area under the limit (9.66); with nowhere to go it
is eliminated. No more than five units retreat over one bridge an impulse (9.66, 20.1): a
border whose bridge stands is crossed by the bridge (8.37: only a destroyed or unprinted
bridge is none), so at the limit no unit retreats across it; infantry fords only a river
without a bridge (9.63A, 9.66's 「歩兵が橋のない河川をいくつ通過しようとも」).
"""

from __future__ import annotations

from typing import Any

from phaseline import Event

from .board import board, can_cross, count_bridge, enemy_of, side_of_controller
from .control import update_control

STACK_LIMIT = 10  # 7.1
FREE, OWN_CONTESTED, ENEMY_CONTESTED, FULL = "A", "B", "C", "D"  # 9.64 priority classes
CLASS_NAMES = {
    FREE: "a free area with the fewest adjacent enemy-controlled areas",
    OWN_CONTESTED: "a friendly-controlled contested area",
    ENEMY_CONTESTED: "an enemy-controlled contested area",
    FULL: "a fully stacked area (the retreat goes on, 9.66)",
}


def crossing_closed(b, unit: dict[str, Any], dest: str) -> tuple[str, str] | None:
    """9.63A, B, 9.66: why the border between the unit's area and ``dest`` is closed to its
    retreat (the rule, the reason), or None: it is open."""
    side, here = unit["side"], unit["space_id"]
    kind, name = b.neighbours(here)[dest]
    area = b.areas[dest]
    if kind in ("sea", "landing") or area.is_box:
        return "9.63B", "no retreat into the sea or an approach box"
    if kind == "water":
        return "9.63B", "no retreat across a water obstacle without a bridge"
    if kind == "bridge":
        bridge = b.bridges[name]
        if bridge["state"] == enemy_of(side):
            return "9.63B", f"{bridge['name']} is enemy-held"
        if bridge["state"] != side and bridge["border"] == "water":
            return "9.63B", f"{bridge['name']} is destroyed over a water obstacle"
        if bridge["state"] != side and unit["type"] != "infantry":
            return "9.63A", f"only infantry crosses the river at {bridge['name']} without a friendly-held bridge"
        if counted_bridge(b, unit, dest) and not can_cross(b, name):  # 9.66, 20.1: five a bridge an impulse
            return "9.66", f"5 units crossed {bridge['name']} this impulse (20.1)"
    if kind == "river" and unit["type"] != "infantry":
        return "9.63A", "only infantry retreats across a river without a friendly-held bridge"
    return None


def counted_bridge(b, unit: dict[str, Any], dest: str) -> str | None:
    """9.66, 20.1: the friendly-held bridge a retreat to ``dest`` crosses, counting against its five;
    None when there is none or the unit goes back over the bridge it crossed moving this impulse."""
    kind, name = b.neighbours(unit["space_id"])[dest]
    if kind != "bridge" or b.bridges[name]["state"] != unit["side"] or unit["came_from"] == dest:
        return None
    return name


def destination_class(b, side: str, dest: str, unit: dict[str, Any] | None = None) -> str | None:
    """9.63C, 9.64: the priority class of ``dest`` for a retreating unit of ``side`` (None: closed).

    9.63D, 7.1: an area at the stacking limit is full; so, for a corps artillery unit, is one
    holding a friendly corps artillery unit (one an area, at any time: 16.1)."""
    area = b.areas[dest]
    if not area.controlled_by(side) and not area.contested():
        return None  # 9.63C: never into an enemy-controlled area unless it is already contested
    if not area.is_zone and area.count(side) >= STACK_LIMIT:
        return FULL
    corps = unit is not None and unit["art_kind"] == "corps"
    if corps and not area.is_zone and any(u["art_kind"] == "corps" for u in b.units_in(dest, side)):
        return FULL
    if area.free(side):
        return FREE
    return OWN_CONTESTED if area.controlled_by(side) else ENEMY_CONTESTED


def enemy_neighbours(b, side: str, dest: str) -> int:
    """9.64A: adjacent enemy-controlled areas, counting every shared border (even water)."""
    return sum(
        1 for n in b.neighbours(dest) if b.areas[n].kind == "area" and side_of_controller(b.areas[n].controller) != side
    )


def options(match, unit: dict[str, Any], visited: tuple[str, ...] = ()) -> tuple[str | None, list[str]]:
    """The best priority class open to ``unit`` and its areas in that class (9.63, 9.64)."""
    b = board(match)
    found: dict[str, list[tuple[int, str]]] = {}
    for dest in sorted(b.neighbours(unit["space_id"])):
        if dest in visited or crossing_closed(b, unit, dest) is not None:
            continue
        cls = destination_class(b, unit["side"], dest, unit)
        if cls is None:
            continue
        found.setdefault(cls, []).append((enemy_neighbours(b, unit["side"], dest) if cls == FREE else 0, dest))
    for cls in (FREE, OWN_CONTESTED, ENEMY_CONTESTED, FULL):
        if cls in found:
            best = min(n for n, _ in found[cls])
            return cls, [dest for n, dest in found[cls] if n == best]  # 9.64A: the fewest enemy neighbours
    return None, []


def never_retreats(unit: dict[str, Any]) -> bool:
    """16.3: a coastal battery never retreats."""
    return unit["type"] == "coastal"


def can_retreat(match, unit: dict[str, Any]) -> bool:
    """A unit that could retreat now: never coastal batteries (16.3), and somewhere to go."""
    return not never_retreats(unit) and options(match, unit)[0] is not None


def retreat_one_area(match, unit_id: str, dest: str, rule: str) -> bool:
    """Move ``unit_id`` one area in retreat; True when it must keep retreating (9.66)."""
    b = board(match)
    unit = b.units[unit_id]
    here = unit["space_id"]
    full = destination_class(b, unit["side"], dest, unit) == FULL
    bridge = counted_bridge(b, unit, dest)
    match.set("unit_state", {"unit_id": unit_id}, space_id=dest)
    if bridge:  # 9.66, 20.1
        count_bridge(match, bridge)
    match.log(
        Event(
            "retreat",
            side=unit["side"],
            unit_id=unit_id,
            from_space=here,
            to_space=dest,
            rule="9.66" if full else rule,
            purpose=f"{unit_id} retreats {here}->{dest}" + (" (full: it retreats on)" if full else ""),
        )
    )
    update_control(match, [dest, here])
    return full


def eliminate_unplaced(match, unit_id: str, why: str) -> None:
    """9.66: a retreating unit with no legal destination is eliminated."""
    match.set("unit_state", {"unit_id": unit_id}, status="eliminated")
    match.log(Event("note", unit_id=unit_id, purpose=f"{unit_id} eliminated: {why}", rule="9.66"))


def closed_areas(match, unit: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Each neighbour of ``unit`` closed to its retreat: (area, rule, reason) (9.63, 9.66)."""
    b = board(match)
    closed = []
    for dest in sorted(b.neighbours(unit["space_id"])):
        why = crossing_closed(b, unit, dest)
        if why is None and destination_class(b, unit["side"], dest, unit) is None:
            why = "9.63C", "enemy-controlled and not contested"
        if why is not None:
            closed.append((dest, *why))
    return closed


def refusal_reasons(match, unit: dict[str, Any]) -> str:
    """Why each neighbour of ``unit`` is closed to its retreat (for a log line)."""
    return "; ".join(f"{dest} ({rule}: {why})" for dest, rule, why in closed_areas(match, unit)) or "no adjacent area"


def barred(match, unit: dict[str, Any]) -> tuple[str, str]:
    """The rule that bars ``unit``'s retreat now, and why, area by area: 16.3 a coastal battery;
    9.66 when a bridge's five close a way out (the others' retreats may have, 9.65); else 9.63."""
    if never_retreats(unit):
        return "16.3", f"{unit['unit_id']} is a coastal battery: it never retreats"
    closed = closed_areas(match, unit)
    rule = "9.66" if any(r == "9.66" for _, r, _ in closed) else "9.63"
    areas = "; ".join(f"{dest}, {why}" + ("" if r.startswith(rule) else f" ({r})") for dest, r, why in closed)
    return rule, f"{unit['unit_id']} cannot retreat from {unit['space_id']}: {areas or 'no adjacent area'}"
