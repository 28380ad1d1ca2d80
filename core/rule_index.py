"""A game's rule index: its rulebook's sections, their status, and which tests cover them.

The index is a CSV file (``GameInfo.rule_index``) with the columns
``number,title,status,provenance,source`` and an optional ``reason``. Status is
``implemented``, ``not applicable`` (the reason in ``reason`` or ``source``) or
``not yet``. docs/rules.md states the conventions this module checks:

* a test covers rule N.NN when its pytest id starts with the number
  (``pytest.param(..., id="6.22-empty-hex-first")``) or its name spells the number
  with underscores (``def test_6_22_empty_hex_first``);
* code cites rule N.NN with a comment that starts with the number (``# 6.22 …`` in
  Python, ``-- 6.22 …`` in SQL and in SQL inside Python strings; lists such as
  ``-- 5.42/5.51`` or ``# 6.21, 6.22`` cite each), a tagged reference ``(BfG 6.22)``
  using the game's short name, or a ``rule="6.22"`` argument.
"""

from __future__ import annotations

import inspect
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .errors import ScenarioError
from .model import GameInfo
from .scenario import read_csv

STATUSES = ("implemented", "not applicable", "not yet")
_NUMBER = r"\d+(?:\.\d+)*"
_TEST_ID = re.compile(rf"""\bid\s*=\s*["']({_NUMBER})(?=[-\s"'])""")
_TEST_NAME = re.compile(r"^\s*(?:async\s+)?def\s+test_(\d+(?:_\d+)*)(?=_|\()", re.MULTILINE)
_RULE_ARG = re.compile(rf"""\brule\s*=\s*["']({_NUMBER})["']""")
_DOTTED = r"\d+(?:\.\d+)+"
_LIST = rf"{_DOTTED}(?:\s*[/,]\s*{_DOTTED})*"
_SQL_COMMENT = re.compile(rf"^\s*--\s*({_LIST})(?![\w.])", re.MULTILINE)
_PY_COMMENT = re.compile(rf"^\s*(?:#|--)\s*({_LIST})(?![\w.])", re.MULTILINE)  # '--': SQL in strings


@dataclass(frozen=True)
class Section:
    """One section of the rulebook as the index lists it."""

    number: str
    title: str
    status: str
    reason: str
    line: int


@dataclass(frozen=True)
class Citation:
    """A rule number cited in code, with where it was found."""

    number: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: cites {self.number}"


def load_index(path: Path) -> list[Section]:
    """Read a rule index CSV, checking statuses, duplicates and that exclusions give reasons."""
    sections: list[Section] = []
    seen: set[str] = set()
    for row in read_csv(path, ("number", "title", "status")):
        number = row["number"]
        if not re.fullmatch(_NUMBER, number):
            raise row.error(f"rule number {number!r} is not of the form 6 or 6.22")
        if number in seen:
            raise row.error(f"rule {number} is listed twice")
        seen.add(number)
        if row["status"] not in STATUSES:
            raise row.error(f"status must be one of {', '.join(STATUSES)}, not {row['status']!r}")
        reason = row.get("reason", "") or (row["source"] if row["status"] == "not applicable" else "")
        sections.append(Section(number, row["title"], row["status"], reason, row.line))
    return sections


def case_numbers(text: str) -> list[str]:
    """Rule numbers named by the test cases in ``text`` (one entry per case)."""
    found = _TEST_ID.findall(text)
    found += [name.replace("_", ".") for name in _TEST_NAME.findall(text)]
    return found


def count_cases(roots: Iterable[Path]) -> Counter[str]:
    """How many test cases name each rule number, over the test files under ``roots``."""
    counts: Counter[str] = Counter()
    for root in roots:
        for path in sorted(root.rglob("test_*.py")) if root.is_dir() else ():
            counts.update(case_numbers(path.read_text(encoding="utf-8")))
    return counts


def citations(text: str, path: Path, short: str = "") -> list[Citation]:
    """Rule numbers that ``text`` (Python or SQL source) cites, by the conventions above."""
    patterns = [_RULE_ARG, _SQL_COMMENT if path.suffix == ".sql" else _PY_COMMENT]
    if short:
        patterns.append(re.compile(rf"\({re.escape(short)}\s+({_NUMBER})\)"))
    found: list[Citation] = []
    for pattern in patterns:
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start(1)) + 1
            found.extend(Citation(n, path, line) for n in re.split(r"\s*[/,]\s*", match.group(1)))
    return sorted(found, key=lambda c: (str(c.path), c.line))


def code_citations(folder: Path, short: str = "") -> list[Citation]:
    """Every rule citation in the .py and .sql files under ``folder``."""
    found: list[Citation] = []
    for path in sorted([*folder.rglob("*.py"), *folder.rglob("*.sql")]):
        found.extend(citations(path.read_text(encoding="utf-8"), path, short))
    return found


def plugin_folder(info: GameInfo) -> Path | None:
    """The folder of the game plugin's code (its package), if it lives in files."""
    plugin = info.plugin
    target = plugin if inspect.ismodule(plugin) else type(plugin)
    try:
        source = Path(inspect.getfile(target))
    except (TypeError, OSError):
        return None
    return source.parent


def game_key(info: GameInfo) -> str:
    """The game's folder name: ``bfg`` for ``phaseline.games.bfg``; tests live in tests/games/<key>."""
    plugin = info.plugin
    module = plugin.__name__ if inspect.ismodule(plugin) else type(plugin).__module__
    parts = module.split(".")
    if parts[:2] == ["phaseline", "games"] and len(parts) > 2:
        return parts[2]
    return parts[0]


def default_test_roots(info: GameInfo) -> list[Path]:
    """tests/games/<key> of a phaseline checkout, when phaseline runs from one."""
    checkout = Path(__file__).resolve().parent.parent / "tests" / "games" / game_key(info)
    return [checkout] if checkout.is_dir() else []


@dataclass(frozen=True)
class Coverage:
    """A rule index with its test counts, and the summary figures."""

    sections: list[Section]
    tests: Counter[str]

    @property
    def implemented(self) -> list[Section]:
        return [s for s in self.sections if s.status == "implemented"]

    @property
    def applicable(self) -> list[Section]:
        return [s for s in self.sections if s.status != "not applicable"]

    @property
    def untested(self) -> list[Section]:
        """Sections marked implemented that no test names."""
        return [s for s in self.implemented if not self.tests[s.number]]

    def rows(self) -> list[dict[str, object]]:
        return [
            {"rule": s.number, "title": s.title, "status": s.status, "tests": self.tests[s.number],
             "reason": s.reason}
            for s in self.sections
        ]  # fmt: skip

    def summary(self) -> str:
        applicable, done = len(self.applicable), len(self.implemented)
        tested = done - len(self.untested)
        return (
            f"implemented {done}/{applicable} applicable sections ({_percent(done, applicable)}), "
            f"tested {tested}/{done} implemented ({_percent(tested, done)}), "
            f"{len(self.sections) - applicable} not applicable"
        )


def coverage(info: GameInfo, test_roots: Iterable[Path] | None = None) -> Coverage:
    """The game's rule index with test counts from ``test_roots`` (default: its checkout tests)."""
    if not info.rule_index.is_file():
        raise ScenarioError(f"{info.name} has no rule index", path=str(info.rule_index))
    roots = default_test_roots(info) if test_roots is None else list(test_roots)
    return Coverage(load_index(info.rule_index), count_cases(roots))


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"
