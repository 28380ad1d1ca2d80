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
