"""Loading a scenario's data files into the static tables (each row keeps its provenance).

Files (scenarios/nimitz, or a custom scenario folder; README.md there says what each is):
map/points.csv, map/routes.csv, counters.csv, values.csv, campaigns.csv,
campaigns/<year>/{setup,air_groups,income,objectives,victory}.csv and tables/*.csv.
A custom folder's scenario.toml may say ``stacks = "as-listed"`` (docs/nimitz.md, test positions);
a set-up sheet may give a unit's ``status`` (``full`` by default, or ``damaged``).
"""

from __future__ import annotations

import tomllib
from typing import Any

from phaseline.errors import ScenarioError
from phaseline.scenario import PROVENANCES, Row, read_csv

from .board import BOXES, PLACES
from .scenarios import TURNS

COUNTER_COLUMNS = (
    "unit_id",
    "name",
    "side",
    "nationality",
    "category",
    "type",
    "carrier_air",
    "marine",
    "bw",
    "hit_cost",
    "buy_cost",
    "years",
)
SET_UP_STATUSES = ("full", "damaged")  # 2.5 the two faces a unit may be set up on
VALUE_COLUMNS = (
    "aa",
    "aa_superior",
    "gunnery",
    "gunnery_superior",
    "torpedo",
    "asw",
    "asw_superior",
    "air",
    "air_superior",
    "anti_ship",
    "anti_ship_superior",
    "ground",
    "ground_superior",
)


def load(match, scenario) -> None:
    """Fill space, link, unit and the fcn_* tables for ``game`` from ``scenario``'s files."""
    years = scenario.settings["years"]
    points = _load_map(match, scenario)
    counters = _load_counters(match, scenario)
    _load_campaigns(match, scenario, years, points, counters)
    _load_tables(match, scenario)


def _insert(match, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
    match.store.insert_rows(table, ["match_id", *columns], [(match.match_id, *row) for row in rows])


def _tagged(row: Row) -> tuple[str, str]:
    return row["provenance"], row["source"]


def _weaker(*rows: Row) -> tuple[str, str]:
    """The weakest provenance of ``rows`` and their sources (docs/scenarios.md: as sure as its weakest part)."""
    provenance = max((r["provenance"] for r in rows), key=PROVENANCES.index)
    return provenance, "; ".join(r["source"] for r in rows)


def _optional_int(row: Row, column: str) -> int | None:
    return row.int(column) if row[column] else None


# --- 2.1 the map ------------------------------------------------------------------------------


def _load_map(match, scenario) -> set[str]:
    columns = ("point_id", "name", "x", "y", "us_air_capacity", "australian", "closed_to", "last_unit_exempt")
    points = read_csv(scenario.file("map/points.csv"), columns)
    for row in points:
        if row["closed_to"] not in ("", "US", "JP"):
            raise row.error(f"closed_to must be US, JP or empty, not {row['closed_to']!r}")
    spaces = [
        (row["point_id"], "point", float(row["x"]), float(row["y"]), "point", row["name"], *_tagged(row))
        for row in points
    ]
    spaces += [(box, "box", None, None, "box", title, "seed", source) for box, (title, source) in BOXES.items()]
    _insert(match, "space", ["space_id", "kind", "x", "y", "terrain", "name", "provenance", "source"], spaces)
    _insert(
        match,
        "fcn_point",
        ["point_id", "us_air_capacity", "australian", "closed_to", "last_unit_exempt", "provenance", "source"],
        [
            (
                row["point_id"],
                _optional_int(row, "us_air_capacity"),
                row.flag("australian"),
                row["closed_to"] or None,
                row.flag("last_unit_exempt"),
                *_tagged(row),
            )
            for row in points
        ],
    )
    known = {row["point_id"] for row in points}
    links = []
    for row in read_csv(scenario.file("map/routes.csv"), ("a", "b")):
        for end in (row["a"], row["b"]):
            if end not in known:
                raise row.error(f"unknown point {end!r}")
        links += [(a, b, "route", *_tagged(row)) for a, b in ((row["a"], row["b"]), (row["b"], row["a"]))]
    _insert(match, "link", ["a", "b", "kind", "provenance", "source"], links)  # 2.1 routes, both directions
    return known


# --- 2.5-2.8 counters and their values ---------------------------------------------------------


def _load_counters(match, scenario) -> dict[str, Row]:
    counters = {row["unit_id"]: row for row in read_csv(scenario.file("counters.csv"), COUNTER_COLUMNS)}
    values = read_csv(scenario.file("values.csv"), ("unit_id", "face", *VALUE_COLUMNS))
    for row in values:
        if row["unit_id"] not in counters:
            raise row.error(f"unknown counter {row['unit_id']!r}")
        if row["face"] not in ("full", "damaged"):
            raise row.error(f"face must be full or damaged, not {row['face']!r}")
    _insert(
        match,
        "fcn_value",
        ["counter_id", "face", *VALUE_COLUMNS, "provenance", "source"],
        [(r["unit_id"], r["face"], *(_optional_int(r, c) for c in VALUE_COLUMNS), *_tagged(r)) for r in values],
    )
    return counters


def _counter_row(row: Row, unit_id: str, counter_id: str, carrier: str | None, tag: tuple[str, str]) -> tuple:
    return (
        unit_id,
        counter_id,
        row["side"],
        row["nationality"],
        row["category"],
        row["type"],
        row.flag("carrier_air"),
        row.flag("marine"),
        row.flag("bw"),
        row.int("hit_cost"),
        row.int("buy_cost"),
        row["years"],
        carrier,
        *tag,
    )


# --- 3.0-3.4 the campaigns -----------------------------------------------------------------------


def _load_campaigns(match, scenario, years: tuple[int, ...], points: set[str], counters: dict[str, Row]) -> None:
    stacks = _stacks_setting(scenario)
    frames = {
        row.int("year"): row
        for row in read_csv(
            scenario.file("campaigns.csv"),
            ("year", "turns", "return_boxes", "dismissal_at", "us_battalions", "recon_markers"),
        )
    }
    campaign, setup, groups, income, objectives, victory = [], [], [], [], [], []
    instances: dict[str, tuple] = {}
    for year in years:
        frame = frames.get(year)
        if frame is None:
            raise ScenarioError(f"has no row for {year}", path=str(scenario.file("campaigns.csv")))
        if frame.int("turns") != TURNS[year]:
            raise frame.error(f"{year} has {TURNS[year]} turns (5.0, 12.5), not {frame['turns']}")
        campaign.append(
            (
                year,
                frame.int("turns"),
                frame["return_boxes"],
                frame.int("dismissal_at"),
                frame.int("us_battalions"),
                frame.int("recon_markers"),
                stacks,
                *_tagged(frame),
            )
        )
        folder = f"campaigns/{year}"
        for listed, row in enumerate(read_csv(scenario.file(f"{folder}/setup.csv"), ("unit_id", "place"))):
            if row["unit_id"] not in counters:
                raise row.error(f"unknown unit {row['unit_id']!r}")
            if row["place"] not in points and row["place"] not in PLACES:
                raise row.error(f"unknown point or box {row['place']!r}")
            status = row.get("status") or "full"  # 2.5 the optional status column: a damaged unit set up
            if status not in SET_UP_STATUSES:
                raise row.error(f"status must be full or damaged, not {status!r}")
            setup.append((year, row["unit_id"], row["place"], listed, status, *_tagged(row)))
        for row in read_csv(scenario.file(f"{folder}/air_groups.csv"), ("carrier_id", "aircraft_id", "count")):
            plane = counters.get(row["aircraft_id"])
            if row["carrier_id"] not in counters or plane is None or not plane.flag("carrier_air"):
                raise row.error(f"unknown carrier or carrier aircraft {row['carrier_id']}/{row['aircraft_id']}")
            groups.append((year, row["carrier_id"], row["aircraft_id"], row.int("count"), *_tagged(row)))
            for n in range(1, row.int("count") + 1):  # 2.7 the air group's counters: CARRIER/TYPE-N
                unit_id = f"{row['carrier_id']}/{row['aircraft_id']}-{n}"
                instances.setdefault(
                    unit_id, _counter_row(plane, unit_id, plane["unit_id"], row["carrier_id"], _weaker(plane, row))
                )
        income += [
            (year, r.int("turn"), r.int("rp"), r.int("sp"), *_tagged(r))
            for r in read_csv(scenario.file(f"{folder}/income.csv"), ("turn", "rp", "sp"))
        ]
        for row in read_csv(scenario.file(f"{folder}/objectives.csv"), ("point_id",)):
            if row["point_id"] not in points:
                raise row.error(f"unknown point {row['point_id']!r}")
            objectives.append((year, row["point_id"], *_tagged(row)))
        victory += [
            (year, r.int("min_held"), r.int("max_held"), r["level"], *_tagged(r))
            for r in read_csv(scenario.file(f"{folder}/victory.csv"), ("min_held", "max_held", "level"))
        ]
    _insert(
        match,
        "fcn_campaign",
        [
            "year",
            "turns",
            "return_boxes",
            "dismissal_at",
            "us_battalions",
            "recon_markers",
            "stacks",
            "provenance",
            "source",
        ],
        campaign,
    )
    _insert(match, "fcn_setup", ["year", "unit_id", "place", "listed", "status", "provenance", "source"], setup)
    _insert(match, "fcn_air_group", ["year", "carrier_id", "aircraft_id", "count", "provenance", "source"], groups)
    _insert(match, "fcn_income", ["year", "turn", "rp", "sp", "provenance", "source"], income)
    _insert(match, "fcn_objective", ["year", "point_id", "provenance", "source"], objectives)
    _insert(match, "fcn_victory", ["year", "min_held", "max_held", "level", "provenance", "source"], victory)
    _load_units(match, counters, instances, {row[1]: row[2] for row in setup if row[0] == years[0]})


def _stacks_setting(scenario) -> str:
    """'as-listed' when a custom scenario.toml asks for stacks in set-up order (a test position), else 'mixed'."""
    manifest = scenario.data / "scenario.toml"
    if not manifest.is_file():
        return "mixed"
    stacks = tomllib.loads(manifest.read_text(encoding="utf-8-sig")).get("stacks", "mixed")
    if stacks not in ("mixed", "as-listed"):
        raise ScenarioError(f'stacks must be "mixed" or "as-listed", not {stacks!r}', path=str(manifest))
    return stacks


def _load_units(match, counters: dict[str, Row], instances: dict[str, tuple], start: dict[str, str]) -> None:
    """unit: every counter and every carrier-aircraft counter of an air group (``start``: the first year's
    set-up); fcn_counter: their game values."""
    printed = [_counter_row(row, unit_id, unit_id, None, _tagged(row)) for unit_id, row in counters.items()]
    every = [*printed, *instances.values()]
    _insert(
        match,
        "fcn_counter",
        ["unit_id", "counter_id", *COUNTER_COLUMNS[2:], "carrier", "provenance", "source"],
        every,
    )
    names = {unit_id: row["name"] for unit_id, row in counters.items()}
    units = [
        (
            u[0],
            names.get(u[0]) or f"{u[12]} {names[u[1]]} {u[0].rsplit('-', 1)[1]}",
            u[3],
            u[2],
            u[5],
            0,
            0,
            0,
            start.get(u[0], "STORAGE" if u[12] else None),
            u[13],
            u[14],
        )
        for u in every
    ]
    _insert(
        match,
        "unit",
        [
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
        ],
        units,
    )


# --- the printed tables ------------------------------------------------------------------------------


def _load_tables(match, scenario) -> None:
    file = scenario.file
    _insert(
        match,
        "fcn_turn",
        ["turn", "name", "provenance", "source"],
        [(r.int("turn"), r["name"], *_tagged(r)) for r in read_csv(file("tables/turns.csv"), ("turn", "name"))],
    )
    orders = read_csv(file("tables/orders.csv"), ("roll", "order"))
    limits = read_csv(
        file("tables/order_limits.csv"), ("order", "ships", "infantry", "aircraft", "aircraft_if_garrisoned")
    )
    named = {r["order"] for r in limits}
    for row in orders:
        if row["order"] not in named:
            raise row.error(f"order {row['order']!r} is not in tables/order_limits.csv")
    if sorted(r.int("roll") for r in orders) != list(range(1, 11)):
        raise ScenarioError(
            "the Orders Table needs one row for each face 1-10 (9.1)", path=str(file("tables/orders.csv"))
        )
    _insert(
        match,
        "fcn_order",
        ["roll", "order_name", "provenance", "source"],
        [(r.int("roll"), r["order"], *_tagged(r)) for r in orders],
    )
    _insert(
        match,
        "fcn_order_limit",
        ["order_name", "ships", "infantry", "aircraft", "aircraft_if_garrisoned", "provenance", "source"],
        [
            (
                r["order"],
                r.int("ships"),
                r.int("infantry"),
                r.int("aircraft"),
                r.flag("aircraft_if_garrisoned"),
                *_tagged(r),
            )
            for r in limits
        ],
    )
    _insert(
        match,
        "fcn_reinforcement",
        ["band", "low", "high", "ships", "infantry", "aircraft", "provenance", "source"],
        [
            (
                n,
                _optional_int(r, "low"),
                _optional_int(r, "high"),
                r.int("ships"),
                r.int("infantry"),
                r.int("aircraft"),
                *_tagged(r),
            )
            for n, r in enumerate(
                read_csv(file("tables/reinforcement.csv"), ("low", "high", "ships", "infantry", "aircraft"))
            )
        ],
    )
    _insert(
        match,
        "fcn_combat_rounds",
        ["roll", "rounds", "provenance", "source"],
        [
            (r.int("roll"), r.int("rounds"), *_tagged(r))
            for r in read_csv(file("tables/combat_rounds.csv"), ("roll", "rounds"))
        ],
    )
    _insert(
        match,
        "fcn_battle_plan",
        ["low", "high", "draws", "provenance", "source"],
        [
            (r.int("low"), _optional_int(r, "high"), r.int("draws"), *_tagged(r))
            for r in read_csv(file("tables/battle_plan.csv"), ("low", "high", "draws"))
        ],
    )
    _insert(
        match,
        "fcn_bonus_marker",
        ["marker_id", "side", "name", "cost", "copies", "provenance", "source"],
        [
            (r["marker_id"], r["side"], r["name"], _optional_int(r, "cost"), _optional_int(r, "copies"), *_tagged(r))
            for r in read_csv(file("tables/bonus_markers.csv"), ("marker_id", "side", "name", "cost", "copies"))
        ],
    )
    _insert(
        match,
        "fcn_invasion",
        ["band", "low", "high", "objectives", "provenance", "source"],
        [
            (n, _optional_int(r, "low"), _optional_int(r, "high"), r.int("objectives"), *_tagged(r))
            for n, r in enumerate(read_csv(file("tables/invasion.csv"), ("low", "high", "objectives")))
        ],
    )
    _insert(
        match,
        "fcn_linked_victory",
        ["band", "low", "high", "level", "provenance", "source"],
        [
            (n, _optional_int(r, "low"), _optional_int(r, "high"), r["level"], *_tagged(r))
            for n, r in enumerate(read_csv(file("tables/linked_victory.csv"), ("low", "high", "level")))
        ],
    )
