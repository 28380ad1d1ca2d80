"""Honest provenance (DESIGN.md, "Honest data"): what ``phaseline data`` reports, and rows
whose label claims more than their values hold.

A row takes the provenance of its weakest value that a rule reads (docs/scenarios.md): a
``seed`` row is one whose every such value the rulebook states.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from clitools import run_cli
from phaseline import Match, Store
from phaseline.plugins import registry
from phaseline.provenance import static_tables, summary

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def rows(relative: str) -> list[dict[str, str]]:
    with (SCENARIOS / relative).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def every_scenario() -> list:
    games = registry().games
    return [pytest.param(g, s, id=f"{g}-{s}") for g, info in sorted(games.items()) for s in info.scenarios]


@pytest.fixture(scope="module")
def matches():
    """One in-memory match per (game, scenario), created on first use."""
    made: dict[tuple[str, str], Match] = {}
    with Store.open(":memory:") as store:

        def match(game: str, scenario: str) -> Match:
            if (game, scenario) not in made:
                made[(game, scenario)] = Match.create(store, registry(), game, scenario, seed=1)
            return made[(game, scenario)]

        yield match


# --- phaseline data: every static table, set-ups included ---------------------------------


@pytest.mark.parametrize(("game", "scenario"), every_scenario())
def test_every_static_table_records_the_provenance_of_its_rows(matches, game, scenario):
    report = {r["table"]: r for r in summary(matches(game, scenario))}
    unrecorded = {t: r["unrecorded"] for t, r in report.items() if r["unrecorded"]}
    assert not unrecorded, f"{game} {scenario}: rows without provenance {unrecorded}"


def test_data_shows_the_share_of_placeholder_rows_per_table(matches):
    """Nimitz's bonus markers: the Japanese cup's copies are stand-ins (tables/bonus_markers.csv), so the
    share is the file's placeholder rows over its rows; a table without placeholders shows 0.0, an empty
    table no share."""
    report = {r["table"]: r for r in summary(matches("fleet-commander-nimitz", "1942"))}
    markers = rows("nimitz/tables/bonus_markers.csv")
    stand_ins = sum(r["provenance"] == "placeholder" for r in markers)
    assert stand_ins and report["fcn_bonus_marker"]["placeholder %"] == round(100 * stand_ins / len(markers), 1)
    assert report["fcn_objective"]["placeholder %"] == 0.0
    assert report["terrain_cost"]["rows"] == 0 and report["terrain_cost"]["placeholder %"] is None


@pytest.mark.parametrize(
    ("game", "scenario", "table", "setup_file"),
    [
        pytest.param("battle-for-germany", "historical", "bfg_setup", "bfg/setups/historical.csv", id="bfg-historical"),
        pytest.param("battle-for-germany", "rsws", "bfg_setup", "bfg/setups/rsws.csv", id="bfg-rsws"),
        pytest.param("breakout-normandy", "week", "bkn_setup", "breakout/setup.csv", id="breakout"),
        pytest.param("fleet-commander-nimitz", "1942", "fcn_setup", "nimitz/campaigns/1942/setup.csv", id="nimitz"),
    ],
)
def test_the_set_up_is_reported_with_its_file_provenance(matches, game, scenario, table, setup_file):
    match = matches(game, scenario)
    assert table in static_tables(match)
    report = next(r for r in summary(match) if r["table"] == table)
    expected = rows(setup_file)
    assert report["rows"] == len(expected)
    for provenance in ("seed", "external", "reconstructed", "placeholder"):
        assert report[provenance] == sum(r["provenance"] == provenance for r in expected), provenance


def test_a_unit_row_is_no_stronger_than_its_set_up(matches):
    """CAN-2's counter (S2) and start hex (S2) are external; a Courland army's start is reconstructed."""
    match = matches("battle-for-germany", "historical")
    units = {u["unit_id"]: u for u in match.rows("SELECT * FROM unit WHERE match_id = ?", [match.match_id])}
    assert units["CAN-2"]["provenance"] == "reconstructed"  # its values are reconstructed (counter row)
    assert "set-up: external S2" in units["CAN-2"]["source"]
    assert units["GER-16"]["provenance"] == "reconstructed"
    breakout = matches("breakout-normandy", "week")
    extra = breakout.rows("SELECT provenance, source FROM bkn_unit WHERE match_id = ? AND unit_id = 'US-4-8'", [
        breakout.match_id
    ])  # fmt: skip
    assert extra == [{"provenance": "placeholder", "source": extra[0]["source"]}]
    assert "set-up: S9 4th Div lands at Utah" in extra[0]["source"]


def test_data_lists_a_set_up_with_provenance_and_source(home):
    code, out = run_cli(
        ["--format", "json", "data", "--game", "battle-for-germany", "--table", "bfg_setup", "--provenance", "external"]
    )
    assert code == 0
    found = {r["unit_id"]: r for r in json.loads(out)}
    assert found["CAN-2"]["location"] == "2401" and "S2" in found["CAN-2"]["source"]


# --- rows relabelled because their values are ours ---------------------------------------


def test_7_25_the_yugoslav_east_edge_strip_is_a_reading_not_the_seed():
    """7.25 says only that Soviet replacements enter north of the Yugoslav border, at 0926 and north."""
    hexes = {r["space_id"]: r for r in rows("bfg/map/hexes.csv")}
    strip = [hexes[f"{r:02d}26"] for r in range(1, 9)]
    assert all(h["region"] == "YUG" and h["provenance"] == "reconstructed" for h in strip)
    assert all("7.25" in h["source"] for h in strip)
    assert "real 1937 country ROU" in hexes["0826"]["source"]


def test_9_0_named_edge_hexes_keep_their_role_in_the_source_only():
    """Exit and entry hexes (9.0, 7.25, 8.0) have our terrain and country: no hex row is seed."""
    hexes = rows("bfg/map/hexes.csv")
    assert not [h["space_id"] for h in hexes if h["provenance"] in ("seed", "external")]
    by_label = {h["space_id"]: h for h in hexes}
    assert "seed 9.0 names it a west-edge German exit hex" in by_label["1601"]["source"]
    assert "external S2" in by_label["2401"]["source"]
    assert "10 VP external S5" in next(h for h in hexes if h["name"] == "Berlin")["source"]


def test_7_2_example_1_does_not_state_the_west_german_rate():
    """Example 1 shows one West German replacement taken on turn 4: at least 1, not the chart value."""
    (cell,) = [r for r in rows("bfg/tables/turns.csv") if r["turn"] == "4" and r["box"] == "GER_W"]
    assert cell["provenance"] == "reconstructed" and "7.2 Example 1" in cell["source"]


def test_8_0_which_units_start_in_courland_is_ours():
    courland = [r for r in rows("bfg/setups/historical.csv") if r["location"] == "COURLAND"]
    assert len(courland) == 6 and all(r["provenance"] == "reconstructed" for r in courland)
    assert not [r for r in rows("bfg/setups/historical.csv") if r["provenance"] == "seed"]


@pytest.mark.parametrize(
    ("beach", "provenance", "because"),
    [
        pytest.param("Omaha", "external", "S21", id="12.7-omaha-works-from-s21"),
        pytest.param("Gold", "reconstructed", "works assumed", id="12.7-gold-works-assumed"),
    ],
)
def test_12_7_beaches_are_as_sure_as_their_works_and_nationality(beach, provenance, because):
    """12.7 gives Omaha's 2 depots and 24.3/24.6B the Mulberries; nationality and works are not the seed's."""
    (row,) = [r for r in rows("breakout/map/beaches.csv") if r["beach"] == beach]
    assert row["provenance"] == provenance and because in row["source"]
    assert not [r["beach"] for r in rows("breakout/map/beaches.csv") if r["provenance"] == "seed"]
