"""A hex map in SVG: pointy-topped hexes coloured by terrain, north up, with their labels,
cities and who holds them, rivers (thick blue) and zone boundaries (dashed red) along the
shared edges, the overlays asked for, the stacks, and the tray of boxes below."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import quoteattr

from .board import AXIAL_STEPS
from .mapview import MapView
from .svg_parts import overlays, stack, terrain_colour, text
from .svg_spaces import Box, draw_tray

HEX = 30.0  # hex radius in pixels: a 32-pixel counter sits inside with room for the labels


def centre(space: dict[str, Any]) -> tuple[float, float]:
    return HEX * math.sqrt(3) * (space["q"] + space["r"] / 2), -HEX * 1.5 * space["r"]


def corners(space: dict[str, Any]) -> list[tuple[float, float]]:
    return _corners(space["q"], space["r"])


@lru_cache(maxsize=4096)
def _corners(q: int, r: int) -> list[tuple[float, float]]:
    cx, cy = centre({"q": q, "r": r})
    return [
        (
            round(cx + HEX * math.cos(math.radians(60 * i - 30)), 2),
            round(cy + HEX * math.sin(math.radians(60 * i - 30)), 2),
        )
        for i in range(6)
    ]


def draw_hexes(view: MapView) -> tuple[list[str], Box]:
    """The shown hexes with everything on them, and the extent drawn (x0, y0, x1, y1)."""
    board = view.board
    hexes = {k: s for k, s in board.hexes.items() if k in view.shown}
    polygons, marks, edges, labels, units = [], [], [], [], []
    xs, ys = [], []
    for key, space in hexes.items():
        points = corners(space)
        xs += [p[0] for p in points]
        ys += [p[1] for p in points]
        outline = " ".join(f"{x},{y}" for x, y in points)
        polygons.append(
            f'<polygon class="space" id={quoteattr("hex-" + key)} data-space={quoteattr(key)} points="{outline}" '
            f'fill="{terrain_colour(space["terrain"])}" stroke="#9a9a9a" stroke-width="0.6"/>'
        )
        marks += [
            f'<polygon class="{kind}" points="{outline}" data-space={quoteattr(key)} {paint}/>'
            for kind, paint in overlays(view, key)
        ]
        cx, cy = centre(space)
        labels.append(text(key, cx, cy - HEX * 0.68, 7, fill="#555555"))
        if space["vp"]:
            labels += _city(view, key, space, cx, cy)
        units += stack(view.counters.get(key, []), cx, cy + 1, view.reach_unit)
    at = {(s["q"], s["r"]): k for k, s in hexes.items()}
    for key, space in hexes.items():
        for dq, dr in AXIAL_STEPS[::2]:  # east, north, south-east: each shared edge once
            other = at.get((space["q"] + dq, space["r"] + dr))
            if other is not None:
                edges += _edge(view, key, other)
    extent = (min(xs, default=0.0), min(ys, default=0.0), max(xs, default=0.0), max(ys, default=0.0))
    all_hexes = board.hexes
    boxes = [k for k, s in board.spaces.items() if k not in all_hexes and (s["kind"] == "box" or k in view.counters)]
    boxes += [place for place, stack in view.off_map().items() if stack]  # units in places that are no space
    tray, extent = draw_tray(view, boxes, extent)
    return polygons + marks + edges + labels + units + tray, extent


def _city(view: MapView, key: str, space: dict[str, Any], cx: float, cy: float) -> list[str]:
    """A city's name and VP under its counters, and a flag in the colour of whoever holds it."""
    name = f"{space['name'] or key} {space['vp']}"
    out = [text(name, cx, cy + HEX * 0.83, 8, font_weight="bold", fill="#5a1010", fit=f"{HEX * 1.7:.0f}")]
    holder = view.control(key)
    if holder and view.marks.control:
        out.append(
            f'<rect class="control" x="{cx + HEX * 0.38:.1f}" y="{cy - HEX * 0.82:.1f}" width="10" height="7" '
            f'fill="{view.colour(holder)}" stroke="#111111" stroke-width="0.5">'
            f"<title>{holder} holds {key}</title></rect>"
        )
    return out


def _edge(view: MapView, a: str, b: str) -> list[str]:
    board = view.board
    shared = sorted(set(corners(board.spaces[a])) & set(corners(board.spaces[b])))
    if len(shared) != 2:
        return []
    (x1, y1), (x2, y2) = shared
    line = f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"'
    out = []
    if board.border(a, b) == "river":
        out.append(f'<line class="river" {line} stroke="#1f6fd1" stroke-width="4" stroke-linecap="round"/>')
    if board.zone_boundary(a, b):
        out.append(f'<line class="zone" {line} stroke="#d62728" stroke-width="2" stroke-dasharray="5 3"/>')
    return out
