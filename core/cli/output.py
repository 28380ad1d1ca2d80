"""Rendering rows for people (tables) and for scripts (JSON, CSV)."""

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


def render(rows: list[dict[str, Any]], fmt: Format, *, empty: str = "(none)") -> str:
    """Rows as a table (tabulate), JSON (a list of objects) or CSV with a header."""
    if fmt is Format.json:
        return json.dumps(rows, default=str, indent=2)
    if fmt is Format.csv:
        out = io.StringIO()
        if rows:
            writer = csv.DictWriter(out, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        return out.getvalue().rstrip("\n")
    if not rows:
        return empty
    from tabulate import tabulate

    return tabulate(rows, headers="keys", tablefmt="simple", disable_numparse=True)


def emit(rows: list[dict[str, Any]], fmt: Format, *, empty: str = "(none)") -> None:
    typer.echo(render(rows, fmt, empty=empty))


def emit_one(record: dict[str, Any], fmt: Format) -> None:
    """One record: key/value lines for people, an object for scripts."""
    if fmt is Format.json:
        typer.echo(json.dumps(record, default=str, indent=2))
    elif fmt is Format.csv:
        emit([record], fmt)
    else:
        width = max((len(k) for k in record), default=0)
        for key, value in record.items():
            typer.echo(f"{key.ljust(width)}  {value}")
