"""What a Battle for Germany player reads in ``map``, ``status`` and ``log`` (rules 4.0, 7.2,
11.0): the views show every force and side the match has, whoever plays it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from clitools import run_cli
from games.bfg.position import write_position
from games.bfg.test_07_replacements import EXAMPLE_2

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


def test_7_2_ending_the_replacement_phase_tells_what_is_lost_and_who_could_have_returned(home, tmp_path):
    folder = write_position(tmp_path / "position", EXAMPLE_2, turns=(4, 10))
    cli("new", "battle-for-germany", "--scenario", str(folder), "--seed", "1")
    cli("end")  # the West German Movement Phase: on to the Western Allied Replacement Phase
    cli("replace", "W1", "0101")
    told = cli("end").splitlines()
    # one of the Western Allies' two and the Italian Front's one left (Italy's box is empty): lost
    assert told == [
        "2 replacement(s) unspent, lost (they cannot be saved): W4, W3, W2 could have returned (BfG 7.2)",
        "now: turn 4, Western Allied Movement Phase: WA (human) to act",
    ]
    passed = cli("end")  # on through the East German Replacement Phase, whose box is empty
    assert "1 replacement(s) unspent, lost (they cannot be saved): no unit could return (BfG 7.2)" in passed


def test_11_0_status_stands_every_bloc_even_at_0_vp(home):
    """14.0 Collapse in the East: the Soviets hold no city at the start; they are in the standing
    with their 0 VP, beside the Western Allied player, who scores with the East Germans: Budapest
    (two units, counted once), Krakow and Warsaw."""
    cli("new", "battle-for-germany", "--scenario", "collapse", "--seed", "1")
    standing = next(line for line in cli("status").splitlines() if line.startswith("standing "))
    assert standing.split(None, 1)[1] == "Soviets 0 VP · Western Allies 3 VP"
    assert "VP (11.0) Soviets 0 · Western Allies 3" in " ".join(cli("map", "--window", "2611", "--radius", "0").split())
