"""9.1-9.2 one roll on the Japanese Orders Table at a point, and what it moves.

A d10 gives the order; the order takes at most so many ships, infantry and land aircraft from the
tops of the point's stacks (ships, then ground units, then aircraft) to its destination (9.2). The
last Japanese ground unit or land aircraft of a point never leaves, but in Japan and East Asia;
Japanese ground units at a point holding US units cannot leave. An order that cannot be carried
out, or moves no unit, is a Hold; each Hold gains a supply marker. Short of infantry on the way to
US units, the order takes a battalion from the battalion box for each infantry missing. Among
several equal destinations the dice pick (1.3). Units that did not move roll again (9.1).
"""

from __future__ import annotations

from typing import Any

from phaseline import Event
from phaseline.model import plays_ruling

from ..board import AUSTRALIA, HAWAII, IWO_JIMA, JAPAN, OKINAWA
from . import sql, stacks
from .random_pick import pick
from .state import JP, fcn_state, set_state, year
from .units import battalion_box, in_play, kind, points

GARRISON_SQL = """SELECT p.point_id,
       coalesce(bool_or(c.side = 'JP' AND ((c.category = 'ground' AND NOT coalesce(f.transport, FALSE))
                        OR (c.category = 'aircraft' AND NOT c.carrier_air))), FALSE) AS jp_garrisoned
FROM fcn_point p
LEFT JOIN unit_state s ON s.match_id = p.match_id AND s.space_id = p.point_id AND s.status <> 'destroyed'
LEFT JOIN fcn_counter c ON c.match_id = s.match_id AND c.unit_id = s.unit_id
LEFT JOIN fcn_unit f ON f.match_id = s.match_id AND f.unit_id = s.unit_id
WHERE p.match_id = ?
GROUP BY p.point_id"""


def snapshot_garrisons(match) -> None:
    """9.2 * the points where Japanese ground units (not on transports) or land aircraft stand as a
    phase begins: the aircraft of Engage, Advance South, Sortie and Battle go along only to those,
    and Reinforce goes only to such objectives (the play example: 'at the start of this phase')."""
    match.update_from("fcn_point_state", GARRISON_SQL, [match.match_id])


def rolls_no_order(match, point: str) -> bool:
    """12.4: in 1945 no movement roll is made for the Japanese units on Okinawa and Iwo Jima,
    in the movement phase (9.0) or at recon (7.2)."""
    return year(match) == 1945 and point in (OKINAWA, IWO_JIMA)


def unmarked_at(match, point: str) -> dict[str, list[str]]:
    """The Japanese units at ``point`` without a marker, by type, each in stack order (top first)."""
    units = in_play(match)
    free = {u for u, row in units.items() if row["side"] == JP and row["space_id"] == point and not row["marker"]}
    if not free:
        return {}
    return {k: [u for u in stacks.stack(match, point, k) if u in free] for k in stacks.KINDS}


def destinations(match, point: str) -> list[dict[str, Any]]:
    """Every order's candidate destinations from ``point`` (one query: fcn-order-destinations)."""
    return sql.run(match, "fcn-order-destinations", point=point, south=AUSTRALIA, east=HAWAII, home=JAPAN)


def resolve(match, point: str, *, recon: bool = False) -> None:
    """One roll on the Orders Table for the unmarked Japanese units at ``point`` (9.1; 7.2 when ``recon``)."""
    roll = match.roll(f"9.1 Japanese order at {point}", rule="9.1", sides=10, side=JP)
    order = match.static("fcn_order", "roll")[roll]["order_name"]
    if order == "hold":
        hold(match, point, recon=recon, forced=None)
        return
    candidates = sorted(row["point_id"] for row in destinations(match, point) if row["order_name"] == order)
    if not candidates:
        hold(match, point, recon=recon, forced=f"{order} cannot be carried out from {point}: no destination")
        return
    target = pick(match, candidates, f"1.3 {order} from {point}: one of {', '.join(candidates)}")
    if target == point:
        hold(match, point, recon=recon, forced=f"{order} from {point} picked {point} itself: nothing moves")
        return
    row = next(r for r in destinations(match, point) if r["order_name"] == order and r["point_id"] == target)
    movers, battalions = select(match, point, order, row)
    if not movers:
        hold(match, point, recon=recon, forced=f"{order} to {target}: no unit at {point} can go")
        return
    move(match, movers + battalions, target, recon=recon, us_present=row["us_present"])
    match.log(
        Event(
            "note",
            side=JP,
            to_space=target,
            from_space=point,
            rule="9.2",
            purpose=f"{order} from {point} to {target}: {', '.join(movers + battalions)}",
            payload={"order": order, "roll": roll, "units": movers, "battalions": battalions},
        )
    )


def limits(match, order: str) -> dict[str, Any]:
    """What ``order`` takes (9.2), as the rulings read it."""
    limit = dict(match.static("fcn_order_limit", "order_name")[order])
    if order == "sortie" and plays_ruling(match, "sortie-two-infantry"):  # 9.2 the Sortie example's 2 infantry
        limit["infantry"] = 2
    return limit


def ship_order(match, ships: list[str], units: dict[str, dict[str, Any]]) -> list[str]:
    """The ships in the order an order takes them: the stack's top first (9.1), unless an optional
    rule orders them otherwise (``fcn_ship_order``); ``units`` are the units in play."""
    return match.hook.fcn_ship_order(match=match, ships=ships, units=units) or ships


def select(match, point: str, order: str, target: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The units ``order`` moves from ``point`` to ``target`` and the battalions drawn from the box (9.1)."""
    units = in_play(match)
    limit = limits(match, order)
    free = unmarked_at(match, point)
    exempt = points(match)[point]["last_unit_exempt"]  # 9.1 Japan and East Asia may send their last unit
    here = [u for u, row in units.items() if row["side"] == JP and row["space_id"] == point]
    staying = sum(1 for u in here if kind(units[u]) in ("ground", "air"))
    pinned = any(row["side"] != JP and row["space_id"] == point for row in units.values())
    # 9.1 ships, then ground units, then aircraft
    movers = ship_order(match, free.get("ship", []), units)[: limit["ships"]]
    ground = []
    if not pinned:  # 9.0 (3), 9.1 Japanese ground units at a point holding US units cannot move
        for unit_id in free.get("ground", []):
            if len(ground) == limit["infantry"] or not (exempt or staying > 1):
                break
            ground.append(unit_id)
            staying -= 1
    aircraft = []
    wanted = limit["aircraft"] if target["garrisoned"] or not limit["aircraft_if_garrisoned"] else 0
    for unit_id in free.get("air", []):
        if len(aircraft) == wanted or not (exempt or staying > 1):  # 9.1 the last ground unit or aircraft stays
            break
        aircraft.append(unit_id)
        staying -= 1
    movers += ground + aircraft
    missing = limit["infantry"] - len(ground)
    # 9.1 battalions make up the infantry of units that move where US units are; none goes alone
    if not movers or not target["us_present"] or missing <= 0 or _lone_ground_stays(match, units, here, exempt):
        return movers, []
    return movers, battalion_box(match)[:missing]  # 9.1 a battalion from the box for each infantry missing


def _lone_ground_stays(match, units: dict, here: list[str], exempt: bool) -> bool:
    """The no-battalion-for-lone-ground ruling: a point whose only ground unit must stay (and that
    has no land aircraft) draws no battalion (9.1's rule example)."""
    if not plays_ruling(match, "no-battalion-for-lone-ground") or exempt:
        return False
    kinds = [kind(units[u]) for u in here]
    return kinds.count("ground") == 1 and "air" not in kinds


def move(match, unit_ids: list[str], target: str, *, recon: bool, us_present: bool) -> None:
    """The units go to ``target``, marked (7.2 'Japanese moving' or 9.1 move-complete); ground units
    going where US units are board transports (9.1), and so do those moved at recon (7.2)."""
    units = in_play(match)
    marker = "moving" if recon else "complete"
    with match.held_updates():
        for unit_id in unit_ids:
            match.set("unit_state", {"unit_id": unit_id}, space_id=target, moved=True)
            at_sea = kind(units[unit_id]) == "ground" and (recon or us_present)
            match.set("fcn_unit", {"unit_id": unit_id}, marker=marker, transport=at_sea)
    stacks.arrive(match, unit_ids, target)


def hold(match, point: str, *, recon: bool, forced: str | None) -> None:
    """9.2 Hold: up to 6 ships, 2 infantry and 3 land aircraft from the tops of the stacks stay,
    marked; each Hold puts a supply marker in the box (one forced by an order that could not be
    carried out too, unless the no-supply-from-forced-hold ruling)."""
    limit = match.static("fcn_order_limit", "order_name")["hold"]
    free = unmarked_at(match, point)
    held = free.get("ship", [])[: limit["ships"]] + free.get("ground", [])[: limit["infantry"]]
    held += free.get("air", [])[: limit["aircraft"]]
    marker = "moving" if recon else "complete"
    with match.held_updates():
        for unit_id in held:
            match.set("fcn_unit", {"unit_id": unit_id}, marker=marker)
    supply = forced is None or not plays_ruling(match, "no-supply-from-forced-hold")
    if supply:
        set_state(match, jp_supply=fcn_state(match)["jp_supply"] + 1)
    why = f"{forced}; Hold" if forced else "Hold"
    match.log(
        Event(
            "note",
            side=JP,
            from_space=point,
            rule="9.2",
            purpose=f"{why} at {point}: {', '.join(held) or 'no unit'} stay" + ("; a supply marker" if supply else ""),
            payload={"order": "hold", "units": held, "supply": supply, "forced": bool(forced)},
        )
    )
