"""The campaign's one-row state (``fcn_state``, docs/nimitz.md) and the year's frame, kept in memory
by the ledger between changes."""

from __future__ import annotations

from typing import Any

US, JP = "US", "JP"


def fcn_state(game) -> dict[str, Any]:
    """The row of ``fcn_state`` (read-only)."""
    return game.rows_of("fcn_state")[()]


def set_state(game, **values: Any) -> None:
    """Change columns of ``fcn_state``."""
    game.set_known("fcn_state", {}, fcn_state(game), **values)


def year(game) -> int:
    """The campaign year being played."""
    return fcn_state(game)["year"]


def frame(game) -> dict[str, Any]:
    """The current year's row of ``fcn_campaign`` (3.0: turns, return boxes, dismissal, recon markers)."""
    return game.static("fcn_campaign", "year")[year(game)]


def spend(game, sp: int, rule: str, what: str) -> None:
    """Pay ``sp`` supply points (6.1), refused when fewer are left."""
    left = fcn_state(game)["sp"]
    if sp > left:
        raise game.violation(f"{what} costs {sp} SP; {left} SP are left", rule=rule)
    set_state(game, sp=left - sp)
