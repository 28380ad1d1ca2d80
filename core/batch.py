"""Many rows written in one statement: an action's events and effects appended together,
rows of a state table updated set at a time (one ``UPDATE … FROM (SELECT unnest …)``:
Ledger.update_rows), and the single-row updates a ledger holds back to write that way
(Ledger.holding)."""

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
    store: Store, game_id: str, table: str, keys: tuple[str, ...], rows: dict[tuple[Any, ...], dict[str, Any]]
) -> None:
    """Set the new values of ``rows`` (by key tuple; every row the same columns) in one statement."""
    columns = list(next(iter(rows.values())))
    lists = [[key[i] for key in rows] for i in range(len(keys))]  # the new rows, column by column
    lists += [[values[c] for values in rows.values()] for c in columns]
    source = ", ".join(f"unnest(${i}) AS {name}" for i, name in enumerate([*keys, *columns], 2))
    store.con.execute(
        f"""UPDATE {table} t SET {", ".join(f"{c} = n.{c}" for c in columns)} FROM (SELECT {source}) n
            WHERE t.game_id = $1{"".join(f" AND t.{k} = n.{k}" for k in keys)}""",
        [game_id, *lists],
    )


class HeldRows:
    """Single-row updates held back: per table, each row's newest values by key."""

    def __init__(self) -> None:
        self._rows: dict[str, dict[tuple[Any, ...], dict[str, Any]]] = {}

    def __bool__(self) -> bool:
        return bool(self._rows)

    def hold(self, table: str, key: tuple[Any, ...], values: dict[str, Any]) -> None:
        """Keep ``values`` for the row ``key`` of ``table`` (a later update of it adds to them)."""
        self._rows.setdefault(table, {}).setdefault(key, {}).update(values)

    def write(self, store: Store, game_id: str, keys: dict[str, tuple[str, ...]]) -> None:
        """Write every held row, one statement per table and set of columns, and forget them."""
        held, self._rows = self._rows, {}
        for table, rows in held.items():
            by_columns: dict[tuple[str, ...], dict[tuple[Any, ...], dict[str, Any]]] = {}
            for key, values in rows.items():
                by_columns.setdefault(tuple(values), {})[key] = values
            for group in by_columns.values():
                write_rows(store, game_id, table, keys[table], group)
