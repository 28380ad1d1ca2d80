"""setuptools commands that ship each game's rule coverage figures (pyproject.toml's cmdclass).

An installed wheel has no tests/ folder, so ``phaseline rules`` could not count the unit
tests and referee cases that name each rule. At build time these commands scan
tests/games/<key> and tests/referee/<key> of the tree being built and write
``rule_coverage.json`` beside each game's rule_index.csv: into the wheel's build folder
(build_py) and into the sdist (sdist), so that a wheel built from the sdist, which has no
tests/, ships the same figures. Nothing is written into the source tree, and an editable
install writes nothing: a checkout computes live figures from its tests.

setuptools loads this module by its path, with none of phaseline's dependencies installed;
so it uses setuptools and the standard library only, and loads phaseline's own scanner
(core/rule_scan.py, standard library only) by its path as well.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

INDEX = "rule_index.csv"
SCANNER = "rule_scan.py"  # in the phaseline package's folder


def _scanner(package_dir: Path) -> ModuleType:
    """phaseline's rule scanner, loaded from the tree being built (phaseline is not importable here)."""
    name = "_phaseline_build_rule_scan"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, package_dir / SCANNER)
        assert spec and spec.loader, f"no {SCANNER} in {package_dir}"
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while the class is built
        spec.loader.exec_module(module)
    return sys.modules[name]


def _games(command: build_py) -> Iterator[tuple[str, Path]]:
    """Each package that holds a rule index: (package name, its source folder)."""
    for package in command.packages or ():
        folder = Path(command.get_package_dir(package))
        if (folder / INDEX).is_file():
            yield package, folder


def write_figures(command: build_py, root: Path, place: dict[str, Path]) -> list[Path]:
    """Write every game's figures, found under ``root``, to ``place[package]``; the files written.

    Nothing is written when ``root`` has no tests/ folder (a tree unpacked from an sdist,
    whose figures are already beside the rule index and are copied as package data).
    """
    scan = _scanner(Path(command.get_package_dir("phaseline")))
    if not (root / scan.UNIT_TESTS).is_dir():
        return []
    written = []
    for package, _ in _games(command):
        target = place[package] / scan.SHIPPED
        scan.write_figures(target, root, package.rsplit(".", 1)[-1])
        written.append(target)
    return written


class BuildPy(build_py):
    """build_py that adds each game's coverage figures to the build folder (not for editable installs)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        place = {p: Path(self.build_lib, *p.split(".")) for p, _ in _games(self)}
        write_figures(self, Path.cwd(), place)


class SDist(sdist):
    """sdist that ships each game's coverage figures and this module, which its pyproject names.

    It ships no tests/: setuptools adds ``tests/test*.py`` by default, and a wheel built from
    an sdist holding only those would count its figures from them instead of shipping these.
    """

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        files = [name for name in files if Path(name).parts[0] != "tests"]
        super().make_release_tree(base_dir, files)
        command = self.get_finalized_command("build_py")
        root = Path.cwd()
        place = {p: Path(base_dir) / folder.resolve().relative_to(root) for p, folder in _games(command)}
        write_figures(command, root, place)
        hook = Path(base_dir) / Path(__file__).resolve().relative_to(root)
        self.mkpath(str(hook.parent))
        self.copy_file(__file__, str(hook))
