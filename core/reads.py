"""Which of a match's state tables a statement reads: the names in its text, and in the texts
of the views and table macros it names, read from the store's catalog once.

A ledger holding row changes back (Ledger.holding) writes, before a statement, only the
changes of the tables that statement reads. A name found where it is no table (a column or
an alias called ``clock``) only writes some changes earlier than needed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for hints: importing the store module loads DuckDB
    from .store import Store

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KEPT = 2000  # statements remembered: a statement's text is the same from one call to the next


class TablesRead:
    """The state tables (of ``tables``) that a statement reads, remembered per statement."""

    def __init__(self, store: Store, tables: frozenset[str]) -> None:
        self.store = store
        self.tables = tables
        self._definitions: dict[str, str] | None = None  # view or table macro -> its SQL
        self._known: dict[str, frozenset[str]] = {}

    def __call__(self, sql: str) -> frozenset[str]:
        found = self._known.get(sql)
        if found is None:
            if len(self._known) >= _KEPT:
                self._known.clear()
            found = self._known[sql] = self._read_by(sql)
        return found

    def _read_by(self, sql: str) -> frozenset[str]:
        definitions = self._catalog()
        found: set[str] = set()
        seen: set[str] = set()
        texts = [sql]
        while texts:
            names = {name.lower() for name in _NAME.findall(texts.pop())}
            found |= names & self.tables
            for name in (names & definitions.keys()) - seen:
                seen.add(name)
                texts.append(definitions[name])
        return frozenset(found)

    def _catalog(self) -> dict[str, str]:
        """The SQL of the store's views and table macros, by lower-case name (read once)."""
        if self._definitions is None:
            rows = self.store.con.execute(
                """SELECT view_name, sql FROM duckdb_views()
                   WHERE NOT internal AND database_name = current_database()
                   UNION ALL
                   SELECT function_name, macro_definition FROM duckdb_functions()
                   WHERE function_type = 'table_macro' AND NOT internal AND database_name = current_database()"""
            ).fetchall()
            self._definitions = {name.lower(): text or "" for name, text in rows}
        return self._definitions
