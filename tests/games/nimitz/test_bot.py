"""The US heuristic bot (plugins/nimitz/bot.py): it plays a 1942 campaign to its end through the orders
and decisions a player has, the same way for the same seed, and the finished match replays exactly;
no bot may take Japan, which the rules play (1.1)."""

from __future__ import annotations

import pytest
from clitools import run_cli
from phaseline import Match, Store
from phaseline.bots import run_bots
from phaseline.plugins import registry
from phaseline.replay import verify

GAME = "fleet-commander-nimitz"
BOT = {"US": "bot:heuristic"}


def _campaign(store: Store, seed: int, max_actions: int | None = None) -> tuple[Match, int]:
    reg = registry()
    match = Match.create(store, reg, GAME, "1942", seed=seed, controllers=BOT)
    return match, run_bots(match, reg, max_actions=max_actions)


def _orders(store: Store, match: Match) -> list[tuple]:
    """Every action and answer of the match, with its payload (the orders the bot gave)."""
    rows = store.rows(
        "SELECT seq, step, side, verb, payload FROM event WHERE match_id = ? AND kind = 'action' ORDER BY seq",
        [match.match_id],
    )
    return [(r["seq"], r["step"], r["side"], r["verb"], r["payload"]) for r in rows]


def test_1_1_no_bot_may_take_japan(home):
    """1.1 the rules play Japan: ``new --bot JP=...`` is refused in one line that says why."""
    code, out = run_cli(["new", GAME, "--scenario", "1942", "--bot", "JP=heuristic"])
    lines = [line for line in out.splitlines() if line.strip()]
    assert code == 2 and len(lines) == 1, out
    assert "JP cannot be given to a bot" in out and "no one plays JP, the game's rules do" in out


def test_1_1_the_heuristic_bot_is_registered_for_the_game():
    """``--bot US=heuristic`` finds this game's own bot (a new match with it plays the whole campaign)."""
    info = registry().bot(GAME, "heuristic")
    assert info.game == GAME and info.factory.endswith("bot:HeuristicBot")


def test_5_1_the_bot_opens_the_campaign_with_legal_orders_and_the_match_replays():
    """The first turn's supply and movement phases and the first battles, cut short: every order the
    bot gives is one the rules accept (a refused order raises) and the log replays exactly."""
    with Store.open(":memory:") as store:
        match, played = _campaign(store, seed=2, max_actions=40)
        assert played == 40 and not match.finished
        verbs = {verb for _, _, side, verb, _ in _orders(store, match) if side == "US"}
        assert {"buy", "move", "raid", "end"} <= verbs
        assert verify(store, registry(), match.match_id) > 0


@pytest.mark.slow
def test_11_5_the_bot_plays_a_1942_campaign_to_its_end_the_same_way_for_a_seed():
    """A whole 1942 campaign by autoplay ends (12.5 after Nov/Dec, or 11.5 dismissal) with no order
    refused; the same seed plays the same orders; the finished match replays exactly."""
    with Store.open(":memory:") as store:
        first, played = _campaign(store, seed=6)
        assert first.finished and played > 0
        assert first.clock.result and ("11.5" in first.clock.result or "12.5" in first.clock.result)
        again, played_again = _campaign(store, seed=6)
        assert played_again == played
        assert [o[1:] for o in _orders(store, again)] == [o[1:] for o in _orders(store, first)]
        assert verify(store, registry(), first.match_id) > 0
        kinds = {
            r["verb"]
            for r in store.rows(
                "SELECT DISTINCT verb FROM event WHERE match_id = ? AND side = 'US' AND kind = 'action'",
                [first.match_id],
            )
        }
        assert {"battle", "bonus", "fly", "choose"} <= kinds  # it fought battles and answered their questions
