"""Fixtures of the Fleet Commander: Nimitz tests: test positions built in a temporary folder."""

from __future__ import annotations

import pytest
from games.nimitz.position import position
from phaseline import Store


@pytest.fixture
def make(tmp_path):
    """``make(text, year=..., options=...)``: a match of a test position (position.py)."""
    with Store.open(":memory:") as store:
        count = iter(range(1000))

        def build(text: str, **kwargs):
            return position(store, tmp_path / f"p{next(count)}", text, **kwargs)

        yield build


@pytest.fixture(scope="module")
def campaign():
    """``campaign(scenario)``: a match of a shipped scenario (known seed), made once per module."""
    from phaseline import Match
    from phaseline.plugins import registry

    made = {}
    with Store.open(":memory:") as store:

        def build(name: str = "1942"):
            if name not in made:
                made[name] = Match.create(store, registry(), "fleet-commander-nimitz", name, seed=3)
            return made[name]

        yield build
