"""11.2 the Japanese repair phase: every damaged Japanese unit leaves the map, full strength again,
to the bottom of its type's stack in the reinforcement box; but a damaged ground unit at a point
holding US units stays, and so does a damaged unit that is the last Japanese ground unit or land
aircraft at its point. A battalion goes with the ground units (「増援保管ボックスの同じタイプの
スペースに置きます」: 11.2 makes no exception, where 12.2 sends a battalion to its box); the
ruling ``repaired-battalion-to-its-box`` sends it back to the battalion box (2.8)."""

from __future__ import annotations

from phaseline import Event
from phaseline.model import plays_ruling

from ..board import JP_BN, JP_REINF
from . import stacks
from .state import JP
from .units import in_play, is_ground_or_air, kind, points

BATTALION_TO_BOX = "repaired-battalion-to-its-box"  # the other reading of 11.2 (rulings.py)


def repair(match) -> None:
    """11.2 the damaged Japanese units that may go, top of their stacks first."""
    units = in_play(match)
    on_map = points(match)
    us_at = {u["space_id"] for u in units.values() if u["side"] != JP and u["space_id"] in on_map}
    staying = {
        p: sum(1 for u in units.values() if u["side"] == JP and u["space_id"] == p and is_ground_or_air(u))
        for p in on_map
    }
    going, kept = [], []
    for point in sorted(on_map):
        for unit_kind in stacks.KINDS:
            for unit_id in stacks.stack(match, point, unit_kind):
                unit = units[unit_id]
                if unit["status"] != "damaged":
                    continue
                if unit_kind == "ground" and point in us_at:
                    kept.append(f"{unit_id} (pinned at {point})")
                elif is_ground_or_air(unit) and staying[point] == 1:  # 11.2 no exception for Japan
                    kept.append(f"{unit_id} (the last at {point})")
                else:
                    going.append(unit_id)
                    staying[point] -= is_ground_or_air(unit)
    to_box = plays_ruling(match, BATTALION_TO_BOX)
    for unit_id in going:
        boxed = to_box and units[unit_id]["type"] == "battalion"
        match.set("unit_state", {"unit_id": unit_id}, space_id=JP_BN if boxed else JP_REINF, status="full")
        stacks.leave(match, [unit_id])
        if not boxed:  # 11.2 at the bottom of its type's stack
            stacks.piles(match).put(stacks.pile_name(JP_REINF, kind(units[unit_id])), [unit_id], end="bottom")
    match.log(
        Event(
            "note",
            side=JP,
            rule="11.2",
            purpose=f"repaired to the reinforcement box: {', '.join(going) or 'none'}"
            + (f"; staying damaged: {', '.join(kept)}" if kept else ""),
            payload={"repaired": going},
        )
    )
