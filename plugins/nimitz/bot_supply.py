"""The US heuristic bot's supply phase (6.0-6.3): repair what fights best first, then buy from the
reinforcement box with the reinforcement points, and with supply points only beyond what the turn's
moves and battles need."""

from __future__ import annotations

from typing import Any

from phaseline import Action

from .board import US_REINF
from .bot_view import View
from .rules.state import US
from .rules.units import kind, repair_cost

MOVE_RESERVE = 16  # SP kept for the movement phase (8.1: 1 SP a unit) and the battles' markers (10.5)
REPAIR_RESERVE = 8  # a repair is worth more than a far move: it may use SP down to this
BUY_ORDER = ("marine", "bomber", "CV", "CVL", "infantry", "fighter", "BB", "CA", "CL", "DD", "battalion", "SS", "CVE")


def buy_rank(unit: dict[str, Any]) -> tuple[int, int, str]:
    """Marines (they land straight into their position, 10.6) and land bombers (they hold a point, 4.1, and
    strike ships and landings), then carriers (their air groups come back every battle, 2.7), then the
    other ground units and fighters, then the surface ships."""
    label = "marine" if unit["marine"] else unit["type"]
    rank = BUY_ORDER.index(label) if label in BUY_ORDER else len(BUY_ORDER)
    return rank, -unit["buy_cost"], unit["unit_id"]


def repair_rank(unit: dict[str, Any]) -> tuple[int, int, str]:
    """Carriers (a damaged carrier takes no aircraft back, 10.6 (7)), then the dearest units."""
    return (0 if unit["type"] in ("CV", "CVL") else 1), -unit["buy_cost"], unit["unit_id"]


def orders(v: View) -> list[Action]:
    """This phase's orders: one repair order, then one purchase order (6.2: RP first, then SP)."""
    rp, sp = v.state["rp"], v.state["sp"]
    found = []
    damaged = sorted(
        (u for u in v.units.values() if u["side"] == US and u["status"] == "damaged" and kind(u) != "carrier-air"),
        key=repair_rank,
    )
    mending = []
    for unit in damaged:
        cost = repair_cost(unit)  # 6.3 half the cost rounded down, at least 1 SP
        if sp - cost >= REPAIR_RESERVE:
            mending.append(unit["unit_id"])
            sp -= cost
    if mending:
        found.append(Action("repair", (",".join(mending),), US))
    buying = []
    spare = max(0, sp - MOVE_RESERVE)
    for unit in sorted((u for u in v.units.values() if u["side"] == US and u["space_id"] == US_REINF), key=buy_rank):
        cost = unit["buy_cost"]
        if cost <= rp + spare:
            from_rp = min(cost, rp)
            rp, spare = rp - from_rp, spare - (cost - from_rp)
            buying.append(unit["unit_id"])
    if buying:
        found.append(Action("buy", (",".join(buying),), US))
    return found
