"""The game's SQL rules (plugins/nimitz/sql) against plain-Python oracles on generated maps and
positions (STYLE.md §7): holding and supply (4.1, 11.4) and the orders' destinations (9.1, 9.2)."""

from __future__ import annotations

from collections import deque

from hypothesis import given
from hypothesis import strategies as st
from phaseline import Store
from phaseline.games.nimitz.rules.sql import queries
from phaseline.games.nimitz.tables import TABLES

GID = "g"


@st.composite
def positions(draw):
    n = draw(st.integers(3, 8))
    names = [f"P{i}" for i in range(n)]
    edges = {
        tuple(sorted(e))
        for e in draw(st.lists(st.tuples(st.sampled_from(names), st.sampled_from(names)), max_size=14))
        if e[0] != e[1]
    }
    closed = {p: draw(st.sampled_from([None, None, "JP", "US"])) for p in names}
    closed["P0"] = "JP"  # the supply source, as the West Coast
    units = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["US", "JP"]), st.sampled_from(["ground", "aircraft", "ship"]), st.sampled_from(names)
            ),
            max_size=12,
        )
    )
    objectives = set(draw(st.lists(st.sampled_from(names), max_size=n)))
    garrisons = set(draw(st.lists(st.sampled_from(names), max_size=n)))
    return names, edges, closed, units, objectives, garrisons


def store_of(names, edges, closed, units, objectives, garrisons) -> Store:
    store = Store.open(":memory:")
    store.ensure_tables("test", "0", TABLES)
    con = store.con
    for p in names:
        con.execute(
            "INSERT INTO fcn_point VALUES (?, ?, NULL, FALSE, ?, FALSE, 'placeholder', 'test')", [GID, p, closed[p]]
        )
        con.execute(
            "INSERT INTO fcn_point_state (match_id, point_id, us_based, jp_garrisoned, objective) "
            "VALUES (?, ?, FALSE, ?, ?)",
            [GID, p, p in garrisons, p in objectives],
        )
    for a, b in edges:
        for x, y in ((a, b), (b, a)):
            con.execute("INSERT INTO link VALUES (?, ?, ?, 'route', NULL, 'placeholder', 'test')", [GID, x, y])
    for i, (side, category, point) in enumerate(units):
        unit = f"U{i}"
        con.execute(
            "INSERT INTO fcn_counter VALUES (?, ?, ?, ?, ?, ?, 'x', FALSE, FALSE, FALSE, 1, 1, '*', NULL, "
            "'placeholder', 'test')",
            [GID, unit, unit, side, side, category],
        )
        con.execute(
            "INSERT INTO unit_state (match_id, unit_id, space_id, side, status) VALUES (?, ?, ?, ?, 'full')",
            [GID, unit, point, side],
        )
    return store


def neighbours(edges, p):
    return {b for a, b in edges if a == p} | {a for a, b in edges if b == p}


def holding_oracle(names, edges, units):
    us = {p: sum(1 for s, c, q in units if q == p and s == "US" and c != "ship") for p in names}
    jp = {p: sum(1 for s, c, q in units if q == p and s == "JP" and c != "ship") for p in names}
    occupied = {p for p in names if us[p] and not jp[p]}
    chain, todo = {"P0"}, deque(["P0"])
    while todo:
        for n in neighbours(edges, todo.popleft()):
            if n in occupied and n not in chain:
                chain.add(n)
                todo.append(n)
    supplied = chain | {n for c in chain for n in neighbours(edges, c)}
    return {p: (p in supplied, p in occupied and p in chain) for p in names}


@given(positions())
def test_4_1_11_4_holding_and_supply_agree_with_the_oracle(position):
    names, edges, _, units, _, _ = position
    with store_of(*position) as store:
        rows = store.rows(queries()["fcn-holding"].sql, {"match_id": GID, "source": "P0"})
    assert {r["point_id"]: (r["supplied"], r["held"]) for r in rows} == holding_oracle(names, edges, units)


def distances(edges, closed, origin):
    """Route steps from ``origin``; a path never leaves a point closed to Japan but its first."""
    found, todo = {origin: 0}, deque([origin])
    while todo:
        p = todo.popleft()
        if p != origin and closed[p] == "JP":
            continue
        for n in neighbours(edges, p):
            if n not in found:
                found[n] = found[p] + 1
                todo.append(n)
    return found


def destinations_oracle(names, edges, closed, units, objectives, garrisons, point, south, east, home):
    here = distances(edges, closed, point)
    to_south, to_east = distances(edges, closed, south), distances(edges, closed, east)
    reach = {p for p in here if closed[p] != "JP"}
    us = {q for s, _, q in units if s == "US"}
    jp = {q for s, _, q in units if s == "JP"}
    us_ashore = {q for s, c, q in units if s == "US" and c != "ship"}
    jp_ashore = {q for s, c, q in units if s == "JP" and c != "ship"}

    def nearest(pool):
        return {p for p in pool if here[p] == min(here[q] for q in pool)} if pool else set()

    near = [n for n in neighbours(edges, point) if n in reach]
    return {
        "engage": nearest(reach & us),
        "sortie": nearest(reach & us & objectives),
        "reinforce": reach & objectives & garrisons,
        "refit": {home} & reach if point != home else set(),
        "advance-south": set()
        if south in neighbours(edges, point)
        else {n for n in near if n in to_south and point in to_south and to_south[n] < to_south[point]},
        "advance-east": {
            n
            for n in near
            if n in to_east
            and point in to_east
            and to_east[n] < to_east[point]
            and n in jp_ashore
            and n not in us_ashore
        },
        "battle": reach & us & jp,
    }


@given(positions(), st.data())
def test_9_2_destinations_agree_with_the_oracle(position, data):
    names = position[0]
    point, south, east, home = (
        data.draw(st.sampled_from(names), label=label) for label in ("point", "south", "east", "home")
    )
    with store_of(*position) as store:
        rows = store.rows(
            queries()["fcn-order-destinations"].sql,
            {"match_id": GID, "point": point, "south": south, "east": east, "home": home},
        )
    found = {
        order: {r["point_id"] for r in rows if r["order_name"] == order}
        for order in ("engage", "sortie", "reinforce", "refit", "advance-south", "advance-east", "battle")
    }
    assert found == destinations_oracle(*position, point, south, east, home)
