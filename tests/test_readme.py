"""The README runs: its refusal example, and every command of its session, work as shown."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from clitools import run_cli

README = (Path(__file__).parent.parent / "README.md").read_text()


def test_readme_refusal_example_is_what_the_engine_says(home):
    """4.0: the README's ZOC refusal is the real message, with the rule and the projecting unit."""
    example = re.search(r"\$ phaseline (move .+)\nerror: (.+)", README)
    assert example, "the README shows a refused move"
    assert run_cli(["new", "battle-for-germany", "--seed", "7"])[0] == 0
    code, output = run_cli(shlex.split(example.group(1)))
    assert code == 4
    assert f"error: {example.group(2)}" in output


def test_readme_names_the_two_setup_commands_and_ci_runs_the_test_one():
    commands = re.findall(r"```\n(python3 -m pip install .+)\n```", README)
    assert len(commands) == 2
    ci = (Path(__file__).parent.parent / ".ci" / "run").read_text()
    assert "python3 -m pytest" in commands[1] and "python3 -m pytest" in ci


@pytest.mark.parametrize(
    "verb",
    [
        *("new", "actions", "map", "move", "end", "attack", "choose", "undo", "log", "sql", "replay"),
        *("export", "import", "since", "reveal", "autoplay", "play", "serve"),
    ],
)
def test_readme_session_commands_exist(verb):
    code, output = run_cli([verb, "--help"])
    assert code == 0, output
