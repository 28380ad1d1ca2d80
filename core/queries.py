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

    @property
    def per_unit(self) -> bool:
        """The header declares the answer partitioned by unit (see ``PER_UNIT_TAG``)."""
        return any(line.startswith(PER_UNIT_TAG) for line in self.doc.splitlines())


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
            RuleQuery(current["name"], current["params"], sql, "\n".join(current["doc"]), path, current["line"])
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
                    raise ScenarioError(f"query {query.name} is defined twice", path=str(path), line=query.line)
                found[query.name] = query
    return found


def get_query(name: str) -> RuleQuery:
    try:
        return all_queries()[name]
    except KeyError:
        raise UnknownName(f"no rule query named {name!r}") from None


# A query may declare in its header that its answer is partitioned by unit:
#     -- Per unit: <why>
# meaning: each unit_id's rows depend only on that unit's own state and on the state of
# other sides (never on :side's other units), a unit with mp = 0 has no rows, and the rows
# are a deterministic function of the state (ties broken by value, not by row order).
# movement-reach fits when its paths break ties by value: friendly units neither block nor
# project ZOC, and it lists only units with mp > 0. When the only state changes since an
# answer are moves of :side's units that ended with mp = 0, the new answer is the old one
# without those units' rows (tests/test_conformance.py compares it with a full run).
PER_UNIT_TAG = "Per unit:"
_PER_UNIT_COLUMNS = frozenset({"space_id", "mp", "moved"})


class RuleQueries:
    """Runs rule queries for one match, caching each answer until the state changes."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._cache: dict[tuple[Any, ...], tuple[int, list[dict[str, Any]]]] = {}
        # per-unit queries: the answer at a committed event (last seq), to update by effects
        self._base: dict[tuple[Any, ...], tuple[int, list[dict[str, Any]]]] = {}

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
        rows = self._updated(name, key, values) if query.per_unit else None
        if rows is None:
            rows = self.game.store.rows(query.sql, values)
        self._cache[key] = (version, rows)
        if query.per_unit and not self.game.store._depth:  # committed state only
            self._base[key] = (self.game.events.last_seq, rows)
        return rows

    def _updated(self, name: str, key: tuple[Any, ...], values: dict[str, Any]) -> list[dict[str, Any]] | None:
        """The base answer minus the units of ``side`` that have since spent all their movement
        points, when nothing else changed since; None when the query must run again."""
        base = self._base.get(key)
        if base is None or "side" not in values:
            return None
        since, rows = base
        changes = self.game.store.con.execute(
            """SELECT e.tbl, e.col, s.unit_id, s.side, s.mp FROM effect e
               LEFT JOIN unit_state s ON e.tbl = 'unit_state' AND s.game_id = e.game_id
                    AND s.unit_id = e.key ->> 'unit_id'
               WHERE e.game_id = ? AND e.seq > ?""",
            [self.game.game_id, since],
        ).fetchall()
        spent: set[str] = set()
        for tbl, col, unit_id, side, mp in changes:
            if tbl != "unit_state" or col not in _PER_UNIT_COLUMNS or side != values["side"] or mp != 0:
                return None
            spent.add(unit_id)
        if not spent:
            return rows
        return [row for row in rows if row["unit_id"] not in spent]


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
