"""A sample of the referee cases through an installed ``phaseline`` binary, as a player runs it.

The in-process run (test_referee.py) plays every case through the same command code; this
one checks that the path through the installed wheel's console script rules the same. It
takes each file's first case that needs no forced dice.
"""

from __future__ import annotations

import pytest
from kit import GAMES, Installed, Referee, load_cases

SAMPLE = [
    pytest.param(case, id=f"{game}:{case.id}")
    for game in GAMES
    for path in sorted({case.path for case in load_cases(game)})
    for case in [next((c for c in load_cases(game) if c.path == path and not c.uses_forced_dice), None)]
    if case is not None
]


@pytest.mark.slow
@pytest.mark.parametrize("case", SAMPLE)
def test_rule_case_through_the_installed_command(case, installed, tmp_path):
    Referee(case, Installed(installed, tmp_path / "home"), tmp_path, force_dice=None).play()
