"""King of the Hill, rule by rule. Case ids and test names start with the rule number
(phaseline's convention), so ``phaseline rules king-of-the-hill`` counts them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from phaseline import Match, RuleViolation, UnknownName
from phaseline.testing import new_match, play, rule_index_problems

import phaseline_hill


@pytest.fixture
def match():
    """A new match of the standard scenario on an in-memory store, with known dice."""
    with new_match(phaseline_hill, scenario="standard", seed=1) as match:
        yield match


def where(match: Match, unit: str) -> str:
    return match.one("SELECT space_id FROM unit_state WHERE match_id = ? AND unit_id = ?", [match.match_id, unit])


def test_1_0_nine_hexes_with_the_hill_in_the_centre(match):
    assert match.one("SELECT count(*) FROM space WHERE match_id = ?", [match.match_id]) == 9
    assert match.one("SELECT terrain FROM space WHERE match_id = ? AND space_id = '11'", [match.match_id]) == "hill"
    # north up (docs/board.md): axial r runs north, so North starts on the top row (r = 2)
    assert match.one("SELECT s.r FROM unit_state u JOIN space s USING (match_id, space_id) WHERE u.unit_id = 'N1'") == 2


def test_2_0_north_moves_then_south(match):
    assert match.clock.side == "north"
    play(match, "end")
    assert match.clock.side == "south"


def test_2_0_a_step_with_nothing_to_do_is_passed_over(tmp_path):
    """The engine ends a step whose side has nothing to do but ``end`` (logged as 'nothing to do'):
    a test keeps a step open by giving its side something to do, here South no unit at all."""
    folder = tmp_path / "alone"
    folder.mkdir()
    (folder / "units.csv").write_text(
        "unit_id,name,side,start,attack,defense,movement,provenance,source\n"
        "N1,North Guard,north,22,1,1,2,placeholder,test\n"
    )
    (folder / "scenario.toml").write_text('game = "king-of-the-hill"\nbase = "standard"\ntitle = "alone"\n')
    with new_match(phaseline_hill, scenario=folder) as match:
        play(match, "end")
        assert (match.clock.turn, match.clock.side) == (2, "north")  # South's step passed over
        assert match.one("SELECT count(*) FROM event WHERE purpose = 'nothing to do in south-move'") == 1


def test_3_1_clear_costs_1_and_the_hill_2_of_a_units_2_movement_points(match):
    reach = {a.args[1] for a in match.legal_actions() if a.verb == "move"}
    assert reach == {"02", "12", "21", "20"}  # 11 would cost 1 + 2: beyond its 2 points
    with pytest.raises(RuleViolation, match=r"N1 cannot move to 11: too far: cost 3 > mp 2 \(KotH 3.1\)"):
        play(match, "move N1 11")
    play(match, "move N1 12")
    assert where(match, "N1") == "12" and match.rows_of("unit_state")[("N1",)]["mp"] == 1
    assert [str(a) for a in match.legal_actions() if a.verb == "move"] == ["move N1 02", "move N1 21", "move N1 22"]


def test_3_1_a_move_logs_its_path_cost_and_points_left(match):
    play(match, "move N1 12 N1 02")  # pairs: one order, each unit from where the last pair left it
    moves = [e["payload"] for e in match.rows("SELECT payload FROM event WHERE kind = 'move' ORDER BY seq")]
    assert [json.loads(p) for p in moves] == [
        {"path": ["22", "12"], "cost": 1, "mp_left": 1},
        {"path": ["12", "02"], "cost": 1, "mp_left": 0},
    ]


@pytest.mark.parametrize(
    "orders",
    [pytest.param(["move N1 12", "end", "move S1 10", "end", "move N1 11", "end"], id="3.2-hill-occupied")],
)
def test_occupied_hex(match, orders):
    play(match, *orders)
    with pytest.raises(RuleViolation, match=r"cannot move to 11: 11 is occupied by enemy unit N1 \(KotH 3.2\)"):
        play(match, "move S1 11")
    assert where(match, "S1") == "10"


def test_3_1_a_hex_not_on_the_map_is_named_as_unknown_not_as_out_of_reach(match):
    with pytest.raises(UnknownName, match="no hex 99 on this map"):
        play(match, "move N1 99")


def test_3_5_entering_an_enemy_zoc_ends_the_move(match):
    play(match, "move N1 02", "end", "end")  # N1 on 02, two hexes from S1 on 00
    with pytest.raises(RuleViolation, match=r"it entered an enemy ZOC at 01 \(projected by S1 in 00\) \(KotH 3.5\)"):
        play(match, "move N1 10")  # through 01, beside S1: the move ends there
    play(match, "move N1 01")
    move = json.loads(match.one("SELECT payload FROM event WHERE kind = 'move' ORDER BY seq DESC LIMIT 1"))
    assert move == {"path": ["02", "01"], "cost": 1, "mp_left": 0, "stopped_by": "S1", "stopped_rule": "3.5"}


def test_4_1_holding_the_hill_through_an_enemy_step_wins(match):
    play(match, "move N1 12", "end", "move S1 10", "end", "move N1 11", "end", "end")
    assert match.finished
    assert "north held the hill" in match.clock.result


def test_4_2_no_winner_after_the_last_turn_is_a_draw(match):
    for turn in range(4):
        step = ("12", "10") if turn % 2 == 0 else ("22", "00")
        play(match, f"move N1 {step[0]}", "end", f"move S1 {step[1]}", "end")
    assert match.finished
    assert json.loads(match.clock.result)["winners"] == []  # 4.2: the engine's end of the last turn


def test_rule_index_is_covered_and_every_cited_rule_exists():
    assert rule_index_problems(phaseline_hill.info(), Path(__file__).parent) == []
