"""Loading a scenario's data files into the static tables (each row keeps its provenance).

Files (scenarios/bfg, or a custom scenario folder): map/hexes.csv, map/hexsides.csv,
units.csv, setups/<setup>.csv, tables/terrain.csv, tables/borders.csv,
tables/features.csv, tables/crt.csv, tables/turns.csv.
"""

from __future__ import annotations

from phaseline.scenario import Row, combined, read_csv
from phaseline.scenario_checks import check_turns

from .board import BOXES, axial, hex_neighbours

RULE_REFS = {
    "zoc.extent": "4.1",
    "zoc.blocked": "4.4",
    "zoc.stop": "4.0",
    "zoc.leave": "4.3",
    "zoc.to-zoc": "4.3",
    "move.enemy-occupied": "5.2",
    "move.prohibited": "5.1",
    "move.allowance": "5.0",
    "move.cost": "5.1",
    "stack.limit": "5.3",
    "stack.class": "5.3",
}


def load(match, scenario) -> None:
    """Fill space, link, unit and the rule tables for ``game`` from ``scenario``'s files."""
    gid = match.match_id
    hexes = read_csv(
        scenario.file("map/hexes.csv"), ("space_id", "terrain", "name", "region", "zone", "vp", "fortress")
    )
    rows = []
    for row in hexes:
        q, r = axial(_label(row))
        rows.append(
            (
                gid,
                row["space_id"],
                "hex",
                q,
                r,
                q + r / 2,
                r * 0.866,
                row["terrain"],
                row["name"] or None,
                row["region"],
                row["zone"],
                row.int("vp", default=0),
                "fortress" if row.flag("fortress") else None,
                row["provenance"],
                row["source"],
            )
        )
    rows += [
        (
            gid,
            box,
            "box",
            None,
            None,
            None,
            None,
            "box",
            title,
            None,
            None,
            0,
            None,
            "seed",
            "seed 7.0, 8.0, 9.1: off-map boxes",
        )
        for box, title in BOXES.items()
    ]
    match.store.insert_rows("space", SPACE_COLUMNS, rows)
    _load_links(match, {row["space_id"] for row in hexes}, scenario.file("map/hexsides.csv"))
    _load_rule_tables(match, scenario)
    _load_units(match, scenario, {row["space_id"] for row in hexes})


SPACE_COLUMNS = [
    "match_id",
    "space_id",
    "kind",
    "q",
    "r",
    "x",
    "y",
    "terrain",
    "name",
    "region",
    "zone",
    "vp",
    "feature",
    "provenance",
    "source",
]


def _label(row: Row) -> str:
    label = row["space_id"]
    if len(label) != 4 or not label.isdigit():
        raise row.error(f"hex label {label!r} is not four digits AABB")
    return label


def _load_links(match, labels: set[str], path) -> None:
    """Adjacency from axial coordinates (set at a time), with the hexsides file's borders."""
    sides = []
    for row in read_csv(path, ("a", "b", "kind", "name")):
        for end in (row["a"], row["b"]):
            if end not in labels:
                raise row.error(f"unknown hex {end}")
        if row["b"] not in hex_neighbours(row["a"]):
            raise row.error(f"hexes {row['a']} and {row['b']} are not adjacent")
        for a, b in ((row["a"], row["b"]), (row["b"], row["a"])):
            sides.append((match.match_id, a, b, row["kind"], row["name"] or None, row["provenance"], row["source"]))
    match.store.insert_rows("link", ["match_id", "a", "b", "kind", "name", "provenance", "source"], sides)
    match.con.execute(
        """INSERT INTO link
           SELECT p.match_id, p.space_id, n.space_id, 'clear', NULL, 'reconstructed', 'adjacent hexes of the grid (1.4)'
           FROM space p JOIN space n ON n.match_id = p.match_id AND n.kind = 'hex'
             AND greatest(abs(p.q - n.q), abs(p.r - n.r), abs(p.q + p.r - n.q - n.r)) = 1
           WHERE p.match_id = ? AND p.kind = 'hex'
             AND NOT EXISTS (SELECT 1 FROM link l
                             WHERE l.match_id = p.match_id AND l.a = p.space_id AND l.b = n.space_id)""",
        [match.match_id],
    )


def _load_rule_tables(match, scenario) -> None:
    gid, store = match.match_id, match.store
    terrain = [
        (
            gid,
            row["terrain"],
            row.int("cost") if row["cost"] else None,
            row.int("defense_multiplier", default=1),
            row["provenance"],
            row["source"],
        )
        for row in read_csv(scenario.file("tables/terrain.csv"), ("terrain", "cost", "defense_multiplier"))
    ]
    terrain.append((gid, "box", None, 1, "seed", "off-map boxes cannot be entered"))
    store.insert_rows(
        "terrain_cost", ["match_id", "terrain", "cost", "defense_multiplier", "provenance", "source"], terrain
    )
    borders = [(gid, "clear", 0, True, False, 1, "seed", "an ordinary hexside (5.1)")]
    borders += [
        (
            gid,
            row["kind"],
            row.int("extra_cost", default=0),
            row.flag("passable"),
            row.flag("blocks_zoc"),
            row.int("defense_multiplier", default=1),
            row["provenance"],
            row["source"],
        )
        for row in read_csv(
            scenario.file("tables/borders.csv"),
            ("kind", "extra_cost", "defense_multiplier", "blocks_zoc", "passable"),
        )
    ]
    store.insert_rows(
        "border_rule",
        [
            "match_id",
            "kind",
            "extra_cost",
            "passable",
            "blocks_zoc",
            "defense_multiplier",
            "provenance",
            "source",
        ],
        borders,
    )
    features = [
        (
            gid,
            row["feature"],
            row.int("move_cost") if row["move_cost"] else None,
            row.int("defense_multiplier") if row["defense_multiplier"] else None,
            row["applies_to"],
            row["provenance"],
            row["source"],
        )
        for row in read_csv(
            scenario.file("tables/features.csv"), ("feature", "move_cost", "defense_multiplier", "applies_to")
        )
    ]
    store.insert_rows(
        "bfg_modifier",
        ["match_id", "feature", "move_cost", "defense_multiplier", "applies_to", "provenance", "source"],
        features,
    )
    crt = []
    for row in read_csv(scenario.file("tables/crt.csv"), ("odds", "die", "result")):
        if row["result"] not in ("De", "Ae", "Ex", "Ar", "Dr", "-"):
            raise row.error(f"CRT result must be De, Ae, Ex, Ar, Dr or -, not {row['result']!r}")
        crt.append((gid, row["odds"], row.int("die"), row["result"], row["provenance"], row["source"]))
    store.insert_rows("bfg_crt", ["match_id", "odds", "die", "result", "provenance", "source"], crt)
    turns = [
        (
            gid,
            row.int("turn"),
            row["label"],
            row["box"],
            row.int("replacements"),
            row["provenance"],
            row["source"],
        )
        for row in read_csv(scenario.file("tables/turns.csv"), ("turn", "label", "box", "replacements"))
    ]
    store.insert_rows("bfg_turn", ["match_id", "turn", "label", "box", "replacements", "provenance", "source"], turns)
    check_turns(scenario, {t[1] for t in turns}, str(scenario.file("tables/turns.csv")))  # 2.4 the turn record
    store.insert_rows("rule_ref", ["match_id", "topic", "rule"], [(gid, t, r) for t, r in RULE_REFS.items()])
    store.insert_rows(
        "stacking_rule",
        ["match_id", "side", "size", "max_units", "rule"],
        [(gid, "*", "*", 2, "5.3"), (gid, "SOV", "front", 1, "5.3")],
    )


def _load_units(match, scenario, labels: set[str]) -> None:
    settings = scenario.settings
    starts: dict[str, Row] = {}
    for row in read_csv(scenario.file(f"setups/{settings['setup']}.csv"), ("unit_id", "location")):
        if row["location"] not in labels and row["location"] not in BOXES:
            raise row.error(f"unknown hex or box {row['location']!r} for unit {row['unit_id']}")
        if row["unit_id"] in starts:
            raise row.error(f"unit {row['unit_id']} is set up twice")
        starts[row["unit_id"]] = row
    units = read_csv(
        scenario.file("units.csv"),
        ("unit_id", "name", "nationality", "bloc", "size", "attack", "defense", "movement"),
    )
    known = {u["unit_id"] for u in units}
    for unit_id, row in starts.items():
        if unit_id not in known:
            raise row.error(f"unknown unit {unit_id!r}")
    rows = [
        (
            match.match_id,
            row["unit_id"],
            row["name"],
            row["nationality"],
            row["bloc"],
            row["size"],
            row.int("attack"),
            row.int("defense"),
            row.int("movement"),
            starts[row["unit_id"]]["location"] if row["unit_id"] in starts else None,
            *combined(row, starts.get(row["unit_id"])),
        )
        for row in units
    ]
    match.store.insert_rows(
        "unit",
        None,  # every column of unit, in order
        rows,
    )
    match.store.insert_rows(  # the set-up's own provenance: unit rows carry the counters'
        "bfg_setup",
        ["match_id", "unit_id", "location", "provenance", "source"],
        [(match.match_id, u, r["location"], r["provenance"], r["source"]) for u, r in starts.items()],
    )
