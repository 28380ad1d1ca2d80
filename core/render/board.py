"""The map and its occupants as the tables hold them, read once for every drawing.

:mod:`phaseline.render.mapview` adds what a player sees on top (counters, overlays, legend).

Orientation: the engine draws north at the top with axial ``r`` growing northward
(Battle for Germany's rows AA run 01 at the south edge to 35 at the north), and a
hex's east-west position is ``q + r / 2`` hex widths, so any offset label scheme
(even or odd rows shifted) lands in the right place without knowing it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import UnknownName

if TYPE_CHECKING:
    from ..match import Match

AXIAL_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
ELIMINATED = "eliminated"  # the status of a unit out of play, and where the map shows one left on a space
MAP_KINDS = ("hex", "area", "point")  # spaces of the map proper (boxes are off it)
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

    def neighbours(self) -> dict[str, set[str]]:
        """Each space's linked spaces (both ends of every border)."""
        found: dict[str, set[str]] = {}
        for pair in self.borders:
            a, b = sorted(pair)
            found.setdefault(a, set()).add(b)
            found.setdefault(b, set()).add(a)
        return found

    def around(self, label: str, radius: int) -> set[str]:
        """The spaces within ``radius`` of ``label`` (``--window``): hexes by hex distance on a
        hex map, else by the number of links crossed."""
        if label not in self.spaces:
            raise UnknownName(f"no space {label!r} on this map")
        hexes = self.hexes
        if self.is_hex_map and label in hexes:
            centre = hexes[label]
            return {k for k, s in hexes.items() if hex_distance(centre, s) <= radius}
        neighbours = self.neighbours()
        reached, frontier = {label}, {label}
        for _ in range(radius):
            frontier = {n for s in frontier for n in neighbours.get(s, ())} - reached
            reached |= frontier
        return reached


def hex_distance(a: dict[str, Any], b: dict[str, Any]) -> int:
    dq, dr = a["q"] - b["q"], a["r"] - b["r"]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def load_board(match: Match) -> Board:
    """Read the match's spaces, borders and units (three set queries)."""
    gid = [match.match_id]
    spaces = {
        s["space_id"]: s
        for s in match.rows(
            "SELECT space_id, kind, q, r, x, y, terrain, name, zone, vp, feature "
            "FROM space WHERE match_id = ? ORDER BY space_id",
            gid,
        )
    }
    borders = {
        frozenset((row["a"], row["b"])): row["kind"]
        for row in match.rows("SELECT a, b, kind FROM link WHERE match_id = ? ORDER BY a, b", gid)
    }
    units: dict[str, list[dict[str, Any]]] = {}
    rows = unit_rows(match)
    for row in rows:
        if row["status"] == ELIMINATED and spaces.get(row["space_id"], {}).get("kind") in MAP_KINDS:
            row = {**row, "space_id": ELIMINATED}  # off the map, as the rules read it (views/rules.sql map_unit)
        units.setdefault(row["space_id"], []).append(row)
    sides = tuple(dict.fromkeys([*match.scenario.sides, *sorted({row["side"] for row in rows})]))
    return Board(spaces, borders, units, sides)


def unit_rows(match: Match) -> list[dict[str, Any]]:
    """Every unit of the match with the engine's printed values (size, attack, defense, movement) and its state."""
    return match.rows(
        """SELECT s.unit_id, u.name, s.side, s.space_id, sp.name AS space_name, u.size,
                  u.attack, u.defense, u.movement, s.status
           FROM unit_state s JOIN unit u USING (match_id, unit_id)
           LEFT JOIN space sp ON sp.match_id = s.match_id AND sp.space_id = s.space_id
           WHERE s.match_id = ? ORDER BY s.side, s.unit_id""",
        [match.match_id],
    )


ENGINE_VALUES = ("size", "attack", "defense", "movement")


def unit_listing(match: Match) -> list[dict[str, Any]]:
    """What ``phaseline units`` lists: each unit's side, place, the printed values the game says
    mean something (``phaseline_unit_values``; the engine's size, attack, defense and movement
    otherwise) and its status."""
    rows = unit_rows(match)
    values = match.hook.phaseline_unit_values(match=match)
    if values is None:
        return rows
    by_unit = {row["unit_id"]: {k: v for k, v in row.items() if k != "unit_id"} for row in values}
    columns = list(next(iter(by_unit.values()), {}))
    listed = []
    for row in rows:
        own = by_unit.get(row["unit_id"], {})
        base = {k: v for k, v in row.items() if k not in ENGINE_VALUES and k != "status"}
        listed.append({**base, **{c: own.get(c) for c in columns}, "status": row["status"]})
    return listed


def side_codes(sides: tuple[str, ...]) -> dict[str, str]:
    """One distinct capital letter per side: its initial, else its next unused letter."""
    codes: dict[str, str] = {}
    for side in sides:
        letters = [c.upper() for c in side if c.isalnum()] + list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        codes[side] = next(c for c in letters if c not in codes.values())
    return codes


def unit_code(sides: list[str], codes: dict[str, str]) -> str:
    """Two characters for a stack, given its units' sides: side letter and count ('R2'), or 'X+' for mixed sides."""
    if not sides:
        return ""
    first = codes.get(sides[0], "?")
    if len(set(sides)) > 1:
        return first + "+"
    return first + (str(len(sides)) if len(sides) < 10 else "+")


def terrain_glyphs(terrains: set[str]) -> dict[str, str]:
    """A distinct one-character glyph per terrain: a conventional one, else a letter of its name."""
    glyphs: dict[str, str] = {}
    for terrain in sorted(terrains, key=lambda t: (t not in _PREFERRED_GLYPHS, t)):
        preferred = [_PREFERRED_GLYPHS[terrain]] if terrain in _PREFERRED_GLYPHS else []
        candidates = [*preferred, *terrain.lower(), *terrain.upper(), *"0123456789"]
        glyphs[terrain] = next(c for c in candidates if c.isprintable() and c not in glyphs.values())
    return glyphs
