"""The quick loop (``pytest -m "not slow"``) keeps a test of every rule family of every game and of
every engine module (the rule: tests/conftest.py's docstring); checked on the modules collected."""

from __future__ import annotations

from pathlib import Path

from quick_loop import ALL_SLOW, MODULES

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def named(path: Path) -> str:
    return path.resolve().relative_to(ROOT).as_posix()


def test_every_game_and_engine_module_has_a_test_in_the_quick_loop(request):
    modules = request.config.stash[MODULES]
    families = {p for p in modules.collected if p.resolve().parent.parent == TESTS / "games"}
    engine = {p for p in modules.collected if p.resolve().parent == TESTS / "engine"}
    missing = sorted(named(p) for p in (families | engine) - modules.quick if named(p) not in ALL_SLOW)
    assert not missing, f"no test of these modules runs in the quick loop (tests/conftest.py): {missing}"


def test_the_modules_left_wholly_slow_exist_and_have_no_quick_test(request):
    modules = request.config.stash[MODULES]
    assert [name for name in ALL_SLOW if not (ROOT / name).is_file()] == []
    assert sorted(named(p) for p in modules.quick if named(p) in ALL_SLOW) == []
