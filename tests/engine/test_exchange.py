"""Play by e-mail: turn files between two players' stores, and every bad file refused.

Alice creates a toy match and plays red; Bob imports it, claims blue and plays it. Each
refusal is one line naming events, seats or tables, and leaves the store as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from exchange_support import Player, events_of, key_of, open_pair, pair_in, read_file, rechain, set_events, write_file
from history_support import aggressive_action, copy_store, downgrade_to_schema_3, long_registry, new_match
from phaseline import IntegrityError, Match, PluginError, Store, StoreError
from phaseline.dice import roll
from phaseline.errors import CustomData
from phaseline.exchange import export_match, export_parquet
from phaseline.importing import import_match
from phaseline.replay import match_tables, verify


@pytest.fixture(scope="module")
def registry():
    return long_registry()


@pytest.fixture
def pair(tmp_path, registry):
    alice, bob = open_pair(tmp_path, registry)
    yield alice, bob
    alice.store.close()
    bob.store.close()


@pytest.fixture(scope="module")
def joined_folder(tmp_path_factory, registry) -> Path:
    """Alice played red's first turn and sent the match (1.turn); Bob joined as blue, played his
    and sent it (2.turn); Alice played again. The two stores, their keyrings and the turn files,
    played once for the module."""
    folder = tmp_path_factory.mktemp("joined")
    alice, bob = open_pair(folder, registry)
    try:
        alice.turn()
        alice.send(bob, folder / "1.turn")
        bob.turn()
        bob.send(alice, folder / "2.turn")
        alice.turn()
    finally:
        alice.store.close()
        bob.store.close()
    return folder


@pytest.fixture
def joined(joined_folder, tmp_path, registry):
    """The joined players' folder copied for this test: the same bytes, so the same match, rows,
    keys and dice secrets as :func:`joined_folder` played (test_the_copied_pair_is_the_pair_played)."""
    shutil.copytree(joined_folder, tmp_path, dirs_exist_ok=True)
    alice, bob = pair_in(tmp_path, registry)
    yield alice, bob
    alice.store.close()
    bob.store.close()


def until_attack(alice, bob, tmp_path):
    """Play on (sending turn files as the seats change hands) until the side to act can attack;
    the player who holds it."""
    for n in range(200):
        player = next(p for p in (alice, bob) if p.match.seats.holds(p.match.seat_playing(p.match.waiting_on()[0])))
        other = bob if player is alice else alice
        match = player.match
        if any(a.verb == "attack" for a in match.legal_actions()):
            return player
        match.play(aggressive_action(match))
        if match.finished:
            pytest.fail("the match ended before an attack")
        if not match.seats.holds(match.seat_playing(match.waiting_on()[0])):
            player.send(other, tmp_path / f"x{n}.turn")
    pytest.fail("no attack in 200 actions")


def everything(player) -> dict[str, list[tuple]]:
    return {t: player.rows(t) for t in match_tables(player.store)}


def unchanged(player, action) -> str:
    """Run ``action`` (which must be refused), check the store is as it was; the refusal's text."""
    before = everything(player)
    with pytest.raises((IntegrityError, PluginError, StoreError, CustomData)) as refused:
        action()
    assert everything(player) == before
    assert "\n" not in str(refused.value)
    return str(refused.value)


# --- the exchange itself ----------------------------------------------------------------


def test_a_new_opponent_gets_the_whole_match_and_joins_the_open_seat(pair, tmp_path):
    alice, bob = pair
    alice.turn()
    done = alice.send(bob, tmp_path / "1.turn")
    assert done["new"] and done["claimed"] == ["blue"]
    for table in ("event", "effect", "unit_state", "clock", "space", "unit", "match", "match_data"):
        assert bob.rows(table) == alice.rows(table), table
    assert bob.match.seats.held_sides() == ["blue"] and bob.match.seats.player("blue") == "bob"
    assert bob.match.seats.player("red") == "alice" and not bob.match.seats.holds("red")


def test_the_next_turns_carry_only_the_new_events_and_both_stores_agree(joined, tmp_path):
    alice, bob = joined
    before = bob.match.events.last_seq
    alice.send(bob, tmp_path / "3.turn")
    document = read_file(tmp_path / "3.turn")
    assert document["base"]["seq"] == before and document["tables"] == {}
    assert [e["seq"] for e in events_of(document)] == list(range(before + 1, alice.match.events.last_seq + 1))
    for table in ("event", "effect", "unit_state", "clock", "decision", "toy_score", "seat"):
        assert bob.rows(table) == alice.rows(table), table


@pytest.mark.slow
def test_two_stores_play_to_the_end_reveal_and_both_replay_verify(tmp_path):
    from phaseline.replay import verify_match

    registry = long_registry(last_turn=3)
    alice, bob = open_pair(tmp_path, registry)
    sender, receiver = alice, bob
    for n in range(80):
        sender.turn()
        sender.send(receiver, tmp_path / f"{n}.turn")
        sender, receiver = receiver, sender
        if alice.match.finished and bob.match.finished:
            break
    sender.send(receiver, tmp_path / "last.turn")  # the last to learn of the end sends its secret back
    for player in (alice, bob):
        assert {r["side"]: r["secret"] is not None for r in player.match.seats.rows()} == {"red": True, "blue": True}
        count, dice = verify_match(player.store, registry, "toy-1")
        assert count == alice.match.events.last_seq and dice.checked and not dice.unchecked
    assert alice.rows("event") == bob.rows("event") and alice.rows("seat") == bob.rows("seat")


def test_a_forced_undo_before_sending_shows_as_a_re_roll_in_the_file(joined, tmp_path):
    from phaseline.undo import undo

    alice, bob = joined
    alice.send(bob, tmp_path / "3.turn")
    player = until_attack(alice, bob, tmp_path)
    other = bob if player is alice else alice
    match = player.match
    match.play(next(a for a in match.legal_actions() if a.verb == "attack"))
    done = undo(match, force=True)
    assert done["rolls"] == 1
    player.turn()
    player.send(other, tmp_path / "re-roll.turn")
    undone = [e for e in events_of(read_file(tmp_path / "re-roll.turn")) if e["seq"] == done["seq"]]
    assert undone[0]["kind"] == "undo" and json.loads(undone[0]["payload"])["forced"]
    rerolled = other.store.rows("SELECT seq, rerolled FROM roll WHERE match_id = 'toy-1' AND rerolled")
    assert [r["seq"] for r in rerolled] == json.loads(undone[0]["payload"])["rolls"]
    assert other.store.one("SELECT rerolls FROM match_summary WHERE match_id = 'toy-1'") == 1


def test_a_file_written_by_an_older_phaseline_imports_through_the_migrations(tmp_path, registry):
    """A schema-3 match file (a DuckDB database) imports as a known-seed match without seats."""
    path = tmp_path / "old.duckdb"
    with Store.open(path) as store:
        match = new_match(store, registry, seed=3)
        from history_support import play

        play(match, 20)
        match_id = match.match_id
    with duckdb.connect(str(path)) as con:
        downgrade_to_schema_3(con)
    sent = path.read_bytes()
    with Store.open(tmp_path / "target.duckdb") as target:
        done = import_match(target, registry, path)
        assert done["new"] and verify(target, registry, match_id) == done["total"]
        assert target.one("SELECT dice FROM match") == "known seed"
    assert path.read_bytes() == sent  # the player's file is read, never migrated in place


def test_the_file_carries_when_each_event_was_logged_but_nothing_a_store_derives(joined, tmp_path):
    from phaseline.events import DERIVED_COLUMNS

    alice, bob = joined
    alice.send(bob, tmp_path / "3.turn")
    document = read_file(tmp_path / "3.turn")
    names = [name for name, _ in document["events"]["columns"]]
    assert "logged_at" in names and not set(DERIVED_COLUMNS) & set(names)
    times = "SELECT seq, logged_at FROM event WHERE match_id = 'toy-1' ORDER BY seq"
    assert bob.store.rows(times) == alice.store.rows(times)
    assert None not in {r["logged_at"] for r in bob.store.rows(times)}


def test_a_turn_file_whose_events_have_no_time_imports_them_without_one(pair, tmp_path, registry):
    """What an older phaseline sends: events without ``logged_at``."""
    alice, bob = pair
    alice.turn()
    export_match(alice.store, registry, "toy-1", tmp_path / "old.turn")
    document = read_file(tmp_path / "old.turn")
    at = [name for name, _ in document["events"]["columns"]].index("logged_at")
    del document["events"]["columns"][at]
    for row in document["events"]["rows"]:
        del row[at]
    write_file(tmp_path / "old.turn", document)
    done = import_match(bob.store, registry, tmp_path / "old.turn", player="bob")
    assert bob.store.one("SELECT count(*) FROM event WHERE logged_at IS NOT NULL") == 0
    assert verify(bob.store, registry, "toy-1") == done["total"]


def test_the_time_of_an_event_is_the_senders_word(joined, tmp_path):
    """Outside the hash and the signatures: an edited time is taken as the file gives it, and one
    that is no time is refused in one line."""
    alice, bob = joined
    alice.turn()
    export_match(alice.store, alice.registry, "toy-1", tmp_path / "3.turn")
    document = read_file(tmp_path / "3.turn")
    events = events_of(document)
    events[0]["logged_at"] = "1944-06-06 06:30:00"
    set_events(document, events)
    write_file(tmp_path / "told.turn", document)
    events[0]["logged_at"] = "1944-13-06 06:30:00"
    set_events(document, events)
    write_file(tmp_path / "bad.turn", document)
    refusal = unchanged(bob, lambda: import_match(bob.store, bob.registry, tmp_path / "bad.turn"))
    assert f"event seq {events[0]['seq']} of toy-1: its time '1944-13-06 06:30:00' is no time" in refusal
    import_match(bob.store, bob.registry, tmp_path / "told.turn")
    at = bob.store.one("SELECT logged_at FROM event WHERE seq = ?", [events[0]["seq"]])
    assert str(at) == "1944-06-06 06:30:00"


# --- refusals -------------------------------------------------------------------------


def test_a_file_of_another_match_of_the_same_name_is_refused(joined, tmp_path, registry):
    _, bob = joined
    with Store.open(tmp_path / "carol.duckdb") as carol:
        Match.create(carol, registry, "toy", "skirmish", open_seats=["blue"])
        export_match(carol, registry, "toy-1", tmp_path / "carol.turn")
    message = unchanged(bob, lambda: import_match(bob.store, bob.registry, tmp_path / "carol.turn"))
    assert message.startswith(f"{tmp_path / 'carol.turn'} holds another match than this store's toy-1")


def test_a_repeated_turn_file_is_refused(joined, tmp_path):
    alice, _ = joined
    message = unchanged(alice, lambda: import_match(alice.store, alice.registry, tmp_path / "2.turn"))
    assert "holds nothing new for toy-1" in message


def bob_sends_his_turn_keeping_a_copy_from_before_it(alice, bob, tmp_path) -> Path:
    """Alice plays and sends; Bob copies his store, plays his turn and sends it: the copy's path."""
    alice.turn()
    alice.send(bob, tmp_path / "1.turn")
    bob.store.close()
    backup = copy_store(tmp_path / "bob.duckdb", tmp_path / "bob-backup.duckdb")
    bob.store = Store.open(tmp_path / "bob.duckdb")
    bob.turn()
    bob.send(alice, tmp_path / "2.turn")
    return backup


def test_a_skipped_turn_file_is_refused_with_the_missing_events(pair, tmp_path):
    """Bob's store, restored from a copy made before his turn, misses the events Alice answered."""
    alice, bob = pair
    backup = bob_sends_his_turn_keeping_a_copy_from_before_it(alice, bob, tmp_path)
    alice.turn()
    export_match(alice.store, alice.registry, "toy-1", tmp_path / "3.turn")
    bob.store.close()
    bob.store = Store.open(backup)
    last = bob.match.events.last_seq
    message = unchanged(bob, lambda: import_match(bob.store, bob.registry, tmp_path / "3.turn"))
    assert f"but this store has events up to {last}: the file with events {last + 1}-" in message
    assert "a turn file was skipped" in message


def test_a_fork_is_refused_with_the_event_where_the_stores_part(pair, tmp_path):
    """Bob plays his turn, restores a copy from before it and plays otherwise."""
    alice, bob = pair
    backup = bob_sends_his_turn_keeping_a_copy_from_before_it(alice, bob, tmp_path)
    bob.store.close()
    bob.store = Store.open(backup)
    match = bob.match
    first = match.events.last_seq + 1
    match.play(next(a for a in reversed(match.legal_actions()) if a.verb == "move"))  # another move
    export_match(bob.store, bob.registry, "toy-1", tmp_path / "2b.turn")
    message = unchanged(alice, lambda: import_match(alice.store, alice.registry, tmp_path / "2b.turn"))
    assert message.startswith(f"event seq {first} of toy-1 differs between this store and")
    assert "(a fork)" in message


def test_an_event_edited_in_transit_breaks_the_hash_chain(joined, tmp_path):
    alice, bob = joined
    export_match(alice.store, alice.registry, "toy-1", tmp_path / "3.turn")
    document = read_file(tmp_path / "3.turn")
    events = events_of(document)
    move = next(e for e in events if e["kind"] == "action")
    move["payload"] = move["payload"].replace('"by"', '"by2"')
    set_events(document, events)
    write_file(tmp_path / "3.turn", document)
    message = unchanged(bob, lambda: import_match(bob.store, bob.registry, tmp_path / "3.turn"))
    assert message == f"event seq {move['seq']} of toy-1 was edited, inserted or removed: the hash chain breaks there"


def test_a_forged_signature_is_refused(joined, tmp_path):
    """Someone edits Alice's move and redoes the chain, but cannot sign as Alice."""
    alice, bob = joined
    export_match(alice.store, alice.registry, "toy-1", tmp_path / "3.turn")
    document = read_file(tmp_path / "3.turn")
    events = events_of(document)
    move = next(e for e in events if e["kind"] == "action" and e["verb"] == "move")
    payload = json.loads(move["payload"])
    payload["args"][1] = "22"
    move["payload"] = json.dumps(payload, separators=(",", ":"), sort_keys=True)
    set_events(document, events)
    rechain(document, keys={})
    write_file(tmp_path / "3.turn", document)
    message = unchanged(bob, lambda: import_match(bob.store, bob.registry, tmp_path / "3.turn"))
    assert f"event seq {move['seq']}" in message and "the signature of seat red does not verify" in message


def test_an_action_for_a_side_the_signing_seat_does_not_hold_is_refused(joined, tmp_path):
    """Bob plays red's next order (Alice's side, waited on) and signs it with his own key:
    the import names the event, the seat and the side."""
    alice, bob = joined
    alice.send(bob, tmp_path / "3.turn")
    bob.turn()
    assert bob.match.waiting_on()[0] == "red"
    export_match(bob.store, bob.registry, "toy-1", tmp_path / "4.turn")
    document = read_file(tmp_path / "4.turn")
    events = events_of(document)
    last = events[-1]
    forged = {**last, "seq": last["seq"] + 1, "kind": "action", "verb": "end", "side": "red", "seat": "blue",
              "payload": '{"args":[],"by":"human"}', "unit_id": None, "from_space": None, "to_space": None,
              "die": None, "roll_no": None, "purpose": None, "rule": None, "cause": None, "sig": "x"}  # fmt: skip
    set_events(document, [*events, forged])
    document["head"] = forged["seq"]
    rechain(document, keys={"blue": key_of(bob, "blue")})
    write_file(tmp_path / "4.turn", document)
    message = unchanged(alice, lambda: import_match(alice.store, alice.registry, tmp_path / "4.turn"))
    assert message == (
        f"replay of toy-1 fails at event seq {forged['seq']}: an action of red made by seat blue (bob), "
        "which does not hold it: red is played from seat red (alice) (toy seats)"
    )


def test_a_roll_number_that_skips_ahead_is_refused_even_when_signed(joined, tmp_path):
    """Bob picks a later roll number for a better die and signs it: the gap shows at once."""
    alice, bob = joined
    alice.send(bob, tmp_path / "3.turn")
    cheat = until_attack(alice, bob, tmp_path)
    victim = bob if cheat is alice else alice
    match = cheat.match
    seat = match.waiting_on()[0]
    match.play(next(a for a in match.legal_actions() if a.verb == "attack"))
    export_match(cheat.store, cheat.registry, "toy-1", tmp_path / "4.turn")
    document = read_file(tmp_path / "4.turn")
    events = events_of(document)
    rolled = [e for e in events if e["kind"] == "roll"][-1]
    rolled["roll_no"] += 2
    set_events(document, events)
    rechain(document, keys={seat: key_of(cheat, seat)})
    write_file(tmp_path / "4.turn", document)
    message = unchanged(victim, lambda: import_match(victim.store, victim.registry, tmp_path / "4.turn"))
    assert f"event seq {rolled['seq']} of toy-1: roll number {rolled['roll_no']} skips ahead" in message


def test_an_opponents_edited_die_is_caught_when_his_secret_is_revealed(joined, tmp_path):
    """Bob edits his own die and signs it: it counts by his signature until he reveals, and the
    reveal of a secret that does not give that die is refused, naming the roll."""
    alice, bob = joined
    alice.send(bob, tmp_path / "3.turn")
    cheat = until_attack(alice, bob, tmp_path)
    victim = bob if cheat is alice else alice
    match = cheat.match
    seat = match.waiting_on()[0]
    secret = int(cheat.store.keyring.held(match.uid)[seat].secrets[0])
    match.play(next(a for a in match.legal_actions() if a.verb == "attack"))
    seq = match.one("SELECT max(seq) FROM event WHERE kind = 'roll'")

    def forged(name: str) -> dict:
        """The cheat's file with the die changed, chained and signed again."""
        export_match(cheat.store, cheat.registry, "toy-1", tmp_path / name)
        document = read_file(tmp_path / name)
        events = events_of(document)
        rolled = next(e for e in events if e["seq"] == seq)
        assert rolled["die"] == roll(secret, rolled["roll_no"])
        low = rolled["die"] <= 3  # a die of the same band (toy T2: 4-6 hits): the rest of the log holds
        rolled["die"] = rolled["die"] % 3 + 1 if low else (rolled["die"] - 3) % 3 + 4
        set_events(document, events)
        rechain(document, keys={seat: key_of(cheat, seat)})
        write_file(tmp_path / name, document)
        return rolled

    forged("4.turn")
    import_match(victim.store, victim.registry, tmp_path / "4.turn")  # it counts by its signature for now
    cheat.match.seats.reveal([seat], final=False)
    rolled = forged("5.turn")
    message = unchanged(victim, lambda: import_match(victim.store, victim.registry, tmp_path / "5.turn"))
    assert message.startswith(
        f"event seq {rolled['seq']} of toy-1: die {rolled['die']} is not roll {rolled['roll_no']}"
    )
    assert f"seat {seat}'s secret" in message


def test_a_revealed_secret_that_does_not_match_its_commitment_is_refused(joined, tmp_path):
    from phaseline.signing import reveal_message, sign

    alice, bob = joined
    alice.send(bob, tmp_path / "3.turn")
    match = bob.match
    match.seats.reveal(["blue"], final=False)
    export_match(bob.store, bob.registry, "toy-1", tmp_path / "4.turn")
    document = read_file(tmp_path / "4.turn")
    names = [n for n, _ in document["seats"]["columns"]]
    for row in document["seats"]["rows"]:
        seat = dict(zip(names, row, strict=True))
        if seat["side"] == "blue" and seat["epoch"] == 0:
            seat["secret"] = str(int(seat["secret"]) + 1)
            seat["reveal_sig"] = sign(key_of(bob, "blue"), reveal_message(match.uid, "blue", 0, seat["secret"]))
            row[:] = [seat[n] for n in names]
    write_file(tmp_path / "4.turn", document)
    message = unchanged(alice, lambda: import_match(alice.store, alice.registry, tmp_path / "4.turn"))
    assert message.startswith("seat blue (bob) reveals a dice secret that does not match its commitment")


def test_an_undo_of_events_the_receiver_had_is_refused(joined, tmp_path):
    """Bob takes back Alice's last move (his own store would refuse: he forges the file)."""
    alice, bob = joined
    alice.send(bob, tmp_path / "3.turn")
    bob.turn()
    export_match(bob.store, bob.registry, "toy-1", tmp_path / "4.turn")
    document = read_file(tmp_path / "4.turn")
    events = events_of(document)
    alices = alice.store.one("SELECT max(seq) FROM event WHERE kind = 'action' AND seat = 'red'")
    undo = {**events[0], "kind": "undo", "verb": None, "side": None, "unit_id": None, "to_space": None,
            "purpose": f"undo events {alices}-{events[0]['seq'] - 1}", "rule": None,
            "payload": json.dumps({"first": alices, "last": events[0]["seq"] - 1, "forced": False, "rolls": []}),
            "cause": None, "die": None, "roll_no": None, "from_space": None, "sig": "x"}  # fmt: skip
    set_events(document, [undo])
    document["head"] = undo["seq"]
    rechain(document, keys={"blue": key_of(bob, "blue")})
    write_file(tmp_path / "4.turn", document)
    message = unchanged(alice, lambda: import_match(alice.store, alice.registry, tmp_path / "4.turn"))
    assert f"event seq {undo['seq']} of toy-1 (an undo by seat blue) takes back events from seq {alices}" in message
    assert "undo is only for events not yet sent" in message


def test_a_file_that_continues_a_match_this_store_lacks_is_refused(joined, tmp_path, registry):
    alice, _ = joined
    export_match(alice.store, alice.registry, "toy-1", tmp_path / "3.turn")
    with Store.open(tmp_path / "carol.duckdb") as carol:
        with pytest.raises(IntegrityError) as refused:
            import_match(carol, registry, tmp_path / "3.turn")
        assert carol.one("SELECT count(*) FROM match") == 0
    assert "this store has no match toy-1" in str(refused.value) and "phaseline export --full" in str(refused.value)


def test_edited_rule_data_is_shown_table_by_table_and_needs_accepting(pair, tmp_path):
    alice, bob = pair
    alice.store.con.execute("UPDATE unit SET attack = 9 WHERE unit_id = 'R1'")  # a stronger counter
    alice.store.con.execute("DELETE FROM match_data")
    from phaseline import match_data

    match_data.record(alice.match)
    export_match(alice.store, alice.registry, "toy-1", tmp_path / "1.turn")
    with pytest.raises(CustomData) as refused:
        import_match(bob.store, bob.registry, tmp_path / "1.turn")
    assert "its tables differ from the installed toy's skirmish in unit" in str(refused.value)
    assert {r["table"]: r["status"] for r in refused.value.tables}["unit"] == "differs"
    assert bob.store.one("SELECT count(*) FROM match") == 0
    done = import_match(bob.store, bob.registry, tmp_path / "1.turn", accept_custom_data=True)
    assert done["custom"] == ["unit"]


def test_rule_data_edited_in_the_file_does_not_match_its_recorded_digest(pair, tmp_path):
    alice, bob = pair
    export_match(alice.store, alice.registry, "toy-1", tmp_path / "1.turn")
    document = read_file(tmp_path / "1.turn")
    unit = document["tables"]["unit"]
    attack = [n for n, _ in unit["columns"]].index("attack")
    unit["rows"][0][attack] = 9
    write_file(tmp_path / "1.turn", document)
    message = unchanged(
        bob, lambda: import_match(bob.store, bob.registry, tmp_path / "1.turn", accept_custom_data=True)
    )
    assert message.startswith("table unit of match toy-1 is not the data the match recorded when it was created")


def test_a_match_made_with_another_plugin_version_is_refused(pair, tmp_path):
    alice, bob = pair
    export_match(alice.store, alice.registry, "toy-1", tmp_path / "1.turn")
    document = read_file(tmp_path / "1.turn")
    document["tables"]["match_plugin"]["rows"][0][1] = "9.9"
    write_file(tmp_path / "1.turn", document)
    message = unchanged(bob, lambda: import_match(bob.store, bob.registry, tmp_path / "1.turn"))
    assert "toy 9.9, but 1.0 is installed" in message


def test_a_file_that_is_not_a_match_is_refused(tmp_path, registry):
    with Store.open(tmp_path / "target.duckdb") as target:
        (tmp_path / "notes.turn").write_text("dear opponent, my move: R1 to 11\n")
        with pytest.raises(IntegrityError, match="is not a phaseline match file"):
            import_match(target, registry, tmp_path / "notes.turn")
        (tmp_path / "broken.turn").write_bytes(b"\x1f\x8b" + b"\x00" * 30)
        with pytest.raises(IntegrityError, match="is not a readable turn file"):
            import_match(target, registry, tmp_path / "broken.turn")
        with pytest.raises(StoreError, match="no file"):
            import_match(target, registry, tmp_path / "missing.turn")


# --- writing files ------------------------------------------------------------------------


def test_export_refuses_to_overwrite_unless_asked(pair, tmp_path):
    alice, _ = pair
    file = tmp_path / "mail.turn"
    export_match(alice.store, alice.registry, "toy-1", file)
    with pytest.raises(StoreError, match="already exists"):
        export_match(alice.store, alice.registry, "toy-1", file)
    assert export_match(alice.store, alice.registry, "toy-1", file, overwrite=True)["path"] == file
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_an_export_removes_what_a_killed_export_left(pair, tmp_path):
    alice, _ = pair
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = tmp_path / f".mail.turn.phaseline-{int(gone.stdout)}.tmp"
    dead.write_bytes(b"half a file")
    alive = tmp_path / f".other.turn.phaseline-{os.getppid()}.tmp"  # a writer still at work
    alive.write_bytes(b"being written")
    export_match(alice.store, alice.registry, "toy-1", tmp_path / "mail.turn")
    assert not dead.exists() and alive.exists()


def test_parquet_export_is_partitioned_by_game_and_match(joined, tmp_path):
    alice, _ = joined
    out = export_parquet(alice.store, tmp_path / "history")
    assert (out / "event" / "game=toy" / "match_id=toy-1").is_dir()
    count = alice.store.one(f"SELECT count(*) FROM read_parquet('{out}/event/**/*.parquet', hive_partitioning = true)")
    assert count == alice.store.one("SELECT count(*) FROM event")
    with pytest.raises(StoreError, match="not empty"):
        export_parquet(alice.store, out)


def test_the_copied_pair_is_the_pair_played(joined, joined_folder, registry):
    alice, bob = joined
    with Store.open(joined_folder / "alice.duckdb", read_only=True) as store:
        played = Player("alice", store, registry)
        assert [played.rows(t) for t in match_tables(store)] == [alice.rows(t) for t in match_tables(alice.store)]
        assert store.keyring.held(played.match.uid) == alice.store.keyring.held(alice.match.uid)
    assert alice.match.seats.held_sides() == ["red"] and bob.match.seats.held_sides() == ["blue"]
    assert (
        verify(alice.store, registry, alice.match_id) > verify(bob.store, registry, bob.match_id) > 0
    )  # she played on
