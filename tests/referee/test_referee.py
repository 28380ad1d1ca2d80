"""Every referee case of every game, played in-process through the ``phaseline`` command code.

Each file's first case runs in the quick loop (``pytest -m "not slow"``); the rest are marked
slow, and CI runs them all. A case listed in ``<game>/open_defects.toml`` is a defect the
game still has: it must fail (strict xfail), so fixing the game fails the run until the entry
is removed.
"""

from __future__ import annotations

import pytest
from kit import GAMES, InProcess, Referee, dice_forcer, load_cases, open_defects


def params(game: str) -> list:
    seen: set = set()
    found = []
    defects = open_defects(game)
    for case in load_cases(game):
        marks = [] if case.path not in seen else [pytest.mark.slow]
        if case.id in defects:
            marks.append(pytest.mark.xfail(strict=True, reason=f"open defect: {defects[case.id]}"))
        seen.add(case.path)
        found.append(pytest.param(case, id=f"{game}:{case.id}", marks=marks))
    return found


CASES = [param for game in GAMES for param in params(game)]


@pytest.mark.parametrize("case", CASES)
def test_rule_case(case, tmp_path, monkeypatch):
    monkeypatch.setenv("PHASELINE_HOME", str(tmp_path / "home"))
    Referee(case, InProcess(), tmp_path, dice_forcer(monkeypatch)).play()


@pytest.mark.parametrize("game", GAMES)
def test_open_defects_name_cases_that_exist(game):
    known = {case.id for case in load_cases(game)}
    assert sorted(set(open_defects(game)) - known) == []
