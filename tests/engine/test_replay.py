"""Replay (DESIGN.md "Dice and replay"): a match rebuilt from its static tables and log is identical."""

from __future__ import annotations

import pytest
from history_support import copy_played, long_registry, new_match, play, snapshot
from phaseline import IntegrityError, Match, Store, UnknownName
from phaseline.bots import run_bots
from phaseline.replay import state_at, verify
from toygame import toy_registry

STATE = ["unit_state", "clock", "decision", "toy_score"]


@pytest.fixture(scope="module")
def registry():
    return long_registry()


@pytest.fixture
def store(tmp_path):
    """A copy of a store with a match of moves, rolls, decisions and forced undos."""
    with Store.open(copy_played(tmp_path / "store.duckdb")) as opened:
        yield opened


@pytest.fixture
def played(store, registry):
    return Match.load(store, registry, "toy-1")


def test_moves_rolls_decisions_and_undos_replay_exactly(store, registry, played):
    kinds = {r["kind"] for r in store.rows("SELECT DISTINCT kind FROM event")}
    assert {"action", "roll", "decision", "undo", "move"} <= kinds
    assert verify(store, registry, played.match_id) == played.events.last_seq


def test_a_finished_random_match_replays_exactly():
    registry = toy_registry()
    store = Store.open(":memory:")
    match = new_match(store, registry, seed=5, controllers={"red": "bot:random", "blue": "bot:random"})
    run_bots(match, registry)
    assert match.finished
    assert verify(store, registry, match.match_id) == match.events.last_seq


def test_replay_leaves_the_store_as_it_was(store, registry, played):
    before = snapshot(store, played.match_id, [*STATE, "event", "effect"])
    verify(store, registry, played.match_id)
    assert snapshot(store, played.match_id, [*STATE, "event", "effect"]) == before
    assert store.one("SELECT count(*) FROM duckdb_databases() WHERE database_name LIKE 'scratch%'") == 0


@pytest.mark.parametrize(
    ("tamper", "named"),
    [
        pytest.param("UPDATE unit_state SET space_id = '22' WHERE unit_id = 'R1'", "unit_state", id="state-row"),
        pytest.param("UPDATE toy_score SET kills = 9 WHERE side = 'red'", "toy_score", id="plugin-state-row"),
        pytest.param(
            "UPDATE effect SET new = '\"33\"' WHERE (seq, n) = "
            "(SELECT (seq, n) FROM effect WHERE col = 'space_id' ORDER BY seq LIMIT 1)",
            "effect",
            id="effect-row",
        ),
        pytest.param("DELETE FROM effect WHERE seq = (SELECT max(seq) FROM effect)", "effect", id="deleted-effect"),
        pytest.param(
            "UPDATE event SET undone_by = NULL WHERE seq = (SELECT min(seq) FROM event WHERE undone_by IS NOT NULL)",
            r"undone_by: store None, replay \d+",
            id="undo-mark-cleared",
        ),
        pytest.param(
            "UPDATE event SET cause_verb = 'end' WHERE seq = (SELECT min(seq) FROM event WHERE cause_verb = 'move')",
            "cause_verb: store 'end', replay 'move'",
            id="cause-verb",
        ),
    ],
)
def test_a_tampered_row_is_detected(store, registry, played, tamper, named):
    store.con.execute(tamper)
    with pytest.raises(IntegrityError, match=named):
        verify(store, registry, played.match_id)


def test_a_tampered_roll_is_named_by_seq(store, registry, played):
    seq = store.one("SELECT min(seq) FROM event WHERE kind = 'roll'")
    store.con.execute("UPDATE event SET roll_no = roll_no + 1000 WHERE seq = ?", [seq])
    with pytest.raises(IntegrityError, match=rf"seq {seq}\b"):
        verify(store, registry, played.match_id)


def test_state_at_each_event_is_the_state_then(registry):
    store = Store.open(":memory:")
    match = new_match(store, registry)
    seen = {match.events.last_seq: snapshot(store, match.match_id, STATE)}
    for _ in range(8):
        play(match, 1)
        seen[match.events.last_seq] = snapshot(store, match.match_id, STATE)
    now = snapshot(store, match.match_id, [*STATE, "event", "effect"])
    for seq, expected in seen.items():
        with state_at(match, seq):
            assert snapshot(store, match.match_id, STATE) == expected
    assert snapshot(store, match.match_id, [*STATE, "event", "effect"]) == now


def test_state_at_an_unknown_event_is_refused(played):
    with pytest.raises(UnknownName, match="no event 999"), state_at(played, 999):
        pass


def test_tables_of_other_games_in_the_store_do_not_disturb_replay(store, registry, played):
    store.con.execute("CREATE TABLE other_depot (match_id VARCHAR, depot VARCHAR)")
    store.con.execute("INSERT INTO plugin_table VALUES ('other_depot', 'other-game', '1', 'static')")
    assert verify(store, registry, played.match_id) == played.events.last_seq


def test_a_roll_number_that_skips_ahead_is_refused(store, registry, played):
    """A chosen roll: the die is the secret's roll of a later number, hash chain and signatures redone."""
    from phaseline.dice import roll

    seq = store.one("SELECT max(seq) FROM event WHERE kind = 'roll'")
    row = store.rows("SELECT roll_no, payload FROM event WHERE seq = ?", [seq])[0]
    store.con.execute(
        "UPDATE event SET roll_no = ?, die = ? WHERE seq = ?", [row["roll_no"] + 3, roll(11, row["roll_no"] + 3), seq]
    )
    with pytest.raises(IntegrityError, match=rf"seq {seq} of toy-1: roll number {row['roll_no'] + 3} skips ahead"):
        from phaseline.audit import check_roll_numbers

        check_roll_numbers("toy-1", store.rows("SELECT * FROM event ORDER BY seq"))
    with pytest.raises(IntegrityError, match=rf"seq {seq}\b"):
        verify(store, registry, played.match_id)


def test_verify_reports_which_seats_dice_it_checked(store, registry, played):
    from phaseline.replay import verify_match

    count, dice = verify_match(store, registry, played.match_id)
    assert count > 0 and sorted(dice.checked) == ["blue", "red"]
    assert dice.unchecked == []


def test_the_wall_clock_changes_no_hash_and_a_replay_keeps_each_events_time(registry, monkeypatch):
    """The same seed and orders make the same log at any time: ``logged_at`` stands outside the
    hash, and a replay gives each event the time its log gives."""
    from datetime import datetime

    from phaseline.events import EventLog

    logs = []
    for year in (2026, 2031):
        monkeypatch.setattr(EventLog, "now", lambda self, seq, year=year: datetime(year, 5, 8, 23, 1, seq % 60))
        store = Store.open(":memory:")
        match = new_match(store, registry, seed=9)
        play(match, 12, undo_every=5)
        logs.append(store.rows("SELECT * FROM event ORDER BY seq"))
        monkeypatch.undo()
        assert verify(store, registry, match.match_id) == len(logs[-1])  # the replay runs at today's time
    first, second = ([{k: v for k, v in e.items() if k not in ("logged_at", "sig")} for e in log] for log in logs)
    assert first == second
    assert {e["logged_at"].year for e in logs[0]} == {2026} and {e["logged_at"].year for e in logs[1]} == {2031}
