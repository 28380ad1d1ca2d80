"""``phaseline games GAME``: each scenario, optional rule, ruling, order and decision of a game
in a sentence, as text for people (within the terminal's width), JSON and CSV rows."""

from __future__ import annotations

import json

import pytest
from clitools import run_cli
from phaseline.plugins import registry

GAMES = ("battle-for-germany", "breakout-normandy")


@pytest.mark.parametrize("game", GAMES)
def test_games_game_describes_every_scenario_rule_and_ruling_in_a_sentence(game, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    reg = registry()
    info = reg.game(game)
    code, out = run_cli(["games", game])
    assert code == 0 and out.startswith(f"{info.title} ({game} ")
    assert all(len(line) <= 100 for line in out.splitlines() if line.isascii())
    text = " ".join(out.split())
    named = [*info.scenarios, *(name for g, name in reg.rules if g == game), *info.rulings, *info.verbs]
    assert all(f" {name} " in text for name in named)
    assert all(" ".join(scenario.title.split()) in text for scenario in info.scenarios.values())
    assert all(" ".join(sentence.split()) in text for sentence in info.rulings.values())
    assert f"phaseline new {game} --scenario NAME" in text and f"phaseline new {game} --option RULE" in text


@pytest.mark.parametrize("game", GAMES)
def test_games_game_as_json_and_csv_gives_each_entry_its_sentence(game):
    code, out = run_cli(["games", game, "--format", "json"])
    described = json.loads(out)
    sections = ("scenarios", "optional rules", "rulings", "orders", "decisions")
    assert code == 0 and all(described[section] for section in sections)
    assert all(entry["text"] for section in sections for entry in described[section])
    assert described["scenarios"][0]["turns"][0] == 1 and described["scenarios"][0]["sides"]
    code, out = run_cli(["games", game, "--format", "csv"])
    lines = out.splitlines()
    assert code == 0 and lines[0] == "section,name,text" and "\r" not in out
    entries = sum(len(described[s]) for s in (*sections, "bots"))
    assert len(lines) - 1 >= entries  # a sentence with a line break would take more lines, never fewer


def test_an_unknown_game_is_named_with_the_installed_ones():
    code, out = run_cli(["games", "nope"])
    assert code == 3 and out.startswith("error: unknown game 'nope' (installed: ") and out.count("\n") == 1
    assert all(game in out for game in GAMES)


def test_games_lists_the_installed_games_and_how_to_read_one():
    code, out = run_cli(["games"])
    assert code == 0 and out.rstrip().endswith("rulings and orders: phaseline games GAME")
    code, out = run_cli(["games", "--format", "json"])
    rows = {row["game"]: row for row in json.loads(out)}
    assert code == 0 and rows["battle-for-germany"]["scenarios"][0] == "historical"  # lists stay lists in JSON
    assert isinstance(rows["breakout-normandy"]["rulings"], list)
