"""Breakout: Normandy 11: losing the Advantage and shifting the Sunset DRM by eliminations."""

from __future__ import annotations

import pytest
from phaseline.games.breakout.rules.advantage import losses_effect


@pytest.mark.parametrize(
    ("loser", "n", "holds", "expected"),
    [
        pytest.param("allied", 1, True, (True, 0), id="11.2-one-allied-loss-costs-a-held-advantage"),
        pytest.param("allied", 1, False, (False, 1), id="11.2-one-allied-loss-germans-shift-1"),
        pytest.param("allied", 3, True, (True, 2), id="11.2-three-allied-losses-lose-it-and-shift-2"),
        pytest.param("allied", 2, False, (False, 2), id="11.2-two-allied-losses-germans-shift-2"),
        pytest.param("german", 2, True, (False, 0), id="11.2-two-german-losses-change-nothing"),
        pytest.param("german", 3, True, (True, 0), id="11.2-three-german-losses-cost-a-held-advantage"),
        pytest.param("german", 3, False, (False, 1), id="11.2-three-german-losses-allies-shift-1"),
        pytest.param("german", 5, True, (True, 2), id="11.2-five-german-losses-lose-it-and-shift-2"),
        pytest.param("german", 5, False, (False, 3), id="11.2-five-german-losses-allies-shift-3"),
        pytest.param("german", 9, False, (False, 3), id="11.23-at-most-3-spaces-per-impulse"),
    ],
)
def test_losses(loser, n, holds, expected):
    assert losses_effect(loser, n, holds) == expected
