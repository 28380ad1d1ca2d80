"""``phaseline plugins new``: the package it writes installs offline, passes its own tests and plays."""

from __future__ import annotations

import json

import pytest
from clitools import run_cli
from test_plugin_template import phaseline
from wheeltools import Venv, build_wheel

GAME = "river-crossing"


@pytest.mark.slow
def test_a_new_game_package_installs_passes_its_tests_and_plays(installed: Venv, tmp_path):
    home = {"PHASELINE_HOME": str(tmp_path / "home"), "PHASELINE_BLOCK_PLUGINS": "battle-for-germany"}

    def cli(*args: str, input: str | None = None):
        return installed.run([*phaseline(installed), *args], env=home, input=input)

    written = cli("plugins", "new", GAME, "--dir", str(tmp_path)).stdout
    package = tmp_path / "phaseline-river-crossing"
    assert f"wrote {package}" in written and (package / "phaseline_river_crossing" / "__init__.py").is_file()
    wheel = build_wheel(package, tmp_path / "wheel")
    assert "phaseline-river-crossing" in cli("plugins", "install", "--no-index", "--no-deps", str(wheel)).stdout
    tests = installed.run([str(installed.python), "-m", "pytest", "-p", "no:cacheprovider"], cwd=package, check=False)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    games = {g["game"]: g for g in json.loads(cli("--format", "json", "games").stdout)}
    assert games[GAME]["title"] == "River Crossing"
    # the example optional rule, the die and the decision, played from the shell
    assert "started" in cli("new", GAME, "--seed", "3", "--option", "5.1").stdout
    session = cli("play", input="move N1 12\nend\nmove S1 10\nend\nmove N1 11\nend\npush S1 N1\nlog\n")
    assert "(RC" not in session.stderr, session.stderr  # every order above is legal
    assert "S1 pushes N1" in session.stdout


def test_a_game_name_that_is_not_a_name_is_refused_and_nothing_is_written(tmp_path):
    code, out = run_cli(["plugins", "new", "River Crossing", "--dir", str(tmp_path)])
    assert code != 0 and "not a usable game name" in out
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_is_never_overwritten(tmp_path):
    (tmp_path / "phaseline-river-crossing").mkdir()
    code, out = run_cli(["plugins", "new", GAME, "--dir", str(tmp_path)])
    assert code != 0 and "already exists" in out
    assert list((tmp_path / "phaseline-river-crossing").iterdir()) == []
