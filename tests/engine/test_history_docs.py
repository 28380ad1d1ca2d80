"""Every worked query of docs/history.md runs and answers, on a store with played toy matches.

The page's examples name the match 'bfg-1'; here they run against 'toy-1', a toy match
with rolls, eliminations and undos, beside a finished match of random bots.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from history_support import copy_played
from phaseline import Game, Store
from phaseline.bots import run_bots
from phaseline.sandbox import run_user_sql
from toygame import toy_registry

DOC = Path(__file__).resolve().parents[2] / "docs" / "history.md"
QUERIES = re.findall(r"```sql\n(.*?)```", DOC.read_text(), flags=re.S)


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    path = copy_played(tmp_path_factory.mktemp("docs") / "store.duckdb")
    registry = toy_registry()
    with Store.open(path) as store:
        game = Game.create(store, registry, "toy", "skirmish", seed=5,
                           controllers={"red": "bot:random", "blue": "bot:random"})  # fmt: skip
        run_bots(game, registry)
        assert game.finished
    return path


def test_the_page_has_worked_examples():
    assert len(QUERIES) >= 6


@pytest.mark.parametrize("sql", QUERIES, ids=[q.split("\n")[0][:40] for q in QUERIES])
def test_each_worked_query_answers(path, sql):
    columns, rows, _ = run_user_sql(path, sql.replace("'bfg-1'", "'toy-1'"))
    assert columns and rows


@pytest.mark.parametrize("name", ["views/history.sql", "tables/history.sql", "tables/match.sql", "tables/units.sql"])
def test_the_page_covers_every_table_and_view_of(name):
    from phaseline.resources import data_dir
    from phaseline.sandbox import parse_schema_file

    text = DOC.read_text()
    missing = [e.name for e in parse_schema_file((data_dir("schema") / name).read_text()) if f"`{e.name}`" not in text]
    assert missing == []
