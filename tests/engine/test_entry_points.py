"""Plugins are found without importlib.metadata: the same entry points, read from the metadata directories."""

from __future__ import annotations

import importlib.metadata
import json
import sys

import pytest
from phaseline.entry_points import entry_points


def as_tuples(points) -> list[tuple[str, str, str, str]]:
    return sorted((p.name, p.value, p.dist.name, p.dist.version) for p in points)


@pytest.mark.parametrize("group", ["phaseline", "console_scripts", "pytest11"])
def test_the_installed_entry_points_are_the_ones_importlib_metadata_finds(group):
    assert as_tuples(entry_points(group)) == as_tuples(importlib.metadata.entry_points(group=group))


def write_distribution(root, dirname: str, entry_points_txt: str, metadata: str = "") -> None:
    meta = root / dirname
    meta.mkdir(parents=True)
    (meta / "entry_points.txt").write_text(entry_points_txt)
    if metadata:
        (meta / ("PKG-INFO" if dirname.endswith(".egg-info") else "METADATA")).write_text(metadata)


def test_the_first_distribution_of_a_name_on_the_path_wins(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    write_distribution(first, "toy_game-1.0.dist-info", "[phaseline]\ntoy = toy_one\n", "Name: Toy-Game\n\nbody\n")
    write_distribution(second, "toy_game-2.0.dist-info", "[phaseline]\ntoy = toy_two\n")
    other_points = "# comment\n[other]\nx = y\n[phaseline]\nmore = m:f\n"
    write_distribution(second, "other.egg-info", other_points, "Version: 3.1\n")
    monkeypatch.setattr(sys, "path", [str(first), str(tmp_path / "missing"), str(second)])
    found = entry_points("phaseline")
    assert [(p.name, p.value, p.dist.name, p.dist.version) for p in found] == [
        ("toy", "toy_one", "Toy-Game", "1.0"),
        ("more", "m:f", "other", "3.1"),
    ]


def test_an_entry_point_loads_its_module_or_the_named_attribute(tmp_path, monkeypatch):
    write_distribution(tmp_path, "d-1.dist-info", "[g]\nmodule = json\nattr = json.decoder:JSONDecoder.decode\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    loaded = {p.name: p.load() for p in entry_points("g")}
    assert loaded == {"module": json, "attr": json.JSONDecoder.decode}
