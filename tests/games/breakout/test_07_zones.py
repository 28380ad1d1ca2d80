"""Breakout: Normandy 7 and 7.2: stacking and control, in zones."""

from __future__ import annotations

from games.breakout.position import new_match
from phaseline import Action
from phaseline.games.breakout.rules.board import board

MAP = """
area 1 clear 1
area 2 clear 1
area ZA zone
border 1-2
border 2-ZA arrow
"""


def allied_impulse(text: str, tmp_path):
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    return match


def test_7_each_side_stacks_apart_and_a_side_alone_takes_control(tmp_path):
    crowd = "".join(f"unit G{n} german DE infantry 2-3-2/1 2\n" for n in range(1, 11))
    match = allied_impulse(MAP + "control 1 US\nunit A1 allied US infantry 3-4-3/2 1\n" + crowd, tmp_path)
    match.play(Action("move", ("A1", "2"), "allied"))  # ten Germans do not fill the area for the Allies (7.1)
    area = board(match).areas["2"]
    assert area.count("allied") == 1 and area.count("german") == 10 and area.controller == "DE"  # 7.4


CROWD = "".join(f"unit A{n} allied US infantry 3-4-3/2 ZA\n" for n in range(1, 11))


def test_7_2_a_zone_takes_any_number_of_units(tmp_path):
    match = allied_impulse(
        MAP + "control ZA US\ncontrol 2 US\n" + CROWD + "unit A11 allied US infantry 3-4-3/2 2\n", tmp_path
    )
    match.play(Action("move", ("A11", "ZA"), "allied"))
    assert board(match).areas["ZA"].count("allied") == 11
