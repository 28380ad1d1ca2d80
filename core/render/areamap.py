"""The table of an area or point-to-point map (Breakout: Normandy, Fleet Commander: Nimitz):
one row per space shown, with its control, its stacks and the overlays asked for."""

from __future__ import annotations

from typing import Any

from .hexmap import counter_text
from .mapview import MapView


def area_rows(view: MapView) -> list[dict[str, Any]]:
    """Per space: id, name (with the game's note), kind, vp, control, contested, units, border
    marks, and a column per overlay asked for."""
    board = view.board
    borders: dict[str, list[str]] = {}
    for mark in view.marks.links:
        for end in (mark.a, mark.b):
            borders.setdefault(end, []).append(mark.label)
    rows = []
    for key in sorted(view.shown, key=_order):
        space = board.spaces[key]
        note = view.marks.notes.get(key, "")
        row: dict[str, Any] = {
            "space": key,
            "name": " ".join(p for p in (space["name"] or "", note) if p),
            "kind": space["kind"],
            "terrain": space["terrain"],
            "vp": space["vp"] or "",
            "control": view.control(key) or "",
            "state": "contested" if view.contested(key) else "",
            "units": ", ".join(counter_text(c) for c in view.counters.get(key, [])),
            "borders": ", ".join(borders.get(key, [])),
        }
        if view.zoc is not None:
            row[f"enemy ZOC of {view.zoc_side}"] = "yes" if key in view.zoc else ""
        if view.reach is not None:
            row[f"reach of {view.reach_unit}"] = "; ".join(view.reach.get(key, []))
        if view.supply is not None:
            row[f"supply of {view.supply_side}"] = "in supply" if key in view.supply else ""
        if view.choices:
            row["decision"] = "offered" if key in view.choices else ""
        rows.append(row)
    return rows


def _order(space: str) -> tuple[int, int, str]:
    """Numbered areas in number order, then named spaces alphabetically."""
    return (0, int(space), "") if space.isdigit() else (1, 0, space)
