"""The defender's stages of an attack (9.5, 9.6): casualty points spread one at a time, the
retreats they call for one unit at a time (9.65, 9.66), then the retreats by choice (9.62).
Stages of resolution.py's plan: each returns True while a decision is open.
"""

from __future__ import annotations

from . import casualties, retreat
from .attack_plan import ask, log
from .board import board

NONE = "none"


def casualties_stage(match, plan) -> bool:
    """9.5: the defender spreads the points, asked only where the answers differ (9.8)."""
    while True:
        if casualties.doomed(match, plan):  # 9.8: every answer would end the same
            log(match, plan, casualties.eliminate_all(match, plan), "9.8")
        found = casualties.choices(match, plan)
        if not found:
            plan["stage"] = "retreats"
            return False
        if len(found) > 1:
            prompt = f"CP left in {plan['area']}: {plan['cp_left']}; step a unit down or retreat it (9.5)"
            return ask(match, plan, plan["enemy"], "casualty", prompt, found, "9.5")
        log(match, plan, casualties.absorb_one(match, plan, found[0]), "9.5")


def retreats_stage(match, plan) -> bool:
    """9.65: one unit at a time; through full areas until one is under the limit (9.66)."""
    while plan.get("retreat_queue"):
        unit = board(match).units.get(plan["retreat_queue"][0])
        if unit is None:
            plan["retreat_queue"].pop(0)
            continue
        cls, found = retreat.options(match, unit, tuple(plan.get("retreat_path", [])))
        if not found:
            retreat.eliminate_unplaced(
                match, unit["unit_id"], "no area to retreat to (" + retreat.refusal_reasons(match, unit) + ")"
            )
            plan["retreat_queue"].pop(0)
            plan["retreat_path"] = []
            continue
        if len(found) == 1:
            retreat_step(match, plan, found[0])
            continue
        prompt = f"{unit['unit_id']} retreats from {unit['space_id']} to {retreat.CLASS_NAMES[cls]} (9.64{cls})"
        return ask(match, plan, plan["enemy"], "retreat-to", prompt, found, "9.64")
    plan["stage"] = "voluntary"
    return False


def retreat_step(match, plan, dest: str) -> None:
    unit_id = plan["retreat_queue"][0]
    here = board(match).units[unit_id]["space_id"]
    if retreat.retreat_one_area(match, unit_id, dest, "9.62"):  # 9.66: full, retreat on
        plan["retreat_path"] = [*plan.get("retreat_path", [plan["area"]]), here]
        return
    plan["retreat_queue"].pop(0)
    plan["retreat_path"] = []


def offer_voluntary(match, plan) -> bool:
    """9.62: any defender left may retreat by choice (a Fresh one becomes Spent). 9.65: one at a
    time, so each may close the way for the next (a full area, a bridge's five, 9.66); once the
    defender has begun, he ends the retreats himself (none) while units of his stay in the area,
    and is told why one may no longer go (attack_refusals.py)."""
    plan["stage"] = "finish"
    here = [u for u in board(match).units_in(plan["area"], plan["enemy"]) if not retreat.never_retreats(u)]
    left = [u for u in here if retreat.can_retreat(match, u)]
    if not left and not (plan.get("volunteered") and here):
        return False
    plan["stage"] = "voluntary"
    prompt = f"Defenders of {plan['area']} may retreat by choice (9.62): a unit, or none"
    if not left:
        prompt = f"No other defender of {plan['area']} may retreat now (9.63, 9.66): none ends the retreats (9.62)"
    return ask(match, plan, plan["enemy"], "voluntary-retreat", prompt, [NONE, *(u["unit_id"] for u in left)], "9.62")


def volunteer(match, plan, unit_id: str) -> None:
    unit = board(match).units[unit_id]
    if unit["status"] == "Fresh":
        match.set("unit_state", {"unit_id": unit_id}, status="Spent")
    log(match, plan, f"{unit_id} retreats by choice", "9.62", plan["enemy"])
    plan["volunteered"] = True
    plan["retreat_queue"] = [unit_id]
    plan["stage"] = "retreats"
