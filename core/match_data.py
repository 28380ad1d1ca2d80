"""A match's static data (board, units, CRT, rule tables) as digests, the check of a
received match's data against the installed game's, and its copy into a new match.

``new`` records one digest per static table in ``match_data``. An import of a new match
computes the digests of the tables it received, which must be the ones recorded with
the match, and compares them with the same scenario made by the installed game: a
table that differs (an edited CRT, a unit's strength, a map link) or a custom scenario
is shown table by table and accepted only with ``--accept-custom-data``.

A new match of the same game, version, scenario and options may copy another match's static
rows instead of loading its scenario again (:class:`StaticSource`, ``Match.create(static_from=…)``):
a tournament's worker copies its first match's into every later one (one ``INSERT … SELECT``
per table: a Battle for Germany match's about 30 ms, against about 100 ms to read the files,
check and derive the board and digest the tables).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from .errors import CustomData, IntegrityError, UnknownName
from .keyring import Keyring

if TYPE_CHECKING:
    from .match import Match
    from .plugins import Registry
    from .store import Store

NOT_DATA = ("match", "match_side", "match_plugin", "seat", "match_data")  # the match's own bookkeeping


@dataclass(frozen=True)
class Digest:
    rows: int
    digest: str


def data_tables(match: Match) -> list[str]:
    """The match's static data tables: every match table neither history, state nor bookkeeping."""
    from .replay import compared_tables, match_tables

    changing = compared_tables(match)
    return [t for t in match_tables(match.store) if t not in changing and t not in NOT_DATA]


def digests(store: Store, match_id: str, tables: list[str]) -> dict[str, Digest]:
    """One digest per table over its rows of the match (``match_id`` left out), in one statement."""
    if not tables:
        return {}
    columns = dict(
        store.con.execute(
            """SELECT table_name, list(column_name ORDER BY column_index) FROM duckdb_columns()
               WHERE database_name = current_database() AND schema_name = 'main' AND list_contains(?, table_name)
               GROUP BY table_name""",
            [tables],
        ).fetchall()
    )
    parts = []
    for table in tables:
        fields = ", ".join(f'"{c}" := "{c}"' for c in columns[table] if c != "match_id")
        parts.append(
            f"""SELECT '{table}' AS tbl, count(*) AS n,
                       sha256(coalesce(string_agg(r, chr(10) ORDER BY r), '')) AS digest
                FROM (SELECT to_json(struct_pack({fields}))::VARCHAR AS r FROM "{table}" WHERE match_id = $g)"""
        )
    rows = store.con.execute(" UNION ALL ".join(parts), {"g": match_id}).fetchall()
    return {table: Digest(int(n), digest) for table, n, digest in rows}


def record(match: Match) -> None:
    """Record the digests of the new match's static tables (``match_data``)."""
    found = digests(match.store, match.match_id, data_tables(match))
    match.store.insert_rows(
        "match_data", None, [(match.match_id, table, d.rows, d.digest) for table, d in sorted(found.items())]
    )


@dataclass(frozen=True)
class StaticSource:
    """Where a new match copies its static rows from: match ``match_id`` in the database
    ``catalog`` of the new match's DuckDB instance (its store's, or one attached to it).
    ``made_as``: that match's game, scenario, options and plugin versions, which the new
    match's must be; ``tables``: its static tables that hold rows, its digests among them."""

    catalog: str
    match_id: str
    made_as: tuple[Any, ...]
    tables: tuple[str, ...]

    @classmethod
    def of(cls, store: Store, match_id: str) -> Self:
        """Match ``match_id`` of ``store`` as a source: the digests it recorded at creation name its static tables."""
        game, scenario, options = store.con.execute(
            "SELECT game, scenario, options FROM match WHERE match_id = ?", [match_id]
        ).fetchone()
        plugins = store.con.execute(
            "SELECT plugin, version FROM match_plugin WHERE match_id = ? ORDER BY ALL", [match_id]
        ).fetchall()
        tables = [table for table, digest in recorded(store, match_id).items() if digest.rows]
        made_as = (game, scenario, tuple(sorted(options)), tuple(plugins))
        return cls(store.catalog, match_id, made_as, (*tables, "match_data"))

    def copy_to(self, match: Match) -> None:
        """Give the new ``match`` (its ``match`` and ``match_plugin`` rows written) the source's
        static rows; refused unless it is made as the source was."""
        if made_as(match) != self.made_as:
            raise ValueError(f"match {match.match_id} is not made as {self.match_id}, whose static rows it would copy")
        store = match.store
        for table in self.tables:
            columns = ", ".join(f'"{c}"' for c, _ in store.declared_columns(table) if c != "match_id")
            store.con.execute(
                f'INSERT INTO "{table}" (match_id, {columns}) SELECT ?, {columns}'
                f' FROM "{self.catalog}".main."{table}" WHERE match_id = ?',
                [match.match_id, self.match_id],
            )


def made_as(match: Match) -> tuple[Any, ...]:
    """What a match's static data depends on: its game, scenario, options and plugin versions."""
    plugins = [(match.info.name, match.info.version)]
    plugins += [(f"{match.info.name}:{rule.name}", rule.version) for rule in match.optional_rules]
    return (match.info.name, match.scenario.name, tuple(sorted(match.options)), tuple(sorted(plugins)))


def recorded(store: Store, match_id: str) -> dict[str, Digest]:
    """The digests recorded when match ``match_id`` of ``store`` was created (none for a match made before them)."""
    rows = store.rows("SELECT tbl, rows, digest FROM match_data WHERE match_id = ?", [match_id])
    return {r["tbl"]: Digest(r["rows"], r["digest"]) for r in rows}


def installed(store: Store, registry: Registry, match: Match) -> tuple[str, dict[str, Digest]]:
    """The digests of the same scenario and options made by the installed game, in a scratch
    store with a keyring of its own (for a custom scenario: the game's first scenario), and
    that scenario's name."""
    from .match import Match as Match

    try:
        scenario = match.info.scenario(match.scenario.name)
    except UnknownName:
        scenario = next(iter(match.info.scenarios.values()))
    with store.scratch(keyring=Keyring()) as scratch:
        reference = Match.create(scratch, registry, match.info.name, scenario, options=sorted(match.options), seed=0)
        return scenario.name, digests(scratch, reference.match_id, data_tables(reference))


def check_received(store: Store, registry: Registry, match: Match, *, accept_custom: bool) -> list[dict[str, Any]]:
    """Check the static data of ``game``, a received match open on a scratch store: it must
    be what the match recorded at creation, and the installed game's unless ``accept_custom``.
    Returns the table-by-table comparison; raises :class:`CustomData` when refused."""
    got = digests(match.store, match.match_id, data_tables(match))
    made = recorded(match.store, match.match_id)
    for table, digest in made.items():
        if got.get(table) != digest:
            raise IntegrityError(
                f"table {table} of match {match.match_id} is not the data the match recorded when it was created "
                f"({digest.rows} rows, digest {digest.digest[:12]}…): it was edited"
            )
    name, ours = installed(store, registry, match)
    custom = match.scenario.name not in match.info.scenarios
    report = [_compare(table, got.get(table), ours.get(table), name) for table in sorted({*got, *ours})]
    differing = [r["table"] for r in report if r["status"] != "same"]
    if (custom or differing) and not accept_custom:
        what = f"a custom scenario ({match.scenario.name})" if custom else f"the {name} scenario with other data"
        tables = ", ".join(differing) or "none"
        raise CustomData(
            f"match {match.match_id} is {what}: its tables differ from the installed {match.info.name}'s "
            f"{name} in {tables}; review them and import with --accept-custom-data to accept",
            report,
        )
    return report


def _compare(table: str, got: Digest | None, ours: Digest | None, scenario: str) -> dict[str, Any]:
    if got is None:
        status = "missing from the file"
    elif ours is None:
        status = "only in the file"
    else:
        status = "same" if got == ours else "differs"
    return {
        "table": table,
        "rows in file": got.rows if got else 0,
        f"rows in {scenario}": ours.rows if ours else 0,
        "digest": got.digest[:12] if got else "",
        "status": status,
    }
