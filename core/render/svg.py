"""An SVG of the whole map: hexes or areas, borders, cities and unit counters.

Hexes are pointy-topped polygons coloured by terrain, north up; rivers are thick blue
lines and zone boundaries dashed red lines along the shared hex edges. Areas are
circles at their x/y position (north up) joined by their links. Units are small
squares coloured by side and labelled with their id.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from .board import AXIAL_STEPS, Board, side_codes

HEX = 18.0  # hex radius in pixels
AREA_WIDTH = 900.0
TERRAIN_COLOURS = {
    "clear": "#f2efd9",
    "rough": "#c9b68a",
    "forest": "#8fbf7f",
    "woods": "#8fbf7f",
    "mountain": "#a08c70",
    "hills": "#d6c28f",
    "marsh": "#b7d3c4",
    "swamp": "#b7d3c4",
    "sea": "#9cc3e6",
    "water": "#9cc3e6",
    "lake": "#9cc3e6",
    "neutral": "#d9d9d9",
    "city": "#e0a0a0",
    "town": "#e8c0c0",
    "bocage": "#a9c98f",
}
SIDE_COLOURS = ("#c0392b", "#2c5aa0", "#7f8c8d", "#27ae60", "#8e44ad", "#d35400")


def render_svg(board: Board) -> str:
    """The SVG document for ``board``: a hex grid when most spaces are hexes, else areas."""
    shapes = _HexShapes(board) if board.is_hex_map else _AreaShapes(board)
    body = shapes.draw()
    xs = [p[0] for p in shapes.extent] or [0.0]
    ys = [p[1] for p in shapes.extent] or [0.0]
    pad = 2 * HEX
    x0, y0, w, h = min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}" '
            f'width="{w:.0f}" height="{h:.0f}" font-family="sans-serif">',
            f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" height="{h:.1f}" fill="white"/>',
            *body,
            "</svg>",
        ]
    )


def terrain_colour(terrain: str) -> str:
    """A fixed colour for known terrains, a stable pale colour for any other."""
    if terrain in TERRAIN_COLOURS:
        return TERRAIN_COLOURS[terrain]
    digest = hashlib.sha1(terrain.encode()).digest()
    return "#" + "".join(f"{160 + b % 80:02x}" for b in digest[:3])


class _Shapes:
    """What both map kinds share: counters and labels at a centre point."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.colours = {side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(board.sides)}
        self.codes = side_codes(board.sides)
        self.extent: list[tuple[float, float]] = []

    def counters(self, key: str, cx: float, cy: float) -> list[str]:
        out = []
        size = HEX * 0.55
        for i, unit in enumerate(self.board.units.get(key, [])[:4]):
            x, y = cx - size / 2 + i * 2.5, cy - size / 2 + i * 2.5  # a stack, fanned out
            colour = self.colours.get(unit["side"], "#555555")
            title = escape(f"{unit['unit_id']} {unit['name']} ({unit['side']}, {unit['status']})")
            out.append(
                f'<g class="unit"><title>{title}</title><rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" '
                f'height="{size:.1f}" fill="{colour}" stroke="black" stroke-width="0.5"/>'
                f'<text x="{x + size / 2:.1f}" y="{y + size * 0.68:.1f}" font-size="{size * 0.45:.1f}" '
                f'text-anchor="middle" fill="white">{escape(unit["unit_id"][:4])}</text></g>'
            )
        return out

    def label(self, text: str, x: float, y: float, size: float, weight: str = "normal") -> str:
        return (
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" font-weight="{weight}" '
            f'text-anchor="middle">{escape(text)}</text>'
        )


class _HexShapes(_Shapes):
    def centre(self, space: dict[str, Any]) -> tuple[float, float]:
        return HEX * math.sqrt(3) * (space["q"] + space["r"] / 2), -HEX * 1.5 * space["r"]

    def corners(self, space: dict[str, Any]) -> list[tuple[float, float]]:
        cx, cy = self.centre(space)
        return [
            (
                round(cx + HEX * math.cos(math.radians(60 * i - 30)), 2),
                round(cy + HEX * math.sin(math.radians(60 * i - 30)), 2),
            )
            for i in range(6)
        ]

    def draw(self) -> list[str]:
        hexes = self.board.hexes
        polygons, edges, labels, units = [], [], [], []
        for key, space in hexes.items():
            corners = self.corners(space)
            self.extent += corners
            points = " ".join(f"{x},{y}" for x, y in corners)
            polygons.append(
                f'<polygon id={quoteattr("hex-" + key)} points="{points}" '
                f'fill="{terrain_colour(space["terrain"])}" stroke="#999999" stroke-width="0.5"/>'
            )
            cx, cy = self.centre(space)
            labels.append(self.label(key, cx, cy - HEX * 0.6, HEX * 0.28))
            if space["vp"]:
                labels.append(self.label(space["name"] or key, cx, cy + HEX * 0.85, HEX * 0.4, "bold"))
            units += self.counters(key, cx, cy)
        at = {(s["q"], s["r"]): k for k, s in hexes.items()}
        for key, space in hexes.items():
            for dq, dr in AXIAL_STEPS[::2]:  # east, north, south-east: each shared edge once
                other = at.get((space["q"] + dq, space["r"] + dr))
                if other is not None:
                    edges += self.edge(key, other, self.board.border(key, other))
        return polygons + edges + labels + units

    def edge(self, a: str, b: str, kind: str | None) -> list[str]:
        shared = sorted(set(self.corners(self.board.spaces[a])) & set(self.corners(self.board.spaces[b])))
        if len(shared) != 2:
            return []
        (x1, y1), (x2, y2) = shared
        line = f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"'
        out = []
        if kind == "river":
            out.append(f'<line class="river" {line} stroke="#1f6fd1" stroke-width="3.5" stroke-linecap="round"/>')
        if self.board.zone_boundary(a, b):
            out.append(f'<line class="zone" {line} stroke="#d62728" stroke-width="2" stroke-dasharray="4 3"/>')
        return out


class _AreaShapes(_Shapes):
    def __init__(self, board: Board) -> None:
        super().__init__(board)
        placed = {k: s for k, s in board.spaces.items() if s["x"] is not None and s["y"] is not None}
        if not placed:
            self.points: dict[str, tuple[float, float]] = {}
            return
        xs = [s["x"] for s in placed.values()]
        ys = [s["y"] for s in placed.values()]
        scale = AREA_WIDTH / max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
        # north up: larger y is further north, so it is drawn higher
        self.points = {k: ((s["x"] - min(xs)) * scale, (max(ys) - s["y"]) * scale) for k, s in placed.items()}

    def draw(self) -> list[str]:
        links, areas, labels, units = [], [], [], []
        for pair, kind in sorted(self.board.borders.items(), key=lambda kv: sorted(kv[0])):
            a, b = sorted(pair)
            if a in self.points and b in self.points:
                (x1, y1), (x2, y2) = self.points[a], self.points[b]
                style = 'stroke="#1f6fd1" stroke-width="2.5"' if kind in ("river", "water") else 'stroke="#888888"'
                links.append(
                    f'<line class="link {escape(kind)}" x1="{x1:.1f}" y1="{y1:.1f}" '
                    f'x2="{x2:.1f}" y2="{y2:.1f}" {style}/>'
                )
        for key, (x, y) in self.points.items():
            space = self.board.spaces[key]
            self.extent.append((x, y))
            areas.append(
                f'<circle id={quoteattr("area-" + key)} cx="{x:.1f}" cy="{y:.1f}" r="{HEX:.1f}" '
                f'fill="{terrain_colour(space["terrain"])}" stroke="#555555"/>'
            )
            labels.append(
                self.label(space["name"] or key, x, y - HEX * 1.1, HEX * 0.5, "bold" if space["vp"] else "normal")
            )
            units += self.counters(key, x, y)
        return links + areas + labels + units
