"""The shared rule queries of schema/rules/*.sql, loaded by name and run set at a time.

Each query opens with an aiosql-style header::

    -- name: enemy-zoc(game_id, side)
    -- Spaces inside the zone of control of :side's enemies.
    -- Rules: taken from rule_ref (Battle for Germany: 4.0, 4.1, 4.4)
    -- Reads: unit_state, link, hostility
    -- Returns: space_id, unit_id, rule, reason

and uses its parameters as ``$game_id``, ``$side``. A parameter declared ``units = NULL``
is optional: :attr:`RuleQuery.sql` reads it as NULL, and :class:`RuleQueries` passes it
only when asked. The loader checks that the declared and used parameters agree and reports
``file:line`` when they do not.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import ScenarioError, UnknownName
from .resources import data_dir

if TYPE_CHECKING:
    from .game import Game
    from .store import Store

_HEADER = re.compile(r"^--\s*name:\s*([a-z0-9_-]+)\s*\(([^)]*)\)\s*$")
_PARAM = re.compile(r"(?<![:$\w])\$([a-z_][a-z0-9_]*)")
_OPTIONAL = re.compile(r"^([a-z_][a-z0-9_]*)\s*=\s*NULL$")


@dataclass(frozen=True)
class RuleQuery:
    """One named query: its SQL, declared parameters, documentation and origin."""

    name: str
    params: tuple[str, ...]
    text: str
    doc: str
    path: Path
    line: int
    optional: tuple[str, ...] = ()

    @property
    def sql(self) -> str:
        """The query with its optional parameters left out (read as NULL): the whole answer."""
        return self.with_params(())

    def with_params(self, given: Iterable[str]) -> str:
        """The query's text where the optional parameters not ``given`` read as NULL."""
        text = self.text
        for name in set(self.optional) - set(given):
            text = re.sub(rf"(?<![:$\w])\${name}\b", "NULL", text)
        return text

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
            RuleQuery(
                current["name"],
                current["params"],
                sql,
                "\n".join(current["doc"]),
                path,
                current["line"],
                current["optional"],
            )
        )

    for number, text in enumerate(lines, start=1):
        header = _HEADER.match(text.strip())
        if header:
            close()
            declared = [p.strip() for p in header.group(2).split(",") if p.strip()]
            optional = tuple(m.group(1) for m in map(_OPTIONAL.match, declared) if m)
            params = tuple(p.split("=")[0].strip() for p in declared)
            current = {
                "name": header.group(1),
                "params": params,
                "optional": optional,
                "body": [],
                "doc": [],
                "line": number,
            }
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
        raise UnknownName(f"no rule query named {name!r} (queries: {', '.join(sorted(all_queries()))})") from None


def derive_board(store: Store, game_id: str) -> None:
    """Derive the match's static move_link rows from its board (rule query move-links).

    Run once the board (link, space, terrain_cost, border_rule) is loaded: a new match's
    rows are written again, replacing any it had.
    """
    store.con.execute("DELETE FROM move_link WHERE game_id = ?", [game_id])
    store.con.execute(
        "INSERT INTO move_link (game_id, a, b, border, cost, passable, carries_zoc)"
        f" SELECT $game_id, * FROM ({get_query('move-links').sql})",
        {"game_id": game_id},
    )


# A query may declare in its header that its answer is partitioned by unit:
#     -- Per unit: <why>
# meaning: each unit_id's rows depend only on that unit's own state and on the state of
# other sides (never on :side's other units), a unit with mp = 0 has no rows, the rows
# are a deterministic function of the state (ties broken by value, not by row order), and
# the optional parameter ``units = NULL`` limits the answer to those units.
# movement-reach fits: friendly units neither block nor project ZOC. When the only state
# changes since an answer are moves of :side's units (their space, mp and moved), the new
# answer is the old one with those units asked again, and the rows of units not moved are
# the old rows (tests/test_conformance.py compares the kept answer with a full run).
PER_UNIT_TAG = "Per unit:"
_PER_UNIT_COLUMNS = frozenset({"space_id", "mp", "moved"})


class RuleQueries:
    """Runs rule queries for one match, caching each answer until the state changes."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._cache: dict[tuple[Any, ...], tuple[int, list[dict[str, Any]]]] = {}
        # per-unit queries: the answer as of an effect (seq, n) and a ledger mark, to update by the effects since
        self._base: dict[tuple[Any, ...], tuple[tuple[int, int], Any, list[dict[str, Any]]]] = {}
        self.in_action = False  # inside Game.play, whose failure calls forget()

    def run(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Rows of query ``name``; ``game_id`` is filled in. Cached per state version."""
        query = get_query(name)
        values = {"game_id": self.game.game_id, **params}
        values = {k: v for k, v in values.items() if k in query.params and v is not None}
        missing = set(query.params) - set(query.optional) - set(values)
        if missing:
            raise TypeError(f"query {name} needs {', '.join(sorted(missing))}")
        if query.per_unit:
            return self._per_unit(query, values)
        key = (name, hashable(values))
        version = self.game.ledger.version
        hit = self._cache.get(key)
        if hit and hit[0] == version:
            return hit[1]
        rows = self._query(query, values)
        self._cache[key] = (version, rows)
        return rows

    def forget(self) -> None:
        """Drop the answers kept since the last commit (the action that made them failed)."""
        self._base.clear()
        self._cache.clear()

    def _query(self, query: RuleQuery, values: dict[str, Any]) -> list[dict[str, Any]]:
        return self.game.rows(query.with_params(values), values)

    def _per_unit(self, query: RuleQuery, values: dict[str, Any]) -> list[dict[str, Any]]:
        """A per-unit query's answer: the rows of ``units`` (all units when not given)."""
        units = values.pop("units", None)
        key = (query.name, hashable(values))
        version = self.game.ledger.version
        hit = self._cache.get(key)
        if hit and hit[0] == version:
            rows = hit[1]
        else:
            base = self._base.get(key)
            moved = self._moved_since(base[0], base[1], values) if base else None
            if moved is not None and units is not None and not moved.keys() & set(units):
                return [row for row in base[2] if row["unit_id"] in units]  # their rows are as they were
            rows = self._query(query, values) if moved is None else self._rerun(query, values, base[2], moved)
            self._cache[key] = (version, rows)
            if self.in_action or self.game._together or not self.game.store._depth:  # never in a what-if transaction
                self._base[key] = (self._position(), self.game.ledger.mark(), rows)
        return rows if units is None else [row for row in rows if row["unit_id"] in units]

    def _rerun(
        self, query: RuleQuery, values: dict[str, Any], rows: list[dict[str, Any]], moved: dict[str, int]
    ) -> list[dict[str, Any]]:
        """``rows`` with the moved units' rows asked again (in the query's unit order)."""
        again = sorted(unit for unit, mp in moved.items() if mp > 0)
        fresh = self._query(query, {**values, "units": again}) if again else []
        by_unit: dict[str, list[dict[str, Any]]] = {}
        for row in [*(r for r in rows if r["unit_id"] not in moved), *fresh]:
            by_unit.setdefault(row["unit_id"], []).append(row)
        return [row for unit in sorted(by_unit) for row in by_unit[unit]]

    def _position(self) -> tuple[int, int]:
        """Where the effect log stands: (seq, n) of the last effect of this state."""
        ledger, last = self.game.ledger, self.game.events.last_seq
        return (last, ledger.recorded) if ledger.seq == last else (last, 2**31 - 1)

    def _moved_since(self, since: tuple[int, int], mark: Any, values: dict[str, Any]) -> dict[str, int] | None:
        """Units of ``side`` moved since effect ``since`` (seq, n) with their movement points
        now; None when anything else changed (known in memory from the ledger's ``mark`` when
        another table or column changed, else from the effects since)."""
        changed = self.game.ledger.changed_since(mark)
        if changed is None or any(tbl != "unit_state" or col not in _PER_UNIT_COLUMNS for tbl, col in changed):
            return None
        self.game.ledger.flush()
        changes = self.game.store.con.execute(
            """SELECT e.tbl, e.col, s.unit_id, s.side, s.mp FROM effect e
               LEFT JOIN unit_state s ON e.tbl = 'unit_state' AND s.game_id = e.game_id
                    AND s.unit_id = e.key ->> 'unit_id'
               WHERE e.game_id = ? AND (e.seq > ? OR e.seq = ? AND e.n > ?)""",
            [self.game.game_id, since[0], since[0], since[1]],
        ).fetchall()
        moved: dict[str, int] = {}
        for tbl, col, unit_id, side, mp in changes:
            if tbl != "unit_state" or col not in _PER_UNIT_COLUMNS or side != values.get("side"):
                return None
            moved[unit_id] = mp
        return moved


def hashable(value: Any) -> Hashable:
    """Query parameters as a cache key: lists become tuples, a mapping its sorted items."""
    if isinstance(value, dict):
        return tuple(sorted((k, hashable(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(hashable(v) for v in value)
    return value
