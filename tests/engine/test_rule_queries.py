"""The shared rule queries of schema/rules agree with the Python oracles of tests/oracles.py.

Hypothesis draws random boards (tests/boards.py); every query is compared with its oracle
for every side. The hand-made cases of tests/engine/test_rules_cases.py pin the rulebook.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from itertools import count
from typing import Any

import pytest
from boards import Board, boards, load_board, unload_board
from hypothesis import given
from hypothesis import strategies as st
from oracles import Oracle, Ruling
from phaseline import Store
from phaseline.queries import ASK, all_queries, ask_alone, get_query, parse_queries, strip_comments
from phaseline.resources import data_dir


@pytest.fixture(scope="module")
def db() -> Iterator[Store]:
    """One in-memory store for the module; each example loads its board under a new match_id."""
    store = Store.open(":memory:")
    store.con.execute("SET threads = 1")  # boards this small are faster on one thread
    yield store
    store.close()


_GAME_IDS = count(1)


@contextmanager
def loaded(store: Store, board: Board) -> Iterator[Store]:
    """``store`` with ``board`` loaded under a match_id of its own, removed afterwards."""
    board.match_id = f"g{next(_GAME_IDS)}"
    load_board(store, board)
    try:
        yield store
    finally:
        unload_board(store, board)


def run(store: Store, board: Board, name: str, **params: Any) -> list[dict[str, Any]]:
    return ask_alone(store, get_query(name), {"match_id": board.match_id, **params})


# --- geometry ------------------------------------------------------------------------------


@given(boards(), st.data())
def test_distances_agree_with_axial_oracle(db: Store, board: Board, data: st.DataObject) -> None:
    oracle = Oracle(board)
    spaces = sorted(board.hexes)
    origin, other = data.draw(st.sampled_from(spaces)), data.draw(st.sampled_from(spaces))
    with loaded(db, board) as store:
        found = {r["space_id"]: r["distance"] for r in run(store, board, "distances-from", origin=origin)}
        pair = run(store, board, "hex-distance", a=origin, b=other)
        around = run(store, board, "adjacent", space=origin)
    assert found == {s: oracle.distance(origin, s) for s in spaces}
    assert pair == [{"a": origin, "b": other, "distance": oracle.distance(origin, other)}]
    assert {(r["space_id"], r["border"]) for r in around} == set(oracle.neighbours(origin))


# --- zones of control ----------------------------------------------------------------------


@given(boards())
def test_enemy_zoc_agrees(db: Store, board: Board) -> None:
    oracle = Oracle(board)
    with loaded(db, board) as store:
        for side in board.sides:
            rows = run(store, board, "enemy-zoc", side=side)
            assert {(r["space_id"], r["unit_id"], r["from_space"], r["enemy"]) for r in rows} == oracle.enemy_zoc(side)
            assert {r["rule"] for r in rows} <= {oracle.rule("zoc.extent")}


# --- movement ------------------------------------------------------------------------------


@given(boards())
def test_movement_reach_agrees(db: Store, board: Board) -> None:
    """Same rows as the oracle; a legal row's path_via is the lowest-numbered cheapest predecessor;
    movement-legal's rows are movement-reach's legal rows, in the same order."""
    oracle = Oracle(board)
    with loaded(db, board) as store:
        for side in board.sides:
            rows = run(store, board, "movement-reach", side=side)
            expected = {key: replace(r, path_via=None) if r.legal else r for key, r in oracle.reach(side).items()}
            found = {(r["unit_id"], r["space_id"]): _ruling(r) for r in rows}
            assert len(found) == len(rows), "one row per unit and space"
            assert found == expected
            assert all(r["reason"] for r in rows)
            cheapest = oracle.cheapest_predecessors(side)
            vias = {(r["unit_id"], r["space_id"]): r["path_via"] for r in rows if r["legal"]}
            assert vias == {key: min(cheapest[key]) if key in cheapest else None for key in vias}
            legal = [r for r in rows if r["legal"]]
            assert run(store, board, "movement-legal", side=side) == legal
            some = sorted({r["unit_id"] for r in legal})[::2]  # :units limits the answer to those units
            asked = run(store, board, "movement-legal", side=side, units=some)
            assert asked == [r for r in legal if r["unit_id"] in some]


@given(boards())
def test_movement_exit_agrees(db: Store, board: Board) -> None:
    """The cheapest step out of every space, per nationality (one no unit has among them), is the
    oracle's cheapest open first step."""
    oracle = Oracle(board)
    spaces = sorted(board.hexes)
    nationalities = sorted({u.nationality for u in board.units} | {"NONE"})
    with loaded(db, board) as store:
        for side in board.sides:
            rows = run(store, board, "movement-exit", side=side, spaces=spaces, nationalities=nationalities)
            asked = [(r["space_id"], r["nationality"]) for r in rows]
            assert asked == sorted((s, n) for s in spaces for n in nationalities)
            found = {(r["space_id"], r["nationality"]): r["cost"] for r in rows}
            assert found == oracle.exits(side, spaces, nationalities)


def _ruling(row: dict[str, Any]) -> Ruling:
    via = None if row["legal"] else row["path_via"]
    return Ruling(row["legal"], row["cost"], via, row["rule"], row["by_unit"], row["by_space"])


# --- paths ---------------------------------------------------------------------------------


@given(boards())
def test_cheapest_paths_agree(db: Store, board: Board) -> None:
    oracle = Oracle(board)
    with loaded(db, board) as store:
        for side in board.sides:
            rows = run(store, board, "cheapest-paths", side=side)
            assert {r["unit_id"]: (r["cost"], r["by_unit"], r["by_space"]) for r in rows} == oracle.cheapest_paths(side)
            best = oracle.path_distances(side)
            for r in rows:
                if r["cost"] is None:
                    continue
                assert board.path_source[side, r["source"]] == r["source_kind"]
                if r["next_space"] is None:
                    assert r["space_id"] == r["source"]
                else:
                    step = oracle.path_step(side, r["space_id"], r["next_space"], end=True)
                    assert best[r["next_space"]] + step == r["cost"]


@given(boards())
def test_source_paths_agree(db: Store, board: Board) -> None:
    """Every (space, source) pair's least cost, as the oracle's Dijkstra from each source finds it."""
    oracle = Oracle(board)
    with loaded(db, board) as store:
        for side in board.sides:
            rows = run(store, board, "source-paths", side=side)
            assert {(r["space_id"], r["source"]): r["cost"] for r in rows} == oracle.source_paths(side)
            distances = {source: oracle.path_distances(side, source) for source in {r["source"] for r in rows}}
            for r in rows:
                if r["next_space"] is None:
                    assert r["space_id"] == r["source"]
                else:
                    best = distances[r["source"]]
                    step = oracle.path_step(side, r["space_id"], r["next_space"], end=True, source=r["source"])
                    assert best[r["next_space"]] + step == r["cost"]


@pytest.mark.parametrize("name", ["cheapest-paths", "source-paths"])
def test_paths_name_the_same_source_and_step_whatever_the_plan(db: Store, name: str) -> None:
    """Equal paths are told apart by labels, not by the order the plan happens to produce rows in."""
    from random import Random

    from boards import generate

    board = generate(Random(7), 12, 12, 40, 2)
    with loaded(db, board) as store:
        for side in board.sides:
            planned = run(store, board, name, side=side)
            store.con.execute("SET disabled_optimizers = 'join_order'")
            try:
                unplanned = run(store, board, name, side=side)
            finally:
                store.con.execute("RESET disabled_optimizers")
            assert planned == unplanned


# --- stacking ------------------------------------------------------------------------------


@given(boards(max_size=5, max_units=30, per_hex=2))
def test_stacking_audit_agrees(db: Store, board: Board) -> None:
    oracle = Oracle(board)
    with loaded(db, board) as store:
        for side in board.sides:
            rows = run(store, board, "stacking-audit", side=side)
            found = {(r["space_id"], tuple(r["units"]), r["count"], r["limit"], r["size"], r["rule"]) for r in rows}
            assert found == oracle.stacking_audit(side)


# --- conventions ---------------------------------------------------------------------------

RULE_FILES = sorted((data_dir("schema") / "rules").glob("*.sql"))
RULE_QUERIES = [q for q in all_queries().values() if q.path.parent.name == "rules"]


def test_every_rule_query_is_headed() -> None:
    assert RULE_QUERIES
    for query in RULE_QUERIES:
        for line in ("Rules:", "Reads:", "Returns:"):
            assert line in query.doc, f"{query.path.name}:{query.line} {query.name} lacks a '{line}' line"


def test_returns_lines_name_the_columns(db: Store) -> None:
    """Each header's Returns line lists exactly the columns the query returns (a query written for
    many asks together leads them with the ask's index)."""
    from random import Random

    from boards import generate

    board = generate(Random(3), 5, 5, 10, 3)
    params = {"side": "A", "a": "0.0", "b": "2.2", "origin": "1.1", "space": "1.1", "spaces": ["1.1"],
              "nationalities": [board.units[0].nationality]}  # fmt: skip
    with loaded(db, board) as store:
        for query in RULE_QUERIES:
            values = {k: v for k, v in {"match_id": board.match_id, **params}.items() if k in query.params}
            if query.together:
                values = {k: [v] for k, v in values.items()}
            cursor = store.con.execute(query.sql, values)
            returns = re.search(r"Returns:(.*)", query.doc, re.S).group(1)
            declared = [ASK] * query.together + [c.strip() for c in returns.split(",")]
            assert [d[0] for d in cursor.description] == declared, f"{query.path.name}:{query.line}"


def test_a_double_dash_inside_a_string_is_not_a_comment(tmp_path) -> None:
    """A query's parameters are read from its SQL less its comments; '--' in a string is text."""
    path = tmp_path / "dashes.sql"
    path.write_text(
        "-- name: dashes(match_id, side)\n-- Rules: none\n-- Reads: unit\n-- Returns: label\n"
        "SELECT 'a -- b' || $side AS label -- not $here\nFROM unit WHERE match_id = $match_id\n"
    )
    (query,) = parse_queries(path)
    assert query.params == ("match_id", "side")
    assert strip_comments(query.sql) == "SELECT 'a -- b' || $side AS label \nFROM unit WHERE match_id = $match_id"


def test_rule_numbers_are_never_literals() -> None:
    """Rule numbers come from rule_ref or the rule tables, never from the SQL text."""
    for path in RULE_FILES:
        code = "\n".join(line.split("--", 1)[0] for line in path.read_text().splitlines())
        assert not re.findall(r"'\d+(\.\d+)+'", code), path.name
