"""The template community plugin: built offline, installed with ``phaseline plugins install``
into the fresh venv of phaseline's wheel (conftest.py), its own tests run there against the
installed phaseline, and a match of it played through the CLI."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from wheeltools import ROOT, Venv, build_wheel

TEMPLATE = ROOT / "plugin-template"
# The template test needs only the engine: keep the built-in game (written alongside) out of it.
ISOLATED = {"PHASELINE_BLOCK_PLUGINS": "battle-for-germany"}


@pytest.fixture(scope="module")
def env(installed: Venv, tmp_path_factory) -> Venv:
    """The venv of phaseline's wheel, with the template installed by ``phaseline plugins install``."""
    wheel = build_wheel(TEMPLATE, tmp_path_factory.mktemp("template-wheel"))
    home = {**ISOLATED, "PHASELINE_HOME": str(tmp_path_factory.mktemp("template-home"))}
    done = installed.run([*phaseline(installed), "plugins", "install", "--no-index", "--no-deps", str(wheel)], env=home)
    assert "phaseline-hill" in done.stdout
    return installed


def phaseline(env: Venv) -> list[str]:
    """The phaseline command of ``env``'s interpreter (so pip installs into that venv)."""
    return [str(env.python), "-c", "from phaseline.cli import main; main()"]


@pytest.mark.slow
def test_template_plays_a_match_to_the_end(env, tmp_path):
    home = {**ISOLATED, "PHASELINE_HOME": str(tmp_path / "home")}

    def cli(*args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
        return env.run([*phaseline(env), *args], env=home, input=input)

    assert "king-of-the-hill" in cli("plugins", "list").stdout
    assert "phaseline_legal_actions" in cli("plugins", "info", "king-of-the-hill").stdout
    assert "started" in cli("new", "king-of-the-hill", "--seed", "1").stdout
    # One 'play' session is the whole match: each line runs as its command would (one process, not ten).
    orders = ["move N1 12", "end", "move S1 10", "end", "move N1 11", "end", "end"]
    session = cli("play", input="\n".join(["actions", "move N1 11", *orders, "status"]) + "\n")
    assert re.search(r"move N1 \(\w+\) +.*\b12\b", session.stdout)  # listed by 'actions', N1's moves on a line
    assert session.stderr.count("error:") == 1 and "too far" in session.stderr  # N1 11 is refused (3.1)
    assert "N1 22→12: 1 MP, 1 left" in session.stdout  # the move's echo: its path, cost and points left
    assert "finished" in session.stdout and "north held the hill" in session.stdout
    rows = json.loads(cli("--format", "json", "rules", "king-of-the-hill", "--tests", str(TEMPLATE / "tests")).stdout)
    assert all(r["tests"] > 0 for r in rows if r["status"] == "implemented")
    assert "placeholder" in cli("data", "--table", "unit").stdout


@pytest.mark.slow
def test_template_own_tests_pass_against_the_installed_plugin(env):
    done = env.run([str(env.python), "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=TEMPLATE, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_template_uninstalls(env, tmp_path):
    home = {**ISOLATED, "PHASELINE_HOME": str(tmp_path / "home")}
    env.run([*phaseline(env), "plugins", "uninstall", "king-of-the-hill"], env=home)
    games = env.run([*phaseline(env), "--format", "json", "games"], env=home).stdout
    assert "king-of-the-hill" not in {g["game"] for g in json.loads(games)}
