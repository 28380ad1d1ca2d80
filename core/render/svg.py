"""The map as an SVG document: the legend band on top, the map (hexes, or areas and points),
the tray of off-map boxes below (docs/board.md).

Every space carries ``data-space`` and every counter ``data-unit``, which the web board's
clicks read; overlays are drawn with the classes ``reach``, ``choice``, ``zoc`` and ``supply``.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .mapview import MapView
from .svg_hexes import draw_hexes
from .svg_parts import CHOICE_FILL, DEFS, FONT, REACH_FILL, SUPPLY_FILL
from .svg_spaces import draw_spaces


def render_svg(view: MapView) -> str:
    """The SVG document for ``view``: a hex grid when most spaces are hexes, else areas and points."""
    body, (x0, y0, x1, y1) = draw_hexes(view) if view.board.is_hex_map else draw_spaces(view)
    pad = 12.0
    width = max(x1 - x0 + 2 * pad, 720.0)
    legend, height = legend_band(view, x0 - pad, y0 - pad, width)
    top = y0 - pad - height
    total = y1 - top + pad
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0 - pad:.1f} {top:.1f} {width:.1f} {total:.1f}" '
            f'width="{width:.0f}" height="{total:.0f}" font-family="{FONT}">',
            f"<title>{escape(view.title)}</title>",
            DEFS,
            f'<rect x="{x0 - pad:.1f}" y="{top:.1f}" width="{width:.1f}" height="{total:.1f}" fill="white"/>',
            *legend,
            *body,
            "</svg>",
        ]
    )


def legend_band(view: MapView, x: float, bottom: float, width: float) -> tuple[list[str], float]:
    """The legend above the map: title, clock and the game's lines, then a key of colours and overlays."""
    lines = [" · ".join(f"{k} {v}" for k, v in view.legend.items() if k not in ("decision",) and len(v) < 60)]
    lines += [f"{k}: {v}" for k, v in view.legend.items() if k == "decision" or len(v) >= 60]
    lines += view.notes
    keys = [(view.colours.get(side, "#404040"), side, "square") for side in view.board.sides]
    if view.reach is not None:
        keys.append((REACH_FILL, f"reach of {view.reach_unit}", "space"))
    if view.choices:
        keys.append((CHOICE_FILL, "the open decision's choices", "space"))
    if view.zoc is not None:
        keys.append(("url(#zoc-hatch)", f"enemy ZOC of {view.zoc_side}", "space"))
    if view.supply is not None:
        keys.append((SUPPLY_FILL, f"supply of {view.supply_side} (! out of supply)", "space"))
    height = 26 + 15 * len(lines) + 22
    top = bottom - height
    out = [
        f'<g class="legend"><rect x="{x:.1f}" y="{top:.1f}" width="{width:.1f}" height="{height:.1f}" fill="#f7f7f2"/>'
    ]
    out.append(
        f'<text x="{x + 10:.1f}" y="{top + 18:.1f}" font-size="14" font-weight="bold">{escape(view.title)}</text>'
    )
    for i, line in enumerate(lines):
        out.append(f'<text x="{x + 10:.1f}" y="{top + 35 + 15 * i:.1f}" font-size="11">{escape(line)}</text>')
    kx, ky = x + 10, top + height - 12
    for fill, label, shape in keys:
        opacity = ' fill-opacity="0.5"' if shape == "space" and not fill.startswith("url") else ""
        out.append(
            f'<rect x="{kx:.1f}" y="{ky - 9:.1f}" width="12" height="12" fill="{fill}"{opacity} stroke="#333333"/>'
        )
        out.append(f'<text x="{kx + 16:.1f}" y="{ky + 1:.1f}" font-size="11">{escape(label)}</text>')
        kx += 30 + len(label) * 6.2
    out.append("</g>")
    return out, height
