"""Breakout: Normandy 3: the map as loaded into a match (areas, TEM, VP areas, zones)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from games.breakout.position import new_match
from phaseline import Action, Match, Store
from phaseline.games.breakout.map_marks import BRIDGE_COLOURS, COLOURS
from phaseline.games.breakout.rules.board import board
from phaseline.plugins import registry
from phaseline.render.areamap import area_rows
from phaseline.render.mapview import prepare_map
from phaseline.render.svg import render_svg
from phaseline.render.svg_parts import tint

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def week() -> Match:
    return Match.create(Store.open(":memory:"), registry(), "breakout-normandy", "week", seed=1)


def test_3_the_map_holds_sixty_areas_five_zones_played_as_areas_and_six_off_map_boxes(week):
    kinds = dict(week.con.execute("SELECT kind, count(*) FROM space GROUP BY kind").fetchall())
    assert kinds == {"area": 65, "box": 6}  # 14.1: every area rule applies to a zone, so a zone is an area
    zones = week.con.execute("SELECT count(*) FROM space WHERE kind = 'area' AND terrain = 'zone'").fetchone()
    assert zones == (5,)  # 3.3 zones A-E
    boxes = dict(week.con.execute("SELECT terrain, count(*) FROM space WHERE kind = 'box' GROUP BY 1").fetchall())
    assert boxes == {"sea": 6}  # 3.4 five approach boxes; 3.5 the Offshore box


def test_3_2_areas_numbered_1_to_60_adjacent_both_ways_across_a_shared_border(week):
    b = board(week)
    assert sorted(int(s) for s, a in b.areas.items() if a.is_map_area) == list(range(1, 61))
    for here, links in b.links.items():
        for there, (kind, name) in links.items():
            assert b.links[there][here] == (kind, name), (here, there)


def test_3_22_every_area_has_its_tem_from_1_to_4(week):
    tems = [a.tem for a in board(week).areas.values() if a.is_map_area]
    assert len(tems) == 60 and min(tems) >= 1 and max(tems) <= 4


def test_3_22_the_tem_is_added_to_the_defence_of_the_area(tmp_path):
    text = """
    area 1 clear 1
    area 2 woods 3
    border 1-2
    control 1 US
    unit A1 allied US infantry 3-4-3/2 1
    unit G1 german DE infantry 2-3-2/1 2
    """
    match = new_match(tmp_path, text)
    assert board(match).areas["2"].tem == 3
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("attack", ("2",), "allied"))
    dv = match.one("SELECT purpose FROM event WHERE rule = '9.1' AND kind = 'note'", [])
    assert "DV 6 (+3 forward unit G1 (Fresh), +3 TEM of 2" in dv


def test_3_25_vp_areas_are_land_areas_with_their_values(week):
    rows = week.rows(
        "SELECT v.area_id, v.vp, s.name, s.kind FROM bkn_victory v JOIN space s "
        "ON s.match_id = v.match_id AND s.space_id = v.area_id WHERE v.item = 'area'",
        [],
    )
    assert rows and all(r["kind"] == "area" and r["vp"] > 0 for r in rows)
    assert {r["name"]: r["vp"] for r in rows}["Carentan"] == 2  # S10, external
    vp_column = {row["space"]: row["vp"] for row in area_rows(prepare_map(week))}
    carentan = next(r["area_id"] for r in rows if r["name"] == "Carentan")
    assert vp_column[carentan] == 2


def test_3_3_five_zones_a_to_e_arrow_linked_and_german_at_the_start(week):
    b = board(week)
    zones = {a.zone: s for s, a in b.areas.items() if a.is_zone}
    assert sorted(zones) == ["A", "B", "C", "D", "E"]
    for space in zones.values():
        assert b.areas[space].controller == "DE"  # 7.3 every space starts German
        arrows = [n for n, (kind, _) in b.neighbours(space).items() if kind == "arrow"]
        assert any(b.areas[n].is_map_area for n in arrows), space


SHOWN = """
area 1 clear 1
area 2 bocage 2 bocage vp=3
area ZA zone
border 1-2 river
bridge BR1 1-2 allied
border 2-ZA arrow
control 1 US
unit A1 allied US infantry 3-4-3/2 1 Dis1
unit A2 allied UK infantry 3-4-3/2 2
unit G1 german DE infantry 2-3-2/1 2 Dis2
unit G2 german DE infantry 2-3-2/1 ZA Spent
"""


def test_4_6_the_area_table_shows_control_contest_conditions_bridges_and_vp(tmp_path):
    view = prepare_map(new_match(tmp_path, SHOWN))
    assert view.legend["VP (22.3)"] == "Allied 1, 10 needed at the week's end"
    rows = {row["space"]: row for row in area_rows(view)}
    assert rows["1"]["control"] == "US" and rows["1"]["units"] == "A1 2 D1" and rows["1"]["borders"] == "BR1 allied"
    assert rows["2"]["state"] == "contested" and rows["2"]["control"] == "DE"
    assert rows["2"]["units"] == "A2 3-4-3, G1 1 D2"  # 4.3: Fresh shows its three numbers, Spent its defence
    assert rows["ZA"]["units"] == "G2 1 S" and rows["2"]["name"] == "Area 2 +2"


def test_4_6_the_svg_map_shows_control_contest_conditions_bridges_and_vp(tmp_path):
    svg = render_svg(prepare_map(new_match(tmp_path, SHOWN)))
    root = ET.fromstring(svg)
    spaces = {r.get("data-space"): r for r in root.iter(f"{SVG}rect") if r.get("class") == "space"}
    assert spaces["1"].get("fill") == tint(COLOURS["US"], 0.3)  # 4.6: US control
    assert spaces["2"].get("stroke") == "#d62728"  # 7.4: contested
    assert any(
        r.get("class") == "border-mark" and r.get("fill") == BRIDGE_COLOURS["allied"] for r in root.iter(f"{SVG}rect")
    )
    faces = {
        g.get("data-unit"): [t.text for t in g.iter(f"{SVG}text")]
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "counter"
    }
    assert faces["A1"] == ["A1", "2", "D1"] and faces["G2"] == ["G2", "1", "S"] and faces["A2"] == ["A2", "3-4-3"]
    assert any(t.text == "2 Area 2 +2" and t.get("fill") == "#8b0000" for t in root.iter(f"{SVG}text"))  # 3.25 red
