"""The hex grid's labels (AABB, rows 01 south to 35 north, even rows shifted east: 1.4),
the off-map boxes (7.0, 8.0, 9.1) and the match's links as the rules cross them."""

from __future__ import annotations

BOXES = {
    "COURLAND": "Courland box (8.0)",
    "ELIM_WA": "Western Allied eliminated units (7.1)",
    "ELIM_WA_ITALY": "Allied / Italian Front eliminated units (7.13)",
    "ELIM_GER_E": "East German eliminated units (7.11)",
    "ELIM_GER_W": "West German eliminated units (7.11)",
    "ELIM_SOV": "Soviet eliminated units (7.12)",
    "OUT": "Permanently out of play (9.1)",
}
ON_MAP_KINDS = ("hex",)


def axial(label: str) -> tuple[int, int]:
    """Axial (q, r) of hex AABB: r = AA, q = BB − (AA + (AA & 1)) // 2."""
    row, col = int(label[:2]), int(label[2:])
    return col - (row + (row & 1)) // 2, row


def hex_neighbours(label: str) -> list[str]:
    """The six labels around ``label`` (some may be off the map). 1110 → 1009 1010 1109 1111 1209 1210."""
    row, col = int(label[:2]), int(label[2:])
    shift = 0 if row % 2 else 1  # odd rows: (AA±1, BB−1),(AA±1, BB); even rows: (AA±1, BB),(AA±1, BB+1)
    found = [(row, col - 1), (row, col + 1)]
    for dr in (-1, 1):
        found += [(row + dr, col - 1 + shift), (row + dr, col + shift)]
    return [f"{r:02d}{c:02d}" for r, c in found if 0 <= r <= 99 and 0 <= c <= 99]


def edge_hexes(edge: str) -> list[str]:
    """The map-edge hexes the rules name: 9.0 exits, 7.25 entries, 8.0 Courland entry."""
    spans = {
        "west-exit": [f"{r:02d}01" for r in range(16, 24)],  # 9.0 1601–2301
        "east": [f"{r:02d}26" for r in range(9, 36)],  # 7.25, 9.0 0926–3526
        "south-exit": [f"01{c:02d}" for c in range(12, 18)],  # 9.0 0112–0117
        "courland-entry": [f"35{c:02d}" for c in range(23, 27)],  # 8.0 3523–3526
        "west": [f"{r:02d}01" for r in range(1, 36)],  # 7.25 any west-edge hex
        "south": [f"01{c:02d}" for c in range(1, 27)],  # 7.25 south edge (Italy)
    }
    return spans[edge]


def enterable(match, space_id: str) -> bool:
    """Whether ``space_id`` is a space of the match whose terrain may be entered (5.1: its
    terrain_cost is not NULL)."""
    space = match.static("space", "space_id").get(space_id)
    if space is None:
        return False
    cost = match.static("terrain_cost", "terrain").get(space["terrain"]) or {}
    return cost.get("cost") is not None


def passable_neighbours(match) -> dict[str, frozenset[str]]:
    """Per hex, the hexes next to it across a passable border (6.0 attacks, 6.21 retreats)."""
    return _neighbours(match, "br.passable")


def zoc_neighbours(match) -> dict[str, frozenset[str]]:
    """Per hex, the hexes next to it across a border that does not block ZOC (4.4, 11.0)."""
    return _neighbours(match, "NOT br.blocks_zoc")


def step_costs(match) -> dict[str, dict[str, int]]:
    """Per hex a, the movement points a step into each hex b next to it costs (5.2: terrain
    plus border), over passable borders into enterable terrain (move_link, read once per match)."""

    def read() -> dict[str, dict[str, int]]:
        found: dict[str, dict[str, int]] = {}
        for row in match.rows(
            "SELECT a, b, cost FROM move_link WHERE match_id = ? AND passable AND cost IS NOT NULL",
            [match.match_id],
        ):
            found.setdefault(row["a"], {})[row["b"]] = row["cost"]
        return found

    return match.derived(("bfg step costs",), (), read)


def _neighbours(match, border: str) -> dict[str, frozenset[str]]:
    """Per hex a, the hexes b of the links a-b whose border_rule meets ``border`` (read once per match)."""

    def read() -> dict[str, frozenset[str]]:
        found: dict[str, set[str]] = {}
        for row in match.rows(
            f"""SELECT l.a, l.b FROM link l JOIN border_rule br USING (match_id, kind)
                WHERE l.match_id = ? AND {border}""",
            [match.match_id],
        ):
            found.setdefault(row["a"], set()).add(row["b"])
        return {a: frozenset(bs) for a, bs in found.items()}

    return match.derived(("bfg neighbours", border), (), read)
