"""12.2 strategic bombing, 1944-45: at the start of the Japanese movement phase, for each B-29 wing
in the bombing box, one Japanese ship, infantry or land aircraft in Japan goes to the reinforcement
box (a battalion to the battalion box), the player choosing which (decision ``b29-target``); the
wings go back to the Marianas after the combat phase."""

from __future__ import annotations

from phaseline import Event

from ..board import B29, JAPAN, JP_BN, JP_REINF, MARIANAS
from . import stacks
from .state import JP, US, fcn_state, set_state
from .units import in_play, kind


def wings(match) -> list[str]:
    """The B-29 wings in the strategic bombing box."""
    return sorted(u for u, row in in_play(match).items() if row["space_id"] == B29)


def targets(match) -> list[str]:
    """The Japanese ships, ground units and land aircraft in Japan."""
    return sorted(u for u, row in in_play(match).items() if row["side"] == JP and row["space_id"] == JAPAN)


def begin_removals(match) -> bool:
    """Start the phase's removals; False when none is left to ask (all made, or none to make)."""
    set_state(match, b29_left=min(len(wings(match)), len(targets(match))))
    return _next_removal(match)


def _next_removal(match) -> bool:
    """Make the removals whose unit is forced (a question with one answer is never asked) and ask
    for the next real choice: True while a question is open."""
    while fcn_state(match)["b29_left"]:
        left = targets(match)
        if len(left) > 1:
            match.ask(
                US,
                "b29-target",
                f"Which Japanese unit in Japan does a B-29 wing send to the reinforcement box "
                f"({fcn_state(match)['b29_left']} left)?",
                left,
                {},
                rule="12.2",
            )
            return True
        _send(match, left[0])
    return False


def remove(match, unit_id: str) -> bool:
    """The player's pick leaves Japan; True when the phase's removals are over."""
    _send(match, unit_id)
    return not _next_removal(match)


def _send(match, unit_id: str) -> None:
    """One B-29 removal: ``unit_id`` from Japan to the reinforcement box (a battalion to its box)."""
    unit = in_play(match)[unit_id]
    stacks.leave(match, [unit_id])
    box = JP_BN if unit["type"] == "battalion" else JP_REINF  # 12.2 a battalion to the battalion box
    match.set("unit_state", {"unit_id": unit_id}, space_id=box)
    if box == JP_REINF:
        stacks.arrive(match, [unit_id], JP_REINF, mixed=False, end="bottom")
    match.log(
        Event(
            "note",
            side=US,
            unit_id=unit_id,
            from_space=JAPAN,
            to_space=box,
            rule="12.2",
            purpose=f"a B-29 wing sends {unit_id} ({kind(unit)}) from Japan to {box}",
        )
    )
    set_state(match, b29_left=min(fcn_state(match)["b29_left"] - 1, len(targets(match))))


def return_bombers(match) -> None:
    """12.2 after the combat phase the wings go back to the Marianas."""
    for unit_id in wings(match):
        match.set("unit_state", {"unit_id": unit_id}, space_id=MARIANAS)
