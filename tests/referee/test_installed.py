"""A sample of the referee cases through an installed ``phaseline`` binary, as a player runs it.

The in-process run (test_referee.py) plays every case through the same command code; this
one checks that the installed wheel's console script rules the same, on a sample of the
cases that need no forced dice: each file's first one, then more until every verb and
kind of decision those cases type has been typed through the binary.
"""

from __future__ import annotations

import pytest
from kit import GAMES, Case, Installed, Referee, covering, load_cases, open_defects


def sample(cases: list[Case]) -> list[Case]:
    """Each file's first case without forced dice (and no open defect), then a greedy cover of their
    verbs and decisions."""
    known = set().union(*(open_defects(game) for game in {case.game for case in cases}))
    free = [case for case in cases if not case.uses_forced_dice and case.id not in known]  # open defects fail
    firsts = list({case.path: case for case in reversed(free)}.values())[::-1]
    return covering(free, firsts, lambda case: case.verbs | case.decisions)


SAMPLE = [pytest.param(case, id=f"{game}:{case.id}") for game in GAMES for case in sample(load_cases(game))]


@pytest.mark.slow
@pytest.mark.parametrize("case", SAMPLE)
def test_rule_case_through_the_installed_command(case, installed, tmp_path):
    Referee(case, Installed(installed, tmp_path / "home"), tmp_path, force_dice=None).play()
