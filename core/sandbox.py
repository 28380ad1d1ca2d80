"""The players' SQL: read-only queries over every match, with no way out of the store.

The store file is opened read-only with ``enable_external_access = false`` (no files,
no network, no extensions) and ``lock_configuration = true`` (no ``SET`` to undo
that). On top, only one plain ``SELECT`` (or ``EXPLAIN``) statement is accepted, so
every write or escape gets one clear line before DuckDB even sees it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .duck import duckdb
from .errors import InvalidOrder, SandboxViolation, StoreError
from .resources import data_dir
from .store import Store

SANDBOX_CONFIG = {"enable_external_access": False, "lock_configuration": True}
_ALLOWED = {duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN}


def run_user_sql(path: str | Path, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run the player's ``sql`` on the store at ``path``, sandboxed: (columns, rows)."""
    with Store.open(path, read_only=True, config=SANDBOX_CONFIG) as store:
        statement = _single_statement(store.con, sql)
        try:
            cursor = store.con.execute(statement.query)
            return [d[0] for d in cursor.description], cursor.fetchall()
        except duckdb.PermissionException as error:
            raise SandboxViolation(f"refused: {_first_line(error)}") from None
        except duckdb.InvalidInputException as error:
            if "configuration has been locked" in str(error):
                raise SandboxViolation(f"refused: {_first_line(error)}") from None
            raise InvalidOrder(f"bad query: {_first_line(error)}") from None
        except duckdb.Error as error:
            raise InvalidOrder(f"bad query: {_first_line(error)}") from None


def _single_statement(con: duckdb.DuckDBPyConnection, sql: str) -> Any:
    """The one read-only statement of ``sql``, or a refusal naming what it would do."""
    try:
        statements = con.extract_statements(sql)
    except duckdb.Error as error:
        raise InvalidOrder(f"bad query: {_first_line(error)}") from None
    if not statements:
        raise InvalidOrder("no query given: write one SELECT statement")
    if len(statements) > 1:
        raise SandboxViolation(f"refused: one statement at a time ({len(statements)} given)")
    statement = statements[0]
    if statement.type not in _ALLOWED:
        kind = statement.type.name.replace("_STATEMENT", "").replace("_", " ")
        raise SandboxViolation(f"refused: {kind} statements are not allowed; queries are read-only SELECTs")
    return statement


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0]


# --- the documented schema -------------------------------------------------------

_CREATE = re.compile(r"^CREATE\s+(?:OR\s+REPLACE\s+)?(TABLE|VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)", re.I)
_TABLE_COLUMN = re.compile(r"^\s*(\w+)\s+[A-Z]")
_CLAUSE = re.compile(r"^(PRIMARY\s+KEY|FROM|JOIN|LEFT|WHERE|AND|OR|GROUP|ORDER|SELECT\s+\*)\b", re.I)
_VIEW_COLUMN = re.compile(r"(?:\bAS\s+|\.)(\w+)\s*,?\s*$|^\s*(\w+)\s*,?\s*$", re.I)


@dataclass
class Documented:
    """A table or view of the schema, with its comment and its columns' comments."""

    name: str
    kind: str  # 'table' or 'view'
    doc: str
    columns: dict[str, str] = field(default_factory=dict)  # column -> comment ('' if none)


def schema_doc() -> list[Documented]:
    """The tables and views of schema/tables and schema/views, documented from their comments."""
    found: list[Documented] = []
    for folder in ("tables", "views"):
        for path in sorted((data_dir("schema") / folder).glob("*.sql")):
            found.extend(parse_schema_file(path.read_text()))
    return found


def parse_schema_file(text: str) -> list[Documented]:
    """Each CREATE TABLE/VIEW with the ``--`` block above it and its columns' trailing comments."""
    found: list[Documented] = []
    comment: list[str] = []
    current: Documented | None = None
    for line in text.splitlines():
        stripped = line.strip()
        header = _CREATE.match(stripped)
        if header:
            current = Documented(header.group(2), header.group(1).lower(), " ".join(comment))
            found.append(current)
            comment = []
        elif stripped.startswith("--"):
            comment.append(stripped.lstrip("- ").strip())
        elif not stripped:
            comment = [] if current is None else comment
            current = None
        elif current is not None:
            _add_column(current, line)
    return found


def _add_column(entry: Documented, line: str) -> None:
    code, _, note = line.partition("--")
    code = code.strip()
    if not code or _CLAUSE.match(code):
        return
    if entry.kind == "table":
        match = _TABLE_COLUMN.match(code)
        name = match.group(1) if match else None
    else:
        code = code.removeprefix("SELECT ").strip()
        match = _VIEW_COLUMN.search(code)
        name = (match.group(1) or match.group(2)) if match else None
    if name:
        entry.columns[name] = note.strip()


def schema_rows(store_path: str | Path | None = None) -> list[dict[str, str]]:
    """The documented schema as rows (name, kind, column, comment), for ``sql --schema``."""
    rows: list[dict[str, str]] = []
    for entry in schema_doc():
        rows.append({"name": entry.name, "kind": entry.kind, "column": "", "comment": entry.doc})
        rows.extend({"name": "", "kind": "", "column": col, "comment": note} for col, note in entry.columns.items())
    if store_path is not None:
        rows.extend(_plugin_tables(store_path))
    return rows


def _plugin_tables(store_path: str | Path) -> list[dict[str, str]]:
    try:
        with Store.open(store_path, read_only=True, config=SANDBOX_CONFIG) as store:
            found = store.rows("SELECT table_name, plugin, version, kind FROM plugin_table ORDER BY 1")
    except StoreError:
        return []
    return [
        {"name": r["table_name"], "kind": f"{r['kind']} table",
         "column": "", "comment": f"declared by plugin {r['plugin']} {r['version']}"}
        for r in found
    ]  # fmt: skip
