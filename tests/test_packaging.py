"""The wheel: every code folder is packaged, data ships inside ``phaseline`` with each game's
rule coverage figures (the checkout's, also through the sdist), and the installed
``phaseline`` command plays a few actions from a fresh venv, offline.

The wheel and its venv are session fixtures (conftest.py), shared with the plugin template's tests."""

from __future__ import annotations

import json
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
from phaseline.plugins import registry
from phaseline.rule_index import coverage, where
from wheeltools import ROOT, Venv, build_sdist, build_wheel

MAPPED = ("core", "plugins", "schema", "scenarios")
SUFFIXES = {".py", ".sql", ".csv", ".toml"}
IGNORED = {"__pycache__", "build", "dist"}


def setuptools_config() -> tuple[dict[str, str], set[str]]:
    """pyproject's package-dir mapping (package -> folder) and its packages list."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    return config["package-dir"], set(config["packages"])


def package_name(folder: Path, mapping: dict[str, str]) -> str:
    """The import name setuptools gives ``folder`` (a path relative to the checkout)."""
    top, *rest = folder.parts
    base = next(pkg for pkg, src in mapping.items() if src == top)
    return ".".join([base, *rest])


def source_files() -> list[Path]:
    """Code and data files under the mapped folders, relative to the checkout."""
    found = []
    for top in MAPPED:
        for path in (ROOT / top).rglob("*"):
            relative = path.relative_to(ROOT)
            skipped = IGNORED & set(relative.parts) or any(p.endswith(".egg-info") for p in relative.parts)
            if path.is_file() and path.suffix in SUFFIXES and not skipped:
                found.append(relative)
    return sorted(found)


def wheel_path(relative: Path, mapping: dict[str, str]) -> str:
    """Where a source file lands inside the wheel."""
    return "/".join([*package_name(relative.parent, mapping).split("."), relative.name])


def test_every_code_folder_is_a_listed_package():
    """A folder with .py files must be listed; a data-only folder must sit inside a listed
    package (package-data globs are recursive, and the wheel test checks every file)."""
    mapping, packages = setuptools_config()
    missing = set()
    for relative in source_files():
        name = package_name(relative.parent, mapping)
        listed = (
            name in packages
            if relative.suffix == ".py"
            else any(name == p or name.startswith(p + ".") for p in packages)
        )
        if not listed:
            missing.add(name)
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


@pytest.mark.slow
def test_wheel_ships_phaseline_only_with_its_data(phaseline_wheel):
    names = set(zipfile.ZipFile(phaseline_wheel).namelist())
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    assert tops == {"phaseline"}, f"the wheel must hold only phaseline, not {tops - {'phaseline'}}"
    assert any(n.startswith("phaseline/schema/tables/") and n.endswith(".sql") for n in names)
    assert any(n.startswith("phaseline/scenarios/") and n.endswith(".csv") for n in names)
    mapping, _ = setuptools_config()
    missing = [str(p) for p in source_files() if wheel_path(p, mapping) not in names]
    assert not missing, f"files left out of the wheel: {missing}"
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "[phaseline]" in zipfile.ZipFile(phaseline_wheel).read(entry_points).decode()
    # each built-in game's index has its figures; the template's (phaseline/template) is copied, never installed
    indexes = [n for n in names if n.startswith("phaseline/games/") and n.endswith("/rule_index.csv")]
    assert indexes and all(n.replace("rule_index.csv", "rule_coverage.json") in names for n in indexes)


def built_games() -> list:
    return [
        pytest.param(name, id=name) for name in ("battle-for-germany", "breakout-normandy", "fleet-commander-nimitz")
    ]


@pytest.mark.slow
@pytest.mark.parametrize("game", built_games())
def test_installed_rules_show_the_checkout_figures(installed: Venv, game):
    """A wheel has no tests/: the figures it shows are those the build shipped, the checkout's."""
    phaseline = str(installed.bin / "phaseline")
    shown = json.loads(installed.run([phaseline, "--format", "json", "rules", game]).stdout)
    live = coverage(registry().game(game)).rows()
    assert [(r["rule"], r["tests"], r["referee"], r["verified"]) for r in shown] == [
        (r["rule"], r["tests"], r["referee"], r["verified"]) for r in live
    ]
    assert all(r["tests"] > 0 for r in shown if r["status"] == "implemented")
    rule = next(r["rule"] for r in live if r["tests"] > 1)
    places = json.loads(installed.run([phaseline, "--format", "json", "rules", game, "--where", rule]).stdout)
    checkout = where(registry().game(game), rule)
    assert [p for p in places if p["kind"] != "code"] == [p for p in checkout if p["kind"] != "code"]
    assert len([p for p in places if p["kind"] == "code"]) == len([p for p in checkout if p["kind"] == "code"])


@pytest.mark.slow
def test_a_wheel_built_from_the_sdist_ships_the_same_figures(phaseline_wheel, tmp_path):
    """python -m build makes the wheel from the sdist, which has no tests/: the sdist carries the figures."""
    sdist = build_sdist(ROOT, tmp_path / "sdist")
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    (unpacked,) = (tmp_path / "unpacked").iterdir()
    assert not (unpacked / "tests").exists()
    wheel = build_wheel(unpacked, tmp_path / "wheel")
    for game in ("bfg", "breakout", "nimitz"):
        name = f"phaseline/games/{game}/rule_coverage.json"
        ours, theirs = (zipfile.ZipFile(w).read(name) for w in (phaseline_wheel, wheel))
        assert ours == theirs and json.loads(ours)["unit_tests"]


@pytest.mark.slow
def test_installed_phaseline_plays_a_few_actions(installed: Venv, tmp_path):
    home = {"PHASELINE_HOME": str(tmp_path / "home")}
    where = installed.run([str(installed.python), "-c", "import phaseline; print(phaseline.__file__)"])
    assert Path(where.stdout.strip()).is_relative_to(installed.path), "phaseline must come from the wheel"
    phaseline = str(installed.bin / "phaseline")

    def cli(*args: str) -> str:
        return installed.run([phaseline, *args], env=home).stdout

    assert "core-bots" in cli("plugins", "list")
    games = json.loads(cli("--format", "json", "games"))
    assert {"battle-for-germany", "breakout-normandy"} <= {g["game"] for g in games}
    assert "started" in cli("new", "battle-for-germany", "--seed", "3")
    orders = [a["order"] for a in json.loads(cli("--format", "json", "actions"))]
    assert orders, "a new match must offer actions"
    first = next((o for o in orders if o != "end"), "end")
    cli(*first.split())
    assert "turn" in cli("status")
    bad = installed.run([phaseline, "new", "no-such-game"], env=home, check=False)
    assert bad.returncode == 3 and bad.stderr.startswith("error: unknown game")
