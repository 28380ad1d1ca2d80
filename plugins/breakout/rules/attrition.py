"""Attrition (10.4): the attrition points of a bombardment or of friendly fire (17.3), spent.

The AP go to the primary target first (a unit's step, or a construction marker's level,
20.2), and the AP left are spread over the other units so that the most are used: when
several spreads use as many, the side hit chooses (``ap-spread``, asked with what follows
it in the decision's context). Each unit loses at most one step an impulse, and a Double
Impulse is one impulse (11.4): a unit a bombardment of its first half stepped absorbs no AP in
its second, like a Dis2 unit (ruling double-impulse-halves-apart: it may lose a step in each
half). Bombardment never eliminates.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from phaseline import Event

from . import primary as primary_target
from .board import board
from .bridges import lower_construction
from .charts import combat_chart
from .this_impulse import STEPPED, recalled, remember

STEP = {"Fresh": "Spent", "Spent": "Dis1", "Dis1": "Dis2"}
SPREAD = "ap-spread"


def ap_cost(unit: dict[str, Any], chart: dict[str, int], done: frozenset[str] = frozenset()) -> int | None:
    """10.4: AP for one step: Fresh armour 3, Spent/Dis armour 2, coastal 2, others 2 or 1;
    none for a Dis2 unit or one in ``done`` (a step lost to bombardment this impulse already)."""
    if unit["status"] == "Dis2" or unit["unit_id"] in done:
        return None  # no further step
    fresh = unit["status"] == "Fresh"
    if unit["type"] == "coastal":
        return chart["coastal"]
    if unit["type"] == "armour":
        return chart["armour-fresh" if fresh else "armour-spent"]
    return chart["other-fresh" if fresh else "other-spent"]


def allocate(
    units: list[dict[str, Any]], primary: str, ap: int, chart: dict[str, int], done: frozenset[str] = frozenset()
) -> list[str]:
    """10.4: the units that lose a step: the primary first (or nothing at all), then the
    others so that the most AP are used (a Dis2 primary, or one in ``done``, absorbs none)."""
    by_id = {u["unit_id"]: u for u in units}
    first = ap_cost(by_id[primary], chart, done)
    if first is not None and ap < first:
        return []
    hit = [primary] if first is not None else []
    return hit + spreads([u for u in units if u["unit_id"] != primary], ap - (first or 0), chart, done)[0]


def spreads(
    units: list[dict[str, Any]], left: int, chart: dict[str, int], done: frozenset[str] = frozenset()
) -> list[list[str]]:
    """10.4: every choice of units losing a step that uses the most of ``left`` AP, the fewest units first
    (「最大限のAPが消費されるように」: the defender picks among these, never fewer AP); units in
    ``done`` have lost their step this impulse and take none."""
    others = [(u["unit_id"], ap_cost(u, chart, done)) for u in units]
    others = [(uid, c) for uid, c in others if c is not None]
    best, found = 0, [[]]
    for n in range(1, len(others) + 1):
        for combo in combinations(others, n):
            used = sum(c for _, c in combo)
            if best <= used <= left:
                found = ([] if used > best else found) + [[uid for uid, _ in combo]]
                best = used
    return found


# === 10.4 ONE STEP AN IMPULSE ===============================================================


def stepped(match) -> frozenset[str]:
    """10.4: the units a bombardment has already taken a step from this impulse
    (「各インパルスに1段階しか損耗しない」; 11.4, this_impulse.py). The D-Day phases are no impulses."""
    return recalled(match, STEPPED) if match.step.phase == "daylight" else frozenset()


def costs(match) -> dict[str, int]:
    """10.4: the AP a step costs, by unit (the attrition chart)."""
    return {code: int(value) for code, value in combat_chart(match, "attrition_ap").items()}


def apply_attrition(match, side: str, target: str, primary: str, ap: int, rule: str = "10.4") -> bool:
    """10.4: ``ap`` attrition points on ``side``'s units in ``target``, ``primary`` first, logged;
    True while ``side`` is asked to spread the AP left."""
    purpose = f"{ap} AP in {target} (primary {primary}): "
    return resolve(match, side, target, primary, ap, purpose, side, rule, {"plan": None})


def resolve(match, side, target, primary, ap, purpose, log_side, rule, follow) -> bool:
    """10.4: the primary's step, then the AP left spread: by ``side``'s answer when spreads differ."""
    if primary in stepped(match):  # 10.4: its one step this impulse is lost already
        purpose += f"{primary} has lost its step to bombardment this impulse (10.4, 11.4), "
    hit, found = _primary_step(match, side, target, primary, ap) if ap else ([], [[]])
    if len(found) == 1:
        hit += _step(match, found[0])
    asking = f"; {side} spreads the AP left (10.4)" if len(found) > 1 else ""
    match.log(Event("note", side=log_side, purpose=f"{purpose}hit {', '.join(hit) or 'none'}{asking}", rule=rule))
    if len(found) == 1:
        return False
    choices = {_spell(match, uids): uids for uids in found}
    prompt = f"{target}: spread the AP left after the primary target {primary} (the most must be used, 10.4)"
    context = {**follow, "side": side, "target": target, "rule": rule, "spreads": choices}
    match.ask(side, SPREAD, prompt, list(choices), context, rule="10.4")
    return True


def answer_spread(match, decision, choice: str) -> None:
    """10.4: the defender's spread of the AP left (what follows it is the caller's)."""
    context = decision["context"]
    hit = _step(match, context["spreads"][choice])
    purpose = f"{context['side']} spreads the AP left in {context['target']}: hit {', '.join(hit) or 'none'}"
    match.log(Event("note", side=context["side"], purpose=purpose, rule=context["rule"]))


def _primary_step(match, side: str, target: str, primary: str, ap: int) -> tuple[list[str], list[list[str]]]:
    """10.4: the primary target's step (none if the AP cannot pay it: then nothing is hit) and the
    spreads of the AP left over the others; 20.2: a construction marker named primary loses one
    level first. Bombardment never eliminates; each unit loses at most one step an impulse."""
    defenders, chart, done = board(match).units_in(target, side), costs(match), stepped(match)
    if primary_target.is_construction(match, target, side, primary):
        if ap < chart["construction"]:
            return [], [[]]
        lower_construction(match, primary, side)
        return [f"the construction marker on {primary}"], spreads(defenders, ap - chart["construction"], chart, done)
    first = ap_cost(next(u for u in defenders if u["unit_id"] == primary), chart, done)
    if first is not None and ap < first:
        return [], [[]]
    others = spreads([u for u in defenders if u["unit_id"] != primary], ap - (first or 0), chart, done)
    return (_step(match, [primary]) if first is not None else []), others


def _step(match, uids: list[str]) -> list[str]:
    """10.4: each unit loses one step, its one step this impulse; returns them."""
    units = board(match).units
    for uid in uids:
        match.set("unit_state", {"unit_id": uid}, status=STEP[units[uid]["status"]])
        if match.step.phase == "daylight":  # 10.4: its one step this impulse
            remember(match, STEPPED, uid)
    return uids


def _spell(match, uids: list[str]) -> str:
    """A spread as a player types it: ``G2:spent`` or ``G3:dis1,G4:dis1`` (each unit's new status)."""
    units = board(match).units
    return ",".join(f"{uid}:{STEP[units[uid]['status']].lower()}" for uid in uids) or "none"
