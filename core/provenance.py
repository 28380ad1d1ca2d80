"""What a match's data rests on: its static tables, row counts per provenance, row sources."""

from __future__ import annotations

from typing import Any

from .errors import UnknownName
from .match import Match
from .scenario import PROVENANCES

CORE_STATIC_TABLES = ("space", "link", "unit", "terrain_cost", "border_rule")


def static_tables(match: Match) -> list[str]:
    """The core static tables and the game plugin's own static tables, in that order."""
    own = [t.name for t in match.tables if t.kind == "static" and t.name not in CORE_STATIC_TABLES]
    return [*CORE_STATIC_TABLES, *own]


def _columns(match: Match, table: str) -> list[str]:
    return [
        r["column_name"]
        for r in match.rows(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position",
            [table],
        )
    ]


def summary(match: Match) -> list[dict[str, Any]]:
    """One row per static table: the number of rows of each provenance, the total, and the share of
    the rows that are placeholders (``placeholder %``, one decimal; blank for an empty table).

    A table without a ``provenance`` column counts its rows under ``unrecorded``.
    """
    rows: list[dict[str, Any]] = []
    for table in static_tables(match):
        columns = _columns(match, table)
        if "provenance" in columns:
            counts = dict(
                match.con.execute(
                    f'SELECT provenance, count(*) FROM "{table}" WHERE match_id = ? GROUP BY provenance',
                    [match.match_id],
                ).fetchall()
            )
        else:
            counts = {"unrecorded": match.one(f'SELECT count(*) FROM "{table}" WHERE match_id = ?', [match.match_id])}
        row: dict[str, Any] = {"table": table}
        row.update({p: counts.pop(p, 0) for p in PROVENANCES})
        row["unrecorded"] = sum(counts.values())
        row["rows"] = sum(v for k, v in row.items() if k != "table")
        row["placeholder %"] = round(100 * row["placeholder"] / row["rows"], 1) if row["rows"] else None
        rows.append(row)
    return rows


def table_rows(match: Match, table: str, provenance: str | None = None) -> list[dict[str, Any]]:
    """The rows of one static table (without ``match_id``), optionally of one provenance."""
    tables = static_tables(match)
    if table not in tables:
        raise UnknownName(f"{table!r} is not a static table of {match.info.name} (tables: {', '.join(tables)})")
    columns = [c for c in _columns(match, table) if c != "match_id"]
    where, params = "match_id = ?", [match.match_id]
    if provenance:
        if "provenance" not in columns:
            raise UnknownName(f"table {table} records no provenance")
        if provenance not in PROVENANCES:
            raise UnknownName(f"unknown provenance {provenance!r} (one of {', '.join(PROVENANCES)})")
        where, params = where + " AND provenance = ?", [*params, provenance]
    select = ", ".join(f'"{c}"' for c in columns)
    return match.rows(f'SELECT {select} FROM "{table}" WHERE {where} ORDER BY ALL', params)


def rests_on(match: Match) -> str:
    """One line: the static tables whose rows are mostly placeholders, then those mostly
    reconstructed, each with that share of its rows (the rest come from the rulebook or a public
    source). ``bfg_crt 47/48`` reads: 47 of the CRT's 48 rows are placeholders."""
    groups: dict[str, list[str]] = {"placeholder": [], "reconstructed": [], "unrecorded": []}
    for row in summary(match):
        counts = {p: row[p] for p in (*PROVENANCES, "unrecorded")}
        most = max(counts, key=lambda p: (counts[p], p in groups))
        if row["rows"] and most in groups:
            groups[most].append(f"{row['table']} {counts[most]}/{row['rows']}")
    parts = [f"{kind} {', '.join(tables)}" for kind, tables in groups.items() if tables]
    rest = "the rest from the rulebook or public sources" if parts else "all from the rulebook or public sources"
    return f"data: {'; '.join([*parts, rest])} ('phaseline data' for details)"
