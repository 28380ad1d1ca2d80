"""What a player types at ``play``'s prompt and after ``choose``: Tab completion of the current
match's orders, units and spaces (tested on the completer itself, no terminal needed), the
history kept beside the store, and a pair answered without shell quoting (choose UNIT HEX,
UNIT:HEX)."""

from __future__ import annotations

import json
import sys
from types import SimpleNamespace

import pytest
from clitools import run_cli, use_registry
from phaseline import Match, Store
from phaseline.cli.line_editing import LineReader, Words, answer_words, completions, match_words
from phaseline.decisions import answer_as_choice
from phaseline.plugins import registry
from toygame import advancing_registry


@pytest.fixture(scope="module")
def matches():
    """A Battle for Germany and a Breakout match in one in-memory store."""
    store = Store.open(":memory:")
    reg = registry()
    found = {
        name: Match.create(store, reg, name, scenario, seed=1)
        for name, scenario in (("battle-for-germany", "historical"), ("breakout-normandy", "week"))
    }
    yield found
    store.close()


def test_tab_completes_the_current_games_orders_then_commands(matches):
    bfg = match_words(matches["battle-for-germany"], None, ["status", "help", "quit"])
    breakout = match_words(matches["breakout-normandy"], None, ["status", "help", "quit"])
    assert completions("", "co", bfg) == ["courland"] and completions("", "co", breakout) == []
    assert completions("", "bo", breakout) == ["bombard"] and completions("", "bo", bfg) == []
    assert completions("", "", bfg)[:3] == ["attack", "choose", "courland"]  # every first word, sorted
    assert {"end", "choose", "status", "quit"} <= set(completions("", "", breakout))
    assert completions("", "st", bfg) == ["status"]


def test_tab_completes_units_and_spaces_after_the_first_word(matches):
    bfg = match_words(matches["battle-for-germany"], None, [])
    assert completions("move ", "BUL-", bfg) == ["BUL-1", "BUL-2"]
    assert completions("move BUL-1 ", "042", bfg) == [f"042{n}" for n in range(7)]  # hexes 0420-0426
    assert completions("attack ", "BUL-1,GER-1", bfg)[:2] == ["BUL-1,GER-1", "BUL-1,GER-10"]  # after a comma too
    breakout = match_words(matches["breakout-normandy"], None, [])
    assert completions("attack ", "5", breakout) == ["5", *[f"5{n}" for n in range(10)]]  # areas 5, 50-59
    assert completions("move ", "US-82", breakout) == ["US-82-325", "US-82-505", "US-82-507", "US-82-508"]
    assert completions("move ", "courl", bfg) == []  # orders are first words only


def test_tab_completes_a_decisions_answers_and_each_half_of_a_pair():
    words = Words(commands=["choose"], answers=answer_words(["SOV-1UF>2023", "SOV-1UF>2024", "none"]))
    assert words.answers == ["SOV-1UF>2023", "SOV-1UF", "2023", "SOV-1UF>2024", "2024", "none"]
    assert completions("choose ", "SOV", words) == ["SOV-1UF", "SOV-1UF>2023", "SOV-1UF>2024"]
    assert completions("choose SOV-1UF ", "20", words) == ["2023", "2024"]
    assert completions("choose ", "n", words) == ["none"]


def test_the_readline_completer_offers_one_completion_per_state(matches):
    reader = LineReader(None)
    reader.words = match_words(matches["battle-for-germany"], None, [])
    reader._readline = SimpleNamespace(get_line_buffer=lambda: "move BUL", get_begidx=lambda: 5)
    assert [reader._complete("BUL", state) for state in range(3)] == ["BUL-1", "BUL-2", None]


def test_the_history_is_kept_beside_the_store_between_sessions(tmp_path, monkeypatch):
    readline = pytest.importorskip("readline")
    for stream in (sys.stdin, sys.stdout):
        monkeypatch.setattr(stream, "isatty", lambda: True)
    history = tmp_path / "phaseline.history"
    readline.clear_history()
    with LineReader(history):
        readline.add_history("move BUL-1 0420")
    assert "move BUL-1 0420" in history.read_text()
    readline.clear_history()
    with LineReader(history):
        assert readline.get_history_item(readline.get_current_history_length()) == "move BUL-1 0420"
    readline.clear_history()


@pytest.mark.parametrize(
    ("choices", "typed", "answer"),
    [
        pytest.param(["U1>0420", "none"], ("U1", "0420"), ("U1>0420",), id="advance-as-two-words"),
        pytest.param(["U1>0420", "none"], ("U1:0420",), ("U1>0420",), id="advance-with-a-colon"),
        pytest.param(["U1>0420", "none"], ("U1>0420",), ("U1>0420",), id="advance-as-listed"),
        pytest.param(["U1>0420", "none"], ("none",), ("none",), id="no-advance"),
        pytest.param(["US-1:disrupted", "keep"], ("US-1", "disrupted"), ("US-1:disrupted",), id="colon-pair-as-words"),
        pytest.param(["0420", "0421"], ("0420",), ("0420",), id="not-a-pair"),
    ],
)
def test_a_pair_is_answered_as_two_words_or_with_either_mark(choices, typed, answer):
    assert answer_as_choice(choices, typed) == answer


@pytest.mark.parametrize("typed", [["R1", "10"], ["R1:10"], ["R1>10"]], ids=["two-words", "colon", "as-listed"])
def test_choose_takes_a_pair_without_shell_quoting(home, monkeypatch, typed):
    use_registry(monkeypatch, advancing_registry())
    assert run_cli(["new", "toy", "--seed", "7"])[0] == 0
    assert run_cli(["play"], input="move R1 10\nquit\n")[0] == 0  # the toy declares no verbs: no move command
    code, out = run_cli(["actions", "--format", "json"])
    assert code == 0 and [r["order"] for r in json.loads(out)] == ["choose R1 10", "choose none"]
    code, out = run_cli(["choose", *typed])
    assert code == 0, out
    code, out = run_cli(["sql", "SELECT answer FROM decision", "--format", "csv"])
    assert (code, out) == (0, "answer\nR1>10\n")


def test_the_map_marks_the_hex_of_an_advance_pair(home, monkeypatch):
    use_registry(monkeypatch, advancing_registry())
    assert run_cli(["new", "toy", "--seed", "7"])[0] == 0
    assert run_cli(["play"], input="move R1 10\nquit\n")[0] == 0
    code, out = run_cli(["map"])
    assert code == 0 and "decision: the spaces it offers are marked (10)" in out
