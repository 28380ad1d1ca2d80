"""The dice of a side the game's rules play (docs/fair-play.md, "Sides the rules play"): in a
match of secret dice they are drawn at play from the operating system's randomness, logged,
replayed from the log, and final; a known seed keeps today's dice.

The operating system's randomness is stood in for by a patched ``secrets.randbelow``
(rules_support.draw_from), so each test knows the dice the rules will draw instead of hoping
two draws differ.
"""

from __future__ import annotations

import json

import phaseline.dice
import pytest
from history_support import copy_store, snapshot
from phaseline import Match, RuleViolation, Store
from phaseline.audit import describe_dice
from phaseline.bots import run_bots
from phaseline.dice import roll
from phaseline.replay import verify_match
from phaseline.undo import undo
from rules_support import draw_from, red_ends_and_the_rules_play, rolls_of, ruled_registry, solitaire

STATE = ["unit_state", "clock", "decision", "toy_score", "event", "effect"]


def test_the_rules_dice_are_drawn_at_play_from_the_operating_system_and_logged(store, monkeypatch):
    source = draw_from(monkeypatch, [2, 0, 1, 3])
    match = solitaire(store)
    red_ends_and_the_rules_play(match)
    rolls = rolls_of(match)
    assert rolls and {r["side"] for r in rolls} == {"blue"}
    assert [r["die"] for r in rolls] == [value + 1 for value in source.drawn]  # one draw per roll, at play
    assert all(json.loads(r["payload"])["drawn"] == "at play" for r in rolls)
    assert match.one("SELECT bool_and(drawn_at_play) FROM roll WHERE match_id = ?", [match.match_id]) is True


def test_a_known_seed_keeps_the_rules_dice_it_always_had(store, monkeypatch):
    def no_draw(below: int) -> int:
        raise AssertionError("a known-seed match draws nothing at play")

    monkeypatch.setattr(phaseline.dice.secrets, "randbelow", no_draw)
    match = solitaire(store, seed=3)
    red_ends_and_the_rules_play(match)
    rolls = rolls_of(match)
    assert rolls
    for r in rolls:
        payload = json.loads(r["payload"])
        assert "drawn" not in payload and r["die"] == roll(3, r["roll_no"], payload["sides"])
    assert match.one("SELECT bool_or(drawn_at_play) FROM roll WHERE match_id = ?", [match.match_id]) is False


@pytest.mark.parametrize(
    ("seat", "side", "at_play"),
    [
        pytest.param("blue", None, True, id="a-roll-of-the-rules-seat"),
        pytest.param("red", "blue", True, id="a-roll-of-the-player-for-the-rules-side"),
        pytest.param("red", None, False, id="a-roll-of-the-player"),
        pytest.param("red", "red", False, id="a-roll-of-the-player-for-his-side"),
    ],
)
def test_which_rolls_are_drawn_at_play(store, seat, side, at_play):
    assert solitaire(store).seats.rolls_at_play(seat, side) is at_play
    with Store.open(":memory:") as other:
        assert solitaire(other, seed=3).seats.rolls_at_play(seat, side) is False  # a known seed: never


def test_replay_takes_the_rules_dice_from_the_log_and_says_they_are_not_derivable(store, monkeypatch):
    draw_from(monkeypatch, [1, 2])
    match = solitaire(store)
    red_ends_and_the_rules_play(match)
    draw_from(monkeypatch, [0])  # a replay draws nothing: were it to, its dice would differ from the log's
    count, dice = verify_match(store, ruled_registry(), match.match_id)
    assert count == match.events.last_seq
    assert dice.drawn == ["blue"] and "blue" not in dice.checked
    assert "dice of blue (played by the rules) drawn at play, not derivable: taken from the signed log" in (
        describe_dice(match, dice)
    )


def test_no_undo_takes_back_the_rules_dice_not_even_forced(store, monkeypatch):
    """Undoing red's end would take back the rules' turn after it, and let it run again on new dice."""
    draw_from(monkeypatch, [1, 2])
    match = solitaire(store)
    red_ends_and_the_rules_play(match)
    before = snapshot(store, match.match_id, STATE)
    for force in (False, True):
        with pytest.raises(RuleViolation) as refused:
            undo(match, force=force)
        message = str(refused.value)
        assert "\n" not in message and message.endswith(
            "not even --force takes them back (phaseline: the rules' dice are final)"
        )
        first = rolls_of(match)[0]
        assert (
            f"the dice the rules rolled for blue: roll {first['roll_no']} (die {first['die']}, blue picks a move"
            in message
        )
    assert snapshot(store, match.match_id, STATE) == before


def test_the_players_own_later_action_still_undoes(store, monkeypatch):
    draw_from(monkeypatch, [1, 2])
    match = solitaire(store)
    red_ends_and_the_rules_play(match)
    move = next(a for a in match.legal_actions() if a.verb == "move")
    before = snapshot(store, match.match_id, ["unit_state", "clock"])
    match.play(move)
    assert undo(match)["rolls"] == 0  # it rolled nothing: the rules' turn before it stays
    assert snapshot(store, match.match_id, ["unit_state", "clock"]) == before
    with pytest.raises(RuleViolation, match="the rules' dice are final"):
        undo(match, force=True)  # the next one back would take back the rules' turn


def test_two_copies_of_a_store_playing_the_same_action_get_their_own_rules_dice(tmp_path, monkeypatch):
    """A copy of the store and its keyring does not foretell the original: its rules roll anew."""
    with Store.open(tmp_path / "original.duckdb") as store:
        match_id = solitaire(store).match_id
    dice = {}
    for name, draws in (("one", [0]), ("two", [1])):
        with Store.open(copy_store(tmp_path / "original.duckdb", tmp_path / f"{name}.duckdb")) as copy:
            source = draw_from(monkeypatch, draws)
            match = Match.load(copy, ruled_registry(), match_id)
            red_ends_and_the_rules_play(match)
            dice[name] = [r["die"] for r in rolls_of(match)]
            assert dice[name] == [value + 1 for value in source.drawn]
            verify_match(copy, ruled_registry(), match_id)  # each copy replays its own dice exactly
    assert dice["one"][0] != dice["two"][0]


def test_autoplay_draws_the_rules_dice_at_play_too(store, monkeypatch):
    source = draw_from(monkeypatch, [3, 1, 4, 1, 5])
    match = solitaire(store)
    run_bots(match, ruled_registry(), max_actions=12, controllers={"red": "bot:random", "blue": "bot:random"})
    rolls = [r for r in rolls_of(match) if r["side"] == "blue"]
    assert rolls and all(json.loads(r["payload"]).get("drawn") == "at play" for r in rolls)
    assert len(source.drawn) == len(rolls)
    assert not match.rows("SELECT 1 FROM event WHERE side = 'blue' AND payload->>'by' = 'bot:random'")


def test_at_the_command_line_the_refusal_is_one_line_and_replay_says_where_the_dice_come_from(home, monkeypatch):
    from clitools import run_cli, use_registry

    use_registry(monkeypatch, ruled_registry())
    draw_from(monkeypatch, [1, 2])
    assert run_cli(["new", "toy", "--player", "solo"])[0] == 0
    assert run_cli(["end"])[0] == 0  # the rules play blue's step at once
    code, out = run_cli(["undo", "--force"])
    assert code == 4 and out.count("\n") == 1
    assert out.startswith("error: undoing would take back the dice the rules rolled for blue: roll 1 (die ")
    assert out.rstrip().endswith("not even --force takes them back (phaseline: the rules' dice are final)")
    code, out = run_cli(["replay"])
    assert code == 0 and "dice of blue (played by the rules) drawn at play, not derivable" in out
