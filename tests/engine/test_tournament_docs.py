"""docs/history.md, "Tournaments": its commands run, and each worked query gives the answer the page
states, over the store (through ``phaseline sql``'s sandbox) or over the Parquet files (DuckDB)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from clitools import run_cli
from phaseline.duck import duckdb
from phaseline.sandbox import run_user_sql
from test_history_docs import TEXT, shown

SECTION = TEXT.split("\n## Tournaments\n")[1]
COMMANDS = [
    shlex.split(line.removeprefix("$ phaseline "))
    for block in re.findall(r"```console\n(.*?)```", SECTION, flags=re.S)
    for line in block.splitlines()
]
ANSWERED = re.findall(r"```sql\n([^`]*)```\n\n```text\n([^`]*)```", SECTION)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The folder the page's commands ran in (its Parquet ``history``), with the store in ``home``."""
    where = tmp_path_factory.mktemp("tournament-docs")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PHASELINE_HOME", str(where / "home"))
        patch.chdir(where)
        for argv in COMMANDS:
            code, out = run_cli(argv)
            assert code == 0, (argv, out)
    return where


def test_the_section_has_commands_and_answered_queries():
    assert [argv[0] for argv in COMMANDS] == ["tournament", "tournament"] and "--parquet" in COMMANDS[1]
    assert len(ANSWERED) == 3 and sum("read_parquet" in sql for sql, _ in ANSWERED) == 1


@pytest.mark.slow  # the page's tournaments: six Battle for Germany matches played to their end
@pytest.mark.parametrize(("sql", "answer"), ANSWERED, ids=[q.split("\n")[0][:40] for q, _ in ANSWERED])
def test_each_worked_query_gives_the_stated_answer(folder, monkeypatch, sql, answer):
    if "read_parquet" in sql:
        monkeypatch.chdir(folder)
        cursor = duckdb.connect().execute(sql)
        columns, rows = [d[0] for d in cursor.description], cursor.fetchall()
    else:
        columns, rows, *_ = run_user_sql(Path(folder) / "home" / "phaseline.duckdb", sql)
    header, _, *lines = answer.strip().splitlines()
    assert header.split() == columns
    assert [" ".join(shown(v) for v in row).split() for row in rows] == [line.split() for line in lines]
