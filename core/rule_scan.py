"""Finding the rule numbers that tests, referee cases and code name, with where they stand.

docs/rules.md states the conventions. This module uses the standard library only, because
the wheel build runs it (scripts/build_hooks.py) to ship each game's figures, and a build
environment has none of phaseline's dependencies.

* A unit test case names rule N.NN by its pytest id (``id="6.22-empty-hex-first"``) or by
  its function name (``def test_6_22_empty_hex_first``), in ``test_*.py`` files.
* A referee case is a ``[[case]]`` table of a TOML file; its ``id`` starts with the rule
  number and ``-`` (``id = "6.22-retreat-to-an-empty-hex-first"``), and ``rules`` may list
  further numbers it checks (``rules = ["5.3", "6.21"]``).
* Code cites rule N.NN by a comment that starts with the number, a tagged reference
  ``(BfG 6.22)`` or a ``rule="6.22"`` argument.
"""

from __future__ import annotations

import bisect
import json
import re
import tomllib
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

# The shape of a rule number, in one place: a section and its dotted parts (6, 6.22, Fleet
# Commander: Nimitz's 10.10), a chapter letter before them (ASL's F6.41, A10.31, or a chapter's
# own F.1A with no section digits) and a letter after a part (F.1A, D13.3x). A number with a
# chapter letter has at least one part, so a name such as T1 or B2 is no number; every pattern
# below is built from these.
_CHAPTER = r"[A-Z]{1,2}"
_PART = r"\d+[A-Za-z]?(?![A-Za-z])"


def _numbered(separator: str, least: int) -> str:
    """A rule number whose parts follow ``separator`` ('.' as written, '_' as a test name spells
    it), with at least ``least`` of them after a bare section (one after a chapter letter)."""
    parts = rf"(?:{re.escape(separator)}{_PART})"
    return rf"(?:\d+{parts}{{{least},}}|{_CHAPTER}\d*{parts}+)"


NUMBER = _numbered(".", 0)
_DOTTED = _numbered(".", 1)  # at least one dot: a comment's "# 3 units" cites nothing
_UNDERSCORED = _numbered("_", 0)  # the number as a test function spells it

_TEST_ID = re.compile(rf"""\bid\s*=\s*(?P<q>["'])(?P<id>(?P<num>{NUMBER})(?:[-\s][^\n]*?)?)(?P=q)""")
_TEST_NAME = re.compile(rf"^\s*(?:async\s+)?def\s+(?P<id>test_(?P<num>{_UNDERSCORED})(?=_|\()\w*)", re.MULTILINE)
_CASE_ID = re.compile(rf"({NUMBER})-")
_CASE_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*case[ \t]*\]\]", re.MULTILINE)
_RULE_ARG = re.compile(rf"""\brule\s*=\s*["']({NUMBER})["']""")
_LIST = rf"{_DOTTED}(?:\s*[/,]\s*{_DOTTED})*"
_SQL_COMMENT = re.compile(rf"^\s*--\s*({_LIST})(?![\w.])", re.MULTILINE)
_PY_COMMENT = re.compile(rf"^\s*(?:#|--)\s*({_LIST})(?![\w.])", re.MULTILINE)  # '--': SQL in strings

# Where a phaseline checkout keeps each game's evidence (<key>: the game's package name).
UNIT_TESTS = Path("tests") / "games"
REFEREE_CASES = Path("tests") / "referee"
OPEN_DEFECTS = "open_defects.toml"  # beside a game's referee cases: the ones it still fails (docs/referee.md)
# The figures a wheel ships beside each game's rule_index.csv (docs/rules.md).
SHIPPED = "rule_coverage.json"
_FORMAT = 1


def is_number(text: str) -> bool:
    """Whether ``text`` has the shape of a rule number."""
    return re.fullmatch(NUMBER, text) is not None


class CaseFileError(Exception):
    """A referee file that cannot be read: not TOML, or cases without a proper id."""

    def __init__(self, path: Path, message: str, line: int | None = None) -> None:
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")  # as a build shows it
        self.path, self.message, self.line = path, message, line


@dataclass(frozen=True)
class Citation:
    """A rule number named somewhere: ``name`` is the test id, test name or referee case id
    (empty for a code citation), ``path`` and ``line`` where it stands."""

    number: str
    path: Path
    line: int
    name: str = ""

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: cites {self.number}"


class _Lines:
    """Line numbers of character offsets in one text."""

    def __init__(self, text: str) -> None:
        self._starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def of(self, offset: int) -> int:
        return bisect.bisect_right(self._starts, offset)


# --- unit tests ----------------------------------------------------------------------


def named_cases(text: str, path: Path = Path("")) -> list[Citation]:
    """The test cases in ``text`` that name a rule (one per case), in file order."""
    lines = _Lines(text)
    found = [Citation(m["num"], path, lines.of(m.start()), m["id"]) for m in _TEST_ID.finditer(text)]
    found += [
        Citation(m["num"].replace("_", "."), path, lines.of(m.start("id")), m["id"]) for m in _TEST_NAME.finditer(text)
    ]
    return sorted(found, key=lambda c: c.line)


def unit_tests(roots: Iterable[Path]) -> list[Citation]:
    """Every rule-naming test case in the ``test_*.py`` files under ``roots``."""
    found: list[Citation] = []
    for root in roots:
        for path in sorted(root.rglob("test_*.py")) if root.is_dir() else ():
            found.extend(named_cases(path.read_text(encoding="utf-8"), path))
    return found


def case_numbers(text: str) -> list[str]:
    """Rule numbers named by the test cases in ``text`` (one entry per case)."""
    return [c.number for c in named_cases(text)]


# --- referee cases -------------------------------------------------------------------


def referee_file(path: Path) -> list[Citation]:
    """The rule numbers each ``[[case]]`` of a referee file checks: its id's, then its ``rules``."""
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CaseFileError(path, f"not valid TOML ({error})") from None
    cases = data.get("case")
    if not isinstance(cases, list) or not cases or not all(isinstance(c, dict) for c in cases):
        raise CaseFileError(path, "a referee file holds an array of tables [[case]], and this one has none")
    lines = _Lines(text)
    headers = [lines.of(m.start()) for m in _CASE_HEADER.finditer(text)]
    found: list[Citation] = []
    seen: set[str] = set()
    for index, case in enumerate(cases):
        line = headers[index] if len(headers) == len(cases) else None  # else inline tables: no line
        found.extend(_case(path, case, index, line, seen))
    return found


def _case(path: Path, case: dict, index: int, line: int | None, seen: set[str]) -> list[Citation]:
    case_id = case.get("id")
    if not isinstance(case_id, str):
        raise CaseFileError(path, f"case {index + 1} has no string id", line)
    head = _CASE_ID.match(case_id)
    if head is None:
        raise CaseFileError(path, f"case id {case_id!r} must start with its rule number and '-' (6.22-…)", line)
    if case_id in seen:
        raise CaseFileError(path, f"case id {case_id!r} is used twice", line)
    seen.add(case_id)
    others = case.get("rules", [])
    if not isinstance(others, list) or not all(isinstance(n, str) and is_number(n) for n in others):
        raise CaseFileError(path, f'case {case_id}: rules must be a list of rule numbers such as "5.3"', line)
    numbers = dict.fromkeys([head[1], *others])  # a number listed twice counts once
    return [Citation(n, path, line or 1, case_id) for n in numbers]


def referee_cases(roots: Iterable[Path]) -> list[Citation]:
    """Every rule a passing referee case checks, over the ``*.toml`` files under ``roots``; the
    scenario folders beside the cases (``scenarios/<name>/scenario.toml``, docs/referee.md)
    hold no cases and are passed over, and a case listed as an open defect (a rule the game
    still gets wrong, ``open_defects.toml``) verifies nothing."""
    found: list[Citation] = []
    for root in roots:
        for path in sorted(root.rglob("*.toml")) if root.is_dir() else ():
            if "scenarios" not in path.relative_to(root).parts[:-1] and path.name != OPEN_DEFECTS:
                open_ = open_defects(path.parent)
                found.extend(c for c in referee_file(path) if c.name not in open_)
    return found


def open_defects(folder: Path) -> dict[str, str]:
    """The cases ``folder/open_defects.toml`` lists, defects the game still has: id -> note."""
    path = folder / OPEN_DEFECTS
    if not path.is_file():
        return {}
    try:
        return {row["case"]: row["note"] for row in tomllib.loads(path.read_text(encoding="utf-8")).get("defect", [])}
    except (tomllib.TOMLDecodeError, KeyError, TypeError) as error:
        raise CaseFileError(path, f"each [[defect]] names a case and a note ({error})") from None


def counts(cases: Iterable[Citation]) -> Counter[str]:
    """How many cases name each rule number."""
    return Counter(c.number for c in cases)


# --- code ----------------------------------------------------------------------------


def citations(text: str, path: Path, short: str = "") -> list[Citation]:
    """Rule numbers that ``text`` (Python or SQL source) cites, by the conventions above."""
    patterns = [_RULE_ARG, _SQL_COMMENT if path.suffix == ".sql" else _PY_COMMENT]
    if short:
        patterns.append(re.compile(rf"\({re.escape(short)}\s+({NUMBER})\)"))
    lines = _Lines(text)
    found: list[Citation] = []
    for pattern in patterns:
        for match in pattern.finditer(text):
            line = lines.of(match.start(1))
            found.extend(Citation(n, path, line) for n in re.split(r"\s*[/,]\s*", match.group(1)))
    return sorted(found, key=lambda c: (str(c.path), c.line))


def code_citations(folder: Path, short: str = "") -> list[Citation]:
    """Every rule citation in the .py and .sql files under ``folder``."""
    found: list[Citation] = []
    for path in sorted([*folder.rglob("*.py"), *folder.rglob("*.sql")]):
        found.extend(citations(path.read_text(encoding="utf-8"), path, short))
    return found


# --- the figures a wheel ships --------------------------------------------------------


def write_figures(target: Path, checkout: Path, key: str) -> None:
    """Write the game ``key``'s test and referee cases, found in ``checkout``, to ``target``.

    Paths are relative to the checkout; the output is sorted and carries no date, so two
    builds of one tree write the same bytes.
    """

    def rows(cases: list[Citation]) -> list[dict[str, object]]:
        return [{**asdict(c), "path": c.path.relative_to(checkout).as_posix()} for c in cases]

    figures = {
        "format": _FORMAT,
        "unit_tests": rows(unit_tests([checkout / UNIT_TESTS / key])),
        "referee_cases": rows(referee_cases([checkout / REFEREE_CASES / key])),
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(figures, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")


def read_figures(path: Path) -> tuple[list[Citation], list[Citation]]:
    """The unit test and referee cases of a shipped figures file."""
    figures = json.loads(path.read_text(encoding="utf-8"))
    if figures.get("format") != _FORMAT:
        raise ValueError(f"figures of format {figures.get('format')!r}, expected {_FORMAT}")

    def cases(kind: str) -> list[Citation]:
        return [Citation(r["number"], Path(r["path"]), r["line"], r["name"]) for r in figures[kind]]

    return cases("unit_tests"), cases("referee_cases")
