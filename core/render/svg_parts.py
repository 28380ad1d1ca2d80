"""The pieces every SVG drawing of the map shares: colours, centred text, counters and stacks.

A counter is a square in its side's (or nationality's) colour with the unit's short name
above its printed values, its condition mark in a white tab at the top right, a red '!'
when out of supply, and the stack's size in a dark disc when units stand under it. Every
counter carries ``data-unit`` and ``data-space``, which the web board's clicks read.
"""

from __future__ import annotations

import hashlib
from xml.sax.saxutils import escape, quoteattr

from .mapview import Counter, MapView

FONT = "DejaVu Sans, Verdana, sans-serif"
COUNTER = 32.0  # a counter's side in pixels
TERRAIN_COLOURS = {
    "clear": "#f2efd9",
    "rough": "#d8c596",
    "forest": "#a5c990",
    "woods": "#a5c990",
    "mountain": "#b39f80",
    "hills": "#dccb98",
    "marsh": "#c3ddd0",
    "swamp": "#c3ddd0",
    "sea": "#a9cbe8",
    "water": "#a9cbe8",
    "lake": "#a9cbe8",
    "neutral": "#dedede",
    "city": "#ecc7c0",
    "town": "#efd9cf",
    "bocage": "#bcd5a0",
    "zone": "#e4e4e4",
}
REACH_FILL, REACH_STROKE = "#ffd21f", "#9a7300"
CHOICE_FILL, CHOICE_STROKE = "#ff9d3b", "#b34700"
SUPPLY_FILL = "#2e8b57"
ZOC_COLOUR = "#c0392b"
DEFS = (
    "<defs>"
    '<pattern id="zoc-hatch" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
    f'<line x1="0" y1="0" x2="0" y2="7" stroke="{ZOC_COLOUR}" stroke-width="2" stroke-opacity="0.45"/></pattern>'
    "</defs>"
)


def terrain_colour(terrain: str) -> str:
    """A fixed colour for known terrains, a stable pale colour for any other."""
    if terrain in TERRAIN_COLOURS:
        return TERRAIN_COLOURS[terrain]
    digest = hashlib.sha1(terrain.encode()).digest()
    return "#" + "".join(f"{170 + b % 70:02x}" for b in digest[:3])


def tint(colour: str, share: float = 0.3) -> str:
    """``colour`` mixed with white: ``share`` of the colour (a controlled area's fill)."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)] if len(colour) == 7 else [128, 128, 128]
    return "#" + "".join(f"{round(255 - (255 - c) * share):02x}" for c in rgb)


def ink(colour: str) -> str:
    """Black or white text, whichever reads on ``colour``."""
    if len(colour) != 7:
        return "white"
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"


def text(content: str, x: float, y: float, size: float, **style: str) -> str:
    """A centred line of text; squeezed to ``style['fit']`` pixels when it would be wider."""
    fit = float(style.pop("fit", 0) or 0)
    squeeze = ""
    if fit and len(content) * size * 0.6 > fit:
        squeeze = f' textLength="{fit:.1f}" lengthAdjust="spacingAndGlyphs"'
    attrs = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in style.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="middle"{squeeze}{attrs}>'
        f"{escape(content)}</text>"
    )


def counter(c: Counter, x: float, y: float, selected: bool = False) -> str:
    """One counter, its top-left corner at (x, y)."""
    s = COUNTER
    fg = ink(c.colour)
    outline = 'stroke="#ffd21f" stroke-width="3"' if selected else 'stroke="#111111" stroke-width="0.8"'
    parts = [
        f'<g class="counter" data-unit={quoteattr(c.unit_id)} data-space={quoteattr(c.space)} '
        f'transform="translate({x:.1f},{y:.1f})">',
        f"<title>{escape(c.face.title or c.unit_id)}</title>",
        f'<rect width="{s:.0f}" height="{s:.0f}" rx="3" fill="{c.colour}" {outline}/>',
        text(c.face.name, s / 2, s * 0.36, s * 0.25, fill=fg, fit=f"{s - 4:.0f}"),
        text(c.face.values, s / 2, s * 0.8, s * 0.32, fill=fg, font_weight="bold", fit=f"{s - 4:.0f}"),
    ]
    if c.face.mark:
        w = max(12.0, len(c.face.mark) * 6.5 + 4)
        parts += [
            f'<rect x="{s - w + 3:.1f}" y="-5" width="{w:.1f}" height="11" rx="2" fill="white" stroke="#111111" '
            'stroke-width="0.6"/>',
            text(c.face.mark, s - w / 2 + 3, 3.6, 8.5, font_weight="bold"),
        ]
    if c.out_of_supply:
        parts += [
            '<circle cx="0" cy="0" r="6" fill="#d62728" stroke="white" stroke-width="1"/>',
            text("!", 0, 3.5, 9, fill="white", font_weight="bold"),
        ]
    parts.append("</g>")
    return "".join(parts)


def stack(units: list[Counter], cx: float, cy: float, selected: str | None = None) -> list[str]:
    """A stack centred on (cx, cy): up to three counters fanned up and right, the top one last
    (outlined when ``selected``), and the number of units in a dark disc when there are several."""
    if not units:
        return []
    shown = units[-3:]
    step = 2.5
    x0 = cx - COUNTER / 2 - step * (len(shown) - 1) / 2
    y0 = cy - COUNTER / 2 + step * (len(shown) - 1) / 2
    out = [counter(c, x0 + i * step, y0 - i * step, selected=c.unit_id == selected) for i, c in enumerate(shown)]
    if len(units) > 1:
        bx, by = x0 + (len(shown) - 1) * step + COUNTER, y0 - (len(shown) - 1) * step + COUNTER
        out.append(
            f'<g class="stack-size"><circle cx="{bx:.1f}" cy="{by:.1f}" r="7.5" fill="#222222" stroke="white"/>'
            + text(str(len(units)), bx, by + 3.3, 9, fill="white", font_weight="bold")
            + "</g>"
        )
    return out


def overlays(view: MapView, key: str) -> list[tuple[str, str]]:
    """The overlays on one space, bottom first, as (class, paint): supply tint, enemy ZOC hatching,
    the open decision's choices, the reach (with the orders that name the space)."""
    found = []
    if view.supply is not None and key in view.supply:
        found.append(("supply", f'fill="{SUPPLY_FILL}" fill-opacity="0.22"'))
    if view.zoc is not None and key in view.zoc:
        found.append(("zoc", 'fill="url(#zoc-hatch)"'))
    if key in view.choices:
        found.append(
            ("choice", f'fill="{CHOICE_FILL}" fill-opacity="0.45" stroke="{CHOICE_STROKE}" stroke-width="2.5"')
        )
    if view.reach and key in view.reach:
        orders = quoteattr(" | ".join(view.reach[key]))
        paint = f'fill="{REACH_FILL}" fill-opacity="0.5" stroke="{REACH_STROKE}" stroke-width="2.5"'
        found.append(("reach", f"data-orders={orders} {paint}"))
    return found
