"""Every worked query of docs/history.md runs and gives the answer the page states.

The page plays a short Battle for Germany match with the commands it shows (an attack taken
back as a re-roll, then an undo of that undo); they run here, through the CLI, and each
query followed by a ``text`` block must answer exactly its rows.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from clitools import run_cli
from phaseline.sandbox import run_user_sql

DOC = Path(__file__).resolve().parents[2] / "docs" / "history.md"
TEXT = DOC.read_text()
QUERIES = re.findall(r"```sql\n([^`]*)```", TEXT)
ANSWERED = re.findall(r"```sql\n([^`]*)```\n\n```text\n([^`]*)```", TEXT)
COMMANDS = [
    shlex.split(line.removeprefix("$ phaseline "), comments=True)
    for line in re.search(r"```console\n(.*?)```", TEXT, flags=re.S).group(1).splitlines()
]


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    """A store holding the page's match, played with the page's commands."""
    home = tmp_path_factory.mktemp("docs")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PHASELINE_HOME", str(home))
        for argv in COMMANDS:
            code, out = run_cli(argv)
            assert code == 0, (argv, out)
    return home / "phaseline.duckdb"


def shown(value: Any) -> str:
    """A value as ``phaseline sql`` prints it in a table (NULL as nothing)."""
    return "" if value is None else str(value)


def test_the_page_has_worked_examples_with_answers():
    assert len(QUERIES) >= 8 and len(ANSWERED) >= 8
    assert [argv[0] for argv in COMMANDS].count("undo") == 2


@pytest.mark.parametrize(("sql", "answer"), ANSWERED, ids=[q.split("\n")[0][:40] for q, _ in ANSWERED])
def test_each_worked_query_gives_the_stated_answer(path, sql, answer):
    columns, rows, _ = run_user_sql(path, sql)
    header, _, *lines = answer.strip().splitlines()
    assert header.split() == columns
    assert [" ".join(shown(v) for v in row).split() for row in rows] == [line.split() for line in lines]


@pytest.mark.parametrize("sql", QUERIES, ids=[q.split("\n")[0][:40] for q in QUERIES])
def test_each_worked_query_answers(path, sql):
    columns, rows, _ = run_user_sql(path, sql)
    assert columns and rows


def test_the_turns_took_the_time_between_their_orders(path):
    """The page's query of how long each turn took: its answer depends on the clock, not its shape."""
    sql = next(q for q in QUERIES if "AS took" in q)
    columns, rows, _ = run_user_sql(path, sql)
    found = [dict(zip(columns, row, strict=True)) for row in rows]
    assert [(r["turn"], r["orders"]) for r in found] == [(0, 0), (1, 5)]
    assert all(r["took"].total_seconds() >= 0 for r in found)


@pytest.mark.parametrize("name", ["views/history.sql", "tables/history.sql", "tables/match.sql", "tables/units.sql"])
def test_the_page_covers_every_table_and_view_of(name):
    from phaseline.resources import data_dir
    from phaseline.sandbox import parse_schema_file

    missing = [e.name for e in parse_schema_file((data_dir("schema") / name).read_text()) if f"`{e.name}`" not in TEXT]
    assert missing == []
