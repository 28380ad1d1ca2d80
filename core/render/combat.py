"""A combat as a player reads it, from the numbers the game's combat rule logged.

A game that wants its combats told (the order's account, ``since``, ``actions``' preview)
logs them with a payload of this shape (docs/hooks.md, ``phaseline_combat_preview``; the
log's SQL views: docs/history.md, "Combats in the log"):

``attackers``, ``defenders``
    unit ids.
``attack``, ``defense``
    the values compared, before any die (Battle for Germany: the strengths; Breakout:
    Normandy: AV and DV).
``attack_terms``, ``defense_terms``
    what makes up each value, in order: ``[what, value, rule]``, ``value`` a number added
    (``3``) or a multiplier (``"×2"``), ``rule`` the rule number, or ``""``.
``labels`` (optional)
    the game's names for the two values (``{"attack": "AV", "defense": "DV"}``).
``ratio``, ``odds``, ``die`` (odds games)
    the raw ratio, the table column and the die read on it.
``dice`` (games where both sides roll and add)
    ``{"attack": DR, "defense": DR}``.
``result``
    the table's result, or the game's word for the outcome.

Nothing here computes a rule: every number printed is one the rule code logged.
"""

from __future__ import annotations

from typing import Any

DEFAULT_LABELS = {"attack": "attack", "defense": "defence"}


def is_combat(payload: dict[str, Any]) -> bool:
    """Whether an event's payload carries a combat to tell."""
    return "attack_terms" in payload and "defense_terms" in payload


def term_text(term: list[Any]) -> str:
    """``+3 point unit U1 (9.2)``, ``×2 rough in 2023 (6.8)``."""
    what, value, rule = [*term, "", ""][:3]
    number = value if isinstance(value, str) else f"{value:+d}"
    return f"{number} {what}" + (f" ({rule})" if rule else "")


def side_text(payload: dict[str, Any], side: str) -> str:
    """One side of a combat: its value and what makes it up, and its die when it rolls one."""
    label = {**DEFAULT_LABELS, **payload.get("labels", {})}[side]
    terms = ", ".join(term_text(t) for t in payload.get(f"{side}_terms", []))
    text = f"{label} {payload[side]}" + (f" ({terms})" if terms else "")
    die = payload.get("dice", {}).get(side)
    return text if die is None else f"{text} + DR {die}"


def breakdown(payload: dict[str, Any]) -> str:
    """Both sides of the combat: ``attack 21 (+9 SOV-1UF, …) vs defence 8 (+4 GER-X, ×2 rough (6.8))``."""
    return f"{side_text(payload, 'attack')} vs {side_text(payload, 'defense')}"


def odds_text(payload: dict[str, Any]) -> str:
    """What the combat is fought at: ``21:8 → 2:1`` (odds games) or ``AV 7 vs DV 4``."""
    if payload.get("odds"):
        ratio = payload.get("ratio") or f"{payload['attack']}:{payload['defense']}"
        return ratio if ratio == payload["odds"] else f"{ratio} → {payload['odds']}"
    labels = {**DEFAULT_LABELS, **payload.get("labels", {})}
    return f"{labels['attack']} {payload['attack']} vs {labels['defense']} {payload['defense']}"


def combat_line(purpose: str, payload: dict[str, Any]) -> str:
    """The combat in one line: the game's own headline (odds, die and result, as its rule
    logged them), then every value with what makes it up."""
    return f"{purpose}; {breakdown(payload)}"
