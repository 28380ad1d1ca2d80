"""A solitaire match's turn files (docs/fair-play.md, "Sides the rules play"): the rules' events
are made and signed by the rules' own seat, their dice drawn at play travel in the signed log,
and a file that rewrites them, strips their mark or undoes them is refused."""

from __future__ import annotations

import json
from collections.abc import Callable

import phaseline.undo
import pytest
from exchange_support import events_of, read_file, rechain, set_events, write_file
from phaseline import IntegrityError, Match, Store, signing
from phaseline.bots import run_bots
from phaseline.dice import roll
from phaseline.exchange import export_match
from phaseline.importing import import_match
from phaseline.replay import verify_match
from phaseline.undo import undo
from rules_support import draw_from, red_ends_and_the_rules_play, rolls_of, ruled_registry, solitaire


@pytest.fixture
def solo(tmp_path, monkeypatch):
    """The solitaire player's store after one turn of the rules (blue), its dice drawn at play."""
    draw_from(monkeypatch, [2, 0, 1])
    with Store.open(tmp_path / "solo.duckdb") as store:
        match = solitaire(store)
        red_ends_and_the_rules_play(match)
        yield match


def sent(match: Match, path) -> dict:
    """The match exported to ``path``, read back as a document."""
    export_match(match.store, ruled_registry(), match.match_id, path)
    return read_file(path)


def refused(store: Store, path) -> str:
    """Import ``path`` into ``store``, which must refuse it and stay as it was; the refusal's one line."""
    before = store.rows("SELECT seq, hash FROM event ORDER BY match_id, seq")
    with pytest.raises(IntegrityError) as error:
        import_match(store, ruled_registry(), path)
    assert store.rows("SELECT seq, hash FROM event ORDER BY match_id, seq") == before
    assert "\n" not in str(error.value)
    return str(error.value)


def keys_of(match: Match) -> dict[str, str]:
    """The private keys of the seats the player holds (every seat of a solitaire match)."""
    return {side: seat.key for side, seat in match.store.keyring.held(match.uid).items()}


def test_the_rules_events_are_made_and_signed_by_the_rules_own_seat(solo):
    turns = solo.rows("SELECT seq FROM event WHERE kind = 'action' AND payload->>'by' = 'rules' ORDER BY seq")
    assert turns
    public = solo.seats.claim_of("blue")["public_key"]
    for turn in turns:
        block = solo.rows("SELECT * FROM event WHERE seq = ? OR cause = ? ORDER BY seq", [turn["seq"]] * 2)
        assert {e["seat"] for e in block} == {"blue"}
        last = block[-1]
        assert signing.is_valid(public, last["sig"], signing.event_message(solo.uid, last["seq"], last["hash"]))


def test_a_solitaire_match_exports_and_imports_with_the_rules_dice_from_its_log(solo, tmp_path, monkeypatch):
    with Store.open(tmp_path / "friend.duckdb") as friend:
        sent(solo, tmp_path / "1.turn")
        done = import_match(friend, ruled_registry(), tmp_path / "1.turn")
        assert "dice of blue (played by the rules) drawn at play, not derivable" in done["dice"]
        draw_from(monkeypatch, [1, 1])
        red_ends_and_the_rules_play(solo)  # the next turn of the rules goes by file too
        sent(solo, tmp_path / "2.turn")
        assert import_match(friend, ruled_registry(), tmp_path / "2.turn")["new"] is False
        here = Match.load(friend, ruled_registry(), solo.match_id)
        assert [r["die"] for r in rolls_of(here)] == [r["die"] for r in rolls_of(solo)]
        assert verify_match(friend, ruled_registry(), solo.match_id)[1].drawn == ["blue"]


def test_a_finished_solitaire_match_reveals_and_checks_every_die_but_the_rules(tmp_path, monkeypatch):
    draw_from(monkeypatch, [4, 1, 3, 0, 2])
    with Store.open(tmp_path / "solo.duckdb") as store, Store.open(tmp_path / "friend.duckdb") as friend:
        match = solitaire(store)
        run_bots(match, ruled_registry(), controllers={"red": "bot:random"})
        assert match.finished
        sent(match, tmp_path / "end.turn")
        done = import_match(friend, ruled_registry(), tmp_path / "end.turn")
        assert done["dice"].startswith("dice of ") and "drawn at play, not derivable" in done["dice"]
        check = verify_match(friend, ruled_registry(), match.match_id)[1]
        assert check.drawn == ["blue"] and check.unchecked == []  # red's revealed secret checks red's dice
        # red's dice are those of red's seat (a die of the rules' own attack has no side either)
        red_rolled = any(r["seat"] == "red" for r in rolls_of(match))
        assert check.checked == (["red"] if red_rolled else [])


def forged(match: Match, path, change: Callable[[dict], None], keys: dict[str, str]) -> dict:
    """The match exported to ``path`` with ``change`` made to its first roll (the rules'), the
    hash chain redone and the blocks signed again with ``keys``; the roll as forged."""
    document = sent(match, path)
    events = events_of(document)
    die = next(e for e in events if e["kind"] == "roll")
    change(die)
    set_events(document, events)
    rechain(document, keys=keys)
    write_file(path, document)
    return die


def other_die(die: dict) -> None:
    die["die"] = 1 if die["die"] != 1 else 2


def test_a_file_that_rewrites_the_rules_dice_is_refused_by_the_store_that_rolled_them(solo, tmp_path):
    """The player re-signs with his own keys: the store that has the rolls sees a fork."""
    die = forged(solo, tmp_path / "forged.turn", other_die, keys_of(solo))
    message = refused(solo.store, tmp_path / "forged.turn")
    assert message.startswith(f"event seq {die['seq']} of {solo.match_id} differs between this store and ")
    assert message.endswith("(a fork)")


def test_a_rewritten_rules_die_breaks_the_rules_seats_signature(solo, tmp_path):
    forged(solo, tmp_path / "forged.turn", other_die, keys={})  # nobody else can sign as the rules' seat
    with Store.open(tmp_path / "other.duckdb") as other:
        message = refused(other, tmp_path / "forged.turn")
    assert "(a block of seat blue): the signature of seat blue does not verify" in message


def test_a_rules_die_passed_off_as_derived_from_a_secret_is_refused(solo, tmp_path):
    """Stripping the mark, with the die the rules' seat's secret would give, re-signed: the
    replay draws that roll at play, so the file's event is not the one the rules make."""
    secret = solo.seats.secret("blue", 1)

    def unmarked(die: dict) -> None:
        payload = json.loads(die["payload"])
        del payload["drawn"]
        die["payload"] = json.dumps(payload, separators=(",", ":"), sort_keys=True)
        die["die"] = roll(secret, die["roll_no"], payload["sides"])

    die = forged(solo, tmp_path / "forged.turn", unmarked, keys_of(solo))
    with Store.open(tmp_path / "other.duckdb") as other:
        message = refused(other, tmp_path / "forged.turn")
    assert message.startswith(f"event seq {die['seq']} of {solo.match_id}: the replay makes it otherwise (")
    assert "payload" in message


def test_a_file_with_an_undo_of_the_rules_dice_is_refused(solo, tmp_path, monkeypatch):
    """A phaseline whose check was switched off undid the rules' turn: nobody else replays it."""
    monkeypatch.setattr(phaseline.undo, "_check_not_the_rules_dice", lambda rolls: None)
    done = undo(solo, force=True)
    monkeypatch.undo()
    sent(solo, tmp_path / "undone.turn")
    with Store.open(tmp_path / "other.duckdb") as other:
        message = refused(other, tmp_path / "undone.turn")
    assert message.startswith(f"replay of {solo.match_id} fails at event seq {done['seq']}: ")
    assert message.endswith("(phaseline: the rules' dice are final)")
