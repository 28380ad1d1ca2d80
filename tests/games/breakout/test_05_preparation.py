"""Breakout: Normandy 5: preparation for play: markers, set-up, and the start on D-Day."""

from __future__ import annotations

from games.breakout.position import new_match
from phaseline.games.breakout.rules.board import board

START = """
area 1 clear 1
area 2 clear 1 naval_colour=brown
area 3 clear 1
area B2 sea
area ZA zone
border 1-2
border 2-3
border 1-ZA arrow
border 2-B2 landing
beach Sword 2 box=B2 nat=UK
unit G1 german DE infantry 2-3-2/2 2
unit G9 german DE infantry 2-3-2/2 ZA arrive=8 method=zone
unit P1 allied UK infantry 3-4-3/2 3 arrive=6 method=drop
unit L1 allied UK infantry 3-4-3/2 B2 arrive=6 method=landing
unit L7 allied UK infantry 3-4-3/2 B2 arrive=7 method=landing
"""


def test_5_1_the_clock_starts_on_6_june_clear_with_the_allied_advantage_on_0(tmp_path):
    match = new_match(tmp_path, START)
    day = board(match).day
    assert (day["weather"], day["impulse"], day["sunset_drm"], day["advantage"]) == ("Clear", 0, 0, "allied")
    assert match.clock.turn == 1


def test_5_2_every_bombardment_marker_starts_ready(tmp_path):
    match = new_match(tmp_path, START)
    rows = match.rows("SELECT marker_id, used FROM bkn_marker_state WHERE match_id = ?", [match.match_id])
    assert {r["marker_id"] for r in rows} == {"NAVAL_US", "NAVAL_UK", "AIR_US", "AIR_UK", "LE_HAVRE"}
    assert not any(r["used"] for r in rows)


def test_5_3_germans_set_up_fresh_and_later_arrivals_wait_off_the_map(tmp_path):
    match = new_match(tmp_path, START)
    b = board(match)
    assert b.units["G1"]["space_id"] == "2" and b.units["G1"]["status"] == "Fresh"
    assert "G9" not in b.units and "L7" not in b.units  # 4.33: they arrive on 8 and 7 June
    assert b.units["L1"]["space_id"] == "B2"  # the D-Day first wave waits in its approach box (3.4)


def test_5_4_the_game_starts_on_6_june_with_the_airborne_drop(tmp_path):
    match = new_match(tmp_path, START)
    phases = match.rows(
        "SELECT purpose FROM event WHERE match_id = ? AND kind = 'phase' ORDER BY seq", [match.match_id]
    )
    assert phases[0]["purpose"] == "begin airborne" and board(match).units["P1"]["space_id"] == "3"
    assert match.clock.step == "naval-bombardment"  # nothing to do tonight: no German in 3, no bridge


def test_5_the_static_charts_keep_their_provenance(tmp_path):
    match = new_match(tmp_path, START)
    rows = match.rows("SELECT provenance FROM bkn_marker WHERE match_id = ?", [match.match_id])
    assert rows and all(r["provenance"] in ("seed", "external", "reconstructed", "placeholder") for r in rows)
