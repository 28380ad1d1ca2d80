"""The store survives a busy second process, a killed writer, other versions and bad paths."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from history_support import long_registry, new_match
from phaseline import Action, Match, PhaselineError, Store, StoreError
from phaseline.bots import RandomBot, run_bots
from phaseline.model import BotInfo
from phaseline.plugins import registry as installed
from phaseline.queries import ask_alone, get_query
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


def kill_after(writer: subprocess.Popen[str], lines: int) -> list[str]:
    """Read ``lines`` lines of the writer's progress, then kill it (SIGKILL: no clean-up, no
    checkpoint, most likely in the middle of an action); the lines read."""
    read = []
    try:
        while len(read) < lines:
            line = writer.stdout.readline()
            assert line, "the writer stopped before it was killed"
            read.append(line)
    finally:
        writer.kill()
        writer.wait()
    return read


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
        match = new_match(store, registry, controllers={{"red": "bot:random", "blue": "bot:random"}})
        while not match.finished:
            run_bots(match, registry, max_actions=1)  # one committed action
            print(match.events.last_seq, flush=True)
        """,
        tmp_path,
    )
    committed = [int(line) for line in kill_after(writer, 8)]
    registry = long_registry(last_turn=1000)
    with Store.open(db) as store:
        last = store.one("SELECT max(seq) FROM event")
        assert last >= committed[-1]
        assert verify(store, registry, "toy-1") == last  # state == replay of whole actions only


BLOCK = 5  # actions per commit in the autoplay tests below


def log_of(store: Store, match_id: str) -> list[tuple]:
    """The match's events as the rules made them: the signature's bytes (fresh keys sign each
    match) and the clock time left out, whether each event is signed kept."""
    return store.con.execute(
        "SELECT * EXCLUDE (sig, logged_at), sig IS NOT NULL FROM event WHERE match_id = ? ORDER BY seq", [match_id]
    ).fetchall()


def actions_in(store: Store, match_id: str) -> int:
    return store.one("SELECT count(*) FROM event WHERE match_id = ? AND kind = 'action'", [match_id])


def test_an_autoplay_killed_mid_block_keeps_whole_blocks_and_resumes_to_the_same_match(tmp_path):
    """autoplay commits every BLOCK actions: killed at any moment, the store holds whole blocks
    of whole actions (it replays exactly, its last event ends a signed action), and a second
    run plays on to the very match an uninterrupted run plays."""
    db = tmp_path / "blocks.duckdb"
    controllers = {"red": "bot:random", "blue": "bot:random"}
    writer = child(
        f"""
        from history_support import long_registry, new_match
        from phaseline import Store
        from phaseline.bots import run_bots
        registry = long_registry(last_turn=1000)
        store = Store.open({str(db)!r})
        match = new_match(store, registry, controllers={controllers!r})
        run_bots(match, registry, commit_every={BLOCK}, progress=lambda g: print(g.events.last_seq, flush=True))
        """,
        tmp_path,
    )
    kill_after(writer, 3 * BLOCK + 2)  # inside the fourth block, or past it
    registry = long_registry(last_turn=1000)
    with Store.open(db) as store:
        last = store.one("SELECT max(seq) FROM event")
        played = actions_in(store, "toy-1")
        assert played >= 3 * BLOCK and played % BLOCK == 0, "whole blocks only"
        assert store.one("SELECT sig IS NOT NULL FROM event WHERE seq = ?", [last]), "the last action is whole"
        assert verify(store, registry, "toy-1") == last  # state == replay of whole actions only
        match = Match.load(store, registry, "toy-1")
        run_bots(match, registry, controllers=controllers, commit_every=BLOCK, max_actions=2 * BLOCK)
        resumed = log_of(store, "toy-1")
    with Store.open(":memory:") as store:
        match = new_match(store, registry, controllers=controllers)
        run_bots(match, registry, commit_every=3, max_actions=played + 2 * BLOCK)
        assert log_of(store, "toy-1") == resumed


class FailingBot(RandomBot):
    """Random legal actions, until its third choice: an order no rule knows."""

    def __init__(self, match, side: str) -> None:
        super().__init__(match, side)
        self.chosen = 0

    def choose(self, match, side: str) -> Action:
        self.chosen += 1
        return Action("sabotage", ()) if self.chosen == 3 else super().choose(match, side)


@pytest.mark.parametrize("fails", ["action", "between actions"])
def test_a_block_that_fails_keeps_nothing_of_itself_and_play_goes_on(fails):
    """An action refused inside a block of actions, or a failure between two of them, rolls
    the whole block back: the store and the match in memory stand after the last whole
    block, and play goes on from there."""
    registry = long_registry(last_turn=1000)
    registry.bots[("toy", "failing")] = BotInfo("failing", "toy", FailingBot)
    controllers = {"red": "bot:failing", "blue": "bot:random"} if fails == "action" else None
    with Store.open(":memory:") as store:
        match = new_match(store, registry, controllers={"red": "bot:random", "blue": "bot:random"})
        run_bots(match, registry, commit_every=BLOCK, max_actions=BLOCK)
        committed = log_of(store, match.match_id)

        seen = []

        def stop_at_the_third(match) -> None:
            seen.append(match.events.last_seq)
            if len(seen) == 3:
                raise RuntimeError("stopped between two actions")

        with pytest.raises((PhaselineError, RuntimeError)):
            run_bots(match, registry, controllers=controllers, commit_every=BLOCK,
                     progress=None if fails == "action" else stop_at_the_third)  # fmt: skip
        assert log_of(store, match.match_id) == committed
        assert match.events.last_seq == committed[-1][1]
        assert match.rows_of("unit_state") == {
            (row["unit_id"],): row
            for row in store.rows("SELECT * EXCLUDE (match_id) FROM unit_state WHERE match_id = ?", [match.match_id])
        }
        run_bots(match, registry, commit_every=BLOCK, max_actions=2 * BLOCK)
        assert actions_in(store, match.match_id) == 3 * BLOCK
        assert verify(store, registry, match.match_id) == match.events.last_seq


def test_a_store_of_a_newer_schema_is_refused(tmp_path):
    db = tmp_path / "future.duckdb"
    with Store.open(db) as store:
        store.con.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="schema version 99, newer"):
        Store.open(db)
    done = cli(["--db", str(db), "list"], tmp_path)
    assert done.returncode == 7 and done.stderr.count("\n") == 1


def test_a_read_only_store_of_older_views_answers_with_this_phaseline_s_own(tmp_path):
    """A store whose file cannot be written keeps the views and macros it was made with; the rule
    queries of this phaseline read them as it defines them (temporary ones), not as a binder error."""
    db = tmp_path / "older.duckdb"
    with Store.open(db) as store:
        match = Match.create(store, installed(), "battle-for-germany", "historical", seed=1)
        reach = store.rows(get_query("move-links").sql, {"match_id": match.match_id})
        store.con.execute("CREATE OR REPLACE MACRO move_reach(gid, sd, units) AS TABLE SELECT 1 AS stale")
        store.con.execute("UPDATE meta SET value = 'older' WHERE key = 'views'")
    with Store.open(db, read_only=True) as store:
        assert store.rows(get_query("move-links").sql, {"match_id": match.match_id}) == reach
        legal = ask_alone(store, get_query("movement-legal"), {"match_id": match.match_id, "side": "SOV"})
        assert legal and all(row["legal"] for row in legal)
    with Store.open(db) as store:  # the file itself is as it was until written again
        assert store.one("SELECT value FROM meta WHERE key = 'views'") != "older"


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

    store.ensure_tables(
        "first", "1.0", [PluginTable("shared", "CREATE TABLE shared (match_id VARCHAR)", ("match_id",))]
    )
    second = [
        PluginTable("own", "CREATE TABLE own (match_id VARCHAR)", ("match_id",)),
        PluginTable("shared", "CREATE TABLE shared (match_id VARCHAR, x INTEGER)", ("match_id",)),
    ]
    with pytest.raises(StoreError, match="table shared belongs to plugin first, not second"):
        store.ensure_tables("second", "1.0", second)
    assert store.one("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'own'") == 0


def test_a_store_made_by_an_older_plugin_gains_the_columns_its_tables_grew(store):
    from phaseline.model import PluginTable

    store.ensure_tables("game", "1.0", [PluginTable("t", "CREATE TABLE t (match_id VARCHAR)", ("match_id",))])
    store.insert_rows("t", None, [("old",)])
    grown = PluginTable("t", "CREATE TABLE t (match_id VARCHAR, provenance VARCHAR NOT NULL)", ("match_id",))
    store.ensure_tables("game", "1.1", [grown])
    store.insert_rows("t", None, [("new", "seed")])
    assert store.rows("SELECT * FROM t ORDER BY match_id") == [
        {"match_id": "new", "provenance": "seed"},
        {"match_id": "old", "provenance": None},
    ]


def test_a_plugin_table_whose_column_changed_type_is_one_clear_error(store):
    from phaseline.model import PluginTable

    store.ensure_tables(
        "game", "1.0", [PluginTable("t", "CREATE TABLE t (match_id VARCHAR, n INTEGER)", ("match_id",))]
    )
    changed = PluginTable("t", "CREATE TABLE t (match_id VARCHAR, n VARCHAR)", ("match_id",))
    with pytest.raises(StoreError, match=r"t in .* has n INTEGER, but game now declares VARCHAR"):
        store.ensure_tables("game", "1.1", [changed])


def test_rows_go_into_a_table_created_after_the_store_first_read_its_columns(store):
    from phaseline.model import PluginTable

    store.insert_rows("meta", None, [("note", "columns read now")])
    store.ensure_tables(
        "late", "1.0", [PluginTable("late", "CREATE TABLE late (match_id VARCHAR, n INTEGER)", ("match_id",))]
    )
    store.insert_rows("late", ["n", "match_id"], [(3, "g")])
    assert store.rows("SELECT * FROM late") == [{"match_id": "g", "n": 3}]
    with pytest.raises(StoreError, match="has no table missing"):
        store.insert_rows("missing", None, [(1,)])
