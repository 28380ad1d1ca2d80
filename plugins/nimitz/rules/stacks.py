"""3.3 the Japanese stacks: at every point and in the reinforcement box one stack per type (ships,
ground units, land aircraft), in random order; orders and reinforcements take from the top, repaired
units go to the bottom (11.2), and a place's stacks are mixed again whenever Japanese units join
units already there (3.3, printed after 11.5). Kept as piles (core/piles.py): ``POINT/ship``,
``POINT/ground``, ``POINT/air``; every mixing die is a logged roll of the rules."""

from __future__ import annotations

from collections.abc import Iterable

from phaseline.piles import Piles

from .state import JP
from .units import in_play, kind

KINDS = ("ship", "ground", "air")


def pile_name(place: str, unit_kind: str) -> str:
    return f"{place}/{unit_kind}"


def piles(match) -> Piles:
    return Piles(match, "pile")


def stack(match, place: str, unit_kind: str) -> list[str]:
    """The stack of ``unit_kind`` at ``place``, top first."""
    return piles(match).items(pile_name(place, unit_kind))


def mix(match, place: str, rule: str = "3.3") -> None:
    """Mix each of ``place``'s stacks into a new random order (one die per unit but the last)."""
    for unit_kind in KINDS:
        if len(stack(match, place, unit_kind)) > 1:
            piles(match).mix(
                pile_name(place, unit_kind), f"{rule} mix the stack {place}/{unit_kind}", rule=rule, side=JP
            )


def leave(match, unit_ids: Iterable[str]) -> None:
    """Take units out of the stacks they are in (they move, or leave the map)."""
    own = piles(match)
    for unit_id in unit_ids:
        if own.where(unit_id) is not None:
            own.take(unit_id)


def arrive(match, unit_ids: list[str], place: str, *, mixed: bool = True, end: str = "top") -> None:
    """Put Japanese units on ``place``'s stacks (each on its type's stack, at ``end``); when Japanese
    units already stood there, mix the place's stacks (3.3). ``mixed=False``: keep the order."""
    units = in_play(match)
    already = any(stack(match, place, unit_kind) for unit_kind in KINDS)
    leave(match, unit_ids)
    for unit_kind in KINDS:
        joining = [u for u in unit_ids if kind(units[u]) == unit_kind]
        if joining:
            piles(match).put(pile_name(place, unit_kind), joining, end=end)
    if already and mixed:
        mix(match, place)
