"""The effect ledger and the event log (DESIGN.md "The tables"): set-at-a-time changes are
recorded column by column and revert exactly; events and effects wait in memory until the
action's end writes them."""

from __future__ import annotations

import json

import pytest
from history_support import long_registry, new_match, snapshot
from hypothesis import example, given, settings
from hypothesis import strategies as st
from phaseline import Event, Store
from phaseline.batch import write_held
from phaseline.ledger import to_json

NEXT_PHASE = """SELECT unit_id, mp + 1 AS mp, NOT moved AS moved
                FROM unit_state WHERE match_id = ? AND side = ?"""


@pytest.fixture
def match():
    with Store.open(":memory:") as store:
        yield new_match(store, long_registry(), seed=3)


def effects_of(match, seq: int) -> list[tuple]:
    return match.store.con.execute(
        "SELECT tbl, key, col, old, new FROM effect WHERE match_id = ? AND seq = ? ORDER BY n", [match.match_id, seq]
    ).fetchall()


def note(match) -> int:
    return match.log(Event("note", purpose="a change made by hand"))


def test_update_from_records_each_changed_column_by_key_and_reverts_exactly(match):
    units = match.rows(
        "SELECT unit_id, mp, moved FROM unit_state WHERE match_id = ? AND side = 'red'", [match.match_id]
    )
    before = snapshot(match.store, match.match_id, ["unit_state"])
    with match.store.transaction():
        seq = note(match)
        changed = match.update_from("unit_state", NEXT_PHASE, [match.match_id, "red"])
        match.flush()
    assert changed == len(units)
    ordered = sorted(units, key=lambda u: u["unit_id"])
    assert [(col, key) for _, key, col, _, _ in effects_of(match, seq)] == [
        (col, f'{{"unit_id":"{u["unit_id"]}"}}') for col in ("mp", "moved") for u in ordered
    ]
    with match.store.transaction():
        match.ledger.begin(note(match), match.events.stamp)
        match.ledger.revert(seq, seq)
        match.flush()
    assert snapshot(match.store, match.match_id, ["unit_state"]) == before


def test_update_from_leaves_unchanged_rows_unrecorded(match):
    with match.store.transaction():
        seq = note(match)
        match.update_from("unit_state", NEXT_PHASE.replace("mp + 1", "mp"), [match.match_id, "red"])
        match.flush()
    assert {col for _, _, col, _, _ in effects_of(match, seq)} == {"moved"}


def test_set_known_records_what_set_records(match):
    unit = match.rows("SELECT * FROM unit_state WHERE match_id = ? LIMIT 1", [match.match_id])[0]
    key = {"unit_id": unit["unit_id"]}
    with match.store.transaction():
        by_reading = note(match)
        match.set("unit_state", key, mp=unit["mp"] + 2, moved=unit["moved"])
        note(match)
        match.set("unit_state", key, mp=unit["mp"])  # as it was
        by_knowing = note(match)
        match.set_known("unit_state", key, unit, mp=unit["mp"] + 2, moved=unit["moved"])
        match.flush()
    assert effects_of(match, by_knowing) == effects_of(match, by_reading)
    assert len(effects_of(match, by_knowing)) == 1  # moved did not change


def test_held_events_wait_in_memory_until_the_action_is_written(match):
    count = "SELECT count(*) FROM event WHERE match_id = ?"
    written = match.one(count, [match.match_id])
    with match.store.transaction(), match.events.held():
        seq = note(match)
        assert match.one(count, [match.match_id]) == written
        match.flush()
        assert match.one("SELECT max(seq) FROM event WHERE match_id = ?", [match.match_id]) == seq


def test_held_events_tell_which_kinds_wait(match):
    """A reader of some kind of events (BfG 11.0 last touch reads moves) flushes only when one waits."""
    with match.store.transaction(), match.events.held():
        note(match)
        assert match.events.holds("note") and not match.events.holds("move")
        match.flush()
        assert not match.events.holds("note")


def test_events_logged_outside_an_action_are_written_at_once(match):
    with match.store.transaction():
        seq = note(match)
        assert match.one("SELECT max(seq) FROM event WHERE match_id = ?", [match.match_id]) == seq


def test_a_column_version_moves_only_with_its_columns(match):
    unit = match.rows("SELECT * FROM unit_state WHERE match_id = ? LIMIT 1", [match.match_id])[0]
    where = match.ledger.version_of("unit_state", "space_id")
    whole = match.ledger.version_of("unit_state")
    with match.store.transaction():
        note(match)
        match.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 1)
        match.flush()
    assert match.ledger.version_of("unit_state", "space_id") == where
    assert match.ledger.version_of("unit_state") != whole


def stored(match, table: str) -> dict[tuple, dict]:
    """The table's rows as the store has them, keyed as ``Ledger.rows_of`` keys them."""
    keys = match.ledger.keys[table]
    rows = match.rows(f"SELECT * EXCLUDE (match_id) FROM {table} WHERE match_id = ?", [match.match_id])
    return {tuple(row[k] for k in keys): row for row in rows}


def test_update_rows_records_what_update_from_records(match):
    rows = match.rows(NEXT_PHASE, [match.match_id, "red"])
    with match.store.transaction():
        by_query = note(match)
        match.update_from("unit_state", NEXT_PHASE, [match.match_id, "red"])
        back = note(match)
        match.ledger.revert(by_query, by_query)
        by_rows = note(match)
        assert match.update_rows("unit_state", rows) == len(rows)
        match.flush()
    assert effects_of(match, by_rows) == effects_of(match, by_query)
    assert effects_of(match, back)  # the revert in between was recorded


def test_kept_rows_follow_every_kind_of_change(match):
    """``rows_of`` answers as the store does after single-row sets, set-at-a-time updates,
    inserts and a rolled-back action (kept rows change with the ledger's own updates; any
    other change reads the table again)."""
    unit = next(iter(match.rows_of("unit_state").values()))
    assert match.rows_of("unit_state") == stored(match, "unit_state")
    with match.store.transaction():
        note(match)
        match.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 3, moved=True)
        assert match.rows_of("unit_state") == stored(match, "unit_state")
        match.set_rows("unit_state", [{"unit_id": unit["unit_id"]}], mp=0)
        assert match.rows_of("unit_state") == stored(match, "unit_state")
        match.update_from("unit_state", NEXT_PHASE, [match.match_id, "blue"])
        assert match.rows_of("unit_state") == stored(match, "unit_state")
        match.flush()
    kept = match.rows_of("unit_state")
    try:
        with match.store.transaction():
            note(match)
            match.set("unit_state", {"unit_id": unit["unit_id"]}, mp=99)
            raise RuntimeError("the action fails")
    except RuntimeError:
        match.ledger.discard()  # as Match.play does after a rollback
        match.ledger.version += 1
    assert match.rows_of("unit_state") == stored(match, "unit_state") == kept


def test_changed_since_names_the_columns_changed(match):
    unit = next(iter(match.rows_of("unit_state").values()))
    mark = match.ledger.mark()
    with match.store.transaction():
        note(match)
        match.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 1)
        match.flush()
    assert match.ledger.changed_since(mark) == {("unit_state", "mp")}
    match.ledger.version += 1  # changed behind the ledger's back: it cannot tell what
    assert match.ledger.changed_since(mark) is None


def test_kept_rows_never_keep_a_value_the_store_would_change(match):
    """A float written to an INTEGER column reads back rounded: the kept rows read it back."""
    unit = next(iter(match.rows_of("unit_state").values()))
    with match.store.transaction():
        note(match)
        match.set("unit_state", {"unit_id": unit["unit_id"]}, mp=2.6)
        assert match.rows_of("unit_state") == stored(match, "unit_state")
        assert match.rows_of("unit_state")[(unit["unit_id"],)]["mp"] == 3
        match.flush()


def test_held_updates_are_recorded_at_once_and_written_together(match):
    """Inside ``held_updates`` single-row sets are recorded and kept as they come, and the
    store gets them in one statement at the end (or before a read through ``rows``): the
    effects and the rows are those of the same sets made one by one."""
    first, second = list(match.rows_of("unit_state").values())[:2]
    updates = [(first, {"mp": first["mp"] + 2}), (second, {"moved": True}), (first, {"mp": 0, "moved": True})]
    with match.store.transaction():
        one_by_one = note(match)
        for unit, values in updates:
            match.set("unit_state", {"unit_id": unit["unit_id"]}, **values)
        note(match)
        match.ledger.revert(one_by_one, one_by_one)
        held = note(match)
        with match.held_updates():
            for unit, values in updates:
                match.set("unit_state", {"unit_id": unit["unit_id"]}, **values)
            assert match.rows_of("unit_state")[(first["unit_id"],)]["mp"] == 0
            assert (
                match.store.one(
                    "SELECT mp FROM unit_state WHERE match_id = ? AND unit_id = ?", [match.match_id, first["unit_id"]]
                )
                == first["mp"]
            )  # not written yet
        assert match.rows_of("unit_state") == stored(match, "unit_state")
        match.flush()
    assert effects_of(match, held) == effects_of(match, one_by_one)


def test_held_updates_of_a_failed_block_reach_neither_store_nor_kept_rows(match):
    unit = next(iter(match.rows_of("unit_state").values()))
    kept = dict(match.rows_of("unit_state"))
    with pytest.raises(RuntimeError), match.store.transaction():
        note(match)
        with match.held_updates():
            match.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 5)
            assert (
                match.rows(
                    "SELECT mp FROM unit_state WHERE match_id = ? AND unit_id = ?", [match.match_id, unit["unit_id"]]
                )[0]["mp"]
                == unit["mp"] + 5
            )  # a read writes them first
            raise RuntimeError("the order fails")
    match.ledger.discard()
    assert match.rows_of("unit_state") == stored(match, "unit_state") == kept


def decision_row(number: int, status: str = "open") -> dict:
    return {"decision_id": number, "side": "red", "kind": "advance", "prompt": f"decision {number}",
            "choices": ["yes", "no"], "context": "{}", "rule": "7.1", "status": status, "answer": None}  # fmt: skip


def test_held_inserts_updates_and_deletes_land_as_made_one_by_one(match):
    """Held rows are written in runs of one kind per table, in the order made: an update of a
    row inserted in the same run changes the row, a delete then an insert of the same key
    replaces it. Effects and rows are those of the same changes made one by one."""
    unit = next(iter(match.rows_of("unit_state").values()))

    def changes() -> None:
        match.insert("decision", decision_row(101))
        match.set("decision", {"decision_id": 101}, status="answered", answer="yes")
        match.insert("decision", decision_row(102))
        match.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 1)
        match.delete("decision", {"decision_id": 102})
        match.insert("decision", decision_row(102, status="answered"))
        match.delete("decision", {"decision_id": 101})

    with match.store.transaction():
        one_by_one = note(match)
        changes()
        after_one_by_one = snapshot(match.store, match.match_id, ["decision", "unit_state"])
        note(match)
        match.ledger.revert(one_by_one, one_by_one)
        held = note(match)
        with match.held_updates():
            changes()
            assert not match.store.one("SELECT count(*) FROM decision WHERE match_id = ?", [match.match_id])
        assert snapshot(match.store, match.match_id, ["decision", "unit_state"]) == after_one_by_one
        assert match.rows_of("decision") == stored(match, "decision")
        match.flush()
    assert effects_of(match, held) == effects_of(match, one_by_one)


def test_a_read_writes_the_held_changes_of_the_tables_it_reads_only(match):
    """Before a statement, the held changes of the state tables it names, directly or through
    the views it reads (map_unit reads unit_state), are written; the others wait."""
    unit = next(iter(match.rows_of("unit_state").values()))
    with match.store.transaction():
        note(match)
        with match.held_updates():
            match.set("unit_state", {"unit_id": unit["unit_id"]}, mp=unit["mp"] + 2)
            match.insert("decision", decision_row(7))
            found = match.one(
                "SELECT mp FROM map_unit WHERE match_id = ? AND unit_id = ?", [match.match_id, unit["unit_id"]]
            )
            assert found == unit["mp"] + 2
            assert not match.store.one("SELECT count(*) FROM decision WHERE match_id = ?", [match.match_id])
            assert match.con.execute(
                "SELECT count(*) FROM decision WHERE match_id = ?", [match.match_id]
            ).fetchone() == (1,)
        match.flush()


def test_update_where_records_what_update_rows_records(match):
    rows = match.rows("SELECT unit_id FROM unit_state WHERE match_id = ? AND side = 'red'", [match.match_id])
    with match.store.transaction():
        by_rows = note(match)
        assert match.update_rows("unit_state", [{**row, "mp": 0, "moved": True} for row in rows]) == len(rows)
        note(match)
        match.ledger.revert(by_rows, by_rows)
        by_where = note(match)
        assert match.update_where("unit_state", "side = ?", ["red"], mp=0, moved=True) == len(rows)
        assert match.rows_of("unit_state") == stored(match, "unit_state")
        assert match.update_where("unit_state", "side = ?", ["red"], mp=0, moved=True) == 0  # nothing left to change
        match.flush()
    assert effects_of(match, by_where) == effects_of(match, by_rows)


class CountingConnection:
    """The store's connection, counting the UPDATE statements run through it."""

    def __init__(self, con) -> None:
        self.con = con
        self.updates = 0

    def execute(self, sql, params=None):
        self.updates += sql.lstrip().upper().startswith("UPDATE")
        return self.con.execute(sql, params)

    def __getattr__(self, name):
        return getattr(self.con, name)


def test_held_updates_of_different_columns_are_written_in_one_statement(match):
    """Rows of one table that set different columns (a unit that moved, one that attacked)
    are written by one UPDATE, each row keeping the columns it does not set, the same rows
    as the changes made one by one."""
    first, second, third = list(match.rows_of("unit_state").values())[:3]
    updates = [
        (first, {"mp": first["mp"] + 2, "moved": True}),
        (second, {"moved": True}),
        (third, {"status": "spent", "mp": 0}),
        (second, {"attacked": True}),
    ]
    with match.store.transaction():
        one_by_one = note(match)
        for unit, values in updates:
            match.set("unit_state", {"unit_id": unit["unit_id"]}, **values)
        after_one_by_one = snapshot(match.store, match.match_id, ["unit_state"])
        note(match)
        match.ledger.revert(one_by_one, one_by_one)
        held = note(match)
        counting = match.store.con = CountingConnection(match.store.con)
        try:
            with match.held_updates():
                for unit, values in updates:
                    match.set("unit_state", {"unit_id": unit["unit_id"]}, **values)
        finally:
            match.store.con = counting.con
        assert counting.updates == 1
        assert snapshot(match.store, match.match_id, ["unit_state"]) == after_one_by_one
        assert match.rows_of("unit_state") == stored(match, "unit_state")
        match.flush()
    assert effects_of(match, held) == effects_of(match, one_by_one)


CHANGE = st.one_of(
    st.tuples(st.just("insert"), st.integers(1, 2)),
    st.tuples(st.just("answer"), st.integers(1, 2)),
    st.tuples(st.just("delete"), st.integers(1, 2)),
    st.tuples(st.just("mp"), st.integers(0, 2), st.integers(0, 9)),
    st.tuples(st.just("moved"), st.integers(0, 2)),
)


def make_changes(match, changes: list[tuple]) -> None:
    """``changes`` made through the ledger: decisions inserted, answered and deleted (those that
    cannot be, skipped), units' mp and moved set."""
    units = sorted(match.rows_of("unit_state"))
    there = {key[0] for key in match.rows_of("decision")}  # (read before the changes: a read writes them)
    for kind, which, *value in changes:
        if kind == "insert" and which not in there:
            match.insert("decision", decision_row(which))
            there.add(which)
        elif kind == "answer" and which in there:
            match.set("decision", {"decision_id": which}, status="answered", answer="yes")
        elif kind == "delete" and which in there:
            match.delete("decision", {"decision_id": which})
            there.remove(which)
        elif kind == "mp":
            match.set("unit_state", {"unit_id": units[which][0]}, mp=value[0])
        elif kind == "moved":
            match.set("unit_state", {"unit_id": units[which][0]}, moved=True)


@settings(max_examples=12)  # (each example makes four to six matches)
@given(st.lists(st.lists(CHANGE, max_size=12), min_size=2, max_size=3))
@example([[("delete", 1), ("insert", 1), ("mp", 0, 5)], [("insert", 2), ("answer", 2), ("mp", 0, 4)]])
@example([[("answer", 1), ("insert", 2)], [("delete", 1), ("insert", 1)]])
def test_held_changes_of_several_matches_written_together_land_as_each_written_alone(changes):
    """A tournament's pool writes the changes its matches hold in one statement per table, run
    and kind (phaseline.batch.write_held): each match's rows are those of its changes written alone."""
    registry = long_registry()
    with Store.open(":memory:") as store:
        held, pairs = [], []
        for index, made in enumerate(changes):
            pair = alone, together = [new_match(store, registry, seed=3, match_id=f"{w}-{index}") for w in "at"]
            pairs.append(pair)
            with store.transaction():
                for match in pair:
                    note(match)
                    match.insert("decision", decision_row(1))  # (written: held changes start after it)
                    with match.held_updates():
                        make_changes(match, made)
                        if match is together:
                            held.append(match.ledger.take_held_for("SELECT * FROM decision, unit_state"))
        with store.transaction():
            write_held(store, held)
        for alone, together in pairs:
            for table in ("decision", "unit_state"):
                assert stored(together, table) == stored(alone, table)


SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()


@given(SCALARS | st.lists(SCALARS) | st.dictionaries(st.text(), SCALARS))
def test_an_effects_value_is_the_json_text_json_dumps_writes(value):
    """Whole numbers, booleans, NULL and plain strings are written directly: the same text."""
    assert to_json(value) == json.dumps(value, separators=(",", ":"), sort_keys=True, default=str)
