"""Every referee case of every game, played in-process through the ``phaseline`` command code."""

from __future__ import annotations

import pytest
from kit import GAMES, InProcess, Referee, dice_forcer, load_cases

CASES = [pytest.param(case, id=f"{game}:{case.id}") for game in GAMES for case in load_cases(game)]


@pytest.mark.parametrize("case", CASES)
def test_rule_case(case, tmp_path, monkeypatch):
    monkeypatch.setenv("PHASELINE_HOME", str(tmp_path / "home"))
    Referee(case, InProcess(), tmp_path, dice_forcer(monkeypatch)).play()
