"""10.6 the procedure of a battle, as lists of tasks (agenda.py) carried out by the modules of its
steps: the end of placement (10.1, 10.2, 10.3, 10.4), each round's start (1: the Japanese draw and
the First Strike checks, 10.7) and, once the player's aircraft have flown (2, 10.8), the rest of the
round: 3-4 the Japanese aircraft (10.9), 5 the combat steps a-g, each in every area in turn (the
play example finishes a step everywhere before the next): a. air combat (10.11), b. AA (10.12),
c. bombing (10.13), d. torpedo (10.14) and e. ASW (10.15), f. naval bombardment (10.16), g. ground
combat (10.17); 6 the landings, 7 the aircraft's return and the airfields, 8 the round marker."""

from __future__ import annotations

from phaseline import sequence as walker

from . import (
    agenda,
    air_combat,
    air_moves,
    bombardment,
    bombing,
    exchange,
    first_strike,
    ground_combat,
    hits,
    paired,
    placement,
    recovery,
    rounds,
    submarines,
)
from .agenda import DONE, Task
from .sheet import AREAS


def _advance(match, task: Task) -> str:
    """The battle step a decision held open is over: the next step begins."""
    agenda.remove(match, task)
    walker.advance(match)
    return DONE


HANDLERS = {
    "jp-ships": placement.japanese_ships,
    "jp-subs": placement.japanese_submarines,
    "us-subs": placement.us_submarines,
    "set-battle": rounds.set_battle,
    "round-start": rounds.begin_round,
    "jp-draw": rounds.draw,
    "first-strike-check": first_strike.check,
    "jp-first-strike": first_strike.japanese_strike,
    "strike-home": first_strike.strike_home,
    "jp-strike-after": first_strike.after_japanese_strike,
    "jp-air-moves": air_moves.japanese_moves,
    "air-combat": air_combat.air_combat,
    "aa-area": paired.aa_area,
    "aa-line": paired.aa_line,
    "bombing": bombing.bombing,
    "submarine-steps": submarines.submarine_steps,
    "torpedo": submarines.torpedo,
    "asw-area": paired.asw_area,
    "asw-line": paired.asw_line,
    "bombardment": bombardment.bombardment,
    "ground-combat": ground_combat.ground_combat,
    "ground-extras": ground_combat.extras,
    "exchange": exchange.exchange,
    "place-hits": exchange.place_hits,
    "hits": hits.allocate,
    "offer": hits.offer,
    "kamikaze-losses": exchange.kamikaze_losses,
    "landing": recovery.landing,
    "returns": recovery.returns,
    "air-removal": recovery.air_removal,
    "homecoming": recovery.homecoming,
    "round-end": rounds.end_round,
    "advance": _advance,
}
PLACEMENT_END = ({"do": "jp-ships"}, {"do": "jp-subs"}, {"do": "us-subs"}, {"do": "set-battle"})
ROUND_START = ({"do": "round-start"},)
FIGHT = (
    {"do": "jp-air-moves"},
    *({"do": "air-combat", "area": a} for a in AREAS),
    *({"do": "aa-area", "area": a} for a in AREAS),
    *({"do": "bombing", "area": a} for a in AREAS),
    {"do": "submarine-steps"},
    {"do": "bombardment"},
    {"do": "ground-combat"},
    {"do": "landing"},
    {"do": "returns"},
    {"do": "round-end"},
)


def run(match) -> bool:
    """Carry out the battle's tasks until a decision waits (False) or none is left (True)."""
    with match.held_updates():
        return agenda.run(match, HANDLERS)


def start(match, todo: tuple[Task, ...]) -> bool:
    """Begin a part of the procedure; True when it is over, False when a decision waits."""
    agenda.push(match, *todo)
    return run(match)


def finish_step(match, todo: tuple[Task, ...]) -> bool | None:
    """A battle step's end: its part of the procedure; if a decision waits, the step is held open
    (True) until the part is over, then the next step begins (the task 'advance')."""
    if start(match, todo) or match.finished:
        return None
    agenda.append(match, {"do": "advance"})
    return True
