"""The effect ledger: every state change is a row of ``effect``, so undo is mechanical.

All writes to state tables (``unit_state``, ``clock``, ``decision``, ``hostility``,
``link_state``, ``space_control``, ``path_source`` and
the tables that game plugins declare as state) go through a :class:`Ledger`, which
records, for the current event, the table, key, column, old and new value, with the
event's own columns (events.EFFECT_STAMP) and, once an undo takes the event back, that
undo: the history views read effects without joining them to their events.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .batch import HeldRows, append_rows, write_rows
from .events import EFFECT_STAMP
from .kept import KeptTable
from .reads import TablesRead

if TYPE_CHECKING:  # only for hints: importing the store module loads DuckDB
    from .store import Store

# Key columns of the engine's own state tables (``match_id`` is implicit).
CORE_STATE_KEYS: dict[str, tuple[str, ...]] = {
    "clock": (),
    "unit_state": ("unit_id",),
    "decision": ("decision_id",),
    "hostility": ("side", "enemy"),
    "entry_rule": ("side", "nationality", "attr", "value", "negate"),
    "link_state": ("a", "b"),
    "space_control": ("space_id",),
    "path_source": ("side", "space_id"),
}

INSERTED, DELETED = "+", "-"
_EFFECT_TYPES = (  # the columns of ``effect`` in their declared order (schema/tables/history.sql)
    *("VARCHAR", "INTEGER", "INTEGER", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR"),  # match_id … new
    *("INTEGER", "VARCHAR", "VARCHAR", "VARCHAR", "INTEGER", "TIMESTAMP"),  # its event's EFFECT_STAMP columns
    "INTEGER",  # undone_by: NULL until an undo takes the event back
)
_EFFECT_COLUMNS = ", ".join(f"unnest(${i}::{kind}[])" for i, kind in enumerate(_EFFECT_TYPES, 1))


def to_json(value: Any) -> str:
    """``value`` as the log's JSON text: whole numbers, booleans, NULL and plain strings (most of
    a match's thousands of effect values) written directly, as ``json.dumps`` writes them."""
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is str and value.isascii() and value.isprintable() and '"' not in value and "\\" not in value:
        return f'"{value}"'
    if value is None or kind is bool:
        return "null" if value is None else "true" if value else "false"
    return json.dumps(value, separators=(",", ":"), sort_keys=True, default=str)


def _json(column: str) -> str:
    """SQL for ``column``'s value as JSON text ('null' for NULL), as effects record values."""
    return f"coalesce(to_json({column})::VARCHAR, 'null')"


class Ledger:
    """Writes state for one match and records each change against the current event."""

    def __init__(self, store: Store, match_id: str, keys: dict[str, tuple[str, ...]]) -> None:
        self.store = store
        self.match_id = match_id
        self.keys = keys
        self.seq: int | None = None
        self._stamp: tuple[Any, ...] = ()  # the current event's EFFECT_STAMP columns, and undone_by (NULL)
        self._version = 0  # bumped on every change, so derived tables know when to refresh
        self._epoch = 0  # bumped when someone else changed the state (a rollback, a what-if)
        self._changes: dict[str, dict[str, int]] = {}  # changes per table, per column ('+'/'-': rows)
        self._n = 0
        self._pending: list[tuple[Any, ...]] = []  # effect rows not yet written (see flush)
        self._source_columns: dict[str, list[str]] = {}  # update_from's queries and their columns
        self._mirrors: dict[str, KeptTable] = {}  # state tables kept in memory (see rows_of)
        self._held: HeldRows | None = None  # row changes not yet written (see holding)
        self.reads = TablesRead(store, frozenset(keys))  # the state tables a statement reads

    @property
    def version(self) -> int:
        """The state's version: it changes with every change of any state table."""
        return self._version

    @version.setter
    def version(self, value: int) -> None:
        """Setting it says the state changed behind the ledger's back (every table counts as changed)."""
        self._version = value
        self._epoch += 1

    @property
    def recorded(self) -> int:
        """How many effects the current event has so far."""
        return self._n

    def version_of(self, table: str, *columns: str) -> tuple[int, int]:
        """A version of one table's state (or of some of its columns), for what depends on
        them alone: the clock, who stands where."""
        counts = self._changes.get(table, {})
        if columns:
            return self._epoch, sum(n for col, n in counts.items() if col in columns or col in (INSERTED, DELETED))
        return self._epoch, sum(counts.values())

    def rows_of(self, table: str) -> dict[tuple[Any, ...], dict[str, Any]]:
        """This match's rows of state ``table`` by key (a tuple of the key columns), without
        ``match_id``. Read once, then kept: this ledger's own changes change the kept rows as
        they change the store; any other (an update from a query, a rollback) makes the next
        call read the table again. Callers must not change the rows."""
        version = self.version_of(table)
        mirror = self._mirrors.get(table)
        if mirror is None or mirror.version != version:
            self.write_held(frozenset([table]))
            mirror = self._mirrors[table] = KeptTable.read(self.store, table, self.match_id, self.keys[table], version)
        return mirror.rows

    def _mirror_at(self, table: str, version: tuple[int, int]) -> KeptTable | None:
        """The kept rows of ``table`` if they were current at ``version`` (before this ledger's
        own write, which the caller then applies to them); else None: the next read reloads."""
        mirror = self._mirrors.get(table)
        return mirror if mirror is not None and mirror.version == version else None

    def mark(self) -> tuple[int, dict[tuple[str, str], int]]:
        """Where the state stands now, to ask later what changed since (:meth:`changed_since`)."""
        return self._epoch, self._flat_changes()

    def changed_since(self, mark: tuple[int, dict[tuple[str, str], int]]) -> set[tuple[str, str]] | None:
        """The (table, column) pairs changed since ``mark`` ('+'/'-' for rows inserted or
        deleted); None when the state changed behind the ledger's back (a rollback)."""
        epoch, counts = mark
        if epoch != self._epoch:
            return None
        return {key for key, n in self._flat_changes().items() if n != counts.get(key, 0)}

    def _flat_changes(self) -> dict[tuple[str, str], int]:
        """The change counts by (table, column), as :meth:`mark` keeps them."""
        return {(table, col): n for table, cols in self._changes.items() for col, n in cols.items()}

    def _changed(self, table: str, count: int = 1, columns: tuple[str, ...] = (INSERTED,)) -> None:
        self._version += count
        for col in columns:
            counts = self._changes.setdefault(table, {})
            counts[col] = counts.get(col, 0) + count

    def begin(self, seq: int, stamp: tuple[Any, ...] | None = None) -> None:
        """Attach the following changes to event ``seq``: a just-logged event, which has none
        yet, given its ``stamp`` (its EFFECT_STAMP columns, which its effects carry), or else
        one read from the store (none there: a phantom event, whose effects carry nothing)."""
        self.seq = seq
        if stamp is not None:
            self._n, self._stamp = 0, (*stamp, None)
            return
        self.flush()
        found = self.store.con.execute(
            f"""SELECT (SELECT coalesce(max(n), 0) FROM effect WHERE match_id = $1 AND seq = $2),
                       {", ".join(f"e.{c}" for c in EFFECT_STAMP)}
                FROM (SELECT 1) LEFT JOIN event e ON e.match_id = $1 AND e.seq = $2""",
            [self.match_id, seq],
        ).fetchone()
        self._n, self._stamp = int(found[0]), (*found[1:], None)

    # --- single rows -------------------------------------------------------------

    def set(self, table: str, key: dict[str, Any], **values: Any) -> None:
        """Update one row; record each column whose value changes. The old values come from
        the table's rows kept in memory (:meth:`rows_of`), which this update keeps current."""
        self._where(table, key)  # checks the key's columns
        row = self.rows_of(table).get(tuple(key[c] for c in self.keys[table]))
        if row is None:
            raise KeyError(f"no row {key} in {table}")
        self._update(table, key, row, values)

    def set_known(self, table: str, key: dict[str, Any], current: dict[str, Any], **values: Any) -> None:
        """:meth:`set`, for a row whose ``current`` values the caller read in this very state
        (nothing changed since): spares reading them again."""
        self._update(table, key, {c: current[c] for c in values}, values)

    def _update(self, table: str, key: dict[str, Any], old: dict[str, Any], values: dict[str, Any]) -> None:
        changed = {c: v for c, v in values.items() if old[c] != v}
        if not changed:
            return
        before = self.version_of(table)
        for col, new in changed.items():
            self._record(table, key, col, old[col], new)
        key_values = tuple(key[c] for c in self.keys[table])
        if self._held is not None:
            self._held.hold(table, key_values, changed)
        else:
            where, params = self._where(table, key)
            assignments = ", ".join(f"{c} = ?" for c in changed)
            self.store.con.execute(f"UPDATE {table} SET {assignments} WHERE {where}", [*changed.values(), *params])
        if mirror := self._mirror_at(table, before):
            mirror.keep({key_values: changed}, self.version_of(table))

    @contextmanager
    def holding(self) -> Iterator[None]:
        """Hold the rows set (:meth:`set`, :meth:`set_known`, :meth:`update_rows`), inserted
        (:meth:`insert`) and deleted (:meth:`delete`) inside this block: each change is
        recorded and kept in memory at once, and written with the others of its table and kind
        in one statement when the block ends, or before the ledger next reads the store or
        writes it otherwise (:meth:`flush`, :meth:`rows_of` reading again, a set-at-a-time
        update), or when :meth:`write_held` is called. For blocks whose reads go through the
        kept rows or through :meth:`write_held` first (Match.rows, Match.one, Match.con and the
        rule queries do). If the block fails, the kept rows are dropped (the store never got
        those changes)."""
        if self._held is not None:  # inside an outer block, which writes them
            yield
            return
        self._held = HeldRows(self.match_id, self.keys)
        try:
            yield
        except BaseException:
            self._held = None
            self.version = self._version + 1  # kept rows the store never got: every table is read again
            raise
        self.write_held()
        self._held = None

    def write_held(self, tables: frozenset[str] | None = None) -> None:
        """Write the changes held so far (see :meth:`holding`) to ``tables`` (None: to all)."""
        if self._held:
            self._held.write(self.store, tables)

    def write_held_for(self, sql: str) -> None:
        """Write the changes held to the tables that ``sql`` reads (see :mod:`phaseline.reads`)."""
        if self._held:
            self._held.write(self.store, self.reads(sql))

    def take_held_for(self, sql: str) -> HeldRows:
        """The changes held to the tables that ``sql`` reads, taken out of the ledger's: whoever
        takes them writes them before ``sql`` runs (a tournament's pool, with other matches')."""
        return self._held.take(self.reads(sql)) if self._held else HeldRows(self.match_id, self.keys)

    def set_rows(self, table: str, keys: list[dict[str, Any]], **values: Any) -> int:
        """Set ``values`` on the rows of ``keys`` (see :meth:`update_rows`); returns rows changed."""
        return self.update_rows(table, [{**key, **values} for key in keys])

    def update_rows(self, table: str, rows: list[dict[str, Any]]) -> int:
        """Set columns of some rows, each row given by its key columns and, under a column's
        name, its new value (all rows with the same columns), as :meth:`update_from` does with
        a query's rows, in one statement (or held, see :meth:`holding`). The old values come
        from the rows kept in memory (:meth:`rows_of`); effects are recorded as
        :meth:`update_where` records them: column by column, each in key order. Returns rows
        changed."""
        if not rows:
            return 0
        kept = self.rows_of(table)
        keys = self.keys[table]
        columns = [c for c in rows[0] if c not in keys]
        new = {tuple(row[k] for k in keys): {c: row[c] for c in columns} for row in rows}
        changed = {
            key: values for key, values in sorted(new.items()) if any(kept[key][c] != v for c, v in values.items())
        }
        if not changed:
            return 0
        before = self.version_of(table)
        for col in columns:
            for key, values in changed.items():
                if kept[key][col] != values[col]:
                    self._record(table, dict(zip(keys, key, strict=True)), col, kept[key][col], values[col])
        if self._held is not None:
            for key, values in changed.items():
                self._held.hold(table, key, values)
        else:
            write_rows(self.store, table, ("match_id", *keys), {(self.match_id, *k): v for k, v in changed.items()})
        if mirror := self._mirror_at(table, before):
            mirror.keep(changed, self.version_of(table))
        return len(changed)

    def insert(self, table: str, row: dict[str, Any]) -> None:
        """Insert one row (``match_id`` is added); held while :meth:`holding`."""
        key = tuple(row[c] for c in self.keys[table])
        before = self.version_of(table)
        if self._held is not None:
            self._held.insert(table, key, row)
        else:
            full = {"match_id": self.match_id, **row}
            marks = ", ".join("?" for _ in full)
            self.store.con.execute(f"INSERT INTO {table} ({', '.join(full)}) VALUES ({marks})", list(full.values()))
        self._record(table, self._key_of(table, row), INSERTED, None, row)
        if mirror := self._mirror_at(table, before):
            mirror.add(key, row, self.version_of(table))

    def insert_many(self, table: str, rows: list[dict[str, Any]]) -> None:
        """Insert many rows of one shape at once, with one effect per row."""
        if not rows:
            return
        self.write_held(frozenset([table]))  # its rows after the ones held
        columns = ["match_id", *rows[0]]
        self.store.insert_rows(table, columns, [(self.match_id, *row.values()) for row in rows])
        for row in rows:
            self._append(table, to_json(self._key_of(table, row)), INSERTED, None, to_json(row))
        self._changed(table, len(rows))

    def delete(self, table: str, key: dict[str, Any]) -> None:
        """Delete one row, keeping it whole in the effect so undo can restore it. The row comes
        from the rows kept in memory (:meth:`rows_of`); the deletion is held while :meth:`holding`."""
        where, params = self._where(table, key)  # checks the key's columns
        key_values = tuple(key[c] for c in self.keys[table])
        before = self.version_of(table)
        old = self.rows_of(table).get(key_values)
        if old is not None and self._held is not None:
            self._held.delete(table, key_values)
        else:
            if old is None:  # a key typed otherwise than the store's (an undo's, read from JSON)
                self.write_held(frozenset([table]))
                found = self.store.rows(f"SELECT * EXCLUDE (match_id) FROM {table} WHERE {where}", params)
                if not found:
                    raise KeyError(f"no row {key} in {table}")
                old = found[0]
            self.store.con.execute(f"DELETE FROM {table} WHERE {where}", params)
        self._record(table, key, DELETED, dict(old), None)
        if mirror := self._mirror_at(table, before):
            mirror.drop(key_values, self.version_of(table))

    # --- sets of rows ------------------------------------------------------------

    def update_where(self, table: str, condition: str, params: list[Any] | None = None, **values: Any) -> int:
        """Set ``values`` on every row of this match matching ``condition``, set at a time.

        One query reads the rows' keys and old values (as the effects record them), one
        statement updates the rows that change (none when none do); effects are recorded
        column by column, each in key order. Returns rows changed.
        """
        scope = f"match_id = ? AND ({condition})"
        scope_params = [self.match_id, *(params or [])]
        source = f"FROM {table} WHERE {scope}"
        changes = self._changed_rows(table, list(values), source, [*values.values(), *scope_params])
        if not changes:
            return 0
        before = self.version_of(table)
        new = {col: to_json(value) for col, value in values.items()}
        self._record_changes(table, changes, lambda _row, col: new[col])
        differs = " OR ".join(f"{c} IS DISTINCT FROM ?" for c in values)
        assignments = ", ".join(f"{c} = ?" for c in values)
        self.store.con.execute(
            f"UPDATE {table} SET {assignments} WHERE {scope} AND ({differs})",
            [*values.values(), *scope_params, *values.values()],
        )
        if mirror := self._mirror_at(table, before):
            mirror.keep({row["_key_values"]: dict(values) for row in changes}, self.version_of(table))
        return len(changes)

    def update_from(self, table: str, source: str, params: list[Any] | None = None) -> int:
        """Set columns of this match's rows from ``source``: a query giving the table's key
        columns and, under a column's name, its new value. Set at a time, as :meth:`update_where`;
        returns rows changed."""
        source_params = [*(params or []), self.match_id]
        if source not in self._source_columns:  # described once: a describing query costs as much as a small one
            described = self.store.con.execute(f"SELECT * FROM ({source}) LIMIT 0", params).description
            self._source_columns[source] = [d[0] for d in described]
        columns = [c for c in self._source_columns[source] if c not in self.keys[table]]
        keys = "".join(f" AND t.{k} = n.{k}" for k in self.keys[table])
        joined = f"FROM {table} t JOIN ({source}) n ON t.match_id = ?{keys}"
        changes = self._changed_rows(table, columns, joined, source_params, new="n.")
        if changes:
            self._record_changes(table, changes, lambda row, col: row[col])
            differs = " OR ".join(f"t.{c} IS DISTINCT FROM n.{c}" for c in columns)
            assignments = ", ".join(f"{c} = n.{c}" for c in columns)
            self.store.con.execute(
                f"UPDATE {table} t SET {assignments} FROM ({source}) n WHERE t.match_id = ?{keys} AND ({differs})",
                source_params,
            )
        return len(changes)

    def _changed_rows(
        self, table: str, columns: list[str], source: str, params: list[Any], new: str | None = None
    ) -> list[dict[str, Any]]:
        """The rows of ``table`` in ``source`` (FROM …, its alias ``t``) that a set-at-a-time
        update changes, in key order: each with its key (as JSON), and per column its old
        value (JSON), whether it changes and, given the new values' alias ``new``, its new
        value (JSON); else the new value is a parameter, first in ``params`` per column."""
        alias = "t." if new else ""
        key_cols = self.keys[table]
        key_json = (
            "json_object(" + ", ".join(f"'{k}', {alias}{k}" for k in key_cols) + ")::VARCHAR" if key_cols else "'{}'"
        )
        parts = [f"{key_json} AS _key", *(f"{alias}{k} AS _k{j}" for j, k in enumerate(key_cols))]
        for i, col in enumerate(columns):
            other = f"{new}{col}" if new else "?"
            parts.append(f"{_json(alias + col)} AS _old{i}, {alias}{col} IS DISTINCT FROM {other} AS _differs{i}")
            if new:
                parts.append(f"{_json(new + col)} AS {col}")
        order = ", ".join(f"{alias}{k}" for k in key_cols) or f"{alias}match_id"
        sql = f"SELECT {', '.join(parts)} {source} ORDER BY {order}"
        self.write_held_for(sql)  # the update's statement reads what this one does
        rows = self.store.rows(sql, params)
        found = [row for row in rows if any(row[f"_differs{i}"] for i in range(len(columns)))]
        for row in found:
            row["_columns"] = columns
            row["_key_values"] = tuple(row[f"_k{j}"] for j in range(len(key_cols)))
        return found

    def _record_changes(self, table: str, changes: list[dict[str, Any]], new_json: Any) -> None:
        """Record the effects of a set-at-a-time update (rows of :meth:`_changed_rows`): column by
        column, each in key order, the new value's JSON given by ``new_json(row, column)``."""
        columns = changes[0]["_columns"]
        for i, col in enumerate(columns):
            changed = [row for row in changes if row[f"_differs{i}"]]
            for row in changed:
                self._append(table, row["_key"], col, row[f"_old{i}"], new_json(row, col))
            self._changed(table, len(changed), (col,))

    # --- reverting ---------------------------------------------------------------

    def revert(self, first_seq: int, last_seq: int) -> int:
        """Undo the effects of events first_seq..last_seq, newest first, as new effects."""
        self.flush()
        effects = self.store.con.execute(
            """SELECT tbl, key, col, old, new FROM effect
               WHERE match_id = ? AND seq BETWEEN ? AND ? ORDER BY seq DESC, n DESC""",
            [self.match_id, first_seq, last_seq],
        ).fetchall()
        try:
            for tbl, key, col, old, _new in effects:
                key_dict = json.loads(key)
                if col == INSERTED:
                    self.delete(tbl, key_dict)
                elif col == DELETED:
                    self.insert(tbl, json.loads(old))
                else:
                    self.set(tbl, key_dict, **{col: json.loads(old)})
        except BaseException:
            self.discard()
            raise
        self.flush()
        return len(effects)

    def mark_undone(self, first_seq: int, last_seq: int, undo_seq: int) -> None:
        """Record on the effects of events first_seq..last_seq that the undo ``undo_seq`` took
        them back, as EventLog.mark_undone does on the events: those an earlier undo took back
        keep it."""
        self.flush()
        self.store.con.execute(
            "UPDATE effect SET undone_by = ? WHERE match_id = ? AND seq BETWEEN ? AND ? AND undone_by IS NULL",
            [undo_seq, self.match_id, first_seq, last_seq],
        )

    def discard(self) -> None:
        """Forget the unwritten effects and held updates of an action that was rolled back."""
        self._pending = []
        if self._held is not None:
            self._held = HeldRows(self.match_id, self.keys)

    def flush(self) -> None:
        """Write the effect rows recorded since the last flush, in one statement.

        Effects are written in batches: whoever reads ``effect`` inside an action flushes
        first, and :meth:`begin` and the end of every action do. Held updates go first.
        """
        self.write_held()
        if self._pending:
            rows, self._pending = self._pending, []
            append_rows(self.store, "effect", _EFFECT_COLUMNS, rows)

    # --- helpers -----------------------------------------------------------------

    def _where(self, table: str, key: dict[str, Any]) -> tuple[str, list[Any]]:
        cols = self.keys[table]
        if set(key) != set(cols):
            raise KeyError(f"{table} is keyed by {cols}, not {tuple(key)}")
        where = " AND ".join(["match_id = ?", *(f"{c} = ?" for c in cols)])
        return where, [self.match_id, *(key[c] for c in cols)]

    def _key_of(self, table: str, row: dict[str, Any]) -> dict[str, Any]:
        return {c: row[c] for c in self.keys[table]}

    def _record(self, table: str, key: dict[str, Any], col: str, old: Any, new: Any) -> None:
        if self.seq is None:
            raise RuntimeError("a state change outside an event")
        self._changed(table, 1, (col,))
        self._append(
            table,
            to_json(key),
            col,
            None if old is None and col == INSERTED else to_json(old),
            None if new is None and col == DELETED else to_json(new),
        )

    def _append(self, table: str, key: str, col: str, old: str | None, new: str | None) -> None:
        """Keep the next effect of the current event (JSON key and values), with its event's stamp."""
        self._n += 1
        self._pending.append((self.match_id, self.seq, self._n, table, key, col, old, new, *self._stamp))
