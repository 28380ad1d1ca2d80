"""The store survives a busy second process, a killed writer, other versions and bad paths."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from history_support import long_registry
from phaseline import Store, StoreError
from phaseline.replay import verify

TESTS = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-c", "from phaseline.cli import main; main()"]


def environment(tmp_path: Path) -> dict[str, str]:
    path = os.pathsep.join([str(TESTS), str(TESTS / "engine"), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PHASELINE_HOME": str(tmp_path / "home"), "PYTHONPATH": path}


def child(script: str, tmp_path: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=environment(tmp_path),
    )


def cli(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, env=environment(tmp_path), check=False)


def test_a_second_process_on_a_busy_store_gets_one_clear_line(tmp_path):
    db = tmp_path / "busy.duckdb"
    holder = child(
        f"""
        from phaseline import Store
        store = Store.open({str(db)!r})
        print("holding", flush=True)
        input()
        """,
        tmp_path,
    )
    try:
        assert holder.stdout.readline().strip() == "holding"
        done = cli(["--db", str(db), "log"], tmp_path)
    finally:
        holder.kill()
        holder.wait()
    assert done.returncode == 8
    assert done.stderr.count("\n") == 1 and "is busy" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_writer_killed_mid_play_leaves_the_match_after_its_last_whole_action(tmp_path):
    db = tmp_path / "killed.duckdb"
    writer = child(
        f"""
        from history_support import long_registry, new_match
        from phaseline import Store
        from phaseline.bots import run_bots
        registry = long_registry(last_turn=1000)
        store = Store.open({str(db)!r})
        game = new_match(store, registry, controllers={{"red": "bot:random", "blue": "bot:random"}})
        while not game.finished:
            run_bots(game, registry, max_actions=1)  # one committed action
            print(game.events.last_seq, flush=True)
        """,
        tmp_path,
    )
    committed = []
    try:
        while len(committed) < 8:
            line = writer.stdout.readline()
            assert line, "the writer stopped before it was killed"
            committed.append(int(line))
    finally:
        writer.kill()  # SIGKILL: no clean-up, no checkpoint, probably mid-action
        writer.wait()
    registry = long_registry(last_turn=1000)
    with Store.open(db) as store:
        last = store.one("SELECT max(seq) FROM event")
        assert last >= committed[-1]
        assert verify(store, registry, "toy-1") == last  # state == replay of whole actions only


def test_a_store_of_a_newer_schema_is_refused(tmp_path):
    db = tmp_path / "future.duckdb"
    with Store.open(db) as store:
        store.con.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="schema version 99, newer"):
        Store.open(db)
    done = cli(["--db", str(db), "list"], tmp_path)
    assert done.returncode == 7 and done.stderr.count("\n") == 1


def test_a_missing_store_is_one_clear_line(tmp_path):
    with pytest.raises(StoreError, match="no store"):
        Store.open(tmp_path / "missing.duckdb", read_only=True)
    done = cli(["--db", str(tmp_path / "missing.duckdb"), "log"], tmp_path)
    assert done.returncode == 7 and "no store" in done.stderr and done.stderr.count("\n") == 1


def test_a_store_path_that_cannot_be_created_is_one_clear_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot create"):
        Store.open(blocker / "store.duckdb")
    done = cli(["--db", str(blocker / "store.duckdb"), "sql", "SELECT 1"], tmp_path)
    assert done.returncode == 7 and done.stderr.count("\n") == 1


def test_a_plugin_table_of_another_plugin_is_refused_and_nothing_is_created(store):
    from phaseline.model import PluginTable

    store.ensure_tables("first", "1.0", [PluginTable("shared", "CREATE TABLE shared (game_id VARCHAR)", ("game_id",))])
    second = [
        PluginTable("own", "CREATE TABLE own (game_id VARCHAR)", ("game_id",)),
        PluginTable("shared", "CREATE TABLE shared (game_id VARCHAR, x INTEGER)", ("game_id",)),
    ]
    with pytest.raises(StoreError, match="table shared belongs to plugin first, not second"):
        store.ensure_tables("second", "1.0", second)
    assert store.one("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'own'") == 0


def test_a_store_made_by_an_older_plugin_gains_the_columns_its_tables_grew(store):
    from phaseline.model import PluginTable

    store.ensure_tables("game", "1.0", [PluginTable("t", "CREATE TABLE t (game_id VARCHAR)", ("game_id",))])
    store.insert_rows("t", None, [("old",)])
    grown = PluginTable("t", "CREATE TABLE t (game_id VARCHAR, provenance VARCHAR NOT NULL)", ("game_id",))
    store.ensure_tables("game", "1.1", [grown])
    store.insert_rows("t", None, [("new", "seed")])
    assert store.rows("SELECT * FROM t ORDER BY game_id") == [
        {"game_id": "new", "provenance": "seed"},
        {"game_id": "old", "provenance": None},
    ]


def test_a_plugin_table_whose_column_changed_type_is_one_clear_error(store):
    from phaseline.model import PluginTable

    store.ensure_tables("game", "1.0", [PluginTable("t", "CREATE TABLE t (game_id VARCHAR, n INTEGER)", ("game_id",))])
    changed = PluginTable("t", "CREATE TABLE t (game_id VARCHAR, n VARCHAR)", ("game_id",))
    with pytest.raises(StoreError, match=r"t in .* has n INTEGER, but game now declares VARCHAR"):
        store.ensure_tables("game", "1.1", [changed])


def test_rows_go_into_a_table_created_after_the_store_first_read_its_columns(store):
    from phaseline.model import PluginTable

    store.insert_rows("meta", None, [("note", "columns read now")])
    store.ensure_tables(
        "late", "1.0", [PluginTable("late", "CREATE TABLE late (game_id VARCHAR, n INTEGER)", ("game_id",))]
    )
    store.insert_rows("late", ["n", "game_id"], [(3, "g")])
    assert store.rows("SELECT * FROM late") == [{"game_id": "g", "n": 3}]
    with pytest.raises(StoreError, match="has no table missing"):
        store.insert_rows("missing", None, [(1,)])
