"""The template community plugin: built offline, installed with ``phaseline plugins install``
into a fresh venv, its own tests run there, and a match of it played through the CLI."""

from __future__ import annotations

import json

import pytest
from wheeltools import ROOT, Venv, build_wheel

TEMPLATE = ROOT / "plugin-template"
# The template test needs only the engine: keep the built-in game (written alongside) out of it.
ISOLATED = {"PHASELINE_BLOCK_PLUGINS": "battle-for-germany"}


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> Venv:
    """A venv that sees this phaseline, with the template installed by ``phaseline plugins install``."""
    wheel = build_wheel(TEMPLATE, tmp_path_factory.mktemp("template-wheel"))
    made = Venv.create(tmp_path_factory.mktemp("template-venv") / "env")
    home = {**ISOLATED, "PHASELINE_HOME": str(made.path / "home")}
    done = made.run([*phaseline(made), "plugins", "install", "--no-index", "--no-deps", str(wheel)], env=home)
    assert "phaseline-hill" in done.stdout
    return made


def phaseline(env: Venv) -> list[str]:
    """The phaseline command of ``env``'s interpreter (so pip installs into that venv)."""
    return [str(env.python), "-c", "from phaseline.cli import main; main()"]


@pytest.mark.slow
def test_template_plays_a_match_to_the_end(env, tmp_path):
    home = {**ISOLATED, "PHASELINE_HOME": str(tmp_path / "home")}

    def cli(*args: str) -> str:
        return env.run([*phaseline(env), *args], env=home).stdout

    assert "king-of-the-hill" in cli("plugins", "list")
    assert "phaseline_legal_actions" in cli("plugins", "info", "king-of-the-hill")
    assert "started" in cli("new", "king-of-the-hill", "--seed", "1")
    assert "move N1 10" in cli("actions")
    refused = env.run([*phaseline(env), "move", "N1", "11"], env=home, check=False)
    assert refused.returncode == 4 and "(KotH 3.2)" in refused.stderr
    orders = (["move", "N1", "10"], ["end"], ["move", "S1", "12"], ["end"], ["move", "N1", "11"], ["end"], ["end"])
    for order in orders:
        cli(*order)
    status = cli("status")
    assert "finished" in status and "north held the hill" in status
    rows = json.loads(
        cli("--format", "json", "rules", "king-of-the-hill", "--tests", str(TEMPLATE / "tests"))
    )
    assert all(r["tests"] > 0 for r in rows if r["status"] == "implemented")
    assert "placeholder" in cli("data", "--table", "unit")


@pytest.mark.slow
def test_template_own_tests_pass_against_the_installed_plugin(env):
    done = env.run(
        [str(env.python), "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=TEMPLATE, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_template_uninstalls(env, tmp_path):
    home = {**ISOLATED, "PHASELINE_HOME": str(tmp_path / "home")}
    env.run([*phaseline(env), "plugins", "uninstall", "king-of-the-hill"], env=home)
    games = env.run([*phaseline(env), "--format", "json", "games"], env=home).stdout
    assert "king-of-the-hill" not in {g["game"] for g in json.loads(games)}
