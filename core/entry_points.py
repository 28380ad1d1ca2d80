"""Entry points of one group, read from the installed distributions' metadata directories.

``importlib.metadata`` does the same, but importing it pulls in the ``email`` package
(about 45 ms, paid by every CLI command). Plugins are found the way it finds them: each
``*.dist-info`` (or ``*.egg-info``) directory on ``sys.path``, in path order, the first
distribution of a name winning; its ``entry_points.txt`` names the objects, and the
directory's name (``name-version.dist-info``, as wheels install it) its version. Zipped
eggs on ``sys.path`` are not searched.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from dataclasses import dataclass
from typing import Any

_METADATA_DIR = re.compile(r"^(?P<name>[^-]+)(?:-(?P<version>[^-]+))?(?:-.*)?\.(?:dist|egg)-info$")
_SECTION = re.compile(r"^\[(?P<group>[^\]]+)\]$")


@dataclass(frozen=True)
class Distribution:
    """An installed distribution: its project name and version."""

    name: str
    version: str


@dataclass(frozen=True)
class EntryPoint:
    """One ``name = module:attr`` line of a group, and the distribution that declared it."""

    name: str
    value: str
    group: str
    dist: Distribution

    def load(self) -> Any:
        """Import the module and return the named object (the module itself without ``:attr``)."""
        module, _, attrs = self.value.partition(":")
        found: Any = importlib.import_module(module.strip())
        for attr in filter(None, attrs.strip().split(".")):
            found = getattr(found, attr)
        return found


def entry_points(group: str) -> list[EntryPoint]:
    """Every entry point of ``group`` declared by a distribution installed on ``sys.path``."""
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for directory in sys.path:
        for meta in _metadata_dirs(directory or "."):
            name, version = _identity(meta)
            key = re.sub(r"[-_.]+", "_", name).lower()  # PEP 503 normalised, as importlib.metadata compares
            if key in seen:
                continue
            seen.add(key)
            if lines := _group_lines(meta, group):
                dist = Distribution(_header(meta, "Name") or name, version)
                found.extend(EntryPoint(entry, value, group, dist) for entry, value in lines)
    return found


def _metadata_dirs(directory: str) -> list[str]:
    try:
        names = sorted(os.listdir(directory))
    except OSError:  # a missing directory, or a zip file on sys.path
        return []
    return [os.path.join(directory, n) for n in names if _METADATA_DIR.match(n)]


def _identity(meta: str) -> tuple[str, str]:
    """The distribution's name and version: from the directory's name, else its metadata file."""
    match = _METADATA_DIR.match(os.path.basename(meta))
    assert match is not None
    name, version = match["name"], match["version"]
    if version is None:  # ``name.egg-info`` of a development install
        version = _header(meta, "Version") or "?"
    return name, version


def _header(meta: str, field: str) -> str | None:
    """A field of the metadata file's header (the lines before the first blank one)."""
    for filename in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(meta, filename), encoding="utf-8") as lines:
                for line in lines:
                    if not line.strip():
                        break
                    key, _, value = line.partition(":")
                    if key == field:
                        return value.strip()
        except OSError:
            continue
    return None


def _group_lines(meta: str, group: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines under ``[group]`` in the directory's ``entry_points.txt``."""
    try:
        with open(os.path.join(meta, "entry_points.txt"), encoding="utf-8") as text:
            lines = text.read().splitlines()
    except OSError:
        return []
    found: list[tuple[str, str]] = []
    current = None
    for line in (raw.strip() for raw in lines):
        if not line or line.startswith(("#", ";")):
            continue
        if section := _SECTION.match(line):
            current = section["group"].strip()
        elif current == group and "=" in line:
            name, _, value = line.partition("=")
            found.append((name.strip(), value.strip()))
    return found
