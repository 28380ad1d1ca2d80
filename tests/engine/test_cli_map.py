"""``phaseline map``'s options on the toy game: the terminal and SVG take the same ones
(--window, --zoc, --reach, --supply, --at) and ``--svg -`` writes to standard output."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from clitools import run_cli, use_registry
from phaseline import CounterFace, MapMarks, Store, hookimpl
from phaseline.plugins import Registry
from toygame import ToyGame, toy_info

SVG = "{http://www.w3.org/2000/svg}"


class MarkedToy(ToyGame):
    """The toy game with its own counters, control, legend line and a supply rule (T9: row 0 only)."""

    @hookimpl
    def phaseline_map_marks(self, match):
        units = match.rows("SELECT unit_id, status FROM unit_state WHERE match_id = ?", [match.match_id])
        faces = {
            u["unit_id"]: CounterFace(u["unit_id"].lower(), "9-9", "S" if u["unit_id"] == "B2" else "") for u in units
        }
        return MapMarks(counters=faces, control={"00": "red"}, legend={"kills": "red 0, blue 0"})

    @hookimpl
    def phaseline_supply(self, match, side):
        return {f"{q}0" for q in range(5)}


def registry_of(plugin: ToyGame) -> Registry:
    registry = Registry()
    registry.games["toy"] = replace(toy_info(), plugin=plugin)
    return registry


@pytest.fixture
def marked(home, monkeypatch):
    use_registry(monkeypatch, registry_of(MarkedToy()))
    assert run_cli(["new", "toy", "--seed", "7"])[0] == 0
    return home


def svg_root(argv: list[str]) -> ET.Element:
    code, out = run_cli(["map", "--svg", "-", *argv])
    assert code == 0, out
    return ET.fromstring(out)


def test_svg_to_standard_output_with_the_games_counters_and_legend(marked):
    root = svg_root([])
    faces = {
        g.get("data-unit"): [t.text for t in g.iter(f"{SVG}text")]
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "counter"
    }
    assert faces["R1"] == ["r1", "9-9"] and faces["B2"] == ["b2", "9-9", "S"]
    assert any("kills red 0, blue 0" in (t.text or "") for t in root.iter(f"{SVG}text"))
    code, out = run_cli(["map"])
    assert code == 0 and "r1" in out and "R 9-9" in out and "kills red 0, blue 0" in out


def test_window_zoc_and_reach_apply_to_svg_and_terminal_alike(marked):
    root = svg_root(["--window", "00", "--radius", "1", "--zoc", "blue", "--reach", "R1"])
    drawn = {p.get("data-space") for p in root.iter(f"{SVG}polygon") if p.get("class") == "space"}
    assert drawn == {"00", "01", "10"}
    reach = {p.get("data-space") for p in root.iter(f"{SVG}polygon") if p.get("class") == "reach"}
    assert reach == {"10"}  # 01 holds R2: R1's legal orders name 10 only (in the window)
    code, out = run_cli(["map", "--window", "00", "--radius", "1", "--zoc", "blue", "--reach", "R1"])
    assert code == 0 and "10  . +" in out and "reach of R1" in out
    assert "04" not in out


def test_supply_marks_spaces_and_units_out_of_supply(marked):
    root = svg_root(["--supply", "blue"])
    supplied = {p.get("data-space") for p in root.iter(f"{SVG}polygon") if p.get("class") == "supply"}
    assert supplied == {"00", "10", "20", "30", "40"}
    code, out = run_cli(["map", "--supply", "blue"])
    assert code == 0 and "out of supply: B1, B2" in out


def test_supply_never_lists_an_eliminated_unit(marked):
    """B1 taken off the map (the toy's 'dead', no space of the board), then B2 eliminated where it
    stands (as Breakout: Normandy leaves a unit): out of play, neither is out of supply."""
    with Store.open(marked / "phaseline.duckdb") as store:
        store.con.execute("UPDATE unit_state SET space_id = 'dead' WHERE unit_id = 'B1'")
    code, out = run_cli(["map", "--supply", "blue"])
    assert code == 0 and "out of supply: B2\n" in out
    with Store.open(marked / "phaseline.duckdb") as store:
        store.con.execute("UPDATE unit_state SET status = 'eliminated' WHERE unit_id = 'B2'")
    code, out = run_cli(["map", "--supply", "blue"])
    assert code == 0 and "out of supply: none\n" in out


def test_at_draws_the_map_after_an_earlier_event(marked):
    code, out = run_cli(["--format", "json", "log"])
    before = max(row["seq"] for row in json.loads(out))
    assert run_cli(["play"], input="move R1 10\nquit\n")[0] == 0
    now = {g.get("data-unit"): g.get("data-space") for g in svg_root([]).iter(f"{SVG}g") if g.get("class") == "counter"}
    then = {
        g.get("data-unit"): g.get("data-space")
        for g in svg_root(["--at", str(before)]).iter(f"{SVG}g")
        if g.get("class") == "counter"
    }
    assert (now["R1"], then["R1"]) == ("10", "00")
    code, out = run_cli(["map", "--at", str(before), "--window", "00", "--radius", "0"])
    assert code == 0 and "r1" in out and "the state after it" in out
    code, out = run_cli(["map", "--at", "999"])
    assert code == 3 and "no event 999" in out


def test_bad_options_get_one_line(marked, monkeypatch):
    assert run_cli(["map", "--reach", "X9"]) == (3, "error: no unit 'X9' in match toy-1\n")
    assert run_cli(["map", "--window", "99"]) == (3, "error: no space '99' on this map\n")
    use_registry(monkeypatch, registry_of(ToyGame()))
    code, out = run_cli(["map", "--supply", "red"])
    assert (code, out) == (2, "error: Toy Game has no supply rule: there is no supply to show (--supply)\n")


class OwnMap(ToyGame):
    @hookimpl
    def phaseline_render_map(self, match, fmt):
        return f"toy map as {fmt}"


def test_a_game_drawing_its_own_map_refuses_the_engines_options(home, monkeypatch):
    use_registry(monkeypatch, registry_of(OwnMap()))
    assert run_cli(["new", "toy", "--seed", "1"])[0] == 0
    assert run_cli(["map", "--svg", "-"]) == (0, "toy map as svg\n")
    code, out = run_cli(["map", "--zoc", "red", "--at", "1"])
    assert (code, out) == (2, "error: Toy Game draws its own map: --zoc, --at cannot be shown on it\n")
