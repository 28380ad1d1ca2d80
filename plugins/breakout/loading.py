"""Loading a scenario's data files into the static tables, each row with its provenance.

Files (scenarios/breakout, or a custom scenario folder): map/areas.csv, map/borders.csv,
map/bridges.csv, map/beaches.csv, units.csv, setup.csv and tables/*.csv (README.md there).
"""

from __future__ import annotations

from phaseline.scenario import combined, read_csv
from phaseline.scenario_checks import check_turns

from .scenarios import ALLIED, GERMAN

# 8.13: no change to a move once a DR/dr is rolled, so an undo across a roll cites it
RULE_REFS = {"path.trace": "12.5", "stack.limit": "7.1", "undo across a roll": "8.13"}
KINDS = ("clear", "river", "water", "arrow", "landing", "sea")


# The columns a scenario's map/areas.csv and units.csv must have (provenance comes on top).
AREA_COLUMNS = (
    "area_id",
    "name",
    "kind",
    "terrain",
    "tem",
    "bocage",
    "vp",
    "zone",
    "beach",
    "port",
    "naval_colour",
    "x",
    "y",
)
UNIT_COLUMNS = (
    "unit_id",
    "name",
    "side",
    "nationality",
    "ss",
    "division",
    "type",
    "subtype",
    "art_kind",
    "size",
    "attack",
    "defense",
    "movement",
    "spent_defense",
)


def load(match, scenario) -> None:
    """Fill space, link, unit and the game's charts for ``game`` from ``scenario``'s files."""
    gid, store = match.match_id, match.store
    areas = read_csv(scenario.file("map/areas.csv"), AREA_COLUMNS)
    ids = {a["area_id"] for a in areas}
    store.insert_rows(
        "space",
        ["match_id", "space_id", "kind", "x", "y", "terrain", "name", "zone", "vp", "feature", "provenance", "source"],
        [
            (
                gid,
                a["area_id"],
                "area" if a["kind"] == "area" or a["terrain"] == "zone" else "box",  # 14.1: a zone is an area
                float(a["x"]),
                float(a["y"]),
                a["terrain"],
                a["name"],
                a["zone"] or None,
                a.int("vp", default=0),
                (a["beach"] and f"beach:{a['beach']}") or (a["port"] and f"port:{a['port']}") or None,
                a["provenance"],
                a["source"],
            )
            for a in areas
        ],
    )
    store.insert_rows(
        "bkn_area",
        ["match_id", "area_id", "tem", "bocage", "beach", "port", "naval_colour", "provenance", "source"],
        [
            (
                gid,
                a["area_id"],
                a.int("tem", default=0),
                a.flag("bocage"),
                a["beach"] or None,
                a["port"] or None,
                a["naval_colour"] or None,
                a["provenance"],
                a["source"],
            )
            for a in areas
        ],
    )
    bridges = _load_bridges(match, scenario, ids)
    links = []
    for row in read_csv(scenario.file("map/borders.csv"), ("a", "b", "kind", "river", "bridge")):
        for end in (row["a"], row["b"]):
            if end not in ids:
                raise row.error(f"unknown area {end!r}")
        if row["kind"] not in KINDS:
            raise row.error(f"border kind must be one of {', '.join(KINDS)}, not {row['kind']!r}")
        if row["bridge"] and row["bridge"] not in bridges:
            raise row.error(f"unknown bridge {row['bridge']!r}")
        kind = row["kind"]  # 3.24: a bridged border keeps its kind; link.name names its bridge
        name = row["bridge"] or row["river"] or None
        for a, b in ((row["a"], row["b"]), (row["b"], row["a"])):
            links.append((gid, a, b, kind, name, row["provenance"], row["source"]))
    store.insert_rows("link", ["match_id", "a", "b", "kind", "name", "provenance", "source"], links)
    _load_beaches(match, scenario, ids)
    _load_units(match, scenario, ids)
    _load_charts(match, scenario)


def _load_bridges(match, scenario, ids: set[str]) -> dict[str, dict]:
    borders = {
        frozenset((r["a"], r["b"])): r["kind"] for r in read_csv(scenario.file("map/borders.csv"), ("a", "b", "kind"))
    }
    found = {}
    rows = []
    for row in read_csv(scenario.file("map/bridges.csv"), ("bridge_id", "a", "b", "name", "initial_state")):
        border = borders.get(frozenset((row["a"], row["b"])))
        if border is None:
            raise row.error(f"bridge {row['bridge_id']} spans no border {row['a']}-{row['b']}")
        if row["initial_state"] not in ("german", "allied", "destroyed"):
            raise row.error(f"bridge state must be german, allied or destroyed, not {row['initial_state']!r}")
        found[row["bridge_id"]] = row
        rows.append(
            (
                match.match_id,
                row["bridge_id"],
                row["a"],
                row["b"],
                row["name"],
                border,
                row["initial_state"],
                row["provenance"],
                row["source"],
            )
        )
    match.store.insert_rows(
        "bkn_bridge",
        ["match_id", "bridge_id", "a", "b", "name", "border", "initial_state", "provenance", "source"],
        rows,
    )
    return found


def _load_beaches(match, scenario, ids: set[str]) -> None:
    rows = []
    for row in read_csv(
        scenario.file("map/beaches.csv"),
        ("beach", "area_id", "nationality", "approach_box", "depots_per_day", "works", "mulberry"),
    ):
        if row["area_id"] not in ids or row["approach_box"] not in ids:
            raise row.error(f"unknown area or box for beach {row['beach']}")
        rows.append(
            (
                match.match_id,
                row["beach"],
                row["area_id"],
                row["nationality"],
                row["approach_box"],
                row.int("depots_per_day", default=0),
                row.flag("works"),
                row["mulberry"] or None,
                row["provenance"],
                row["source"],
            )
        )
    match.store.insert_rows(
        "bkn_beach",
        [
            "match_id",
            "beach",
            "area_id",
            "nationality",
            "approach_box",
            "depots_per_day",
            "works",
            "mulberry",
            "provenance",
            "source",
        ],
        rows,
    )


def _load_units(match, scenario, ids: set[str]) -> None:
    setup = {}
    for row in read_csv(scenario.file("setup.csv"), ("unit_id", "space_id", "arrival_day", "method")):
        if row["space_id"] not in ids:
            raise row.error(f"unknown area or box {row['space_id']!r} for unit {row['unit_id']}")
        if row["method"] not in ("start", "drop", "landing", "zone"):
            raise row.error(f"method must be start, drop, landing or zone, not {row['method']!r}")
        if row["unit_id"] in setup:
            raise row.error(f"unit {row['unit_id']} is set up twice")
        setup[row["unit_id"]] = row
    units = read_csv(scenario.file("units.csv"), UNIT_COLUMNS)
    printed, extra = [], []
    for u in units:
        if u["side"] not in (GERMAN, ALLIED):
            raise u.error(f"side must be {GERMAN} or {ALLIED}, not {u['side']!r}")
        s = setup.get(u["unit_id"])
        start = s["space_id"] if s and s["method"] == "start" else None
        printed.append(
            (
                match.match_id,
                u["unit_id"],
                u["name"],
                u["nationality"],
                u["side"],
                u["size"],
                u.int("attack"),
                u.int("defense"),
                u.int("movement"),
                start,
                *combined(u, s),
            )
        )
        extra.append(
            (
                match.match_id,
                u["unit_id"],
                u.flag("ss"),
                u["division"] or None,
                u["type"],
                u["subtype"] or None,
                u["art_kind"] or None,
                u.int("spent_defense"),
                s.int("arrival_day") if s and s["arrival_day"] else None,
                s["method"] if s else None,
                s["space_id"] if s else None,
                *combined(u, s),
            )
        )
    unknown = set(setup) - {u["unit_id"] for u in units}
    if unknown:
        raise setup[min(unknown)].error(f"unknown unit {min(unknown)!r}")
    match.store.insert_rows(
        "unit",
        None,  # every column of unit, in order
        printed,
    )
    match.store.insert_rows(
        "bkn_unit",
        [
            "match_id",
            "unit_id",
            "ss",
            "division",
            "type",
            "subtype",
            "art_kind",
            "spent_defense",
            "arrival_day",
            "method",
            "arrive_at",
            "provenance",
            "source",
        ],
        extra,
    )
    match.store.insert_rows(
        "bkn_setup",
        ["match_id", "unit_id", "space_id", "arrival_day", "method", "provenance", "source"],
        [
            (match.match_id, unit_id, s["space_id"], s.int("arrival_day") if s["arrival_day"] else None, s["method"],
             s["provenance"], s["source"])
            for unit_id, s in setup.items()
        ],
    )  # fmt: skip


def _load_charts(match, scenario) -> None:
    gid, store = match.match_id, match.store
    charts = {
        "bkn_movement_cost": ("tables/movement_costs.csv", ("code", "mf", "applies_to", "restriction")),
        "bkn_impulse_track": ("tables/impulse_track.csv", ("space", "value", "note")),
        "bkn_victory": ("tables/victory.csv", ("item", "area_id", "vp", "condition")),
        "bkn_supply_chart": ("tables/supply.csv", ("item", "value", "note")),
        "bkn_turn": ("tables/turns.csv", ("turn", "date", "week", "start_weather", "reinforcements", "vp_required")),
        "bkn_marker": (
            "tables/bombardment.csv",
            ("marker_id", "side", "kind", "nationality", "dday_strength", "strength", "reach"),
        ),
    }
    for table, (path, columns) in charts.items():
        read = read_csv(scenario.file(path), columns)
        rows = [(gid, *[r[c] or None for c in columns], r["provenance"], r["source"]) for r in read]
        if table == "bkn_turn":  # the scenario's turns are turns of the turn record
            check_turns(scenario, {r.int("turn") for r in read}, str(scenario.file(path)))
        if table == "bkn_victory":  # one VP item per area, or one without an area
            rows = [(g, item, area or "", *rest) for g, item, area, *rest in rows]
        store.insert_rows(table, ["match_id", *columns, "provenance", "source"], rows)
    combat = read_csv(scenario.file("tables/combat.csv"), ("table", "code", "condition", "value", "note"))
    store.insert_rows(
        "bkn_combat",
        ["match_id", "tbl", "code", "condition", "value", "note", "provenance", "source"],
        [
            (gid, r["table"], r["code"], r["condition"], r["value"], r["note"], r["provenance"], r["source"])
            for r in combat
        ],
    )
    store.insert_rows("rule_ref", ["match_id", "topic", "rule"], [(gid, t, r) for t, r in RULE_REFS.items()])
    store.insert_rows(  # 7.1: ten units per side per area
        "stacking_rule", ["match_id", "side", "size", "max_units", "rule"], [(gid, "*", "*", 10, "7.1")]
    )
    store.insert_rows(
        "path_cost",
        ["match_id", "side", "applies_to", "kind", "state", "cost", "rule"],
        [(gid, *row) for row in supply_path_costs()],
    )
    store.insert_rows(  # 12.5: contested areas between cost +1; a unit traces from its own area
        "path_rule",
        ["match_id", "side", "blocked_by_enemy_zoc", "rule", "occupied_cost", "from_own_space"],
        [(gid, side, False, "12.5", 1, True) for side in (GERMAN, ALLIED)],
    )


def supply_path_costs() -> list[tuple]:
    """12.5 as path_cost rows (side, applies_to, kind, state, cost, rule) for both sides.

    Each border crossed costs 1 SP. Rivers and water obstacles are crossed only by a
    friendly-held bridge (link_state names the holder); the last step into the unit's own
    area may cross any river border (not water). Enemy-controlled areas block.
    """
    rows = []
    enemy_control = {GERMAN: ("US", "UK"), ALLIED: ("DE",)}
    for side in (GERMAN, ALLIED):
        rows += [(side, "border", k, "*", None if k in ("water", "river", "sea", "landing") else 1, "12.5")
                 for k in KINDS]  # fmt: skip
        rows += [(side, "border", k, side, 1, "12.5") for k in ("river", "water")]  # a friendly-held bridge
        rows.append((side, "end-border", "river", "*", 1, "12.5"))  # 12.5: any river into the unit's area
        rows += [(side, "control", c, "*", None, "12.5") for c in enemy_control[side]]
    return rows
