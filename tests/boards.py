"""Random boards for the rule-query tests and the benchmark, and a loader into a Store.

A :class:`Board` is plain data: hexes on axial coordinates, the non-clear borders between
them, units and every rule table the shared queries read. :func:`generate` builds one from
a ``random.Random``; :func:`boards` is the Hypothesis strategy over it; :func:`load_board`
writes a board into a store under its ``match_id`` (rows inserted directly, no scenario).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st
from phaseline.queries import derive_board

AXIAL_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
TERRAINS = ("clear", "forest", "swamp", "mountain")
BORDERS = ("river", "prohibited", "canal")  # 'canal' has no border_rule row: treated as clear
SIZES = ("front", "army", "corps")
NATIONS = ("X", "Y")
ZONES = ("N", "S")
REGIONS = ("R1", "R2", "R3")
ENTRY_ATTRS = ("zone", "region", "space_id")  # the space attributes an entry_rule may test
TOPICS = (
    "move.cost",
    "move.enemy-occupied",
    "move.prohibited",
    "zoc.extent",
    "zoc.stop",
    "zoc.leave",
    "zoc.to-zoc",
    "path.trace",
)
BOX = "BOX"
LINK_STATES = ("held-A", "held-B", "destroyed")  # link_state words the path costs may name
CONTROLLERS = ("A", "B", "X")


@dataclass(frozen=True)
class Unit:
    unit_id: str
    name: str
    side: str
    space_id: str
    mp: int
    size: str
    nationality: str
    status: str


@dataclass
class Board:
    """One generated match: the board, its units and its rule tables (see schema/tables)."""

    match_id: str
    hexes: dict[str, tuple[int, int, str, str]]  # space_id -> (q, r, terrain, zone)
    borders: dict[frozenset[str], str]  # hex pairs with a non-clear border
    terrain_cost: dict[str, int | None]
    border_rule: dict[str, tuple[int, bool, bool]]  # kind -> (extra_cost, passable, blocks_zoc)
    units: list[Unit]
    hostility: dict[tuple[str, str], tuple[bool, bool]]  # (side, enemy) -> (may_attack, exerts_zoc)
    stacking: dict[tuple[str, str], tuple[int, str]] = field(default_factory=dict)  # (side, size) -> max, rule
    rule_ref: dict[str, str] = field(default_factory=dict)
    zoc_rule: dict[str, tuple[bool, bool, bool]] = field(default_factory=dict)  # must_stop, may_leave, z2z
    # side, nationality, attr (ENTRY_ATTRS), value, negate, rule
    entry_rules: list[tuple[str, str, str, str, bool, str]] = field(default_factory=list)
    regions: dict[str, str] = field(default_factory=dict)  # space -> region (none: no region)
    path_source: dict[tuple[str, str], str] = field(default_factory=dict)  # (side, space) -> kind
    # (side, applies_to, kind, state) -> (cost, rule); state '*' for any
    path_cost: dict[tuple[str, str, str, str], tuple[int | None, str]] = field(default_factory=dict)
    # side -> (blocked_by_zoc, rule, occupied_cost, from_own_space)
    path_rule: dict[str, tuple[bool, str, int | None, bool]] = field(default_factory=dict)
    link_state: dict[tuple[str, str], str] = field(default_factory=dict)  # directed (a, b) -> state
    control: dict[str, str] = field(default_factory=dict)  # space -> controller
    # an area map's own adjacency (space -> neighbour -> border kind); empty: the hex grid's
    adjacency: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def sides(self) -> list[str]:
        return sorted({u.side for u in self.units} | {s for s, _ in self.hostility})


def hex_id(q: int, r: int) -> str:
    return f"{q}.{r}"


def generate(
    rng: random.Random,
    width: int,
    height: int,
    n_units: int,
    n_sides: int = 2,
    *,
    match_id: str = "g1",
    namer: Callable[[], str] | None = None,
) -> Board:
    """A random board of ``width`` x ``height`` hexes with ``n_units`` units of ``n_sides`` sides."""
    sides = ["A", "B", "C"][:n_sides]
    hexes = {hex_id(q, r): (q, r, rng.choice(TERRAINS), rng.choice(ZONES)) for q in range(width) for r in range(height)}
    borders: dict[frozenset[str], str] = {}
    for space, (q, r, _, _) in hexes.items():
        for dq, dr in AXIAL_STEPS[:3]:
            other = hex_id(q + dq, r + dr)
            if other in hexes and rng.random() < 0.15:
                borders[frozenset((space, other))] = rng.choice(BORDERS)
    terrain_cost = {"clear": rng.randint(1, 2)} | {
        t: rng.choice([None, 1, 2, 3, 4]) for t in TERRAINS[1:] if rng.random() < 0.9
    }
    border_rule = {
        "clear": (0, True, False),
        "river": (rng.randint(0, 2), rng.random() < 0.8, rng.random() < 0.5),
        "prohibited": (0, False, rng.random() < 0.8),
    }
    spaces = sorted(hexes)
    units = [
        Unit(
            f"U{i:05d}",
            namer() if namer else f"unit {i}",
            rng.choice(sides),
            BOX if rng.random() < 0.05 else rng.choice(spaces),
            rng.randint(0, 8),
            rng.choice(SIZES),
            rng.choice(NATIONS),
            rng.choice(("ready", "ready", "flipped", "eliminated")),
        )
        for i in range(n_units)
    ]
    hostility = {
        (s, e): (rng.random() < 0.8, rng.random() < 0.8) for s in sides for e in sides if s != e and rng.random() < 0.9
    }
    stacking = {
        (rng.choice(["*", *sides]), rng.choice(["*", *SIZES])): (rng.randint(1, 3), f"5.{rng.randint(1, 9)}")
        for _ in range(rng.randint(0, 4))
    }
    board = Board(match_id, hexes, borders, terrain_cost, border_rule, units, hostility, stacking)
    board.rule_ref = {t: f"{rng.randint(1, 9)}.{rng.randint(0, 9)}" for t in TOPICS if rng.random() < 0.5}
    board.zoc_rule = {
        s: (rng.random() < 0.7, rng.random() < 0.8, rng.random() < 0.3) for s in sides if rng.random() < 0.5
    }
    entry = {
        (rng.choice(sides), rng.choice(["*", *NATIONS]), rng.choice(ZONES), rng.random() < 0.5): f"E{i}"
        for i in range(rng.choice((0, 0, 1, 2)))
    }
    board.entry_rules = [(s, n, "zone", z, neg, rule) for (s, n, z, neg), rule in entry.items()]
    board.path_source = {(s, rng.choice(spaces)): rng.choice(("depot", "supply")) for s in sides for _ in range(2)}
    kinds = {"border": ("clear", *BORDERS), "end-border": ("clear", *BORDERS), "terrain": TERRAINS,
             "control": CONTROLLERS}  # fmt: skip
    board.path_cost = {
        (s, applies_to, kind, state): (rng.choice([None, 0, 1, 2, 3]), "7.1")
        for s in sides
        for applies_to, names in kinds.items()
        for kind in names
        for state in ("*", *(LINK_STATES if "border" in applies_to else ()))
        if rng.random() < (0.6 if state == "*" and applies_to in ("border", "terrain") else 0.25)
    }
    board.path_rule = {
        s: (rng.random() < 0.5, "7.2", rng.choice([None, None, 0, 1, 2]), rng.random() < 0.5)
        for s in sides
        if rng.random() < 0.7
    }
    for space, (q, r, _, _) in hexes.items():
        for dq, dr in AXIAL_STEPS:
            other = hex_id(q + dq, r + dr)
            if other in hexes and rng.random() < 0.1:
                board.link_state[space, other] = rng.choice(LINK_STATES)
    board.control = {space: rng.choice(CONTROLLERS) for space in spaces if rng.random() < 0.5}
    _vary_entry_rules(rng, board)
    return board


def _vary_entry_rules(rng: random.Random, board: Board) -> None:
    """Give spaces regions and let entry rules test a region or a single space, not only a zone.

    Drawn last, so that the boards drawn before from the same seed keep their other tables.
    """
    spaces = sorted(board.hexes)
    board.regions = {space: rng.choice(REGIONS) for space in spaces if rng.random() < 0.8}
    values = {"region": lambda: rng.choice(REGIONS), "space_id": lambda: rng.choice(spaces)}
    varied: dict[tuple[str, str, str, str, bool], str] = {}  # by entry_rule's primary key: the first rule wins
    for side, nationality, attr, value, negate, rule in board.entry_rules:
        attr = rng.choice(ENTRY_ATTRS)
        varied.setdefault((side, nationality, attr, values[attr]() if attr in values else value, negate), rule)
    board.entry_rules = [(*key, rule) for key, rule in varied.items()]


@st.composite
def boards(draw: st.DrawFn, max_size: int = 12, max_units: int = 30, per_hex: float = 1 / 3) -> Board:
    """Hypothesis strategy: hex grids of 3..``max_size`` a side, units of 2-3 sides, random rules.

    Up to ``per_hex`` units a hex, so that stacks, ZOC and blocked paths are common. The board's
    contents come from a seeded ``random.Random`` (``use_true_random``): Hypothesis shrinks the
    board's size and unit count, not each of the thousands of draws inside, which made generating
    a board cost more than checking it.
    """
    width = draw(st.integers(3, max_size))
    height = draw(st.integers(3, max_size))
    n_units = draw(st.integers(0, min(max_units, int(width * height * per_hex))))
    n_sides = draw(st.integers(2, 3))
    return generate(draw(st.randoms(use_true_random=True)), width, height, n_units, n_sides)


# --- loading a board into a store ----------------------------------------------------------


def _insert(con: Any, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Bulk insert: one statement with a list per column (fast enough for 100,000 hexes)."""
    if not rows:
        return
    lists = [list(col) for col in zip(*rows, strict=True)]
    select = ", ".join(f"unnest(${i + 1})" for i in range(len(columns)))
    con.execute(f"INSERT INTO {table} ({', '.join(columns)}) SELECT {select}", lists)


def links(board: Board) -> list[tuple[str, str, str]]:
    """Directed links (a, b, border kind) between neighbouring hexes (or the board's own adjacency)."""
    if board.adjacency:
        return [(a, b, kind) for a, near in board.adjacency.items() for b, kind in near.items()]
    out = []
    for space, (q, r, _, _) in board.hexes.items():
        for dq, dr in AXIAL_STEPS:
            other = hex_id(q + dq, r + dr)
            if other in board.hexes:
                out.append((space, other, board.borders.get(frozenset((space, other)), "clear")))
    return out


BOARD_TABLES = (
    "space", "link", "terrain_cost", "border_rule", "unit", "unit_state", "hostility", "stacking_rule",
    "rule_ref", "zoc_rule", "entry_rule", "path_source", "path_cost", "path_rule", "link_state", "space_control",
    "move_link",
)  # fmt: skip


def unload_board(store: Any, board: Board) -> None:
    """Delete every row :func:`load_board` wrote for ``board``."""
    for table in BOARD_TABLES:
        store.con.execute(f"DELETE FROM {table} WHERE match_id = ?", [board.match_id])


def load_board(store: Any, board: Board) -> None:
    """Insert ``board`` into ``store`` under ``board.match_id`` (rule tables included)."""
    g, con = board.match_id, store.con
    meta = ("placeholder", "tests/boards.py")
    _insert(
        con,
        "space",
        ("match_id", "space_id", "kind", "q", "r", "terrain", "zone", "region", "provenance", "source"),
        [(g, s, "hex", q, r, t, z, board.regions.get(s), *meta) for s, (q, r, t, z) in board.hexes.items()]
        + [(g, BOX, "box", None, None, "box", None, None, *meta)],
    )
    _insert(
        con,
        "link",
        ("match_id", "a", "b", "kind", "provenance", "source"),
        [(g, a, b, k, *meta) for a, b, k in links(board)],
    )
    _insert(
        con,
        "terrain_cost",
        ("match_id", "terrain", "cost", "provenance", "source"),
        [(g, t, c, *meta) for t, c in board.terrain_cost.items()],
    )
    _insert(
        con,
        "border_rule",
        ("match_id", "kind", "extra_cost", "passable", "blocks_zoc", "provenance", "source"),
        [(g, k, *v, *meta) for k, v in board.border_rule.items()],
    )
    _insert(
        con,
        "unit",
        (
            "match_id",
            "unit_id",
            "name",
            "nationality",
            "bloc",
            "size",
            "attack",
            "defense",
            "movement",
            "start",
            "provenance",
            "source",
        ),
        [(g, u.unit_id, u.name, u.nationality, u.side, u.size, 1, 1, u.mp, u.space_id, *meta) for u in board.units],
    )
    _insert(
        con,
        "unit_state",
        ("match_id", "unit_id", "space_id", "side", "status", "mp"),
        [(g, u.unit_id, u.space_id, u.side, u.status, u.mp) for u in board.units],
    )
    _insert(
        con,
        "hostility",
        ("match_id", "side", "enemy", "may_attack", "exerts_zoc"),
        [(g, s, e, *v) for (s, e), v in board.hostility.items()],
    )
    _insert(
        con,
        "stacking_rule",
        ("match_id", "side", "size", "max_units", "rule"),
        [(g, s, z, *v) for (s, z), v in board.stacking.items()],
    )
    _insert(con, "rule_ref", ("match_id", "topic", "rule"), [(g, t, r) for t, r in board.rule_ref.items()])
    _insert(
        con,
        "zoc_rule",
        ("match_id", "side", "must_stop", "may_leave", "zoc_to_zoc"),
        [(g, s, *v) for s, v in board.zoc_rule.items()],
    )
    _insert(
        con,
        "entry_rule",
        ("match_id", "side", "nationality", "attr", "value", "negate", "rule", "reason"),
        [(g, s, n, attr, v, neg, rule, f"{rule}: {attr} rule") for s, n, attr, v, neg, rule in board.entry_rules],
    )
    _insert(
        con,
        "path_source",
        ("match_id", "side", "space_id", "kind"),
        [(g, s, p, k) for (s, p), k in board.path_source.items()],
    )
    _insert(
        con,
        "path_cost",
        ("match_id", "side", "applies_to", "kind", "state", "cost", "rule"),
        [(g, s, a, k, st, *v) for (s, a, k, st), v in board.path_cost.items()],
    )
    _insert(
        con,
        "path_rule",
        ("match_id", "side", "blocked_by_enemy_zoc", "rule", "occupied_cost", "from_own_space"),
        [(g, s, *v) for s, v in board.path_rule.items()],
    )
    _insert(
        con, "link_state", ("match_id", "a", "b", "state"), [(g, a, b, s) for (a, b), s in board.link_state.items()]
    )
    _insert(con, "space_control", ("match_id", "space_id", "controller"), [(g, s, c) for s, c in board.control.items()])
    derive_board(store, g)  # as a new match does once its board is loaded
