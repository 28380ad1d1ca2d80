"""The command line as the README promises it, on a store with a Battle for Germany and a
Breakout match: global options after the command too, each game's orders under its game in
help, one ``--match`` everywhere, ``--version``, ``replay`` that always verifies."""

from __future__ import annotations

import json
import shutil

import pytest
from clitools import every_command, run_cli

BFG_ATTACK = "Attack: attack UNIT[,UNIT…] HEX[,HEX] (6.0)."
BREAKOUT_ATTACK = "Attack an area your units entered"


@pytest.fixture(scope="module")
def two_games(tmp_path_factory):
    """A store holding bfg-1 then bkn-1 (the current match), made once for the module."""
    store = tmp_path_factory.mktemp("two-games") / "games.duckdb"
    for game in ("battle-for-germany", "breakout-normandy"):
        code, out = run_cli(["--db", str(store), "new", game, "--seed", "1"])
        assert code == 0, out
    return store


@pytest.fixture
def games_db(two_games, tmp_path):
    """A copy of the two-game store and the seats' keys beside it, for a test that changes it."""
    shutil.copytree(two_games.parent, tmp_path / "copy")
    return str(tmp_path / "copy" / two_games.name)


def test_global_options_work_after_the_command_as_before_it(two_games):
    db = str(two_games)
    before = run_cli(["--db", db, "--format", "json", "status"])
    after = run_cli(["status", "--format", "json", "--db", db])
    assert before == after and before[0] == 0 and json.loads(after[1])["match"] == "bkn-1"
    code, out = run_cli(["sql", "SELECT match_id FROM match ORDER BY match_id", "--db", db, "-f", "csv"])
    assert (code, out) == (0, "match_id\nbfg-1\nbkn-1\n")
    code, out = run_cli(["plugins", "list", "--format", "json"])  # a group's subcommand takes them too
    assert code == 0 and {row["plugin"] for row in json.loads(out)} >= {"battle-for-germany", "breakout-normandy"}
    code, out = run_cli(["actions", "--match", "bfg-1", "--kind", "move", "--db", db, "--format", "csv"])
    assert code == 0 and out.splitlines()[0] == "side,order,verb,units,from,spaces"


def test_help_lists_the_current_games_orders_and_a_verbs_help_is_its_games(two_games, games_db):
    code, out = run_cli(["--db", str(two_games), "--help"])
    orders = out.split("Orders of Breakout: Normandy (match bkn-1, the current one):")[1]
    assert code == 0 and "bombard" in orders and "courland" not in orders
    code, out = run_cli(["attack", "--help", "--db", str(two_games)])  # the current match: Breakout
    assert code == 0 and BREAKOUT_ATTACK in out and "An order of Breakout: Normandy (match bkn-1)." in out
    code, out = run_cli(["attack", "--match", "bfg-1", "--help", "--db", str(two_games)])
    assert code == 0 and BFG_ATTACK in out and BREAKOUT_ATTACK not in out
    code, out = run_cli(["bombard", "--match", "bfg-1", "--help", "--db", str(two_games)])
    assert code == 0 and "Not an order of Battle for Germany (match bfg-1)" in " ".join(out.split())
    assert run_cli(["--db", games_db, "use", "bfg-1"])[0] == 0
    code, out = run_cli(["--db", games_db, "--help"])
    orders = out.split("Orders of Battle for Germany (match bfg-1, the current one):")[1]
    assert code == 0 and "courland" in orders and "bombard" not in orders
    code, out = run_cli(["move", "--help", "--db", games_db])
    assert code == 0 and "An order of Battle for Germany (match bfg-1)." in out


def test_version_names_phaseline_python_and_duckdb():
    from phaseline import __version__

    code, out = run_cli(["--version"])
    assert code == 0 and out.startswith(f"phaseline {__version__} (Python 3.") and "DuckDB " in out


def test_a_match_is_named_by_match_everywhere_but_use_and_delete():
    """``use`` and ``delete`` take the match as their argument; every other command that acts
    on a match takes ``--match ID``, and no command spells it otherwise."""
    spelt: dict[str, list[str]] = {}
    for name, command in every_command():
        for param in command.params:
            if param.name in ("match", "match_id", "match_id", "id"):  # data --game names a game
                spelt.setdefault(" ".join(param.opts) if param.param_type_name == "option" else "ARG", []).append(name)
    assert sorted(spelt.pop("ARG")) == ["delete", "use"]
    assert list(spelt) == ["--match"] and len(spelt["--match"]) > 15
    acting = {"status", "actions", "end", "choose", "undo", "log", "replay", "show", "map", "play"}
    assert acting <= set(spelt["--match"])


def test_replay_always_verifies(two_games):
    code, out = run_cli(["--db", str(two_games), "replay", "--match", "bfg-1"])
    assert code == 0 and out.startswith("replayed ") and "of bfg-1: state matches" in out
    code, out = run_cli(["--db", str(two_games), "replay", "--verify"])
    assert code == 2 and "No such option: --verify" in out


def test_a_match_given_as_an_argument_is_refused_in_one_line(two_games):
    code, out = run_cli(["--db", str(two_games), "status", "bfg-1"])
    told = "Got unexpected extra argument(s) (bfg-1); name the match with --match ID"
    assert code == 2 and out.strip().endswith(told)


def test_list_marks_the_current_match(two_games):
    db = str(two_games)
    code, out = run_cli(["--db", db, "list"])
    marked = [line.split()[1] for line in out.splitlines()[2:] if line.startswith("*")]
    assert code == 0 and marked == ["bkn-1"]
    code, out = run_cli(["--db", db, "list", "--format", "json"])
    assert code == 0 and [(r["match"], r["current"]) for r in json.loads(out)] == [("bfg-1", False), ("bkn-1", True)]
    code, out = run_cli(["--db", db, "list", "--format", "csv"])
    assert code == 0 and [line.rsplit(",", 1)[1] for line in out.splitlines()] == ["current", "false", "true"]


def test_delete_removes_a_match_whole_and_the_next_becomes_current(games_db):
    code, out = run_cli(["--db", games_db, "delete", "bkn-1"])
    assert code == 0 and out.startswith("deleted bkn-1 (breakout-normandy): ") and "current match: bfg-1" in out
    code, out = run_cli(["--db", games_db, "sql", "SELECT count(*) AS n FROM event WHERE match_id = 'bkn-1'"])
    assert code == 0 and out.split() == ["n", "---", "0"]
    code, out = run_cli(["--db", games_db, "--help"])  # help reads the new current match from its note
    assert "Orders of Battle for Germany (match bfg-1, the current one)" in out
    code, out = run_cli(["--db", games_db, "delete", "bkn-1"])
    assert code == 3 and out.strip() == f"error: no match 'bkn-1' in {games_db}"
    code, out = run_cli(["--db", games_db, "delete", "bfg-1"])
    assert code == 0 and out.splitlines()[-1] == "no match left: start one with 'phaseline new GAME'"
    assert run_cli(["--db", games_db, "list"]) == (0, "no matches yet: start one with 'phaseline new GAME'\n")
