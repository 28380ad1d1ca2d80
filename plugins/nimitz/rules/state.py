"""The campaign's one-row state (``fcn_state``, docs/nimitz.md) and the year's frame, kept in memory
by the ledger between changes."""

from __future__ import annotations

from typing import Any

US, JP = "US", "JP"


def fcn_state(match) -> dict[str, Any]:
    """The row of ``fcn_state`` (read-only)."""
    return match.rows_of("fcn_state")[()]


def set_state(match, **values: Any) -> None:
    """Change columns of ``fcn_state``."""
    match.set_known("fcn_state", {}, fcn_state(match), **values)


def year(match) -> int:
    """The campaign year being played."""
    return fcn_state(match)["year"]


def frame(match) -> dict[str, Any]:
    """The current year's row of ``fcn_campaign`` (3.0: turns, return boxes, dismissal, recon markers)."""
    return match.static("fcn_campaign", "year")[year(match)]


def spend(match, sp: int, rule: str, what: str) -> None:
    """Pay ``sp`` supply points for an act of rule ``rule``, refused when fewer are left; the
    reinforcement points left are no help (6.1: they buy units only), and the refusal says so."""
    state = fcn_state(match)
    left, rp = state["sp"], state["rp"]
    if sp > left:
        unused = f", and the {rp} RP buy only units ({match.info.short} 6.1)" if rp else ""
        raise match.violation(f"{what} costs {sp} SP; {left} SP are left{unused}", rule=rule)
    set_state(match, sp=left - sp)


def points_left(match) -> str:
    """The reinforcement and supply points left, as an order's account ends: ``7 RP and 12 SP left``."""
    state = fcn_state(match)
    return f"{state['rp']} RP and {state['sp']} SP left"
