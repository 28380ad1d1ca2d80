"""``phaseline plugins``, ``rules`` and ``data`` in-process, and the registration hooks
that only the CLI and the registry call (commands, optional rules)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import phaseline.plugins
import pytest
import typer
from clitools import run_cli, use_registry
from phaseline import OptionalRule, hookimpl
from phaseline.plugins import InstalledPlugin
from toygame import toy_info, toy_registry


class Extras:
    """An inline plugin: a command and an optional rule for the toy game."""

    @hookimpl
    def phaseline_register_commands(self, app):
        @app.command()
        def hello(name: str = "world") -> None:
            """Say hello (a plugin's own command)."""
            typer.echo(f"hello {name}")

    @hookimpl
    def phaseline_register_rules(self, register):
        register(OptionalRule(game="toy", name="fog", title="Fog of war", rule="T9"))


@pytest.fixture
def cli(home, monkeypatch):
    """The CLI seeing the toy game plus the inline plugin, on an empty home."""
    registry = toy_registry()
    registry.plugins["extras"] = InstalledPlugin("extras", Extras(), "phaseline-extras", "0.3")
    return use_registry(monkeypatch, registry)


def test_plugins_list_shows_hooks_and_registrations(cli):
    code, out = run_cli(["--format", "json", "plugins", "list"])
    assert code == 0
    (row,) = json.loads(out)
    assert row["distribution"] == "phaseline-extras" and row["version"] == "0.3"
    assert row["hooks"] == ["register_commands", "register_rules"] and row["rules"] == ["toy:fog"]  # lists stay lists
    code, out = run_cli(["plugins", "list", "--format", "csv"])  # in CSV, a list is its JSON
    hooks = '"[""register_commands"", ""register_rules""]"'
    assert code == 0 and out.splitlines()[1] == f'extras,phaseline-extras,0.3,{hooks},[],"[""toy:fog""]",[]'


def test_plugins_info_and_unknown_plugin(cli):
    code, out = run_cli(["plugins", "info", "phaseline-extras"])
    assert code == 0 and "phaseline_register_commands" in out
    code, out = run_cli(["plugins", "info", "nope"])
    assert code == 3 and out.strip() == "error: no plugin 'nope' is installed (plugins: extras)"


def test_a_plugin_adds_a_command_once(cli):
    for _ in range(2):  # a second run in the same process registers nothing twice
        code, out = run_cli(["hello", "--name", "hill"])
        assert (code, out.strip()) == (0, "hello hill")


def test_registry_collects_optional_rules(monkeypatch):
    fake = SimpleNamespace(name="extras", load=Extras, dist=SimpleNamespace(name="phaseline-extras", version="0.3"))
    monkeypatch.setattr(phaseline.plugins, "_registry", None)
    monkeypatch.setattr(phaseline.plugins, "entry_points", lambda group: [fake])
    found = phaseline.plugins.registry()
    assert found.option("toy", "fog").rule == "T9"
    assert found.plugins["extras"].distribution == "phaseline-extras"


def test_install_failure_is_one_line(cli, tmp_path):
    code, out = run_cli(["plugins", "install", "--no-index", "--find-links", str(tmp_path), "phaseline-nothing"])
    assert code == 6
    assert out.strip().startswith("error: pip install failed (exit 1): ERROR:") and out.count("\n") == 1


def test_builtin_plugins_cannot_be_uninstalled(home, monkeypatch):
    registry = toy_registry()
    registry.plugins["core-bots"] = InstalledPlugin("core-bots", object(), "phaseline", "0.1.0")
    use_registry(monkeypatch, registry)
    code, out = run_cli(["plugins", "uninstall", "core-bots"])
    assert code == 6 and "block it instead with --block-plugin core-bots" in out


def test_rules_prints_sections_tests_and_coverage(home, monkeypatch, tmp_path):
    index = tmp_path / "rule_index.csv"
    index.write_text(
        "number,title,status,provenance,source\n"
        "1.1,Movement,implemented,seed,toy\n"
        "1.2,Combat,implemented,seed,toy\n"
        "2.0,Air,not applicable,seed,no aircraft\n"
        "3.0,Supply,not yet,seed,toy\n"
    )
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_toy.py").write_text('def test_1_1_move(): ...\nP = pytest.param(1, id="1.1-again")\n')
    registry = toy_registry()
    registry.games["toy"] = replace(toy_info(), rule_index=index)
    use_registry(monkeypatch, registry)
    referee = tmp_path / "referee"
    referee.mkdir()
    (referee / "cases.toml").write_text('[[case]]\nid = "1.2-combat"\n\n[[case]]\nid = "1.1-move"\nrules = ["3.0"]\n')
    code, out = run_cli(["rules", "toy", "--tests", str(tests), "--referee", str(referee)])
    assert code == 0
    assert (
        "implemented 2/3 applicable sections (67%), tested 1/2 implemented (50%), "
        "refereed 2/2 implemented (100%), 1 not applicable"
    ) in out
    code, out = run_cli(["--format", "json", "rules", "toy", "--tests", str(tests), "--referee", str(referee)])
    rows = json.loads(out[: out.rindex("]") + 1])
    assert [(r["rule"], r["verified"], r["tests"], r["referee"]) for r in rows] == [
        ("1.1", "both", 2, 1),
        ("1.2", "referee cases", 0, 1),
        ("2.0", "", 0, 0),
        ("3.0", "referee cases", 0, 1),
    ]
    code, out = run_cli(["--format", "json", "rules", "toy", "--tests", str(tests), "--status", "implemented"])
    rows = json.loads(out[: out.rindex("]") + 1])
    assert [(r["rule"], r["tests"]) for r in rows] == [("1.1", 2), ("1.2", 0)]


FIXTURE = Path(__file__).parent / "fixtures" / "referee" / "bfg"


def test_rules_where_lists_code_unit_tests_and_referee_cases(home):
    code, out = run_cli(
        ["--format", "json", "rules", "battle-for-germany", "--where", "6.22", "--referee", str(FIXTURE)]
    )
    assert code == 0
    rows = json.loads(out)
    kinds = [r["kind"] for r in rows]
    assert kinds == sorted(kinds, key=["code", "unit test", "referee case"].index) and set(kinds) == {
        "code", "unit test", "referee case"
    }  # fmt: skip
    assert all(r["rule"] == "6.22" and re.fullmatch(r".+:\d+", r["place"]) for r in rows)
    assert any(r["place"].startswith("plugins/bfg/") and r["case"] == "" for r in rows if r["kind"] == "code")
    assert {"test_6_22_empty_hex_first", "6.22-never-onto-two-friends"} <= {
        r["case"] for r in rows if r["kind"] == "unit test"
    }
    referee = [(r["place"].rsplit("/", 1)[-1], r["case"]) for r in rows if r["kind"] == "referee case"]
    assert referee == [
        ("retreat.toml:4", "6.22-retreat-to-an-empty-hex-first"),
        ("stacking.toml:3", "5.3-two-units-per-hex"),
    ]
    code, out = run_cli(["--format", "csv", "rules", "battle-for-germany", "--where", "6.22"])
    assert code == 0 and out.splitlines()[0] == "rule,kind,place,case"
    code, out = run_cli(["rules", "battle-for-germany", "--where", "6.22"])
    assert code == 0 and out.splitlines()[0].split() == ["rule", "kind", "place", "case"]


def test_rules_where_of_an_unknown_rule_is_one_line(home):
    code, out = run_cli(["rules", "battle-for-germany", "--where", "99.9"])
    assert code == 3 and out.strip() == (
        "error: battle-for-germany's rule index has no section '99.9', and nothing cites it"
    )


def test_rules_with_a_malformed_referee_file_names_it(home, tmp_path):
    (tmp_path / "bad.toml").write_text("[[case]]\nid = 622\n")
    code, out = run_cli(["rules", "battle-for-germany", "--referee", str(tmp_path)])
    assert code == 5 and out.strip() == f"error: {tmp_path}/bad.toml:1: case 1 has no string id"


def test_rules_of_a_game_without_index(home, monkeypatch):
    use_registry(monkeypatch, toy_registry())
    code, out = run_cli(["rules", "toy"])
    assert code == 5 and "toy has no rule index" in out


def test_data_counts_rows_per_provenance(home, monkeypatch):
    use_registry(monkeypatch, toy_registry())
    code, out = run_cli(["--format", "json", "data", "--game", "toy", "--scenario", "skirmish"])
    assert code == 0
    space = next(r for r in json.loads(out) if r["table"] == "space")
    assert (space["placeholder"], space["seed"], space["rows"]) == (25, 0, 25)


def test_data_of_a_match_lists_a_table(home, monkeypatch):
    use_registry(monkeypatch, toy_registry())
    assert run_cli(["new", "toy", "--seed", "1"])[0] == 0
    code, out = run_cli(["--format", "csv", "data", "--table", "unit", "--provenance", "placeholder"])
    assert code == 0 and out.splitlines()[0].endswith("provenance,source") and len(out.splitlines()) == 5
    code, out = run_cli(["data", "--table", "hexes"])
    assert code == 3 and "'hexes' is not a static table of toy" in out


@pytest.mark.parametrize(
    ("manifest", "message"),
    [
        pytest.param('game = "toy"\n', "scenario.toml: scenario.toml needs 'base'", id="no-base"),
        pytest.param('game = "toy"\nbase = "big"\n', "toy has no scenario 'big' (skirmish)", id="bad-base"),
        pytest.param('game = "toy"\nbase = "skirmish"\nfirst_turn = 3\nlast_turn = 2\n', "comes before", id="turns"),
    ],
)
def test_data_of_a_bad_custom_scenario_names_the_file(home, monkeypatch, tmp_path, manifest, message):
    use_registry(monkeypatch, toy_registry())
    (tmp_path / "scenario.toml").write_text(manifest)
    code, out = run_cli(["data", "--scenario", str(tmp_path)])
    assert code == 5 and out.startswith(f"error: {tmp_path}/") and message in out


def test_data_of_a_custom_scenario(home, monkeypatch, tmp_path):
    use_registry(monkeypatch, toy_registry())
    (tmp_path / "scenario.toml").write_text('game = "toy"\nbase = "skirmish"\ntitle = "Mine"\n')
    code, out = run_cli(["--format", "json", "data", "--scenario", str(tmp_path)])
    assert code == 0 and json.loads(out)[0]["table"] == "space"
