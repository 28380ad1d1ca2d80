"""Many rows written in one statement: actions' events and effects appended together,
rows of a state table updated set at a time (one ``UPDATE … FROM (SELECT unnest …)``:
Ledger.update_rows), and the rows a ledger inserts, updates and deletes while it holds them
back, to write them that way (Ledger.holding)."""

from __future__ import annotations

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


def write_rows(
    store: Store, match_id: str, table: str, keys: tuple[str, ...], rows: dict[tuple[Any, ...], dict[str, Any]]
) -> None:
    """Set the new values of ``rows`` (by key tuple) in one statement: one row by its key, rows
    given the same values by a list of their keys (a single key column), else joined to the new
    rows as lists (about twice one row's statement, whatever the rows); rows that set different
    columns (units that moved, units that attacked) each keep the columns they do not set."""
    first_key, first = next(iter(rows.items()))
    columns = list(dict.fromkeys(column for values in rows.values() for column in values))
    values = list(rows.values())
    if len(rows) == 1:
        assignments = ", ".join(f"{c} = ?" for c in columns)
        where = " AND ".join(["match_id = ?", *(f"{k} = ?" for k in keys)])
        store.con.execute(f"UPDATE {table} SET {assignments} WHERE {where}", [*first.values(), match_id, *first_key])
        return
    if len(keys) == 1 and all(v == first for v in values):
        assignments = ", ".join(f"{c} = ?" for c in first)
        store.con.execute(
            f"UPDATE {table} SET {assignments} WHERE match_id = ? AND list_contains(?, {keys[0]})",
            [*first.values(), match_id, [key[0] for key in rows]],
        )
        return
    every = all(len(v) == len(columns) for v in values)  # each row sets every column
    lists = [[key[i] for key in rows] for i in range(len(keys))]  # the new rows, column by column
    lists += [[v.get(c) for v in values] for c in columns]
    names = [*keys, *(f"v{i}" for i in range(len(columns)))]
    sets = [f"{c} = n.v{i}" for i, c in enumerate(columns)]
    if not every:  # and whether each row sets each column
        lists += [[c in v for v in values] for c in columns]
        names += [f"s{i}" for i in range(len(columns))]
        sets = [f"{c} = CASE WHEN n.s{i} THEN n.v{i} ELSE t.{c} END" for i, c in enumerate(columns)]
    source = ", ".join(f"unnest(${i}) AS {name}" for i, name in enumerate(names, 2))
    store.con.execute(
        f"""UPDATE {table} t SET {", ".join(sets)} FROM (SELECT {source}) n
            WHERE t.match_id = $1{"".join(f" AND t.{k} = n.{k}" for k in keys)}""",
        [match_id, *lists],
    )


def delete_rows(store: Store, match_id: str, table: str, keys: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """Delete the rows of ``rows`` (key tuples) in one statement."""
    if len(keys) == 1:
        where = f"{keys[0]} IN (SELECT unnest($2))"
    else:
        where = f"({', '.join(keys)}) IN (SELECT ({', '.join(f'unnest(${i})' for i in range(2, len(keys) + 2))}))"
    lists = [[key[i] for key in rows] for i in range(len(keys))]
    store.con.execute(f"DELETE FROM {table} WHERE match_id = $1 AND {where}", [match_id, *lists])


INSERT, UPDATE, DELETE = "insert", "update", "delete"


class HeldRows:
    """Row changes held back to be written together: per table, runs of one kind (rows
    inserted, updated or deleted), in the order they were made; a change of the same kind as
    the table's last run joins it (an update of a row inserted in that run changes the row).
    Each run is one statement."""

    def __init__(self) -> None:
        self._runs: list[tuple[str, str, dict[tuple[Any, ...], dict[str, Any]]]] = []  # (table, kind, rows by key)
        self._last: dict[str, int] = {}  # table -> index of its last run

    def __bool__(self) -> bool:
        return bool(self._runs)

    def _run(self, table: str, kind: str) -> dict[tuple[Any, ...], dict[str, Any]]:
        """The rows of ``table``'s last run if it is of ``kind``, else of a new run."""
        last = self._last.get(table)
        if last is not None and self._runs[last][1] == kind:
            return self._runs[last][2]
        self._last[table] = len(self._runs)
        self._runs.append((table, kind, {}))
        return self._runs[-1][2]

    def hold(self, table: str, key: tuple[Any, ...], values: dict[str, Any]) -> None:
        """Keep ``values`` for the row ``key`` of ``table`` (a later update of it adds to them)."""
        last = self._last.get(table)
        if last is not None and self._runs[last][1] == INSERT and key in self._runs[last][2]:
            self._runs[last][2][key].update(values)  # a row inserted in this very run
            return
        self._run(table, UPDATE).setdefault(key, {}).update(values)

    def insert(self, table: str, key: tuple[Any, ...], row: dict[str, Any]) -> None:
        """Keep the new row ``row`` (every column but ``match_id``) of ``table``."""
        run = self._run(table, INSERT)
        if key in run or (run and list(next(iter(run.values()))) != list(row)):  # one set of columns, each key once
            self._last.pop(table)
            run = self._run(table, INSERT)
        run[key] = dict(row)

    def delete(self, table: str, key: tuple[Any, ...]) -> None:
        """Keep the deletion of the row ``key`` of ``table``."""
        self._run(table, DELETE)[key] = {}

    def write(
        self, store: Store, match_id: str, keys: dict[str, tuple[str, ...]], tables: frozenset[str] | None = None
    ) -> None:
        """Write the held runs of ``tables`` (None: of every table) in order, and forget them."""
        runs = [run for run in self._runs if tables is None or run[0] in tables]
        if not runs:
            return
        self._runs = [run for run in self._runs if tables is not None and run[0] not in tables]
        self._last = {table: i for i, (table, _, _) in enumerate(self._runs)}
        for table, kind, rows in runs:
            if kind == INSERT:
                columns = ["match_id", *next(iter(rows.values()))]
                store.insert_rows(table, columns, [(match_id, *row.values()) for row in rows.values()])
            elif kind == DELETE:
                delete_rows(store, match_id, table, keys[table], list(rows))
            else:
                write_rows(store, match_id, table, keys[table], rows)
