"""5.1 the campaign turn: the turn marker's advance (step 1) and, for each strategic phase, what
happens as it begins and ends and what the player may type in it."""

from __future__ import annotations

from phaseline import Event

from .. import setup
from ..scenarios import year_and_turn
from . import b29, combat, jp_movement, recon, return_to_port, supply_check, supply_phase, us_movement, victory
from .state import US, fcn_state, set_state

BEGIN = {
    "us-supply": supply_phase.begin,
    "jp-recon": recon.begin_resolution,
    "us-movement": us_movement.begin,
    "jp-movement": jp_movement.begin,
    "combat": combat.begin,
    "us-return": return_to_port.return_to_port,
    "us-supply-check": supply_check.check,
    "us-defeat-check": victory.defeat_check,
}
END = {
    "jp-movement": jp_movement.end,
    "combat": b29.return_bombers,
}
LEGAL = {
    "us-supply": supply_phase.legal_actions,
    "us-recon": recon.legal_actions,
    "us-movement": us_movement.legal_actions,
    "combat": combat.legal_actions,
}


def begin_turn(match, turn: int) -> None:
    """5.1 step 1: the turn marker moves one box on; a new year of the linked campaign is set up
    from its own sheet first (12.6). Each unit's move of the last turn, the transports and the last
    turn's battles are over."""
    year, campaign_turn = year_and_turn(match, turn)
    if year != fcn_state(match)["year"]:
        setup.clear_year(match)
        setup.set_up_year(match, year)
    name = match.static("fcn_turn", "turn")[campaign_turn]["name"]
    set_state(match, campaign_turn=campaign_turn, turn_name=name)
    match.update_where("unit_state", "moved", moved=False)
    match.update_where("fcn_unit", "marker IS NOT NULL OR transport", marker=None, transport=False)
    match.update_where("fcn_point_state", "battle_fought", battle_fought=False)  # 10.0 a battle a point each turn
    for (marker,) in list(match.rows_of("fcn_recon")):  # 7.1 recon markers are used in the turn they are bought
        match.delete("fcn_recon", {"marker": marker})
    match.log(Event("note", side=US, purpose=f"turn marker to {name} {year}", rule="5.1"))


def begin(match, step) -> None:
    """What happens as a strategic phase begins."""
    if fcn_state(match)["jp_done"]:
        set_state(match, jp_done=False)
    handler = BEGIN.get(step.name)
    if handler is not None:
        handler(match)


def end(match, step) -> None:
    """What happens as a strategic phase ends."""
    handler = END.get(step.name)
    if handler is not None:
        handler(match)


def legal_actions(match, step) -> list:
    """The player's orders in a strategic phase (``end`` is the engine's)."""
    listing = LEGAL.get(step.name)
    return listing(match) if listing else []
