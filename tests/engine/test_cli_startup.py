"""What a command loads before it runs: only what it uses.

The start-up budget of a command (DESIGN.md: 0.25 s) is measured by scripts/bench_cli.py;
these tests hold the structure that keeps it: plain values coerced without pydantic and
exactly as typer would, built-in commands resolved without loading any plugin, plugins
loaded one game at a time, and the verbs and plugin commands still listed and suggested.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import phaseline.plugins
import pytest
import typer
from clitools import run_cli, use_registry
from phaseline import BotInfo, GameInfo, OptionalRule, PluginError, hookimpl
from phaseline.cli import coercion
from phaseline.cli.output import Format
from phaseline.plugins import InstalledPlugin, Registry
from toygame import toy_info, toy_registry
from typer._coercion import build_runtime_param, resolve_type_descriptor
from typer.models import OptionInfo

# --- values: the plain path agrees with typer's own --------------------------------


@pytest.mark.parametrize(
    ("annotation", "limits", "value"),
    [
        pytest.param(str, {}, "bfg-1", id="str"),
        pytest.param(str, {}, "", id="empty-str"),
        pytest.param(list[str], {}, ("BUL-1", "0420"), id="list-of-str"),
        pytest.param(int, {}, "7", id="int"),
        pytest.param(int, {"min": 1}, "3", id="int-within-min"),
        pytest.param(int, {"min": 0}, 4, id="int-default"),
        pytest.param(Format, {}, "json", id="enum-value"),
        pytest.param(Format, {}, Format.table, id="enum-default"),
        pytest.param(Path, {}, "match/move-12.duckdb", id="path"),
        pytest.param(list[Path], {}, ("a", "b/c"), id="list-of-path"),
    ],
)
def test_plain_values_are_what_typer_makes_of_them(annotation, limits, value):
    info = OptionInfo(**limits)
    plain = coercion.plain_value(annotation, info, value)
    typers = build_runtime_param(resolve_type_descriptor(annotation, info))._coerce_value(value, param=None, ctx=None)
    assert plain == typers and type(plain) is type(typers)


@pytest.mark.parametrize(
    ("annotation", "limits", "value"),
    [
        pytest.param(int, {}, "007", id="leading-zeros"),
        pytest.param(int, {}, "-3", id="sign"),
        pytest.param(int, {"min": 1}, "0", id="below-min"),
        pytest.param(int, {"min": 1}, 0, id="default-below-min"),
        pytest.param(int, {}, True, id="bool-for-int"),
        pytest.param(int, {}, "three", id="not-a-number"),
        pytest.param(Format, {}, "xml", id="unknown-choice"),
        pytest.param(Path, {}, "", id="empty-path"),
        pytest.param(bool, {}, "yes", id="bool-word"),
    ],
)
def test_doubtful_values_are_left_to_typer(annotation, limits, value):
    assert coercion.plain_value(annotation, OptionInfo(**limits), value) is coercion.UNSURE


def test_the_plain_path_is_installed_on_this_typer():
    assert coercion.install()


def test_typer_still_reports_a_bad_value(home):
    code, out = run_cli(["--format", "xml", "list"])
    assert code == 2 and "'xml' is not one of 'table', 'json', 'csv'" in out


# --- what a process imports ---------------------------------------------------------

LOADED = """
import io, json, sys, contextlib
from phaseline.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
names = {m.split(".")[0] for m in sys.modules} | {".".join(m.split(".")[:3]) for m in sys.modules}
print(json.dumps({"loaded": sorted(names), "out": out.getvalue()}))
"""


def loaded_by(home: Path, *argv: str) -> tuple[set[str], str]:
    """The modules a fresh ``phaseline ARGV`` process imported, and what it printed."""
    env = {"PHASELINE_HOME": str(home), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", LOADED, *argv], capture_output=True, text=True, env=env, check=True)
    found = json.loads(done.stdout)
    return set(found["loaded"]), found["out"]


def test_help_lists_the_commands_without_duckdb_pydantic_or_rich(home):
    loaded, out = loaded_by(home, "--help")
    assert "phaseline games GAME" in out.split("Orders:")[1] and "plugins" in out
    assert not loaded & {"duckdb", "_duckdb", "pydantic", "rich"}  # _duckdb: the engine itself (duck.py)


def test_help_in_a_store_lists_the_current_games_orders_without_duckdb(home):
    """The current match's game is read from the note beside the store, not from the store."""
    assert run_cli(["new", "breakout-normandy", "--seed", "1"])[0] == 0
    loaded, out = loaded_by(home, "--help")
    assert "regroup" in out.split("Orders of Breakout: Normandy (match bkn-1, the current one):")[1]
    assert not loaded & {"duckdb", "_duckdb", "pydantic", "rich"}


def test_a_store_command_loads_no_pydantic_and_no_game(home):
    loaded, _ = loaded_by(home, "--format", "json", "list")
    assert "pydantic" not in loaded
    assert not {m for m in loaded if m.startswith("phaseline.games.")}


def test_an_int_option_left_at_its_default_loads_no_pydantic(home):
    loaded, _ = loaded_by(home, "map")  # --radius is left at 4
    assert "pydantic" not in loaded


def test_a_verb_loads_only_the_first_game_that_has_it(home):
    """Both built-in games have ``move``: resolving it imports one of them, not every plugin."""
    loaded, _ = loaded_by(home, "move", "U1", "0101")
    assert len({m for m in loaded if m.startswith("phaseline.games.")}) == 1


# --- commands: built-in ones without plugins, the rest on demand --------------------


class Extras:
    """An inline plugin adding a command."""

    @hookimpl
    def phaseline_register_commands(self, app):
        @app.command()
        def hello() -> None:
            """Say hello (a plugin's own command)."""
            typer.echo("hello")


@pytest.fixture
def verb_cli(home, monkeypatch):
    """The CLI seeing the toy game with two verbs, and a plugin with its own command."""
    registry = toy_registry()
    registry.games["toy"] = replace(toy_info(), verbs={"move": "Move a toy unit.", "fire": "Fire at a space."})
    registry.plugins["extras"] = InstalledPlugin("extras", Extras(), "phaseline-extras", "0.3")
    return use_registry(monkeypatch, registry)


def test_built_in_commands_run_without_loading_plugins(home, monkeypatch):
    def unloadable(block: tuple[str, ...] = ()) -> Registry:
        raise PluginError("plugins were loaded", plugin="any")

    monkeypatch.setattr(phaseline.plugins, "registry", unloadable)
    code, out = run_cli(["list"])
    assert code == 7 and "error: no store at" in out  # the command ran; no plugin was asked for


def sections(out: str) -> dict[str, list[str]]:
    """The names each section of a help text lists (by section title)."""
    found: dict[str, list[str]] = {}
    title = ""
    for line in out.splitlines():
        if line and not line.startswith(" "):
            title = line.rstrip(":")
            found[title] = []
        elif line.startswith("  ") and not line.startswith("   ") and title:
            found[title].append(line.split()[0])
    return found


def test_help_lists_built_ins_then_the_current_games_orders_then_plugin_commands(verb_cli):
    code, out = run_cli(["--help"])
    listed = sections(out)
    assert code == 0 and listed["Commands"][:2] == ["games", "new"] and listed["Commands"][-1] == "plugins"
    assert "move" not in listed["Commands"] and listed["Plugin commands"] == ["hello"]
    assert "'phaseline games GAME' lists them" in " ".join(out.split())  # no match: no game's orders
    assert run_cli(["new", "toy"])[0] == 0
    code, out = run_cli(["--help"])
    assert sections(out)["Orders of Toy Game (match toy-1, the current one)"] == ["move", "fire"]


def test_a_mistyped_command_suggests_verbs_too(verb_cli):
    code, out = run_cli(["fier", "22"])
    assert code == 2 and "No such command 'fier'. Did you mean 'fire'?" in out


def test_typer_still_builds_the_whole_app_at_once(verb_cli):
    """For tools that take a typer app (docs generators): every command, verbs included."""
    from phaseline.cli import _register_commands, app

    _register_commands()
    group = typer.main.get_command(app)
    assert {"status", "plugins", "move", "hello"} <= set(group.list_commands(None))
    assert group.get_command(None, "fire").help == "Fire at a space."  # the first game's that has it


def test_a_plugin_command_and_a_verb_run(verb_cli):
    assert run_cli(["hello"]) == (0, "hello\n")
    assert run_cli(["new", "toy"])[0] == 0
    code, out = run_cli(["fire"])
    assert code == 2 and out.strip() == "error: fire needs arguments: see 'phaseline actions'"


def test_a_verb_takes_negative_numbers_as_arguments(verb_cli):
    """An order's arguments are the game's: 'fire -1' is no unknown option -1 (Breakout lists 'buy -1')."""
    code, out = run_cli(["fire", "-1"])
    assert code == 3 and "error: no match in this store" in out, out
    code, out = run_cli(["choose", "-3"])  # a negative answer, e.g. a bid (Breakout 23.2)
    assert code == 3 and "error: no match in this store" in out, out


def test_a_bare_verb_goes_to_the_match_without_arguments(verb_cli):
    """A verb its game declares bare (GameInfo.bare_verbs) is played as listed: no 'needs arguments'."""
    verb_cli.games["toy"] = replace(verb_cli.games["toy"], verbs={"hold": "Hold."}, bare_verbs=frozenset({"hold"}))
    code, out = run_cli(["hold"])
    assert code == 3 and "error: no match in this store" in out, out  # past the check: it looked for the match


# --- plugins: loaded when first needed -----------------------------------------------


def game_plugin(name: str, title: str, bots: tuple[str, ...] = (), verbs: dict[str, str] | None = None) -> object:
    """A plugin registering the game ``name`` (with ``verbs``, and bots of that game)."""

    class Plugin:
        @hookimpl
        def phaseline_register_games(self, register):
            register(GameInfo(name, title, "1", self, {}, Path("index.csv"), verbs=verbs or {}))

        @hookimpl
        def phaseline_register_bots(self, register):
            for bot in bots:
                register(BotInfo(bot, name, object, title=title))

        @hookimpl
        def phaseline_register_rules(self, register):
            register(OptionalRule(game=name, name="fog", title="Fog", rule="1.1"))

    return Plugin()


def entry_point(name: str, plugin: object, loads: list[str]) -> SimpleNamespace:
    def load() -> object:
        loads.append(name)
        return plugin

    return SimpleNamespace(name=name, load=load, dist=SimpleNamespace(name=f"dist-{name}", version="1"))


def test_opening_a_game_loads_only_the_plugin_named_after_it():
    loads: list[str] = []
    registry = Registry(entry_point(n, game_plugin(n, n.title()), loads) for n in ("alpha", "beta", "gamma"))
    assert registry.game("beta").title == "Beta" and registry.option("beta", "fog").rule == "1.1"
    assert loads == ["beta"]
    assert registry.game("Gamma").name == "gamma"  # a title: every plugin is asked
    assert sorted(loads) == ["alpha", "beta", "gamma"]


def test_a_verb_is_looked_for_plugin_by_plugin_and_the_first_game_gives_its_help():
    loads: list[str] = []
    verbs = {"alpha": {"fire": "Alpha fires."}, "beta": {"move": "Beta moves.", "fire": "Beta fires."}}
    verbs["gamma"] = {"move": "Gamma moves.", "dig": "Gamma digs."}
    registry = Registry(entry_point(n, game_plugin(n, n.title(), verbs=v), loads) for n, v in verbs.items())
    assert registry.verbs("move") == {"move": "Beta moves."} and loads == ["alpha", "beta"]
    assert registry.verbs("jump") == {} and loads == ["alpha", "beta", "gamma"]
    assert registry.verbs() == {"fire": "Alpha fires.", "move": "Beta moves.", "dig": "Gamma digs."}


def test_a_full_registry_keeps_the_order_and_winners_of_one_manager():
    """pluggy calls the last-registered plugin first, so an earlier-sorted plugin's entry wins."""
    loads: list[str] = []
    twins = [
        entry_point("a-first", game_plugin("shared", "From a", bots=("hard",)), loads),
        entry_point("b-second", game_plugin("shared", "From b", bots=("hard",)), loads),
        entry_point("own", game_plugin("own", "Own"), loads),
    ]
    registry = Registry(twins)
    assert registry.game("own").title == "Own" and loads == ["own"]
    assert list(registry.games) == ["own", "shared"] and registry.games["shared"].title == "From a"
    assert list(registry.plugins) == ["a-first", "b-second", "own"]
    assert registry.bot("shared", "hard").title == "From a"


def test_rules_help_names_every_rule_status(home):
    from phaseline.rule_index import STATUSES

    code, out = run_cli(["rules", "--help"])
    assert code == 0 and all(status in " ".join(out.split()) for status in STATUSES)


def test_help_lists_commands_without_building_them(verb_cli, monkeypatch):
    built: list[str] = []
    build_group = typer.main.get_group_from_info

    def no_command(info, **settings):
        raise AssertionError(f"command {info.name} was built to be listed")

    def group(info, **settings):
        built.append(typer.main.solve_typer_info_defaults(info).name)
        return build_group(info, **settings)

    assert run_cli(["new", "toy"])[0] == 0
    monkeypatch.setattr(typer.main, "get_command_from_info", no_command)
    monkeypatch.setattr(typer.main, "get_group_from_info", group)
    code, out = run_cli(["--help"])
    listed = {" ".join(line.split()) for line in out.splitlines()}  # the column's width is the longest name's
    assert code == 0 and "fire Fire at a space." in listed
    assert any(line.startswith("status Where the match stands") for line in listed)
    assert "plugins List, inspect, install and uninstall plugins." in listed and built == ["phaseline"]  # the root
