"""The map and its occupants, read once for every renderer (ASCII, area table, SVG).

Orientation: the engine draws north at the top with axial ``r`` growing northward
(Battle for Germany's rows AA run 01 at the south edge to 35 at the north), and a
hex's east-west position is ``q + r / 2`` hex widths, so any offset label scheme
(even or odd rows shifted) lands in the right place without knowing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import UnknownName

if TYPE_CHECKING:
    from ..game import Game

AXIAL_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
_PREFERRED_GLYPHS = {
    "clear": ".",
    "rough": "r",
    "forest": "f",
    "woods": "w",
    "mountain": "^",
    "hills": "h",
    "marsh": ",",
    "swamp": ",",
    "sea": "w",
    "water": "w",
    "lake": "o",
    "neutral": "x",
    "city": "C",
    "town": "t",
    "bocage": "b",
    "urban": "U",
    "desert": "_",
}


@dataclass
class Board:
    """Spaces, borders and units of one match, as renderers need them."""

    spaces: dict[str, dict[str, Any]]
    borders: dict[frozenset[str], str]  # unordered pair of spaces -> border kind
    units: dict[str, list[dict[str, Any]]]  # space_id -> units in it (off-map boxes too)
    sides: tuple[str, ...]
    zoc: set[str] | None = None  # spaces in the enemy ZOC of ``zoc_side``
    zoc_side: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def hexes(self) -> dict[str, dict[str, Any]]:
        return {k: s for k, s in self.spaces.items() if s["kind"] == "hex" and s["q"] is not None}

    @property
    def is_hex_map(self) -> bool:
        """A board drawn as a hex grid: most of its spaces are hexes with axial coordinates."""
        return len(self.hexes) * 2 > len(self.spaces)

    def border(self, a: str, b: str) -> str | None:
        return self.borders.get(frozenset((a, b)))

    def zone_boundary(self, a: str, b: str) -> bool:
        """Whether the theatre or zone changes between spaces ``a`` and ``b``."""
        za, zb = self.spaces[a]["zone"], self.spaces[b]["zone"]
        return za is not None and zb is not None and za != zb

    def off_map(self) -> dict[str, list[dict[str, Any]]]:
        """Units in places that are not drawn spaces (boxes, 'dead', …), by place."""
        drawn = self.hexes if self.is_hex_map else self.spaces
        return {place: units for place, units in sorted(self.units.items()) if place not in drawn}

    def around(self, label: str, radius: int) -> set[str]:
        """The hexes within ``radius`` of hex ``label`` (``--window``)."""
        hexes = self.hexes
        if label not in hexes:
            raise UnknownName(f"no hex {label!r} on this map")
        centre = hexes[label]
        return {k for k, s in hexes.items() if hex_distance(centre, s) <= radius}


def hex_distance(a: dict[str, Any], b: dict[str, Any]) -> int:
    dq, dr = a["q"] - b["q"], a["r"] - b["r"]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def load_board(game: Game, zoc_side: str | None = None) -> Board:
    """Read the match's spaces, borders and units (a handful of set queries)."""
    gid = [game.game_id]
    spaces = {
        s["space_id"]: s
        for s in game.rows(
            "SELECT space_id, kind, q, r, x, y, terrain, name, zone, vp, feature "
            "FROM space WHERE game_id = ? ORDER BY space_id",
            gid,
        )
    }
    borders = {
        frozenset((row["a"], row["b"])): row["kind"]
        for row in game.rows("SELECT a, b, kind FROM link WHERE game_id = ? ORDER BY a, b", gid)
    }
    units: dict[str, list[dict[str, Any]]] = {}
    rows = unit_rows(game)
    for row in rows:
        units.setdefault(row["space_id"], []).append(row)
    sides = tuple(dict.fromkeys([*game.scenario.sides, *sorted({row["side"] for row in rows})]))
    board = Board(spaces, borders, units, sides)
    if zoc_side:
        board.zoc_side = zoc_side
        board.zoc = enemy_zoc(game, zoc_side, board.notes)
    return board


def unit_rows(game: Game) -> list[dict[str, Any]]:
    """Every unit of the match with its printed values and its state."""
    return game.rows(
        """SELECT s.unit_id, u.name, s.side, s.space_id, sp.name AS space_name, u.size,
                  u.attack, u.defense, u.movement, s.status
           FROM unit_state s JOIN unit u USING (game_id, unit_id)
           LEFT JOIN space sp ON sp.game_id = s.game_id AND sp.space_id = s.space_id
           WHERE s.game_id = ? ORDER BY s.side, s.unit_id""",
        [game.game_id],
    )


def enemy_zoc(game: Game, side: str, notes: list[str]) -> set[str] | None:
    """Spaces in the enemy ZOC of ``side`` from the shared ``enemy-zoc`` query, if it exists."""
    if side not in game.scenario.sides:
        raise UnknownName(f"{game.scenario.title} has no side {side!r} (sides: {', '.join(game.scenario.sides)})")
    try:
        rows = game.rules.run("enemy-zoc", side=side)
    except UnknownName:
        notes.append("ZOC not shown: the shared 'enemy-zoc' rule query (schema/rules/zoc.sql) is not available")
        return None
    return {row["space_id"] for row in rows}


def side_codes(sides: tuple[str, ...]) -> dict[str, str]:
    """One distinct capital letter per side: its initial, else its next unused letter."""
    codes: dict[str, str] = {}
    for side in sides:
        letters = [c.upper() for c in side if c.isalnum()] + list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        codes[side] = next(c for c in letters if c not in codes.values())
    return codes


def unit_code(units: list[dict[str, Any]], codes: dict[str, str]) -> str:
    """Two characters for a stack: side letter and count ('R2'), or 'X+' for mixed sides."""
    if not units:
        return ""
    sides = {u["side"] for u in units}
    first = codes.get(units[0]["side"], "?")
    if len(sides) > 1:
        return first + "+"
    return first + (str(len(units)) if len(units) < 10 else "+")


def terrain_glyphs(terrains: set[str]) -> dict[str, str]:
    """A distinct one-character glyph per terrain: a conventional one, else a letter of its name."""
    glyphs: dict[str, str] = {}
    for terrain in sorted(terrains, key=lambda t: (t not in _PREFERRED_GLYPHS, t)):
        preferred = [_PREFERRED_GLYPHS[terrain]] if terrain in _PREFERRED_GLYPHS else []
        candidates = [*preferred, *terrain.lower(), *terrain.upper(), *"0123456789"]
        glyphs[terrain] = next(c for c in candidates if c.isprintable() and c not in glyphs.values())
    return glyphs
