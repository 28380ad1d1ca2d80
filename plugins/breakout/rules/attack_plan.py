"""What every stage of an attack's plan (resolution.py) shares: asking a side, logging a line
about the attack, the plan's units still on the board."""

from __future__ import annotations

from typing import Any

from phaseline import Event

from .board import board


def ask(match, plan, side: str, kind: str, prompt: str, choices: list[str], rule: str) -> bool:
    """Ask ``side`` a decision of the attack, the plan in its context (answered by resolution.answer)."""
    match.ask(side, kind, prompt, choices, {"plan": plan}, rule=rule)
    return True


def log(match, plan, text: str, rule: str, side: str | None = None, payload: dict | None = None) -> None:
    """A note about the attack on the plan's area."""
    purpose = f"attack on {plan['area']}: {text}"
    match.log(Event("note", side=side or plan["side"], purpose=purpose, rule=rule, payload=payload or {}))


def plan_units(match, ids: list[str]) -> list[dict[str, Any]]:
    """The units of ``ids`` still on the board."""
    b = board(match)
    return [b.units[u] for u in ids if u in b.units]
