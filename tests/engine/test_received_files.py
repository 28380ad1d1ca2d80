"""Received files that try to run something or break the reader: each is refused with one line,
nothing in it is evaluated, and the store is as it was.

The DuckDB match files are what an older phaseline exported (issue 12's crafted files: a
``meta`` view calling ``read_text``, a view over ``range(10^11)``, a macro, a SQLite file, a
truncated file, a file that is not what its name says); the JSON ones are turn files with
too many bytes, too deep a nesting or values of the wrong type.
"""

from __future__ import annotations

import gzip
import shutil
import sqlite3
from pathlib import Path

import duckdb
import pytest
from exchange_support import events_of, open_pair, read_file, rechain, set_events, write_file
from history_support import downgrade_to_schema_3, long_registry, new_match, play
from phaseline import IntegrityError, Store, StoreError, match_file, turnfile
from phaseline.exchange import export_match
from phaseline.importing import import_match
from phaseline.keyring import Keyring

SECRET = "the importer's private notes"


@pytest.fixture(scope="module")
def registry():
    return long_registry()


@pytest.fixture(scope="module")
def match_db(tmp_path_factory, registry) -> Path:
    """A DuckDB file holding one played toy match, as an older phaseline exported it."""
    path = tmp_path_factory.mktemp("sent") / "match.duckdb"
    with Store.open(path) as store:
        play(new_match(store, registry, seed=3), 12)
    return path


@pytest.fixture
def target(tmp_path):
    with Store.open(tmp_path / "mine.duckdb") as store:
        yield store


def crafted(match_db: Path, folder: Path, sql: str, *, schema_3: bool = False) -> Path:
    """A copy of the match file with ``sql`` run on it by a hostile sender."""
    path = folder / "crafted.duckdb"
    shutil.copy(match_db, path)
    with duckdb.connect(str(path)) as con:
        if schema_3:
            downgrade_to_schema_3(con)
        con.execute(sql)
    return path


def refused(target: Store, registry, path: Path, error=IntegrityError) -> str:
    """Import ``path`` (which must be refused) and check nothing reached the store; the refusal's line."""
    before = target.rows("SELECT match_id FROM match")
    with pytest.raises(error) as caught:
        import_match(target, registry, path)
    assert target.rows("SELECT match_id FROM match") == before
    assert "\n" not in str(caught.value)
    return str(caught.value)


# --- DuckDB match files -------------------------------------------------------------------


def test_a_plain_match_file_imports(match_db, target, registry):
    assert import_match(target, registry, match_db)["new"]


def test_a_meta_view_reading_a_local_file_is_refused_unread(match_db, tmp_path, target, registry):
    (tmp_path / "notes.txt").write_text(SECRET)
    path = crafted(
        match_db,
        tmp_path,
        f"""DROP TABLE meta; CREATE VIEW meta AS SELECT 'schema_version' AS key,
            (SELECT content FROM read_text('{tmp_path / "notes.txt"}')) AS value""",
    )
    message = refused(target, registry, path)
    assert "holds a view (main.meta)" in message and SECRET not in message


def test_the_readers_instance_has_no_file_access_even_if_a_query_slipped_through(match_db, tmp_path):
    (tmp_path / "notes.txt").write_text(SECRET)
    with match_file._opened(match_db) as con, pytest.raises(duckdb.PermissionException):
        con.execute(f"SELECT content FROM read_text('{tmp_path / 'notes.txt'}')").fetchall()


def test_a_view_over_a_huge_range_is_refused_without_being_run(match_db, tmp_path, target, registry):
    path = crafted(
        match_db,
        tmp_path,
        """CREATE VIEW turns AS SELECT count(*) AS n FROM range(100000000000)""",
    )
    assert "holds a view (main.turns)" in refused(target, registry, path)


def test_a_history_view_redefined_by_the_sender_is_passed_over_never_queried(match_db, tmp_path, target, registry):
    """Every store has the history views, so a match file has them; the reader never queries
    them and never copies them (the store makes its own), whatever the sender put in them."""
    path = crafted(
        match_db,
        tmp_path,
        """CREATE OR REPLACE VIEW match_summary AS SELECT count(*) AS n FROM range(100000000000)""",
    )
    assert import_match(target, registry, path)["new"]
    assert target.one("SELECT count(*) FROM match_summary") == 1  # the store's own view


@pytest.mark.parametrize(
    ("sql", "named"),
    [
        pytest.param("CREATE MACRO bump(x) AS x + 1", "a macro (main.bump)", id="macro"),
        pytest.param("CREATE MACRO rows_of() AS TABLE SELECT * FROM range(10)", "a macro", id="table-macro"),
        pytest.param("CREATE SEQUENCE counter", "a sequence (main.counter)", id="sequence"),
        pytest.param("CREATE INDEX later ON event ((seq + 1))", "an index (later on event", id="index"),
        pytest.param("CREATE TYPE mood AS ENUM ('calm')", "a user type (main.mood)", id="user-type"),
        pytest.param("CREATE SCHEMA other", "a schema (other)", id="schema"),
        pytest.param(
            "CREATE TABLE twice (a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2))",
            "a generated column",
            id="generated",
        ),
        pytest.param("CREATE TABLE checked (a INTEGER CHECK (a > 0))", "a constraint", id="check-constraint"),
        pytest.param("CREATE TABLE odd (a STRUCT(x INTEGER))", "a column of a type no match table has", id="struct"),
        pytest.param("CREATE TABLE notes (a INTEGER)", "a table phaseline does not know: notes", id="unknown-table"),
    ],
)
def test_any_object_but_known_base_tables_is_refused_by_name(match_db, tmp_path, target, registry, sql, named):
    assert named in refused(target, registry, crafted(match_db, tmp_path, sql))


def test_an_older_file_is_migrated_only_when_it_holds_nothing_but_base_tables(match_db, tmp_path, target, registry):
    path = crafted(match_db, tmp_path, "CREATE VIEW spy AS SELECT * FROM event", schema_3=True)
    assert "holds a view (main.spy)" in refused(target, registry, path)


def test_a_schema_version_that_is_no_number_is_refused(match_db, tmp_path, target, registry):
    path = crafted(match_db, tmp_path, "UPDATE meta SET value = 'x4' WHERE key = 'schema_version'")
    assert "records no schema version a phaseline wrote ('x4')" in refused(target, registry, path)


def test_a_file_of_a_newer_schema_is_refused(match_db, tmp_path, target, registry):
    path = crafted(match_db, tmp_path, "UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    assert "has schema version 99" in refused(target, registry, path, StoreError)


def test_a_file_without_the_event_table_is_refused(match_db, tmp_path, target, registry):
    path = crafted(match_db, tmp_path, "DROP TABLE event")
    assert "is not a phaseline match file (no table event)" in refused(target, registry, path)


def test_a_sqlite_file_is_refused_before_duckdb_opens_it(tmp_path, target, registry):
    path = tmp_path / "match.duckdb"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    assert "neither a turn file nor a DuckDB match file" in refused(target, registry, path)


@pytest.mark.parametrize("keep", [5000, 20000, "half"], ids=["header-cut", "first-blocks", "half"])
def test_a_truncated_match_file_is_refused(match_db, tmp_path, target, registry, keep):
    data = match_db.read_bytes()
    path = tmp_path / "cut.duckdb"
    path.write_bytes(data[: len(data) // 2 if keep == "half" else keep])
    message = refused(target, registry, path)
    assert "truncated" in message and str(path) in message


def test_a_file_with_a_forged_header_is_refused(tmp_path, target, registry):
    path = tmp_path / "forged.duckdb"
    path.write_bytes(b"\0" * 8 + b"DUCK" + b"\xff" * 20000)
    assert "cannot be read as a match file" in refused(target, registry, path)


def test_a_file_is_read_by_what_it_holds_not_by_its_name(match_db, tmp_path, target, registry):
    (tmp_path / "text.duckdb").write_text('{"format": "phaseline turn file"}')
    assert "neither a turn file nor a DuckDB match file" in refused(target, registry, tmp_path / "text.duckdb")
    shutil.copy(match_db, tmp_path / "named-as.turn")
    assert import_match(target, registry, tmp_path / "named-as.turn")["new"]


def test_a_match_file_with_more_rows_than_a_match_has_is_refused(match_db, tmp_path, target, registry, monkeypatch):
    monkeypatch.setattr(match_file, "MAX_ROWS", 50)
    assert "rows: more than a match file has (50 at most)" in refused(target, registry, match_db)


def test_the_write_ahead_log_beside_the_file_is_never_read(match_db, tmp_path, target, registry):
    """DuckDB replays a ``.wal`` beside a database it opens, even read-only: the reader opens a
    private copy, so a log left beside the received file (here, one adding a view) is not read."""
    path = tmp_path / "match.duckdb"
    shutil.copy(match_db, path)
    with duckdb.connect(str(path)) as con:
        con.execute("PRAGMA disable_checkpoint_on_shutdown")
        con.execute("SET checkpoint_threshold = '1TB'")
        con.execute("CREATE VIEW spy AS SELECT * FROM event")
    assert (tmp_path / "match.duckdb.wal").exists()
    assert import_match(target, registry, path)["new"]


# --- JSON turn files ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sent(tmp_path_factory, registry) -> Path:
    """Alice's first turn file of a toy match (the whole match, for a new opponent)."""
    folder = tmp_path_factory.mktemp("mail")
    alice, bob = open_pair(folder, registry)
    alice.turn()
    export_match(alice.store, registry, "toy-1", folder / "1.turn")
    alice.store.close()
    bob.store.close()
    return folder / "1.turn"


def tampered(sent: Path, folder: Path, change) -> Path:
    document = read_file(sent)
    change(document)
    path = folder / "tampered.turn"
    write_file(path, document)
    return path


def first_row(document, table: str) -> list:
    return document["tables"][table]["rows"][0]


def column(document, table: str, name: str) -> int:
    return [c for c, _ in document["tables"][table]["columns"]].index(name)


def test_the_untampered_turn_file_imports(sent, target, registry):
    assert import_match(target, registry, sent, player="bob")["new"]


def test_a_turn_file_above_the_size_limit_is_refused_unread(sent, target, registry, monkeypatch):
    monkeypatch.setattr(turnfile, "MAX_BYTES", 100)
    assert "too big for a turn file" in refused(target, registry, sent)


def test_a_turn_file_that_inflates_beyond_the_limit_is_refused(sent, target, registry, monkeypatch):
    monkeypatch.setattr(turnfile, "MAX_DECOMPRESSED", 1000)
    assert "decompresses to more than 1000 bytes" in refused(target, registry, sent)


def test_a_truncated_turn_file_is_refused(sent, tmp_path, target, registry):
    data = sent.read_bytes()
    (tmp_path / "cut.turn").write_bytes(data[: len(data) // 2])
    assert "truncated" in refused(target, registry, tmp_path / "cut.turn")


def test_a_deeply_nested_turn_file_is_refused(tmp_path, target, registry):
    (tmp_path / "deep.turn").write_bytes(gzip.compress(b"[" * 200_000 + b"]" * 200_000))
    assert "nested too deeply" in refused(target, registry, tmp_path / "deep.turn")


@pytest.mark.parametrize(
    ("change", "named"),
    [
        pytest.param(lambda d: d["match"].update(match_id="../x"), "may hold only letters", id="match-id-path"),
        pytest.param(lambda d: d["match"].update(uid="'; DROP TABLE event; --"), "identity", id="uid-not-hex"),
        pytest.param(lambda d: d["match"].update(dice="loaded"), "dice mode 'loaded'", id="dice-mode"),
        pytest.param(lambda d: d.update(head=True), "is not an event number", id="head-bool"),
        pytest.param(lambda d: d.update(head=2**40), "is not an event number", id="head-huge"),
        pytest.param(lambda d: d.update(tables=[]), "its tables is not an object", id="tables-list"),
        pytest.param(lambda d: d.pop("events"), "lacks 'events'", id="no-events"),
        pytest.param(
            lambda d: d["tables"]["unit"]["columns"].__setitem__(0, ["unit_id", "STRUCT(a INTEGER)"]),
            "which no match table has",
            id="column-type",
        ),
        pytest.param(
            lambda d: first_row(d, "unit").__setitem__(column(d, "unit", "unit_id"), {"sql": "SELECT 1"}),
            "is no VARCHAR",
            id="object-for-text",
        ),
        pytest.param(
            lambda d: first_row(d, "unit").__setitem__(column(d, "unit", "unit_id"), 7),
            "is no VARCHAR",
            id="number-for-text",
        ),
        pytest.param(lambda d: first_row(d, "unit").append(1), "rows do not match its columns", id="row-too-long"),
    ],
)
def test_a_turn_file_value_of_the_wrong_type_is_refused(sent, tmp_path, target, registry, change, named):
    assert named in refused(target, registry, tampered(sent, tmp_path, change))


def test_nan_and_a_key_given_twice_are_refused(sent, tmp_path, target, registry):
    text = gzip.decompress(sent.read_bytes()).decode()
    (tmp_path / "nan.turn").write_bytes(gzip.compress(text.replace('"head":', '"head":NaN,"x":', 1).encode()))
    assert "holds NaN" in refused(target, registry, tmp_path / "nan.turn")
    (tmp_path / "twice.turn").write_bytes(gzip.compress(text.replace('"head":', '"head":1,"head":', 1).encode()))
    assert "the key 'head' twice" in refused(target, registry, tmp_path / "twice.turn")


def test_a_value_that_reads_as_sql_is_stored_as_text(sent, tmp_path, target, registry):
    """Values are bound as parameters: a unit name that is SQL is only a (refused) unit name."""
    evil = "x'); DROP TABLE event; --"

    def rename(document):
        first_row(document, "unit")[column(document, "unit", "unit_id")] = evil

    path = tampered(sent, tmp_path, rename)
    with pytest.raises(IntegrityError):
        import_match(target, registry, path, player="bob")
    assert target.one("SELECT count(*) FROM event") == 0  # the table is there, and empty


# --- a sender's own events, signed by him, with payloads that are not an action's ------------


@pytest.mark.parametrize(
    ("kind", "payload", "named"),
    [
        pytest.param("action", "not json", "its payload 'not json' is not JSON", id="action-not-json"),
        pytest.param("action", "[" * 100_000 + "]" * 100_000, "nested too deeply", id="action-deep"),
        pytest.param("action", "[1, 2]", "is not an action's", id="action-list"),
        pytest.param("action", '{"args": 5, "by": "human"}', "arguments '5' are not a list of names", id="args-int"),
        pytest.param("action", '{"args": [{"a": 1}]}', "are not a list of names", id="args-objects"),
        pytest.param("action", '{"args": [], "by": 7}', "player '7' is not a name", id="by-number"),
        pytest.param("undo", "not json", "is not an undo's", id="undo-not-json"),
        pytest.param("undo", '{"first": "x"}', "is not an undo's", id="undo-first-text"),
    ],
)
def test_a_signed_event_whose_payload_is_not_its_kinds_is_refused(
    sent, tmp_path, target, registry, kind, payload, named
):
    """Alice may sign anything as red; a payload that is no action's (or undo's) is still one line."""
    keys = {"red": _alices_red_key(sent)}

    def forge(document):
        events = events_of(document)
        event = next(e for e in events if e["kind"] == "action")
        event.update(kind=kind, payload=payload)
        set_events(document, events)
        rechain(document, keys=keys)

    message = refused(target, registry, tampered(sent, tmp_path, forge))
    assert named in message and "event seq" in message


def _alices_red_key(sent: Path) -> str:
    with Store.open(sent.parent / "alice.duckdb", read_only=True) as store:
        uid = store.one("SELECT uid FROM match WHERE match_id = 'toy-1'")
    return Keyring.beside(sent.parent / "alice.duckdb").held(uid)["red"].key


def test_a_match_file_whose_match_id_is_a_path_is_refused(match_db, tmp_path, target, registry):
    path = crafted(match_db, tmp_path, "UPDATE match SET match_id = '../../x'; UPDATE event SET match_id = '../../x'")
    assert "may hold only letters, digits" in refused(target, registry, path)
