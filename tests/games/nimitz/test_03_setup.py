"""Sections 1-4 as set-up shows them: the campaigns (1.2), the map and the battle sheet (2.1, 2.2),
the set-up sheet (2.3, 3.0, 3.3), counters (2.5, 2.7, 2.8), markers and the cup (2.9, 3.1, 3.2),
objective markers (3.4) and holding (4.1)."""

from __future__ import annotations

import pytest
from games.nimitz.position import put, state, status, where, write_position
from phaseline import InvalidOrder, Match, ScenarioError, Store
from phaseline.games.nimitz.rules.units import battalion_box
from phaseline.piles import Piles
from phaseline.plugins import registry
from phaseline.render.board import unit_listing
from phaseline.render.mapview import prepare_map
from phaseline.scenario import load_custom

GAME = "fleet-commander-nimitz"


@pytest.mark.parametrize(("scenario", "turns"), [("1942", 6), ("1943", 6), ("1944", 6), ("1945", 4), ("linked", 22)])
def test_1_2_campaigns_and_their_turns(scenario, turns):
    info = registry().game(GAME)
    chosen = info.scenario(scenario)
    assert (chosen.first_turn, chosen.last_turn, chosen.played_by_rules) == (1, turns, ("JP",))


def test_1_2_no_bot_plays_japan():
    with Store.open(":memory:") as store, pytest.raises(InvalidOrder, match="no one plays JP, the game's rules do"):
        Match.create(store, registry(), GAME, "1942", seed=1, controllers={"JP": "bot:random"})


def test_2_1_routes_run_both_ways_and_capacities_are_printed(campaign):
    match = campaign()
    links = {(r["a"], r["b"]) for r in match.rows("SELECT a, b FROM link WHERE match_id = ?", [match.match_id])}
    assert ("Midway", "Wake") in links and ("Wake", "Midway") in links
    points = match.static("fcn_point", "point_id")
    assert points["Solomons"]["us_air_capacity"] == 6  # seed 8.1 example
    assert all(points[p]["us_air_capacity"] is None for p in ("WestCoast", "Hawaii", "Australia"))


def test_2_2_the_battle_sheet_is_part_of_the_map(campaign):
    match = campaign()
    boxes = {
        r["space_id"]
        for r in match.rows("SELECT space_id FROM space WHERE match_id = ? AND kind = 'box'", [match.match_id])
    }
    assert {"JP-SEA", "COASTAL", "ISLAND", "US-SEA", "JP-AIRFIELD", "US-POSITION", "STORAGE"} <= boxes


def test_2_3_the_set_up_sheet_places_every_unit(campaign):
    match = campaign()
    sheet = match.rows("SELECT unit_id, place FROM fcn_setup WHERE match_id = ? AND year = 1942", [match.match_id])
    assert sheet and all(where(match, r["unit_id"]) == r["place"] for r in sheet)
    assert where(match, "US-DesRon2") == "WestCoast"  # seed 3.0 example


def test_2_4_the_rules_roll_a_d10(campaign):
    match = campaign()
    orders = match.rows(
        "SELECT die FROM event WHERE match_id = ? AND kind = 'roll' AND purpose LIKE '9.1%'", [match.match_id]
    )
    assert all(1 <= r["die"] <= 10 for r in orders)
    assert sorted(match.static("fcn_order", "roll")) == list(range(1, 11))


def test_2_5_units_start_at_full_strength(campaign):
    match = campaign()
    assert {r["status"] for r in match.rows_of("unit_state").values()} == {"full"}


def test_2_7_carrier_air_groups_wait_in_storage(campaign):
    match = campaign()
    group = sorted(u for (u,) in match.rows_of("unit_state") if u.startswith("Lexington/"))
    assert group == ["Lexington/F4F-1", "Lexington/SBD-1", "Lexington/SBD-2", "Lexington/TBD-1"]  # seed 10.1
    assert {where(match, u) for u in group} == {"STORAGE"}


def test_2_5_a_set_up_sheet_may_set_a_unit_up_damaged(make):
    match = make("Midway: US-Bn-01* US-Bn-02\nJapan: Kaga* JP-Bn-01")
    assert [status(match, u) for u in ("US-Bn-01", "US-Bn-02", "Kaga", "JP-Bn-01")] == [
        "damaged",
        "full",
        "damaged",
        "full",
    ]


def test_2_5_a_set_up_status_is_full_or_damaged(tmp_path):
    folder = write_position(tmp_path / "bad", "Midway: US-Bn-01")
    sheet = folder / "campaigns" / "1942" / "setup.csv"
    sheet.write_text(sheet.read_text().replace("US-Bn-01,Midway,", "US-Bn-01,Midway,sunk"))
    with (
        Store.open(":memory:") as store,
        pytest.raises(ScenarioError, match="status must be full or damaged, not 'sunk'"),
    ):
        info, scenario = load_custom(folder, registry().games)
        Match.create(store, registry(), info.name, scenario, seed=1)


def test_2_7_only_the_carriers_set_up_bring_their_air_groups(make):
    match = make("Hawaii: Lexington US-Bn-01\nJapan: Kaga")
    stored = {u.split("/")[0] for (u,), row in match.rows_of("unit_state").items() if row["space_id"] == "STORAGE"}
    assert stored == {"Lexington", "Kaga"}


def test_2_8_a_set_up_listing_the_battalion_box_gives_it_those_battalions_in_its_order(make):
    match = make("Hawaii: US-Bn-01\nJapan: JP-Bn-01\nJP-BN: JP-Bn-12 JP-Bn-11")
    assert battalion_box(match) == ["JP-Bn-12", "JP-Bn-11"]
    assert "JP-Bn-02" not in {u for (u,) in match.rows_of("unit_state")}  # not set up, not in the box


def test_2_8_a_returning_battalion_is_drawn_after_those_listed(make):
    match = make("Hawaii: US-Bn-01\nJapan: JP-Bn-01\nJP-BN: JP-Bn-12 JP-Bn-11")
    put(match, "unit_state", {"unit_id": "JP-Bn-01"}, space_id="JP-BN")  # destroyed on the map (2.8)
    assert battalion_box(match) == ["JP-Bn-12", "JP-Bn-11", "JP-Bn-01"]


def test_2_8_japanese_battalions_not_set_up_wait_in_their_box(make):
    match = make("Japan: JP-Bn-01\nHawaii: US-Bn-01")
    assert where(match, "JP-Bn-02") == "JP-BN" and where(match, "JP-Bn-01") == "Japan"
    assert "US-Bn-02" not in {u for (u,) in match.rows_of("unit_state")}  # the US has only its set-up's


def test_2_9_no_marker_is_out_as_the_campaign_begins(make):
    match = make("Japan: Kaga")
    assert (state(match)["campaign_turn"], state(match)["turn_name"]) == (1, "Jan/Feb")  # turn 1 began
    assert {r["marker"] for r in match.rows_of("fcn_unit").values()} == {None}
    assert state(match)["jp_supply"] == 0


def test_3_1_the_marker_leaves_start_for_jan_feb():
    with Store.open(":memory:") as store:
        match = Match.create(store, registry(), GAME, "1942", seed=2)
        notes = [
            r["purpose"]
            for r in match.rows("SELECT purpose FROM event WHERE match_id = ? AND rule = '5.1'", [match.match_id])
        ]
        assert notes == ["turn marker to Jan/Feb 1942"]


def test_3_2_the_japanese_markers_are_in_the_cup(campaign):
    match = campaign()
    copies = sum(m["copies"] or 0 for m in match.static("fcn_bonus_marker", "marker_id").values() if m["side"] == "JP")
    assert len(Piles(match).items("JP-CUP")) == copies > 0


def test_3_3_stacks_are_mixed_by_the_rules_dice(campaign):
    match = campaign()
    mixing = match.rows(
        "SELECT count(*) AS n FROM event WHERE match_id = ? AND kind = 'roll' AND rule = '3.3'", [match.match_id]
    )
    assert mixing[0]["n"] > 0
    in_japan = sorted(
        u
        for (u,), r in match.rows_of("unit_state").items()
        if r["space_id"] == "Japan" and match.static("fcn_counter", "unit_id")[u]["category"] == "ship"
    )
    assert sorted(Piles(match).items("Japan/ship")) == in_japan


def test_3_3_a_test_position_keeps_its_stacks_as_listed(make):
    match = make("Japan: Kaga Akagi Soryu JP-Bn-01 JP-Bn-02")
    assert Piles(match).items("Japan/ship") == ["Kaga", "Akagi", "Soryu"]
    assert Piles(match).items("Japan/ground") == ["JP-Bn-01", "JP-Bn-02"]


@pytest.mark.parametrize(
    ("text", "held"),
    [
        pytest.param("Midway: US-Bn-01\nHawaii: US-Bn-02", True, id="3.4-us-only-blue"),
        pytest.param("Midway: US-Bn-01 JP-Bn-01\nHawaii: US-Bn-02", False, id="3.4-both-red"),
        pytest.param("Midway: JP-Bn-01\nHawaii: US-Bn-02", False, id="3.4-japan-only-red"),
        pytest.param("Midway: Lexington\nHawaii: US-Bn-02", False, id="3.4-a-ship-holds-nothing"),
        pytest.param("Midway: US-Bn-01", False, id="4.1-out-of-supply-not-held"),
    ],
)
def test_3_4_objective_markers(make, text, held):
    match = make(text + "\nobjectives: Midway Hawaii")
    assert match.rows_of("fcn_point_state")[("Midway",)]["held"] is held


def test_4_1_held_needs_supply_through_held_points(make):
    """Seed 11.4 example: Hawaii and Midway held, Wake contested, the Marianas reached only through Wake."""
    match = make(
        "Hawaii: US-Bn-01\nMidway: US-Bn-02\nWake: US-Bn-03 JP-Bn-01\nMarianas: US-Bn-04 US-1Mar"
        "\nobjectives: Hawaii Midway Wake Marianas"
    )
    marks = match.rows_of("fcn_point_state")
    assert [marks[(p,)]["held"] for p in ("Hawaii", "Midway", "Wake", "Marianas")] == [True, True, False, False]
    assert state(match)["held"] == 2


def test_3_0_every_campaign_sets_up_the_same_way(campaign):
    for year in ("1943", "1944", "1945"):
        match = campaign(year)
        sheet = match.rows(
            "SELECT unit_id, place FROM fcn_setup WHERE match_id = ? AND year = ?", [match.match_id, int(year)]
        )
        assert sheet and all(where(match, r["unit_id"]) == r["place"] for r in sheet)


def test_2_5_units_lists_each_counters_type_costs_and_the_values_of_its_face(make):
    match = make("Hawaii: Enterprise US-Bn-01* Atlanta-Juneau")
    rows = {row["unit_id"]: row for row in unit_listing(match)}
    assert "attack" not in rows["Enterprise"] and (rows["Enterprise"]["type"], rows["Enterprise"]["buy"]) == ("CV", 5)
    face = "SELECT * FROM fcn_value WHERE match_id = ? AND counter_id = ? AND face = ?"
    full = match.rows(face, [match.match_id, "Atlanta-Juneau", "full"])[0]
    damaged = match.rows(face, [match.match_id, "US-Bn-01", "damaged"])[0]
    assert rows["Atlanta-Juneau"]["aa"] == f"{full['aa']}/{full['aa_superior']}"  # as printed: normal/superior
    assert rows["US-Bn-01"]["ground"] == str(damaged["ground"]) and rows["US-Bn-01"]["status"] == "damaged"


def test_2_1_the_map_shows_each_counters_type_the_held_points_and_the_campaigns_points(make):
    match = make("Hawaii: US-Bn-01 Lexington*\nMidway: US-Bn-02\nWake: JP-Bn-01\nobjectives: Hawaii Midway Wake")
    view = prepare_map(match)
    faces = {c.unit_id: c.face for stack in view.counters.values() for c in stack}
    assert (faces["Lexington"].values, faces["Lexington"].mark, faces["US-Bn-02"].values) == ("CV", "D", "bn")
    assert (view.control("Hawaii"), view.control("Midway"), view.control("Wake")) == ("US", "US", "JP")  # 4.1
    assert view.marks.notes == {"Hawaii": "obj", "Midway": "obj", "Wake": "obj"}
    assert view.legend["RP/SP"] == f"{state(match)['rp']}/{state(match)['sp']}" and view.legend["held"].startswith(
        "2 of 3"
    )


def test_2_1_the_map_is_drawn_north_up(campaign):
    """The engine draws space.x east and space.y north: Alaska above Hawaii, Hawaii above Australia."""
    points = campaign().static("space", "space_id")
    assert points["Alaska"]["y"] > points["Hawaii"]["y"] > points["Australia"]["y"]
    assert points["Japan"]["x"] < points["Hawaii"]["x"] < points["WestCoast"]["x"]
