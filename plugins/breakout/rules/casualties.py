"""Casualty points (9.5, 9.8, 12.3): the defender spreads them, one point at a time.

The first point goes to the forward unit; each point then makes one unit one step worse
(Fresh -> Spent -> Dis1 -> Dis2 -> eliminated) or retreats a Spent or Disrupted unit,
which ends that unit's absorbing. A unit may not retreat while points would be left that
the other units cannot take (9.5: a unit still owing points is eliminated, not retreated),
so in an overrun every defender is eliminated and the excess is ignored (9.8). When every
way of spreading the points left ends the same (all eliminated), the defender is not asked.
"""

from __future__ import annotations

from typing import Any

from .board import LADDER, board
from .charts import combat_chart
from .retreat import barred, can_retreat

RETREAT = "retreat"


def capacity(match) -> dict[str, int]:
    """9.5: the casualty points each condition can absorb (Fresh 4 ... Dis2 1)."""
    return {code: int(value) for code, value in combat_chart(match, "cp_capacity").items()}


def begin(match, plan: dict[str, Any], cp: int) -> None:
    """Set out the points to absorb; more than the defenders' capacity is an overrun (9.8)."""
    b, caps = board(match), capacity(match)
    units = [u for u in b.units_in(plan["area"], plan["enemy"])]
    total = sum(caps[u["status"]] for u in units)
    plan.update(
        cp=cp,
        cp_left=cp,
        capacity=total,
        overrun=cp > total,  # 9.8, 8.53
        absorbing=[u["unit_id"] for u in units],
        first=True,
        retreat_queue=[],
    )


def choices(match, plan: dict[str, Any]) -> list[str]:
    """The legal ways to absorb the next point: ``UNIT:STATUS`` (a step) or ``UNIT:retreat``."""
    if plan["cp_left"] <= 0:
        return []
    b, caps = board(match), capacity(match)
    units = [b.units[u] for u in plan["absorbing"] if u in b.units]
    total = sum(caps[u["status"]] for u in units)
    if plan["first"]:  # 9.5: the first CP must be taken by the forward unit
        units = [u for u in units if u["unit_id"] == plan["forward"]] or units
    found = []
    for u in units:
        found.append(f"{u['unit_id']}:{LADDER[LADDER.index(u['status']) + 1]}")
        if _retreat_barred(match, plan, u, total) is None:
            found.append(f"{u['unit_id']}:{RETREAT}")
    return found


def _retreat_barred(match, plan: dict[str, Any], unit: dict[str, Any], total: int) -> tuple[str, str] | None:
    """Why ``unit`` may not take the next point by retreating (rule, reason), or None: it may.
    ``total`` is what the units absorbing can still take."""
    uid = unit["unit_id"]
    if unit["status"] == "Fresh":  # 12.3: a Fresh defender's first CP makes it Spent
        return "12.3", f"{uid} is Fresh: its first CP must make it Spent, not retreat it"
    if plan["cp_left"] - 1 > total - capacity(match)[unit["status"]]:  # 9.5E: no retreat while CP would be left over
        return "9.5", f"{uid} may not retreat: the other units could not take the {plan['cp_left'] - 1} CP left"
    if not can_retreat(match, unit):
        return barred(match, unit)
    return None


def refusal(match, plan: dict[str, Any], choice: str) -> tuple[str, str] | None:
    """Why the answer ``UNIT:retreat`` (not among :func:`choices`) is refused: the rule and
    the reason; None for any other answer (the engine's generic refusal names the choices)."""
    unit_id, _, outcome = choice.partition(":")
    b = board(match)
    if outcome != RETREAT or unit_id not in plan["absorbing"] or unit_id not in b.units or plan["cp_left"] <= 0:
        return None
    if plan["first"] and unit_id != plan["forward"]:  # 9.5: the forward unit takes the first CP
        return "9.5", f"the first CP is the forward unit's ({plan['forward']}), not {unit_id}'s"
    caps = capacity(match)
    total = sum(caps[b.units[u]["status"]] for u in plan["absorbing"] if u in b.units)
    return _retreat_barred(match, plan, b.units[unit_id], total)


def doomed(match, plan: dict[str, Any]) -> bool:
    """9.8: every defender left is eliminated whatever the defender picks: the points left exceed
    what they can absorb, or equal it and none of them could take its last point by retreating (9.5)."""
    if plan["cp_left"] <= 0 or not plan["absorbing"]:
        return False
    b, caps = board(match), capacity(match)
    units = [b.units[u] for u in plan["absorbing"] if u in b.units]
    total = sum(caps[u["status"]] for u in units)
    if plan["cp_left"] > total:
        return True
    return plan["cp_left"] == total and not any(can_retreat(match, u) for u in units)


def eliminate_all(match, plan: dict[str, Any]) -> str:
    """9.8: the doomed defenders are eliminated at once and the excess points are ignored."""
    b, caps = board(match), capacity(match)
    doomed_ids = [u for u in plan["absorbing"] if u in b.units]
    excess = plan["cp_left"] - sum(caps[b.units[u]["status"]] for u in doomed_ids)
    match.set_rows("unit_state", [{"unit_id": u} for u in doomed_ids], status="eliminated")
    plan.update(cp_left=0, first=False, absorbing=[])
    return f"{', '.join(doomed_ids)} eliminated" + (f"; {excess} CP in excess are ignored" if excess > 0 else "")


def absorb_one(match, plan: dict[str, Any], choice: str) -> str:
    """Apply one casualty point; returns a line for the log."""
    unit_id, outcome = choice.split(":")
    plan["cp_left"] -= 1
    plan["first"] = False
    if outcome == RETREAT:  # 9.5E: the unit's last point; it retreats after the allocation (9.65)
        plan["absorbing"].remove(unit_id)
        plan["retreat_queue"].append(unit_id)
        return f"{unit_id} retreats"
    match.set("unit_state", {"unit_id": unit_id}, status=outcome)
    if outcome == "eliminated":  # 9.5D
        plan["absorbing"].remove(unit_id)
    return f"{unit_id} -> {outcome}"
