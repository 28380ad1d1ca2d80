"""An area or point-to-point map in SVG (Breakout: Normandy's areas, Fleet Commander: Nimitz's
points and boxes), and the tray of off-map boxes that every map kind shares.

Each space is a card (layout.py): an area a rounded rectangle, a point a pill, a box a
square-cornered dashed one; filled with a tint of its controller's colour (else its
terrain's), ringed in red when contested, its label on top and one stack per side below.
Links join the cards' edges, styled by border kind; the game's border marks (bridges)
sit on them. Spaces with no drawing position go to the tray under the map.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from .layout import LINE, STACK_STEP, Card, card_size, edge_point, label_lines, place_cards
from .mapview import MapView
from .svg_parts import overlays, stack, terrain_colour, text, tint

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
LINK_STYLE = {
    "clear": 'stroke="#8a8a8a" stroke-width="1.2"',
    "river": 'stroke="#1f6fd1" stroke-width="3"',
    "water": 'stroke="#0b3d91" stroke-width="5"',
    "sea": 'stroke="#7fb2df" stroke-width="1.5" stroke-dasharray="3 3"',
    "bridge": 'stroke="#1f6fd1" stroke-width="3"',
}
OTHER_LINK = 'stroke="#6d6d6d" stroke-width="1.4" stroke-dasharray="7 4"'
CORNERS = {"area": 7.0, "point": 999.0, "box": 0.0}
TRAY_GAP = 14.0
BOX_FILL = "#f1f1ee"


def draw_spaces(view: MapView) -> tuple[list[str], Box]:
    """The positioned spaces as cards joined by their links, then the tray; and the extent drawn."""
    board, marks = view.board, view.marks
    spots = {
        k: marks.positions.get(k) or (s["x"], s["y"])
        for k, s in board.spaces.items()
        if k in marks.positions or (s["x"] is not None and s["y"] is not None)
    }
    spots = {k: xy for k, xy in spots.items() if k in view.shown}
    labels = {k: label_lines(k, board.spaces[k], marks.notes.get(k, "")) for k in spots}
    cards = place_cards(spots, labels)
    links, link_marks, shapes = [], [], []
    for pair, kind in sorted(board.borders.items(), key=lambda kv: sorted(kv[0])):
        a, b = sorted(pair)
        if a in cards and b in cards:
            (x1, y1), (x2, y2) = (
                edge_point(cards[a], (cards[b].x, cards[b].y)),
                edge_point(cards[b], (cards[a].x, cards[a].y)),
            )
            links.append(
                f'<line class="link {escape(kind)}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f"{LINK_STYLE.get(kind, OTHER_LINK)}/>"
            )
    for mark in marks.links:
        if mark.a in cards and mark.b in cards:
            ca, cb = cards[mark.a], cards[mark.b]
            (x1, y1), (x2, y2) = edge_point(ca, (cb.x, cb.y)), edge_point(cb, (ca.x, ca.y))
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            link_marks.append(
                f'<rect class="border-mark" x="{mx - 5:.1f}" y="{my - 5:.1f}" width="10" height="10" '
                f'fill="{mark.colour}" stroke="white" stroke-width="1"><title>{escape(mark.label)}</title></rect>'
            )
    for card in cards.values():
        shapes += draw_card(view, card)
    boxes = [c.box for c in cards.values()]
    extent = (
        min((b[0] for b in boxes), default=0.0),
        min((b[1] for b in boxes), default=0.0),
        max((b[2] for b in boxes), default=0.0),
        max((b[3] for b in boxes), default=0.0),
    )
    elsewhere = [k for k in board.spaces if k not in spots and k in view.shown]
    elsewhere += [place for place in view.off_map() if view.counters[place]]
    tray, extent = draw_tray(view, elsewhere, extent)
    return links + shapes + link_marks + tray, extent


def draw_card(view: MapView, card: Card) -> list[str]:
    """One space: its shape, overlays, label and a stack per side."""
    space: dict[str, Any] = view.board.spaces.get(card.key) or {"kind": "box", "terrain": "", "vp": 0}
    x0, y0, _, _ = card.box
    holder = view.control(card.key) if space["kind"] != "box" or view.marks.control else None
    if holder:
        fill = tint(view.colour(holder), 0.3)
    else:
        fill = BOX_FILL if space["kind"] == "box" else terrain_colour(space["terrain"])
    if view.contested(card.key):
        ring = 'stroke="#d62728" stroke-width="3"'
    elif space["kind"] == "box":
        ring = 'stroke="#444444" stroke-width="1.2" stroke-dasharray="5 3"'
    else:
        ring = 'stroke="#444444" stroke-width="1.2"'
    radius = min(CORNERS.get(space["kind"], 7.0), card.h / 2)
    geometry = f'x="{x0:.1f}" y="{y0:.1f}" width="{card.w:.1f}" height="{card.h:.1f}" rx="{radius:.1f}"'
    key = quoteattr(card.key)
    out = [f'<g class="card"><rect class="space" data-space={key} {geometry} fill="{fill}" {ring}/>']
    out += [f'<rect class="{kind}" data-space={key} {geometry} {paint}/>' for kind, paint in overlays(view, card.key)]
    colour = "#8b0000" if space["vp"] else "#111111"
    for i, line in enumerate(card.lines):
        weight = "bold" if space["vp"] or i == 0 else "normal"
        out.append(
            text(line, card.x, y0 + LINE * (i + 1), 9.5, fill=colour, font_weight=weight, fit=f"{card.w - 6:.0f}")
        )
    units = view.counters.get(card.key, [])
    sides = [s for s in dict.fromkeys([*view.board.sides, *(c.side for c in units)]) if any(c.side == s for c in units)]
    row_y = y0 + LINE * len(card.lines) + 6 + 23
    for i, side in enumerate(sides):
        x = card.x + (i - (len(sides) - 1) / 2) * STACK_STEP
        out += stack([c for c in units if c.side == side], x, row_y, view.reach_unit)
    out.append("</g>")
    return out


def draw_tray(view: MapView, keys: list[str], extent: Box) -> tuple[list[str], Box]:
    """The boxes off the map (and units in places that are no space), in rows under ``extent``."""
    if not keys:
        return [], extent
    x0, y0, x1, y1 = extent
    width = max(x1 - x0, 700.0)
    top = y1 + 2 * TRAY_GAP + 14
    out = [f'<text x="{x0:.1f}" y="{top - 8:.1f}" font-size="11" font-weight="bold">off the map</text>']
    x, y, row = x0, top, 0.0
    for key in keys:
        lines = label_lines(key, view.board.spaces.get(key), view.marks.notes.get(key, ""))
        sides = len({c.side for c in view.counters.get(key, [])})
        w, h = card_size(lines, sides)
        if x > x0 and x + w > x0 + width:
            x, y, row = x0, y + row + TRAY_GAP, 0.0
        out += draw_card(view, Card(key, x + w / 2, y + h / 2, w, h, lines))
        x, row = x + w + TRAY_GAP, max(row, h)
    return out, (x0, y0, max(x1, x0 + width), y + row)
