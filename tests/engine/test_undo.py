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
    with pytest.raises(RuleViolation, match="--force"):
        undo(game)
    assert snapshot(game.store, game.game_id, [*STATE, "event", "effect"]) == before


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
