"""Undo (DESIGN.md "Dice and replay"): effects reverted exactly, rolls never rewound."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from history_support import aggressive_action, copy_store, long_registry, new_match, snapshot
from phaseline import Action, Match, RuleViolation, Store, hookimpl
from phaseline.replay import verify
from phaseline.undo import undo
from toygame import ToyGame, toy_registry

STATE = ["unit_state", "clock", "decision", "toy_score"]


@pytest.fixture(scope="module")
def at_attack(tmp_path_factory):
    """A store file whose match's side to act can attack now (built once)."""
    path = tmp_path_factory.mktemp("undo") / "store.duckdb"
    registry = long_registry()
    with Store.open(path) as store:
        match = new_match(store, registry, seed=4)
        for _ in range(60):
            if any(a.verb == "attack" for a in match.legal_actions()):
                break
            match.play(aggressive_action(match))
        else:
            pytest.fail("the toy sides never met")
    return path, registry


@pytest.fixture
def match(tmp_path, at_attack):
    path, registry = at_attack
    copy_store(path, tmp_path / "store.duckdb")
    with Store.open(tmp_path / "store.duckdb") as store:
        yield Match.load(store, registry, "toy-1")


def attack(match: Match) -> None:
    match.play(next(a for a in match.legal_actions() if a.verb == "attack"))


def last_roll_no(match: Match) -> int:
    return match.one("SELECT max(roll_no) FROM event WHERE match_id = ?", [match.match_id])


def test_undo_restores_the_state_exactly_including_plugin_tables(match):
    attack(match)
    while match.open_decision() is None:  # attack until a hit asks "remove the defender?"
        undo(match, force=True)
        attack(match)
    before = snapshot(match.store, match.match_id, STATE)
    match.play(next(a for a in match.legal_actions() if a.args == ("yes",)))
    assert snapshot(match.store, match.match_id, ["toy_score"]) != {k: before[k] for k in ["toy_score"]}
    undo(match)
    assert snapshot(match.store, match.match_id, STATE) == before


def test_undo_across_a_roll_is_refused_without_force(match):
    attack(match)
    before = snapshot(match.store, match.match_id, [*STATE, "event", "effect"])
    with pytest.raises(RuleViolation, match="--force") as refused:
        undo(match)
    assert snapshot(match.store, match.match_id, [*STATE, "event", "effect"]) == before
    assert "(phaseline: undo across a roll)" in str(refused.value)  # the engine's rule, not the toy game's


def test_a_forced_undo_across_a_roll_is_logged(match):
    attack(match)
    roll_seq = match.one("SELECT max(seq) FROM event WHERE kind = 'roll'")
    done = undo(match, force=True)
    payload = json.loads(match.one("SELECT payload FROM event WHERE seq = ?", [done["seq"]]))
    assert payload["forced"] is True
    assert roll_seq in payload["rolls"]


def test_the_roll_counter_is_never_rewound(match):
    attack(match)
    first = last_roll_no(match)
    undo(match, force=True)
    attack(match)
    assert last_roll_no(match) == first + 1
    rolls = match.rows("SELECT roll_no FROM event WHERE kind = 'roll' ORDER BY seq")
    assert len({r["roll_no"] for r in rolls}) == len(rolls)


def test_undo_with_nothing_to_undo_is_refused(toy):
    with pytest.raises(RuleViolation, match="no action to undo"):
        undo(toy)


def test_undo_never_reopens_a_finished_match(tmp_path):
    registry = long_registry(last_turn=1)
    with Store.open(tmp_path / "s.duckdb") as store:
        match = new_match(store, registry)
        while not match.finished:
            match.play(aggressive_action(match))
        with pytest.raises(RuleViolation, match="is over: undo never reopens a finished match"):
            undo(match, force=True)


def test_undo_takes_back_only_your_own_seats_events(match, tmp_path):
    """A store that does not hold the seat of the last action (its keyring lacks it)."""
    from phaseline.keyring import Keyring

    attack(match)
    seat = match.one("SELECT seat FROM event WHERE kind = 'action' ORDER BY seq DESC LIMIT 1")
    keyring = Keyring.beside(match.store.path)
    path = keyring.folder / f"{match.uid}.json"
    data = json.loads(path.read_text())
    del data["seats"][seat]
    path.write_text(json.dumps(data))
    match.seats.forget()
    before = snapshot(match.store, match.match_id, [*STATE, "event"])
    player = match.seats.player(seat)
    with pytest.raises(RuleViolation, match=rf"was made by seat {seat} \({player}\): you can undo only your own"):
        undo(match, force=True)
    assert snapshot(match.store, match.match_id, [*STATE, "event"]) == before


def test_undo_never_takes_back_an_event_already_sent(match):
    from phaseline.shared import record_sent

    attack(match)
    record_sent(match.store, match.uid, match.events.last_seq)
    with pytest.raises(RuleViolation, match="were sent in a file: undo takes back only your events not yet sent"):
        undo(match, force=True)


def test_a_forced_undo_shows_as_a_re_roll_in_the_log_and_the_views(match, monkeypatch, tmp_path):
    from clitools import run_cli

    attack(match)
    done = undo(match, force=True)
    rolled = match.rows(
        "SELECT seq, rerolled, live FROM roll WHERE match_id = ? ORDER BY seq DESC LIMIT 1", [match.match_id]
    )
    assert rolled[0]["rerolled"] and not rolled[0]["live"]
    assert match.one("SELECT rerolls FROM match_summary WHERE match_id = ?", [match.match_id]) >= 1
    match.store.close()
    code, out = run_cli(["--db", str(match.store.path), "log", "--match", match.match_id, "--last", "30"])
    assert code == 0
    assert f"RE-ROLL: undo events {done['first']}-{done['last']}, taking back" in out
    assert f"by {done['seq']} (re-roll)" in out


class FinalMoves(ToyGame):
    """The toy game with a rule against undo (T4, a test rule, as Breakout's 8.13): a move is
    final once the other side's movement has begun."""

    @hookimpl
    def phaseline_undo_refusal(self, match, first_seq, last_seq):
        begun = match.one(
            "SELECT min(seq) FROM event WHERE match_id = ? AND kind = 'phase' AND seq > ? AND seq <= ?",
            [match.match_id, first_seq, last_seq],
        )
        if begun is None:
            return None
        return match.violation(f"event seq {begun} began the next movement: moves are final", rule="T4")


def final_moves_registry():
    registry = toy_registry()
    registry.games["toy"] = replace(registry.games["toy"], plugin=FinalMoves())
    return registry


def move_and_end(match: Match) -> None:
    match.play(next(a for a in match.legal_actions() if a.verb == "move"))
    match.play(Action("end", (), match.waiting_on()[0]))


@pytest.mark.parametrize("force", [False, True])
def test_an_undo_the_games_rule_refuses_is_refused_forced_or_not(store, force):
    match = Match.create(store, final_moves_registry(), "toy", "skirmish", seed=7)
    move_and_end(match)
    before = snapshot(match.store, match.match_id, [*STATE, "event", "effect"])
    with pytest.raises(RuleViolation, match="began the next movement") as refused:
        undo(match, force=force)
    assert refused.value.rule == "T4" and "(toy T4)" in str(refused.value)
    assert snapshot(match.store, match.match_id, [*STATE, "event", "effect"]) == before


def test_a_replay_does_not_ask_the_games_rule_on_undo(store):
    """An undo in a log was legal when made: a rule the game has since gained does not break its replay."""
    match = Match.create(store, toy_registry(), "toy", "skirmish", seed=7)
    move_and_end(match)
    undo(match)  # the toy game without T4 lets it go
    assert verify(store, final_moves_registry(), match.match_id) > 0
