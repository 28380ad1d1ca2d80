"""Build the reconstructed Battle for Germany map from real geography.

Rasterises the lat/lon data in ``bfg_geography`` onto the 35 x 26 hex grid and
writes ``scenarios/bfg/map/hexes.csv`` and ``hexsides.csv`` deterministically.
Run ``python scripts/build_bfg_map.py`` from the repository root; it also
prints an ASCII picture of the terrain, north at the top.

Grid: label AABB, AA = row 01 (south) .. 35 (north), BB = column 01 (west) ..
26 (east); pointy-topped hexes, even rows shifted half a hex east.
"""

import csv
import math
import sys
from collections import deque
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bfg_geography as geo

ROWS, COLS = 35, 26
OUT_DIR = Path(__file__).resolve().parent.parent / "scenarios" / "bfg" / "map"
SCRIPT = "build_bfg_map.py"

# Projection, fitted by hand to the anchors (see README): latitude is
# piecewise linear in the row; x is a sinusoidal projection about LON_CENTRE
# whose column width grows northwards, so that Nijmegen (2401), Budapest
# (next to 1122), the Soviet front (1724, 2325), Istria (0112) and the
# Memel/Courland coast (3523) all hold on one grid.
ROW_LATITUDES = [(1, 45.05), (11, 47.72), (24, 51.83), (35, 55.20)]
LON_CENTRE = 13.5  # central meridian
X_CENTRE = 11.5  # planar column position of LON_CENTRE
KM_PER_COLUMN = 46.25  # column width at 50N
WIDTH_GROWTH = 0.03  # relative growth of the column width per degree north
KM_PER_DEGREE = 111.32
SQRT3 = math.sqrt(3.0)

Hex = tuple[int, int]  # (row AA, column BB)
Vertex = tuple[int, int]


def label(h: Hex) -> str:
    """Return the four-digit label AABB of a hex."""
    return f"{h[0]:02d}{h[1]:02d}"


def all_hexes() -> list[Hex]:
    """Every hex of the grid, south-west first."""
    return [(r, c) for r in range(1, ROWS + 1) for c in range(1, COLS + 1)]


def centre(h: Hex) -> tuple[float, float]:
    """Planar centre (x, y) of a hex; column spacing is 1."""
    r, c = h
    return c + 0.5 * (r % 2 == 0), r * SQRT3 / 2


def neighbours(h: Hex) -> list[Hex]:
    """On-map neighbours of a hex."""
    r, c = h
    shift = 0 if r % 2 else 1
    cand = [(r, c - 1), (r, c + 1)]
    for dr in (-1, 1):
        cand += [(r + dr, c - 1 + shift), (r + dr, c + shift)]
    return [(a, b) for a, b in cand if 1 <= a <= ROWS and 1 <= b <= COLS]


def _interp(value: float, pairs: list[tuple[float, float]]) -> float:
    """Piecewise-linear interpolation, extrapolating the end segments."""
    i = 0
    while i < len(pairs) - 2 and value > pairs[i + 1][0]:
        i += 1
    (a0, b0), (a1, b1) = pairs[i], pairs[i + 1]
    return b0 + (value - a0) * (b1 - b0) / (a1 - a0)


def _km_per_column(lat: float) -> float:
    """Column width in km at a latitude."""
    return KM_PER_COLUMN * (1 + WIDTH_GROWTH * (lat - 50))


def to_planar(lat: float, lon: float) -> tuple[float, float]:
    """Project a lat/lon point to planar grid coordinates."""
    row = _interp(lat, [(b, a) for a, b in ROW_LATITUDES])
    km = (lon - LON_CENTRE) * KM_PER_DEGREE * math.cos(math.radians(lat))
    return X_CENTRE + km / _km_per_column(lat), row * SQRT3 / 2


def to_latlon(x: float, y: float) -> tuple[float, float]:
    """Inverse of ``to_planar``."""
    lat = _interp(y * 2 / SQRT3, [(float(a), b) for a, b in ROW_LATITUDES])
    km = (x - X_CENTRE) * _km_per_column(lat)
    return lat, LON_CENTRE + km / (KM_PER_DEGREE * math.cos(math.radians(lat)))


def planar_to_hex(x: float, y: float) -> Hex:
    """The hex whose area contains a planar point (cube rounding)."""
    r = y * 2 / SQRT3
    q = x - r / 2 - 0.5
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rr, rq + (rr + (rr & 1)) // 2


def latlon_to_label(lat: float, lon: float) -> str:
    """Label of the hex containing a lat/lon point; ValueError if off-map."""
    r, c = planar_to_hex(*to_planar(lat, lon))
    if not (1 <= r <= ROWS and 1 <= c <= COLS):
        raise ValueError(f"{lat:.2f}N {lon:.2f}E is off the map")
    return label((r, c))


def inside(lat: float, lon: float, poly: geo.Shape) -> bool:
    """Ray-casting point-in-polygon test in lat/lon."""
    hit = False
    j = len(poly) - 1
    for i, (la, lo) in enumerate(poly):
        lb, ob = poly[j]
        if (la > lat) != (lb > lat) and lon < lo + (lat - la) * (ob - lo) / (lb - la):
            hit = not hit
        j = i
    return hit


def densify(line: geo.Shape, step: float = 0.1) -> Iterator[tuple[float, float]]:
    """Planar points along a lat/lon polyline, about ``step`` apart."""
    pts = [to_planar(la, lo) for la, lo in line]
    for (x0, y0), (x1, y1) in pairwise(pts):
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
        for k in range(n):
            yield x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n
    yield pts[-1]


def vertices(h: Hex) -> set[Vertex]:
    """The six corners of a hex as integer keys (2x, 6y/sqrt3)."""
    x, y = centre(h)
    kx, ky = round(2 * x), round(6 * y / SQRT3)
    offsets = [(1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1)]
    return {(kx + dx, ky + dy) for dx, dy in offsets}


def vertex_xy(v: Vertex) -> tuple[float, float]:
    """Planar position of a vertex key."""
    return v[0] / 2, v[1] * SQRT3 / 6


def hexside_graph() -> dict[frozenset[Vertex], tuple[Hex, Hex]]:
    """Map each interior hexside (as its vertex pair) to its two hexes."""
    sides: dict[frozenset[Vertex], tuple[Hex, Hex]] = {}
    for h in all_hexes():
        for n in neighbours(h):
            if h < n:
                sides[frozenset(vertices(h) & vertices(n))] = (h, n)
    return sides


def trace(line: geo.Shape, sides: dict[frozenset[Vertex], tuple[Hex, Hex]]) -> list[tuple[Hex, Hex]]:
    """Follow a polyline along hex edges; return a connected hexside chain."""
    adj: dict[Vertex, list[Vertex]] = {}
    for pair in sides:
        a, b = sorted(pair)
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    keys = sorted(adj)
    path: list[Vertex] = []
    for x, y in densify(line):
        r, c = planar_to_hex(x, y)
        if not (1 <= r <= ROWS and 1 <= c <= COLS):
            continue
        v = min(keys, key=lambda k: math.dist(vertex_xy(k), (x, y)))
        if not path:
            path.append(v)
        elif v != path[-1]:
            for w in shortest(path[-1], v, adj)[1:]:
                if len(path) > 1 and path[-2] == w:  # a step straight back: drop the spur
                    path.pop()
                else:
                    path.append(w)
    chain: list[tuple[Hex, Hex]] = []
    for a, b in pairwise(path):
        side = sides[frozenset((a, b))]
        if side not in chain:
            chain.append(side)
    return chain


def shortest(start: Vertex, goal: Vertex, adj: dict[Vertex, list[Vertex]]) -> list[Vertex]:
    """Breadth-first vertex path between two vertices."""
    prev: dict[Vertex, Vertex] = {start: start}
    todo = deque([start])
    while todo:
        v = todo.popleft()
        if v == goal:
            break
        for w in sorted(adj[v]):
            if w not in prev:
                prev[w] = v
                todo.append(w)
    out = [goal]
    while out[-1] != start:
        out.append(prev[out[-1]])
    return out[::-1]


# Hexes whose label the rules or an external source name. The role is the rules' (plugins/bfg
# board.py and the set-ups hold it); the row's values (terrain, country, theatre) are still
# ours, so these rows are reconstructed like the rest, and their source says what names them.
EDGE_ROLES: dict[str, str] = {
    **{label((r, 1)): "seed 9.0 names it a west-edge German exit hex" for r in range(16, 24)},
    **{label((r, COLS)): "seed 7.25/9.0 name it an east-edge Soviet entry and German exit hex" for r in range(9, 36)},
    **{label((1, c)): "seed 9.0 names it a south-edge German exit hex" for c in range(12, 18)},
    **{label((ROWS, c)): "seed 8.0 names it a north-edge Soviet Courland entry hex" for c in range(23, 27)},
}
ANCHORS: dict[str, str] = {
    "2401": "external S2 puts Canadian 2 Corps at 2401 (Nijmegen)",
    "1724": "external S4 puts a Soviet 8-20-3 at 1724",
    "1926": "external S4 puts a Soviet 7-7-4 at 1926",
    "1925": "external S4 moves a Soviet 7-7-4 to 1925",
    "2325": "external S4 puts a Soviet 6-4-6 at 2325",
    "2125": "external S4 moves a Soviet 6-4-6 to 2125",
    "1122": "external S4 names 1122 as the Danube/Budapest objective",
}
# 7.25: Soviet replacements enter on the east edge north of the Yugoslav border, "hex 0926
# and north". That puts the border just south of 0926; how far south Yugoslavia runs along
# the edge is our reading, so the strip is reconstructed.
YUGOSLAV_STRIP = (
    "7.25 puts the Yugoslav border just south of 0926 on the east edge (Soviet replacements"
    " enter at 0926 and north), so the east-edge hexes south of it are coded YUG"
)
NEUTRAL = {"SUI", "SWE"}
LAND = {"clear", "rough"}


def classify(lat: float, lon: float) -> tuple[str, str, str]:
    """Terrain, country and the feature names that decided them."""
    seas = [n for n, p in geo.SEAS.items() if inside(lat, lon, p)]
    if seas and not any(inside(lat, lon, p) for p in geo.ISLANDS.values()):
        return "sea", "SEA", seas[0]
    country = next((c for c, p in geo.COUNTRIES.items() if inside(lat, lon, p)), "GER")
    if country in NEUTRAL:
        return "neutral", country, "neutral"
    rough = [n for n, p in geo.ROUGH.items() if inside(lat, lon, p)]
    return ("rough", country, rough[0]) if rough else ("clear", country, "")


def theatre_side(lat: float, lon: float) -> str:
    """W or E of the German Theatre Boundary polyline."""
    line = geo.THEATRE_LINE
    for (la, lo), (lb, ob) in pairwise(line):
        if lb <= lat <= la:
            cut = lo + (lat - la) * (ob - lo) / (lb - la) if la != lb else lo
            return "E" if lon > cut else "W"
    return "E" if lon > line[-1][1] else "W"


def hex_cells() -> dict[Hex, dict[str, str]]:
    """Terrain, country, theatre, cities and fortresses of every hex."""
    cells: dict[Hex, dict[str, str]] = {}
    for h in all_hexes():
        lat, lon = to_latlon(*centre(h))
        terrain, country, why = classify(lat, lon)
        cells[h] = {
            "label": label(h),
            "terrain": terrain,
            "name": "",
            "country": country,
            "theatre": theatre_side(lat, lon),
            "vp": "0",
            "fortress": "false",
            "why": why,
        }
    for r in range(1, 9):  # rule 7.25 wins over the real border; see README
        cell = cells[(r, COLS)]
        real = "" if cell["country"] == "YUG" else f" (real 1937 country {cell['country']}, recoded)"
        cell.update(country="YUG", why=f"{YUGOSLAV_STRIP}{real}")
    for name, (lat, lon) in geo.CITIES.items():
        x, y = to_planar(lat, lon)
        h = planar_to_hex(x, y)
        if h in cells and cells[h]["terrain"] not in LAND:  # e.g. Venice in its lagoon
            h = min(neighbours(h), key=lambda n: math.dist(centre(n), (x, y)))
        if h in cells and not cells[h]["name"] and cells[h]["terrain"] in LAND:
            cells[h].update(name=name, vp="10" if name == "Berlin" else "1")
    cells[planar_to_hex(*to_planar(*geo.CITIES["Berlin"]))]["theatre"] = "B"
    for h, cell in cells.items():
        sides = {cells[n]["theatre"] for n in neighbours(h)} | {cell["theatre"]}
        cell["boundary"] = "true" if {"W", "E"} <= sides or "B" in sides else ""
    for x, y in densify(geo.WEST_WALL):
        h = planar_to_hex(x, y)
        if h in cells and cells[h]["country"] == "GER" and cells[h]["terrain"] in LAND:
            cells[h]["fortress"] = "true"
    return cells


def hexside_rows(cells: dict[Hex, dict[str, str]]) -> list[dict[str, str]]:
    """River and channel hexsides, one row per hexside."""
    sides = hexside_graph()
    rows: list[dict[str, str]] = []
    seen: set[tuple[str, str]] = set()
    lines = [("river", n, p) for n, p in geo.RIVERS.items()]
    lines += [("sea", n, p) for n, p in geo.CHANNELS.items()]
    for kind, name, line in lines:
        chain = trace(line, sides)
        land = [cells[a]["terrain"] in LAND or cells[b]["terrain"] in LAND for a, b in chain]
        if kind == "sea":  # a channel only matters between two land hexes
            chain = [(a, b) for a, b in chain if {cells[a]["terrain"], cells[b]["terrain"]} <= LAND]
        elif any(land):  # trim river ends that run through sea or neutral hexes
            chain = chain[land.index(True) : len(land) - land[::-1].index(True)]
        for a, b in chain:
            la, lb = sorted((label(a), label(b)))
            if (la, lb) in seen:  # one row per hexside; the earlier river keeps it
                continue
            seen.add((la, lb))
            source = f"reconstructed: {name} polyline traced along hex edges by {SCRIPT}"
            rows.append(
                {
                    "a": la,
                    "b": lb,
                    "kind": kind,
                    "name": name,
                    "provenance": "reconstructed",
                    "source": source,
                }
            )
    return rows


def provenance(c: dict[str, str]) -> tuple[str, str]:
    """Provenance of a hex row (its least certain value the rules read) and its source text.

    Every hex's position, terrain, country and theatre are ours, so every row is at best
    reconstructed; the source says which rule or source names the hex or fixes its VP.
    """
    where = f"lat/lon rasterised by {SCRIPT}"
    reason = geo.THEATRE_REASON
    feature = f"{c['why']}, " if c["why"] else ""
    near = f"; {reason}" if c["boundary"] else ""
    if c["name"] == "Berlin":
        berlin = f"Berlin's hex from 52.52N 13.40E, {where}; its 10 VP external S5"
        return "reconstructed", f"reconstructed: {berlin}; B {reason}"
    if c["name"]:
        return "placeholder", f"placeholder: {c['name']} 1 VP (S5 says 1 or 2); position {where}"
    if c["label"] in ANCHORS:
        return "reconstructed", f"reconstructed: terrain and country {where}; {ANCHORS[c['label']]}{near}"
    if c["why"].startswith(YUGOSLAV_STRIP):
        return "reconstructed", f"reconstructed: {c['why']}; terrain {where}"
    if c["label"] in EDGE_ROLES:
        return "reconstructed", f"reconstructed: {feature}{c['country']}, {where}; {EDGE_ROLES[c['label']]}{near}"
    return "reconstructed", f"reconstructed: {feature}{c['country']}, {where}{near}"


def write(cells: dict[Hex, dict[str, str]], sides: list[dict[str, str]]) -> None:
    """Write hexes.csv and hexsides.csv."""
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    fields = ["label", "terrain", "name", "country", "theatre", "vp", "fortress"]
    header = ["space_id", "terrain", "name", "region", "zone", "vp", "fortress"]  # the space table's columns
    with (OUT_DIR / "hexes.csv").open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow([*header, "provenance", "source"])
        for h in sorted(cells, key=label):
            out.writerow([*(cells[h][k] for k in fields), *provenance(cells[h])])
    with (OUT_DIR / "hexsides.csv").open("w", newline="", encoding="utf-8") as f:
        out = csv.DictWriter(f, ["a", "b", "kind", "name", "provenance", "source"], lineterminator="\n")
        out.writeheader()
        out.writerows(sorted(sides, key=lambda s: (s["a"], s["b"], s["kind"])))


def render(cells: dict[Hex, dict[str, str]]) -> str:
    """ASCII terrain map, north up; B Berlin, C city, F West Wall."""
    marks = {"sea": "~", "neutral": "n", "rough": "^", "clear": "."}
    lines = []
    for r in range(ROWS, 0, -1):
        row = []
        for c in range(1, COLS + 1):
            cell = cells[(r, c)]
            mark = marks[cell["terrain"]]
            if cell["fortress"] == "true":
                mark = "F"
            if cell["name"]:
                mark = "B" if cell["theatre"] == "B" else "C"
            row.append(mark)
        lines.append(f"{r:02d} " + (" " if r % 2 == 0 else "") + " ".join(row))
    return "\n".join(lines)


def main() -> None:
    """Regenerate the CSVs and print the ASCII map."""
    cells = hex_cells()
    write(cells, hexside_rows(cells))
    print(render(cells))


if __name__ == "__main__":
    main()
