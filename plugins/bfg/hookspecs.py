"""Battle for Germany's own hooks: where a base rule lets an optional rule change how it reads.

The base rules call these through ``match.hook`` and never name an optional rule; each
optional module (optional/) implements the ones it needs. Added to every match's plugin
manager beside phaseline's hooks (``GameInfo.hookspecs``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from phaseline import hookspec

if TYPE_CHECKING:
    from phaseline import Match, Step


@hookspec(firstresult=True)
def bfg_german_replacements_as(match: Match) -> str | None:
    """The German force (``GER_E`` or ``GER_W``) every German replacement is received as: in its
    Replacement Phase it takes both German allotments, from both German boxes, and the other
    German force's phase takes none; None: each force its own (7.2, 7.11). Example: optional
    12.3 answers ``"GER_E"``.

    :param match: the match.
    """


@hookspec(firstresult=True)
def bfg_waives_first_turn_attacks(match: Match, step: Step) -> bool | None:
    """True when the turn-1 West German attacks of 12.21 are not required in ``step``.
    Example: optional 12.3 ignores 12.21.

    :param match: the match.
    :param step: the turn-1 West German Combat Phase.
    """


@hookspec(firstresult=True)
def bfg_attack_strength(match: Match, unit: dict[str, Any]) -> int | None:
    """The attack strength ``unit`` brings to a combat when an optional rule changes it; None:
    its printed attack strength (6.0). Example: under optional 13.2 an SS unit of the Western
    Allies attacks at half strength, rounded down.

    :param match: the match.
    :param unit: the attacking unit's row (printed values, side, nationality).
    """


@hookspec
def bfg_berlin_falls(match: Match, step: Step) -> None:
    """Fires as ``step`` ends the player turn in which Berlin fell (12.22, 13.1), before any
    other rule of the step's end, and so before the Germans leave the map; every
    implementation runs. Example: under optional 13.2 the SS units pass to the Western Allies.

    :param match: the match.
    :param step: the step that ends the player turn.
    """


@hookspec
def bfg_unscoring_nationalities(match: Match, bloc: str) -> list[str]:
    """Nationalities whose units alone win ``bloc`` no VP for a city they hold (11.0); every
    answer counts. Example: under optional 13.2 a city held only by SS units scores nothing for
    the Western Allies.

    :param match: the match.
    :param bloc: the bloc whose city VP are counted.
    """
