"""The players' SQL: read-only queries over every match, with no way out of the store, within bounds.

The store file is opened read-only with ``enable_external_access = false`` (no files,
no network, no extensions) and ``lock_configuration = true`` (no ``SET`` to undo
that). On top, only one plain ``SELECT`` (or ``EXPLAIN``) statement is accepted, so
every write or escape gets one clear line before DuckDB even sees it; a ``PIVOT`` whose
columns DuckDB must find first (one statement that it runs as several) is a query too.

A query runs within :class:`Limits`: a time limit (a timer interrupts it), a memory limit
for DuckDB's buffers (sorts, joins, aggregates; nothing spills to disk) and a number of
rows fetched (the rest is never read). The store is closed as soon as the rows are
fetched or a limit is met, so a long query keeps writers out no longer than its time limit.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from .duck import duckdb
from .errors import InvalidOrder, QueryLimit, SandboxViolation, StoreError
from .resources import data_dir
from .store import Store

SANDBOX_CONFIG = {"enable_external_access": False, "lock_configuration": True}
_ALLOWED = {duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN}
_MEMORY = re.compile(r"^\d+(\.\d+)?\s*(KB|MB|GB|KiB|MiB|GiB)$", re.I)


@dataclass(frozen=True)
class Limits:
    """How long a query may run, how much memory DuckDB may use for it, how many rows are fetched."""

    seconds: float = 30.0
    memory: str = "1GB"
    rows: int = 10_000

    def __post_init__(self) -> None:
        if not 0 < self.seconds <= 86_400:
            raise InvalidOrder(f"a query's time limit is more than 0 and at most 86400 seconds, not {self.seconds}")
        if not _MEMORY.match(self.memory.strip()):
            raise InvalidOrder(f"a query's memory limit is a size such as 500MB or 2GB, not {self.memory!r}")
        if self.rows < 1:
            raise InvalidOrder(f"a query fetches at least one row, not {self.rows}")

    def config(self) -> dict[str, Any]:
        """The DuckDB settings of a sandboxed connection within these limits."""
        return {**SANDBOX_CONFIG, "memory_limit": self.memory.strip(), "temp_directory": "", "threads": 1}


class Answer(NamedTuple):
    """A query's columns and its first rows; ``more`` when it had rows past the limit (never fetched)."""

    columns: list[str]
    rows: list[tuple[Any, ...]]
    more: bool = False


def run_user_sql(path: str | Path, sql: str, limits: Limits | None = None) -> Answer:
    """Run the player's ``sql`` on the store at ``path``, sandboxed and within ``limits``."""
    limits = limits or Limits()
    with Store.open(path, read_only=True, config=limits.config()) as store:
        statement = _single_statement(store.con, sql)
        timer = threading.Timer(limits.seconds, store.con.interrupt)
        timer.start()
        try:
            cursor = store.con.execute(statement.query)
            rows = cursor.fetchmany(limits.rows + 1)
            return Answer([d[0] for d in cursor.description], rows[: limits.rows], len(rows) > limits.rows)
        except duckdb.InterruptException:
            raise QueryLimit(
                f"refused: the query ran past its time limit of {limits.seconds:g} s "
                "(raise it with --timeout or PHASELINE_SQL_TIMEOUT)"
            ) from None
        except duckdb.OutOfMemoryException:
            raise QueryLimit(
                f"refused: the query needs more than its memory limit of {limits.memory} "
                "(raise it with --memory or PHASELINE_SQL_MEMORY)"
            ) from None
        except duckdb.PermissionException as error:
            raise SandboxViolation(f"refused: {_first_line(error)}") from None
        except duckdb.InvalidInputException as error:
            if "configuration has been locked" in str(error):
                raise SandboxViolation(f"refused: {_first_line(error)}") from None
            raise InvalidOrder(f"bad query: {_first_line(error)}") from None
        except duckdb.Error as error:
            raise InvalidOrder(f"bad query: {_first_line(error)}") from None
        finally:
            timer.cancel()


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
    if statement.type is duckdb.StatementType.MULTI and _is_query(con, statement.query):
        return statement  # a PIVOT that finds its columns first
    if statement.type is duckdb.StatementType.MULTI:
        raise SandboxViolation("refused: this statement is not a query (it would run several); queries are SELECTs")
    if statement.type not in _ALLOWED:
        kind = statement.type.name.replace("_STATEMENT", "").replace("_", " ")
        raise SandboxViolation(f"refused: {kind} statements are not allowed; queries are read-only SELECTs")
    return statement


def _is_query(con: duckdb.DuckDBPyConnection, sql: str) -> bool:
    """Whether ``sql`` (one statement) is a query: it parses as the subquery of a SELECT."""
    try:
        wrapped = con.extract_statements(f"SELECT * FROM (\n{sql}\n)")
    except duckdb.Error:
        return False
    return len(wrapped) == 1 and wrapped[0].type in (duckdb.StatementType.SELECT, duckdb.StatementType.MULTI)


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
    """Each CREATE TABLE/VIEW with the ``--`` block above it and its columns' trailing comments
    (a view's columns are the lines of its outer SELECT: a subquery's lines are not)."""
    found: list[Documented] = []
    comment: list[str] = []
    current: Documented | None = None
    depth = 0  # parentheses open at the start of the line, in a view's body
    for line in text.splitlines():
        stripped = line.strip()
        header = _CREATE.match(stripped)
        if header:
            current = Documented(header.group(2), header.group(1).lower(), " ".join(comment))
            found.append(current)
            comment, depth = [], 0
        elif stripped.startswith("--"):
            comment.append(stripped.lstrip("- ").strip())
        elif not stripped:
            comment = [] if current is None else comment
            current = None
        elif current is not None:
            if depth == 0 or current.kind == "table":
                _add_column(current, line)
            code = re.sub(r"'[^']*'", "", line.partition("--")[0])
            depth += code.count("(") - code.count(")")
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
