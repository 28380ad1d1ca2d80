"""The game's own set-at-a-time rule queries (plugins/nimitz/sql/*.sql, aiosql-style headers as
schema/rules/ has them), run against the match and kept until a table they read changes."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from phaseline.queries import RuleQuery, parse_queries

FOLDER = Path(__file__).resolve().parent.parent / "sql"


@cache
def queries() -> dict[str, RuleQuery]:
    """Every named query of the game's sql/ folder."""
    return {q.name: q for path in sorted(FOLDER.glob("*.sql")) for q in parse_queries(path)}


def reads(query: RuleQuery) -> tuple[str, ...]:
    """The tables the header's ``Reads:`` line names."""
    line = next(line for line in query.doc.splitlines() if line.startswith("Reads:"))
    return tuple(name.strip() for name in line.removeprefix("Reads:").split(","))


def run(match, name: str, **params: Any) -> list[dict[str, Any]]:
    """Rows of query ``name`` for this match (``match_id`` filled in), asked again only after one
    of the state tables it reads has changed."""
    query = queries()[name]
    values = {"match_id": match.match_id, **params}
    return match.state_rows(reads(query), query.sql, values)
