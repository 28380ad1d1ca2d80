"""Every referee case of every game, played in-process through the ``phaseline`` command code.

The quick loop (``pytest -m "not slow"``, tests/conftest.py) plays a sample: for each game, a
few short cases, picked greedily (most new verbs per step played), that between them type every
verb its cases type. The rest are marked slow, and CI runs them all. A case listed in
``<game>/open_defects.toml`` is a defect the game still has: it must fail (strict xfail), so
fixing the game fails the run until the entry is removed.
"""

from __future__ import annotations

import pytest
from kit import GAMES, Case, InProcess, Referee, covering, dice_forcer, load_cases, open_defects

pytestmark = pytest.mark.own_sample


def verbs(case: Case) -> set[str]:
    return case.verbs


def params(game: str) -> list:
    defects = open_defects(game)
    cases = load_cases(game)
    quick = {case.id for case in covering([case for case in cases if case.id not in defects], [], verbs)}
    found = []
    for case in cases:
        marks = [] if case.id in quick else [pytest.mark.slow]
        if case.id in defects:
            marks.append(pytest.mark.xfail(strict=True, reason=f"open defect: {defects[case.id]}"))
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
