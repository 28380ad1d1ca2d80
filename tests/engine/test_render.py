"""The engine's map: the prepared view, the ASCII hex grid, the table of spaces, SVG, the state listing."""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET

import pytest
from phaseline import Event, MapMarks, PluginError
from phaseline.cli.output import Format
from phaseline.render.areamap import area_rows, for_people
from phaseline.render.board import Board
from phaseline.render.combat import combat_line
from phaseline.render.hexmap import render_hexmap
from phaseline.render.layout import place_cards, separate
from phaseline.render.mapview import Counter, MapRequest, MapView, default_face, prepare_map
from phaseline.render.state import current_state, render_state
from phaseline.render.svg import render_svg
from phaseline.render.svg_hexes import centre

SVG = "{http://www.w3.org/2000/svg}"


def view_of(board: Board, **overlays) -> MapView:
    """The view a game without map marks gets of ``board``, with ``overlays`` set."""
    colours = {"red": "#b03a2e", "blue": "#2c5aa0"}
    counters = {
        space: [Counter(u["unit_id"], u["side"], space, default_face(u), colours[u["side"]]) for u in units]
        for space, units in board.units.items()
    }
    view = MapView("test", board, counters, colours, {"red": "R", "blue": "B"}, MapMarks(), set(board.spaces), {})
    for name, value in overlays.items():
        setattr(view, name, value)
    return view


def unit(unit_id: str, side: str, status: str = "ready") -> dict:
    return {
        "unit_id": unit_id,
        "name": unit_id,
        "side": side,
        "status": status,
        "attack": 4,
        "defense": 5,
        "movement": 3,
    }


def grid_board(rows: int = 3, cols: int = 3) -> Board:
    """An AABB board (AA row from the south, BB column from the west), even rows shifted east:
    r = AA, q = BB - (AA + (AA & 1)) // 2. A river runs between 0101 and 0102; row 03 is zone E."""
    spaces = {}
    for aa in range(1, rows + 1):
        for bb in range(1, cols + 1):
            label = f"{aa:02d}{bb:02d}"
            spaces[label] = {
                "space_id": label,
                "kind": "hex",
                "q": bb - (aa + (aa & 1)) // 2,
                "r": aa,
                "x": None,
                "y": None,
                "terrain": "rough" if bb == 3 else "clear",
                "name": "Town" if label == "0202" else None,
                "zone": "E" if aa == 3 else "W",
                "vp": 5 if label == "0202" else 0,
                "feature": None,
            }
    borders = {frozenset(("0101", "0102")): "river"}
    units = {
        "0303": [unit("U1", "red")],
        "0101": [unit("U2", "blue", "spent"), unit("U3", "blue")],
        "dead": [unit("U4", "blue")],
    }
    return Board(spaces, borders, units, ("red", "blue"))


def point_board() -> Board:
    """A point-to-point map: four points in a ring, a box placed beside them and one with no place."""
    spaces = {}
    for i, (name, x, y) in enumerate((("Hawaii", 0, 0), ("Midway", -1, 1), ("Wake", -2, 0), ("Samoa", 0, -2))):
        spaces[name] = {"space_id": name, "kind": "point", "q": None, "r": None, "x": float(x), "y": float(y),
                        "terrain": "island", "name": name, "zone": None, "vp": i % 2, "feature": None}  # fmt: skip
    spaces["R42"] = {**spaces["Hawaii"], "space_id": "R42", "kind": "box", "x": 0.4, "y": 0.1, "name": "Return 1942"}
    spaces["US-REINF"] = {**spaces["R42"], "space_id": "US-REINF", "x": None, "y": None, "name": "US reinforcements"}
    borders = {frozenset(p): "clear" for p in (("Hawaii", "Midway"), ("Midway", "Wake"), ("Wake", "Samoa"))}
    units = {
        "Midway": [unit(f"CV-{i}", "blue") for i in range(5)] + [unit("IJN-1", "red")],
        "US-REINF": [unit("BB-1", "blue")],
    }
    return Board(spaces, borders, units, ("red", "blue"))


def line_of(text: str, prefix: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if line.startswith(prefix))


# --- the terminal ----------------------------------------------------------------------


def test_ascii_map_of_the_toy_board_shows_each_counter_with_its_values(toy):
    text = render_hexmap(prepare_map(toy))
    for unit_id in ("R1", "R2", "B1", "B2"):
        assert unit_id in text
    assert "R 2-2-1" in text and "B 2-2-1" in text  # side letter and attack-defense-movement
    assert all(len(line) <= 100 for line in text.splitlines())
    assert "R red" in text and "B blue" in text and "turn 1 of 3" in text


def test_aabb_grid_is_north_up_with_rows_and_columns_labelled():
    text = render_hexmap(view_of(grid_board()), width=20)  # too narrow for counters: the compact grid
    assert line_of(text, "03") < line_of(text, "02") < line_of(text, "01")
    assert text.splitlines()[0].split() == ["01", "02", "03"]
    lines = text.splitlines()
    row3, row1 = line_of(text, "03"), line_of(text, "01")
    assert "R1" in lines[row3 + 1] and "B2" in lines[row1 + 1]
    assert "~" in lines[row1]  # the river between 0101 and 0102
    assert "#" in lines[row3 - 1] or "#" in lines[row3 + 2]  # zone E meets zone W between rows 03 and 02
    assert "*" in lines[line_of(text, "02")]
    assert "0101 B: U2 4-5-3 S, U3 4-5-3" in text  # the stacks the compact grid cannot show
    assert "cities: 0202 Town (5)" in text and "off map: dead: U4" in text


def test_wide_cells_show_the_top_counter_and_how_many_stand_under_it():
    text = render_hexmap(view_of(grid_board()))
    assert "U3+1" in text and "B 4-5-3" in text and "R 4-5-3" in text
    assert "stacks:" in text and "U2 4-5-3 S" in text  # the stack under U3, listed whole


def test_axial_r_runs_north_and_each_row_north_sits_half_a_hex_east_in_svg():
    """docs/board.md: q runs east, r north; SVG's y grows downwards."""
    (x0, y0), (x1, y1), (xq, yq) = centre({"q": 0, "r": 0}), centre({"q": 0, "r": 1}), centre({"q": 1, "r": 0})
    assert y1 < y0 and x1 > x0 and x1 < xq and yq == y0


def test_even_rows_sit_half_a_hex_east():
    text = render_hexmap(view_of(grid_board()), width=20)
    lines = text.splitlines()
    row2, row1 = lines[line_of(text, "02")], lines[line_of(text, "01")]
    assert row2.index(".") > row1.index(".")  # 0201 is east of 0101


def test_window_draws_only_the_spaces_around_a_label():
    board = grid_board()
    assert board.around("0101", 1) == {"0101", "0102", "0201"}
    view = view_of(board, shown=board.around("0101", 1))
    assert "0303" not in render_hexmap(view) and "0102" in render_hexmap(view)
    with pytest.raises(Exception, match="no space"):
        board.around("9999", 1)
    assert point_board().around("Hawaii", 2) == {"Hawaii", "Midway", "Wake"}  # by links on a point map


def test_overlays_mark_reach_zoc_and_the_decision_in_the_terminal():
    view = view_of(grid_board(), reach={"0102": ["move U3 0102"]}, reach_unit="U3", zoc={"0201"}, zoc_side="blue")
    view.choices = {"0202"}
    text = render_hexmap(view)
    assert "0102. +" in text and "0201. :" in text  # clear, no city, then the overlay's mark
    assert "0202.*?" in text and "reach of U3" in text and "+ reached by U3's orders" in text


def test_area_table_lists_control_contest_units_and_overlays():
    board = point_board()
    view = view_of(board, reach={"Wake": ["move CV-0 Wake"]}, reach_unit="CV-0")
    rows = {row["space"]: row for row in area_rows(view)}
    assert rows["Midway"]["state"] == "contested" and rows["Midway"]["control"] == ""
    assert rows["Midway"]["units"].startswith("CV-0 4-5-3, CV-1 4-5-3")
    assert rows["US-REINF"]["control"] == "blue" and rows["Wake"]["reach of CV-0"] == "move CV-0 Wake"
    assert list(rows) == ["Hawaii", "Midway", "Samoa", "Wake", "R42", "US-REINF"]  # the map's points, then boxes
    assert rows["Midway"]["links"] == "Hawaii, Wake" and rows["R42"]["links"] == ""


def test_the_terminals_area_table_leaves_out_empty_boxes_and_columns_and_wraps_long_stacks():
    rows = for_people(area_rows(view_of(point_board())), width=24)
    assert [row["space"] for row in rows] == ["Hawaii", "Midway", "Samoa", "Wake", "US-REINF"]  # R42 holds nothing
    assert "borders" not in rows[0] and "terrain" in rows[0]  # no border marks; an island says more than "point"
    assert rows[1]["units"].splitlines()[:2] == ["CV-0 4-5-3, CV-1 4-5-3,", "CV-2 4-5-3, CV-3 4-5-3,"]


# --- SVG -------------------------------------------------------------------------------


def test_svg_draws_hexes_borders_and_counters_with_their_values():
    root = ET.fromstring(render_svg(view_of(grid_board())))
    assert len(root.findall(f".//{SVG}polygon[@class='space']")) == 9
    assert len(root.findall(f".//{SVG}line[@class='river']")) == 1
    assert root.findall(f".//{SVG}line[@class='zone']")
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Town 5" in texts and "4-5-3" in texts and "S" in texts
    counters = {g.get("data-unit"): g.get("data-space") for g in root.iter(f"{SVG}g") if g.get("class") == "counter"}
    assert counters == {"U1": "0303", "U2": "0101", "U3": "0101", "U4": "dead"}  # the dead one in the tray
    assert "2" in [t.text for g in root.iter(f"{SVG}g") if g.get("class") == "stack-size" for t in g]


def test_svg_overlays_carry_their_classes_and_spaces():
    view = view_of(grid_board(), reach={"0102": ["move U3 0102"]}, reach_unit="U3", zoc={"0201"}, zoc_side="red")
    view.supply, view.supply_side = {"0101"}, "blue"
    root = ET.fromstring(render_svg(view))
    marked = {(p.get("class"), p.get("data-space")) for p in root.iter(f"{SVG}polygon") if p.get("class") != "space"}
    assert marked == {("reach", "0102"), ("zoc", "0201"), ("supply", "0101")}
    reach = next(p for p in root.iter(f"{SVG}polygon") if p.get("class") == "reach")
    assert reach.get("data-orders") == "move U3 0102"


def test_a_point_to_point_map_draws_points_links_boxes_and_a_tray():
    root = ET.fromstring(render_svg(view_of(point_board())))
    spaces = {r.get("data-space"): r for r in root.iter(f"{SVG}rect") if r.get("class") == "space"}
    assert set(spaces) == {"Hawaii", "Midway", "Wake", "Samoa", "R42", "US-REINF"}
    assert float(spaces["Hawaii"].get("rx")) > 20 and spaces["R42"].get("stroke-dasharray")  # a pill, a box
    assert len([line for line in root.iter(f"{SVG}line") if "link" in (line.get("class") or "")]) == 3
    assert any(t.text == "off the map" for t in root.iter(f"{SVG}text"))  # US-REINF has no place
    sizes = [t.text for g in root.iter(f"{SVG}g") if g.get("class") == "stack-size" for t in g]
    assert "5" in sizes  # five carriers, fanned and counted; the Japanese unit beside them


def test_cards_never_overlap_so_labels_stay_apart():
    board = point_board()
    root = ET.fromstring(render_svg(view_of(board)))
    boxes = [
        (float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height")))
        for r in root.iter(f"{SVG}rect")
        if r.get("class") == "space"
    ]
    for (x1, y1, w1, h1), (x2, y2, w2, h2) in itertools.combinations(boxes, 2):
        assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1


@pytest.mark.parametrize("seed", range(5))
def test_separate_pushes_piled_cards_apart(seed):
    rng = random.Random(seed)
    cards = [[str(i), rng.uniform(0, 50), rng.uniform(0, 50), rng.uniform(60, 120), 60.0] for i in range(30)]
    separate(cards)
    for a, b in itertools.combinations(cards, 2):
        assert abs(a[1] - b[1]) >= (a[3] + b[3]) / 2 or abs(a[2] - b[2]) >= (a[4] + b[4]) / 2


def test_a_card_layout_is_the_same_whatever_stands_on_the_map():
    spots = {"A": (0.0, 0.0), "B": (0.1, 0.0)}
    assert place_cards(spots, {"A": ("A",), "B": ("B",)}) == place_cards(spots, {"A": ("A",), "B": ("B",)})


# --- prepared from a match ---------------------------------------------------------------


def test_reach_is_the_units_legal_orders_and_tops_its_stack(toy):
    view = prepare_map(toy, MapRequest(reach="R1"))
    legal = {str(a) for a in toy.legal_actions() if a.args[:1] == ("R1",)}
    assert {o for orders in view.reach.values() for o in orders} == legal and "10" in view.reach
    assert prepare_map(toy, MapRequest(reach="B1")).reach == {}  # blue waits: no orders now
    with pytest.raises(Exception, match="no unit 'X9'"):
        prepare_map(toy, MapRequest(reach="X9"))


def test_a_game_without_a_supply_rule_refuses_the_supply_overlay(toy):
    with pytest.raises(Exception, match="has no supply rule"):
        prepare_map(toy, MapRequest(supply="red"))
    with pytest.raises(Exception, match="no side 'green'"):
        prepare_map(toy, MapRequest(zoc="green"))


def test_state_lists_units_per_space_and_the_clock(toy):
    text = render_state(current_state(toy), Format.table)
    assert text.splitlines()[0].startswith("toy-1 · event ")
    assert "waiting on red" in text
    for unit_id in ("R1", "R2", "B1", "B2"):
        assert unit_id in text


# --- combats ---------------------------------------------------------------------------


def test_a_combat_is_told_from_its_headline_and_terms():
    defense = [["U2", 2, ""], ["rough", "×2", "6.8"]]
    payload = {"attack": 5, "defense": 4, "attack_terms": [["U1", 5, ""]], "defense_terms": defense}
    event = Event("combat", purpose="5:4 → 1:1, die 3: Ar", payload=payload)  # the headline: the game's
    told = combat_line(event.purpose, event.payload)
    assert told == "5:4 → 1:1, die 3: Ar; attack 5 (+5 U1) vs defence 4 (+2 U2, ×2 rough (6.8))"


@pytest.mark.parametrize(
    "term",
    [
        pytest.param(["U1", 5], id="two-items"),
        pytest.param(["U1", 2.5, ""], id="a-fraction"),
        pytest.param({"what": "U1", "value": 5, "rule": ""}, id="a-dict"),
        pytest.param([5, "U1", ""], id="value-first"),
    ],
)
def test_a_malformed_combat_term_is_refused_when_the_event_is_made(term):
    with pytest.raises(PluginError, match=r"attack_terms term .* is not \[what, value, rule\]"):
        Event("combat", purpose="U1 attacks", payload={"attack_terms": [term], "defense_terms": []})
