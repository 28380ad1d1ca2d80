"""Rendering rows for people (tables) and for scripts (JSON, CSV).

One rule for every command's cells: JSON keeps each value's own type (lists stay lists);
CSV and tables write a boolean as ``true``/``false``, a list or an object as its JSON text
(as the JSON output would give it; a table, for people, lists plain values with commas)
and nothing for a missing value. CSV lines end with ``\\n``, as the files a Unix tool
reads and writes.
"""

from __future__ import annotations

import csv
import io
import json
from enum import StrEnum
from typing import Any

import typer


class Format(StrEnum):
    table = "table"
    json = "json"
    csv = "csv"


def cell(value: Any, *, table: bool = False) -> Any:
    """A value as a CSV (or, with ``table``, a table) cell shows it (see the module's docstring)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if table and isinstance(value, list | tuple) and not any(isinstance(v, list | tuple | dict) for v in value):
        return ", ".join(str(cell(v)) for v in value)
    if isinstance(value, list | tuple | dict):
        return json.dumps(value, default=str, ensure_ascii=False)
    return "" if value is None else value


def as_json(value: Any) -> str:
    return json.dumps(value, default=str, indent=2)


def render(rows: list[dict[str, Any]], fmt: Format, *, empty: str = "(none)") -> str:
    """Rows as a table (tabulate), JSON (a list of objects) or CSV with a header."""
    if fmt is Format.json:
        return as_json(rows)
    if fmt is Format.csv:
        out = io.StringIO()
        if rows:
            columns = dict.fromkeys(key for row in rows for key in row)  # rows of several kinds: every column
            writer = csv.DictWriter(out, fieldnames=list(columns), lineterminator="\n")
            writer.writeheader()
            writer.writerows({key: cell(value) for key, value in row.items()} for row in rows)
        return out.getvalue().rstrip("\n")
    if not rows:
        return empty
    from tabulate import tabulate

    shown = [{key: cell(value, table=True) for key, value in row.items()} for row in rows]
    return tabulate(shown, headers="keys", tablefmt="simple", disable_numparse=True)


def emit(rows: list[dict[str, Any]], fmt: Format, *, empty: str = "(none)") -> None:
    typer.echo(render(rows, fmt, empty=empty))


def emit_one(record: dict[str, Any], fmt: Format) -> None:
    """One record: key/value lines for people, an object for scripts."""
    if fmt is Format.json:
        typer.echo(as_json(record))
    elif fmt is Format.csv:
        emit([record], fmt)
    else:
        width = max((len(k) for k in record), default=0)
        for key, value in record.items():
            typer.echo(f"{key.ljust(width)}  {cell(value, table=True)}")
