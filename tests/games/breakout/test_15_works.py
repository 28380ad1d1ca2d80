"""Breakout: Normandy 15: defensive works add +2 DV and are removed for good."""

from __future__ import annotations

from games.breakout.position import new_match, write_position
from phaseline import Event, Match, Store
from phaseline.games.breakout.rules import works
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.combat import assault_values
from phaseline.plugins import registry
from phaseline.scenario import load_custom

BEACH = """
area 1 clear 1
area 2 clear 1
border 1-2
beach Omaha 2 works
unit G1 german DE infantry 2-3-2/2 2
unit A1 allied US infantry 3-4-3/2 2 Dis1
unit A2 allied US infantry 3-4-3/2 1
"""


def change(match, **status: str) -> None:
    with match.store.transaction():
        match.log(Event("note", purpose="test: conditions change"))
        for unit, value in status.items():
            match.set("unit_state", {"unit_id": unit}, status=value)
        works.update(match)


def test_15_1_works_add_2_dv_to_germans_against_an_assault(tmp_path):
    match = new_match(tmp_path, BEACH)
    b = board(match)
    values = assault_values(match, "allied", "2", [b.units["A2"]], [], b.units_in("2", "german"))
    assert ("15.1", "beach defensive works", 2) in values["dv"]


def test_15_2_disrupted_allies_do_not_remove_the_works(tmp_path):
    match = new_match(tmp_path, BEACH)
    change(match)
    assert works.intact(match, "2")


def test_15_2_a_refit_to_spent_removes_them_and_they_never_return(tmp_path):
    match = new_match(tmp_path, BEACH)
    change(match, A1="Spent")
    assert not works.intact(match, "2")
    change(match, A1="Dis2")
    assert not works.intact(match, "2")  # 15.2: removed works never return


def test_15_2_allied_control_removes_the_works(tmp_path):
    match = new_match(tmp_path, BEACH.replace("unit G1 german DE infantry 2-3-2/2 2\n", "") + "control 2 US\n")
    change(match)
    assert not works.intact(match, "2")


def test_15_2_fresh_contesting_units_remove_them_unless_the_literal_ruling_is_chosen(tmp_path):
    match = new_match(tmp_path, BEACH)
    change(match, A1="Fresh")
    assert not works.intact(match, "2")
    folder, _ = write_position(tmp_path / "literal", BEACH)
    reg = registry()
    info, chosen = load_custom(folder, reg.games)
    literal = Match.create(Store.open(":memory:"), reg, info.name, chosen, seed=1, options=[works.SPENT_ONLY])
    change(literal, A1="Fresh")
    assert works.intact(literal, "2")
    change(literal, A1="Spent")
    assert not works.intact(literal, "2")


def test_15_works_stand_only_where_printed(tmp_path):
    match = new_match(tmp_path, BEACH)
    assert works.printed(match) == ["2"] and works.intact(match, "2") and not works.intact(match, "1")
