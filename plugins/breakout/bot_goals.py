"""What the Breakout: Normandy bot wants: the worth of an area to each side, and attack odds.

The Allies score VP areas held and supplied at the week's end (22.3) and Cherbourg; they
are drawn to the nearest objective they do not yet hold. The Germans value ground that
defends well (TEM, 3.22), the bridges they hold (20.1) and the VP areas they deny.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from .rules.board import Board, board, enemy_of
from .rules.combat_values import assault_values, supporting_artillery
from .scenarios import ALLIED

FAR = 8  # the distance of an area that leads to no objective


def objectives(match) -> dict[str, int]:
    """Area -> VP of the Allies' objectives (3.25, 22.3): the VP areas printed on the map."""
    return {space: area.vp for space, area in board(match).areas.items() if area.vp}


def distances(b: Board, targets: Iterable[str]) -> dict[str, int]:
    """Areas -> steps to the nearest target over land borders (a breadth-first flood)."""
    dist = {t: 0 for t in targets if t in b.areas}
    todo = deque(dist)
    while todo:
        here = todo.popleft()
        for nxt, (kind, _) in b.neighbours(here).items():
            if kind not in ("sea", "water", "landing") and nxt not in dist and b.areas[nxt].is_map_area:
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    return dist


class Worth:
    """The worth of standing in an area, for one side, in one board state."""

    def __init__(self, b: Board, side: str, vp: dict[str, int]) -> None:
        self.b, self.side, self.vp = b, side, vp
        bridge_ends = {e for br in b.bridges.values() if br["state"] == side for e in (br["a"], br["b"])}
        self.bridge_ends = bridge_ends
        if side == ALLIED:  # the objectives still to take, else all of them (to hold)
            wanted = [a for a in vp if a in b.areas and not b.areas[a].controlled_by(ALLIED)] or list(vp)
            self.goal = distances(b, wanted)

    def of(self, space: str) -> float:
        area = self.b.areas[space]
        enemies = area.units[enemy_of(self.side)]
        if self.side == ALLIED:
            value = -self.goal.get(space, FAR) + 2 * self.vp.get(space, 0) / (1 + len(area.units[ALLIED]))
            if enemies:  # attack only with odds: prefer areas holding Spent enemies
                fresh = sum(1 for u in enemies if self.b.units[u]["status"] == "Fresh")
                value -= 0.5 * fresh + 0.5 * area.tem
            return value
        value = area.tem + (1.5 if space in self.bridge_ends else 0) + self.vp.get(space, 0)
        if enemies:
            value -= 1 + sum(1 for u in enemies if self.b.units[u]["status"] == "Fresh")
        return value


def odds(match, b: Board, side: str, area: str, attackers: list[dict[str, Any]]) -> int | None:
    """AV - DV of an attack by ``attackers`` on ``area`` as the rules count it (9.2, 9.3), with
    the artillery that would support it (9.7, all by default); None without a point unit."""
    defenders = b.units_in(area, enemy_of(side))
    if not defenders or not any(u["type"] in ("infantry", "armour") for u in attackers):
        return None
    support = supporting_artillery(match, side, area, attackers)
    values = assault_values(match, side, area, attackers, support, defenders)
    return values["AV"] - values["DV"]
