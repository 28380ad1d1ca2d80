"""Battle for Germany 6.91 after a multi-hex combat (6.7): each hex the combat empties may
take one surviving victor (「戦闘の結果、あるヘクスが空になった場合、戦闘に勝利して生き残った
１個ユニット…は、その空ヘクスへと前進することができる」, said of each emptied hex), so one
decision per emptied hex, each answered by a different unit; the ruling
``advance-one-per-combat`` reads "one unit" as one advance for the whole combat.

W1 (0104) and W2 (0304) are both next to G1 (0203) and G2 (0204): 14 : 6 → 2:1, die 1: De
on the placeholder CRT, which empties both hexes.
"""

from __future__ import annotations

import pytest
from games.bfg.position import advance_to, force_rolls, new_match, refused, where
from phaseline import Action

TWO_HEXES = """
map 3x6
unit W1 WA US corps 7-4-8 0104
unit W2 WA US corps 7-4-8 0304
unit G1 GER HEER corps 2-3-4 0203
unit G2 GER HEER corps 2-3-4 0204
"""


def two_hex_de(tmp_path, options: tuple[str, ...] = ()):
    """W1 and W2 attack 0203 and 0204 in one combat: De, both hexes emptied."""
    match = advance_to(new_match(tmp_path, TWO_HEXES, options=options, turns=(2, 10)), "wa-combat")
    force_rolls(match, 1)
    match.play(Action("attack", ("W1,W2", "0203,0204")))
    assert (where(match, "G1"), where(match, "G2")) == ("ELIM_GER_W", "ELIM_GER_W")
    return match


def choices(match) -> list[str] | None:
    decision = match.open_decision()
    return decision and decision["choices"]


def test_6_91_each_emptied_hex_takes_a_different_victor(tmp_path):
    match = two_hex_de(tmp_path)
    assert choices(match) == ["W1>0203", "W2>0203", "none"]  # 0203's decision first
    match.play(Action("choose", ("W1>0203",)))
    assert choices(match) == ["W2>0204", "none"]  # then 0204's, W1 having advanced
    error = refused(match, Action("choose", ("W1>0204",)), "6.91")
    assert "W1 has advanced already (one unit into each emptied hex)" in str(error), error
    match.play(Action("choose", ("W2>0204",)))
    assert (where(match, "W1"), where(match, "W2")) == ("0203", "0204")
    assert match.open_decision() is None


def test_6_94_declining_one_hex_leaves_the_next_one_open(tmp_path):
    match = two_hex_de(tmp_path)
    match.play(Action("choose", ("none",)))
    assert choices(match) == ["W1>0204", "W2>0204", "none"]
    match.play(Action("choose", ("W2>0204",)))
    assert (where(match, "W1"), where(match, "W2")) == ("0104", "0204")
    assert match.open_decision() is None


@pytest.mark.parametrize(
    ("choice", "why"),
    [
        pytest.param("W1>0204", "this advance is into 0203 (one decision for each emptied hex)", id="6.91-hex-by-hex"),
        pytest.param("W1>0203,W2>0203", "only one unit may advance into 0203", id="6.91-one-unit-into-a-hex"),
        pytest.param("W1>0203,W2>0204", "one advance at a time", id="6.91-one-advance-an-answer"),
    ],
)
def test_6_91_multi_hex_advance_refusals(tmp_path, choice, why):
    match = two_hex_de(tmp_path)
    error = refused(match, Action("choose", (choice,)), "6.91")
    assert why in str(error), error


def test_6_91_the_advance_one_per_combat_ruling(tmp_path):
    """The other reading: one unit advances for the whole combat, into either hex."""
    match = two_hex_de(tmp_path, options=("advance-one-per-combat",))
    assert choices(match) == ["W1>0203", "W1>0204", "W2>0203", "W2>0204", "none"]
    match.play(Action("choose", ("W2>0204",)))
    assert (where(match, "W1"), where(match, "W2")) == ("0104", "0204")
    assert match.open_decision() is None
