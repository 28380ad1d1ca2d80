"""How a match of Battle for Germany stands while it is played (``phaseline status``): what
each scenario's victory rests on (11.0, 12.23, 13.0, 14.0, 15.25, 16.31, 17.32), the VP of
each bloc now (11.0) and who has entered Berlin (12.22)."""

from __future__ import annotations

from phaseline import Standing

from .state import bfg_state
from .victory import BERLIN_BY, _draw_without_berlin, scores

BLOCS = {"SOV": "Soviets", "WA": "Western Allies", "GER": "Germans"}  # 11.0: the two German forces are one

DECIDES = {  # each scenario's victory conditions, in a sentence ({last}: its last turn)
    "historical": "the bloc with more VP at the end of turn {last} wins (11.0); if nobody has entered Berlin, "
    "a draw (12.23)",
    "expanded": "the bloc with more VP at the end of turn {last} wins (13.0, 11.0); if nobody has entered "
    "Berlin, a draw (12.23)",
    "collapse": "the bloc with more VP for the cities its units occupy at the end of turn {last} wins (14.0)",
    "rsws": "the bloc with more VP at the end of turn {last} wins (15.25)",
    "three-player": "the bloc with more VP at the end of turn {last} wins; if nobody has entered Berlin, the "
    "German player wins (16.31)",
    "four-player": "Berlin by turn {berlin} (17.32): the East German player wins if the Soviets fail to enter it, "
    "the West German player if the Western Allies fail; whoever enters it first wins too",
}
EXPANDED_BY_VP = "the bloc with more VP at the end of turn {last} wins (13.0, 11.0; Berlin or not, by the ruling)"


def standing(match) -> Standing:
    """What decides the scenario, each bloc's VP now and where Berlin stands."""
    name = match.scenario.name
    text = EXPANDED_BY_VP if name == "expanded" and not _draw_without_berlin(match) else DECIDES[name]
    points = {BLOCS.get(bloc, bloc): f"{vp} VP" for bloc, vp in sorted(scores(match).items())}
    return Standing(decides=text.format(last=match.last_turn, berlin=BERLIN_BY), points=points, notes=(_berlin(match),))


def _berlin(match) -> str:
    """12.22, 17.32: who entered Berlin first, and when each side did."""
    state = bfg_state(match)
    if not state["berlin_entered_by"]:
        return "Berlin: not entered yet (12.22)"
    first = f"Berlin: entered first by {state['berlin_entered_by']} on turn {state['berlin_entered_turn']}"
    entries = (("SOV", state["sov_berlin_turn"]), ("WA", state["wa_berlin_turn"]))
    later = [f"{side} on turn {turn}" for side, turn in entries if turn and side != state["berlin_entered_by"]]
    return first + (f", then {', '.join(later)}" if later else "") + " (12.22)"
