"""Data checks for Battle for Germany: counters, charts, turn record, set-ups.

Only the csv module is used: the engine is written in parallel and these
tests must not depend on it. Rule numbers in test names refer to the seed
(SPI 2nd edition rules, Japanese translation); "external Sn" refers to the
source register of the shared external-facts file
(battle_for_germany_external.md). Map checks run only once
scenarios/bfg/map/hexes.csv exists.

features.csv layout: feature,move_cost,defense_multiplier,applies_to,...;
the fortress row carries the x2 multiplier, the exit row the 4 MP cost (9.3).
borders.csv: extra_cost of a river is the EXTRA MP to cross it.
"""

import csv
import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCEN = ROOT / "scenarios" / "bfg"
TABLES = SCEN / "tables"
HEXES = SCEN / "map" / "hexes.csv"
RULE_INDEX = ROOT / "plugins" / "bfg" / "rule_index.csv"

PROVENANCES = {"seed", "external", "reconstructed", "placeholder"}
NATIONALITIES = {
    "US": "WA",
    "UK": "WA",
    "CAN": "WA",
    "FRA": "WA",
    "POL_E": "WA",
    "SOV": "SOV",
    "POL_C": "SOV",
    "ROM": "SOV",
    "BUL": "SOV",
    "YUG": "SOV",
    "HEER": "GER",
    "SS": "GER",
    "LW": "GER",
    "HUN": "GER",
}
SIZES = {"front", "army", "corps"}
BOXES = {
    "COURLAND",
    "ELIM_WA",
    "ELIM_WA_ITALY",
    "ELIM_GER_E",
    "ELIM_GER_W",
    "ELIM_SOV",
}
TURN_BOXES = {"WA", "WA_ITALY", "GER_E", "GER_W", "SOV"}
CRT_RESULTS = {"De", "Ae", "Ex", "Ar", "Dr"}
LABEL = re.compile(r"^(0[1-9]|[12][0-9]|3[0-5])(0[1-9]|1[0-9]|2[0-6])$")

# Values the seed quotes (6.1, 7.2 Examples 1 and 2) and external S4 (Soviet).
QUOTED_VALUES = {
    (7, 4, 8),
    (6, 6, 7),
    (4, 8, 6),
    (2, 3, 4),
    (2, 4, 4),
    (4, 6, 5),
    (5, 6, 4),
    (6, 5, 6),
    (8, 20, 3),
    (7, 7, 4),
    (6, 4, 6),
}

# Every rule number in the digest's test table (section 5.5, "Rule" column).
DIGEST_TEST_RULES = [
    "3.0",
    "4.0",
    "4.2",
    "4.3",
    "4.4",
    "5.3",
    "5.41",
    "5.42",
    "5.43",
    "5.51",
    "5.52",
    "5.53",
    "6.1",
    "6.2",
    "6.5",
    "6.6",
    "6.7",
    "6.21",
    "6.22",
    "6.23",
    "6.24",
    "6.81",
    "6.82",
    "6.83",
    "6.91",
    "6.92",
    "6.93",
    "6.94",
    "7.2",
    "7.11",
    "7.12",
    "7.13",
    "7.21",
    "7.22",
    "7.24",
    "7.25",
    "7.26",
    "8.0",
    "9.0",
    "9.1",
    "9.3",
    "10.0",
    "10.1",
    "10.3",
    "12.3",
    "12.21",
    "12.22",
    "12.23",
    "13.1",
    "13.2",
    "14.0",
    "15.22",
    "15.26",
    "16.31",
    "16.32",
    "16.33",
    "17.32",
]

# Georeferenced city hexes (external 8.3), used when hexes.csv is missing.
CITY_FALLBACK = {
    "Berlin": "2613",
    "Warsaw": "2526",
    "Prague": "1915",
    "Vienna": "1318",
}


def read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def units() -> dict[str, dict[str, str]]:
    return {u["unit_id"]: u for u in read(SCEN / "units.csv")}


def value(u: dict[str, str]) -> tuple[int, int, int]:
    return int(u["attack"]), int(u["defense"]), int(u["movement"])


def setup(name: str) -> list[dict[str, str]]:
    return read(SCEN / "setups" / f"{name}.csv")


def hexes() -> dict[str, dict[str, str]]:
    return {h["space_id"]: h for h in read(HEXES)}


def city_hex(name: str) -> str:
    if HEXES.exists():
        for h in read(HEXES):
            if h["name"].strip().lower() == name.lower():
                return h["space_id"]
    return CITY_FALLBACK[name]


ALL_CSVS = [
    SCEN / "units.csv",
    TABLES / "crt.csv",
    TABLES / "terrain.csv",
    TABLES / "borders.csv",
    TABLES / "features.csv",
    TABLES / "turns.csv",
    SCEN / "setups" / "historical.csv",
    SCEN / "setups" / "rsws.csv",
    RULE_INDEX,
]


# ------------------------------------------------------------------ provenance


@pytest.mark.parametrize("path", ALL_CSVS, ids=lambda p: p.name)
def test_every_row_has_honest_provenance_and_source(path):
    with path.open(encoding="utf-8", newline="") as f:
        header = next(csv.reader(f))
    assert header[-2:] == ["provenance", "source"]
    rows = read(path)
    assert rows
    for row in rows:
        assert row["provenance"] in PROVENANCES, row
        assert row["source"].strip(), row


# ------------------------------------------------------------------ rule index


def test_rule_index_covers_digest_test_table_without_duplicates():
    rows = read(RULE_INDEX)
    numbers = [r["number"] for r in rows]
    assert len(numbers) == len(set(numbers))
    missing = [n for n in DIGEST_TEST_RULES if n not in numbers]
    assert not missing
    printed = [r["number"] for r in rows if r["provenance"] == "seed"]
    assert printed[0] == "1.0" and printed[-1] == "17.32"
    for r in rows:
        assert r["title"].strip()
        assert r["status"] in ("implemented", "not applicable", "not yet")
        assert r["provenance"] in ("seed", "house") and r["source"].strip()  # docs/rules.md: house rules follow 17.32
    kinds = [r["provenance"] for r in rows]
    assert kinds == sorted(kinds, key=lambda kind: kind == "house"), "house rules follow the rulebook's sections"


# ------------------------------------------------------------------ counters


def test_2_0_counter_mix_fits_120_die_cut_counters():
    u = units()
    assert 100 <= len(u) <= 120
    assert len(read(SCEN / "units.csv")) == len(u), "unit ids must be unique"


def test_2_5_nationality_bloc_and_size_vocabulary():
    for u in units().values():
        assert NATIONALITIES[u["nationality"]] == u["bloc"], u
        assert u["size"] in SIZES, u
        a, d, m = value(u)
        assert a >= 0 and d > 0 and m > 0


def test_every_quoted_value_exists_as_a_counter():
    present = {value(u) for u in units().values()}
    assert present >= QUOTED_VALUES


def test_5_3_fronts_are_soviet_and_wa_units_are_corps():
    for u in units().values():
        if u["size"] == "front":
            assert u["nationality"] == "SOV", u
        if u["bloc"] == "WA":
            assert u["size"] == "corps", u
            assert value(u) in {(7, 4, 8), (6, 6, 7), (4, 8, 6)}, u


def test_external_s2_us_xiii_and_xv_corps_and_canadian_2_corps():
    u = units()
    assert value(u["US-XIII"]) == (4, 8, 6)
    assert value(u["US-XV"]) == (4, 8, 6)
    assert u["CAN-2"]["nationality"] == "CAN"


def test_2_5_every_nationality_is_represented():
    counts = Counter(u["nationality"] for u in units().values())
    assert set(counts) == set(NATIONALITIES)
    assert counts["YUG"] >= 3


# ------------------------------------------------------------------ CRT


def crt() -> list[dict[str, str]]:
    return read(TABLES / "crt.csv")


def test_6_1_crt_is_complete():
    cells = Counter((r["odds"], int(r["die"])) for r in crt())
    columns = {odds for odds, _ in cells}
    assert "1:1" in columns and "2:1" in columns and "1:3" in columns
    assert set(cells) == {(o, d) for o in columns for d in range(1, 7)}
    assert all(n == 1 for n in cells.values())


def test_6_1_one_to_one_die_one_is_ex_from_the_seed():
    (cell,) = [r for r in crt() if r["odds"] == "1:1" and r["die"] == "1"]
    assert cell["result"] == "Ex"
    assert cell["provenance"] == "seed"
    others = [r for r in crt() if r is not cell and r["provenance"] == "seed"]
    assert not [r for r in others if (r["odds"], r["die"]) != ("1:1", "1")]


def test_6_2_crt_results_only_from_the_rule_vocabulary():
    assert {r["result"] for r in crt()} <= CRT_RESULTS


# ------------------------------------------------------------------ terrain


def test_6_8_terrain_multipliers_and_exit_cost():
    terrain = {r["terrain"]: r for r in read(TABLES / "terrain.csv")}
    assert set(terrain) == {"clear", "rough", "sea", "neutral"}
    assert terrain["rough"]["defense_multiplier"] == "2"
    assert terrain["sea"]["cost"] == "" and terrain["neutral"]["cost"] == ""
    borders = {r["kind"]: r for r in read(TABLES / "borders.csv")}
    assert borders["river"]["defense_multiplier"] == "2"
    for kind in ("sea", "prohibited"):  # 4.4
        assert borders[kind]["blocks_zoc"] == "true"
        assert borders[kind]["passable"] == "false"
    features = {r["feature"]: r for r in read(TABLES / "features.csv")}
    assert features["fortress"]["defense_multiplier"] == "2"
    assert features["exit"]["move_cost"] == "4"  # 9.3
    assert features["exit"]["provenance"] == "seed"


# ------------------------------------------------------------------ turn record


def turns() -> dict[tuple[int, str], dict[str, str]]:
    rows = read(TABLES / "turns.csv")
    table = {(int(r["turn"]), r["box"]): r for r in rows}
    assert len(table) == len(rows)
    return table


def test_7_2_turn_record_has_16_turns_by_5_boxes():
    assert set(turns()) == {(t, b) for t in range(1, 17) for b in TURN_BOXES}
    for r in turns().values():
        assert int(r["replacements"]) >= 0


def test_7_2_example_2_wa_gets_two_on_turn_6():
    cell = turns()[(6, "WA")]
    assert cell["replacements"] == "2" and cell["provenance"] == "seed"


def test_7_2_example_1_west_germans_get_one_on_turn_4():
    assert int(turns()[(4, "GER_W")]["replacements"]) >= 1


def test_external_s9_rsws_replacements():
    t = turns()
    assert all(t[(n, "SOV")]["replacements"] == "0" for n in range(11, 17))
    wa = sum(int(t[(n, box)]["replacements"]) for n in range(11, 17) for box in ("WA", "WA_ITALY"))
    assert 5 <= wa <= 6


# ------------------------------------------------------------------ set-ups


SETUPS = ("historical", "rsws")


@pytest.mark.parametrize("name", SETUPS)
def test_setup_references_known_units_once_each(name):
    known = units()
    ids = [r["unit_id"] for r in setup(name)]
    assert len(ids) == len(set(ids))
    assert set(ids) <= set(known)
    for r in setup(name):
        assert LABEL.match(r["location"]) or r["location"] in BOXES, r


def test_12_1_every_unit_is_placed_in_the_historical_setup():
    assert {r["unit_id"] for r in setup("historical")} == set(units())


@pytest.mark.parametrize("name", SETUPS)
def test_5_3_no_more_than_two_units_and_no_two_fronts_per_hex(name):
    u = units()
    stacks = defaultdict(list)
    for r in setup(name):
        if r["location"] not in BOXES:
            stacks[r["location"]].append(u[r["unit_id"]])
    for loc, stack in stacks.items():
        assert len(stack) <= 2, loc
        assert sum(s["size"] == "front" for s in stack) <= 1, loc


@pytest.mark.parametrize("name", SETUPS)
def test_5_2_no_hex_holds_units_of_two_blocs(name):
    u = units()
    blocs = defaultdict(set)
    for r in setup(name):
        if r["location"] not in BOXES:
            blocs[r["location"]].add(u[r["unit_id"]]["bloc"])
    assert all(len(b) == 1 for b in blocs.values())


def test_external_s4_totten_turn_1_destinations_start_empty():
    """Totten moves Soviet units into 1925 and 2125 on turn 1, so they start empty."""
    assert not [r for r in setup("historical") if r["location"] in {"1925", "2125"}]


def test_8_0_courland_holds_four_east_germans_and_two_soviets():
    u = units()
    court = [u[r["unit_id"]] for r in setup("historical") if r["location"] == "COURLAND"]
    assert Counter(c["bloc"] for c in court) == {"GER": 4, "SOV": 2}
    assert all(c["nationality"] in {"HEER", "SS", "LW", "SOV"} for c in court)


def test_external_s2_s4_start_hexes():
    where = {r["unit_id"]: r for r in setup("historical")}
    u = units()
    assert where["CAN-2"]["location"] == "2401"
    expected = {"1724": (8, 20, 3), "1926": (7, 7, 4), "2325": (6, 4, 6)}
    for loc, val in expected.items():
        tagged = [
            r
            for r in where.values()
            if r["location"] == loc and r["provenance"] == "external" and value(u[r["unit_id"]]) == val
        ]
        assert tagged, loc


def test_12_1_historical_setup_only_uses_boxes_the_rules_call_for():
    boxes = {r["location"] for r in setup("historical") if r["location"] in BOXES}
    assert boxes <= {"COURLAND"}


def test_external_s9_rsws_soviet_bloc_totals():
    u = units()
    placed = [u[r["unit_id"]] for r in setup("rsws")]
    assert all(p["bloc"] != "GER" for p in placed)  # 15.23
    sov = [p for p in placed if p["bloc"] == "SOV"]
    assert len(sov) == 28
    assert sum(p["nationality"] == "YUG" for p in sov) == 3
    warsaw = city_hex("Warsaw")
    garrison = [r for r in setup("rsws") if r["location"] == warsaw and u[r["unit_id"]]["size"] == "front"]
    assert len(garrison) == 1
    others = [p for p in sov if p["nationality"] != "YUG" and p["unit_id"] != garrison[0]["unit_id"]]
    assert len(others) == 24
    assert sum(value(p)[0] for p in others) == 156
    assert sum(value(p)[1] for p in others) == 223


def test_external_s9_rsws_western_allied_totals():
    u = units()
    wa = [u[r["unit_id"]] for r in setup("rsws") if u[r["unit_id"]]["bloc"] == "WA"]
    assert len(wa) == 22
    assert sum(value(p)[0] for p in wa) == 112
    assert sum(value(p)[1] for p in wa) == 148


def test_10_2_rsws_fronts_garrison_warsaw_prague_vienna_berlin():
    u = units()
    fronts = {r["location"] for r in setup("rsws") if u[r["unit_id"]]["size"] == "front"}
    for city in ("Warsaw", "Prague", "Vienna", "Berlin"):
        assert city_hex(city) in fronts, city


# ------------------------------------------------------------------ against the map


def on_map(name: str) -> list[dict[str, str]]:
    return [r for r in setup(name) if r["location"] not in BOXES]


@pytest.mark.parametrize("name", SETUPS)
def test_setup_units_stand_on_enterable_land(name):
    hx = hexes()
    for r in on_map(name):
        assert r["location"] in hx, r
        assert hx[r["location"]]["terrain"] in {"clear", "rough"}, r


def _rc(label: str) -> tuple[int, int]:
    return int(label[:2]), int(label[2:])


def test_5_41_german_units_stand_on_the_side_of_the_enemy_they_face():
    """West Germans face the WA west of the boundary, East Germans the Soviets east of it."""
    hx = hexes()
    u = units()
    placed = on_map("historical")
    enemies = {bloc: [_rc(r["location"]) for r in placed if u[r["unit_id"]]["bloc"] == bloc] for bloc in ("WA", "SOV")}

    def dist(a, b):
        return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2

    for r in placed:
        unit = u[r["unit_id"]]
        if unit["bloc"] != "GER":
            continue
        here = _rc(r["location"])
        near = {bloc: min(dist(here, e) for e in pos) for bloc, pos in enemies.items()}
        side = "W" if near["WA"] < near["SOV"] else "E"
        if unit["nationality"] == "HUN":  # 2.5: Hungarians are East Germans
            assert side == "E", r
        assert hx[r["location"]]["zone"] == side, r


def test_5_43_no_unit_in_berlin_at_historical_start():
    hexes()
    berlin = city_hex("Berlin")
    assert all(r["location"] != berlin for r in setup("historical"))


@pytest.mark.parametrize("name", SETUPS)
def test_5_51_5_52_yugoslav_units_in_yugoslavia_and_no_other_soviet_bloc_units_there(name):
    hx = hexes()
    u = units()
    for r in on_map(name):
        unit = u[r["unit_id"]]
        in_yug = hx[r["location"]]["region"] == "YUG"
        if unit["nationality"] == "YUG":
            assert in_yug, r
        elif unit["bloc"] == "SOV":
            assert not in_yug, r
