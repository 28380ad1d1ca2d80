"""The units in play as the rules read them: each with its counter (side, category, type, costs),
where it stands and its markers; and the names players type for units and points."""

from __future__ import annotations

from typing import Any

from phaseline.errors import InvalidOrder, UnknownName

from ..board import JP_BN
from .state import JP, year

UNITS_SQL = """SELECT s.unit_id, s.space_id, s.side, s.status, s.moved, f.marker,
       coalesce(f.transport, FALSE) AS transport, c.counter_id, c.nationality, c.category, c.type,
       c.carrier_air, c.marine, c.bw, c.hit_cost, c.buy_cost, c.carrier
FROM unit_state s
JOIN fcn_counter c ON c.match_id = s.match_id AND c.unit_id = s.unit_id
LEFT JOIN fcn_unit f ON f.match_id = s.match_id AND f.unit_id = s.unit_id
WHERE s.match_id = ? AND s.status <> 'destroyed'
ORDER BY s.unit_id"""


def in_play(match) -> dict[str, dict[str, Any]]:
    """Every unit not destroyed, by id (one query per change of the units' state)."""
    rows = match.state_rows(("unit_state", "fcn_unit"), UNITS_SQL, [match.match_id])
    return {row["unit_id"]: row for row in rows}


def kind(unit: dict[str, Any]) -> str:
    """'ship', 'ground' or 'air' (2.5: the three types stacked apart); carrier aircraft are 'carrier-air'."""
    if unit["category"] == "aircraft":
        return "carrier-air" if unit["carrier_air"] else "air"
    return unit["category"]


def is_ground_or_air(unit: dict[str, Any]) -> bool:
    """A ground unit or a land aircraft: what holds a point (4.1) and what the last-unit rule keeps (9.1)."""
    return kind(unit) in ("ground", "air")


def repair_cost(unit: dict[str, Any]) -> int:
    """6.3 half the cost, rounded down, at least 1 SP (a carrier's purchase cost, 2.6)."""
    return max(1, unit["buy_cost"] // 2)


def battalion_box(match) -> list[str]:
    """The Japanese battalions in the battalion box, in the order they are drawn (9.1, 11.1): those
    the year's set-up sheet lists there first, as listed, then the others by number (2.8)."""
    of_year = year(match)
    listed = match.derived(
        ("fcn battalion box", of_year),
        (),
        lambda: {
            row["unit_id"]: rank
            for rank, row in enumerate(
                match.rows(
                    "SELECT unit_id FROM fcn_setup WHERE match_id = ? AND year = ? AND place = ? ORDER BY listed",
                    [match.match_id, of_year, JP_BN],
                )
            )
        },
    )
    box = [u for u, row in in_play(match).items() if row["side"] == JP and row["space_id"] == JP_BN]
    return sorted(box, key=lambda u: (listed.get(u, len(listed)), u))


def points(match) -> dict[str, dict[str, Any]]:
    """The map's points (fcn_point rows), by id."""
    return match.static("fcn_point", "point_id")


def _lookup(match, table: str, key: str) -> dict[str, str]:
    return match.derived(("fcn lookup", table), (), lambda: {k.lower(): k for k in match.static(table, key)})


def point_named(match, text: str, rule: str | None = None) -> str:
    """The point a player typed (ids matched without regard to case); a box beside the map is
    refused under ``rule``, the rule that asks for a point, when given."""
    found = _lookup(match, "fcn_point", "point_id").get(text.lower())
    box = _lookup(match, "space", "space_id").get(text.lower())
    if found is None and box is not None and rule is not None:
        raise match.violation(f"{box} is a box beside the map, not a point", rule=rule)
    if found is None:
        raise UnknownName(f"no point {text!r} on the map (points: {', '.join(sorted(points(match)))})")
    return found


def space_named(match, text: str) -> str:
    """A point or a box a player typed."""
    found = _lookup(match, "space", "space_id").get(text.lower())
    if found is None:
        raise UnknownName(f"no point or box {text!r}")
    return found


def units_named(match, text: str, *, rule: str) -> list[str]:
    """The units of ``UNIT[,UNIT…]`` (ids matched without regard to case), each once: a unit
    named twice is refused under ``rule``, the order's own (a unit is bought, repaired or
    moved once: 6.2, 6.3, 8.1)."""
    names = [name for name in text.split(",") if name.strip()]
    if not names:
        raise InvalidOrder("name at least one unit")
    lookup = _lookup(match, "fcn_counter", "unit_id")
    found = []
    for name in names:
        unit_id = lookup.get(name.strip().lower())
        if unit_id is None:
            raise UnknownName(f"no unit {name.strip()!r}")
        if unit_id in found:
            raise match.violation(f"{unit_id} is named twice in one order", rule=rule)
        found.append(unit_id)
    return found


def gone_where(names: list[str], start: dict[str, str] | None, end: dict[str, str]) -> str:
    """Units told by where they went, those going the same way together:
    ``Enterprise, Lexington Hawaii→Borneo; US-SubRon1 Australia→Borneo`` (no ``start``:
    ``Hornet to WestCoast; Aus-7Div to Australia``)."""
    ways: dict[tuple[str, str], list[str]] = {}
    for unit_id in names:
        ways.setdefault((start[unit_id] if start else "", end[unit_id]), []).append(unit_id)
    return "; ".join(
        f"{', '.join(units)} {f'{here}→' if here else 'to '}{there}" for (here, there), units in ways.items()
    )
