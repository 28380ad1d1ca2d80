"""Breakout: Normandy 11.6: the Advantage rerolls any DR or dr other than an attack's.

Seed 11.6: "the Advantage may also be used to reroll any DR/dr other than an attack's";
it passes to the opponent when the current impulse (or phase) ends, so a rerolled roll is
never rerolled again. 11.5: a rerolled Sunset DR is the Sunset DR.
"""

from __future__ import annotations

from games.breakout.decisions import asked, choose
from games.breakout.position import new_match, script_dice
from phaseline import Action, Event, Match
from phaseline.bots import run_bots
from phaseline.games.breakout.rules.board import board
from phaseline.plugins import registry
from phaseline.replay import verify
from phaseline.undo import undo

MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area ZA zone
border 1-2
border 2-3 river
border 3-ZA arrow
bridge BR1 2-3 german
unit A1 allied US infantry 3-4-3/2 1
unit G1 german DE infantry 2-3-2/2 3
"""
ON_THE_RIVER = MAP.replace("3-4-3/2 1", "3-4-3/2 2") + "control 2 US\n"  # A1 free in 2, next to BR1
REROLL = ("allied", "other-reroll", ["keep", "reroll"])


def _at_impulse(match: Match, n: int, holder: str = "allied") -> None:
    with match.store.transaction():
        match.log(Event("note", purpose=f"test position: impulse {n}, the {holder} side holds the Advantage"))
        match.set("bkn_day", {}, impulse=n, advantage=holder, advantage_start=holder)


def _sunset_alone(match: Match, monkeypatch, dice: list[int]) -> None:
    """The Germans pass, the Allies move without a DR and end: the Sunset DR is rolled alone (6.3)."""
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, dice)
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("end", (), "allied"))


# === THE SUNSET DR ROLLED ALONE (6.3, 11.5) =================================================


def test_11_6_the_day_waits_for_the_holder_before_a_sunset_dr_is_applied(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _at_impulse(match, 3)
    _sunset_alone(match, monkeypatch, [1, 1, 6, 6])  # DR 2 < impulse 3 would end the day
    assert asked(match) == REROLL
    assert match.clock.step == "allied-impulse" and not board(match).day["day_over"]  # the day has not ended
    assert [a.verb for a in match.legal_actions()] == ["choose", "choose"]  # nothing else until answered
    choose(match, "reroll")
    day = board(match).day
    assert (day["impulse"], day["day_over"]) == (4, False)  # 11.5: the reroll is the Sunset DR
    sunset = match.one("SELECT purpose FROM event WHERE match_id = ? AND purpose LIKE 'Sunset DR %'", [match.match_id])
    assert sunset == "Sunset DR 12+0 = 12 >= impulse 3: impulse 4"
    assert match.clock.step == "german-impulse"
    assert day["advantage"] == "german"  # 11.2: used, it passed when the impulse ended


def test_11_6_a_kept_sunset_dr_ends_the_day(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _at_impulse(match, 3)
    _sunset_alone(match, monkeypatch, [1, 1])
    choose(match, "keep")
    assert board(match).day["day_over"] and match.clock.step == "german-refit"
    assert board(match).day["advantage"] == "allied"  # not used: the Allies keep it


def test_11_6_the_german_holder_may_reroll_a_sunset_dr_that_prolongs_the_day(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _at_impulse(match, 3, holder="german")
    _sunset_alone(match, monkeypatch, [6, 6, 1, 1])
    assert asked(match) == ("german", "other-reroll", ["keep", "reroll"])
    choose(match, "reroll")  # 12 would go on; the reroll 2 < 3 ends the day
    assert board(match).day["day_over"] and match.clock.step == "german-refit"
    assert board(match).day["advantage"] == "allied"


def test_11_6_no_decision_once_the_advantage_is_used_this_impulse(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP)
    _at_impulse(match, 3)
    match.play(Action("pass", (), "german"))
    with match.store.transaction():
        match.log(Event("note", purpose="test position: the Allies used the Advantage this impulse"))
        match.set("bkn_day", {}, advantage_used="allied")
    script_dice(match, monkeypatch, [1, 1])
    match.play(Action("pass", (), "allied"))
    assert match.open_decision() is None and board(match).day["day_over"]


def test_11_6_a_sunset_reroll_undoes_and_replays(tmp_path):
    match = new_match(tmp_path, MAP)  # no test-only state: every event comes from play
    match.play(Action("pass", (), "german"))
    match.play(Action("pass", (), "allied"))
    assert asked(match) == REROLL
    choose(match, "reroll")
    assert verify(match.store, registry(), match.match_id) > 0
    undo(match, force=True)  # back to the open decision, the first Sunset DR kept in the log
    assert asked(match) == REROLL and match.clock.step == "allied-impulse"
    choose(match, "keep")
    assert verify(match.store, registry(), match.match_id) > 0


def test_11_6_bots_answer_the_reroll_of_a_sunset_dr(tmp_path):
    match = new_match(tmp_path, MAP)
    bots = {"german": "bot:heuristic", "allied": "bot:heuristic"}
    while match.clock.turn == 1 and not match.finished:
        run_bots(match, registry(), controllers=bots, max_actions=1)
    answered = match.rows("SELECT answer FROM decision WHERE match_id = ? AND kind = 'other-reroll'", [match.match_id])
    assert answered and {r["answer"] for r in answered} <= {"keep", "reroll"}


# === BRIDGES (20.2-20.4) =====================================================================


def test_11_6_a_failed_seizure_dr_rerolled_takes_the_bridge(tmp_path, monkeypatch):
    match = new_match(tmp_path, ON_THE_RIVER)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [1, 6])  # dr 1 + 3 free - 1 Fresh G1 = 3 fails; 6 + 2 = 8 succeeds
    match.play(Action("seize", ("A1", "BR1"), "allied"))
    assert asked(match) == REROLL and board(match).bridges["BR1"]["state"] == "german"  # not yet applied
    choose(match, "reroll")
    assert board(match).bridges["BR1"]["state"] == "allied"
    rolls = match.rows("SELECT purpose FROM event WHERE match_id = ? AND purpose LIKE '%dr % = %'", [match.match_id])
    assert [r["purpose"] for r in rolls] == [  # only the roll that stands is applied
        "A1 tries to seize BR1: dr 6 +3 from a free area, -1 1 Fresh enemy units = 8: success"
    ]


def test_11_6_the_german_holder_may_reroll_an_allied_seizure(tmp_path, monkeypatch):
    match = new_match(tmp_path, ON_THE_RIVER)
    _at_impulse(match, 0, holder="german")
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [6, 1])
    match.play(Action("seize", ("A1", "BR1"), "allied"))
    assert asked(match) == ("german", "other-reroll", ["keep", "reroll"])
    choose(match, "reroll")
    assert board(match).bridges["BR1"]["state"] == "german"


# === SURRENDER (12.8) ==========================================================================


def test_11_6_the_allies_reroll_a_surrender_dr_and_the_refit_phase_waits(tmp_path, monkeypatch):
    text = MAP + "area 4 clear 1\nborder 3-4\nunit G2 german DE infantry 2-3-2/2 4 Dis1\ncontrol 3 US\n"
    match = new_match(tmp_path, text)  # G2 in 4 can reach the zone only through Allied 3: isolated
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [6, 6, 5, 2])  # Sunset DR 12, then surrender dr 5 (no effect) and 2
    match.play(Action("pass", (), "allied"))
    choose(match, "keep")  # the Sunset DR: the day ends after impulse 0's two passes (8.6)
    assert Action("depot", ("ZA",), "german") in match.legal_actions("german")  # 12.6, 14.1: a zone takes one
    match.play(Action("end", (), "german"))  # 6.4: the surrender drs come as the German Refit phase ends
    assert asked(match) == REROLL and match.clock.step == "german-refit"  # G2's dr 5: the phase waits
    assert board(match).units["G2"]["status"] == "Dis1"
    choose(match, "reroll")  # 12.8: Dis1 surrenders on less than 3
    assert "G2" not in board(match).units or board(match).units["G2"]["status"] == "eliminated"
    assert match.clock.step != "german-refit"
    assert board(match).day["advantage"] == "german"  # 11.6: it passed as the German Refit phase ended


# === 11.5: A REROLLED SUNSET DR IS THE SUNSET DR ================================================

ARTILLERY = """
area 1 clear 1
area 2 clear 2
border 1-2
control 1 US
unit R1 allied US artillery 2-1-3/1 1 art=division
unit G1 german DE infantry 2-3-2/2 2
"""


def test_11_5_a_rerolled_allied_bombardment_dr_is_the_sunset_dr(tmp_path, monkeypatch):
    match = new_match(tmp_path, ARTILLERY)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [1, 1, 6, 6, 5, 6, 1, 1])  # DR 2 (the Sunset DR) vs 12; then 11 vs 2
    match.play(Action("bombard", ("2", "R1", "G1"), "allied"))
    assert board(match).day["sunset_raw"] == 2
    assert asked(match) == ("allied", "bombardment-reroll", ["keep", "reroll"])
    choose(match, "reroll")
    assert board(match).day["sunset_raw"] == 11


# === COASTAL INTERDICTION (19.4) ================================================================

COAST = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area ZA zone
area B2 sea
border 1-2
border 2-3
border 1-ZA arrow
border 2-B2 landing
beach Omaha 2 box=B2 nat=US
unit CA german DE coastal 0-2-0/1 3
unit L1 allied US infantry 3-4-3/2 B2
unit L2 allied US infantry 3-4-3/2 B2
control 2 US
"""


def test_11_6_19_4_the_allies_reroll_an_interdiction_dr_before_the_landers_go_ashore(tmp_path, monkeypatch):
    match = new_match(tmp_path, COAST)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [1, 6, 6])  # IV 1: L1's dr 1 = IV lands Spent; rerolled 6; L2's 6
    match.play(Action("land", ("Omaha", "L1,L2"), "allied"))
    assert asked(match) == REROLL
    units = board(match).units
    assert units["L1"]["space_id"] == "B2" and units["L1"]["status"] == "Fresh"  # nothing applied yet
    choose(match, "reroll")  # L1's dr 6: no effect; L2's dr is offered no more (11.6: once)
    units = board(match).units
    assert [(units[u]["space_id"], units[u]["status"]) for u in ("L1", "L2")] == [("2", "Fresh"), ("2", "Fresh")]
    assert match.open_decision() is None and board(match).day["advantage_used"] == "allied"


def test_11_6_19_4_the_german_holder_rerolls_an_interdiction_that_missed(tmp_path, monkeypatch):
    match = new_match(tmp_path, COAST)
    _at_impulse(match, 0, holder="german")
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [6, 1])  # L1's dr 6 misses; rerolled, 1 = IV 1 lands Spent
    match.play(Action("land", ("Omaha", "L1"), "allied"))
    assert asked(match) == ("german", "other-reroll", ["keep", "reroll"])
    choose(match, "reroll")
    assert board(match).units["L1"]["status"] == "Spent" and board(match).units["L1"]["space_id"] == "2"


def test_11_6_19_4_each_lander_is_offered_until_the_advantage_is_used(tmp_path, monkeypatch):
    match = new_match(tmp_path, COAST)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [6, 1])
    match.play(Action("land", ("Omaha", "L1,L2"), "allied"))
    choose(match, "keep")  # L1's 6 stands: L2's dr 1 (Spent) is offered in turn
    assert asked(match) == REROLL and board(match).units["L2"]["space_id"] == "B2"
    choose(match, "keep")
    units = board(match).units
    assert (units["L1"]["status"], units["L2"]["status"]) == ("Fresh", "Spent")


# === THE STORM DR (24.5) AND THE MULBERRY DRS (24.6) =============================================

WEEK_TWO = (
    MAP + "beach Omaha 1 nat=US mulberry=B\n" + "".join(f"turn {t} 1944-06-{11 + t} 2 Clear\n" for t in (2, 3, 4))
)


def _sunset_changes_the_weather_on_turn_3(match: Match, monkeypatch, dice: list[int], **day) -> None:
    """Turn 3 (14 June, one day of week 2 completed), impulse 4: the Allies move without a DR and
    roll the Sunset DR 4 = the impulse alone (6.3, 18.4); the Allied holder keeps it."""
    with match.store.transaction():
        match.log(Event("note", purpose="test position: 14 June, impulse 4"))
        match.set_clock(turn=3)
        match.set("bkn_day", {}, impulse=4, **day)
    _sunset_alone(match, monkeypatch, [2, 2, *dice])
    choose(match, "keep")  # the Sunset DR 4


def test_11_6_24_5_the_allies_reroll_a_storm_and_the_impulse_waits(tmp_path, monkeypatch):
    match = new_match(tmp_path, WEEK_TWO)
    _sunset_changes_the_weather_on_turn_3(match, monkeypatch, [1, 6])  # storm dr 1 <= 1: a storm; then 6
    assert asked(match) == REROLL and match.clock.step == "allied-impulse"  # the step is held open
    assert not board(match).day["storm"]
    choose(match, "reroll")
    day = board(match).day
    assert (day["storm"], day["weather"]) == (False, "Overcast")  # 24.5: dr 6 > 1: an ordinary change
    assert match.clock.step == "german-impulse" and day["advantage"] == "german"  # 11.2: it passed


def test_11_6_24_5_a_kept_storm_dr_brings_the_storm(tmp_path, monkeypatch):
    match = new_match(tmp_path, WEEK_TWO)
    _sunset_changes_the_weather_on_turn_3(match, monkeypatch, [1])
    choose(match, "keep")
    assert board(match).day["storm"] and match.clock.step == "german-impulse"
    assert board(match).day["advantage"] == "allied"


def test_11_6_24_6_the_allies_reroll_a_mulberry_lost_as_the_storm_ends(tmp_path, monkeypatch):
    match = new_match(tmp_path, WEEK_TWO)
    storm = {"storm": True, "storm_began": 1, "weather": "Overcast"}  # two days after: a change ends it
    _sunset_changes_the_weather_on_turn_3(match, monkeypatch, [4, 5], **storm)  # Mulberry B: dr 4 lost; 5
    assert asked(match) == REROLL and not board(match).day["storm"]
    lost = "SELECT mulberry FROM bkn_mulberry_lost WHERE match_id = ?"
    assert match.rows(lost, [match.match_id]) == []  # not yet applied
    choose(match, "reroll")
    assert match.rows(lost, [match.match_id]) == [] and match.clock.step == "german-impulse"


def test_11_6_24_6_the_german_holder_rerolls_a_mulberry_that_survived(tmp_path, monkeypatch):
    match = new_match(tmp_path, WEEK_TWO)
    _at_impulse(match, 0, holder="german")
    storm = {"storm": True, "storm_began": 1, "weather": "Overcast"}
    _sunset_changes_the_weather_on_turn_3(match, monkeypatch, [6, 2], **storm)
    assert asked(match) == ("german", "other-reroll", ["keep", "reroll"])
    choose(match, "reroll")
    lost = match.rows("SELECT mulberry FROM bkn_mulberry_lost WHERE match_id = ?", [match.match_id])
    assert lost == [{"mulberry": "B"}]
