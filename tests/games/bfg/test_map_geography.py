"""Geography checks on the reconstructed Battle for Germany map CSVs.

These tests read ``scenarios/bfg/map/*.csv`` with the csv module only and use
their own hex adjacency (no engine imports), so they pin the map data itself.
"""

import csv
from collections import Counter, deque
from functools import cache
from pathlib import Path

import pytest

MAP_DIR = Path(__file__).resolve().parents[3] / "scenarios" / "bfg" / "map"
ROWS, COLS = 35, 26
LAND = {"clear", "rough"}
PROVENANCES = {"seed", "external", "reconstructed", "placeholder"}
MAIN_RIVERS = ["Rhine", "Elbe", "Oder", "Vistula", "Danube"]


@cache
def hexes() -> dict[str, dict[str, str]]:
    """hexes.csv keyed by space_id (the hex label)."""
    with (MAP_DIR / "hexes.csv").open(encoding="utf-8") as f:
        return {row["space_id"]: row for row in csv.DictReader(f)}


@cache
def hexsides() -> list[dict[str, str]]:
    """hexsides.csv rows."""
    with (MAP_DIR / "hexsides.csv").open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def lab(row: int, col: int) -> str:
    """Label AABB."""
    return f"{row:02d}{col:02d}"


def neighbours(label: str) -> list[str]:
    """On-map neighbours: odd rows (AA±1, BB-1), (AA±1, BB); even rows shifted east."""
    r, c = int(label[:2]), int(label[2:])
    shift = 0 if r % 2 else 1
    cand = [(r, c - 1), (r, c + 1)]
    for dr in (-1, 1):
        cand += [(r + dr, c - 1 + shift), (r + dr, c + shift)]
    return [lab(a, b) for a, b in cand if 1 <= a <= ROWS and 1 <= b <= COLS]


def corners(label: str) -> set[tuple[int, int]]:
    """The six corners of a hex as integer keys, shared with its neighbours."""
    r, c = int(label[:2]), int(label[2:])
    kx, ky = 2 * c + (r % 2 == 0), 3 * r
    return {(kx + dx, ky + dy) for dx, dy in [(1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1)]}


def blocked() -> set[frozenset[str]]:
    """Hexsides that may not be crossed (sea and prohibited)."""
    return {frozenset((s["a"], s["b"])) for s in hexsides() if s["kind"] in {"sea", "prohibited"}}


def reach(start: str, ok: set[str]) -> set[str]:
    """Hexes of ``ok`` reachable from ``start`` without crossing blocked hexsides."""
    stop = blocked()
    seen, todo = {start}, deque([start])
    while todo:
        h = todo.popleft()
        for n in neighbours(h):
            if n in ok and n not in seen and frozenset((h, n)) not in stop:
                seen.add(n)
                todo.append(n)
    return seen


def city(name: str) -> str:
    """Label of the single hex named ``name``."""
    found = [k for k, v in hexes().items() if v["name"] == name]
    assert len(found) == 1, f"{name}: {found}"
    return found[0]


def is_coastal(label: str) -> bool:
    """True if a neighbour is a sea hex."""
    return any(hexes()[n]["terrain"] == "sea" for n in neighbours(label))


def test_adjacency_helper_matches_the_grid_definition() -> None:
    assert sorted(neighbours("1110")) == ["1009", "1010", "1109", "1111", "1209", "1210"]


def test_grid_has_910_hexes_and_every_label() -> None:
    expected = {lab(r, c) for r in range(1, ROWS + 1) for c in range(1, COLS + 1)}
    assert len(hexes()) == 910
    assert set(hexes()) == expected


def test_hex_columns_use_allowed_values() -> None:
    for h in hexes().values():
        assert h["terrain"] in LAND | {"sea", "neutral"}, h
        assert h["zone"] in {"W", "E", "B"}, h
        assert h["fortress"] in {"true", "false"}, h
        assert int(h["vp"]) == 0 or h["name"], h


def test_every_hexside_joins_two_adjacent_hexes() -> None:
    for s in hexsides():
        assert s["a"] < s["b"], s
        assert s["b"] in neighbours(s["a"]), s
        assert s["kind"] in {"river", "sea", "prohibited"}, s


def test_each_hexside_is_listed_once() -> None:
    pairs = [(s["a"], s["b"]) for s in hexsides()]
    assert len(pairs) == len(set(pairs))


@pytest.mark.parametrize("river", MAIN_RIVERS)
def test_main_river_is_one_unbranched_connected_hexside_chain(river: str) -> None:
    sides = [s for s in hexsides() if s["kind"] == "river" and s["name"] == river]
    assert len(sides) >= 8, f"{river} has only {len(sides)} hexsides"
    ends = [corners(s["a"]) & corners(s["b"]) for s in sides]
    assert all(len(e) == 2 for e in ends)
    seen, todo = {0}, deque([0])
    while todo:
        i = todo.popleft()
        for j, e in enumerate(ends):
            if j not in seen and e & ends[i]:
                seen.add(j)
                todo.append(j)
    assert len(seen) == len(sides), f"{river} splits into pieces"
    degree = Counter(v for e in ends for v in e)
    assert max(degree.values()) <= 2, f"{river} branches"


def crossings(row: int, river: str) -> list[int]:
    """Columns c where the hexside (row, c)-(row, c+1) is the river."""
    names = {frozenset((s["a"], s["b"])) for s in hexsides() if s["name"] == river}
    return [c for c in range(1, COLS) if frozenset((lab(row, c), lab(row, c + 1))) in names]


def test_berlin_lies_between_the_elbe_and_the_oder() -> None:
    berlin = city("Berlin")
    row, col = int(berlin[:2]), int(berlin[2:])
    assert any(c < col for c in crossings(row, "Elbe")), "no Elbe west of Berlin"
    assert any(c >= col for c in crossings(row, "Oder")), "no Oder east of Berlin"


EDGE_HEXES = {
    "west 9.0": [lab(r, 1) for r in range(16, 24)],
    "east 7.25/9.0": [lab(r, COLS) for r in range(9, 36)],
    "south 9.0": [lab(1, c) for c in range(12, 18)],
    "north 8.0": [lab(ROWS, c) for c in range(23, 27)],
}


@pytest.mark.parametrize("edge", sorted(EDGE_HEXES))
def test_rule_edge_hexes_are_enterable_land_on_their_edge(edge: str) -> None:
    for label in EDGE_HEXES[edge]:
        assert len(neighbours(label)) < 6, f"{label} is not on an edge"
        assert hexes()[label]["terrain"] in LAND, hexes()[label]


def test_yugoslav_border_meets_east_edge_between_0826_and_0926() -> None:
    assert hexes()["0826"]["region"] == "YUG"
    assert hexes()["0926"]["region"] != "YUG"


@pytest.mark.parametrize("anchor", ["2401", "1724", "1926", "1925", "2325", "2125", "1122"])
def test_external_anchor_hex_is_land(anchor: str) -> None:
    assert hexes()[anchor]["terrain"] in LAND


def test_1122_is_next_to_budapest() -> None:
    assert city("Budapest") in [*neighbours("1122"), "1122"]


@pytest.mark.parametrize("side", ["E", "W"])
def test_theatre_is_one_connected_region(side: str) -> None:
    land = {k for k, v in hexes().items() if v["terrain"] in LAND}
    region = {k for k in land if hexes()[k]["zone"] == side}
    start = min(region)
    assert region <= reach(start, region | {city("Berlin")})


def test_berlin_is_the_single_b_hex_and_touches_both_theatres() -> None:
    berlin = city("Berlin")
    assert [k for k, v in hexes().items() if v["zone"] == "B"] == [berlin]
    assert {hexes()[n]["zone"] for n in neighbours(berlin)} >= {"E", "W"}
    assert hexes()[berlin]["vp"] == "10"


@pytest.mark.parametrize("name", ["Stettin", "Rostock"])
def test_courland_ports_are_east_and_coastal(name: str) -> None:
    label = city(name)
    assert hexes()[label]["zone"] == "E"
    assert is_coastal(label)


CITY_THEATRES = [("Vienna", "E"), ("Prague", "E"), ("Warsaw", "E"), ("Cologne", "W"), ("Essen", "W")]


@pytest.mark.parametrize(("name", "side"), CITY_THEATRES)
def test_city_theatre(name: str, side: str) -> None:
    assert hexes()[city(name)]["zone"] == side


def test_vienna_is_austrian() -> None:
    assert hexes()[city("Vienna")]["region"] == "AUT"


def test_budapest_is_on_the_danube() -> None:
    danube = {h for s in hexsides() if s["name"] == "Danube" for h in (s["a"], s["b"])}
    assert city("Budapest") in danube


def test_italy_touches_the_south_edge() -> None:
    italian = [lab(1, c) for c in range(1, COLS + 1) if hexes()[lab(1, c)]["region"] == "ITA"]
    assert any(hexes()[h]["terrain"] in LAND for h in italian)


def test_every_land_hex_is_reachable_from_berlin() -> None:
    land = {k for k, v in hexes().items() if v["terrain"] in LAND}
    assert land == reach(city("Berlin"), land)


def test_every_row_has_a_known_provenance_and_a_source() -> None:
    for row in [*hexes().values(), *hexsides()]:
        assert row["provenance"] in PROVENANCES, row
        assert row["source"].strip(), row
