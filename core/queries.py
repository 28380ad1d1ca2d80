"""The shared rule queries of schema/rules/*.sql, loaded by name and run set at a time.

Each query opens with an aiosql-style header::

    -- name: enemy-zoc(game_id, side)
    -- Spaces inside the zone of control of :side's enemies.
    -- Rules: taken from rule_ref (Battle for Germany: 4.0, 4.1, 4.4)
    -- Reads: unit_state, link, hostility
    -- Returns: space_id, unit_id, rule, reason

and uses its parameters as ``$game_id``, ``$side``. The loader checks that the declared
and used parameters agree and reports ``file:line`` when they do not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import ScenarioError, UnknownName
from .resources import data_dir

if TYPE_CHECKING:
    from .game import Game

_HEADER = re.compile(r"^--\s*name:\s*([a-z0-9_-]+)\s*\(([^)]*)\)\s*$")
_PARAM = re.compile(r"(?<![:$\w])\$([a-z_][a-z0-9_]*)")


@dataclass(frozen=True)
class RuleQuery:
    """One named query: its SQL, declared parameters, documentation and origin."""

    name: str
    params: tuple[str, ...]
    sql: str
    doc: str
    path: Path
    line: int


def parse_queries(path: Path) -> list[RuleQuery]:
    """Split a .sql file into its named queries, checking each header."""
    queries: list[RuleQuery] = []
    current: dict[str, Any] | None = None
    lines = path.read_text().splitlines()

    def close() -> None:
        if current is None:
            return
        sql = "\n".join(current["body"]).strip().rstrip(";").strip()
        used = set(_PARAM.findall(_strip_comments(sql)))
        declared = set(current["params"])
        if used != declared:
            raise ScenarioError(
                f"query {current['name']} declares ({', '.join(current['params'])}) "
                f"but uses ({', '.join(sorted(used))})",
                path=str(path),
                line=current["line"],
            )
        queries.append(
            RuleQuery(
                current["name"], current["params"], sql, "\n".join(current["doc"]), path, current["line"]
            )
        )

    for number, text in enumerate(lines, start=1):
        header = _HEADER.match(text.strip())
        if header:
            close()
            params = tuple(p.strip() for p in header.group(2).split(",") if p.strip())
            current = {"name": header.group(1), "params": params, "body": [], "doc": [], "line": number}
        elif current is not None:
            if text.startswith("--") and not current["body"]:
                current["doc"].append(text.lstrip("- ").rstrip())
            else:
                current["body"].append(text)
    close()
    return queries


def _strip_comments(sql: str) -> str:
    return "\n".join(line.split("--", 1)[0] for line in sql.splitlines())


@cache
def all_queries() -> dict[str, RuleQuery]:
    """Every named query under schema/rules and schema/views."""
    found: dict[str, RuleQuery] = {}
    for folder in ("rules", "views"):
        for path in sorted((data_dir("schema") / folder).glob("*.sql")):
            for query in parse_queries(path):
                if query.name in found:
                    raise ScenarioError(
                        f"query {query.name} is defined twice", path=str(path), line=query.line
                    )
                found[query.name] = query
    return found


def get_query(name: str) -> RuleQuery:
    try:
        return all_queries()[name]
    except KeyError:
        raise UnknownName(f"no rule query named {name!r}") from None


class RuleQueries:
    """Runs rule queries for one match, caching each answer until the state changes."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._cache: dict[tuple[Any, ...], tuple[int, list[dict[str, Any]]]] = {}

    def run(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Rows of query ``name``; ``game_id`` is filled in. Cached per state version."""
        query = get_query(name)
        values = {"game_id": self.game.game_id, **params}
        values = {k: v for k, v in values.items() if k in query.params}
        missing = set(query.params) - set(values)
        if missing:
            raise TypeError(f"query {name} needs {', '.join(sorted(missing))}")
        key = (name, *sorted((k, _hashable(v)) for k, v in values.items()))
        version = self.game.ledger.version
        hit = self._cache.get(key)
        if hit and hit[0] == version:
            return hit[1]
        rows = self.game.store.rows(query.sql, values)
        self._cache[key] = (version, rows)
        return rows


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
