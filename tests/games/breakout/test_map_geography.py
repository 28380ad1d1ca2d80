"""Consistency and geography checks for the reconstructed Breakout: Normandy data.

The files under scenarios/breakout/ are read with the csv module only: the engine is
written in parallel and must not be needed to validate the data.
"""

import csv
from collections import Counter, defaultdict, deque
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCEN = ROOT / "scenarios" / "breakout"
PROVENANCES = {"seed", "external", "reconstructed", "placeholder"}
BEACHES = {"Utah": "US", "Omaha": "US", "Gold": "UK", "Juno": "UK", "Sword": "UK"}


def read(rel: str) -> list[dict[str, str]]:
    with open(SCEN / rel, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def areas() -> dict[str, dict[str, str]]:
    return {r["area_id"]: r for r in read("map/areas.csv")}


@pytest.fixture(scope="module")
def borders() -> list[dict[str, str]]:
    return read("map/borders.csv")


@pytest.fixture(scope="module")
def adjacency(borders) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = defaultdict(set)
    for b in borders:
        adj[b["a"]].add(b["b"])
        adj[b["b"]].add(b["a"])
    return adj


@pytest.fixture(scope="module")
def units() -> dict[str, dict[str, str]]:
    return {r["unit_id"]: r for r in read("units.csv")}


def by_name(areas, name: str) -> str:
    (aid,) = [k for k, r in areas.items() if r["name"] == name]
    return aid


def distances(adj, start: str, skip: frozenset[str] = frozenset()) -> dict[str, int]:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for nxt in adj[here]:
            if nxt not in dist and nxt not in skip:
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    return dist


def border_between(borders, a: str, b: str) -> dict[str, str]:
    (row,) = [r for r in borders if {r["a"], r["b"]} == {a, b}]
    return row


# ---------------------------------------------------------------- map structure (3.2, 3.23)


def test_rules_3_2_map_has_sixty_areas_numbered_1_to_60(areas):
    land = sorted(int(k) for k, r in areas.items() if r["kind"] == "area")
    assert land == list(range(1, 61))


def test_rules_3_22_tem_within_printed_range_for_land_areas(areas):
    for r in areas.values():
        if r["kind"] == "area":
            assert 1 <= int(r["tem"]) <= 4, r["name"]


def test_every_border_joins_two_known_spaces(areas, borders):
    for b in borders:
        assert b["a"] in areas and b["b"] in areas, b
        assert b["a"] != b["b"], b


def test_no_duplicate_borders(borders):
    pairs = Counter(frozenset((b["a"], b["b"])) for b in borders)
    assert [sorted(p) for p, n in pairs.items() if n > 1] == []


def test_rules_3_23_border_kinds_are_known(borders):
    kinds = {"clear", "river", "water", "arrow", "landing", "sea"}
    assert {b["kind"] for b in borders} <= kinds


def test_every_space_reachable_from_every_other(areas, adjacency):
    assert set(distances(adjacency, "1")) == set(areas)


def test_land_areas_connected_without_off_map_boxes(areas, adjacency):
    boxes = frozenset(k for k, r in areas.items() if r["kind"] == "box")
    land = {k for k, r in areas.items() if r["kind"] == "area"}
    assert set(distances(adjacency, "7", skip=boxes)) == land


def test_rules_3_3_five_zones_a_to_e_linked_to_the_map(areas, adjacency):
    zones = {r["zone"]: k for k, r in areas.items() if r["kind"] == "box" and r["terrain"] == "zone"}
    assert sorted(zones) == ["A", "B", "C", "D", "E"]
    for zid in zones.values():
        assert any(areas[n]["kind"] == "area" for n in adjacency[zid]), zid


# ---------------------------------------------------------------- bridges (3.24, 20)


def test_every_bridge_sits_on_a_river_or_water_border(borders):
    bridges = read("map/bridges.csv")
    on_border = {b["bridge"]: b for b in borders if b["bridge"]}
    assert {r["bridge_id"] for r in bridges} == set(on_border)
    for r in bridges:
        border = on_border[r["bridge_id"]]
        assert {r["a"], r["b"]} == {border["a"], border["b"]}
        assert border["kind"] in {"river", "water"}, r


def test_rules_20_1_all_bridges_start_german_held():
    assert {r["initial_state"] for r in read("map/bridges.csv")} == {"german"}


def test_ste_mere_eglise_has_four_bridged_borders(areas, borders):
    sme = by_name(areas, "Ste-Mere-Eglise")
    bridged = [b for b in borders if sme in (b["a"], b["b"]) and b["bridge"]]
    assert len(bridged) == 4


def test_areas_50_and_52_share_a_bridge(borders):
    assert border_between(borders, "50", "52")["bridge"]


def test_known_bridges_gold_bayeux_omaha_trevieres_grandcamp_isigny(areas, borders):
    for x, y in (("Gold", "Bayeux"), ("Omaha", "Trevieres"), ("Grandcamp", "Isigny")):
        assert border_between(borders, by_name(areas, x), by_name(areas, y))["bridge"], (x, y)


# ---------------------------------------------------------------- geography


def test_five_beaches_exist_with_their_names_and_nationalities(areas):
    beaches = {r["beach"]: k for k, r in areas.items() if r["kind"] == "area" and r["beach"]}
    assert set(beaches) == set(BEACHES)
    table = {r["beach"]: r for r in read("map/beaches.csv")}
    for name, nat in BEACHES.items():
        assert table[name]["area_id"] == beaches[name]
        assert table[name]["nationality"] == nat


def test_rules_3_4_each_beach_linked_to_its_own_approach_box(areas, borders):
    for r in read("map/beaches.csv"):
        box = r["approach_box"]
        assert areas[box]["kind"] == "box" and areas[box]["beach"] == r["beach"]
        assert border_between(borders, box, r["area_id"])["kind"] == "landing"


def test_rules_12_7_omaha_lands_two_depots(areas):
    depots = {r["beach"]: int(r["depots_per_day"]) for r in read("map/beaches.csv")}
    assert depots == {"Utah": 1, "Omaha": 2, "Gold": 1, "Juno": 1, "Sword": 1}


def test_carentan_lies_between_utah_and_omaha(areas, adjacency, borders):
    utah, omaha = by_name(areas, "Utah"), by_name(areas, "Omaha")
    carentan = by_name(areas, "Carentan")
    from_utah = distances(adjacency, utah, skip=frozenset(["BOX_UTAH", "BOX_OMAHA", "OFFSHORE"]))
    from_carentan = distances(adjacency, carentan, skip=frozenset(["BOX_UTAH", "BOX_OMAHA", "OFFSHORE"]))
    assert from_utah[carentan] + from_carentan[omaha] == from_utah[omaha]
    around = distances(adjacency, utah, skip=frozenset(["BOX_UTAH", "BOX_OMAHA", "OFFSHORE", carentan]))
    assert around[omaha] > from_utah[omaha], "Carentan is the short land link between the beaches"
    assert float(areas[carentan]["y"]) < min(float(areas[a]["y"]) for a in (utah, omaha))
    rivers = {b["river"] for b in borders if carentan in (b["a"], b["b"])}
    assert rivers & {"Douve", "Vire"}


def test_caen_is_on_the_orne(areas, borders):
    caen = by_name(areas, "Caen")
    assert any(
        caen in (b["a"], b["b"]) and b["river"] == "Orne" and b["kind"] in {"river", "water"} for b in borders
    )
    assert areas[caen]["terrain"] == "city"


def test_cherbourg_is_northernmost_cotentin_area_and_a_major_port(areas):
    cherbourg = by_name(areas, "Cherbourg")
    cotentin = [
        r for r in areas.values() if r["kind"] == "area" and float(r["x"]) < -1.2 and float(r["y"]) > 49.3
    ]
    assert max(cotentin, key=lambda r: float(r["y"]))["area_id"] == cherbourg
    assert areas[cherbourg]["port"] == "major"


def test_rules_24_2_minor_ports_are_carentan_isigny_st_vaast_barfleur(areas):
    minors = {r["name"] for r in areas.values() if r["port"] == "minor"}
    assert minors == {"Carentan", "Isigny", "St-Vaast", "Barfleur"}


def test_bayeux_lies_inland_between_gold_and_omaha(areas, adjacency):
    bayeux, gold, omaha = (by_name(areas, n) for n in ("Bayeux", "Gold", "Omaha"))
    assert gold in adjacency[bayeux]
    assert adjacency[bayeux] & adjacency[omaha], "Bayeux is one area from an Omaha neighbour"
    xs = sorted(float(areas[a]["x"]) for a in (gold, omaha))
    assert xs[0] < float(areas[bayeux]["x"]) < xs[1]
    assert float(areas[bayeux]["y"]) < min(float(areas[a]["y"]) for a in (gold, omaha))


def test_juno_touches_bretteville_and_caen(areas, adjacency):
    juno = by_name(areas, "Juno")
    assert {by_name(areas, "Bretteville"), by_name(areas, "Caen")} <= adjacency[juno]


# ---------------------------------------------------------------- bombardment reach (3.26, 3.27)


def test_rules_3_27_le_havre_battery_reaches_only_areas_1_and_2(areas):
    blue = {k for k, r in areas.items() if "blue" in r["naval_colour"].split("+")}
    assert blue == {"1", "2"}
    (le_havre,) = [r for r in read("tables/bombardment.csv") if r["kind"] == "le_havre"]
    assert le_havre["reach"] == "areas:1;2"


def test_rules_3_26_naval_colours_are_known_codes(areas):
    for r in areas.values():
        if r["naval_colour"]:
            assert set(r["naval_colour"].split("+")) <= {"green", "brown", "blue"}, r["name"]


def test_rules_21_3_every_beach_is_a_naval_target(areas):
    for r in areas.values():
        if r["beach"] and r["kind"] == "area":
            assert r["naval_colour"], r["name"]


# ---------------------------------------------------------------- units and set-up


def test_unit_ids_unique():
    ids = [r["unit_id"] for r in read("units.csv")]
    assert len(ids) == len(set(ids))


def test_rules_4_1_nationalities_and_sides(units):
    side = {"US": "allied", "UK": "allied", "CAN": "allied", "DE": "german"}
    for u in units.values():
        assert side[u["nationality"]] == u["side"], u["unit_id"]


def test_rules_4_2_unit_types_are_the_six_types(units):
    types = {"infantry", "armour", "artillery", "flak", "pak", "coastal"}
    assert {u["type"] for u in units.values()} <= types


def test_rules_19_6_two_us_ranger_battalions(units):
    rangers = [u for u in units.values() if u["subtype"] == "ranger"]
    assert len(rangers) == 2 and {u["nationality"] for u in rangers} == {"US"}


def test_setup_references_known_units_and_spaces(units, areas):
    rows = read("setup.csv")
    assert Counter(r["unit_id"] for r in rows) == Counter(units.keys())
    for r in rows:
        assert r["space_id"] in areas, r


def test_rules_4_33_start_units_have_no_day_and_arrivals_have_one():
    for r in read("setup.csv"):
        if r["method"] == "start":
            assert r["arrival_day"] == "", r
        else:
            assert 6 <= int(r["arrival_day"]) <= 26, r


def test_rules_19_2_german_arrivals_enter_zones_allied_arrivals_boxes_or_drops(units, areas):
    for r in read("setup.csv"):
        unit = units[r["unit_id"]]
        if r["method"] == "zone":
            assert unit["side"] == "german" and areas[r["space_id"]]["terrain"] == "zone"
        if r["method"] == "landing":
            assert unit["side"] == "allied" and r["space_id"].startswith("BOX_")


def test_rules_7_1_setup_stacking_at_most_ten_per_side_per_area(units, areas):
    stacks: Counter[tuple[str, str]] = Counter()
    corps: Counter[tuple[str, str]] = Counter()
    for r in read("setup.csv"):
        if areas[r["space_id"]]["kind"] != "area" or r["arrival_day"] not in ("", "6"):
            continue
        unit = units[r["unit_id"]]
        stacks[(r["space_id"], unit["side"])] += 1
        corps[(r["space_id"], unit["side"])] += unit["art_kind"] == "corps"
    assert max(stacks.values()) <= 10
    assert max(corps.values()) <= 1


def test_coastal_batteries_start_in_the_five_reported_areas(units, areas):
    where = {
        areas[r["space_id"]]["name"] for r in read("setup.csv") if units[r["unit_id"]]["type"] == "coastal"
    }
    assert where == {"Omaha", "Port-en-Bessin", "Juno", "Gold", "Ste-Mere-Eglise"}


# ---------------------------------------------------------------- provenance everywhere

CSV_FILES = sorted(p.relative_to(SCEN).as_posix() for p in SCEN.rglob("*.csv"))


@pytest.mark.parametrize("rel", CSV_FILES)
def test_every_row_has_known_provenance_and_a_source(rel):
    with open(SCEN / rel, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames[-2:] == ["provenance", "source"], rel
        for row in reader:
            assert row["provenance"] in PROVENANCES, (rel, row)
            assert row["source"].strip(), (rel, row)


def test_rule_index_provenance_is_seed_and_covers_sections_1_to_24():
    rows = read_rule_index()
    assert {r["provenance"] for r in rows} == {"seed"}
    assert all(r["source"].strip() and r["title"].strip() for r in rows)
    tops = {int(r["number"]) for r in rows if "." not in r["number"]}
    assert tops == set(range(1, 25))
    assert len({r["number"] for r in rows}) == len(rows)


def read_rule_index() -> list[dict[str, str]]:
    with open(ROOT / "plugins" / "breakout" / "rule_index.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))
