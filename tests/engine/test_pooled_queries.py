"""Every rule query of schema/rules asked for many matches in one statement
(phaseline.pooled_queries) answers each ask with exactly the rows, in the order, it gives alone.

The positions are real: Battle for Germany matches played by their bots to several points (one
with a stack over the limit, set by hand, so that stacking-audit has rows), and Breakout:
Normandy matches for the supply paths, all in one store as a tournament's pool holds them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from phaseline import Match, Store
from phaseline.bots import run_bots
from phaseline.plugins import registry
from phaseline.pooled_queries import pooled_form
from phaseline.queries import RuleQuery, all_queries, ask_alone

BFG, BREAKOUT = "battle-for-germany", "breakout-normandy"
POSITIONS = [  # (game, scenario, seed, actions played)
    (BFG, "historical", 1, 0),
    (BFG, "historical", 2, 25),
    (BFG, "collapse", 3, 60),
    (BREAKOUT, "week", 5, 0),
    (BREAKOUT, "week", 6, 15),
]
RULE_QUERIES = sorted(name for name, query in all_queries().items() if query.path.parent.name == "rules")


@pytest.fixture(scope="module")
def store():
    """One store holding every position, the last Battle for Germany one with an overstack."""
    reg = registry()
    with Store.open(":memory:", config={"threads": 1}) as store:
        for game, scenario, seed, actions in POSITIONS:
            bots = {side: "bot:heuristic" for side in reg.game(game).scenario(scenario).sides}
            match = Match.create(store, reg, game, scenario, seed=seed, controllers=bots, match_id=f"m{seed}")
            run_bots(match, reg, controllers=bots, max_actions=actions)
        store.con.execute(
            """UPDATE unit_state SET space_id = (SELECT min(space_id) FROM map_unit WHERE match_id = 'm3')
               WHERE match_id = 'm3' AND unit_id IN (SELECT unit_id FROM map_unit WHERE match_id = 'm3'
                                                     ORDER BY side, unit_id LIMIT 5)"""
        )
        yield store


def asks_of(store: Store, query: RuleQuery) -> list[dict]:
    """The asks of ``query`` for every position: each side, then with ``units`` the first units of
    a side, a unit of another side and none; spaces of the map and off it, and the side's
    nationalities."""
    found: list[dict] = []
    for match_id, side, units, other, spaces, nationalities in _positions(store):
        for space, far in zip(spaces, reversed(spaces), strict=True):
            values = {"match_id": match_id, "side": side, "a": space, "b": far, "origin": space, "space": space,
                      "spaces": [space, far], "nationalities": nationalities}  # fmt: skip
            asks = [{name: values[name] for name in query.params if name not in query.optional}]
            if "units" in query.optional:
                asks += [{**asks[0], "units": chosen} for chosen in (units, other, [])]
            found += [ask for ask in asks if ask not in found]
    return found


def _positions(store: Store) -> list[tuple[str, str, list[str], list[str], list[str], list[str]]]:
    rows = store.con.execute(
        """SELECT u.match_id, u.side, list(u.unit_id ORDER BY u.unit_id)[:3],
                  (SELECT list(o.unit_id ORDER BY o.unit_id)[:1] FROM map_unit o
                   WHERE o.match_id = u.match_id AND o.side <> u.side),
                  (SELECT list(s.space_id ORDER BY s.kind <> 'hex', s.space_id)[:2]
                          || list(s.space_id ORDER BY s.kind = 'hex', s.space_id)[:1]
                   FROM space s WHERE s.match_id = u.match_id),
                  list(DISTINCT u.nationality ORDER BY u.nationality)
           FROM map_unit u GROUP BY u.match_id, u.side ORDER BY u.match_id, u.side"""
    ).fetchall()
    return [tuple(row) for row in rows]


@pytest.mark.parametrize("name", RULE_QUERIES)
def test_a_pooled_answer_is_each_asks_answer_alone(store, monkeypatch, name):
    """Every ask together (those giving an optional parameter and those not), then only those
    giving none (read as NULL), each in one statement."""
    query = all_queries()[name]
    form = pooled_form(query)
    assert form is not None, f"{name} cannot be pooled"
    asks = asks_of(store, query)
    alone = [ask_alone(store, query, ask) for ask in asks]
    assert any(alone), f"no position gives {name} rows: the test would not see a wrong answer"
    monkeypatch.setattr(store, "rows", None)  # not one statement an ask
    assert form.answer(store, asks) == alone
    whole = [index for index, ask in enumerate(asks) if not set(ask) & set(query.optional)]
    assert form.answer(store, [asks[index] for index in whole]) == [alone[index] for index in whole]


def _query(sql: str, params: tuple[str, ...] = ("match_id",)) -> RuleQuery:
    return RuleQuery("made-up", params, sql, "", Path("made-up.sql"), 1)


@pytest.mark.parametrize(
    ("sql", "order"),
    [
        pytest.param(
            "SELECT s.space_id, s.q AS col FROM space s WHERE s.match_id = $match_id ORDER BY s.q DESC",
            'answer."col" DESC',
            id="an-aliased-key",
        ),
        pytest.param(
            'SELECT k.max_units AS "limit" FROM stacking_rule k WHERE k.match_id = $match_id '
            'ORDER BY "limit" NULLS FIRST',
            'answer."limit" NULLS FIRST',
            id="a-quoted-name",
        ),
        pytest.param("SELECT space_id FROM space WHERE match_id = $match_id", "", id="no-order"),
    ],
)
def test_the_order_of_the_rows_moves_out_to_the_output_columns(sql, order):
    form = pooled_form(_query(sql))
    assert form is not None
    assert form.sql.splitlines()[-1] == f"ORDER BY asked.pooled_ask{', ' + order if order else ''}"


@pytest.mark.parametrize(
    "sql",
    [
        pytest.param("SELECT space_id FROM space WHERE match_id = $match_id ORDER BY q", id="a-key-not-returned"),
        pytest.param("SELECT a FROM link WHERE match_id = $match_id UNION SELECT b FROM link", id="a-final-union"),
        pytest.param("SELECT a FROM link WHERE match_id = $match_id ORDER BY a LIMIT 3", id="a-limit"),
        pytest.param("SELECT a, a FROM link WHERE match_id = $match_id ORDER BY a", id="two-columns-of-a-name"),
    ],
)
def test_a_query_whose_order_cannot_move_out_is_asked_alone(sql):
    assert pooled_form(_query(sql)) is None
