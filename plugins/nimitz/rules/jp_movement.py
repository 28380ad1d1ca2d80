"""9.0 the Japanese movement phase: at its start the B-29s' removals (12.2), then the preliminary
steps: (1) a lone Japanese ground unit or land aircraft is marked and rolls no order, but in Japan
and East Asia; (2) the "Japanese moving" markers of recon become move-complete markers; (3) at a
point holding any US unit the Japanese ground units are marked. 1945: the units on Okinawa and Iwo
Jima roll no order (12.4). Then (4) point by point, in the order the player chooses (decision
``next-point``), the orders are rolled until every unit there has moved or is marked (9.1).
Once all have moved, the markers come off."""

from __future__ import annotations

from phaseline import Event
from phaseline.model import plays_ruling

from . import b29, jp_orders
from .state import JP, US, fcn_state, set_state
from .units import in_play, is_ground_or_air, points


def begin(match) -> None:
    """The phase's garrisons (9.2 *), then the B-29s (12.2) or, with none, the preliminary steps."""
    jp_orders.snapshot_garrisons(match)
    set_state(match, jp_point=None)
    if not b29.begin_removals(match):
        preliminary_steps(match)


def preliminary_steps(match) -> None:
    """9.0 (1)-(3) and 12.4, then the first point to roll (9.0 (4))."""
    units = in_play(match)
    on_map = points(match)
    japanese: dict[str, list[str]] = {}
    us_here: set[str] = set()
    for unit_id, unit in units.items():
        if unit["space_id"] in on_map:
            if unit["side"] == JP:
                japanese.setdefault(unit["space_id"], []).append(unit_id)
            else:
                us_here.add(unit["space_id"])
    marked: dict[str, str] = {}
    alone = plays_ruling(match, "lone-unit-alone")
    for point, here in japanese.items():
        ashore = [u for u in here if is_ground_or_air(units[u])]
        if not on_map[point]["last_unit_exempt"] and len(ashore) == 1 and (not alone or len(here) == 1):
            marked[ashore[0]] = "9.0 (1) a lone ground unit or land aircraft"
        for unit_id in here:
            if units[unit_id]["marker"] == "moving":
                marked[unit_id] = "9.0 (2) moved at recon"
            elif point in us_here and units[unit_id]["category"] == "ground":
                marked.setdefault(unit_id, "9.0 (3) pinned by US units")
            elif jp_orders.rolls_no_order(match, point):
                marked.setdefault(unit_id, "12.4 no order rolls on Okinawa and Iwo Jima in 1945")
    with match.held_updates():
        for unit_id in marked:
            match.set("fcn_unit", {"unit_id": unit_id}, marker="complete")
    if marked:
        match.log(
            Event(
                "note",
                side=JP,
                rule="9.0",
                purpose=f"marked move-complete: {', '.join(sorted(marked))}",
                payload={"marked": marked},
            )
        )
    next_point(match)


def points_to_roll(match) -> list[str]:
    """The map points where Japanese units without a marker stand (9.0 (4))."""
    on_map = points(match)
    return sorted(
        {
            u["space_id"]
            for u in in_play(match).values()
            if u["side"] == JP and u["space_id"] in on_map and not u["marker"]
        }
    )


def next_point(match) -> None:
    """9.0 (4) the next point to roll: asked when there are several, taken when there is one."""
    left = points_to_roll(match)
    if len(left) > 1:
        match.ask(US, "next-point", "Which point's Japanese units roll next on the Orders Table?", left, {}, rule="9.0")
    set_state(match, jp_point=left[0] if len(left) == 1 else None)


def choose_point(match, point: str) -> None:
    """The player's answer to ``next-point``."""
    set_state(match, jp_point=point)


def roll_at(match, point: str) -> None:
    """One order roll at the point in progress (9.1); when its units are all done, the next point."""
    if fcn_state(match)["jp_point"] != point:
        raise match.violation(
            f"the Japanese units rolling now are at {fcn_state(match)['jp_point']}, not {point}", rule="9.0"
        )
    jp_orders.resolve(match, point)
    if not jp_orders.unmarked_at(match, point):
        next_point(match)


def end(match) -> None:
    """9.0 once all Japanese units have moved, the move-complete markers come off."""
    match.update_where("fcn_unit", "marker IS NOT NULL", marker=None)
