"""Pushes (3.3, 3.4) and the optional rule 5.1, with the dice chosen by ``phaseline.testing.rolling``."""

from __future__ import annotations

import pytest
from phaseline import Match, RuleViolation
from phaseline.testing import new_match, play, rolling

import phaseline_hill

TO_THE_HILL = ("move N1 12", "end", "move S1 10", "end", "move N1 11", "end")  # S1 beside N1 on the hill


def where(match: Match, unit: str) -> str:
    return match.one("SELECT space_id FROM unit_state WHERE match_id = ? AND unit_id = ?", [match.match_id, unit])


@pytest.fixture
def match():
    with new_match(phaseline_hill, seed=1) as match:
        yield match


def test_3_4_a_die_of_4_pushes_and_the_pushed_units_owner_picks_an_empty_hex(match):
    play(match, *TO_THE_HILL)
    with rolling(4):
        play(match, "push S1 N1")
    decision = match.open_decision()
    assert (decision["kind"], decision["side"]) == ("push-retreat", "north")  # 3.4 North's choice, not South's
    assert "10" not in decision["choices"] and "12" in decision["choices"]  # empty hexes only
    play(match, "choose 12")
    assert where(match, "N1") == "12"


def test_3_3_a_die_of_3_holds(match):
    play(match, *TO_THE_HILL)
    with rolling(3):
        play(match, "push S1 N1")
    assert match.open_decision() is None and where(match, "N1") == "11"


def test_3_3_only_an_enemy_beside_the_unit_may_be_pushed(match):
    play(match, "move N1 12", "end")
    with pytest.raises(RuleViolation, match=r"\(KotH 3.3\)"):
        play(match, "push S1 N1")  # S1 on 00 is not beside N1 on 12


@pytest.mark.parametrize(
    ("die", "held"), [pytest.param(5, True, id="5.1-a-5-holds"), pytest.param(6, False, id="5.1-a-6-pushes")]
)
def test_stubborn_defenders(die, held):
    with new_match(phaseline_hill, seed=1, options=["5.1"]) as match:
        play(match, *TO_THE_HILL)
        with rolling(die):
            play(match, "push S1 N1")
        assert (match.open_decision() is None) is held


def test_3_4_a_pushed_unit_with_no_empty_hex_beside_it_stays(tmp_path):
    """A tiny custom position (docs/scenarios.md) for one rule: S1 on the hill, hemmed in by North."""
    folder = tmp_path / "hemmed"  # files it leaves out (hexes.csv) come from the base scenario
    folder.mkdir()
    rows = ["unit_id,name,side,start,attack,defense,movement,provenance,source"]
    rows += ["S1,South Guard,south,11,1,1,2,placeholder,test"]
    hexes = ["01", "02", "10", "12", "20", "21"]
    rows += [f"N{n},North {n},north,{h},1,1,2,placeholder,test" for n, h in enumerate(hexes)]
    (folder / "units.csv").write_text("\n".join(rows) + "\n")
    (folder / "scenario.toml").write_text('game = "king-of-the-hill"\nbase = "standard"\ntitle = "hemmed in"\n')
    with new_match(phaseline_hill, scenario=folder) as match:
        with rolling(6):
            play(match, "push N3 S1")
        assert match.open_decision() is None and where(match, "S1") == "11"
