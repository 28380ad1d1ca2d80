"""A game's rule index: its rulebook's sections, their status, and how each is verified.

The index is a CSV file (``GameInfo.rule_index``) with the columns
``number,title,status,provenance,source`` and an optional ``reason``. Status is
``implemented``, ``not applicable`` (the reason in ``reason`` or ``source``) or
``not yet``. docs/rules.md states the conventions; :mod:`phaseline.rule_scan` finds
the unit tests, referee cases and code that name each number.

The figures come from the checkout's tests/games/<key> and tests/referee/<key> when
phaseline runs from a checkout that has them, and otherwise from the figures a wheel
ships beside the rule index (``rule_coverage.json``, written at build time).
"""

from __future__ import annotations

import importlib.util
import inspect
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .errors import ScenarioError, UnknownName
from .model import GameInfo
from .rule_scan import (
    REFEREE_CASES,
    SHIPPED,
    UNIT_TESTS,
    CaseFileError,
    Citation,
    case_numbers,
    citations,
    code_citations,
    counts,
    is_number,
    read_figures,
    referee_cases,
    unit_tests,
)
from .scenario import read_csv

__all__ = [
    "STATUSES",
    "Citation",
    "Coverage",
    "Evidence",
    "Section",
    "case_numbers",
    "citations",
    "code_citations",
    "count_cases",
    "coverage",
    "default_referee_roots",
    "default_test_roots",
    "evidence",
    "game_key",
    "load_index",
    "plugin_folder",
    "where",
]

STATUSES = ("implemented", "not applicable", "not yet")
CHECKOUT = Path(__file__).resolve().parent.parent  # the checkout root, when phaseline runs from one


@dataclass(frozen=True)
class Section:
    """One section of the rulebook as the index lists it."""

    number: str
    title: str
    status: str
    reason: str
    line: int


def load_index(path: Path) -> list[Section]:
    """Read a rule index CSV, checking statuses, duplicates and that exclusions give reasons."""
    sections: list[Section] = []
    seen: set[str] = set()
    for row in read_csv(path, ("number", "title", "status")):
        number = row["number"]
        if not is_number(number):
            raise row.error(f"rule number {number!r} is not of the form 6, 6.22, F6.41 or F.1A")
        if number in seen:
            raise row.error(f"rule {number} is listed twice")
        seen.add(number)
        if row["status"] not in STATUSES:
            raise row.error(f"status must be one of {', '.join(STATUSES)}, not {row['status']!r}")
        reason = row.get("reason", "") or (row["source"] if row["status"] == "not applicable" else "")
        sections.append(Section(number, row["title"], row["status"], reason, row.line))
    return sections


def count_cases(roots: Iterable[Path]) -> Counter[str]:
    """How many test cases name each rule number, over the test files under ``roots``."""
    return counts(unit_tests(roots))


def plugin_folder(info: GameInfo) -> Path | None:
    """The folder of the game plugin's code (its package), if it lives in files."""
    plugin = info.plugin
    if isinstance(plugin, str):  # an import path: found without importing it
        spec = importlib.util.find_spec(plugin)
        return Path(spec.origin).parent if spec and spec.origin else None
    target = plugin if inspect.ismodule(plugin) else type(plugin)
    try:
        source = Path(inspect.getfile(target))
    except (TypeError, OSError):
        return None
    return source.parent


def game_key(info: GameInfo) -> str:
    """The game's folder name: ``bfg`` for ``phaseline.games.bfg``; its tests are in tests/games/<key>."""
    plugin = info.plugin
    if isinstance(plugin, str):
        module = plugin
    else:
        module = plugin.__name__ if inspect.ismodule(plugin) else type(plugin).__module__
    parts = module.split(".")
    if parts[:2] == ["phaseline", "games"] and len(parts) > 2:
        return parts[2]
    return parts[0]


def _in_checkout(info: GameInfo) -> bool:
    """Whether phaseline runs from a checkout that holds this game's tests (live figures)."""
    return (CHECKOUT / UNIT_TESTS / game_key(info)).is_dir()


def default_test_roots(info: GameInfo) -> list[Path]:
    """tests/games/<key> of a phaseline checkout, when phaseline runs from one."""
    return [CHECKOUT / UNIT_TESTS / game_key(info)] if _in_checkout(info) else []


def default_referee_roots(info: GameInfo) -> list[Path]:
    """tests/referee/<key> of a phaseline checkout, when phaseline runs from one."""
    folder = CHECKOUT / REFEREE_CASES / game_key(info)
    return [folder] if _in_checkout(info) and folder.is_dir() else []


@dataclass(frozen=True)
class Evidence:
    """The unit test cases and referee cases that name the game's rules, with where they are."""

    unit_tests: list[Citation]
    referee_cases: list[Citation]


def evidence(
    info: GameInfo, test_roots: Iterable[Path] | None = None, referee_roots: Iterable[Path] | None = None
) -> Evidence:
    """The game's cases: from the folders given, else the checkout's, else the wheel's shipped figures."""
    try:
        if test_roots is None or referee_roots is None:
            tests, referee = _default_cases(info)
        if test_roots is not None:
            tests = unit_tests(test_roots)
        if referee_roots is not None:
            referee = referee_cases(referee_roots)
    except CaseFileError as error:
        raise ScenarioError(error.message, path=str(error.path), line=error.line) from None
    return Evidence(tests, referee)


def _default_cases(info: GameInfo) -> tuple[list[Citation], list[Citation]]:
    """The checkout's cases when phaseline runs from one, else those the wheel ships, else none."""
    shipped = info.rule_index.parent / SHIPPED
    if _in_checkout(info) or not shipped.is_file():
        return unit_tests(default_test_roots(info)), referee_cases(default_referee_roots(info))
    try:
        return read_figures(shipped)
    except (ValueError, KeyError, TypeError) as error:
        raise ScenarioError(f"unreadable coverage figures ({error})", path=str(shipped)) from None


def _verified(tests: int, referee: int) -> str:
    """How a section is verified, in the rules table's words."""
    if tests and referee:
        return "both"
    return "unit tests" if tests else "referee cases" if referee else ""


@dataclass(frozen=True)
class Coverage:
    """A rule index with its unit test and referee case counts, and the summary figures."""

    sections: list[Section]
    tests: Counter[str]
    referee: Counter[str]

    @property
    def implemented(self) -> list[Section]:
        return [s for s in self.sections if s.status == "implemented"]

    @property
    def applicable(self) -> list[Section]:
        return [s for s in self.sections if s.status != "not applicable"]

    @property
    def untested(self) -> list[Section]:
        """Sections marked implemented that no unit test names."""
        return [s for s in self.implemented if not self.tests[s.number]]

    def rows(self) -> list[dict[str, object]]:
        return [
            {"rule": s.number, "title": s.title, "status": s.status,
             "verified": _verified(self.tests[s.number], self.referee[s.number]),
             "tests": self.tests[s.number], "referee": self.referee[s.number], "reason": s.reason}
            for s in self.sections
        ]  # fmt: skip

    def summary(self) -> str:
        applicable, done = len(self.applicable), len(self.implemented)
        tested = done - len(self.untested)
        refereed = sum(1 for s in self.implemented if self.referee[s.number])
        return (
            f"implemented {done}/{applicable} applicable sections ({_percent(done, applicable)}), "
            f"tested {tested}/{done} implemented ({_percent(tested, done)}), "
            f"refereed {refereed}/{done} implemented ({_percent(refereed, done)}), "
            f"{len(self.sections) - applicable} not applicable"
        )


def _index(info: GameInfo) -> list[Section]:
    if not info.rule_index.is_file():
        raise ScenarioError(f"{info.name} has no rule index", path=str(info.rule_index))
    return load_index(info.rule_index)


def coverage(
    info: GameInfo, test_roots: Iterable[Path] | None = None, referee_roots: Iterable[Path] | None = None
) -> Coverage:
    """The game's rule index with its case counts (the folders given, or see :func:`evidence`)."""
    sections = _index(info)
    found = evidence(info, test_roots, referee_roots)
    return Coverage(sections, counts(found.unit_tests), counts(found.referee_cases))


def where(
    info: GameInfo,
    number: str,
    test_roots: Iterable[Path] | None = None,
    referee_roots: Iterable[Path] | None = None,
) -> list[dict[str, object]]:
    """Every place that cites rule ``number``: code, then unit tests, then referee cases."""
    indexed = {s.number for s in _index(info)}
    folder = plugin_folder(info)
    code = code_citations(folder, info.short) if folder else []
    found = evidence(info, test_roots, referee_roots)
    places = [
        {"rule": c.number, "kind": kind, "place": f"{_shown(c.path)}:{c.line}", "case": c.name}
        for kind, cases in (("code", code), ("unit test", found.unit_tests), ("referee case", found.referee_cases))
        for c in cases
        if c.number == number
    ]
    if not places and number not in indexed:
        raise UnknownName(f"{info.name}'s rule index has no section {number!r}, and nothing cites it")
    return places


def _shown(path: Path) -> str:
    """A path as people read it: relative to the checkout or the working folder when inside one."""
    if not path.is_absolute():
        return path.as_posix()
    for base in (CHECKOUT, Path.cwd()):
        if path.is_relative_to(base):
            return path.relative_to(base).as_posix()
    return os.fspath(path)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"
