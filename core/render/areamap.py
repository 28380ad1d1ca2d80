"""The area table of an area map (Breakout: Normandy): one row per area.

Generic over games: who holds an area is read from the units in it (one side:
that side; several: contested). A game with its own notion of control draws its
own map through the ``phaseline_render_map`` hook.
"""

from __future__ import annotations

from typing import Any

from .board import Board


def area_rows(board: Board) -> list[dict[str, Any]]:
    """Per area: name, terrain, vp, zone, units per side, control and the units with status."""
    rows = []
    for key, space in board.spaces.items():
        units = board.units.get(key, [])
        present = sorted({u["side"] for u in units})
        row: dict[str, Any] = {
            "area": key,
            "name": space["name"] or "",
            "kind": space["kind"],
            "terrain": space["terrain"],
            "vp": space["vp"],
            "zone": space["zone"] or "",
        }
        row.update({side: sum(u["side"] == side for u in units) or "" for side in board.sides})
        row["control"] = "contested" if len(present) > 1 else (present[0] if present else "")
        row["units"] = ", ".join(f"{u['unit_id']} ({u['status']})" for u in units)
        if board.zoc is not None:
            row[f"enemy ZOC of {board.zoc_side}"] = "yes" if key in board.zoc else ""
        rows.append(row)
    return rows
