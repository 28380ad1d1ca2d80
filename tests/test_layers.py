"""Layers without cycles: every game's modules import only downward, and so do the engine's.

The import graph is read from the source (ast), so an import inside a function or under
``if TYPE_CHECKING:`` counts as much as one at the top of a module: a cycle held apart by a
late import is still a cycle. Each game package under plugins/ (found by walking the
folder, so a new game is covered as soon as it exists) must have no cycle at all among its
modules, and its rules (``plugins/*/rules/``) import nothing inside a function.

The engine (core/) is held to the imports that run as its modules load. Two kinds are left
out: those for type hints only (``Match`` is assembled from parts that type their ``self``
as ``Match``, and the hookspecs, the plugin author's manual, type every hook's ``game`` so,
while ``Match`` builds its plugin manager from them: a cycle of type hints, not of
imports), and those inside functions (the CLI loads a command's modules when the command
runs; match_data.py still reaches replay.py and ``Match`` that way).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p for p in (ROOT / "plugins").iterdir() if (p / "__init__.py").is_file())
FUNCTION, TYPE_CHECKING, MODULE = "inside a function", "under TYPE_CHECKING", "at module level"


@dataclass(frozen=True)
class Import:
    """One import of a package's module by another: where it stands and in which file, line."""

    source: str
    target: str
    where: str
    path: Path
    line: int

    def __str__(self) -> str:
        path = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        return f"{self.source} -> {self.target} ({path}:{self.line}, {self.where})"


def modules(folder: Path, package: str) -> dict[str, Path]:
    """Every module of the package in ``folder`` by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([package, *parts])] = path
    return found


def _placed(tree: ast.Module) -> dict[int, str]:
    """Where each import node of ``tree`` stands (by ``id``): in a function, under TYPE_CHECKING."""
    where: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            for inner in (n for branch in node.body for n in ast.walk(branch)):
                where.setdefault(id(inner), TYPE_CHECKING)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            for inner in ast.walk(node):
                where[id(inner)] = FUNCTION
    return where


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: dict[str, Path]) -> list[str]:
    """The package's modules an import statement names (a submodule when ``from X import Y`` names one)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = module.split(".") if is_package else module.split(".")[:-1]
        if node.level:
            base = base[: len(base) - (node.level - 1)]
            stem = ".".join([*base, *([node.module] if node.module else [])])
        else:
            stem = node.module or ""
        names = [f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in known else stem for alias in node.names]
    found = []
    for name in names:
        while name and name not in known:  # ``import a.b.c``: the deepest module of the package named
            name = name.rpartition(".")[0]
        if name and name != module:
            found.append(name)
    return list(dict.fromkeys(found))


@cache
def imports(folder: Path, package: str) -> list[Import]:
    """Every import by a module of the package of another of its modules."""
    known = modules(folder, package)
    found = []
    for module, path in known.items():
        tree = ast.parse(path.read_text(), str(path))
        where = _placed(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _targets(node, module, path.name == "__init__.py", known):
                    found.append(Import(module, target, where.get(id(node), MODULE), path, node.lineno))
    return found


def cycles(edges: list[Import]) -> list[list[Import]]:
    """The imports of each cycle: one list per strongly connected group of modules (Tarjan)."""
    graph: dict[str, list[str]] = {}
    for edge in edges:
        graph.setdefault(edge.source, []).append(edge.target)
        graph.setdefault(edge.target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [[e for e in edges if e.source in group and e.target in group] for group in groups]


def report(found: list[list[Import]]) -> str:
    return "\n\n".join("a cycle of imports:\n  " + "\n  ".join(map(str, sorted(c, key=str))) for c in found)


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_a_games_modules_import_without_a_cycle(game):
    """Every import counts, at the top, inside a function or for type hints only."""
    found = cycles(imports(game, f"phaseline.games.{game.name}"))
    assert not found, report(found)


@pytest.mark.parametrize("game", [g for g in GAMES if (g / "rules").is_dir()], ids=lambda p: p.name)
def test_a_games_rules_import_nothing_inside_a_function(game):
    """A late import in a rule hides what the rule depends on (and, often, a cycle)."""
    found = imports(game, f"phaseline.games.{game.name}")
    late = [str(i) for i in found if i.where == FUNCTION and "rules" in i.path.relative_to(game).parts[:-1]]
    assert not late, "imports inside functions in rules/:\n  " + "\n  ".join(late)


def test_the_engine_imports_without_a_cycle_at_run_time():
    """core/: the imports at module level that run (not those for type hints only)."""
    found = cycles([i for i in imports(ROOT / "core", "phaseline") if i.where == MODULE])
    assert not found, report(found)


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).write_text(text)
    return root


@pytest.mark.parametrize(
    "hidden",
    [
        pytest.param("def late():\n    from . import a\n", id="inside-a-function"),
        pytest.param(
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import thing\n", id="type-hints"
        ),
        pytest.param("from .a import thing\n", id="at-module-level"),
    ],
)
def test_a_cycle_is_found_however_its_last_import_hides(tmp_path, hidden):
    """The detector itself: a -> b at the top, b -> a however it is written, is one cycle."""
    root = _package(tmp_path, {"__init__.py": "", "a.py": "from . import b\nthing = 1\n", "b.py": hidden})
    found = cycles(imports(root, "pkg"))
    assert [sorted(e.target for e in group) for group in found] == [["pkg.a", "pkg.b"]]


def test_a_submodule_named_in_from_import_is_its_own_node(tmp_path):
    """``from . import b`` imports module b; ``from .c import x`` imports c, not the package."""
    root = _package(tmp_path, {"__init__.py": "from . import b\n", "b.py": "from .c import x\n", "c.py": "x = 1\n"})
    assert sorted((i.source, i.target) for i in imports(root, "pkg")) == [("pkg", "pkg.b"), ("pkg.b", "pkg.c")]
