"""What the US heuristic bot sees of the campaign map: the points with each side's units by kind,
the objectives and whether the US holds them (4.1, 11.4), and the routes' distances (2.1), read
through the same rule modules the referee uses, once per change of the state."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from .board import HAWAII, WEST_COAST
from .rules.holding import holding
from .rules.state import JP, US, fcn_state
from .rules.units import in_play, kind, points

HOMES = (HAWAII, WEST_COAST)  # 11.3 ships there do not go back to port


@dataclass
class Point:
    """One map point as the bot weighs it."""

    point_id: str
    objective: bool
    held: bool
    supplied: bool
    units: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: {US: [], JP: []})

    def of(self, side: str, *kinds: str) -> list[dict[str, Any]]:
        return [u for u in self.units[side] if not kinds or kind(u) in kinds]

    def garrison(self, side: str) -> int:
        """Ground units and land aircraft: what holds a point (4.1)."""
        return len(self.of(side, "ground", "air"))

    def fleet(self, side: str) -> int:
        """Surface ships and submarines."""
        return len(self.of(side, "ship"))


@dataclass
class View:
    """The map now: points by id, every unit by id, the state row and the routes' distances."""

    points: dict[str, Point]
    units: dict[str, dict[str, Any]]
    state: dict[str, Any]
    distance: dict[str, dict[str, int]]
    near: dict[str, list[str]]

    def held_objectives(self) -> list[str]:
        return [p for p, row in self.points.items() if row.objective and row.held]

    def steps(self, a: str, b: str) -> int:
        return self.distance.get(a, {}).get(b, 99)

    def dependents(self, point_id: str) -> int:
        """11.4 the held objectives whose supply runs through ``point_id``: those no longer reached
        from the West Coast through held points if it fell."""
        held = {p for p, row in self.points.items() if row.held and p != point_id}
        reached, queue = {WEST_COAST}, deque([WEST_COAST])
        while queue:
            here = queue.popleft()
            for nxt in self.near.get(here, ()):
                if nxt not in reached:
                    reached.add(nxt)  # 11.4 the next point is in supply; the trace goes on from a held one
                    if nxt in held:
                        queue.append(nxt)
        return sum(1 for q in self.held_objectives() if q != point_id and q not in reached)


def routes(match) -> dict[str, list[str]]:
    """Each point's neighbours along the routes (2.1)."""

    def compute() -> dict[str, list[str]]:
        near: dict[str, list[str]] = {}
        for row in match.rows("SELECT a, b FROM link WHERE match_id = ? AND kind = 'route'", [match.match_id]):
            near.setdefault(row["a"], []).append(row["b"])
        return near

    return match.derived("fcn bot routes", (), compute)


def route_distances(match) -> dict[str, dict[str, int]]:
    """Route steps between every two points (2.1: movement ignores them, the Japanese orders do not, 9.2)."""

    def compute() -> dict[str, dict[str, int]]:
        near = routes(match)
        found = {}
        for start in points(match):
            seen, queue = {start: 0}, deque([start])
            while queue:
                here = queue.popleft()
                for nxt in near.get(here, []):
                    if nxt not in seen:
                        seen[nxt] = seen[here] + 1
                        queue.append(nxt)
            found[start] = seen
        return found

    return match.derived("fcn bot distances", (), compute)


def view(match) -> View:
    """The map as the bot weighs it (one reading per state version)."""
    return match.derived("fcn bot view", match.ledger.version, lambda: _read(match))


def _read(match) -> View:
    rows = {row["point_id"]: row for row in holding(match)}
    found = {
        p: Point(p, bool(rows[p]["objective"]), bool(rows[p]["held"]), bool(rows[p]["supplied"]))
        for p in points(match)
        if p in rows
    }
    units = in_play(match)
    for unit in units.values():
        if unit["space_id"] in found and unit["side"] in (US, JP):
            found[unit["space_id"]].units[unit["side"]].append(unit)
    return View(found, units, fcn_state(match), route_distances(match), routes(match))
