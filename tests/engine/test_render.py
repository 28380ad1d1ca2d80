"""The engine's generic map renderers: ASCII hex grid, area table, SVG, state listing."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from phaseline.cli.output import Format
from phaseline.render.areamap import area_rows
from phaseline.render.board import Board, load_board
from phaseline.render.hexmap import render_hexmap
from phaseline.render.state import current_state, render_state
from phaseline.render.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"


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
        "0303": [{"unit_id": "U1", "name": "1st", "side": "red", "status": "ready"}],
        "0101": [
            {"unit_id": "U2", "name": "2nd", "side": "blue", "status": "spent"},
            {"unit_id": "U3", "name": "3rd", "side": "blue", "status": "ready"},
        ],
        "dead": [{"unit_id": "U4", "name": "4th", "side": "blue", "status": "ready"}],
    }
    return Board(spaces, borders, units, ("red", "blue"))


def line_of(text: str, prefix: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if line.startswith(prefix))


def test_ascii_map_of_the_toy_board_shows_every_stack(toy):
    board = load_board(toy)
    text = render_hexmap(board)
    assert text.count("R1") == 2 and text.count("B1") == 2  # two stacks of one unit per side
    assert all(len(line) <= 100 for line in text.splitlines())
    assert "R red" in text and "B blue" in text


def test_aabb_grid_is_north_up_with_rows_and_columns_labelled():
    text = render_hexmap(grid_board())
    assert line_of(text, "03") < line_of(text, "02") < line_of(text, "01")
    header = text.splitlines()[0]
    assert header.split() == ["01", "02", "03"]
    lines = text.splitlines()
    row3, row1 = line_of(text, "03"), line_of(text, "01")
    assert "R1" in lines[row3 + 1] and "B2" in lines[row1 + 1]
    assert "~" in lines[row1]  # the river between 0101 and 0102
    assert "#" in lines[row3 - 1] or "#" in lines[row3 + 2]  # zone E meets zone W between rows 03 and 02
    assert "*" in lines[line_of(text, "02")]
    assert "cities: 0202 Town (5)" in text and "off map: dead: U4" in text


def test_even_rows_sit_half_a_hex_east():
    lines = render_hexmap(grid_board()).splitlines()
    row2, row1 = lines[line_of("\n".join(lines), "02")], lines[line_of("\n".join(lines), "01")]
    assert row2.index(".") > row1.index(".")  # 0201 is east of 0101


def test_window_draws_only_the_hexes_around_a_label():
    board = grid_board()
    text = render_hexmap(board, board.around("0101", 1))
    assert "03" not in text.splitlines()[0] and not any(line.startswith("03") for line in text.splitlines())
    with pytest.raises(Exception, match="no hex"):
        board.around("9999", 1)


def test_svg_is_well_formed_with_one_polygon_per_hex():
    board = grid_board()
    root = ET.fromstring(render_svg(board))
    assert len(root.findall(f"{SVG}polygon")) == 9
    assert len(root.findall(f"{SVG}line[@class='river']")) == 1
    assert root.findall(f"{SVG}line[@class='zone']")
    assert any(t.text == "Town" for t in root.iter(f"{SVG}text"))


def test_area_maps_render_as_circles_and_a_table():
    board = grid_board()
    for space in board.spaces.values():
        space.update(kind="area", q=None, r=None, x=float(space["space_id"][2:]), y=float(space["space_id"][:2]))
    root = ET.fromstring(render_svg(board))
    assert len(root.findall(f"{SVG}circle")) == 9 and not root.findall(f"{SVG}polygon")
    rows = {row["area"]: row for row in area_rows(board)}
    assert rows["0101"]["blue"] == 2 and rows["0101"]["control"] == "blue"
    assert rows["0101"]["units"] == "U2 (spent), U3 (ready)"


def test_state_lists_units_per_space_and_the_clock(toy):
    text = render_state(current_state(toy), Format.table)
    assert text.splitlines()[0].startswith("toy-1 · event ")
    assert "waiting on red" in text
    for unit in ("R1", "R2", "B1", "B2"):
        assert unit in text
