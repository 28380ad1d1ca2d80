"""The effect ledger and the event log (DESIGN.md "The tables"): set-at-a-time changes are
recorded column by column and revert exactly; events and effects wait in memory until the
action's end writes them."""

from __future__ import annotations

import pytest
from history_support import long_registry, new_match, snapshot
from phaseline import Event, Store

NEXT_PHASE = """SELECT unit_id, mp + 1 AS mp, NOT moved AS moved
                FROM unit_state WHERE game_id = ? AND side = ?"""


@pytest.fixture
def game():
    with Store.open(":memory:") as store:
        yield new_match(store, long_registry(), seed=3)


def effects_of(game, seq: int) -> list[tuple]:
    return game.store.con.execute(
        "SELECT tbl, key, col, old, new FROM effect WHERE game_id = ? AND seq = ? ORDER BY n", [game.game_id, seq]
    ).fetchall()


def note(game) -> int:
    return game.log(Event("note", purpose="a change made by hand"))


def test_update_from_records_each_changed_column_by_key_and_reverts_exactly(game):
    units = game.rows("SELECT unit_id, mp, moved FROM unit_state WHERE game_id = ? AND side = 'red'", [game.game_id])
    before = snapshot(game.store, game.game_id, ["unit_state"])
    with game.store.transaction():
        seq = note(game)
        changed = game.update_from("unit_state", NEXT_PHASE, [game.game_id, "red"])
        game.flush()
    assert changed == len(units)
    ordered = sorted(units, key=lambda u: u["unit_id"])
    assert [(col, key) for _, key, col, _, _ in effects_of(game, seq)] == [
        (col, f'{{"unit_id":"{u["unit_id"]}"}}') for col in ("mp", "moved") for u in ordered
    ]
    with game.store.transaction():
        game.ledger.begin(note(game), game.events.stamp)
        game.ledger.revert(seq, seq)
        game.flush()
    assert snapshot(game.store, game.game_id, ["unit_state"]) == before


def test_update_from_leaves_unchanged_rows_unrecorded(game):
    with game.store.transaction():
        seq = note(game)
        game.update_from("unit_state", NEXT_PHASE.replace("mp + 1", "mp"), [game.game_id, "red"])
        game.flush()
    assert {col for _, _, col, _, _ in effects_of(game, seq)} == {"moved"}


def test_set_known_records_what_set_records(game):
    unit = game.rows("SELECT * FROM unit_state WHERE game_id = ? LIMIT 1", [game.game_id])[0]
    key = {"unit_id": unit["unit_id"]}
    with game.store.transaction():
        by_reading = note(game)
        game.set("unit_state", key, mp=unit["mp"] + 2, moved=unit["moved"])
        note(game)
        game.set("unit_state", key, mp=unit["mp"])  # as it was
        by_knowing = note(game)
        game.set_known("unit_state", key, unit, mp=unit["mp"] + 2, moved=unit["moved"])
        game.flush()
    assert effects_of(game, by_knowing) == effects_of(game, by_reading)
    assert len(effects_of(game, by_knowing)) == 1  # moved did not change


def test_held_events_wait_in_memory_until_the_action_is_written(game):
    count = "SELECT count(*) FROM event WHERE game_id = ?"
    written = game.one(count, [game.game_id])
    with game.store.transaction(), game.events.held():
        seq = note(game)
        assert game.one(count, [game.game_id]) == written
        game.flush()
        assert game.one("SELECT max(seq) FROM event WHERE game_id = ?", [game.game_id]) == seq


def test_held_events_tell_which_kinds_wait(game):
    """A reader of some kind of events (BfG 11.0 last touch reads moves) flushes only when one waits."""
    with game.store.transaction(), game.events.held():
        note(game)
        assert game.events.holds("note") and not game.events.holds("move")
        game.flush()
        assert not game.events.holds("note")


def test_events_logged_outside_an_action_are_written_at_once(game):
    with game.store.transaction():
        seq = note(game)
        assert game.one("SELECT max(seq) FROM event WHERE game_id = ?", [game.game_id]) == seq


def test_a_column_version_moves_only_with_its_columns(game):
    unit = game.rows("SELECT * FROM unit_state WHERE game_id = ? LIMIT 1", [game.game_id])[0]
    where = game.ledger.version_of("unit_state", "space_id")
    whole = game.ledger.version_of("unit_state")
    with game.store.transaction():
        note(game)
        game.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 1)
        game.flush()
    assert game.ledger.version_of("unit_state", "space_id") == where
    assert game.ledger.version_of("unit_state") != whole


def stored(game, table: str) -> dict[tuple, dict]:
    """The table's rows as the store has them, keyed as ``Ledger.rows_of`` keys them."""
    keys = game.ledger.keys[table]
    rows = game.rows(f"SELECT * EXCLUDE (game_id) FROM {table} WHERE game_id = ?", [game.game_id])
    return {tuple(row[k] for k in keys): row for row in rows}


def test_update_rows_records_what_update_from_records(game):
    rows = game.rows(NEXT_PHASE, [game.game_id, "red"])
    with game.store.transaction():
        by_query = note(game)
        game.update_from("unit_state", NEXT_PHASE, [game.game_id, "red"])
        back = note(game)
        game.ledger.revert(by_query, by_query)
        by_rows = note(game)
        assert game.update_rows("unit_state", rows) == len(rows)
        game.flush()
    assert effects_of(game, by_rows) == effects_of(game, by_query)
    assert effects_of(game, back)  # the revert in between was recorded


def test_kept_rows_follow_every_kind_of_change(game):
    """``rows_of`` answers as the store does after single-row sets, set-at-a-time updates,
    inserts and a rolled-back action (kept rows change with the ledger's own updates; any
    other change reads the table again)."""
    unit = next(iter(game.rows_of("unit_state").values()))
    assert game.rows_of("unit_state") == stored(game, "unit_state")
    with game.store.transaction():
        note(game)
        game.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 3, moved=True)
        assert game.rows_of("unit_state") == stored(game, "unit_state")
        game.set_rows("unit_state", [{"unit_id": unit["unit_id"]}], mp=0)
        assert game.rows_of("unit_state") == stored(game, "unit_state")
        game.update_from("unit_state", NEXT_PHASE, [game.game_id, "blue"])
        assert game.rows_of("unit_state") == stored(game, "unit_state")
        game.flush()
    kept = game.rows_of("unit_state")
    try:
        with game.store.transaction():
            note(game)
            game.set("unit_state", {"unit_id": unit["unit_id"]}, mp=99)
            raise RuntimeError("the action fails")
    except RuntimeError:
        game.ledger.discard()  # as Game.play does after a rollback
        game.ledger.version += 1
    assert game.rows_of("unit_state") == stored(game, "unit_state") == kept


def test_changed_since_names_the_columns_changed(game):
    unit = next(iter(game.rows_of("unit_state").values()))
    mark = game.ledger.mark()
    with game.store.transaction():
        note(game)
        game.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 1)
        game.flush()
    assert game.ledger.changed_since(mark) == {("unit_state", "mp")}
    game.ledger.version += 1  # changed behind the ledger's back: it cannot tell what
    assert game.ledger.changed_since(mark) is None


def test_kept_rows_never_keep_a_value_the_store_would_change(game):
    """A float written to an INTEGER column reads back rounded: the kept rows read it back."""
    unit = next(iter(game.rows_of("unit_state").values()))
    with game.store.transaction():
        note(game)
        game.set("unit_state", {"unit_id": unit["unit_id"]}, mp=2.6)
        assert game.rows_of("unit_state") == stored(game, "unit_state")
        assert game.rows_of("unit_state")[(unit["unit_id"],)]["mp"] == 3
        game.flush()


def test_held_updates_are_recorded_at_once_and_written_together(game):
    """Inside ``held_updates`` single-row sets are recorded and kept as they come, and the
    store gets them in one statement at the end (or before a read through ``rows``): the
    effects and the rows are those of the same sets made one by one."""
    first, second = list(game.rows_of("unit_state").values())[:2]
    updates = [(first, {"mp": first["mp"] + 2}), (second, {"moved": True}), (first, {"mp": 0, "moved": True})]
    with game.store.transaction():
        one_by_one = note(game)
        for unit, values in updates:
            game.set("unit_state", {"unit_id": unit["unit_id"]}, **values)
        note(game)
        game.ledger.revert(one_by_one, one_by_one)
        held = note(game)
        with game.held_updates():
            for unit, values in updates:
                game.set("unit_state", {"unit_id": unit["unit_id"]}, **values)
            assert game.rows_of("unit_state")[(first["unit_id"],)]["mp"] == 0
            assert (
                game.store.one(
                    "SELECT mp FROM unit_state WHERE game_id = ? AND unit_id = ?", [game.game_id, first["unit_id"]]
                )
                == first["mp"]
            )  # not written yet
        assert game.rows_of("unit_state") == stored(game, "unit_state")
        game.flush()
    assert effects_of(game, held) == effects_of(game, one_by_one)


def test_held_updates_of_a_failed_block_reach_neither_store_nor_kept_rows(game):
    unit = next(iter(game.rows_of("unit_state").values()))
    kept = dict(game.rows_of("unit_state"))
    with pytest.raises(RuntimeError), game.store.transaction():
        note(game)
        with game.held_updates():
            game.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 5)
            assert (
                game.rows(
                    "SELECT mp FROM unit_state WHERE game_id = ? AND unit_id = ?", [game.game_id, unit["unit_id"]]
                )[0]["mp"]
                == unit["mp"] + 5
            )  # a read writes them first
            raise RuntimeError("the order fails")
    game.ledger.discard()
    assert game.rows_of("unit_state") == stored(game, "unit_state") == kept


def decision_row(number: int, status: str = "open") -> dict:
    return {"decision_id": number, "side": "red", "kind": "advance", "prompt": f"decision {number}",
            "choices": ["yes", "no"], "context": "{}", "rule": "7.1", "status": status, "answer": None}  # fmt: skip


def test_held_inserts_updates_and_deletes_land_as_made_one_by_one(game):
    """Held rows are written in runs of one kind per table, in the order made: an update of a
    row inserted in the same run changes the row, a delete then an insert of the same key
    replaces it. Effects and rows are those of the same changes made one by one."""
    unit = next(iter(game.rows_of("unit_state").values()))

    def changes() -> None:
        game.insert("decision", decision_row(101))
        game.set("decision", {"decision_id": 101}, status="answered", answer="yes")
        game.insert("decision", decision_row(102))
        game.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 1)
        game.delete("decision", {"decision_id": 102})
        game.insert("decision", decision_row(102, status="answered"))
        game.delete("decision", {"decision_id": 101})

    with game.store.transaction():
        one_by_one = note(game)
        changes()
        after_one_by_one = snapshot(game.store, game.game_id, ["decision", "unit_state"])
        note(game)
        game.ledger.revert(one_by_one, one_by_one)
        held = note(game)
        with game.held_updates():
            changes()
            assert not game.store.one("SELECT count(*) FROM decision WHERE game_id = ?", [game.game_id])
        assert snapshot(game.store, game.game_id, ["decision", "unit_state"]) == after_one_by_one
        assert game.rows_of("decision") == stored(game, "decision")
        game.flush()
    assert effects_of(game, held) == effects_of(game, one_by_one)


def test_a_read_writes_the_held_changes_of_the_tables_it_reads_only(game):
    """Before a statement, the held changes of the state tables it names, directly or through
    the views it reads (map_unit reads unit_state), are written; the others wait."""
    unit = next(iter(game.rows_of("unit_state").values()))
    with game.store.transaction():
        note(game)
        with game.held_updates():
            game.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 2)
            game.insert("decision", decision_row(7))
            found = game.one(
                "SELECT mp FROM map_unit WHERE game_id = ? AND unit_id = ?", [game.game_id, unit["unit_id"]]
            )
            assert found == unit["mp"] + 2
            assert not game.store.one("SELECT count(*) FROM decision WHERE game_id = ?", [game.game_id])
            assert game.con.execute("SELECT count(*) FROM decision WHERE game_id = ?", [game.game_id]).fetchone() == (
                1,
            )
        game.flush()


def test_update_where_records_what_update_rows_records(game):
    rows = game.rows("SELECT unit_id FROM unit_state WHERE game_id = ? AND side = 'red'", [game.game_id])
    with game.store.transaction():
        by_rows = note(game)
        assert game.update_rows("unit_state", [{**row, "mp": 0, "moved": True} for row in rows]) == len(rows)
        note(game)
        game.ledger.revert(by_rows, by_rows)
        by_where = note(game)
        assert game.update_where("unit_state", "side = ?", ["red"], mp=0, moved=True) == len(rows)
        assert game.rows_of("unit_state") == stored(game, "unit_state")
        assert game.update_where("unit_state", "side = ?", ["red"], mp=0, moved=True) == 0  # nothing left to change
        game.flush()
    assert effects_of(game, by_where) == effects_of(game, by_rows)
