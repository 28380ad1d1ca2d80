"""``phaseline tournament`` (issue 16): many bot matches, their standings, where they land.

The toy game judged by kills (tournament_support.py) gives wins for both sides and draws in a
few seconds; the test that every match replays to an autoplay's log plays Battle for Germany.
The tests that play matches are slow by their kind (whole bot games); the quick loop samples
the intervals, the plan and the refusals.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from clitools import run_cli, use_registry
from phaseline import Store
from phaseline.cli import tournament as tournament_cli
from phaseline.replay import verify
from phaseline.tournament import landing, plan_tournament, wilson
from tournament_support import FailsOnOneSeed, tournament_registry

TOY = ["tournament", "toy", "--bot", "aggressive", "--seed", "40"]
HERE = Path(__file__).resolve().parent


@pytest.fixture
def toy_cli(home, monkeypatch):
    return use_registry(monkeypatch, tournament_registry())


def report_of(argv: list[str]) -> dict:
    code, out = run_cli(["--format", "json", *argv])
    assert code == 0, out
    return json.loads(out)


def store_rows(home: Path, sql: str) -> list[tuple]:
    with Store.open(home / "phaseline.duckdb", read_only=True) as store:
        return store.con.execute(sql).fetchall()


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        pytest.param(0, 10, 0.0, 0.2775, id="none-of-ten"),
        pytest.param(5, 10, 0.2366, 0.7634, id="half-of-ten"),
        pytest.param(10, 10, 0.7225, 1.0, id="all-of-ten"),
        pytest.param(37, 100, 0.2818, 0.4678, id="37-of-100"),
    ],
)
def test_the_wilson_interval_of_known_rates(successes, trials, low, high):
    assert wilson(successes, trials) == pytest.approx((low, high), abs=1e-4)


def test_the_seeds_and_match_ids_follow_the_index():
    plan = plan_tournament(tournament_registry(), "toy", scenario=None, matches=1200, bots=["aggressive", "red=random"],
                           seed=7, options=[], name="toy-t9")  # fmt: skip
    specs = plan.specs()
    assert [(s.index, s.seed, s.match_id) for s in (specs[0], specs[-1])] == [
        (0, 7, "toy-t9-0001"),
        (1199, 1206, "toy-t9-1200"),
    ]
    assert specs[0].controllers == {"red": "bot:random", "blue": "bot:aggressive"}


@pytest.mark.parametrize(
    ("argv", "code", "says"),
    [
        pytest.param(["--bot", "green=aggressive"], 3, "has no side 'green'", id="unknown-side"),
        pytest.param(["--bot", "red=nosuch"], 3, "nosuch", id="unknown-bot"),
        pytest.param(["--matches", "0"], 2, "--matches takes a number of matches from 1", id="no-matches"),
        pytest.param(["--jobs", "0"], 2, "--jobs takes a number of workers from 1", id="no-workers"),
        pytest.param(["--pool", "0"], 2, "--pool takes a number of matches", id="no-pool"),
        pytest.param(["--executor", "cloud"], 2, "--executor takes 'local' or 'dask'", id="unknown-executor"),
        pytest.param(["--scheduler", "tcp://127.0.0.1:1"], 2, "it goes with --executor dask", id="scheduler-alone"),
        pytest.param(["--confidence", "95"], 2, "--confidence is a level between 0 and 1", id="confidence"),
        pytest.param(["--seed", str(2**63 - 2), "--matches", "3"], 2, "must lie between 0 and", id="seed-range"),
        pytest.param(["--name", "a b"], 2, "makes no valid match id", id="bad-name"),
        pytest.param(["--scenario", "nosuch"], 3, "no scenario 'nosuch'", id="unknown-scenario"),
        pytest.param(["-o", "nosuch"], 3, "nosuch", id="unknown-option"),
    ],
)
def test_bad_input_is_one_line_and_plays_nothing(toy_cli, home, argv, code, says):
    found, out = run_cli(["tournament", "toy", "--bot", "aggressive", *argv])
    assert found == code, out
    assert out.startswith("error: ") and says in out and len(out.strip().splitlines()) == 1
    if (home / "phaseline.duckdb").exists():
        assert store_rows(home, "SELECT count(*) FROM match") == [(0,)]


@pytest.mark.slow
def test_the_standings_count_each_sides_results_as_the_store_has_them(toy_cli, home):
    report = report_of([*TOY, "--matches", "8"])
    outcomes = store_rows(home, "SELECT c.result FROM clock c JOIN tournament_match t USING (match_id) ORDER BY 1")
    winners = [json.loads(result)["winners"] for (result,) in outcomes]
    assert report["finished"] == report["matches"] == len(winners) == 8
    assert {tuple(w) for w in winners} == {("red",), ("blue",), ()}, "the seeds give wins to both sides, and a draw"
    for row in report["sides"]:
        assert row["wins"]["count"] == sum(row["side"] in w for w in winners)
        assert row["draws"]["count"] == sum(not w for w in winners)
        assert row["wins"]["count"] + row["draws"]["count"] + row["losses"]["count"] == 8
        assert row["wins"]["low"] <= row["wins"]["rate"] <= row["wins"]["high"]
        assert sum(row["won_by"].values()) == row["wins"]["count"]
    assert sum(e["matches"] for e in report["ended_by"]) == 8
    assert {(e["rule"], bool(e["winners"])) for e in report["ended_by"]} == {("T3", True), ("T4", False)}


@pytest.mark.slow
def test_a_landing_that_fails_leaves_the_store_as_it_was(toy_cli, home, monkeypatch):
    """The matches land in one transaction: a failure after some tables were written undoes them all."""
    assert run_cli(["new", "toy", "--seed", "3"])[0] == 0
    before = _contents(home)
    written = []
    insert = landing.insert_parts

    def failing_after_three_tables(store, table, files):
        written.append(table)
        if len(written) > 3:
            raise OSError(28, "No space left on device")
        insert(store, table, files)

    monkeypatch.setattr(landing, "insert_parts", failing_after_three_tables)
    code, out = run_cli([*TOY, "--matches", "2"])
    assert code == 7 and "the disk is full" in out and len(written) > 3, out
    assert _contents(home) == before


def _contents(home: Path) -> dict[str, list]:
    """Every table of the store, sorted (what a landing must leave untouched or add to whole)."""
    with Store.open(home / "phaseline.duckdb", read_only=True) as store:
        tables = [t for (t,) in store.con.execute("SELECT table_name FROM duckdb_tables() ORDER BY 1").fetchall()]
        return {t: sorted(map(repr, store.con.execute(f'SELECT * FROM "{t}"').fetchall())) for t in tables}


@pytest.mark.slow
def test_every_match_replays_to_the_log_of_an_autoplay_with_its_seed(home, tmp_path):
    """Seeds: match i plays with the base seed + i; Battle for Germany, two workers, each playing
    its two matches as a pool (their rule queries asked together)."""
    report = report_of(["tournament", "battle-for-germany", "--scenario", "collapse", "--matches", "4",
                        "--seed", "21", "--jobs", "2", "--pool", "2"])  # fmt: skip
    assert report["finished"] == 4 and report["seeds"] == [21, 24] and report["pool"] == 2
    tournament_store = home / "phaseline.duckdb"
    for index in (0, 3):
        autoplayed = tmp_path / f"autoplay-{index}.duckdb"
        code, out = run_cli(["--db", str(autoplayed), "autoplay", "battle-for-germany", "--scenario", "collapse",
                             "--seed", str(21 + index)])  # fmt: skip
        assert code == 0, out
        assert _log(tournament_store, f"bfg-t1-00{index + 1}") == _log(autoplayed, "bfg-1")


def _log(path: Path, match_id: str) -> dict[str, list[tuple]]:
    """A match's events and effects without what names the match or its seat's keys: its id (in
    every row, and so in every hash), the seats' signatures (each match has new keys) and the times
    (of the events and, on each effect, of its event)."""
    with Store.open(path, read_only=True) as store:
        events = store.con.execute(
            "SELECT * EXCLUDE (match_id, prev_hash, hash, sig, logged_at) FROM event WHERE match_id = ? ORDER BY seq",
            [match_id],
        ).fetchall()
        effects = store.con.execute(
            "SELECT * EXCLUDE (match_id, logged_at) FROM effect WHERE match_id = ? ORDER BY seq, n", [match_id]
        ).fetchall()
    assert events and effects
    return {"events": events, "effects": effects}


@pytest.mark.slow
def test_the_matches_land_whole_and_replay_exactly(toy_cli, home):
    report_of([*TOY, "--matches", "3"])
    registry = toy_cli
    with Store.open(home / "phaseline.duckdb") as store:
        for (match_id,) in store.con.execute("SELECT match_id FROM tournament_match").fetchall():
            assert verify(store, registry, match_id) > 0
        seeds = store.con.execute("SELECT m.seed FROM match m JOIN tournament_match USING (match_id) ORDER BY 1")
        assert [s for (s,) in seeds.fetchall()] == [40, 41, 42]


@pytest.mark.slow
def test_a_failed_match_is_reported_with_its_seed_and_the_others_land(toy_cli, home, monkeypatch):
    monkeypatch.setattr(FailsOnOneSeed, "failing", 41)
    code, out = run_cli(["tournament", "toy", "--bot", "fragile", "--seed", "40", "--matches", "3"])
    assert code == 1
    assert "failed: toy-t1-002 (seed 41): RuntimeError: the bot lost its way" in out
    assert "1 of 3 matches failed (the others landed)" in out and "--seed 41" in out
    landed = store_rows(home, "SELECT match_id FROM tournament_match ORDER BY 1")
    assert landed == [("toy-t1-001",), ("toy-t1-003",)]
    assert store_rows(home, "SELECT count(*) FROM match WHERE match_id = 'toy-t1-002'") == [(0,)]


@pytest.mark.slow
def test_the_parquet_history_reads_back_with_hive_partitioning(toy_cli, home, tmp_path):
    folder = tmp_path / "history"
    first = report_of([*TOY, "--matches", "3", "--parquet", str(folder)])
    second = report_of([*TOY, "--matches", "2", "--parquet", str(folder)])
    assert (first["tournament"], second["tournament"]) == ("toy-t1", "toy-t2")
    assert not (home / "phaseline.duckdb").exists(), "--parquet writes no store"
    with Store.open(":memory:") as scratch:
        counts = scratch.con.execute(
            f"""SELECT tournament, game, count(DISTINCT match_id), count(*) FILTER (WHERE kind = 'roll')
                FROM read_parquet('{folder}/event/**/*.parquet', hive_partitioning = true)
                GROUP BY ALL ORDER BY 1"""
        ).fetchall()
        results = scratch.con.execute(
            f"""SELECT tournament, count(*), count(*) FILTER (WHERE len(winners) = 0)
                FROM read_parquet('{folder}/tournament_match/**/*.parquet', hive_partitioning = true)
                GROUP BY ALL ORDER BY 1"""
        ).fetchall()
    assert [c[:3] for c in counts] == [("toy-t1", "toy", 3), ("toy-t2", "toy", 2)]
    assert all(rolls > 0 for *_, rolls in counts)
    assert results == [("toy-t1", 3, first["sides"][0]["draws"]["count"]),
                       ("toy-t2", 2, second["sides"][0]["draws"]["count"])]  # fmt: skip
    assert not list(folder.glob(".*")), "no staging folder is left"


@pytest.mark.slow
def test_a_name_taken_is_refused(toy_cli, home):
    report_of([*TOY, "--matches", "1", "--name", "spring"])
    code, out = run_cli([*TOY, "--matches", "1", "--name", "spring"])
    assert code == 2 and "there is a tournament spring already" in out


def test_the_progress_bar_shows_on_a_terminal_only(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for stream, shown in ((Terminal(), True), (io.StringIO(), False)):
        monkeypatch.setattr(sys, "stderr", stream)
        with tournament_cli._progress(2, "toy-t1") as advance:
            advance(None)
            advance(None)
        assert ("toy-t1" in stream.getvalue()) is shown


KILLED = """
import sys, time
sys.path[:0] = {paths!r}
import phaseline.plugins
from phaseline.cli import main
from phaseline.tournament import landing
from tournament_support import tournament_registry

registry = tournament_registry()
phaseline.plugins.registry = lambda block=(): registry
insert = landing.insert_parts

def slow(store, table, files):  # each table's rows go in after a pause: the kill comes inside the transaction
    print("landing", table, flush=True)
    time.sleep(0.5)
    insert(store, table, files)

if {in_landing!r}:
    landing.insert_parts = slow
else:
    play = landing.Spool.add
    def told(self, part):
        print("played", part.spec.match_id, flush=True)
        time.sleep(0.5)
        return play(self, part)
    landing.Spool.add = told
main(["--db", {db!r}, "tournament", "toy", "--bot", "aggressive", "--matches", "4", "--seed", "40"])
"""


@pytest.mark.slow
@pytest.mark.parametrize("in_landing", [False, True], ids=["while-playing", "while-landing"])
def test_a_killed_tournament_leaves_the_store_as_it_was(toy_cli, home, tmp_path, in_landing):
    """SIGKILL while the matches are played, or inside the landing's transaction: nothing of it stays."""
    assert run_cli(["new", "toy", "--seed", "3"])[0] == 0
    db = home / "phaseline.duckdb"
    before = _contents(home)
    script = KILLED.format(paths=[str(HERE), str(HERE.parent)], in_landing=in_landing, db=str(db))
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(script)], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PHASELINE_HOME": str(home)})  # fmt: skip
    try:
        wanted = "landing" if in_landing else "played"
        seen = [child.stdout.readline() for _ in range(2 if in_landing else 1)]
        assert all(line.startswith(wanted) for line in seen), seen
        time.sleep(0.2)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert _contents(home) == before


def test_the_dask_executor_without_dask_says_how_to_install_it(toy_cli, monkeypatch):
    monkeypatch.setattr("importlib.util.find_spec", lambda name, *args: None if name == "distributed" else True)
    code, out = run_cli([*TOY, "--matches", "1", "--executor", "dask"])
    assert code == 2 and "pip install 'phaseline[dask]'" in out
