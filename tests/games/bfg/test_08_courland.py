"""Battle for Germany 8.0: Courland (digest §5.5 cases 31–34).

Four East German and two Soviet units start in the Courland box. In each East German
Replacement Phase one German unit may leave: a die roll of 1 sinks it (to the East German
eliminated box), 2–6 lands it in Stettin or Rostock, the owner's choice. Once all four are
out the two Soviet units enter at the next Soviet Replacement Phase on the north edge
3523–3526, outside the replacement allowance. Every refusal names its rule and leaves the
state untouched.
"""

from __future__ import annotations

import pytest
from games.bfg.position import advance_to, force_rolls, new_match, refused, where
from phaseline import Action

POCKET = """
map 4x6
zone E cols 04-06
city Berlin 0303 10
city Stettin 0305 1
city Rostock 0405 1
unit C1 GER HEER corps 2-3-4 COURLAND
unit C2 GER HEER corps 3-3-4 COURLAND
unit C3 GER HEER corps 4-4-4 COURLAND
unit C4 GER HEER corps 5-4-4 COURLAND
unit CS1 SOV SOV army 3-3-3 COURLAND
unit CS2 SOV SOV army 4-3-3 COURLAND
unit X GER HEER corps 2-3-4 ELIM_GER_E
unit U1 WA US corps 7-4-8 0101
"""


def pocket(tmp_path, text: str = POCKET, turn: int = 2):
    return advance_to(new_match(tmp_path, text, turns=(turn, 10)), "ger-e-replacement", turn=turn)


def test_8_0_die_1_sinks_the_unit_to_the_east_german_box(tmp_path):
    match = pocket(tmp_path)
    force_rolls(match, 1)
    match.play(Action("courland", ("C1",)))
    assert where(match, "C1") == "ELIM_GER_E"


def test_8_0_die_4_lands_the_unit_in_stettin_or_rostock_owner_s_choice(tmp_path):
    match = pocket(tmp_path)
    force_rolls(match, 4)
    match.play(Action("courland", ("C1",)))
    decision = match.open_decision()
    assert decision["kind"] == "courland-port" and sorted(decision["choices"]) == ["0305", "0405"]
    match.play(Action("choose", ("0405",)))
    assert where(match, "C1") == "0405"


def test_8_0_the_port_may_be_named_with_the_order(tmp_path):
    """`courland UNIT HEX`, as the help says: the unit lands where named on a roll of 2–6,
    nobody is asked; a hex that is not an open port is refused before any roll."""
    match = pocket(tmp_path, POCKET + "unit S9 SOV SOV army 3-3-3 0305\n")  # a Soviet unit holds Stettin
    assert "open (0405)" in str(refused(match, Action("courland", ("C1", "0305")), "8.0"))
    assert "Stettin or Rostock" in str(refused(match, Action("courland", ("C1", "0101")), "8.0"))
    force_rolls(match, 4)
    match.play(Action("courland", ("C1", "0405")))
    assert match.open_decision() is None and where(match, "C1") == "0405"


def test_8_0_a_port_named_does_not_save_a_unit_that_rolls_1(tmp_path):
    match = pocket(tmp_path)
    force_rolls(match, 1)
    match.play(Action("courland", ("C1", "0305")))
    assert where(match, "C1") == "ELIM_GER_E"


def test_8_0_the_only_free_port_is_used(tmp_path):
    match = pocket(tmp_path, POCKET + "unit S9 SOV SOV army 3-3-3 0305\n")  # a Soviet unit holds Stettin
    force_rolls(match, 6)
    match.play(Action("courland", ("C2",)))
    assert match.open_decision() is None and where(match, "C2") == "0405"


def test_8_0_one_german_unit_a_phase_and_outside_the_allowance(tmp_path):
    match = pocket(tmp_path)
    left = match.one("SELECT replacements_left FROM bfg_state WHERE match_id = ?", [match.match_id])
    force_rolls(match, 1)
    match.play(Action("courland", ("C1",)))
    assert match.one("SELECT replacements_left FROM bfg_state WHERE match_id = ?", [match.match_id]) == left
    assert not [a for a in match.legal_actions() if a.verb == "courland"]
    refused(match, Action("courland", ("C2",)), "8.0")  # a second removal in the same phase


@pytest.mark.parametrize(
    "unit, rule",
    [
        pytest.param("CS1", "8.0", id="8.0-soviets-wait-for-all-four-germans"),
        pytest.param("X", "8.0", id="8.0-only-units-in-the-courland-box"),
    ],
)
def test_courland_refusals(tmp_path, unit, rule):
    match = pocket(tmp_path)
    refused(match, Action("courland", (unit, "0306") if unit == "CS1" else (unit,)), rule)


LAST_ONE = """
map 35x26
zone E cols 14-26
city Berlin 2013 10
city Stettin 3015 1
city Rostock 3011 1
unit C4 GER HEER corps 5-4-4 COURLAND
unit CS1 SOV SOV army 3-3-3 COURLAND
unit CS2 SOV SOV army 4-3-3 COURLAND
unit S1 SOV SOV army 3-3-3 ELIM_SOV
unit S2 SOV SOV army 3-3-3 2520
unit U1 WA US corps 7-4-8 2005
"""


def test_8_0_soviets_leave_after_the_fourth_german_on_the_north_edge(tmp_path):
    match = new_match(tmp_path, LAST_ONE, turns=(3, 10))
    advance_to(match, "sov-replacement", turn=3)
    assert not [a for a in match.legal_actions() if a.verb == "courland"]
    refused(match, Action("courland", ("CS1", "3524")), "8.0")
    advance_to(match, "ger-e-replacement", turn=3)
    force_rolls(match, 3)
    match.play(Action("courland", ("C4",)))
    match.play(Action("choose", ("3015",)))
    advance_to(match, "sov-replacement", turn=4)
    hexes = {a.args[1] for a in match.legal_actions() if a.verb == "courland"}
    assert hexes == {"3523", "3524", "3525", "3526"}
    refused(match, Action("courland", ("CS1", "3522")), "8.0")  # not a 3523–3526 hex
    left = match.one("SELECT replacements_left FROM bfg_state WHERE match_id = ?", [match.match_id])
    match.play(Action("courland", ("CS1", "3523")))
    match.play(Action("courland", ("CS2", "3526")))
    assert (where(match, "CS1"), where(match, "CS2")) == ("3523", "3526")
    assert match.one("SELECT replacements_left FROM bfg_state WHERE match_id = ?", [match.match_id]) == left


def test_8_0_a_soviet_courland_unit_never_enters_onto_a_german_unit(tmp_path):
    """5.2 「ユニットは、敵ユニットがいるヘクスに進入することはできない」 binds the entry of 8.0: a
    German on 3523 closes that hex (refused under 5.2, not 8.0), the other edge hexes stay open."""
    match = new_match(tmp_path, LAST_ONE + "unit G9 GER HEER corps 5-4-4 3523\n", turns=(3, 10))
    advance_to(match, "ger-e-replacement", turn=3)
    force_rolls(match, 3)
    match.play(Action("courland", ("C4",)))
    match.play(Action("choose", ("3015",)))
    advance_to(match, "sov-replacement", turn=4)
    assert "G9" in str(refused(match, Action("courland", ("CS1", "3523")), "5.2"))
    match.play(Action("courland", ("CS1", "3524")))
    assert where(match, "CS1") == "3524"
