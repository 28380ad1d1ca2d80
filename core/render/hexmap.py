"""An ASCII hex map, north at the top, readable in 100 columns.

When the hexes shown fit, each hex is a counter of ten columns (``--window``)::

       ~   ~         borders with the hexes to the north-west and north-east
    |0619.*+         label, terrain glyph, '*' a city, then an overlay mark
    |BUL-1+1         the top unit's short name, '+1' more units under it
    |S 4-5-4 D1      its side's letter, printed values and condition mark ('!' out of supply)

A larger map is drawn with three columns a hex (a border mark, then two characters:
terrain glyph and city mark above, side letter and stack size below), and the stacks are
listed under it. Borders: '~' a river, '#' a change of zone or theatre. Overlay marks: '+'
a space the chosen unit's orders reach, '?' one the open decision offers, ':' enemy ZOC.
Rows run from the north edge down; four-digit labels (AABB) put AA in the margin.
"""

from __future__ import annotations

import textwrap
import unicodedata
from typing import Any

from .board import terrain_glyphs, unit_code
from .mapview import Counter, MapView, legend_lines

WIDTH = 100
RIVER, ZONE, CITY = "~", "#", "*"
REACH, CHOICE, ZOC = "+", "?", ":"


def render_hexmap(view: MapView, width: int = WIDTH) -> str:
    """The hex grid of ``view`` (its shown hexes, wide cells when they fit in ``width`` columns),
    the stacks it cannot show, and the legend."""
    hexes = view.board.hexes
    shown = {k: hexes[k] for k in view.shown if k in hexes}
    if not shown:
        return "(no hexes to draw)"
    glyphs = terrain_glyphs({s["terrain"] for s in hexes.values()})
    wide = _Grid(view, shown, glyphs, cell=10)
    grid = wide if wide.width <= width else _Grid(view, shown, glyphs, cell=3)
    stacks = _stack_lines(view, shown, only_several=grid is wide)
    return "\n".join([*grid.lines(), "", *stacks, *_legend(view, shown, glyphs)])


class _Grid:
    """Places hexes on character columns (``cell`` columns a hex) and writes the rows, north first."""

    def __init__(self, view: MapView, shown: dict[str, dict[str, Any]], glyphs: dict[str, str], cell: int) -> None:
        self.view, self.board, self.shown, self.glyphs, self.cell = view, view.board, shown, glyphs, cell
        self.at = {(s["q"], s["r"]): k for k, s in self.board.hexes.items()}
        self.rows: dict[int, list[str]] = {}
        for key, space in sorted(shown.items(), key=lambda kv: kv[1]["q"]):
            self.rows.setdefault(space["r"], []).append(key)
        self.left = min(2 * s["q"] + s["r"] for s in shown.values())
        self.split = _split_labels(list(self.board.hexes))
        self.margin = max(len(self._row_name(r)) for r in self.rows) + 1
        self.width = self.column_at(max(2 * s["q"] + s["r"] for s in shown.values())) + cell + 1

    def column_at(self, half_hexes: int) -> int:
        """Character column of a hex's border mark, ``half_hexes`` half hex widths east of the left."""
        return self.margin + self.cell * (half_hexes - self.left) // 2

    def column(self, space: dict[str, Any]) -> int:
        return self.column_at(2 * space["q"] + space["r"])

    def lines(self) -> list[str]:
        order = sorted(self.rows, reverse=True)
        cells = (self._terrain, self._units) if self.cell == 3 else (self._head, self._name, self._values)
        out = [] if self.cell > 3 else [self._axis(self.rows[order[0]])]
        for r in order:
            edges = self._line(r, self._edges)
            if edges.strip():
                out.append(edges)
            first = self._line(r, cells[0])
            out.append(self._row_name(r).rjust(self.margin - 1) + first[self.margin - 1 :] if self.cell == 3 else first)
            out += [self._line(r, cell) for cell in cells[1:]]
        if self.cell == 3:
            out.append(self._axis(self.rows[order[-1]]))
        lines = [line.rstrip() for line in out]
        while lines and not lines[-1]:
            lines.pop()
        return lines

    def _line(self, r: int, cell) -> str:
        chars = [" "] * (self.width + 2)
        for key in self.rows[r]:
            col = self.column(self.shown[key])
            for offset, char in enumerate(cell(key)[: self.cell]):
                if char != " ":
                    chars[col + offset] = char
        return "".join(chars)

    def _neighbour(self, key: str, dq: int, dr: int) -> str | None:
        space = self.board.spaces[key]
        return self.at.get((space["q"] + dq, space["r"] + dr))

    def _mark(self, key: str, other: str | None) -> str:
        if other is None:
            return " "
        if self.board.border(key, other) == "river":
            return RIVER
        return ZONE if self.board.zone_boundary(key, other) else " "

    def _west(self, key: str) -> str:
        west = self._neighbour(key, -1, 0)
        return self._mark(key, west) if west in self.shown else " "

    def _edges(self, key: str) -> str:
        """The north-west and north-east edges: at a third and two thirds of the cell."""
        chars = [" "] * self.cell
        chars[max(1, self.cell // 3)] = self._mark(key, self._neighbour(key, -1, 1))
        chars[max(2, 2 * self.cell // 3)] = self._mark(key, self._neighbour(key, 0, 1))
        return "".join(chars)

    def _overlay(self, key: str) -> str:
        view = self.view
        if view.reach and key in view.reach:
            return REACH
        if key in view.choices:
            return CHOICE
        return ZOC if view.zoc is not None and key in view.zoc else ""

    def _stack(self, key: str) -> list[Counter]:
        return self.view.counters.get(key, [])

    # --- three columns a hex ----------------------------------------------------------

    def _terrain(self, key: str) -> str:
        space = self.shown[key]
        glyph = self._overlay(key) if self._overlay(key) in (REACH, CHOICE) else self.glyphs[space["terrain"]]
        return self._west(key) + glyph + (CITY if space["vp"] else " ")

    def _units(self, key: str) -> str:
        code = unit_code([c.side for c in self._stack(key)], self.view.codes)
        if not code and self._overlay(key) == ZOC:
            code = ZOC * 2
        return self._west(key) + code.ljust(2)

    # --- ten columns a hex ----------------------------------------------------------

    def _head(self, key: str) -> str:
        space = self.shown[key]
        label = key[-4:].ljust(4)
        return (
            self._west(key)
            + label
            + self.glyphs[space["terrain"]]
            + (CITY if space["vp"] else " ")
            + self._overlay(key)
        )

    def _name(self, key: str) -> str:
        stack = self._stack(key)
        if not stack:
            return self._west(key)
        more = f"+{len(stack) - 1}" if len(stack) > 1 else ""
        return self._west(key) + stack[-1].face.name[: self.cell - 1 - len(more)] + more

    def _values(self, key: str) -> str:
        stack = self._stack(key)
        if not stack:
            return self._west(key)
        top = stack[-1]
        parts = (self.view.codes.get(top.side, "?"), plain(top.face.values), top.face.mark)
        text = " ".join(p for p in parts if p) + ("!" if top.out_of_supply else "")
        return self._west(key) + text[: self.cell - 1]

    def _row_name(self, r: int) -> str:
        if self.cell > 3:
            return ""
        return self.rows[r][0][: self.split] if self.split else str(r)

    def _axis(self, keys: list[str]) -> str:
        """Column names over (or under) a row: the label's last two digits, or the label."""
        chars = [" "] * (self.width + 2)
        for key in keys:
            name = key[self.split :] if self.split else key
            col = self.column(self.shown[key]) + 1
            chars[col : col + len(name)] = name
        return "".join(chars)


def _split_labels(labels: list[str]) -> int:
    """Where an AABB label splits into row and column (0: labels are not such a grid)."""
    lengths = {len(label) for label in labels}
    if len(lengths) == 1 and (n := lengths.pop()) >= 4 and all(label.isdigit() for label in labels):
        return n - 2
    return 0


def counter_text(counter: Counter) -> str:
    """One counter in a line of text: 'BUL-1 4-5-4', its mark, '(out of supply)'. Combining marks
    (an underlined value) are left out: a terminal's columns would count them."""
    parts = [counter.face.name, plain(counter.face.values), counter.face.mark]
    return " ".join(p for p in parts if p) + (" (out of supply)" if counter.out_of_supply else "")


def plain(value: str) -> str:
    return "".join(ch for ch in value if not unicodedata.combining(ch))


def _stack_lines(view: MapView, shown: dict[str, dict[str, Any]], only_several: bool) -> list[str]:
    """Each stack the grid does not show whole: every unit with its values, per hex."""
    lines = []
    for key in sorted(shown):
        stack = view.counters.get(key, [])
        if stack and (len(stack) > 1 or not only_several):
            text = f"{key} {view.codes.get(stack[0].side, '?')}: " + ", ".join(counter_text(c) for c in stack)
            lines += textwrap.wrap(text, WIDTH, subsequent_indent="      ")
    return ["stacks:", *lines, ""] if lines else []


def _legend(view: MapView, shown: dict[str, dict[str, Any]], glyphs: dict[str, str]) -> list[str]:
    present = sorted({s["terrain"] for s in shown.values()})
    parts = [f"{glyphs[t]} {t}" for t in present]
    parts += [f"{RIVER} river", f"{ZONE} zone boundary", f"{CITY} city (vp)"]
    sides = ", ".join(f"{code} {side}" for side, code in view.codes.items())
    parts.append(f"units: side letter + count ({sides}; '+' mixed or 10+)")
    if view.reach is not None:
        parts.append(f"{REACH} reached by {view.reach_unit}'s orders")
    if view.choices:
        parts.append(f"{CHOICE} offered by the open decision")
    if view.zoc is not None:
        parts.append(f"{ZOC} enemy ZOC of {view.zoc_side}")
    lines = [*legend_lines(view)]
    lines += textwrap.wrap("key: " + "; ".join(parts), WIDTH, subsequent_indent="  ")
    cities = [f"{k} {s['name'] or ''} ({s['vp']})".replace("  ", " ") for k, s in sorted(shown.items()) if s["vp"]]
    if cities:
        lines += textwrap.wrap("cities: " + ", ".join(cities), WIDTH, subsequent_indent="  ")
    off = [
        f"{place}: {', '.join(c.face.name for c in stack)}"
        for place, stack in view.counters.items()
        if place not in view.board.hexes and stack
    ]
    if off:
        lines += textwrap.wrap("off map: " + "; ".join(off), WIDTH, subsequent_indent="  ")
    return lines
