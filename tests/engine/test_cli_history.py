"""The history commands: log, replay, show --at, sql, export and import."""

from __future__ import annotations

import json

import pytest
from clitools import run_cli, use_registry
from history_support import copy_played, long_registry
from phaseline import Store


@pytest.fixture
def played(home, monkeypatch):
    """The default store in $PHASELINE_HOME with a toy match with rolls, decisions and undos."""
    use_registry(monkeypatch, long_registry())
    home.mkdir(parents=True, exist_ok=True)
    return copy_played(home / "phaseline.duckdb")


def test_log_lists_events_by_kind_and_last(played):
    code, out = run_cli(["--format", "json", "log", "--kind", "roll"])
    rolls = json.loads(out)
    assert code == 0 and rolls and all(r["kind"] == "roll" and r["what"].startswith("rolled") for r in rolls)
    code, out = run_cli(["--format", "json", "log", "--last", "3"])
    assert code == 0 and len(json.loads(out)) == 3
    code, out = run_cli(["log", "--kind", "undo"])
    assert code == 0 and "undo events" in out


def test_replay_reports_a_match_or_the_first_difference(played):
    code, out = run_cli(["replay"])
    assert code == 0 and "state matches" in out
    with Store.open(played) as store:
        store.con.execute("UPDATE unit_state SET mp = 5 WHERE unit_id = 'B1'")
    code, out = run_cli(["replay"])
    assert code == 9 and out.strip().count("\n") == 0 and "unit_state (unit_id=B1): mp" in out


def test_show_at_an_event_shows_the_state_then(played):
    code, out = run_cli(["--format", "json", "show", "--at", "1"])
    units = {u["unit"]: u["space"] for u in json.loads(out)["units"]}
    assert code == 0 and units == {"R1": "00", "R2": "01", "B1": "44", "B2": "43"}
    code, now = run_cli(["show"])
    assert code == 0 and "event 1 " not in now
    code, out = run_cli(["show", "--at", "9999"])
    assert code == 3 and out.strip().startswith("error: ") and "no event 9999" in out


def test_sql_runs_sandboxed_queries_and_documents_the_schema(played):
    code, out = run_cli(["--format", "csv", "sql", "SELECT match_id, rolls FROM match_summary"])
    assert code == 0 and out.splitlines()[0] == "match_id,rolls"
    code, out = run_cli(["sql", "DELETE FROM event"])
    assert (
        code == 10 and out.strip() == "error: refused: DELETE statements are not allowed; queries are read-only SELECTs"
    )
    code, out = run_cli(["sql", "--schema"])
    assert code == 0 and "live_event" in out and "roll counter" in out
    code, out = run_cli(["sql"])
    assert code == 2 and "--schema" in out


def test_sql_limits_are_options_and_environment_variables(played, monkeypatch):
    code, out = run_cli(["--format", "csv", "sql", "SELECT * FROM range(3000000)", "--max-rows", "3"])
    assert code == 0 and out.splitlines()[:4] == ["range", "0", "1", "2"]
    assert "the first 3 rows; the query has more: raise --max-rows" in out
    monkeypatch.setenv("PHASELINE_SQL_TIMEOUT", "0.2")
    code, out = run_cli(["sql", "SELECT count(*) FROM range(100000000000)"])
    assert code == 10 and out.strip() == (
        "error: refused: the query ran past its time limit of 0.2 s (raise it with --timeout or PHASELINE_SQL_TIMEOUT)"
    )
    code, out = run_cli(["sql", "SELECT 1", "--memory", "plenty"])
    assert code == 2 and out.strip().count("\n") == 0 and "a size such as 500MB" in out


def test_export_import_and_parquet_from_the_command_line(played, tmp_path, monkeypatch):
    code, out = run_cli(["export", str(tmp_path / "mail.duckdb")])
    assert code == 0 and "exported toy-1" in out
    code, out = run_cli(["export", str(tmp_path / "mail.duckdb"), "--match", "toy-1"])
    assert code == 7 and "already exists" in out
    code, out = run_cli(["--db", str(tmp_path / "other.duckdb"), "import", str(tmp_path / "mail.duckdb")])
    assert code == 0 and "imported toy-1 (new match" in out
    code, out = run_cli(["import", str(tmp_path / "nothing.duckdb")])
    assert code == 7 and "no file" in out
    code, out = run_cli(["export", "--parquet", str(tmp_path / "pq")])
    assert code == 0 and (tmp_path / "pq" / "event" / "game=toy").is_dir()
    code, out = run_cli(["export"])
    assert code == 2 and "needs a FILE" in out
