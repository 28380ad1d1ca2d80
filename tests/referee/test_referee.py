"""Every referee case of every game, played in-process through the ``phaseline`` command code.

Each file's first case runs in the quick loop (``pytest -m "not slow"``); the rest are marked
slow, and CI runs them all.
"""

from __future__ import annotations

import pytest
from kit import GAMES, InProcess, Referee, dice_forcer, load_cases


def params(game: str) -> list:
    seen: set = set()
    found = []
    for case in load_cases(game):
        first = case.path not in seen
        seen.add(case.path)
        found.append(pytest.param(case, id=f"{game}:{case.id}", marks=() if first else pytest.mark.slow))
    return found


CASES = [param for game in GAMES for param in params(game)]


@pytest.mark.parametrize("case", CASES)
def test_rule_case(case, tmp_path, monkeypatch):
    monkeypatch.setenv("PHASELINE_HOME", str(tmp_path / "home"))
    Referee(case, InProcess(), tmp_path, dice_forcer(monkeypatch)).play()
