"""6.0-6.3 the US supply phase: the turn's reinforcement and supply points arrive (6.1, unspent
points carry over), reinforcements are bought (6.2: RP first, then SP; US units arrive on the West
Coast, Australian ones in Australia) and damaged units repaired (6.3: half the cost rounded down,
at least 1 SP; in the return-to-port boxes and out of supply too)."""

from __future__ import annotations

from phaseline import Action, Event

from ..board import AUSTRALIA, US_REINF, WEST_COAST
from .state import US, fcn_state, points_left, set_state, spend, year
from .units import gone_where, in_play, repair_cost, units_named


def begin(match) -> None:
    """6.1 the points of this turn from the set-up sheet join those left over."""
    state = fcn_state(match)
    income = match.rows(
        "SELECT rp, sp FROM fcn_income WHERE match_id = ? AND year = ? AND turn = ?",
        [match.match_id, year(match), state["campaign_turn"]],
    )
    rp, sp = (income[0]["rp"], income[0]["sp"]) if income else (0, 0)
    set_state(match, rp=state["rp"] + rp, sp=state["sp"] + sp)
    match.log(
        Event(
            "note",
            side=US,
            purpose=f"{rp} RP and {sp} SP arrive",
            rule="6.1",
            payload={"rp": state["rp"] + rp, "sp": state["sp"] + sp},
        )
    )


def arrival_point(unit: dict) -> str:
    """6.2 where a bought unit arrives: Australian units in Australia, the others on the West Coast."""
    return AUSTRALIA if unit["nationality"] == "AUS" else WEST_COAST


def buy(match, action: Action) -> None:
    """6.2 ``buy UNIT[,UNIT…]``: units of the US reinforcement box, at their (purchase) cost."""
    if len(action.args) != 1:
        raise match.violation("buy takes UNIT[,UNIT…]", rule="6.2")
    units = in_play(match)
    names = units_named(match, action.args[0], rule="6.2")
    for unit_id in names:
        unit = units.get(unit_id)
        if unit is None or unit["side"] != US or unit["space_id"] != US_REINF:
            where = unit["space_id"] if unit else "not in this campaign"
            raise match.violation(f"{unit_id} is not in the US reinforcement box ({where})", rule="6.2")
    cost = sum(units[u]["buy_cost"] for u in names)
    state = fcn_state(match)
    from_rp = min(cost, state["rp"])
    if cost - from_rp > state["sp"]:
        raise match.violation(
            f"{', '.join(names)} cost {cost}; {state['rp']} RP and {state['sp']} SP are left", rule="6.2"
        )
    set_state(match, rp=state["rp"] - from_rp, sp=state["sp"] - (cost - from_rp))
    arrive_at = {unit_id: arrival_point(units[unit_id]) for unit_id in names}
    for unit_id in names:
        match.set("unit_state", {"unit_id": unit_id}, space_id=arrive_at[unit_id])
    paid = f"{from_rp} RP and {cost - from_rp} SP"
    bought = f"bought {gone_where(names, None, arrive_at)}: {paid}, {points_left(match)}"
    match.log(Event("note", side=US, purpose=bought, rule="6.2"))


def repair(match, action: Action) -> None:
    """6.3 ``repair UNIT[,UNIT…]``: damaged US ships, land aircraft and ground units to full strength."""
    if len(action.args) != 1:
        raise match.violation("repair takes UNIT[,UNIT…]", rule="6.3")
    units = in_play(match)
    names = units_named(match, action.args[0], rule="6.3")
    for unit_id in names:
        unit = units.get(unit_id)
        if unit is None or unit["side"] != US or unit["status"] != "damaged" or unit["carrier_air"]:
            raise match.violation(f"{unit_id} is not a damaged US unit", rule="6.3")
    cost = sum(repair_cost(units[u]) for u in names)
    spend(match, cost, "6.3", f"repairing {', '.join(names)}")
    for unit_id in names:
        match.set("unit_state", {"unit_id": unit_id}, status="full")
    purpose = f"repaired {', '.join(names)} to full strength for {cost} SP, {points_left(match)}"
    match.log(Event("note", side=US, purpose=purpose, rule="6.3"))


def legal_actions(match) -> list[Action]:
    """Each unit the player can afford to buy or repair now."""
    state = fcn_state(match)
    found = []
    for unit_id, unit in in_play(match).items():
        if unit["side"] != US:
            continue
        if unit["space_id"] == US_REINF and unit["buy_cost"] <= state["rp"] + state["sp"]:
            found.append(Action("buy", (unit_id,), US))
        elif unit["status"] == "damaged" and not unit["carrier_air"] and repair_cost(unit) <= state["sp"]:
            found.append(Action("repair", (unit_id,), US))
    return found
