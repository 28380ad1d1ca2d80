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


def test_readme_transcript_is_what_the_engine_prints(home, monkeypatch):
    """6.1, 5.0, 11.0: the README's transcript, typed in a fresh store, prints each line it shows."""
    monkeypatch.setenv("COLUMNS", "80")  # actions fits its lines to the terminal
    blocks = re.findall(r"```\n(.*?)```", README, flags=re.S)
    block = next(b for b in blocks if b.startswith("$ phaseline new") and "\nstarted " in b)
    steps = re.findall(r"^\$ phaseline (.+)\n((?:(?!\$ ).*\n)*)", block, flags=re.M)
    assert len(steps) >= 5
    for command, shown in steps:
        code, output = run_cli(shlex.split(command))
        assert code == 0, output
        printed = output.splitlines()
        for line in shown.splitlines():
            assert line in printed, f"{command}: {line!r} not among\n{output}"
