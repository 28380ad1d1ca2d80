"""docs/pbem.md runs: its worked example is played through two stores, command by command.

Each ``$ phaseline …`` line of the page's console blocks runs in-process; the lines shown
under it must be in its output (a line with ``…`` only up to it), and it must fail exactly
when the page shows an ``error:``. The players' dice secrets are fixed, so that the dice,
and with them the whole story, come out as the page tells it.
"""

from __future__ import annotations

import itertools
import re
import shlex
from pathlib import Path

import phaseline.seats
import pytest
from clitools import run_cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "pbem.md"


def steps() -> list[tuple[str, list[str]]]:
    """(command, lines shown under it) for every command of the page's console blocks."""
    found: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", DOC.read_text(), flags=re.S):
        for line in block.splitlines():
            if line.startswith("$ phaseline "):
                found.append((line.removeprefix("$ phaseline "), []))
            elif line.strip():
                found[-1][1].append(line)
    return found


def test_the_page_has_a_worked_example():
    assert len(steps()) >= 15


@pytest.mark.slow
def test_the_worked_example_plays_through_two_stores(home, tmp_path, monkeypatch):
    counter = itertools.count(1)
    monkeypatch.setattr(phaseline.seats, "new_secret", lambda: str(10**70 + next(counter)))
    monkeypatch.chdir(tmp_path)
    for command, shown in steps():
        code, out = run_cli(shlex.split(command))
        fails = any(line.startswith("error:") for line in shown)
        assert (code != 0) == fails, f"phaseline {command}\n-> exit {code}\n{out}"
        for line in shown:
            expected = line.split("…")[0]
            if expected.strip():
                assert expected in out, f"phaseline {command}: {expected!r} is not in\n{out}"
    assert (tmp_path / "alice.keys").is_dir() and (tmp_path / "bob.keys").is_dir()
    # the whole opening match is tens of kilobytes, a turn a few (scripts/measure_turn_files.py measures)
    assert (tmp_path / "turn-1.turn").stat().st_size < 60_000
    assert (tmp_path / "turn-3.turn").stat().st_size < 10_000
