"""11.4 the US supply check phase: each US ground unit and land aircraft must trace a route from the
West Coast through US-held points to its point (the point itself need not be held); where none
reaches, every US ground unit and land aircraft there takes 1 hit (damaged, or destroyed if it was)."""

from __future__ import annotations

from phaseline import Event

from .holding import holding, remember_supply
from .state import US
from .units import in_play, is_ground_or_air


def check(match) -> None:
    rows = holding(match)
    remember_supply(match, rows)
    cut = {row["point_id"]: row["reason"] for row in rows if row["us_units"] and not row["supplied"]}
    hit = sorted(
        u for u, row in in_play(match).items() if row["side"] == US and row["space_id"] in cut and is_ground_or_air(row)
    )
    units = in_play(match)
    with match.held_updates():
        for unit_id in hit:
            status = "damaged" if units[unit_id]["status"] == "full" else "destroyed"
            match.set("unit_state", {"unit_id": unit_id}, status=status)
    match.log(
        Event(
            "note",
            side=US,
            rule="11.4",
            purpose="out of supply, 1 hit each: " + (", ".join(hit) or "none"),
            payload={"points": cut, "hit": hit},
        )
    )
