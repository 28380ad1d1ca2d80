"""Why an answer to an attack's decision is refused, naming the rule that forbids it: the
forward unit (9.3A, 16.1), a casualty point taken by retreating (9.5, 12.3, 9.63, 9.66) and a
retreat by choice (9.62, 9.63, 9.66). The answers offered are resolution.py's; these are
the ones it does not offer.
"""

from __future__ import annotations

from typing import Any

from . import casualties, retreat
from .board import board
from .combat_values import ARTILLERY


def answer_refusal(match, decision: dict[str, Any], answer: str):
    """The RuleViolation refusing ``answer`` to one of an attack's decisions, or None (the
    engine's generic refusal, which lists the choices)."""
    plan = decision["context"].get("plan")
    refuse = REFUSALS.get(decision["kind"])
    if plan is None or refuse is None:
        return None
    found = refuse(match, plan, answer)
    return None if found is None else match.violation(found[1], found[0])


def _forward_unit(match, plan: dict[str, Any], answer: str) -> tuple[str, str] | None:
    """16.1: a defending artillery unit named the forward unit while another type is there."""
    unit = board(match).units.get(answer)
    if unit is not None and unit["space_id"] == plan["area"] and unit["type"] == ARTILLERY:
        why = f"{answer} is field artillery: it may not be the forward unit while another type is in {plan['area']}"
        return "16.1", why
    return None


def _voluntary(match, plan: dict[str, Any], answer: str) -> tuple[str, str] | None:
    """9.62: a defender still in the attacked area that may not retreat now (9.63, 9.66)."""
    unit = board(match).units.get(answer)
    if unit is None or unit["space_id"] != plan["area"] or unit["side"] != plan["enemy"]:
        return None
    return retreat.barred(match, unit)


REFUSALS = {
    "forward-unit": _forward_unit,
    "casualty": casualties.refusal,
    "voluntary-retreat": _voluntary,
}
