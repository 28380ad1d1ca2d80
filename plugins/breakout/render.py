"""Breakout: Normandy's maps: the area table for the terminal and the SVG map.

Both draw what the tables hold: control (4.6, 7.3; space_control), contested areas (7.4),
each unit's condition Fresh/Spent/Dis1/Dis2 (4.2, 4.5), the bridges' states (20.1;
link_state), the zones (3.3) and the VP areas (3.25) with the Allied VP now (22.3).
"""

from __future__ import annotations

import math
from html import escape

from tabulate import tabulate

from .rules.board import Area, Board, board
from .rules.victory import score, vp_required, week_end_turn

CONDITION = {"Fresh": "F", "Spent": "S", "Dis1": "D1", "Dis2": "D2"}


def header(game) -> str:
    """The day's clock and the Allied VP against this week's requirement."""
    day = board(game).day
    need, _ = vp_required(game, week_end_turn(game, game.clock.turn))
    return (
        f"impulse {day['impulse']} · Sunset DRM {day['sunset_drm']:+d} · Advantage {day['advantage']} · "
        f"{day['weather']} · Allied VP {score(game).total}, {need} needed at the week's end"
    )


def text_map(game) -> str:
    """One row per area and box that matters: control, state, units with their condition, bridges."""
    b = board(game)
    bridges = bridges_by_space(b)
    rows = []
    for space, area in sorted(b.areas.items(), key=lambda kv: (kv[1].kind != "area", _order(kv[0]))):
        if area.terrain == "sea" and not any(area.units.values()):
            continue
        rows.append(
            {
                "area": space,
                "name": area.name,
                "TEM": area.tem if area.kind == "area" else "",
                "VP": area.vp or "",
                "control": area.controller if area.terrain != "sea" else "",
                "state": _state(area),
                "units": ", ".join(f"{u} ({b.units[u]['status']})" for u in _units(area)),
                "bridges": ", ".join(bridges.get(space, [])),
            }
        )
    return header(game) + "\n" + tabulate(rows, headers="keys")


def bridges_by_space(b: Board) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for br in b.bridges.values():
        for end in (br["a"], br["b"]):
            found.setdefault(end, []).append(f"{br['bridge_id']} {br['state']}")
    return found


def _state(area: Area) -> str:
    return "contested" if area.contested() else ("empty" if not any(area.units.values()) else "")


def _units(area: Area) -> list[str]:
    return [u for side in ("german", "allied") for u in area.units[side]]


def _order(space: str) -> tuple[int, str]:
    return (int(space), "") if space.isdigit() else (999, space)


# === THE SVG MAP =========================================================================

WIDTH, RADIUS, LINE = 1100.0, 16.0, 9.0
CONTROL_FILL = {"DE": "#b8c4d6", "US": "#b9dfa8", "UK": "#e3c79c"}
BORDER_STYLE = {
    "clear": 'stroke="#999999" stroke-width="1"',
    "river": 'stroke="#1f6fd1" stroke-width="2.5"',
    "water": 'stroke="#0b3d91" stroke-width="5"',
    "arrow": 'stroke="#555555" stroke-width="1.5" stroke-dasharray="6 3"',
    "landing": 'stroke="#1f6fd1" stroke-width="1" stroke-dasharray="2 3"',
    "sea": 'stroke="#9cc3e6" stroke-width="1" stroke-dasharray="2 3"',
}
BRIDGE_FILL = {"german": "#333333", "allied": "#2e8b57", "destroyed": "#d62728"}
SIDE_TEXT = {"german": "#1b2a49", "allied": "#1e6b1e"}


def svg_map(game) -> str:
    """The whole map: areas at their longitude/latitude, borders by kind, bridges, units."""
    b = board(game)
    points = _projection(game)
    links, marks, spaces, texts = [], [], [], []
    for here, links_of in sorted(b.links.items()):
        for there, (kind, name) in sorted(links_of.items()):
            if here >= there or here not in points or there not in points:
                continue
            (x1, y1), (x2, y2) = points[here], points[there]
            border = b.bridges[name]["border"] if kind == "bridge" else kind
            links.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {BORDER_STYLE[border]}/>')
            if kind == "bridge":
                state = b.bridges[name]["state"]
                marks.append(
                    f'<rect class="bridge {state}" x="{(x1 + x2) / 2 - 4:.1f}" y="{(y1 + y2) / 2 - 4:.1f}" '
                    f'width="8" height="8" fill="{BRIDGE_FILL[state]}"><title>{escape(name)} {state}</title></rect>'
                )
    for space, (x, y) in sorted(points.items()):
        area = b.areas[space]
        fill = CONTROL_FILL.get(area.controller, "#ffffff") if area.terrain != "sea" else "#dbe9f7"
        ring = 'stroke="#d62728" stroke-width="3"' if area.contested() else 'stroke="#444444" stroke-width="1"'
        shape = "rect" if area.bocage or area.is_box else "circle"  # 3.2: a square ID symbol is bocage
        geometry = (
            f'x="{x - RADIUS:.1f}" y="{y - RADIUS:.1f}" width="{2 * RADIUS:.0f}" height="{2 * RADIUS:.0f}"'
            if shape == "rect"
            else f'cx="{x:.1f}" cy="{y:.1f}" r="{RADIUS:.0f}"'
        )
        spaces.append(f'<{shape} id="area-{escape(space)}" {geometry} fill="{fill}" {ring}/>')
        colour = "#c00000" if area.vp else "#000000"  # 3.25: VP areas have red names
        label = f"{space} {area.name}" + (f" +{area.tem}" if area.kind == "area" else "")
        texts.append(_text(label, x, y - RADIUS - 3, colour, "bold" if area.vp else "normal"))
        for n, unit in enumerate(_units(area)):
            u = b.units[unit]
            texts.append(_text(f"{unit} {CONDITION[u['status']]}", x, y + 4 + n * LINE, SIDE_TEXT[u["side"]], "normal"))
    body = "\n".join([*links, *spaces, *marks, *texts])
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-60 -40 {WIDTH + 120:.0f} {_height(points) + 80:.0f}" '
        f'font-family="sans-serif">\n<title>{escape(header(game))}</title>\n{body}\n</svg>'
    )


def _projection(game) -> dict[str, tuple[float, float]]:
    """Longitude/latitude to pixels, north up (x shrunk by cos(latitude))."""
    rows = game.rows("SELECT space_id, x, y FROM space WHERE game_id = ? AND x IS NOT NULL", [game.game_id])
    if not rows:
        return {}
    lat = sum(r["y"] for r in rows) / len(rows)
    xs = {r["space_id"]: r["x"] * math.cos(math.radians(lat)) for r in rows}
    ys = {r["space_id"]: r["y"] for r in rows}
    span = max(max(xs.values()) - min(xs.values()), max(ys.values()) - min(ys.values()), 1e-9)
    scale = WIDTH / span
    return {s: ((xs[s] - min(xs.values())) * scale, (max(ys.values()) - ys[s]) * scale) for s in xs}


def _height(points: dict[str, tuple[float, float]]) -> float:
    return max((y for _, y in points.values()), default=0.0)


def _text(text: str, x: float, y: float, colour: str, weight: str) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="7" text-anchor="middle" fill="{colour}" '
        f'font-weight="{weight}">{escape(text)}</text>'
    )
