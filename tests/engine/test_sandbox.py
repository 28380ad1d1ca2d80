"""The players' SQL is read-only and cannot reach outside the store (issue 2, "History")."""

from __future__ import annotations

import pytest
from phaseline import InvalidOrder, Match, SandboxViolation, Store
from phaseline.bots import run_bots
from phaseline.errors import QueryLimit
from phaseline.sandbox import Limits, parse_schema_file, run_user_sql, schema_doc
from toygame import toy_registry


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    """A store file with two short matches of the toy game."""
    path = tmp_path_factory.mktemp("sandbox") / "store.duckdb"
    registry = toy_registry()
    bots = {"red": "bot:random", "blue": "bot:random"}
    with Store.open(path) as store:
        for seed in (1, 2):
            match = Match.create(store, registry, "toy", "skirmish", seed=seed, controllers=bots)
            run_bots(match, registry, max_actions=4)
    return path


ESCAPES = [
    pytest.param("INSERT INTO event SELECT * FROM event", "INSERT", id="insert"),
    pytest.param("UPDATE unit_state SET space_id = '00'", "UPDATE", id="update"),
    pytest.param("DELETE FROM effect", "DELETE", id="delete"),
    pytest.param("CREATE TEMP TABLE loot AS SELECT * FROM event", "CREATE", id="create-temp"),
    pytest.param("DROP TABLE event", "DROP", id="drop"),
    pytest.param("COPY event TO '/tmp/phaseline-loot.csv'", "COPY", id="copy-to"),
    pytest.param("SELECT * FROM read_csv('/etc/passwd')", "Permission", id="read-csv"),
    pytest.param("SELECT * FROM glob('/etc/*')", "Permission", id="glob"),
    pytest.param("SELECT * FROM read_parquet('http://example.com/x.parquet')", "Permission", id="http"),
    pytest.param("ATTACH '/tmp/other.duckdb' AS other", "ATTACH", id="attach"),
    pytest.param("SET enable_external_access = true", "SET", id="set"),
    pytest.param("RESET lock_configuration", "SET", id="reset"),
    pytest.param("INSTALL httpfs", "LOAD", id="install"),
    pytest.param("LOAD httpfs", "LOAD", id="load"),
    pytest.param("PRAGMA enable_profiling", "PRAGMA", id="pragma"),
    pytest.param("CALL pragma_version()", "CALL", id="call"),
    pytest.param("SELECT 1; DELETE FROM event", "one statement", id="two-statements"),
    pytest.param("EXPORT DATABASE '/tmp/phaseline-loot'", "EXPORT", id="export-database"),
    pytest.param("CHECKPOINT", "not allowed", id="checkpoint"),
]


@pytest.mark.parametrize(("sql", "named"), ESCAPES)
def test_writes_and_escapes_are_refused_with_one_line(path, sql, named):
    with pytest.raises(SandboxViolation, match=named) as refused:
        run_user_sql(path, sql)
    assert "\n" not in str(refused.value)


def test_the_store_is_unchanged_after_the_attempts(path):
    _, rows, *_ = run_user_sql(path, "SELECT count(*) FROM event")
    with Store.open(path, read_only=True) as store:
        assert rows[0][0] == store.one("SELECT count(*) FROM event") > 0


def test_a_select_across_matches_works(path):
    columns, rows, *_ = run_user_sql(path, "SELECT match_id, count(*) AS n FROM event GROUP BY ALL ORDER BY 1")
    assert columns == ["match_id", "n"]
    assert [r[0] for r in rows] == ["toy-1", "toy-2"]


def test_the_history_views_are_there(path):
    _, rows, *_ = run_user_sql(path, "SELECT match_id, events FROM match_summary ORDER BY 1")
    assert len(rows) == 2


def test_a_bad_query_is_one_clear_line(path):
    with pytest.raises(InvalidOrder, match="bad query") as refused:
        run_user_sql(path, "SELECT nonsense FROM nowhere")
    assert "\n" not in str(refused.value)


def test_every_table_and_view_is_documented():
    entries = {e.name: e for e in schema_doc()}
    assert {"event", "effect", "unit_state", "live_event", "move", "roll", "match_summary"} <= set(entries)
    assert all(e.doc for e in entries.values())
    assert entries["event"].columns["roll_no"].startswith("roll counter")
    assert entries["roll"].columns["purpose"] == "why it was rolled"


def test_the_schema_parser_reads_table_and_column_comments():
    [entry] = parse_schema_file(
        "-- Things.\nCREATE TABLE IF NOT EXISTS thing (\n    a INTEGER, -- the a\n    b VARCHAR\n);\n"
    )
    assert (entry.name, entry.kind, entry.doc, entry.columns) == (
        "thing",
        "table",
        "Things.",
        {"a": "the a", "b": ""},
    )


# --- within bounds (issue 12: `SELECT * FROM range(3000000)` took 38 s and 2 GB) -------------


def test_a_query_past_its_time_limit_is_stopped_and_frees_the_store(path):
    with pytest.raises(QueryLimit, match=r"time limit of 0.2 s \(raise it with --timeout or PHASELINE_SQL_TIMEOUT\)"):
        run_user_sql(path, "SELECT count(*) FROM range(100000000000)", Limits(seconds=0.2))
    with Store.open(path, wait=0) as writer:  # no wait: the query's read-only connection is gone
        assert writer.one("SELECT count(*) FROM match") == 2


def test_a_query_past_its_memory_limit_is_stopped(path):
    with pytest.raises(QueryLimit, match="memory limit of 20MB"):
        run_user_sql(path, "SELECT * FROM range(30000000) ORDER BY 1 DESC", Limits(memory="20MB"))


def test_only_the_rows_asked_for_are_fetched(path):
    answer = run_user_sql(path, "SELECT * FROM range(3000000)", Limits(rows=5))
    assert answer.rows == [(0,), (1,), (2,), (3,), (4,)] and answer.more
    assert not run_user_sql(path, "SELECT 1", Limits(rows=5)).more


@pytest.mark.parametrize(
    "limits",
    [{"seconds": 0}, {"seconds": -1}, {"memory": "lots"}, {"memory": "1TB; SET x"}, {"rows": 0}],
    ids=["no-time", "negative-time", "memory-word", "memory-injection", "no-rows"],
)
def test_a_limit_out_of_range_is_one_clear_line(limits):
    with pytest.raises(InvalidOrder):
        Limits(**limits)


@pytest.mark.parametrize(
    "sql",
    [
        "PIVOT event ON kind USING count(*) GROUP BY match_id",
        "PIVOT event ON kind IN ('action', 'roll') USING count(*) GROUP BY match_id",
        "SELECT * FROM (PIVOT event ON kind USING count(*) GROUP BY match_id) ORDER BY match_id",
        "UNPIVOT (SELECT match_id, 1 AS a, 2 AS b FROM match) ON a, b INTO NAME k VALUE v",
    ],
    ids=["pivot", "pivot-in", "pivot-subquery", "unpivot"],
)
def test_pivot_and_unpivot_are_queries(path, sql):
    answer = run_user_sql(path, sql)
    assert answer.columns[0] in ("match_id",) and answer.rows


def test_a_statement_duckdb_runs_as_several_is_refused_unless_it_is_a_query(path):
    with pytest.raises(SandboxViolation, match="not a query"):
        run_user_sql(path, "CREATE TABLE loot AS PIVOT event ON kind USING count(*)")
