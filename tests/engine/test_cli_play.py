"""The ``map``, ``units``, ``show`` and interactive ``play`` commands against the toy game."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from clitools import run_cli, use_registry
from phaseline import Match, Store, hookimpl
from phaseline.plugins import Registry
from toygame import ToyGame, toy_info, toy_registry


@pytest.fixture
def toy_cli(home, monkeypatch):
    """A store in $PHASELINE_HOME with one toy match (hot-seat: both sides human)."""
    use_registry(monkeypatch, toy_registry())
    code, out = run_cli(["new", "toy", "--seed", "7"])
    assert code == 0, out
    return home


def test_map_draws_the_toy_board_and_its_svg(toy_cli, tmp_path):
    code, out = run_cli(["map"])
    assert code == 0 and out.count("R1") == 1 and "R 2-2-1" in out and "key:" in out
    code, out = run_cli(["map", "--zoc", "red"])
    assert code == 0 and "enemy ZOC of red" in out
    code, out = run_cli(["map", "--window", "22", "--radius", "1"])
    assert code == 0 and "R1" not in out
    target = tmp_path / "toy.svg"
    code, out = run_cli(["map", "--svg", str(target)])
    spaces = [
        p for p in ET.parse(target).getroot().iter("{http://www.w3.org/2000/svg}polygon") if p.get("class") == "space"
    ]
    assert code == 0 and len(spaces) == 25


def test_units_filters_by_side_and_space(toy_cli):
    code, out = run_cli(["units", "--side", "blue"])
    assert code == 0 and "B1" in out and "R1" not in out
    code, out = run_cli(["--format", "json", "units", "--at", "00"])
    assert code == 0 and '"unit_id": "R1"' in out and "R2" not in out
    code, out = run_cli(["units", "--side", "green"])
    assert code == 3 and out.strip() == "error: no side 'green' (sides: red, blue)"


class ToyWithRanks(ToyGame):
    """A toy game whose counters print a rank and nothing the engine's attack-defense-movement says."""

    @hookimpl
    def phaseline_unit_values(self, match):
        return [{"unit_id": "R1", "rank": "colonel", "morale": 7}, {"unit_id": "B1", "rank": "major", "morale": 5}]


def test_units_shows_the_values_the_game_says_mean_something(home, monkeypatch):
    registry = Registry()
    registry.games["toy"] = replace(toy_info(), plugin=ToyWithRanks())
    use_registry(monkeypatch, registry)
    assert run_cli(["new", "toy", "--seed", "7"])[0] == 0
    code, out = run_cli(["--format", "json", "units"])
    rows = {row["unit_id"]: row for row in json.loads(out)}
    assert code == 0 and list(rows["R1"]) == [
        "unit_id",
        "name",
        "side",
        "space_id",
        "space_name",
        "rank",
        "morale",
        "status",
    ]
    assert (rows["R1"]["rank"], rows["B1"]["morale"], rows["R2"]["rank"]) == ("colonel", 5, None)  # R2 left out: empty


def test_units_shows_the_engines_values_by_default(toy_cli):
    code, out = run_cli(["--format", "json", "units", "--at", "00"])
    assert code == 0
    assert {k: json.loads(out)[0][k] for k in ("size", "attack", "defense", "movement")} == {
        "size": "corps",
        "attack": 2,
        "defense": 2,
        "movement": 1,
    }


def test_show_prints_the_state(toy_cli):
    code, out = run_cli(["show"])
    assert code == 0 and "waiting on red" in out and "B2" in out


def test_play_loop_moves_refuses_ends_and_quits(toy_cli):
    lines = ["help", "move R1 10", "move R2 44", "end", "status", "map", "quit"]
    code, out = run_cli(["play"], input="\n".join(lines) + "\n")
    assert code == 0, out
    errors = [line.partition("> ")[2] for line in out.splitlines() if "> error:" in line]
    assert errors == ["error: move R2 44 is not legal now (toy T1)"]  # prompts are not echoed
    assert "waiting on blue" in out and "orders:" in out
    with Store.open(toy_cli / "phaseline.duckdb") as store:
        match = Match.load(store, toy_registry(), "toy-1")
        assert match.one("SELECT space_id FROM unit_state WHERE match_id = 'toy-1' AND unit_id = 'R1'") == "10"
        assert match.clock.side == "blue"


def test_play_leaves_the_store_closed_between_lines_and_stops_at_eof(toy_cli):
    code, out = run_cli(["play"], input="undo\nactions\n")
    assert code == 0 and re.search(r"move R1 \(\w+\) +.*\b10\b", out), out  # R1's moves on its line
    with Store.open(toy_cli / "phaseline.duckdb"):  # nothing holds the store after the loop
        pass


def test_play_answers_for_bot_sides(home, monkeypatch):
    use_registry(monkeypatch, toy_registry())
    assert run_cli(["new", "toy", "--seed", "3", "--bot", "blue=random"])[0] == 0
    code, out = run_cli(["play"], input="end\nquit\n")
    assert code == 0 and out.count("waiting on red") == 1  # where the match stands, at the first prompt
    assert "blue (bot:random), blue movement:" in out  # what the bot did after 'end', told
    assert "now: turn 2, red movement: red (human) to act" in out  # and where that leaves the match


def test_play_opens_with_what_the_other_sides_did_since_your_last_order(home, monkeypatch):
    use_registry(monkeypatch, toy_registry())
    assert run_cli(["new", "toy", "--seed", "3", "--bot", "blue=random"])[0] == 0
    assert run_cli(["end"])[0] == 0  # the bot plays its step in this command
    code, out = run_cli(["play"], input="quit\n")
    assert code == 0 and out.splitlines()[0] == "blue (bot:random), blue movement:"


def test_an_order_tells_what_it_did_its_die_and_what_the_bots_did_after_it(home, monkeypatch):
    """After an order the player reads the order, its dice and results, and the other sides' moves (issue 15)."""
    registry = toy_registry()
    registry.games["toy"] = replace(registry.games["toy"], verbs={"move": "Move a toy unit: move UNIT SPACE."})
    use_registry(monkeypatch, registry)
    code, out = run_cli(["new", "toy", "--seed", "7", "--bot", "blue=random"])
    assert code == 0, out
    code, out = run_cli(["move", "R1", "10"])
    assert code == 0 and out.splitlines() == ["move R1 -> 10"]  # its result, not the whole status
    code, out = run_cli(["end"])
    told = out.splitlines()
    assert code == 0 and told[0].startswith("blue (bot:random), blue movement:")  # the bot's turn, told
    assert told[-1].startswith("now: turn 2, red movement: red (human) to act")  # and whose turn it is now
    code, out = run_cli(["--format", "json", "end"])
    assert code == 0 and out.lstrip().startswith("{")  # scripts read the status alone


def test_an_order_in_play_tells_its_result_not_the_whole_status(toy_cli):
    code, out = run_cli(["play"], input="move R1 10\nquit\n")
    told = out.split("red> ")[1]  # what the order printed, up to the next prompt
    assert code == 0 and told.strip() == "move R1 -> 10"
    assert "dice" not in told and "seat red" not in told  # the status block is 'status''s
