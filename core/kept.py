"""A state table's rows kept in memory between the ledger's changes (see ``Ledger.rows_of``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for hints: importing the store module loads DuckDB
    from .store import Store


class KeptTable:
    """A state table's rows kept in memory for one version of it, with each column's
    Python type as the store gives it (so that a value written is kept as it reads back)."""

    def __init__(
        self,
        version: tuple[int, int],
        columns: list[str],
        rows: dict[tuple[Any, ...], dict[str, Any]],
        types: dict[str, type],
    ):
        self.version = version
        self.columns = columns
        self.rows = rows
        self.types = types

    @classmethod
    def read(cls, store: Store, table: str, match_id: str, key: tuple[str, ...], version: tuple[int, int]) -> KeptTable:
        cursor = store.con.execute(f"SELECT * EXCLUDE (match_id) FROM {table} WHERE match_id = ?", [match_id])
        names = [d[0] for d in cursor.description]
        rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
        types: dict[str, type] = {}
        for row in rows:
            types.update({c: type(v) for c, v in row.items() if v is not None and c not in types})
        return cls(version, names, {tuple(row[c] for c in key): row for row in rows}, types)

    def add(self, key: tuple[Any, ...], row: dict[str, Any], version: tuple[int, int]) -> None:
        """Keep a row just inserted with every column, as of ``version`` (else read again)."""
        if key not in self.rows and sorted(row) == sorted(self.columns) and self._typed(row):
            self.rows = {**self.rows, key: {c: row[c] for c in self.columns}}
            self.version = version

    def drop(self, key: tuple[Any, ...], version: tuple[int, int]) -> None:
        """Keep a row just deleted out, as of ``version`` (in a new mapping: rows handed out stay)."""
        self.rows = {k: row for k, row in self.rows.items() if k != key}
        self.version = version

    def _typed(self, values: dict[str, Any]) -> bool:
        return all(v is None or type(v) is self.types.get(c) for c, v in values.items())

    def keep(self, changed: dict[tuple[Any, ...], dict[str, Any]], version: tuple[int, int]) -> None:
        """Keep the ``changed`` values of some rows (by key), as of ``version`` (in new rows and
        a new mapping: rows handed out stay as they were). A value whose type differs from what
        the store would give back leaves the mirror behind its version: the table is read again."""
        if all(key in self.rows for key in changed) and all(self._typed(values) for values in changed.values()):
            self.rows = {**self.rows, **{key: {**self.rows[key], **values} for key, values in changed.items()}}
            self.version = version
