"""An ASCII hex map, north at the top, readable in 100 columns.

Each hex takes three characters in its row: a border mark shared with its western
neighbour, then two characters of content. A hex row prints as up to three lines::

     ~ #            borders with the hexes to the north-west and north-east
    35 . r*.        terrain glyph, then '*' for a city
       R2  ::       units (side letter + count), '::' an empty hex in enemy ZOC

Borders: '~' a river, '#' a change of zone or theatre. Rows run from the north edge
down; four-digit labels (AABB) put AA in the margin and BB above and below the grid.
"""

from __future__ import annotations

import textwrap
from typing import Any

from .board import Board, side_codes, terrain_glyphs, unit_code

WIDTH = 100
RIVER, ZONE, CITY, ZOC = "~", "#", "*", "::"


def render_hexmap(board: Board, window: set[str] | None = None) -> str:
    """The hex grid of ``board`` (only the hexes in ``window`` if given), with its legend."""
    hexes = board.hexes
    shown = {k: hexes[k] for k in (window if window is not None else hexes)}
    if not shown:
        return "(no hexes to draw)"
    glyphs = terrain_glyphs({s["terrain"] for s in hexes.values()})
    codes = side_codes(board.sides)
    grid = _Grid(board, shown, glyphs, codes)
    return "\n".join([*grid.lines(), "", *_legend(board, shown, glyphs, codes)])


class _Grid:
    """Places hexes on character columns and writes the rows, north first."""

    def __init__(
        self, board: Board, shown: dict[str, dict[str, Any]], glyphs: dict[str, str], codes: dict[str, str]
    ) -> None:
        self.board, self.shown, self.glyphs, self.codes = board, shown, glyphs, codes
        self.at = {(s["q"], s["r"]): k for k, s in board.hexes.items()}
        self.rows: dict[int, list[str]] = {}
        for key, space in sorted(shown.items(), key=lambda kv: kv[1]["q"]):
            self.rows.setdefault(space["r"], []).append(key)
        self.left = min(2 * s["q"] + s["r"] for s in shown.values())
        self.split = _split_labels(list(board.hexes))
        self.margin = max(len(self._row_name(r)) for r in self.rows) + 1
        self.width = self.margin + 3 * (max(2 * s["q"] + s["r"] for s in shown.values()) - self.left) // 2 + 4

    def column(self, space: dict[str, Any]) -> int:
        """Character column of the hex's border mark: 1.5 characters per half hex width."""
        return self.margin + 3 * (2 * space["q"] + space["r"] - self.left) // 2

    def lines(self) -> list[str]:
        order = sorted(self.rows, reverse=True)
        out = [self._axis(self.rows[order[0]])]
        for r in order:
            edges = self._line(r, self._edges)
            if edges.strip():
                out.append(edges)
            out.append(self._row_name(r).rjust(self.margin - 1) + self._line(r, self._terrain)[self.margin - 1 :])
            out.append(self._line(r, self._units))
        out.append(self._axis(self.rows[order[-1]]))
        return [line.rstrip() for line in out]

    def _line(self, r: int, cell) -> str:
        chars = [" "] * self.width
        for key in self.rows[r]:
            col = self.column(self.shown[key])
            for offset, char in enumerate(cell(key)):
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
        return " " + self._mark(key, self._neighbour(key, -1, 1)) + self._mark(key, self._neighbour(key, 0, 1))

    def _terrain(self, key: str) -> str:
        space = self.shown[key]
        return self._west(key) + self.glyphs[space["terrain"]] + (CITY if space["vp"] else " ")

    def _units(self, key: str) -> str:
        code = unit_code(self.board.units.get(key, []), self.codes)
        if not code and self.board.zoc is not None and key in self.board.zoc:
            code = ZOC
        return self._west(key) + code.ljust(2)

    def _row_name(self, r: int) -> str:
        if self.split:
            return self.rows[r][0][: self.split]
        return str(r)

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


def _legend(board: Board, shown: dict[str, dict[str, Any]], glyphs: dict[str, str], codes: dict[str, str]) -> list[str]:
    present = sorted({s["terrain"] for s in shown.values()})
    parts = [f"{glyphs[t]} {t}" for t in present]
    parts += [f"{RIVER} river", f"{ZONE} zone boundary", f"{CITY} city (vp)"]
    sides = ", ".join(f"{code} {side}" for side, code in codes.items())
    parts.append(f"units: side letter + count ({sides}; '+' mixed or 10+)")
    if board.zoc is not None:
        parts.append(f"{ZOC} empty hex in enemy ZOC of {board.zoc_side}")
    lines = textwrap.wrap("legend: " + "; ".join(parts), WIDTH, subsequent_indent="  ")
    cities = [f"{k} {s['name'] or ''} ({s['vp']})".replace("  ", " ") for k, s in sorted(shown.items()) if s["vp"]]
    if cities:
        lines += textwrap.wrap("cities: " + ", ".join(cities), WIDTH, subsequent_indent="  ")
    off = [f"{place}: {', '.join(u['unit_id'] for u in units)}" for place, units in board.off_map().items()]
    if off:
        lines += textwrap.wrap("off map: " + "; ".join(off), WIDTH, subsequent_indent="  ")
    return lines + board.notes
