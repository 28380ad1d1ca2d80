"""The table of an area or point-to-point map (Breakout: Normandy, Fleet Commander: Nimitz):
one row per space shown, with its control, its stacks, the spaces it links to and the overlays
asked for; :func:`for_people` trims the table a terminal prints."""

from __future__ import annotations

from typing import Any

from .hexmap import counter_text
from .mapview import MapView


def area_rows(view: MapView) -> list[dict[str, Any]]:
    """Per space: id, name (with the game's note), kind, vp, control, contested, units, the
    spaces it links to, border marks, and a column per overlay asked for."""
    board = view.board
    borders: dict[str, list[str]] = {}
    for mark in view.marks.links:
        for end in (mark.a, mark.b):
            borders.setdefault(end, []).append(mark.label)
    links = board.neighbours()
    rows = []
    for key in sorted(view.shown, key=lambda k: (board.spaces[k]["kind"] == "box", _order(k))):  # boxes last
        space = board.spaces[key]
        note = view.marks.notes.get(key, "")
        row: dict[str, Any] = {
            "space": key,
            "name": " ".join(p for p in (space["name"] or "", note) if p),
            "kind": space["kind"],
            "terrain": space["terrain"],
            "vp": space["vp"] or "",
            "control": view.control(key) or "",
            "state": "contested" if space["kind"] != "box" and view.contested(key) else "",  # a box holds, never fights
            "units": ", ".join(counter_text(c) for c in view.counters.get(key, [])),
            "links": ", ".join(sorted(links.get(key, ()), key=_order)),
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


def for_people(rows: list[dict[str, Any]], width: int = 60) -> list[dict[str, Any]]:
    """The rows a terminal shows: boxes only when they hold units; terrain only where it says
    more than the kind (a point's terrain is "point"); no column empty in every row; long
    lists of units and links wrapped at ``width``."""
    rows = [row for row in rows if row["kind"] != "box" or row["units"]]
    if all(row["terrain"] == row["kind"] for row in rows):
        rows = [{k: v for k, v in row.items() if k != "terrain"} for row in rows]
    kept = [key for key in (rows[0] if rows else {}) if any(row[key] not in ("", None) for row in rows)]
    return [{key: _wrapped(row[key], width) if key in ("units", "links") else row[key] for key in kept} for row in rows]


def _wrapped(text: str, width: int) -> str:
    """The comma-separated list ``text`` on lines of about ``width``, never breaking an item."""
    lines: list[str] = []
    for item in text.split(", ") if text else []:
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += f", {item}"
        else:
            lines.append(item)
    return ",\n".join(lines)


def _order(space: str) -> tuple[int, int, str]:
    """Numbered areas in number order, then named spaces alphabetically."""
    return (0, int(space), "") if space.isdigit() else (1, 0, space)
