"""Breakout: Normandy 12 (with 6.4, 18.41, 24.2-24.4, 24.7): refit, supply, depots and the Reserve."""

from __future__ import annotations

import pytest
from games.breakout.decisions import keep_rolls
from games.breakout.position import match_of, new_match, script_dice, write_position
from phaseline import Action, Event, RuleViolation
from phaseline.games.breakout.rules import refit, supply
from phaseline.games.breakout.rules.board import board
from phaseline.render.account import account_lines

# A German zone behind area 1; 1-2-3 clear, 3-4 river, 5 Cherbourg (port), 6 cut off
MAP = """
area ZA zone
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
area 5 city 4 port=major
area 6 clear 1
border 1-ZA arrow
border 1-2
border 2-3
border 3-4 river
border 1-5
"""


def _refit_phase(match, monkeypatch, dice=()):
    """Play both passes of impulse 0 (8.6): the day ends and the German Refit phase begins."""
    match.play(Action("pass", (), "german"))
    queue = script_dice(match, monkeypatch, [6, 6, *dice])
    match.play(Action("pass", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR, and the rolls of the German Refit phase, stand
    return queue


def _note(match, purpose: str = "test set-up"):
    match.log(Event("note", purpose=purpose))


def _status(match, unit_id: str) -> str:
    rows = match.rows("SELECT status FROM unit_state WHERE match_id = ? AND unit_id = ?", [match.match_id, unit_id])
    return rows[0]["status"]


# === 12.5 REFIT COSTS BY PATH ===================================================================


@pytest.mark.parametrize(
    ("units", "costs"),
    [
        pytest.param("unit G1 german DE infantry 2-3-2/2 1 Spent", {"G1": 1}, id="12.5-same-area-1-SP"),
        pytest.param("unit G1 german DE infantry 2-3-2/2 1 Dis1", {"G1": 2}, id="12.5-disrupted-plus-1"),
        pytest.param("unit G1 german DE infantry 2-3-2/2 3 Spent", {"G1": 3}, id="12.5-two-borders-plus-2"),
        pytest.param(
            "unit G1 german DE infantry 2-3-2/2 3 Spent\nunit A1 allied US infantry 3-4-3/2 2",
            {"G1": 4}, id="12.5-contested-area-between-plus-1",
        ),
        pytest.param(
            "unit G1 german DE infantry 2-3-2/2 4 Dis2\nunit A1 allied US infantry 3-4-3/2 4\ncontrol 4 US",
            {"G1": 5}, id="12.5-from-its-own-enemy-area-over-the-river",
        ),
    ],
)  # fmt: skip
def test_refit_costs(tmp_path, monkeypatch, units, costs):
    match = new_match(tmp_path, MAP + units + "\n")
    _refit_phase(match, monkeypatch)
    assert match.clock.step == "german-refit"
    match.play(Action("depot", ("1",), "german"))
    options = supply.refit_options(match, "german")
    assert {u: o[0][0] for u, o in options.items()} == costs


def test_12_5_no_supply_over_an_unbridged_water_obstacle(tmp_path, monkeypatch):
    text = MAP.replace("border 3-4 river", "border 3-4 water")
    text += "unit G1 german DE infantry 2-3-2/2 4 Spent\nunit G2 german DE infantry 2-3-2/2 3 Spent\n"
    match = new_match(tmp_path, text)
    _refit_phase(match, monkeypatch)
    match.play(Action("depot", ("1",), "german"))
    assert set(supply.refit_options(match, "german")) == {"G2"}


def test_12_5_refit_spends_the_depot_sp_and_one_level_only(tmp_path, monkeypatch):
    """12.4: at most one level a day; a 5-SP Clear-day depot pays 3 then cannot pay 4 more."""
    text = MAP + "unit G1 german DE infantry 2-3-2/2 3 Spent\nunit G2 german DE infantry 2-3-2/2 3 Dis1\n"
    match = new_match(tmp_path, text)
    _refit_phase(match, monkeypatch)
    match.play(Action("depot", ("1",), "german"))
    match.play(Action("refit", ("G1",), "german"))
    assert _status(match, "G1") == "Fresh"
    assert match.one("SELECT sp FROM bkn_depot WHERE match_id = ?", [match.match_id]) == 2
    with pytest.raises(RuleViolation, match="no depot") as refused:
        match.play(Action("refit", ("G2",), "german"))
    assert refused.value.rule == "12.5"


def test_12_4_a_unit_improves_one_level_a_refit_phase(tmp_path, monkeypatch):
    text = MAP + "unit G1 german DE infantry 2-3-2/2 1 Dis2\n"
    match = new_match(tmp_path, text)
    _refit_phase(match, monkeypatch)
    match.play(Action("depot", ("1",), "german"))
    match.play(Action("refit", ("G1",), "german"))
    assert _status(match, "G1") == "Dis1"
    assert "G1" not in supply.refit_options(match, "german")
    with pytest.raises(RuleViolation) as refused:  # 12.4: one level a day, whatever the supply
        match.play(Action("refit", ("G1",), "german"))
    assert refused.value.rule == "12.4" and "one level a day" in str(refused.value)


@pytest.mark.parametrize(
    ("options", "left"),
    [
        pytest.param((), {"1": 3, "2": 5}, id="12.5-the-farthest-depot-pays"),
        pytest.param((refit.NEAREST_DEPOT,), {"1": 5, "2": 4}, id="12.5-ruling-refit-from-nearest-depot"),
    ],
)
def test_paying_depot(tmp_path, monkeypatch, options, left):
    """12.5: 「2つ以上の集積所から補給を受けるユニットは 最も遠い集積所から必要な補給ポイントを消費する」:
    G1 in 2 is reached from the depots in 1 (2 SP) and in 2 (1 SP)."""
    text = MAP + "unit G1 german DE infantry 2-3-2/2 2 Spent\n"
    match = match_of(*write_position(tmp_path / "position", text), options=options)
    _refit_phase(match, monkeypatch)
    match.play(Action("depot", ("1",), "german"))
    match.play(Action("depot", ("2",), "german"))
    match.play(Action("refit", ("G1",), "german"))
    assert {d["space_id"]: d["sp"] for d in supply.depots(match, "german")} == left


def test_12_1_refit_climbs_the_ladder_dis2_dis1_spent_fresh(tmp_path, monkeypatch):
    assert supply.UP == {"Dis2": "Dis1", "Dis1": "Spent", "Spent": "Fresh"}


def test_12_6_german_depots_only_in_free_areas_joined_to_a_german_zone(tmp_path, monkeypatch):
    text = MAP + "unit G1 german DE infantry 2-3-2/2 3 Spent\nunit A1 allied US infantry 3-4-3/2 2\n"
    match = new_match(tmp_path, text)
    _refit_phase(match, monkeypatch)
    assert supply.german_depot_areas(match) == ["1", "5", "ZA"]  # 2 is contested: 3 lies beyond it; 14.1 the zone
    with pytest.raises(RuleViolation, match="German zone") as refused:
        match.play(Action("depot", ("3",), "german"))
    assert refused.value.rule == "12.6"


def test_12_6_units_in_a_zone_refit_without_a_depot(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP + "unit G1 german DE infantry 2-3-2/2 ZA Spent\n")
    _refit_phase(match, monkeypatch)
    assert _status(match, "G1") == "Fresh"


@pytest.mark.parametrize(
    ("options", "status"),
    [
        pytest.param((), "Spent", id="12.6-no-automatic-refit-in-an-allied-zone"),
        pytest.param(("zone-refit-any-zone",), "Fresh", id="12.6-ruling-zone-refit-any-zone"),
    ],
)
def test_12_6_automatic_refit_in_an_allied_controlled_zone(tmp_path, monkeypatch, options, status):
    """12.6: the zone that refits German units is a German source; the ruling reads any zone."""
    text = MAP + "control ZA US\nunit G1 german DE infantry 2-3-2/2 ZA Spent\nunit A1 allied US infantry 3-4-3/2 ZA\n"
    match = match_of(*write_position(tmp_path / "position", text), options=options)
    _refit_phase(match, monkeypatch)
    assert _status(match, "G1") == status


@pytest.mark.parametrize(
    ("start", "impulses", "sp"),
    [
        pytest.param("Clear", ["Clear"] * 9, 5, id="12.6-clear-day-5-SP"),
        pytest.param("Overcast", ["Overcast"] * 9, 10, id="12.6-overcast-day-10-SP"),
        pytest.param("Clear", ["Clear"] * 4 + ["Overcast"] * 4 + ["Clear"], 7, id="18.41-worked-example-7-SP"),
        pytest.param("Clear", ["Clear"] * 3 + ["Overcast"] * 3, 6, id="18.41-three-overcast-6-SP"),
        pytest.param("Overcast", ["Overcast"] * 5 + ["Clear"], 9, id="18.41-overcast-day-one-clear-9-SP"),
    ],
)
def test_german_depot_sp(tmp_path, start, impulses, sp):
    match = new_match(tmp_path, MAP + f"weather {start}\nunit G1 german DE infantry 2-3-2/2 1\n")
    with match.store.transaction():
        _note(match)
        supply.clear_impulse_weather(match)
        match.insert_many("bkn_impulse_weather", [{"impulse": i, "weather": w} for i, w in enumerate(impulses)])
    assert supply.german_depot_sp(match) == sp


@pytest.mark.parametrize(
    ("status", "die", "after"),
    [
        pytest.param("Spent", 4, "Fresh", id="12.62-spent-on-4"),
        pytest.param("Spent", 3, "Spent", id="12.62-spent-fails-on-3"),
        pytest.param("Dis1", 5, "Spent", id="12.62-dis1-on-5"),
        pytest.param("Dis2", 5, "Dis2", id="12.62-dis2-needs-6"),
    ],
)
def test_cherbourg_refit(tmp_path, monkeypatch, status, die, after):
    match = new_match(tmp_path, MAP + f"unit G1 german DE infantry 2-3-2/2 5 {status}\n")
    _refit_phase(match, monkeypatch, [die])
    assert _status(match, "G1") == after


# === 12.8 ISOLATION AND SURRENDER ================================================================


@pytest.mark.parametrize(
    ("status", "die", "after"),
    [
        pytest.param("Dis1", 2, "eliminated", id="12.8-dis1-eliminated-on-2"),
        pytest.param("Dis1", 3, "Dis2", id="12.8-dis1-one-step-on-3"),
        pytest.param("Dis1", 4, "Dis1", id="12.8-dis1-no-effect-on-4"),
        pytest.param("Fresh", 1, "Spent", id="12.8-fresh-spent-on-1"),
        pytest.param("Dis2", 4, "eliminated", id="12.8-dis2-extra-step-kills"),
    ],
)
def test_surrender(tmp_path, monkeypatch, status, die, after):
    text = MAP + f"unit G1 german DE infantry 2-3-2/2 6 {status}\nunit G2 german DE infantry 2-3-2/2 1 Spent\n"
    match = new_match(tmp_path, text)
    _refit_phase(match, monkeypatch, [die])
    match.play(Action("end", (), "german"))
    keep_rolls(match)  # 11.6: the roll stands
    assert _status(match, "G1") == after


def test_12_62_a_unit_with_a_path_to_cherbourg_does_not_surrender(tmp_path, monkeypatch):
    text = MAP.replace("border 1-ZA arrow", "") + "unit G1 german DE infantry 2-3-2/2 2 Dis1\n"
    text += "unit G2 german DE infantry 2-3-2/2 6 Dis1\n"
    match = new_match(tmp_path, text)
    assert {r["unit_id"] for r in supply.isolated(match, "german")} == {"G2"}


# === 12.7 ALLIED BEACH SUPPLY ===================================================================

BEACHES = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
border 1-2
border 2-3
border 2-4
beach Omaha 1 depots=2
beach Gold 3 nat=UK
control 1 US
control 2 US
control 3 UK
"""


def test_12_7_beach_depots_lose_1_per_fresh_battery_and_refit_their_nation_only(tmp_path, monkeypatch):
    text = BEACHES + "unit A1 allied US infantry 3-4-3/2 2 Spent\nunit B1 allied UK infantry 3-4-3/2 2 Spent\n"
    text += "unit C1 german DE coastal 0-2-0/2 4\n"
    match = new_match(tmp_path, text)
    _refit_phase(match, monkeypatch, [6])  # 12.8: the isolated battery's surrender dr
    assert match.clock.step == "allied-refit"
    depots = {(d["source"], d["sp"]) for d in supply.depots(match, "allied")}
    assert depots == {("Omaha", 10), ("Gold", 10)}
    # a Fresh battery next to Omaha would cost each of its depots 1 SP
    assert supply.batteries_near(board(match), "2") == 1
    options = supply.refit_options(match, "allied")
    assert {u: {d for _, d in o} for u, o in options.items()} == {"A1": {"A2", "A3"}, "B1": {"A1"}}  # depots


def test_12_7_a_beach_held_by_the_other_nation_feeds_the_reserve(tmp_path, monkeypatch):
    text = BEACHES.replace("control 1 US", "control 1 UK") + "unit A1 allied US infantry 3-4-3/2 2 Spent\n"
    match = new_match(tmp_path, text)
    _refit_phase(match, monkeypatch)
    assert supply.reserve(match, "allied") == 20
    assert [d["source"] for d in supply.depots(match, "allied")] == ["Gold"]


def test_12_53_unused_sp_of_free_depots_go_to_the_reserve(tmp_path, monkeypatch):
    text = BEACHES + "unit A1 allied US infantry 3-4-3/2 2 Spent\nunit G1 german DE infantry 2-3-2/2 3\n"
    text += "unit B1 allied UK infantry 3-4-3/2 3\n"
    match = new_match(tmp_path, text)
    _refit_phase(match, monkeypatch, [6])  # 12.8: isolated G1's surrender dr
    match.play(Action("refit", ("A1",), "allied"))  # 2 SP from an Omaha depot
    match.play(Action("end", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    assert supply.reserve(match, "allied") == 18  # Omaha 8 + 10; contested Gold's 10 are lost


def test_12_53_buying_impulses_the_rulebook_example(tmp_path, monkeypatch):
    """Germans buy 1 (marker to 1), the Allies 3 back: the day starts on B (-2); no 4th space."""
    match = new_match(tmp_path, BEACHES + "unit A1 allied US infantry 3-4-3/2 2\n")
    with match.store.transaction():
        _note(match)
        match.set("bkn_supply", {"side": "german"}, reserve=10)
        match.set("bkn_supply", {"side": "allied"}, reserve=40)
    _refit_phase(match, monkeypatch)
    match.play(Action("buy", ("1",), "german"))
    assert board(match).day["impulse"] == 1
    match.play(Action("end", (), "german"))
    keep_rolls(match)  # 11.6: the roll stands
    match.play(Action("buy", ("-3",), "allied"))
    assert board(match).day["impulse"] == -2 and supply.reserve(match, "allied") == 10
    with pytest.raises(RuleViolation, match="3 impulse-track spaces") as refused:
        match.play(Action("buy", ("-1",), "allied"))
    assert refused.value.rule == "12.53"


@pytest.mark.parametrize(
    ("options", "bought"),
    [
        pytest.param((), True, id="12.53-sp-banked-this-refit-phase-buy-at-its-end"),
        pytest.param((refit.EARLIER_RESERVE,), False, id="12.53-ruling-buy-from-earlier-reserve"),
    ],
)
def test_buying_with_this_phases_leftovers(tmp_path, monkeypatch, options, bought):
    """12.53: 「使用されなかった補給ポイントは…備蓄となり…現在の補充フェイズの終了時に備蓄された補給を
    10ポイント消費することで」: with no Reserve, the Allies' unused beach SP (20 on Omaha, free) buy a space."""
    text = BEACHES + "unit A1 allied US infantry 3-4-3/2 2\n"
    match = match_of(*write_position(tmp_path / "position", text), options=options)
    _refit_phase(match, monkeypatch)  # no German unit: the German Refit phase passes by
    assert match.clock.step == "allied-refit" and supply.reserve(match, "allied") == 0
    if not bought:
        with pytest.raises(RuleViolation) as refused:
            match.play(Action("buy", ("1",), "allied"))
        assert refused.value.rule == "12.53" and "0 Reserve SP;" in str(refused.value)
        return
    assert Action("buy", ("1",), "allied") in match.legal_actions("allied")
    match.play(Action("buy", ("1",), "allied"))
    assert board(match).day["impulse"] == 1
    match.play(Action("end", (), "allied"))
    keep_rolls(match)
    assert supply.reserve(match, "allied") == 20  # Omaha 20 + Gold 10, less the 10 spent


def test_12_53_the_reserve_never_tops_up_depots_outside_the_extended_game(tmp_path, monkeypatch):
    """12.53: 「どちらのプレイヤーも補給の備蓄を補給集積所の補給ポイント増加には使用できない(例外;24.7項)」."""
    match = new_match(tmp_path, BEACHES + "unit A1 allied US infantry 3-4-3/2 2\n")
    _refit_phase(match, monkeypatch)  # no German unit: the German Refit phase passes by
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("topup", ("3",), "allied"))
    assert refused.value.rule == "12.53"


def test_6_4_germans_refit_first_and_the_markers_reset(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP + "unit G1 german DE infantry 2-3-2/2 1 Spent\n")
    with match.store.transaction():
        _note(match)
        match.set("bkn_day", {}, sunset_drm=2)
    _refit_phase(match, monkeypatch)
    assert match.clock.step == "german-refit"
    day = board(match).day
    assert (day["sunset_drm"], day["impulse"]) == (0, 0)


# === 12.9 AIR SUPPLY ============================================================================


@pytest.mark.parametrize(
    ("where", "status", "overcast", "drm"),
    [
        pytest.param("2", "Spent", 4, 3, id="12.9-free-area-partly-overcast-dr-4"),
        pytest.param("4", "Dis1", 9, -2, id="12.9-dis-in-german-area-all-overcast-impossible"),
    ],
)
def test_air_supply_drm(tmp_path, where, status, overcast, drm):
    match = new_match(tmp_path, BEACHES + f"unit A1 allied US infantry 3-4-3/2 {where} {status}\n")
    with match.store.transaction():
        _note(match)
        weather = ["Overcast"] * overcast + ["Clear"] * (9 - overcast)
        supply.clear_impulse_weather(match)
        match.insert_many("bkn_impulse_weather", [{"impulse": i, "weather": w} for i, w in enumerate(weather)])
    terms = refit.air_drm(match, where, board(match).units["A1"])
    assert sum(v for _, v in terms) == drm


def test_12_9_air_supply_comes_first_and_once(tmp_path, monkeypatch):
    text = BEACHES + "unit A1 allied US infantry 3-4-3/2 2 Spent\nunit A2 allied US infantry 3-4-3/2 2 Spent\n"
    match = new_match(tmp_path, text)
    _refit_phase(match, monkeypatch, [4, 2])
    match.play(Action("airsupply", ("2", "A1,A2"), "allied"))  # +4 free area: 4 succeeds, 2 fails
    keep_rolls(match)  # 11.6: the roll stands
    assert (_status(match, "A1"), _status(match, "A2")) == ("Fresh", "Spent")
    with pytest.raises(RuleViolation, match="used this Refit phase"):
        match.play(Action("airsupply", ("2", "A2"), "allied"))


# === 24 EXTENDED GAME ===========================================================================

PORTS = BEACHES + "area 5 town 2 port=minor\nborder 4-5\nborder 1-5\ncontrol 5 US\nbeach Gold2 4 nat=UK mulberry=A\n"


def _extended(monkeypatch):
    monkeypatch.setattr(supply, "is_extended", lambda match: True)


def _turn(match, turn: int):
    with match.store.transaction():
        _note(match, f"test: turn {turn}")
        match.set_clock(turn=turn)


def test_24_2_a_minor_port_works_ten_days_after_allied_control(tmp_path, monkeypatch):
    _extended(monkeypatch)
    match = new_match(tmp_path, PORTS + "unit A1 allied US infantry 3-4-3/2 5\n")
    with match.store.transaction():
        _note(match)
        supply.update_port_timers(match)
    assert match.one("SELECT due_turn FROM bkn_port_timer WHERE match_id = ? AND what = '5'", [match.match_id]) == 11
    assert supply.working_ports(match) == []
    _turn(match, 11)
    assert [p["space_id"] for p in supply.working_ports(match)] == ["5"]
    assert supply.supply_sources(match)["allied", "5"] == "port"


def test_24_4_a_contested_port_is_delayed_and_a_recaptured_one_starts_again(tmp_path, monkeypatch):
    _extended(monkeypatch)
    match = new_match(tmp_path, PORTS + "unit A1 allied US infantry 3-4-3/2 5\nunit G1 german DE infantry 2-3-2/2 4\n")
    with match.store.transaction():
        _note(match)
        supply.update_port_timers(match)
        match.set("unit_state", {"unit_id": "G1"}, space_id="5")
        supply.update_port_timers(match)
    assert match.one("SELECT due_turn FROM bkn_port_timer WHERE match_id = ? AND what = '5'", [match.match_id]) == 12
    with match.store.transaction():
        _note(match)
        match.delete("unit_state", {"unit_id": "A1"})
        match.set("space_control", {"space_id": "5"}, controller="DE")
        supply.update_port_timers(match)
    assert match.one("SELECT count(*) FROM bkn_port_timer WHERE match_id = ? AND what = '5'", [match.match_id]) == 0


def test_24_4_a_port_contested_at_the_refit_that_first_sees_it_allied_is_delayed_at_once(tmp_path, monkeypatch):
    """24.4: 「補充フェイズにおいてドイツ軍が小港湾…を交戦状態にしていた場合 対応する港湾…マーカーが
    ターン記録表上にあるなら それらのマーカーを1つ前進させる」: the marker went on the track when the
    Allies took the port, so a contest at the first Refit phase after delays it already."""
    _extended(monkeypatch)
    text = PORTS + "unit A1 allied US infantry 3-4-3/2 5\nunit G1 german DE infantry 2-3-2/2 5\n"
    match = new_match(tmp_path, text)
    with match.store.transaction():
        _note(match)
        supply.update_port_timers(match)
    assert match.one("SELECT due_turn FROM bkn_port_timer WHERE match_id = ? AND what = '5'", [match.match_id]) == 12


def test_24_3_a_mulberry_adds_a_depot_and_never_returns_once_removed(tmp_path, monkeypatch):
    _extended(monkeypatch)
    match = new_match(
        tmp_path, PORTS.replace("control 5 US", "control 4 UK") + "unit B1 allied UK infantry 3-4-3/2 4\n"
    )
    with match.store.transaction():
        _note(match)
        supply.update_port_timers(match)
    _turn(match, 11)
    assert supply.mulberry_working(match, "A")
    with match.store.transaction():
        _note(match)
        match.set("unit_state", {"unit_id": "B1"}, status="eliminated")
        match.set("space_control", {"space_id": "4"}, controller="DE")
        supply.update_port_timers(match)
        match.set("space_control", {"space_id": "4"}, controller="UK")
        supply.update_port_timers(match)
    assert not supply.mulberry_working(match, "A")


def _topup_match(tmp_path, monkeypatch, options: tuple[str, ...] = ()):
    _extended(monkeypatch)
    text = BEACHES + "area 6 clear 1\nborder 1-6\nunit A1 allied US infantry 3-4-3/2 2 Spent\n"
    text += "unit C1 german DE coastal 0-2-0/2 6\nunit C2 german DE coastal 0-2-0/2 6\n"
    folder, after = write_position(tmp_path / "position", text)
    match = match_of(folder, after, options=options)
    with match.store.transaction():
        _note(match)
        match.set("bkn_supply", {"side": "allied"}, reserve=5)
    _refit_phase(match, monkeypatch, [6, 6])  # 12.8: the isolated batteries' surrender dr
    assert sorted(d["sp"] for d in supply.depots(match, "allied")) == [8, 8, 10]  # 2 batteries by Omaha
    return match


def test_24_7_the_reserve_tops_the_beach_depots_up_evenly(tmp_path, monkeypatch):
    """24.7: 「各海岸補給が均等になるように増加させなければならない」: 3 SP would leave 9 and 10."""
    match = _topup_match(tmp_path, monkeypatch)
    assert Action("topup", ("4",), "allied") in match.legal_actions("allied")
    with pytest.raises(RuleViolation, match="2 or 4 SP would") as refused:
        match.play(Action("topup", ("3",), "allied"))
    assert refused.value.rule == "24.7"
    match.play(Action("topup", ("2",), "allied"))
    assert sorted(d["sp"] for d in supply.depots(match, "allied")) == [9, 9, 10]
    assert supply.reserve(match, "allied") == 3


def test_24_7_ruling_as_even_as_possible_spreads_any_top_up(tmp_path, monkeypatch):
    """24.7, ruling topup-as-even-as-possible: 3 SP go to the lowest depot first."""
    match = _topup_match(tmp_path, monkeypatch, options=("topup-as-even-as-possible",))
    match.play(Action("topup", ("3",), "allied"))
    assert sorted(d["sp"] for d in supply.depots(match, "allied")) == [9, 10, 10]
    assert supply.reserve(match, "allied") == 2


def test_12_the_refit_phase_reads_the_shared_path_queries(tmp_path, monkeypatch):
    """12: supply lines and refit costs are the engine's cheapest-paths and source-paths queries."""
    match = new_match(tmp_path, MAP + "unit G1 german DE infantry 2-3-2/2 3 Spent\n")
    rows = match.rules.run("cheapest-paths", side="german")
    # 12.6: the zone is the source, three borders away (3-2, 2-1, the arrow 1-ZA); so is Cherbourg
    # (12.62), and equal costs go to the lower label
    assert [(r["unit_id"], r["cost"], r["source"]) for r in rows] == [("G1", 3, "5")]


def test_12_4_the_allies_may_not_refit_during_the_german_refit_phase(tmp_path, monkeypatch):
    """12.4: 「ドイツ軍が最初に補充フェイズを完了させその後連合軍が補充フェイズを行う」."""
    units = "unit G1 german DE infantry 2-3-2/2 1 Spent\nunit A1 allied US infantry 3-4-3/2 3 Spent\n"
    match = new_match(tmp_path, MAP + units)
    _refit_phase(match, monkeypatch)
    assert match.clock.step == "german-refit"
    with pytest.raises(RuleViolation, match="the Germans refit first") as refused:
        match.play(Action("refit", ("A1",), "german"))
    assert refused.value.rule == "12.4"


# === WHAT A DEPOT ORDER TELLS =====================================================================


def test_12_6_placing_a_german_depot_tells_where_and_its_sp(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP + "unit G1 german DE infantry 2-3-2/2 1 Spent\n")
    _refit_phase(match, monkeypatch)
    before = match.events.last_seq
    match.play(Action("depot", ("1",), "german"))
    sp = supply.depots(match, "german")[0]["sp"]
    assert account_lines(match, before) == [f"depot G1 placed in 1 with {sp} SP (1 of 6) (BkN 12.6)"]


def test_12_7_moving_an_allied_depot_inland_tells_from_where_to_where(tmp_path, monkeypatch):
    match = new_match(tmp_path, BEACHES + "unit A1 allied US infantry 3-4-3/2 2 Spent\n")
    _refit_phase(match, monkeypatch)
    assert match.clock.step == "allied-refit"
    omaha = next(d["depot_id"] for d in supply.depots(match, "allied") if d["source"] == "Omaha")
    before = match.events.last_seq
    match.play(Action("depot", (omaha, "2"), "allied"))
    assert account_lines(match, before) == [f"depot {omaha} (Omaha, 10 SP) moves inland 1→2 (BkN 12.7)"]
