"""Seats that belong to their players, and dice from each seat's committed secret (docs/fair-play.md)."""

from __future__ import annotations

import json
import stat

import pytest
from history_support import aggressive_action, copy_store, long_registry, play
from phaseline import Action, Match, RuleViolation, Store
from phaseline.bots import run_bots
from phaseline.dice import commitment, roll
from phaseline.keyring import Keyring
from phaseline.signing import event_message, is_valid


@pytest.fixture(scope="module")
def registry():
    return long_registry()


@pytest.fixture(scope="module")
def stored_file(tmp_path_factory, registry):
    """A hot-seat toy match of secret dice in a store file, a few actions in: played once for the module."""
    path = tmp_path_factory.mktemp("stored") / "alice.duckdb"
    with Store.open(path) as store:
        play(Match.create(store, registry, "toy", "skirmish", player="alice"), 40)
    return path


@pytest.fixture
def stored(stored_file, tmp_path, registry):
    """:func:`stored_file` copied for this test with its keyring (the same bytes: the same match,
    keys and secrets), and opened."""
    with Store.open(copy_store(stored_file, tmp_path / "alice.duckdb")) as store:
        yield Match.load(store, registry, "toy-1")


def held_secret(match: Match, side: str, epoch: int = 0) -> int:
    return int(match.store.keyring.held(match.uid)[side].secrets[epoch])


def test_a_new_match_seats_its_creator_at_every_side_with_secret_dice(stored):
    seats = stored.rows("SELECT side, epoch, player, secret FROM seat ORDER BY side")
    assert [(s["side"], s["epoch"], s["player"], s["secret"]) for s in seats] == [
        ("blue", 0, "alice", None),
        ("red", 0, "alice", None),
    ]
    assert (stored.dice, stored.seed) == ("secret", None)
    assert stored.seats.held_sides() == ["red", "blue"]


def test_the_keyring_lives_beside_the_store_readable_by_its_owner_only(stored):
    folder = Keyring.beside(stored.store.path).folder
    assert folder == stored.store.path.with_name("alice.keys")
    (path,) = folder.iterdir()
    assert path.name == f"{stored.uid}.json" and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    secret = str(held_secret(stored, "red"))
    assert secret.encode() not in stored.store.path.read_bytes()  # the store never holds it


def test_every_roll_comes_from_the_acting_seats_committed_secret(stored):
    rolls = stored.rows("SELECT seat, roll_no, die, payload FROM event WHERE kind = 'roll' ORDER BY seq")
    assert rolls, "the toy sides fought"
    for r in rolls:
        assert r["die"] == roll(held_secret(stored, r["seat"]), r["roll_no"], json.loads(r["payload"])["sides"])
    for row in stored.seats.rows():
        assert row["commitment"] == commitment(held_secret(stored, row["side"]))
    assert [r["roll_no"] for r in rolls] == list(range(1, len(rolls) + 1))


def test_a_known_seed_keeps_todays_dice_and_is_public(tmp_path, registry):
    with Store.open(tmp_path / "s.duckdb") as store:
        match = Match.create(store, registry, "toy", "skirmish", seed=11)
        play(match, 40)
        rolls = match.rows("SELECT roll_no, die FROM event WHERE kind = 'roll'")
        assert rolls and all(r["die"] == roll(11, r["roll_no"]) for r in rolls)
        assert match.dice == "known seed" and {r["secret"] for r in match.seats.rows()} == {"11"}


def test_every_event_names_its_seat_and_each_action_is_signed_by_it(stored):
    events = stored.rows("SELECT seq, kind, seat, hash, sig FROM event ORDER BY seq")
    assert all(e["seat"] in ("red", "blue") for e in events)
    keys = {r["side"]: r["public_key"] for r in stored.seats.rows()}
    signed = [e for e in events if e["sig"]]
    actions = [e for e in events if e["kind"] == "action"]
    assert len(signed) == len(actions) + 1  # the set-up, then each action's block
    for e in signed:
        assert is_valid(keys[e["seat"]], e["sig"], event_message(stored.uid, e["seq"], e["hash"]))
    assert events[-1]["sig"], "the last block is signed"


def test_a_store_without_the_seats_key_cannot_act_for_it(stored, tmp_path, registry):
    copy = tmp_path / "copy.duckdb"
    stored.store.close()
    import shutil

    shutil.copy(stored.store.path, copy)  # the store, not its keyring
    with Store.open(copy) as store:
        match = Match.load(store, registry, stored.match_id)
        side = match.waiting_on()[0]
        with pytest.raises(RuleViolation, match=f"played from seat {side}, held by alice: this store does not hold it"):
            match.play(aggressive_action(match))


def test_an_open_seat_waits_for_its_player(tmp_path, registry):
    with Store.open(tmp_path / "s.duckdb") as store:
        match = Match.create(store, registry, "toy", "skirmish", player="alice", open_seats=["blue"])
        assert match.seats.held_sides() == ["red"] and match.seats.claim_of("blue") is None
        while match.waiting_on()[0] == "red":
            match.play(Action("end"))
        with pytest.raises(RuleViolation, match="seat blue is open: nobody has joined to play blue yet"):
            match.play(Action("end"))


def test_as_names_the_seat_you_mean_and_is_refused_for_another(stored):
    side = stored.waiting_on()[0]
    other = "blue" if side == "red" else "red"
    with pytest.raises(RuleViolation, match=f"you act as {other}, but the match waits on {side}"):
        stored.play(aggressive_action(stored), as_side=other)
    stored.play(aggressive_action(stored), as_side=side)


def test_autoplay_records_the_bots_actions_as_the_bots(stored, registry):
    bots = {"red": "bot:random", "blue": "bot:random"}
    played = run_bots(stored, registry, controllers=bots, max_actions=6)
    payloads = stored.rows("SELECT payload FROM event WHERE kind = 'action' ORDER BY seq DESC LIMIT ?", [played])
    assert played == 6 and {json.loads(p["payload"])["by"] for p in payloads} == {"bot:random"}


def test_the_random_bot_draws_from_the_seats_secret_not_from_anything_public(tmp_path, registry):
    """Two matches at the same point whose secrets differ: a bot's choices need not agree."""
    choices = set()
    for n in range(6):
        with Store.open(tmp_path / f"s{n}.duckdb") as store:
            match = Match.create(store, registry, "toy", "skirmish")
            from phaseline.bots import RandomBot

            bot = RandomBot(match, "red", end_weight=0.0)
            choices.add(str(bot.choose(match, "red")))
    assert len(choices) > 1


def test_a_reveal_publishes_the_secret_and_commits_to_a_fresh_one(stored):
    first = held_secret(stored, "red")
    done = stored.seats.reveal(["red"], final=False)
    assert [(r["side"], r["epoch"], int(r["secret"])) for r in done] == [("red", 0, first)]
    rows = [r for r in stored.seats.rows() if r["side"] == "red"]
    assert [r["epoch"] for r in rows] == [0, 1] and rows[1]["secret"] is None
    assert rows[1]["commitment"] == commitment(held_secret(stored, "red", 1)) != rows[0]["commitment"]
    assert rows[1]["from_seq"] == stored.events.last_seq + 1
    play(stored, 30)
    later = stored.rows("SELECT seat, roll_no, die FROM event WHERE kind = 'roll' AND seq >= ?", [rows[1]["from_seq"]])
    for r in (r for r in later if r["seat"] == "red"):
        assert r["die"] == roll(held_secret(stored, "red", 1), r["roll_no"])


def test_the_matchs_end_reveals_the_secrets_it_holds(tmp_path):
    registry = long_registry(last_turn=2)
    with Store.open(tmp_path / "s.duckdb") as store:
        match = Match.create(store, registry, "toy", "skirmish")
        secrets = {side: held_secret(match, side) for side in ("red", "blue")}
        play(match, 500)
        assert match.finished
        assert {r["side"]: int(r["secret"]) for r in match.seats.rows()} == secrets


def test_a_copy_with_its_keyring_still_holds_the_seats(stored, tmp_path, registry):
    stored.store.close()
    with Store.open(copy_store(stored.store.path, tmp_path / "copy.duckdb")) as store:
        match = Match.load(store, registry, stored.match_id)
        assert match.seats.held_sides() == ["red", "blue"]
        match.play(aggressive_action(match))
