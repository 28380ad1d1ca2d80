"""Breakout: Normandy 23: optional rules, each a plugin chosen when the match is created."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest
from games.breakout.decisions import answer_all, keep_rolls
from games.breakout.victory_position import scored_match
from phaseline import Action, Event, RuleViolation
from phaseline.games.breakout.optional import card_combat
from phaseline.games.breakout.rules.victory import final_outcome, vp_required
from phaseline.plugins import registry

MAP = """
area 1 clear 1
area 2 clear 1
border 1-2
beach Omaha 1
control 1 US
unit A1 allied US infantry 3-4-3/2 1
unit G1 german DE infantry 2-3-2/1 2
"""
VP = [("area", "2", 9)]


def bid(match, german: str, allied: str) -> None:
    match.play(Action("choose", (german,), "german"))
    match.play(Action("choose", (allied,), "allied"))


# === 23.1 GENERAL ===========================================================================


def test_23_1_optional_rules_are_plugins_of_the_game_chosen_at_creation(tmp_path):
    rules = {name: rule for (game, name), rule in registry().rules.items() if game == "breakout-normandy"}
    assert sorted(rules) == ["23.2", "23.3"]
    plain = scored_match(tmp_path, MAP, VP)
    assert not plain.options and plain.open_decision() is None
    chosen = scored_match(tmp_path / "chosen", MAP, VP, options=("23.2", "23.3"))
    plugins = {r[0] for r in chosen.con.execute("SELECT plugin FROM match_plugin").fetchall()}
    assert {"breakout-normandy:23.2", "breakout-normandy:23.3"} <= plugins


# === 23.2 BIDDING FOR SIDES =================================================================


def test_23_2_both_seats_bid_before_play_begins(tmp_path):
    match = scored_match(tmp_path, MAP, VP, options=("23.2",))
    first = match.open_decision()
    assert (first["side"], first["kind"], first["rule"]) == ("german", "bid", "23.2")
    assert {"-10", "0", "10"} <= set(first["choices"]) and first["choices"][0] == "0"
    with pytest.raises(RuleViolation, match="must first answer"):
        match.play(Action("pass", (), "german"))
    match.play(Action("choose", ("1",), "german"))
    assert match.open_decision()["side"] == "allied"
    assert "1" not in match.open_decision()["prompt"]  # secret: the prompt never shows a bid


@pytest.mark.parametrize(
    ("german", "allied", "plays_allies", "need"),
    [
        pytest.param("2", "1", "german", 12, id="23.2-the-higher-bid-plays-the-allies"),
        pytest.param("-1", "-3", "german", 9, id="23.2-a-negative-bid-lowers-the-requirement"),
        pytest.param("0", "3", "allied", 13, id="23.2-the-allied-seat-outbids"),
    ],
)
def test_bids(tmp_path, german, allied, plays_allies, need):
    match = scored_match(tmp_path, MAP, VP, options=("23.2",))
    bid(match, german, allied)
    plays = dict(match.con.execute("SELECT seat, plays FROM bkn_bids").fetchall())
    assert plays[plays_allies] == "allied"
    assert vp_required(match, 1)[0] == need
    note = match.one("SELECT purpose FROM event WHERE rule = '23.2' AND kind = 'note'", [])
    assert f"the player at the {plays_allies} seat plays the Allies" in note


def test_23_2_the_higher_bidder_takes_the_allied_side_and_undo_gives_it_back(tmp_path):
    from phaseline.replay import verify
    from phaseline.undo import undo

    bare = MAP.replace("control 1 US\n", "")  # no test-only state: every event comes from play
    match = scored_match(tmp_path, bare, VP, options=("23.2",), controllers={"allied": "bot:heuristic"})
    bid(match, "2", "0")  # the German seat (a human) outbids the Allied seat (a bot)
    assert (match.controller("allied"), match.controller("german")) == ("human", "bot:heuristic")
    assert verify(match.store, registry(), match.match_id) > 0
    undo(match)  # the human's own last action, its German-seat bid, and the bot's bid after it
    assert (match.controller("allied"), match.controller("german")) == ("bot:heuristic", "human")
    assert match.con.execute("SELECT count(*) FROM bkn_bids").fetchone() == (0,)
    assert match.waiting_on()[0] == "german"  # the human bids again
    assert verify(match.store, registry(), match.match_id) > 0


def test_23_2_status_shows_who_plays_each_side_after_the_bidding(tmp_path, home):
    from clitools import run_cli

    scored_match(tmp_path, MAP.replace("control 1 US\n", ""), VP)  # writes the position's scenario folder
    new = ["new", "breakout-normandy", "--scenario", str(tmp_path / "position"), "-o", "23.2"]
    code, out = run_cli([*new, "--bot", "allied=heuristic", "--seed", "1"])
    assert code == 0 and "german (human)" in out  # the German seat bids first
    code, out = run_cli(["choose", "2"])  # the Allied bot bids 0: the human now plays the Allies
    assert code == 0 and "the players swap sides (BkN 23.2)" in out, out
    code, out = run_cli(["status"])
    assert code == 0 and "allied (human)" in out, out
    code, out = run_cli(["replay"])
    assert code == 0 and "state matches" in out, out


def test_23_2_a_negative_bid_is_answered_from_the_shell(tmp_path, home):
    """23.2: a bid may be negative; 'choose -3' is an answer, not an unknown option."""
    from clitools import run_cli

    scored_match(tmp_path, MAP.replace("control 1 US\n", ""), VP)
    new = ["new", "breakout-normandy", "--scenario", str(tmp_path / "position"), "-o", "23.2", "--seed", "1"]
    assert run_cli([*new, "--bot", "allied=heuristic"])[0] == 0
    code, out = run_cli(["choose", "-3"])
    assert code == 0, out
    code, out = run_cli(["sql", "SELECT seat, bid FROM bkn_bids ORDER BY seat"])
    assert code == 0 and "-3" in out, out


def test_23_2_equal_bids_apply_and_a_die_decides(tmp_path):
    match = scored_match(tmp_path, MAP, VP, options=("23.2",))
    bid(match, "2", "2")
    die = match.one("SELECT die FROM event WHERE kind = 'roll' AND rule = '23.2'", [])
    plays = dict(match.con.execute("SELECT seat, plays FROM bkn_bids").fetchall())
    assert plays["german" if die <= 3 else "allied"] == "allied"
    assert vp_required(match, 1)[0] == 12


def test_23_2_the_bid_is_part_of_the_week_end_check(tmp_path):
    match = scored_match(tmp_path, MAP + "control 2 US\n", VP, options=("23.2",))
    bid(match, "0", "1")  # the Allies need 11: area 2 (9) + the Advantage (1) = 10
    outcome = final_outcome(match)
    assert outcome.winners == ("german",) and "need 10 on the turn record track +1 bid (23.2)" in outcome.summary


HALF_MAP = MAP + "area 3 clear 1\nborder 1-3\ncontrol 2 US\nunit G2 german DE infantry 2-3-2/1 3\n"


@pytest.mark.parametrize(
    ("contested", "winners"),
    [
        pytest.param("unit A2 allied US infantry 3-4-3/2 3\n", ("allied",), id="23.2-contested-vp-meet-the-half"),
        pytest.param("", ("german",), id="23.2-without-contested-vp-the-half-is-not-met"),
    ],
)
def test_23_2_a_half_bid_is_met_by_contested_points(tmp_path, contested, winners):
    """23.2: 「端数のポイント;すなわち交戦状態にしているポイント数」: the Allies hold 10 VP (area 2, the
    Advantage) against 10.5; contesting area 3 (2 VP, half of it counts, up to the half) meets it."""
    match = scored_match(tmp_path, HALF_MAP + contested, [*VP, ("area", "3", 2)], options=("23.2",))
    bid(match, "0", "0.5")
    assert vp_required(match, 1)[0] == Decimal("10.5")
    outcome = final_outcome(match)
    assert outcome.winners == winners, outcome.summary
    assert "+0.5 bid (23.2)" in outcome.summary
    assert ("toward the bid's half +0.5 (23.2)" in outcome.summary) == bool(contested)


def test_23_2_a_whole_bid_takes_nothing_from_contested_areas(tmp_path):
    """23.2: contested points only ever meet a bid's half: against a whole 11 they add nothing."""
    match = scored_match(
        tmp_path, HALF_MAP + "unit A2 allied US infantry 3-4-3/2 3\n", [*VP, ("area", "3", 2)], options=("23.2",)
    )
    bid(match, "1", "0")
    assert final_outcome(match).winners == ("german",)


def test_23_2_ruling_bid_whole_vp_offers_whole_bids_only(tmp_path):
    match = scored_match(tmp_path, MAP, VP, options=("23.2", "bid-whole-vp"))
    choices = match.open_decision()["choices"]
    assert "1" in choices and "0.5" not in choices and "-10" in choices
    with pytest.raises(RuleViolation):
        match.play(Action("choose", ("1.5",), "german"))


# === 23.3 CARD COMBAT =======================================================================


def draw_many(match, side: str, n: int) -> list[int]:
    with match.store.transaction():
        match.log(Event("note", purpose="test: draw cards"))
        return [card_combat.draw(match, side, "test combat") for _ in range(n)]


def test_23_3_a_deck_of_36_cards_reproduces_the_2d6_spread(tmp_path):
    match = scored_match(tmp_path, MAP, VP, options=("23.3",))
    cards = draw_many(match, "allied", 36)
    assert Counter(cards) == Counter(card_combat.DECK)
    assert sum(cards) == 7 * 36  # 23.3: an average DR of 7 over every 36 combats
    assert sum(card_combat.DECK.values()) == 36


def test_23_3_the_deck_is_reshuffled_only_when_used_up(tmp_path):
    match = scored_match(tmp_path, MAP, VP, options=("23.3",))
    draw_many(match, "german", 37)
    notes = match.one("SELECT count(*) FROM event WHERE rule = '23.3' AND purpose LIKE '%reshuffles%'", [])
    left = match.one("SELECT sum(left_in_deck) FROM bkn_cards WHERE side = 'german'", [])
    assert notes == 1 and left == 35
    assert match.one("SELECT sum(left_in_deck) FROM bkn_cards WHERE side = 'allied'", []) == 36  # one deck each


def assault_through_the_day(match):
    """The Allies' forced assault (8.51) on area 2, then the day's end with the Sunset DR kept (11.6)."""
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("attack", ("2",), "allied"))  # 8.51: the forced attack
    answer_all(match, {"advantage-reroll": "keep"})
    match.play(Action("end", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    return match


def test_23_3_an_assault_draws_one_card_each_and_other_rolls_stay_dice(tmp_path):
    match = assault_through_the_day(scored_match(tmp_path, MAP, VP, options=("23.3",)))
    draws = match.rows("SELECT side, purpose FROM event WHERE rule = '23.3' AND kind = 'note' ORDER BY seq", [])
    assert [d["side"] for d in draws] == ["allied", "german"]
    assert not match.one("SELECT count(*) FROM event WHERE kind = 'roll' AND rule = '9.11'", [])
    sunset = match.one("SELECT count(*) FROM event WHERE kind = 'roll' AND rule = '6.3'", [])
    assert sunset == 2  # 6.3: the Sunset DR is still two dice, rolled alone


def test_23_3_without_the_option_combat_rolls_dice(tmp_path):
    match = assault_through_the_day(scored_match(tmp_path, MAP, VP))
    assert match.one("SELECT count(*) FROM event WHERE kind = 'roll' AND rule = '9.11'", []) == 4


def test_23_each_optional_rule_is_listed_with_its_title_and_rule():
    rules = [rule for (game, _), rule in registry().rules.items() if game == "breakout-normandy"]
    assert {(r.rule, r.title.split(":")[0]) for r in rules} == {("23.2", "Bidding for sides"), ("23.3", "Card combat")}


def test_23_1_a_match_with_both_optional_rules_replays_exactly(tmp_path):
    from phaseline.replay import verify

    match = scored_match(tmp_path, MAP.replace("control 1 US\n", ""), VP, options=("23.2", "23.3"))
    bid(match, "1", "1")  # no test-only state: every event comes from play
    assault_through_the_day(match)
    assert verify(match.store, registry(), match.match_id) > 0


def test_23_2_bots_answer_the_bids(tmp_path):
    from phaseline.bots import run_bots

    match = scored_match(tmp_path, MAP, VP, options=("23.2",))
    bots = {"german": "bot:heuristic", "allied": "bot:random"}
    run_bots(match, registry(), controllers=bots, max_actions=2)
    bids = match.rows("SELECT seat, bid, plays FROM bkn_bids ORDER BY seat", [])
    assert [r["seat"] for r in bids] == ["allied", "german"] and {r["plays"] for r in bids} == {"allied", "german"}
    assert match.open_decision() is None and match.clock.step == "german-impulse"
