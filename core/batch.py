"""Many rows written in one statement: actions' events and effects appended together,
rows of a state table updated set at a time (one ``UPDATE … FROM (SELECT unnest …)``:
Ledger.update_rows), and the rows a ledger inserts, updates and deletes while it holds them
back, to write them that way (Ledger.holding), those of several matches together when a
tournament's pool asks their rule queries in one statement (:func:`write_held`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for hints: importing the store module loads DuckDB
    from .store import Store


_FEW_VALUES = 96  # up to this many values (rows times columns), one VALUES row each; more as typed lists


def append_rows(store: Store, table: str, typed_lists: str, rows: list[Any]) -> None:
    """Append ``rows`` (tuples in the table's column order) in one statement: a few as
    ``VALUES`` rows (a third cheaper than lists for one row), more as one typed list per
    column (``typed_lists``: ``unnest($1::VARCHAR[]), …``), whose cost hardly grows with the
    rows while each VALUES parameter adds to it: lists win from about 100 values on (five
    events, a dozen effects)."""
    if len(rows) * len(rows[0]) <= _FEW_VALUES:
        row = "(" + ", ".join("?" * len(rows[0])) + ")"
        store.con.execute(f"INSERT INTO {table} VALUES {', '.join([row] * len(rows))}", [v for r in rows for v in r])
    else:
        store.con.execute(f"INSERT INTO {table} SELECT {typed_lists}", [list(c) for c in zip(*rows, strict=True)])


Key = tuple[Any, ...]


def write_rows(store: Store, table: str, keys: tuple[str, ...], rows: dict[Key, dict[str, Any]]) -> None:
    """Set the new values of ``rows`` (by key tuple, of ``keys``: match_id and the table's key)
    in one statement: one row by its key, rows of one match given the same values by a list of
    their keys (a single key column), else joined to the new rows as lists (about twice one
    row's statement, whatever the rows); rows that set different columns (units that moved,
    units that attacked) each keep the columns they do not set."""
    first_key, first = next(iter(rows.items()))
    columns = list(dict.fromkeys(column for values in rows.values() for column in values))
    values = list(rows.values())
    if len(rows) == 1:
        assignments = ", ".join(f"{c} = ?" for c in columns)
        where = " AND ".join(f"{k} = ?" for k in keys)
        store.con.execute(f"UPDATE {table} SET {assignments} WHERE {where}", [*first.values(), *first_key])
        return
    one_match = all(key[0] == first_key[0] for key in rows)
    if one_match and len(keys) == 2 and all(v == first for v in values):
        assignments = ", ".join(f"{c} = ?" for c in first)
        store.con.execute(
            f"UPDATE {table} SET {assignments} WHERE match_id = ? AND list_contains(?, {keys[1]})",
            [*first.values(), first_key[0], [key[1] for key in rows]],
        )
        return
    every = all(len(v) == len(columns) for v in values)  # each row sets every column
    listed = range(1 if one_match else 0, len(keys))  # (one match's match_id is given once, as $1)
    lists = [[key[i] for key in rows] for i in listed]  # the new rows, column by column
    lists += [[v.get(c) for v in values] for c in columns]
    names = [*(keys[i] for i in listed), *(f"v{i}" for i in range(len(columns)))]
    sets = [f"{c} = n.v{i}" for i, c in enumerate(columns)]
    if not every:  # and whether each row sets each column
        lists += [[c in v for v in values] for c in columns]
        names += [f"s{i}" for i in range(len(columns))]
        sets = [f"{c} = CASE WHEN n.s{i} THEN n.v{i} ELSE t.{c} END" for i, c in enumerate(columns)]
    given = [first_key[0]] if one_match else []
    source = ", ".join(f"unnest(${i}) AS {name}" for i, name in enumerate(names, len(given) + 1))
    joined = ["t.match_id = $1"] if one_match else []
    joined += [f"t.{keys[i]} = n.{keys[i]}" for i in listed]
    store.con.execute(
        f"UPDATE {table} t SET {', '.join(sets)} FROM (SELECT {source}) n WHERE {' AND '.join(joined)}",
        [*given, *lists],
    )


def delete_rows(store: Store, table: str, keys: tuple[str, ...], rows: list[Key]) -> None:
    """Delete the rows of ``rows`` (key tuples of ``keys``: match_id and the table's key) in one statement."""
    where = f"({', '.join(keys)}) IN (SELECT ({', '.join(f'unnest(${i})' for i in range(1, len(keys) + 1))}))"
    store.con.execute(f"DELETE FROM {table} WHERE {where}", [[key[i] for key in rows] for i in range(len(keys))])


INSERT, UPDATE, DELETE = "insert", "update", "delete"


Run = tuple[str, str, dict[Key, dict[str, Any]]]  # (table, kind, rows by key)


class HeldRows:
    """The row changes of match ``match_id`` held back to be written together: per table, runs
    of one kind (rows inserted, updated or deleted), in the order they were made; a change of
    the same kind as the table's last run joins it (an update of a row inserted in that run
    changes the row). Each run is one statement (:func:`write_held`). ``keys``: each table's
    key columns."""

    def __init__(self, match_id: str, keys: dict[str, tuple[str, ...]], runs: list[Run] | None = None) -> None:
        self.match_id = match_id
        self.keys = keys
        self._runs: list[Run] = runs or []
        self._last: dict[str, int] = {table: i for i, (table, _, _) in enumerate(self._runs)}  # table -> its last run

    def __bool__(self) -> bool:
        return bool(self._runs)

    def __iter__(self) -> Iterator[Run]:
        return iter(self._runs)

    def _run(self, table: str, kind: str) -> dict[Key, dict[str, Any]]:
        """The rows of ``table``'s last run if it is of ``kind``, else of a new run."""
        last = self._last.get(table)
        if last is not None and self._runs[last][1] == kind:
            return self._runs[last][2]
        self._last[table] = len(self._runs)
        self._runs.append((table, kind, {}))
        return self._runs[-1][2]

    def hold(self, table: str, key: Key, values: dict[str, Any]) -> None:
        """Keep ``values`` for the row ``key`` of ``table`` (a later update of it adds to them)."""
        last = self._last.get(table)
        if last is not None and self._runs[last][1] == INSERT and key in self._runs[last][2]:
            self._runs[last][2][key].update(values)  # a row inserted in this very run
            return
        self._run(table, UPDATE).setdefault(key, {}).update(values)

    def insert(self, table: str, key: Key, row: dict[str, Any]) -> None:
        """Keep the new row ``row`` (every column but ``match_id``) of ``table``."""
        run = self._run(table, INSERT)
        if key in run or (run and list(next(iter(run.values()))) != list(row)):  # one set of columns, each key once
            self._last.pop(table)
            run = self._run(table, INSERT)
        run[key] = dict(row)

    def delete(self, table: str, key: Key) -> None:
        """Keep the deletion of the row ``key`` of ``table``."""
        self._run(table, DELETE)[key] = {}

    def take(self, tables: frozenset[str] | None = None) -> HeldRows:
        """The held runs of ``tables`` (None: of every table), in order, taken out of these."""
        taken = [run for run in self._runs if tables is None or run[0] in tables]
        if taken:
            self._runs = [run for run in self._runs if tables is not None and run[0] not in tables]
            self._last = {table: i for i, (table, _, _) in enumerate(self._runs)}
        return HeldRows(self.match_id, self.keys, taken)

    def write(self, store: Store, tables: frozenset[str] | None = None) -> None:
        """Write the held runs of ``tables`` (None: of every table) in order, and forget them."""
        write_held(store, [self.take(tables)])


def write_held(store: Store, held: Sequence[HeldRows]) -> None:
    """Write the held runs of several matches (their tables' keys the same), each match's runs
    of a table in their order: the n-th runs of a table, of one kind (and for inserts one set of
    columns), in one statement for all the matches. A tournament's pool so writes, before it
    asks a rule query for many matches, the changes each of them holds to the tables it reads."""
    statements: dict[tuple[int, str, str, tuple[str, ...]], list[tuple[str, dict[Key, dict[str, Any]]]]] = {}
    for changes in held:
        nth: Counter[str] = Counter()
        for table, kind, rows in changes:
            shape = tuple(next(iter(rows.values()))) if kind == INSERT else ()
            statements.setdefault((nth[table], table, kind, shape), []).append((changes.match_id, rows))
            nth[table] += 1
    for (_, table, kind, shape), runs in sorted(statements.items(), key=lambda statement: statement[0][0]):
        if kind == INSERT:
            rows = [(match_id, *row.values()) for match_id, run in runs for row in run.values()]
            store.insert_rows(table, ["match_id", *shape], rows)
            continue
        keys = ("match_id", *held[0].keys[table])
        keyed = {(match_id, *key): values for match_id, run in runs for key, values in run.items()}
        if kind == DELETE:
            delete_rows(store, table, keys, list(keyed))
        else:
            write_rows(store, table, keys, keyed)
