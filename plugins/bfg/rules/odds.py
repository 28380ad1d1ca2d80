"""Combat strength, terrain multipliers and odds (6.1, 6.8)."""

from __future__ import annotations

from math import ceil


def ratio(attack: int, defense: int) -> str:
    """Odds rounded in the defender's favour (6.1): 19:7 → 2:1, 19:18 → 1:1, 7:19 → 1:3."""
    if defense <= 0:
        return "99:1"
    if attack >= defense:
        return f"{attack // defense}:1"
    return f"1:{ceil(defense / attack)}" if attack > 0 else "1:99"


def _value(odds: str) -> float:
    a, d = odds.split(":")
    return int(a) / int(d)


def clamp(odds: str, columns: list[str]) -> str:
    """The CRT column for ``odds``: beyond the table, its nearest end (digest 6.1 gap ruling)."""
    ordered = sorted(columns, key=_value)
    value = _value(odds)
    if value <= _value(ordered[0]):
        return ordered[0]
    fitting = [c for c in ordered if _value(c) <= value]
    return fitting[-1]


def multiplier(effects: list[int], plus_one: bool = False) -> int:
    """Terrain multipliers combined (6.82): one effect is itself; several add, minus one
    (rough + river = 2 + 2 − 1 = ×3). With the ``terrain-plus-one`` ruling each extra
    doubling adds one instead (three effects ×4, not ×5)."""
    active = [m for m in effects if m > 1]
    if not active:
        return 1
    if len(active) == 1:
        return active[0]
    return active[0] + len(active) - 1 if plus_one else sum(active) - 1
