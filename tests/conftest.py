"""Shared fixtures, the Hypothesis profiles (``ci`` is bounded and derandomised) and the quick loop.

The quick loop, ``pytest -m "not slow"``, is a sample of the suite for day-to-day work; CI runs
everything (``.ci/run``), and so does ``pytest FILE`` on the file you are working on. Which tests
are in the sample:

- Mark ``@pytest.mark.slow`` what is slow by its kind: a wheel build or install, a whole match
  played to its end (a playthrough, a bot game, a match by files, two stores exchanging a whole
  match), a stateful run (random play), a server process or a browser. Hypothesis tests
  (``@given``: oracles on generated boards, fuzzers) are outside the quick loop without a mark.
- Of the rest, each test module runs in the quick loop the first case of its first
  ``QUICK_FUNCTIONS`` (tests/quick_loop.py) test functions, in file order (put a module's most
  telling tests first); the others are marked ``slow`` here, at collection. A module that chooses
  its own sample says so with ``pytestmark = pytest.mark.own_sample`` and marks the rest ``slow``
  itself (tests/referee/test_referee.py: the cases that type every verb of each game).
- Every module of tests/games/*/ and tests/engine/ keeps at least one test in the quick loop
  (tests/test_quick_loop.py checks it), unless ``ALL_SLOW`` (tests/quick_loop.py) names it with the reason.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Each xdist worker otherwise compiles phaseline and re-rewrites every test module's asserts on
# every run (about 2.5 s of CPU a worker); the caches are __pycache__ folders, which git ignores.
sys.dont_write_bytecode = False

# Test helper modules (toygame, boards, oracles, …) import by name from these folders.
for folder in (Path(__file__).parent, Path(__file__).parent / "engine", Path(__file__).parent / "referee"):
    sys.path.insert(0, str(folder))

from quick_loop import MODULES, Modules, quick_sample  # noqa: E402 (found through the sys.path above)


def foreign_plugins() -> list[str]:
    """Entry points of the ``phaseline`` group that another distribution installed here (a community game)."""
    from phaseline.entry_points import entry_points
    from phaseline.plugins import ENTRY_POINT_GROUP

    return sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.dist.name.lower() != "phaseline")


def block_foreign_plugins() -> None:
    """The suite tests the built-in games: plugins installed beside them stay out unless a test asks for one
    (by setting $PHASELINE_BLOCK_PLUGINS itself, or registering a plugin by hand)."""
    from phaseline.plugins import BLOCK_VARIABLE

    blocked = [name for name in os.environ.get(BLOCK_VARIABLE, "").split(",") if name.strip()]
    os.environ[BLOCK_VARIABLE] = ",".join(dict.fromkeys([*blocked, *foreign_plugins()]))


block_foreign_plugins()


@pytest.hookimpl(tryfirst=True)  # before -m deselects: the sample is chosen from every test
def pytest_collection_modifyitems(config, items):
    """Mark ``slow`` every test outside the quick loop's sample (see above)."""
    quick = quick_sample(items)
    config.stash[MODULES] = Modules({item.path for item in items}, {item.path for item in quick})
    for item in items:
        if item not in quick:
            item.add_marker(pytest.mark.slow)


settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    max_examples=25,
    stateful_step_count=20,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def store():
    """A fresh in-memory store."""
    from phaseline import Store

    s = Store.open(":memory:")
    yield s
    s.close()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty $PHASELINE_HOME, so CLI runs never touch the user's store."""
    monkeypatch.setenv("PHASELINE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def toy(store):
    """A new match of the toy game on the fresh store."""
    from phaseline import Match
    from toygame import toy_registry

    return Match.create(store, toy_registry(), "toy", "skirmish", seed=7)


@pytest.fixture(scope="session")
def phaseline_wheel(tmp_path_factory) -> Path:
    """phaseline's wheel, built once for the whole run (packaging and plugin-template tests)."""
    from wheeltools import ROOT, build_wheel

    return build_wheel(ROOT, tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="session")
def installed(phaseline_wheel, tmp_path_factory):
    """A fresh venv with phaseline's wheel installed, shared by the tests that install into it."""
    from wheeltools import Venv

    env = Venv.create(tmp_path_factory.mktemp("venv") / "env")
    env.pip_install(phaseline_wheel)
    return env
