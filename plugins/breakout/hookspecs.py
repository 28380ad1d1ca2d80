"""Breakout: Normandy's own hooks: where a base rule lets an optional rule (23) change how it reads.

The base rules call these through ``match.hook`` and never name an optional rule; each
optional module (optional/) implements the ones it needs. Added to every match's plugin
manager beside phaseline's hooks (``GameInfo.hookspecs``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from phaseline import hookspec

if TYPE_CHECKING:
    from decimal import Decimal

    from phaseline import Match


@hookspec(firstresult=True)
def bkn_combat_dr(match: Match, side: str, purpose: str) -> int | None:
    """The DR ``side`` adds to its value in an assault (9.1) when an optional rule replaces the
    dice; None: two dice (9.11), which may be the Sunset DR (6.3). Example: under optional 23.3
    each player draws a card from its own 36-card deck instead.

    :param match: the match.
    :param side: ``german`` or ``allied``, the side whose DR it is.
    :param purpose: what the DR is for, as the log shows it (``attack on 12``).
    """


@hookspec
def bkn_vp_required_extra(match: Match) -> tuple[int | Decimal, str] | None:
    """VP the Allies need beyond the requirement of the turn record track or the chart (22.2,
    24.1), and the reason the outcome shows; every answer counts. Example: under optional 23.2
    the winning bid, ``(bid, "bid (23.2)")``; a bid may end in a half (``Decimal("1.5")``).

    :param match: the match.
    """
