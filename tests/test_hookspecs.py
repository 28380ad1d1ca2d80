"""Convention tests for the plugin author's manual (core/hookspecs.py) and plugin loading:
every hook documented with an example and implemented somewhere, misspelt hooks fail
loudly, blocked plugins stay out."""

from __future__ import annotations

import ast
import inspect
import os
import re
import sys
from pathlib import Path

import phaseline
import pytest
from phaseline import GameInfo, hookimpl, hookspecs
from phaseline.errors import PluginError
from phaseline.plugins import BLOCK_VARIABLE, match_manager, new_manager, registry
from toygame import ToyGame, toy_info

ROOT = Path(__file__).resolve().parent.parent
# Hooks no built-in or test plugin implements yet, each with the test file that exercises
# it through an inline plugin (checked: the file must exist and name the hook).
TESTED_ELSEWHERE = {
    "phaseline_register_commands": "tests/test_cli_plugins_data.py",
    "phaseline_register_rules": "tests/test_cli_plugins_data.py",
    "phaseline_turn_start": "tests/test_phase_hooks.py",
    "phaseline_next_step": "tests/test_phase_hooks.py",
    "phaseline_render_map": "tests/test_phase_hooks.py",
    "phaseline_rules_choose": "tests/engine/rules_support.py",  # the toy game its rules play
}

HOOKS = sorted(n for n, f in vars(hookspecs).items() if n.startswith("phaseline_") and inspect.isfunction(f))


@pytest.mark.parametrize("name", HOOKS)
def test_hook_is_documented_with_an_example(name):
    doc = inspect.getdoc(getattr(hookspecs, name)) or ""
    assert len(doc.split()) >= 8, f"{name} needs a docstring: when it fires, arguments, what to return"
    assert "Example" in doc or re.search(r"\b\d+\.\d+\b", doc), (
        f"{name}'s docstring needs an example ('Example: …' or one citing a rule number, e.g. BfG 6.22)"
    )


def implementers() -> list[object]:
    """Every built-in plugin object, the toy game and the template game."""
    found: list[object] = [ToyGame()]
    reg = registry()
    found += [p.module for p in reg.plugins.values()]
    found += [g.hooks for g in reg.games.values()]
    found += [r.hooks for r in reg.rules.values() if r.plugin is not None]
    sys.path.insert(0, str(ROOT / "plugin-template"))
    try:
        import phaseline_hill

        found.append(phaseline_hill.info().plugin)
    finally:
        sys.path.remove(str(ROOT / "plugin-template"))
    return found


def test_every_hook_is_implemented_or_tested_elsewhere():
    pm = new_manager()
    for plugin in implementers():
        if pm.is_registered(plugin):
            continue
        pm.register(plugin)
    implemented = {name for name in HOOKS if getattr(pm.hook, name).get_hookimpls()}
    for name, test_file in TESTED_ELSEWHERE.items():
        path = ROOT / test_file
        assert path.is_file() and name in path.read_text(), f"{test_file} does not exercise {name}"
    missing = sorted(set(HOOKS) - implemented - set(TESTED_ELSEWHERE))
    assert not missing, f"hooks no plugin implements (add one, or a test and TESTED_ELSEWHERE): {missing}"


def test_check_pending_catches_a_misspelt_hook():
    class Misspelt:
        @hookimpl
        def phaseline_phase_strat(self, match, step):
            """Meant to be phaseline_phase_start."""

    bad = GameInfo("typo", "Typo", "1", Misspelt(), {}, Path("."))
    with pytest.raises(PluginError, match="phaseline_phase_strat"):
        match_manager(bad, [])


def test_correct_hooks_pass_check_pending():
    pm = match_manager(toy_info(), [])
    assert pm.hook.phaseline_sequence.get_hookimpls()


def test_a_plugin_named_in_the_block_variable_is_not_loaded(monkeypatch):
    import phaseline.plugins

    assert "core-bots" in registry().plugins
    monkeypatch.setattr(phaseline.plugins, "_registry", None)
    monkeypatch.setenv(BLOCK_VARIABLE, "core-bots, no-such-plugin")
    blocked = phaseline.plugins.registry()
    assert "core-bots" not in blocked.plugins
    assert ("*", "random") not in blocked.bots


def test_a_plugin_blocked_by_flag_is_not_loaded():
    assert "core-bots" not in registry(block=("core-bots",)).plugins


@pytest.mark.parametrize("name", HOOKS)
def test_hook_parameters_are_typed_and_documented(name):
    spec = getattr(hookspecs, name)
    doc = inspect.getdoc(spec) or ""
    for param in inspect.signature(spec).parameters.values():
        assert param.annotation not in (inspect.Parameter.empty, "Any"), f"{name}({param.name}) needs a type"
        assert f":param {param.name}:" in doc, f"{name}'s docstring needs ':param {param.name}:'"


class _Anything:
    """A stand-in for the names an example leaves to the reader (a plugin, a folder, a DDL string)."""

    def __getattr__(self, name: str) -> _Anything:
        return self

    def __call__(self, *args: object, **kwargs: object) -> _Anything:
        return self

    def __truediv__(self, other: object) -> Path:
        return Path("rule_index.csv")


class _Namespace(dict):
    """Globals for an example: phaseline's public names, recorders for ``register``/``app``, stand-ins for the rest."""

    def __missing__(self, name: str) -> object:
        import builtins

        import phaseline

        if hasattr(builtins, name):
            return getattr(builtins, name)
        return getattr(phaseline, name, _Anything())


def examples(name: str) -> list[str]:
    """The literal blocks (after ``::``) of a hook's docstring."""
    doc = inspect.getdoc(getattr(hookspecs, name)) or ""
    blocks = re.findall(r"::\n\n((?:(?: {4}.*)?\n)+)", doc + "\n")
    return [inspect.cleandoc("\n".join(line[4:] for line in block.splitlines())) for block in blocks]


@pytest.mark.parametrize("name", [name for name in HOOKS if examples(name)])
def test_hook_examples_run(name):
    """Every example block runs: its constructors get the arguments they really take."""
    registered: list[object] = []
    namespace = _Namespace(register=registered.append, app=_Anything())
    for example in examples(name):
        exec(compile(example, f"<{name} example>", "exec"), namespace)
    if (name.startswith("phaseline_register_") and name != "phaseline_register_commands") or name == "phaseline_tables":
        assert registered, f"{name}'s example registers nothing"


def test_a_wrapper_hook_of_an_optional_rule_changes_the_games_answer():
    """``wrapper=True`` as hookspecs.py documents it: the template's 5.1 wraps its 3.3 push result."""
    sys.path.insert(0, str(ROOT / "plugin-template"))
    try:
        import phaseline_hill
        from phaseline_hill import stubborn
    finally:
        sys.path.remove(str(ROOT / "plugin-template"))
    info = phaseline_hill.info()
    rule = phaseline.OptionalRule(info.name, "5.1", stubborn.TITLE, "5.1", plugin=stubborn)
    on_hill = {"die": 5, "space": "11", "defender": "N1"}
    assert match_manager(info, []).hook.phaseline_combat_result(match=None, combat=on_hill) == "pushed"
    assert match_manager(info, [rule]).hook.phaseline_combat_result(match=None, combat=on_hill) == "held"
    elsewhere = {**on_hill, "space": "10"}
    assert match_manager(info, [rule]).hook.phaseline_combat_result(match=None, combat=elsewhere) == "pushed"


def test_the_suite_never_sees_a_plugin_installed_beside_the_built_in_games(monkeypatch):
    """A community game installed in the developer's environment is blocked for the suite (conftest.py)."""
    import conftest
    from phaseline.entry_points import Distribution, EntryPoint

    community = EntryPoint("river-crossing", "phaseline_river_crossing", "phaseline", Distribution("phaseline-rc", "1"))
    built_in = EntryPoint("core-bots", "phaseline.bots", "phaseline", Distribution("phaseline", "0.1.0"))
    monkeypatch.setattr("phaseline.entry_points.entry_points", lambda group: [built_in, community])
    monkeypatch.setenv(BLOCK_VARIABLE, "x")
    conftest.block_foreign_plugins()
    assert os.environ[BLOCK_VARIABLE] == "x,river-crossing"


def game_hooks() -> list:
    """Every hook a built-in game declares of its own (``GameInfo.hookspecs``), as (game, function)."""
    found = []
    for info in registry().games.values():
        if info.hookspecs is not None:
            found += [
                pytest.param(f, id=f"{info.name}:{n}") for n, f in vars(info.hookspecs).items() if inspect.isfunction(f)
            ]
    return found


@pytest.mark.parametrize("spec", game_hooks())
def test_a_games_own_hooks_are_typed_documented_and_implemented(spec):
    doc = inspect.getdoc(spec) or ""
    assert "Example" in doc, f"{spec.__name__} needs an example: which optional rule answers it"
    for param in inspect.signature(spec).parameters.values():
        assert param.annotation is not inspect.Parameter.empty, f"{spec.__name__}({param.name}) needs a type"
        assert f":param {param.name}:" in doc, f"{spec.__name__}'s docstring needs ':param {param.name}:'"
    implementers = [r.hooks for r in registry().rules.values() if r.plugin is not None]
    assert any(hasattr(plugin, spec.__name__) for plugin in implementers), (
        f"no optional rule implements {spec.__name__}"
    )


def test_a_base_rule_never_names_an_optional_rule():
    """Optional rules change base rules through the game's own hooks: outside optional/, no module
    of a game imports an optional rule's module or reads ``match.options`` (a ruling is read through
    ``plays_ruling``), and none spells an optional rule's number as a string to test it by."""
    for info in registry().games.values():
        if info.hookspecs is None:
            continue
        names = {r.name for (game, _), r in registry().rules.items() if game == info.name}
        folder = Path(inspect.getfile(info.hookspecs)).parent
        for path in sorted(folder.rglob("*.py")):
            if "optional" in path.relative_to(folder).parts:
                continue
            tree = ast.parse(path.read_text(), str(path))
            for node in ast.walk(tree):
                where = f"{path.relative_to(folder.parent)}:{getattr(node, 'lineno', '?')}"
                if isinstance(node, ast.Import | ast.ImportFrom):
                    named = [*(getattr(node, "module", None) or "").split("."), *(a.name for a in node.names)]
                    assert "optional" not in {p for n in named for p in n.split(".")}, f"{where} imports optional/"
                if isinstance(node, ast.Attribute) and node.attr == "options":
                    assert ast.unparse(node.value) != "game", f"{where} reads match.options: rulings by plays_ruling"
                if isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant):
                    assert node.left.value not in names, f"{where} tests optional rule {node.left.value} by name"


def test_optional_rules_are_found_by_their_module_not_listed():
    """An optional module (``RULE`` and ``TITLE``) is an optional rule of its game, each one found."""
    for info in registry().games.values():
        if info.hookspecs is None:
            continue
        package = Path(inspect.getfile(info.hookspecs)).parent / "optional"
        files = sorted(p.stem for p in package.glob("*.py") if p.stem != "__init__")
        found = sorted(
            Path(inspect.getfile(r.hooks)).stem for (game, _), r in registry().rules.items() if game == info.name
        )
        assert found == files, f"{info.name}: optional modules {files}, registered {found}"


def test_the_manuals_example_of_a_games_own_hook_is_battle_for_germanys_code():
    """The module docstring shows bfg_attack_strength inline: its spec, the base rule's question and
    optional 13.2's answer must still read that way in plugins/bfg."""
    doc = inspect.getdoc(hookspecs) or ""
    bfg = ROOT / "plugins" / "bfg"
    sources = {
        "hookspecs.py": (bfg / "hookspecs.py").read_text(encoding="utf-8"),
        "rules/combat.py": (bfg / "rules" / "combat.py").read_text(encoding="utf-8"),
        "optional/ss_to_allies.py": (bfg / "optional" / "ss_to_allies.py").read_text(encoding="utf-8"),
    }
    assert "@hookspec(firstresult=True)\ndef bfg_attack_strength(match: Match, unit:" in sources["hookspecs.py"]
    question = "match.hook.bfg_attack_strength(match=match, unit=unit)"
    assert question in doc and question in sources["rules/combat.py"]
    answer = 'if unit["nationality"] == "SS" and unit["side"] == "WA":'
    assert answer in doc and answer in sources["optional/ss_to_allies.py"]
    assert 'return unit["attack"] // 2' in doc and 'return unit["attack"] // 2' in sources["optional/ss_to_allies.py"]
