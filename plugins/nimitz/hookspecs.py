"""Fleet Commander: Nimitz's own hooks: where a base rule lets an optional rule change how it reads.

The base rules call these through ``match.hook`` and never name an optional rule; each optional
module (optional/) implements the ones it needs. Added to every match's plugin manager beside
phaseline's hooks (``GameInfo.hookspecs``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from phaseline import hookspec

if TYPE_CHECKING:
    from phaseline import Match


@hookspec(firstresult=True)
def fcn_ship_order(match: Match, ships: list[str], units: dict[str, dict[str, Any]]) -> list[str] | None:
    """The order in which a Japanese order takes the ships of a point; None: the stack's order,
    top first (9.1). Example: the optional four-group rotation (9.0 (5)) takes one ship of each
    group in turn.

    :param match: the match.
    :param ships: the point's unmarked Japanese ships, the stack's top first.
    :param units: every unit in play by id (its ``type`` tells the ship's kind).
    """
