"""One rule for every command's cells (core/cli/output.py): CSV lines end with ``\\n``, booleans
are ``true``/``false``, a list or an object is its JSON in CSV and stays itself in JSON; a
decision's choices are a list in JSON, never a Python repr."""

from __future__ import annotations

import csv
import io
import json

import pytest
from clitools import run_cli, use_registry
from phaseline.cli.output import Format, render
from toygame import advancing_registry

ROWS = [
    {"unit": "U1", "fresh": True, "hexes": ["0420", "0421"], "terms": {"AT": 11}, "note": None},
    {"unit": "U2", "fresh": False, "hexes": [], "terms": {}, "note": 'o\'clock, "quoted"'},
]


def test_csv_of_rows_of_several_kinds_has_every_column_and_blank_cells():
    """`actions` lists moves, then attacks with their odds: one header for both kinds."""
    out = render([{"order": "move U1 0420"}, {"order": "attack U1 0421", "odds": "2:1"}], Format.csv)
    assert list(csv.DictReader(io.StringIO(out))) == [
        {"order": "move U1 0420", "odds": ""},
        {"order": "attack U1 0421", "odds": "2:1"},
    ]


def test_csv_ends_lines_with_newline_and_writes_booleans_and_json_cells():
    out = render(ROWS, Format.csv)
    assert "\r" not in out and out.splitlines()[0] == "unit,fresh,hexes,terms,note"
    first, second = list(csv.DictReader(io.StringIO(out)))
    assert (first["fresh"], second["fresh"]) == ("true", "false")
    assert json.loads(first["hexes"]) == ["0420", "0421"] and json.loads(first["terms"]) == {"AT": 11}
    assert first["note"] == "" and second["note"] == 'o\'clock, "quoted"'


def test_json_keeps_each_values_type_and_a_table_reads_plainly():
    assert json.loads(render(ROWS, Format.json)) == ROWS
    table = render(ROWS, Format.table)
    assert "true" in table and "False" not in table and "0420, 0421" in table and "['" not in table


@pytest.fixture
def deciding(home, monkeypatch):
    """A toy match waiting on red's answer to an advance (choices R1>10, none)."""
    use_registry(monkeypatch, advancing_registry())
    assert run_cli(["new", "toy", "--seed", "7"])[0] == 0
    assert run_cli(["play"], input="move R1 10\nquit\n")[0] == 0
    return home


def test_a_decisions_choices_are_a_list_in_json(deciding):
    code, out = run_cli(["status", "--format", "json"])
    decision = json.loads(out)["decision"]
    assert code == 0 and decision["choices"] == ["R1>10", "none"] and decision["kind"] == "advance"
    code, out = run_cli(["show", "--format", "json"])
    assert code == 0 and json.loads(out)["decision"]["choices"] == ["R1>10", "none"]
    code, out = run_cli(["status"])  # for people, a line
    assert code == 0 and "advance R1? [R1>10, none]" in out


def test_sql_gives_lists_json_and_booleans_by_the_same_rule(deciding):
    query = "SELECT choices, context::JSON AS context, status = 'open' AS open FROM decision"
    code, out = run_cli(["sql", query, "--format", "json"])
    assert code == 0 and json.loads(out) == [{"choices": ["R1>10", "none"], "context": {"unit": "R1"}, "open": True}]
    code, out = run_cli(["sql", query, "--format", "csv"])
    assert (code, out) == (0, 'choices,context,open\n"[""R1>10"", ""none""]","{""unit"": ""R1""}",true\n')
    code, out = run_cli(["log", "--format", "csv"])
    assert code == 0 and "\r" not in out and out.startswith("seq,turn,step,side,kind,what,rule,undone,logged_at\n")
