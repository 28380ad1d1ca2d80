"""The shared rule queries of schema/rules/*.sql, loaded by name and run set at a time.

Each query opens with an aiosql-style header::

    -- name: enemy-zoc(match_id, side)
    -- Spaces inside the zone of control of :side's enemies.
    -- Rules: taken from rule_ref (Battle for Germany: 4.0, 4.1, 4.4)
    -- Reads: unit_state, link, hostility
    -- Returns: space_id, unit_id, rule, reason

and uses its parameters as ``$match_id``, ``$side``. A parameter declared ``units = NULL``
is optional: :attr:`RuleQuery.sql` reads it as NULL, and :class:`RuleQueries` passes it
only when asked. The loader checks that the declared and used parameters agree and reports
``file:line`` when they do not.

A header may declare ``-- Together: <why>``: the query is written for many asks at once, each
parameter a list with one item per ask and each row led by its ask's index (``pooled_ask``, from
0). :func:`ask_alone` asks it with lists of one; a tournament's pool asks it with every waiting
match's values (:mod:`phaseline.pooled_queries`). movement-legal and movement-exit are so
written: one walk over many matches' units costs a fraction of one statement each.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .errors import ScenarioError, UnknownName
from .per_unit import NEAR_TAG, PER_UNIT_TAG, PerUnitAnswers
from .resources import data_dir

if TYPE_CHECKING:
    from .ledger import Ledger
    from .match import Match
    from .store import Store

TOGETHER_TAG = "Together:"
ASK = "pooled_ask"  # the column numbering the asks of a statement answering several (a Together query's first)
_HEADER = re.compile(r"^--\s*name:\s*([a-z0-9_-]+)\s*\(([^)]*)\)\s*$")
PARAM = re.compile(r"(?<![:$\w])\$([a-z_][a-z0-9_]*)")
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
        """The header declares the answer partitioned by unit (see :mod:`phaseline.per_unit`)."""
        return any(line.startswith(PER_UNIT_TAG) for line in self.doc.splitlines())

    @property
    def near(self) -> bool:
        """The header declares each unit's rows depend on other sides' units only near it."""
        return any(line.startswith(NEAR_TAG) for line in self.doc.splitlines())

    @property
    def together(self) -> bool:
        """The header declares the query written for many asks at once: each parameter a list
        with one item per ask, each row led by its ask's index (``pooled_ask``); see :func:`ask_alone`."""
        return any(line.startswith(TOGETHER_TAG) for line in self.doc.splitlines())


def ask_alone(store: Store, query: RuleQuery, values: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of one ask of ``query`` (its parameters' ``values``; an optional one left out is
    NULL). A query written for many asks together is asked with lists of one, and its rows come
    without their ask's index."""
    sql = query.with_params(values)
    if not query.together:
        return store.rows(sql, values)
    return rows_by_ask(store, sql, {name: [value] for name, value in values.items()}, 1)[0]


def rows_by_ask(store: Store, sql: str, values: dict[str, Any], count: int) -> list[list[dict[str, Any]]]:
    """The rows of a statement answering ``count`` asks, each ask's apart: its first column is the ask's index."""
    cursor = store.con.execute(sql, values)
    names = [d[0] for d in cursor.description][1:]
    answers: list[list[dict[str, Any]]] = [[] for _ in range(count)]
    for row in cursor.fetchall():
        answers[row[0]].append(dict(zip(names, row[1:], strict=True)))
    return answers


def parse_queries(path: Path) -> list[RuleQuery]:
    """Split a .sql file into its named queries, checking each header."""
    queries: list[RuleQuery] = []
    current: dict[str, Any] | None = None
    lines = path.read_text().splitlines()

    def close() -> None:
        if current is None:
            return
        sql = "\n".join(current["body"]).strip().rstrip(";").strip()
        used = set(PARAM.findall(strip_comments(sql)))
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


_SPAN_START = re.compile(r"--|['\"]")


def sql_spans(sql: str) -> Iterator[tuple[int, str, str]]:
    """``sql`` cut into its spans, each with its offset and kind: a ``--`` comment (to the end of
    its line), a quoted string or name (``quoted``), or the code between them (``code``)."""
    at = 0
    while at < len(sql):
        found = _SPAN_START.search(sql, at)
        start = found.start() if found else len(sql)
        if start > at:
            yield at, "code", sql[at:start]
        if found is None:
            return
        if found.group() == "--":
            end = sql.find("\n", start)
            kind, end = "comment", len(sql) if end < 0 else end
        else:
            kind, end = "quoted", sql.find(found.group(), start + 1) + 1 or len(sql)
        yield start, kind, sql[start:end]
        at = end


def strip_comments(sql: str) -> str:
    """``sql`` without its ``--`` comments; a ``--`` inside a string or a quoted name is kept."""
    return "".join(text for _, kind, text in sql_spans(sql) if kind != "comment")


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


def derive_board(store: Store, match_id: str) -> None:
    """Derive the match's static move_link rows from its board (rule query move-links).

    Run once the board (link, space, terrain_cost, border_rule) is loaded: a new match's
    rows are written again, replacing any it had.
    """
    store.con.execute("DELETE FROM move_link WHERE match_id = ?", [match_id])
    store.con.execute(
        "INSERT INTO move_link (match_id, a, b, border, cost, passable, carries_zoc)"
        f" SELECT $match_id, * FROM ({get_query('move-links').sql})",
        {"match_id": match_id},
    )


class QuestionPool(Protocol):
    """Where a match of a tournament's pool asks its rule queries: the pool answers the asks of
    all its matches waiting at the same query in one statement (phaseline.tournament.pool)."""

    def ask(self, query: RuleQuery, values: dict[str, Any], ledger: Ledger) -> list[dict[str, Any]]:
        """``query``'s rows for ``values``, once the changes ``ledger`` holds to the tables it
        reads are written (with the other matches')."""
        ...


class RuleQueries:
    """Runs rule queries for one match (``match.rules``), keeping each answer until a state table it reads changes.

    ``match.rules.run("movement-reach", side="north")`` asks a query by name; ``match_id`` is
    given for you, a list parameter is a Python list (``units=["N1", "N2"]``), and a
    parameter left out or None is NULL (``:units`` NULL: every unit of the side). The
    queries read the engine's tables; a game fills them, and each table's columns are in
    ``phaseline sql --schema``. What each needs:

    The board (every query): ``space.space_id``, ``space.kind`` (``hex``, ``area`` or
    ``point`` are the map; a ``box`` is off it), ``space.q`` and ``space.r`` (axial, for
    hex-distance), ``space.terrain``; and ``link.a``, ``link.b``, ``link.kind``, one row
    per direction (a to b and b to a). Load them in ``phaseline_load_scenario``, with
    ``match.con``.

    Movement and ZOC (movement-reach, movement-legal, movement-exit, enemy-zoc, move-links), loaded in
    ``phaseline_load_scenario`` too, since the engine derives ``move_link`` from them once
    that hook returns:

    * ``terrain_cost.terrain``, ``terrain_cost.cost``: required, a row for every terrain on
      the map; a terrain without a row, or with a NULL cost, is never entered.
    * ``border_rule.kind``, ``border_rule.extra_cost``, ``border_rule.passable``,
      ``border_rule.blocks_zoc``: optional; a link kind without a row costs nothing extra,
      may be crossed and carries ZOC.
    * ``rule_ref.topic``, ``rule_ref.rule``: optional; the game's rule number for each
      topic a query cites (movement-reach: ``"move.cost"``, ``"move.enemy-occupied"``,
      ``"move.prohibited"``, ``"zoc.stop"``, ``"zoc.leave"``, ``"zoc.to-zoc"``); without a
      row a refusal cites the topic itself.
    * ``zoc_rule.side``, ``zoc_rule.must_stop``, ``zoc_rule.may_leave``,
      ``zoc_rule.zoc_to_zoc``: optional; no row is rigid ZOC (entering it stops the move,
      a unit may leave it, never ZOC to ZOC).

    In play, state tables changed through :meth:`Match.insert` and :meth:`Match.set`
    (``phaseline_setup`` for the first rows):

    * ``unit_state.unit_id``, ``unit_state.space_id``, ``unit_state.side``: required, a
      row per unit, with its ``unit.unit_id`` row (static). A unit is on the map when
      its space's kind is ``hex``, ``area`` or ``point`` and its ``unit_state.status`` is
      not ``eliminated``; ``ready`` is the default, and any other word (``flipped``,
      ``spent`` …) is the game's own, which the queries treat as ready. ``unit_state.mp``
      (default 0): the movement points left; movement-reach answers only for units with
      ``mp > 0``, so the game gives them (at ``phaseline_phase_start``, e.g. with
      :meth:`Match.update_from`) and lowers them as units move. Entry rules read the
      unit's ``unit.nationality``.
    * ``hostility.side``, ``hostility.enemy``, ``hostility.may_attack``,
      ``hostility.exerts_zoc``: a row for each side and each of its enemies, both ways
      (``north``/``south`` and ``south``/``north``); sides without a row are friends, who
      share hexes and exert no ZOC on each other.
    * ``entry_rule.side``, ``entry_rule.nationality``, ``entry_rule.attr``,
      ``entry_rule.value``, ``entry_rule.negate``, ``entry_rule.rule``,
      ``entry_rule.reason``: optional; spaces a side's units may not enter.

    Paths (cheapest-paths, source-paths) read ``path_source``, ``path_rule`` and
    ``path_cost`` as well, and stacking-audit ``stacking_rule``.

    What movement-reach returns: for each unit, a legal row per space it can reach (its
    least ``cost``, and ``path_via``, the space before it: follow ``path_via`` back to the
    unit's own space for the path; ``by_unit`` names the enemy whose ZOC stops it there),
    and a refusal row (``legal`` false, with ``reason`` and ``rule``) per space next to its
    reach that it may not enter. The unit's own space comes back as a legal row at cost 0
    with ``path_via`` NULL: leave it out of the moves offered. The template game's
    movement.py uses it this way. movement-legal returns the legal rows alone, without
    planning the refusals: a game that asks for moves often asks it, and movement-reach
    only to explain a refused move (Battle for Germany's movement.py).
    """

    def __init__(self, match: Match) -> None:
        self.match = match
        self._cache: dict[tuple[Any, ...], tuple[Hashable, list[dict[str, Any]]]] = {}
        self._per_unit = PerUnitAnswers(match, self._query)  # per-unit queries, brought up to date by unit
        self.in_action = False  # inside Match.play, whose failure calls forget()
        self.pool: QuestionPool | None = None  # a tournament's pool, asked instead of the store

    def run(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """Rows of query ``name``; ``match_id`` is filled in. Kept until a state table it reads
        (through its views and table macros, see :mod:`phaseline.reads`) changes."""
        query = get_query(name)
        values = {"match_id": self.match.match_id, **params}
        values = {k: v for k, v in values.items() if k in query.params and v is not None}
        missing = set(query.params) - set(query.optional) - set(values)
        if missing:
            raise TypeError(f"query {name} needs {', '.join(sorted(missing))}")
        units = values.pop("units", None) if query.per_unit else None
        key = (name, hashable(values))
        ledger = self.match.ledger
        version = tuple(ledger.version_of(table) for table in sorted(ledger.reads(query.sql)))
        hit = self._cache.get(key)
        if hit and hit[0] == version:
            rows = hit[1]
        elif query.per_unit:
            rows = self._per_unit.answer(key, query, values, units)
            if rows is None:
                return self._per_unit.kept_rows(key, units)  # the units asked are as they were
            self._cache[key] = (version, rows)
        else:
            rows = self._query(query, values)
            self._cache[key] = (version, rows)
        return rows if units is None else [row for row in rows if row["unit_id"] in units]

    def forget(self) -> None:
        """Drop the answers kept since the last commit (the action that made them failed)."""
        self._per_unit.forget()
        self._cache.clear()

    def _query(self, query: RuleQuery, values: dict[str, Any]) -> list[dict[str, Any]]:
        if self.pool is not None:
            return self.pool.ask(query, values, self.match.ledger)
        self.match.ledger.write_held_for(query.sql)  # it reads the changes held
        return ask_alone(self.match.store, query, values)


def hashable(value: Any) -> Hashable:
    """Query parameters as a cache key: lists become tuples, a mapping its sorted items."""
    if isinstance(value, dict):
        return tuple(sorted((k, hashable(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(hashable(v) for v in value)
    return value
