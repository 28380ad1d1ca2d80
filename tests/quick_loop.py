"""Which tests the quick loop (``pytest -m "not slow"``) runs: the rule is in tests/conftest.py's docstring."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

QUICK_FUNCTIONS = 1  # keeps the loop under a minute on 2 cores: 50-56 s with one, 72 s with two (2026-12-06)
# Modules every one of whose tests is slow by its kind, with the reason.
ALL_SLOW = {
    "tests/engine/test_fuzz.py": "fuzzers (Hypothesis)",
    "tests/engine/test_pbem_bfg.py": "one Battle for Germany match played to its end by files",
    "tests/engine/test_tournament_dask.py": "a tournament of Battle for Germany matches on a dask cluster",
    "tests/engine/test_tournament_pool.py": "whole matches of a tournament, played alone and as pools",
    "tests/engine/test_web_board.py": "a real match served by a server process",
    "tests/engine/test_web_browser.py": "a real match, a server process and a browser",
    "tests/games/breakout/test_play.py": "bot games played to the end, random play",
    "tests/games/nimitz/test_sql_oracles.py": "SQL rules against their oracles on generated positions (Hypothesis)",
    "tests/referee/test_installed.py": "installs the wheel",
    "tests/test_plugin_template.py": "builds and installs the template's wheel",
}


@dataclass(frozen=True)
class Modules:
    """The test modules a run collected, and those with a test in the quick loop."""

    collected: set[Path]
    quick: set[Path]


MODULES = pytest.StashKey[Modules]()


def quick_sample(items: list[pytest.Item]) -> set[pytest.Item]:
    """The items of the quick loop: per module, the first case of its first QUICK_FUNCTIONS
    functions not marked slow, or what a module with ``own_sample`` leaves unmarked."""
    chosen: set[pytest.Item] = set()
    functions: dict[Path, list[str]] = {}
    for item in items:
        if item.get_closest_marker("slow") or is_property_test(item):
            continue
        if item.get_closest_marker("own_sample"):
            chosen.add(item)
            continue
        name = item.nodeid.split("[")[0]
        taken = functions.setdefault(item.path, [])
        if name not in taken and len(taken) < QUICK_FUNCTIONS:
            taken.append(name)
            chosen.add(item)
    return chosen


def is_property_test(item: pytest.Item) -> bool:
    """A Hypothesis test (``@given``): many examples, each a store or a match of its own."""
    return bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False))
