"""One rule query asked for many matches in one statement, each ask's answer exactly as alone.

A rule query (schema/rules) asked for several (match_id, side, …) at once runs its body once per
asked set of parameters through a LATERAL join over a table of those values, which DuckDB plans
once (scripts/bench_pooling.py measures the gain)::

    SELECT asked.pooled_ask, answer.*
    FROM (SELECT unnest($pooled_ask) AS pooled_ask, unnest($match_id) AS match_id, …) AS asked,
         LATERAL (<the query, $match_id read as asked.match_id …>) AS answer
    ORDER BY asked.pooled_ask, <the query's own ORDER BY, on its output columns>

A subquery's ORDER BY does not order the outer rows, so the query's final ORDER BY moves out,
each key named by the output column it is (``x.unit_id`` is the column ``unit_id``, ``l.b`` the
column its ``AS`` names): the rows of each ask come back in the order the query alone gives.
A query whose order cannot be said so (a key that is no output column, a final UNION or LIMIT)
is not pooled: :func:`pooled_form` returns None and its asks go one statement each.

A query written for many asks together (``-- Together:``: movement-legal, movement-exit) needs no
such form: it is asked as it stands, each parameter the list of the asks' values. The LATERAL join
runs the query's body once per ask; a query keyed by ask throughout walks every ask in one pass
(measured on movement-legal, 48 asks of 20 matches: 15-16 ms an ask through LATERAL, 6-7 ms
together, 25-26 ms one statement each). A tournament's pool therefore asks a Together query
only when no other question waits (phaseline.tournament.pool.Pool.answered_now), so that each
of its statements carries as many matches as can be gathered.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from .queries import ASK, PARAM, RuleQuery, ask_alone, rows_by_ask, sql_spans, strip_comments

if TYPE_CHECKING:
    from .store import Store

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NAME = r'(?:[A-Za-z_][A-Za-z0-9_]*|"[^"]+")'
_COLUMN = re.compile(rf"^(?:{_NAME}\.)?({_NAME})$")
_ALIASED = re.compile(rf"^(.*\S)\s+AS\s+({_NAME})$", re.IGNORECASE | re.DOTALL)
_DIRECTION = re.compile(r"\s+(ASC|DESC)?\s*(NULLS\s+(?:FIRST|LAST))?\s*$", re.IGNORECASE)
_SET_OPERATIONS = ("UNION", "INTERSECT", "EXCEPT")  # outside brackets: the final SELECT is one of several


@dataclass(frozen=True)
class PooledForm:
    """A rule query in the form that answers many asks at once."""

    query: RuleQuery
    inner: str  # the query without its final ORDER BY
    order: tuple[str, ...]  # that ORDER BY's keys, on the output columns

    @property
    def sql(self) -> str:
        """The statement for asks whose values are all scalars."""
        return self.sql_for(frozenset(), frozenset())

    def sql_for(self, lists: frozenset[str], nulls: frozenset[str]) -> str:
        """The statement for asks whose values of the parameters ``lists`` are lists (or NULL),
        and of ``nulls`` all NULL (an optional parameter no ask gives reads as NULL, as in
        :meth:`RuleQuery.with_params`).

        A list parameter is not a column of the asked values but one list of them all, which the
        query reads at the ask's number: a list among the asked values would make DuckDB carry
        and compare lists in every join of the query's body that depends on the ask (measured:
        the reach of 10 matches, 30 units each, 2.8x slower). A query written for many asks
        together is its own statement, each parameter the list of the asks' values.
        """
        if self.query.together:
            return self.query.with_params(set(self.query.params) - nulls)
        asked = ", ".join(
            f"unnest(${name}) AS {name}" for name in (ASK, *self.query.params) if name not in nulls | lists
        )

        def read(param: re.Match[str]) -> str:
            name = param.group(1)
            if name in nulls:
                return "NULL"
            if name in lists:
                return f"${name}[asked.{ASK} + 1]"
            return f"asked.{name}"

        order = "".join(f", answer.{key}" for key in self.order)
        return (
            f"SELECT asked.{ASK}, answer.*\nFROM (SELECT {asked}) AS asked,\n"
            f"LATERAL (\n{PARAM.sub(read, self.inner)}\n) AS answer\nORDER BY asked.{ASK}{order}"
        )

    def answer(self, store: Store, asks: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]]:
        """The rows of each of ``asks`` (each the query's parameter values, an optional one left
        out or None), in one statement; one statement each when there is one ask (the query
        itself) or a parameter's values are not all of one type."""
        columns = {name: [ask.get(name) for ask in asks] for name in self.query.params}
        nulls = frozenset(name for name, values in columns.items() if all(v is None for v in values))
        lists = frozenset(name for name, values in columns.items() if any(isinstance(v, list | tuple) for v in values))
        if len(asks) == 1 or not all(_travel_together(values, name in lists) for name, values in columns.items()):
            return [ask_alone(store, self.query, ask) for ask in asks]
        values = {name: v for name, v in columns.items() if name not in nulls}
        if not self.query.together:  # the LATERAL form numbers the asks itself
            values[ASK] = list(range(len(asks)))
        return rows_by_ask(store, self.sql_for(lists, nulls), values, len(asks))


def _travel_together(values: list[Any], listed: bool) -> bool:
    """Whether one parameter's asked values make one column (of one type) or, ``listed``, one
    list of lists (each a list or None, their items of one type)."""
    given = [v for v in values if v is not None]
    if listed:
        if not all(isinstance(v, list | tuple) for v in given):
            return False
        given = [item for v in given for item in v]
    return len({type(v) for v in given}) <= 1


@cache
def pooled_form(query: RuleQuery) -> PooledForm | None:
    """``query`` in the form that answers many asks at once; None when its rows' order cannot be
    kept outside it (see the module's docstring)."""
    if query.together:
        return PooledForm(query, query.text, ())  # (sql_for asks it as it stands)
    split = _final_order(query.text)
    if split is None:
        return None
    inner, keys = split
    return PooledForm(query, inner, tuple(keys))


def _final_order(sql: str) -> tuple[str, list[str]] | None:
    """``sql`` without its final ORDER BY, and that ORDER BY's keys as output columns (with their
    direction); None when they cannot be said so. A query without an ORDER BY keeps none."""
    words = _top_level_words(sql)
    selects = [at for at, word in words if word == "SELECT"]
    if not selects:
        return None
    last = selects[-1]
    after = [(at, word) for at, word in words if at > last]
    if any(word in _SET_OPERATIONS for _, word in words) or any(word in ("LIMIT", "OFFSET") for _, word in after):
        return None
    names = [word for _, word in after]
    if "ORDER" not in names or names[names.index("ORDER") + 1 :][:1] != ["BY"]:
        return sql, []
    order, by = after[names.index("ORDER")][0], after[names.index("ORDER") + 1][0] + len("BY")
    end = after[names.index("FROM")][0] if "FROM" in names else order
    outputs = _outputs(sql[last + len("SELECT") : end])
    keys = []
    for key in _split_top(sql[by:]):
        column = _output_of(key, outputs)
        if column is None:
            return None
        keys.append(column)
    return sql[:order].rstrip(), keys


def _outputs(select_list: str) -> dict[str, str]:
    """The final SELECT's items: each expression (spaces folded) and the output column it makes."""
    found: dict[str, str] = {}
    names: list[str] = []
    for item in _split_top(select_list):
        aliased = _ALIASED.match(item)
        expression, name = (aliased.group(1), aliased.group(2)) if aliased else (item, None)
        column = _COLUMN.match(expression.strip())
        name = name or (column.group(1) if column else None)
        if name is None:
            continue  # an unnamed expression: no key can name it
        names.append(name.strip('"').lower())
        found[_folded(expression)] = name
        found[_folded(name)] = name
    duplicated = {n for n in names if names.count(n) > 1}
    return {e: n for e, n in found.items() if n.strip('"').lower() not in duplicated}


def _output_of(key: str, outputs: dict[str, str]) -> str | None:
    """An ORDER BY key as an output column with its direction (``"legal" DESC``), or None."""
    direction = _DIRECTION.search(key)
    suffix = direction.group(0).strip() if direction and direction.group(0).strip() else ""
    expression = key[: direction.start()] if suffix else key
    name = outputs.get(_folded(expression))
    if name is None:
        return None
    quoted = name if name.startswith('"') else f'"{name}"'
    return f"{quoted} {suffix}".rstrip()


def _folded(text: str) -> str:
    return " ".join(text.split()).lower()


def _top_level_words(sql: str) -> list[tuple[int, str]]:
    """The upper-cased words of ``sql`` outside brackets, strings, quoted names and comments, with their offsets."""
    return [
        (at, word.group(0).upper())
        for at, _ in _outside(sql)
        if (at == 0 or not (sql[at - 1].isalnum() or sql[at - 1] in "_.$")) and (word := _WORD.match(sql, at))
    ]


def _split_top(text: str) -> list[str]:
    """``text`` split at its commas outside brackets, strings and comments, each part without its comments."""
    commas = [at for at, char in _outside(text) if char == ","]
    parts = [text[start + 1 : end] for start, end in itertools.pairwise([-1, *commas, len(text)])]
    return [part for part in (strip_comments(p).strip().rstrip(";").strip() for p in parts) if part]


def _outside(sql: str) -> Iterator[tuple[int, str]]:
    """The characters of ``sql`` (with their offsets) outside brackets, strings, quoted names and comments."""
    depth = 0
    for start, kind, text in sql_spans(sql):
        if kind != "code":
            continue
        for at, char in enumerate(text, start):
            if char in "([{":
                depth += 1
            elif char in ")]}":
                depth -= 1
            elif depth == 0:
                yield at, char
