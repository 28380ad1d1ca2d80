"""11.3 the US return-to-port phase: the ships already in the return-to-port boxes move one box on
(those leaving the box nearest Hawaii go to Hawaii, usable from the next turn); then every US ship at
a point other than Hawaii and the West Coast, every US ship at a point holding enemy units, and every
submarine in the commerce-raiding box goes to the last box the year uses (1942: R42; 1943: R42-R43;
1944-45: all three). Advancing first is what makes even the 1942 box cost a turn."""

from __future__ import annotations

from phaseline import Event

from ..board import HAWAII, RAIDING, WEST_COAST
from .state import JP, US, frame
from .units import in_play, points


def boxes(match) -> list[str]:
    """The return-to-port boxes in use this year, nearest Hawaii first."""
    return frame(match)["return_boxes"].split()


def return_to_port(match) -> None:
    units = in_play(match)
    in_use = boxes(match)
    on_map = points(match)
    enemy_at = {u["space_id"] for u in units.values() if u["side"] == JP}
    advance = {
        u: (in_use[in_use.index(r["space_id"]) - 1] if r["space_id"] != in_use[0] else HAWAII)
        for u, r in units.items()
        if r["space_id"] in in_use
    }
    ships = [u for u, r in units.items() if r["side"] == US and r["category"] == "ship"]
    back = sorted(
        u
        for u in ships
        if (
            units[u]["space_id"] in on_map
            and (units[u]["space_id"] not in (HAWAII, WEST_COAST) or units[u]["space_id"] in enemy_at)
        )
        or units[u]["space_id"] == RAIDING
    )
    with match.held_updates():
        for unit_id, box in advance.items():
            match.set("unit_state", {"unit_id": unit_id}, space_id=box)
        for unit_id in back:
            match.set("unit_state", {"unit_id": unit_id}, space_id=in_use[-1])
    match.log(
        Event(
            "note",
            side=US,
            rule="11.3",
            purpose=f"return to port: {', '.join(back) or 'no ship'} to {in_use[-1]}"
            + (f"; {', '.join(f'{u} to {b}' for u, b in sorted(advance.items()))}" if advance else ""),
            payload={"returned": back, "advanced": advance},
        )
    )
