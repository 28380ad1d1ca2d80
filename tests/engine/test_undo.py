"""Undo (DESIGN.md "Dice and replay"): effects reverted exactly, rolls never rewound."""

from __future__ import annotations

import json

import pytest
from history_support import aggressive_action, copy_store, long_registry, new_match, snapshot
from phaseline import Game, RuleViolation, Store
from phaseline.undo import undo

STATE = ["unit_state", "clock", "decision", "toy_score"]


@pytest.fixture(scope="module")
def at_attack(tmp_path_factory):
    """A store file whose match's side to act can attack now (built once)."""
    path = tmp_path_factory.mktemp("undo") / "store.duckdb"
    registry = long_registry()
    with Store.open(path) as store:
        game = new_match(store, registry, seed=4)
        for _ in range(60):
            if any(a.verb == "attack" for a in game.legal_actions()):
                break
            game.play(aggressive_action(game))
        else:
            pytest.fail("the toy sides never met")
    return path, registry


@pytest.fixture
def game(tmp_path, at_attack):
    path, registry = at_attack
    copy_store(path, tmp_path / "store.duckdb")
    with Store.open(tmp_path / "store.duckdb") as store:
        yield Game.load(store, registry, "toy-1")


def attack(game: Game) -> None:
    game.play(next(a for a in game.legal_actions() if a.verb == "attack"))


def last_roll_no(game: Game) -> int:
    return game.one("SELECT max(roll_no) FROM event WHERE game_id = ?", [game.game_id])


def test_undo_restores_the_state_exactly_including_plugin_tables(game):
    attack(game)
    while game.open_decision() is None:  # attack until a hit asks "remove the defender?"
        undo(game, force=True)
        attack(game)
    before = snapshot(game.store, game.game_id, STATE)
    game.play(next(a for a in game.legal_actions() if a.args == ("yes",)))
    assert snapshot(game.store, game.game_id, ["toy_score"]) != {k: before[k] for k in ["toy_score"]}
    undo(game)
    assert snapshot(game.store, game.game_id, STATE) == before


def test_undo_across_a_roll_is_refused_without_force(game):
    attack(game)
    before = snapshot(game.store, game.game_id, [*STATE, "event", "effect"])
    with pytest.raises(RuleViolation, match="--force") as refused:
        undo(game)
    assert snapshot(game.store, game.game_id, [*STATE, "event", "effect"]) == before
    assert "(phaseline: undo across a roll)" in str(refused.value)  # the engine's rule, not the toy game's


def test_a_forced_undo_across_a_roll_is_logged(game):
    attack(game)
    roll_seq = game.one("SELECT max(seq) FROM event WHERE kind = 'roll'")
    done = undo(game, force=True)
    payload = json.loads(game.one("SELECT payload FROM event WHERE seq = ?", [done["seq"]]))
    assert payload["forced"] is True
    assert roll_seq in payload["rolls"]


def test_the_roll_counter_is_never_rewound(game):
    attack(game)
    first = last_roll_no(game)
    undo(game, force=True)
    attack(game)
    assert last_roll_no(game) == first + 1
    rolls = game.rows("SELECT roll_no FROM event WHERE kind = 'roll' ORDER BY seq")
    assert len({r["roll_no"] for r in rolls}) == len(rolls)


def test_undo_with_nothing_to_undo_is_refused(toy):
    with pytest.raises(RuleViolation, match="no action to undo"):
        undo(toy)


def test_undo_never_reopens_a_finished_match(tmp_path):
    registry = long_registry(last_turn=1)
    with Store.open(tmp_path / "s.duckdb") as store:
        game = new_match(store, registry)
        while not game.finished:
            game.play(aggressive_action(game))
        with pytest.raises(RuleViolation, match="is over: undo never reopens a finished match"):
            undo(game, force=True)


def test_undo_takes_back_only_your_own_seats_events(game, tmp_path):
    """A store that does not hold the seat of the last action (its keyring lacks it)."""
    from phaseline.keyring import Keyring

    attack(game)
    seat = game.one("SELECT seat FROM event WHERE kind = 'action' ORDER BY seq DESC LIMIT 1")
    keyring = Keyring.beside(game.store.path)
    path = keyring.folder / f"{game.uid}.json"
    data = json.loads(path.read_text())
    del data["seats"][seat]
    path.write_text(json.dumps(data))
    game.seats.forget()
    before = snapshot(game.store, game.game_id, [*STATE, "event"])
    player = game.seats.player(seat)
    with pytest.raises(RuleViolation, match=rf"was made by seat {seat} \({player}\): you can undo only your own"):
        undo(game, force=True)
    assert snapshot(game.store, game.game_id, [*STATE, "event"]) == before


def test_undo_never_takes_back_an_event_already_sent(game):
    from phaseline.shared import record_sent

    attack(game)
    record_sent(game.store, game.uid, game.events.last_seq)
    with pytest.raises(RuleViolation, match="were sent in a file: undo takes back only your events not yet sent"):
        undo(game, force=True)


def test_a_forced_undo_shows_as_a_re_roll_in_the_log_and_the_views(game, monkeypatch, tmp_path):
    from clitools import run_cli

    attack(game)
    done = undo(game, force=True)
    rolled = game.rows(
        "SELECT seq, rerolled, live FROM roll WHERE game_id = ? ORDER BY seq DESC LIMIT 1", [game.game_id]
    )
    assert rolled[0]["rerolled"] and not rolled[0]["live"]
    assert game.one("SELECT rerolls FROM match_summary WHERE game_id = ?", [game.game_id]) >= 1
    game.store.close()
    code, out = run_cli(["--db", str(game.store.path), "log", "--match", game.game_id, "--last", "30"])
    assert code == 0
    assert f"RE-ROLL: undo events {done['first']}-{done['last']}, taking back" in out
    assert f"by {done['seq']} (re-roll)" in out
