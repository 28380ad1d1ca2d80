"""What a Battle for Germany player reads in ``map``, ``status`` and ``log`` (rules 4.0, 7.2,
11.0): the views show every force and side the match has, whoever plays it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from clitools import run_cli

SVG = "{http://www.w3.org/2000/svg}"
HISTORICAL = ["new", "battle-for-germany", "--seed", "7"]


def cli(*args: str) -> str:
    code, out = run_cli(list(args))
    assert code == 0, out
    return out


def zoc_spaces(side: str) -> set[str]:
    root = ET.fromstring(cli("map", "--svg", "-", "--zoc", side))
    return {p.get("data-space") for p in root.iter(f"{SVG}polygon") if p.get("class") == "zoc"}


def test_4_0_map_marks_the_zoc_of_a_force_no_player_sits_at(home):
    cli(*HISTORICAL)  # seats SOV and WA; the Soviet player commands GER_W, the Western Allies GER_E (2.5)
    west, east = zoc_spaces("GER_W"), zoc_spaces("GER_E")
    assert west and east and west != east  # the Western Allies' ZOC against GER_W, the Soviets' against GER_E
    assert "ZOC: spaces in the enemy zone of control of GER_W" in cli("map", "--zoc", "GER_W")


def test_4_0_map_zoc_of_an_unknown_force_names_the_valid_ones(home):
    cli(*HISTORICAL)
    code, out = run_cli(["map", "--zoc", "GER"])
    assert (code, out) == (3, "error: Historical (12.0) has no side 'GER' (--zoc takes: SOV, WA, GER_E, GER_W)\n")
