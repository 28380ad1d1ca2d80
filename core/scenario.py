"""Scenario data: CSV files with provenance, and custom scenario folders.

A custom scenario is a folder with a ``scenario.toml`` (see docs/scenarios.md)::

    game = "battle-for-germany"
    base = "historical"        # the scenario whose rules and sides apply
    title = "Bridgehead at Remagen"
    first_turn = 1
    last_turn = 3

plus any of the game's data files (same names and columns); files it lacks come
from the game's own data.
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from pathlib import Path
from typing import Any

from .errors import ScenarioError
from .model import GameInfo, ScenarioInfo

PROVENANCES = ("seed", "external", "reconstructed", "placeholder")


class Row(dict[str, str]):
    """A CSV row that knows its file and line, for error messages."""

    path: str
    line: int

    def error(self, message: str) -> ScenarioError:
        return ScenarioError(message, path=self.path, line=self.line)

    def int(self, column: str, *, default: int | None = None) -> int:
        text = self.get(column, "").strip()
        if not text and default is not None:
            return default
        try:
            return int(text)
        except ValueError:
            raise self.error(f"column {column!r} must be a whole number, not {text!r}") from None

    def flag(self, column: str) -> bool:
        text = self.get(column, "").strip().lower()
        if text in ("true", "yes", "1"):
            return True
        if text in ("", "false", "no", "0"):
            return False
        raise self.error(f"column {column!r} must be true or false, not {text!r}")


def combined(counter: Row, setup: Row | None) -> tuple[str, str]:
    """The provenance and source of a unit row built from its counter's row and its set-up row.

    A row is tagged with its weakest element (PROVENANCES runs from strongest to weakest), so
    a counter with printed values but a reconstructed start hex is reconstructed.
    """
    if setup is None:
        return counter["provenance"], counter["source"]
    weaker = max(counter["provenance"], setup["provenance"], key=PROVENANCES.index)
    return weaker, f"counter: {counter['source']}; set-up: {setup['source']}"


def read_csv(path: Path, required: tuple[str, ...], *, provenance: bool = True) -> list[Row]:
    """Read a data file, checking its columns and (by default) each row's provenance."""
    if not path.exists():
        raise ScenarioError("file is missing", path=str(path))
    with io.StringIO(_utf8(path), newline="") as handle:
        reader = csv.DictReader(handle)
        columns = tuple(reader.fieldnames or ())
        needed = required + (("provenance", "source") if provenance else ())
        missing = [c for c in needed if c not in columns]
        if missing:
            header = ",".join(needed)
            raise ScenarioError(
                f"missing column(s) {', '.join(missing)}: the header must name {header}", path=str(path), line=1
            )
        rows: list[Row] = []
        for record in reader:
            row = Row({k: (v or "").strip() for k, v in record.items() if k is not None})
            row.path, row.line = str(path), reader.line_num
            if None in record:
                raise row.error("more values than columns")
            if provenance:
                if row["provenance"] not in PROVENANCES:
                    raise row.error(f"provenance must be one of {', '.join(PROVENANCES)}, not {row['provenance']!r}")
                if not row["source"]:
                    raise row.error("every row needs a source (rule, reference or reasoning)")
            rows.append(row)
    return rows


def load_custom(path: Path, games: dict[str, GameInfo], expected: str | None = None) -> tuple[GameInfo, ScenarioInfo]:
    """The game and scenario a custom scenario folder describes (refused when ``expected``
    names another game than its ``scenario.toml``)."""
    import tomllib  # here: opening a match of a built-in scenario never reads TOML

    folder = path.expanduser()
    manifest = folder / "scenario.toml"
    if not manifest.exists():
        raise ScenarioError("a scenario folder needs a scenario.toml", path=str(folder))
    try:
        spec: dict[str, Any] = tomllib.loads(_utf8(manifest))
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(str(error), path=str(manifest)) from None
    for key in ("game", "base"):
        if key not in spec:
            raise ScenarioError(f"scenario.toml needs '{key}'", path=str(manifest))
        if not isinstance(spec[key], str):
            raise ScenarioError(f"'{key}' must be a name in quotes, not {spec[key]!r}", path=str(manifest))
    info = games.get(spec["game"])
    if info is None:
        raise ScenarioError(f"unknown game {spec['game']!r}", path=str(manifest))
    if expected is not None and info.name != expected:
        raise ScenarioError(f"this scenario is for {info.name}, not {expected}", path=str(manifest))
    base = info.scenarios.get(spec["base"])
    if base is None:
        known = ", ".join(info.scenarios)
        raise ScenarioError(f"{info.name} has no scenario {spec['base']!r} ({known})", path=str(manifest))
    first = _turn(spec, "first_turn", base.first_turn, manifest)
    last = _turn(spec, "last_turn", base.last_turn, manifest)
    if last < first:
        raise ScenarioError(f"last_turn {last} comes before first_turn {first}", path=str(manifest))
    scenario = replace(
        base,
        title=str(spec.get("title", base.title)),
        first_turn=first,
        last_turn=last,
        data=folder,
        fallback=base.data,
    )
    return info, scenario


def _turn(spec: dict[str, Any], key: str, default: int, manifest: Path) -> int:
    value = spec.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{key} must be a whole number, not {value!r}", path=str(manifest))
    return value


def _utf8(path: Path) -> str:
    """The text of a scenario file, which must be UTF-8 (a byte-order mark is allowed)."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        hint = " (it looks like UTF-16)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise ScenarioError(
            f"is not UTF-8 text{hint}: byte {data[error.start]:#04x} at offset {error.start}; save it as UTF-8",
            path=str(path),
        ) from None
