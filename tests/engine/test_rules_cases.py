"""Hand-made rule cases for the shared queries, named after Battle for Germany's rules.

The cases of the BfG digest (§5.5, cases 11-14 and 19-20) on a 7x3 strip of clear hexes:
a German unit G in 4.1 projects ZOC into 3.1, 3.2, 4.0, 4.2, 5.0 and 5.1. Each case names
the row it expects from a query (or that no row matches) and its evidence.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import Board, Unit, hex_id, load_board
from phaseline import Store
from phaseline.queries import get_query

BFG_RULES = {
    "zoc.stop": "4.0", "zoc.extent": "4.1", "zoc.leave": "4.3", "zoc.to-zoc": "4.3",
    "move.cost": "5.1", "move.prohibited": "5.1", "move.enemy-occupied": "5.2",
}  # fmt: skip


def unit(
    unit_id: str, space: str, *, side: str = "SOV", mp: int = 8, size: str = "army", nationality: str = "X"
) -> Unit:
    return Unit(unit_id, unit_id, side, space, mp, size, nationality, "ready")


GERMAN = unit("G", "4.1", side="GER")


def strip(units: list[Unit], borders: dict[frozenset[str], str]) -> Board:
    """A 7x3 strip of clear hexes (cost 1), SOV and GER at war, BfG's stacking limits."""
    hexes = {hex_id(q, r): (q, r, "clear", "N") for q in range(7) for r in range(3)}
    return Board(
        "case", hexes, borders, {"clear": 1},
        {"clear": (0, True, False), "prohibited": (0, False, True)}, units,
        {("SOV", "GER"): (True, True), ("GER", "SOV"): (True, True)},
        stacking={("*", "*"): (2, "5.3"), ("SOV", "front"): (1, "5.3")}, rule_ref=dict(BFG_RULES),
    )  # fmt: skip


PROHIBITED = {frozenset(("3.1", "4.1")): "prohibited"}

CASES = [
    pytest.param(
        [unit("S", "0.1"), GERMAN], {}, "movement-reach", {"unit_id": "S", "space_id": "4.0"},
        {"legal": True, "cost": 4, "rule": "4.0", "by_unit": "G", "by_space": "4.1"},
        id="4.0-stop-on-entering-enemy-zoc",
    ),
    pytest.param(
        [unit("S", "0.1"), GERMAN], {}, "movement-reach", {"unit_id": "S", "space_id": "5.0"},
        {"legal": False, "rule": "4.0", "path_via": "4.0", "by_unit": "G",
         "reason": "it entered an enemy ZOC at 4.0 (projected by G in 4.1)"},
        id="4.0-no-move-beyond-enemy-zoc",
    ),
    pytest.param(
        [unit("S", "3.1", mp=1), GERMAN], {}, "movement-reach", {"unit_id": "S", "space_id": "4.0"},
        {"legal": False, "rule": "4.3", "path_via": "3.1", "by_unit": "G"},
        id="4.3-no-zoc-to-zoc",
    ),
    pytest.param(
        [unit("S", "3.1", mp=3), GERMAN], {}, "movement-reach", {"unit_id": "S", "space_id": "1.1"},
        {"legal": True, "cost": 2, "rule": "5.1"},
        id="4.3-leave-zoc-at-start",
    ),
    pytest.param(
        [unit("S", "1.1"), GERMAN], PROHIBITED, "enemy-zoc", {"space_id": "3.1"}, None,
        id="4.4-no-zoc-across-prohibited-hexside",
    ),
    pytest.param(
        [unit("S", "3.1", mp=1), GERMAN], PROHIBITED, "movement-reach", {"unit_id": "S", "space_id": "4.0"},
        {"legal": True, "cost": 1, "rule": "4.0"},
        id="4.4-not-in-zoc-behind-prohibited-hexside-so-may-enter-zoc",
    ),
    pytest.param(
        [unit("S", "3.1"), GERMAN], {}, "movement-reach", {"unit_id": "S", "space_id": "4.1"},
        {"legal": False, "rule": "5.2", "by_unit": "G", "by_space": "4.1"},
        id="5.2-no-entry-into-enemy-hex",
    ),
    pytest.param(
        [unit("S1", "0.0"), unit("S2", "0.0"), unit("S3", "0.0")], {}, "stacking-audit", {"space_id": "0.0"},
        {"units": ["S1", "S2", "S3"], "count": 3, "limit": 2, "size": "*", "rule": "5.3"},
        id="5.3-three-units-overstacked",
    ),
    pytest.param(
        [unit("F1", "0.0", size="front"), unit("F2", "0.0", size="front")], {}, "stacking-audit",
        {"space_id": "0.0"}, {"units": ["F1", "F2"], "count": 2, "limit": 1, "size": "front", "rule": "5.3"},
        id="5.3-two-fronts-never-together",
    ),
    pytest.param(
        [unit("F1", "0.0", size="front"), unit("A1", "0.0")], {}, "stacking-audit", {"space_id": "0.0"}, None,
        id="5.3-front-with-army-ok",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("units", "borders", "query", "match", "expect"), CASES)
def test_rule_case(
    store: Store,
    units: list[Unit],
    borders: dict[frozenset[str], str],
    query: str,
    match: dict[str, Any],
    expect: dict[str, Any] | None,
) -> None:
    board = strip(units, borders)
    load_board(store, board)
    rows = store.rows(get_query(query).sql, {"match_id": board.match_id, "side": "SOV"})
    chosen = [r for r in rows if all(r[k] == v for k, v in match.items())]
    if expect is None:
        assert chosen == []
        return
    assert len(chosen) == 1, rows
    assert {k: chosen[0][k] for k in expect} == expect


# --- entry rules on a region (BfG 5.51, 5.52: Yugoslavia is a region of the map) -------------

YUGOSLAVIA = {hex_id(q, r): "YUG" for q in range(4, 7) for r in range(3)}
ENTRY_RULES = [
    ("SOV", "X", "region", "YUG", False, "5.52"),  # Soviet units may not enter Yugoslavia
    ("SOV", "Y", "region", "YUG", True, "5.51"),  # Yugoslav units may not leave it
]


@pytest.mark.parametrize(
    ("mover", "space", "expect"),
    [
        pytest.param(unit("S", "2.1"), "4.1", {"legal": False, "rule": "5.52", "path_via": "3.1"},
                     id="5.52-no-entry-into-the-region"),
        pytest.param(unit("S", "2.1"), "3.1", {"legal": True, "cost": 1, "rule": "5.1"},
                     id="5.52-up-to-the-region-border"),
        pytest.param(unit("Y", "5.1", nationality="Y"), "3.1", {"legal": False, "rule": "5.51", "path_via": "4.1"},
                     id="5.51-no-leaving-the-region"),
        pytest.param(unit("Y", "5.1", nationality="Y"), "6.1", {"legal": True, "cost": 1, "rule": "5.1"},
                     id="5.51-free-inside-the-region"),
    ],
)  # fmt: skip
def test_region_entry_rule_case(store: Store, mover: Unit, space: str, expect: dict[str, Any]) -> None:
    board = strip([mover], {})
    board.regions, board.entry_rules = YUGOSLAVIA, ENTRY_RULES
    load_board(store, board)
    rows = store.rows(get_query("movement-reach").sql, {"match_id": board.match_id, "side": "SOV"})
    chosen = [r for r in rows if r["unit_id"] == mover.unit_id and r["space_id"] == space]
    assert len(chosen) == 1, rows
    assert {k: chosen[0][k] for k in expect} == expect
