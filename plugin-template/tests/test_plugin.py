"""King of the Hill, rule by rule. Case ids and test names start with the rule number
(phaseline's convention), so ``phaseline rules king-of-the-hill`` counts them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from phaseline import Game, RuleViolation
from phaseline.rule_index import code_citations, coverage, load_index, plugin_folder
from phaseline.testing import new_match, play

import phaseline_hill


@pytest.fixture
def match():
    """A new match of the standard scenario on an in-memory store, with known dice."""
    with new_match(phaseline_hill, scenario="standard", seed=1) as game:
        yield game


def where(match: Game, unit: str) -> str:
    return match.one("SELECT space_id FROM unit_state WHERE game_id = ? AND unit_id = ?", [match.game_id, unit])


def test_1_0_nine_hexes_with_the_hill_in_the_centre(match):
    assert match.one("SELECT count(*) FROM space WHERE game_id = ?", [match.game_id]) == 9
    assert match.one("SELECT terrain FROM space WHERE game_id = ? AND space_id = '11'", [match.game_id]) == "hill"


def test_2_0_north_moves_then_south(match):
    assert match.clock.side == "north"
    play(match, "end")
    assert match.clock.side == "south"


def test_3_1_a_unit_moves_one_hex_per_step(match):
    play(match, "move N1 10")
    assert where(match, "N1") == "10"
    assert [str(a) for a in match.legal_actions()] == ["end"]  # 3.1 once per step; North ends it
    play(match, "end")
    assert match.clock.side == "south"


@pytest.mark.parametrize(
    "orders",
    [pytest.param(["move N1 10", "end", "move S1 12", "end", "move N1 11", "end"], id="3.2-hill-occupied")],
)
def test_occupied_hex(match, orders):
    play(match, *orders)
    with pytest.raises(RuleViolation, match=r"cannot move to 11"):
        play(match, "move S1 11")
    assert where(match, "S1") == "12"


def test_4_1_holding_the_hill_through_an_enemy_step_wins(match):
    play(match, "move N1 10", "end", "move S1 12", "end", "move N1 11", "end", "end")
    assert match.finished
    assert "north held the hill" in match.clock.result


def test_4_2_no_winner_after_the_last_turn_is_a_draw(match):
    for turn in range(4):
        step = ("10", "12") if turn % 2 == 0 else ("00", "22")
        play(match, f"move N1 {step[0]}", "end", f"move S1 {step[1]}", "end")
    assert match.finished
    assert json.loads(match.clock.result)["winners"] == []  # 4.2: the engine's end of the last turn


def test_rule_index_is_covered_and_every_cited_rule_exists():
    info = phaseline_hill.info()
    report = coverage(info, [Path(__file__).parent])
    assert report.untested == []
    numbers = {s.number for s in load_index(info.rule_index)}
    assert [str(c) for c in code_citations(plugin_folder(info), info.short) if c.number not in numbers] == []
