"""Play by e-mail: a match exported to its own file and imported back, validated on the way in."""

from __future__ import annotations

import duckdb
import pytest
from history_support import copy_played, downgrade_to_schema_3, long_registry, play
from phaseline import Game, IntegrityError, PluginError, Store, StoreError
from phaseline.events import GENESIS, event_hash
from phaseline.exchange import export_match, export_parquet, import_match
from phaseline.replay import match_tables
from phaseline.undo import undo

GAME = "toy-1"


@pytest.fixture(scope="module")
def registry():
    return long_registry()


@pytest.fixture
def source(tmp_path):
    with Store.open(copy_played(tmp_path / "source.duckdb")) as store:
        yield store


@pytest.fixture
def target(tmp_path):
    with Store.open(tmp_path / "target.duckdb") as store:
        yield store


def everything(store: Store) -> dict[str, list[tuple]]:
    """Every row of the match in every match table, sorted."""
    return {
        t: sorted(store.con.execute(f"SELECT * FROM {t} WHERE game_id = ?", [GAME]).fetchall(), key=repr)
        for t in match_tables(store)
    }


def test_export_then_import_into_a_fresh_store_is_the_same_match(tmp_path, source, target, registry):
    file = export_match(source, GAME, tmp_path / "mail.duckdb")
    done = import_match(target, registry, file)
    assert done["new"] and done["total"] == source.one("SELECT count(*) FROM event")
    assert everything(target) == everything(source)


def test_the_next_moves_import_onto_the_existing_match(tmp_path, source, target, registry):
    import_match(target, registry, export_match(source, GAME, tmp_path / "turn1.duckdb"))
    play(Game.load(source, registry, GAME), 3)
    done = import_match(target, registry, export_match(source, GAME, tmp_path / "turn2.duckdb"))
    assert not done["new"] and done["events"] > 0
    assert everything(target) == everything(source)


def test_a_file_that_does_not_continue_the_match_is_refused(tmp_path, source, target, registry):
    import_match(target, registry, export_match(source, GAME, tmp_path / "turn1.duckdb"))
    undo(Game.load(target, registry, GAME), force=True)  # the two stores part ways here
    play(Game.load(source, registry, GAME), 2)
    before = everything(target)
    with pytest.raises(IntegrityError, match="does not continue"):
        import_match(target, registry, export_match(source, GAME, tmp_path / "turn2.duckdb"))
    assert everything(target) == before


def rehash(con: duckdb.DuckDBPyConnection) -> None:
    """Recompute the whole hash chain, as a careful forger would."""
    cursor = con.execute("SELECT * FROM event ORDER BY seq")
    names = [d[0] for d in cursor.description]
    prev = GENESIS
    for values in cursor.fetchall():
        row = dict(zip(names, values, strict=True))
        digest = event_hash(row, prev)
        con.execute("UPDATE event SET prev_hash = ?, hash = ? WHERE seq = ?", [prev, digest, row["seq"]])
        prev = digest


ROLL = "(SELECT min(seq) FROM event WHERE kind = 'roll')"
ACTION = "(SELECT min(seq) FROM event WHERE kind = 'action' AND verb = 'move')"
TAMPERING = [
    pytest.param(f"UPDATE event SET die = die % 6 + 1 WHERE seq = {ROLL}", False, "hash chain", id="edited-die"),
    pytest.param(f"UPDATE event SET die = die % 6 + 1 WHERE seq = {ROLL}", True, "is not roll", id="forged-die"),
    pytest.param(
        f'UPDATE event SET payload = \'{{"args":["R1","11"]}}\' WHERE seq = {ACTION}',
        False,
        "hash chain",
        id="edited-payload",
    ),
    pytest.param(
        f'UPDATE event SET payload = \'{{"args":["R9","11"]}}\' WHERE seq = {ACTION}',
        True,
        "the signature of seat red does not verify",
        id="forged-payload",
    ),
    pytest.param(f"DELETE FROM event WHERE seq = {ACTION}", False, "missing", id="deleted-event"),
    pytest.param("UPDATE unit_state SET space_id = '22' WHERE unit_id = 'R1'", False, "unit_state", id="edited-state"),
]


@pytest.mark.parametrize(("tamper", "forge", "reason"), TAMPERING)
def test_a_tampered_file_is_refused_and_the_store_untouched(tmp_path, source, target, registry, tamper, forge, reason):
    file = export_match(source, GAME, tmp_path / "mail.duckdb")
    with duckdb.connect(str(file)) as con:
        seq = con.execute(f"SELECT {ROLL if 'roll' in tamper or 'die' in tamper else ACTION}").fetchone()[0]
        con.execute(tamper)
        if forge:
            rehash(con)
    with pytest.raises(IntegrityError, match=reason) as refused:
        import_match(target, registry, file)
    if "state" not in reason:
        assert f"seq {seq}" in str(refused.value)
    assert "\n" not in str(refused.value)
    assert target.one("SELECT count(*) FROM event") == 0
    assert target.one("SELECT count(*) FROM match") == 0


def test_a_match_made_with_another_plugin_version_is_refused(tmp_path, source, target, registry):
    file = export_match(source, GAME, tmp_path / "mail.duckdb")
    with duckdb.connect(str(file)) as con:
        con.execute("UPDATE match_plugin SET version = '9.9'")
    with pytest.raises(PluginError, match=r"9\.9"):
        import_match(target, registry, file)


def test_a_file_from_another_schema_version_is_refused(tmp_path, source, target, registry):
    file = export_match(source, GAME, tmp_path / "mail.duckdb")
    with duckdb.connect(str(file)) as con:
        con.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="schema version 99"):
        import_match(target, registry, file)


def test_a_file_exported_at_an_older_schema_imports_through_the_migrations(tmp_path, source, target, registry):
    file = export_match(source, GAME, tmp_path / "mail.duckdb")
    with duckdb.connect(str(file)) as con:  # as phaseline wrote it at schema 2: no move_link yet
        downgrade_to_schema_3(con)
        con.execute("DROP TABLE move_link; UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    sent = file.read_bytes()
    import_match(target, registry, file)
    ours, theirs = everything(target), everything(source)
    assert [row[:-2] for row in ours.pop("match")] == [row[:-2] for row in theirs.pop("match")]  # all but uid, dice
    for table in ("event", "seat", "match_data"):  # an old file has no seats, and events without them
        ours.pop(table), theirs.pop(table)
    assert ours == theirs
    assert file.read_bytes() == sent  # the player's file is read, never migrated in place


def test_a_file_that_is_not_a_match_is_refused(tmp_path, target, registry):
    (tmp_path / "notes.duckdb").write_text("dear opponent, my move: R1 to 11\n")
    with pytest.raises(IntegrityError, match="not a phaseline match file"):
        import_match(target, registry, tmp_path / "notes.duckdb")
    with pytest.raises(StoreError, match="no file"):
        import_match(target, registry, tmp_path / "missing.duckdb")


def test_export_refuses_to_overwrite_unless_asked(tmp_path, source):
    file = export_match(source, GAME, tmp_path / "mail.duckdb")
    with pytest.raises(StoreError, match="already exists"):
        export_match(source, GAME, file)
    assert export_match(source, GAME, file, overwrite=True) == file
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_parquet_export_is_partitioned_by_game_and_match(tmp_path, source):
    out = export_parquet(source, tmp_path / "history")
    assert (out / "event" / "ruleset=toy" / f"game_id={GAME}").is_dir()
    count = source.one(f"SELECT count(*) FROM read_parquet('{out}/event/**/*.parquet', hive_partitioning = true)")
    assert count == source.one("SELECT count(*) FROM event")
    with pytest.raises(StoreError, match="not empty"):
        export_parquet(source, out)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        pytest.param("ALTER TABLE event ADD COLUMN note VARCHAR", "columns unlike ours", id="extra-column"),
        pytest.param("CREATE TABLE surprise (game_id VARCHAR)", "does not use", id="unknown-table"),
        pytest.param("DROP TABLE effect", "lacks table", id="missing-table"),
        pytest.param("ALTER TABLE meta RENAME COLUMN value TO v", "columns unlike ours", id="odd-meta"),
    ],
)
def test_a_file_with_another_shape_is_refused(tmp_path, source, target, registry, change, reason):
    file = export_match(source, GAME, tmp_path / "mail.duckdb")
    with duckdb.connect(str(file)) as con:
        con.execute(change)
    with pytest.raises(IntegrityError, match=reason):
        import_match(target, registry, file)
    assert target.one("SELECT count(*) FROM match") == 0
