"""The shifted unit of the three-player strategic shift (16.32): which unit it is, and the move it
may not make. Asked by movement (a move of the shifted unit) and by shift.py (the order)."""

from __future__ import annotations

from .units import label

FACTOR = 3  # 16.32 tripled movement allowance


def is_shifted(unit) -> bool:
    """Whether ``unit`` is this phase's shifted unit (its allowance tripled, 16.32)."""
    return unit["mp_factor"] == FACTOR


def zoc_refusal(match, unit, dest: str, zoc_unit: str, zoc_space: str):
    """16.32: the shifted unit may not end the phase in an enemy ZOC, and entering one ends
    its move there (4.0), so a move of it into one is refused when ordered."""
    return match.violation(
        f"{label(unit)} shifted and may not end the phase in an enemy ZOC: entering {dest} (ZOC of {zoc_unit} "
        f"in {zoc_space}) would stop it there (4.0)",
        "16.32",
    )
