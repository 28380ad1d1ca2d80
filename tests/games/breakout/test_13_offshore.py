"""Breakout: Normandy 3.5 and 13: the Offshore box under both readings.

Default (3.5 as written): every unit that did not land the previous day is offshore and is
redeployed at Dawn. Ruling offshore-by-regroup: only units sent there in Regroup (13) are.
"""

from __future__ import annotations

import pytest
from games.breakout.position import match_of, script_dice, write_position
from phaseline import Action, Event, RuleViolation
from phaseline.games.breakout.bot import HeuristicBot
from phaseline.games.breakout.bot_answers import offshore_wanted
from phaseline.games.breakout.rules import offshore
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.day import dawn

# Omaha (2, US, box B2) is German; Utah (5, US, box B5) is Allied.
COAST = """
area 1 clear 1
area 2 clear 1
area 5 clear 1
area B2 sea
area B5 sea
area OFFSHORE sea
border 1-2
border 1-5
border 2-B2 landing
border 5-B5 landing
border B2-OFFSHORE sea
border B5-OFFSHORE sea
beach Omaha 2 box=B2 nat=US
beach Utah 5 box=B5 nat=US
unit G1 german DE infantry 2-3-2/2 1
unit K1 allied US infantry 3-4-3/2 B2
control 1 US
control 5 US
turn 2 1944-06-07 1 Clear
turn 3 1944-06-08 1 Clear
"""


def _match(tmp_path, *options: str, extra: str = ""):
    folder, after = write_position(tmp_path / "position", COAST + extra)
    return match_of(folder, after, options=options)


def _where(match, unit: str) -> str:
    return board(match).units[unit]["space_id"]


def _at_dawn(match, turn: int) -> None:
    with match.store.transaction():
        match.log(Event("note", purpose=f"test: Dawn of turn {turn}"))
        dawn(match, turn)


def _to_allied_regroup(match, monkeypatch) -> None:
    script_dice(match, monkeypatch, [6, 6] * 30)
    for verb in ("pass", "pass"):
        match.play(Action(verb, (), match.waiting_on()[0]))
    while match.clock.step != "allied-regroup":
        while (decision := match.open_decision()) is not None:
            match.play(Action("choose", (decision["choices"][0],), decision["side"]))
        if match.clock.step != "allied-regroup":
            match.play(Action("end", (), match.waiting_on()[0]))


def test_3_5_by_default_a_unit_left_in_its_approach_box_is_offshore_and_redeployed(tmp_path):
    match = _match(tmp_path)
    _at_dawn(match, 3)
    assert _where(match, "K1") == "B5"  # Omaha is German: the only available US box is Utah's


def test_3_5_offshore_by_regroup_a_unit_left_in_its_approach_box_stays_there(tmp_path):
    match = _match(tmp_path, offshore.BY_REGROUP, extra="unit L1 allied US infantry 3-4-3/2 OFFSHORE\n")
    _at_dawn(match, 3)
    assert (_where(match, "K1"), _where(match, "L1")) == ("B2", "B5")  # only the unit offshore is redeployed


def test_13_offshore_by_regroup_an_approach_box_unit_moves_offshore_then_redeploys(tmp_path, monkeypatch):
    match = _match(tmp_path, offshore.BY_REGROUP)
    _to_allied_regroup(match, monkeypatch)
    order = Action("regroup", ("K1", offshore.BOX), "allied")
    assert order in match.legal_actions("allied")
    match.play(order)
    assert _where(match, "K1") == offshore.BOX
    assert order not in match.legal_actions("allied")  # 13: one regroup per unit
    _at_dawn(match, 3)
    assert _where(match, "K1") == "B5"


@pytest.mark.parametrize(
    ("options", "order", "why"),
    [
        pytest.param((), "K1", "redeployed from offshore at Dawn anyway", id="13-default-reading-has-no-order"),
        pytest.param((offshore.BY_REGROUP,), "A1", "not in an approach box", id="13-only-from-an-approach-box"),
    ],
)
def test_13_refusals_of_the_offshore_order(tmp_path, monkeypatch, options, order, why):
    match = _match(tmp_path, *options, extra="unit A1 allied US infantry 3-4-3/2 5\n")
    _to_allied_regroup(match, monkeypatch)
    listed = [a.args[0] for a in match.legal_actions("allied") if a.args[-1:] == (offshore.BOX,)]
    assert listed == (["K1"] if options else [])  # K1 is the approach-box unit
    before = _where(match, order)
    with pytest.raises(RuleViolation, match=why) as refused:
        match.play(Action("regroup", (order, offshore.BOX), "allied"))
    assert refused.value.rule == "13" and _where(match, order) == before


def test_13_the_allied_bot_sends_offshore_a_unit_whose_beach_is_german(tmp_path, monkeypatch):
    match = _match(tmp_path, offshore.BY_REGROUP)
    _to_allied_regroup(match, monkeypatch)
    assert HeuristicBot(match, "allied").choose(match, "allied") == Action("regroup", ("K1", offshore.BOX), "allied")


def test_13_the_allied_bot_keeps_a_unit_in_the_box_of_a_beach_it_can_land_on(tmp_path, monkeypatch):
    match = _match(tmp_path, offshore.BY_REGROUP, extra="unit K2 allied US infantry 3-4-3/2 B5\n")
    _to_allied_regroup(match, monkeypatch)
    assert offshore_wanted(match, "K1") and not offshore_wanted(match, "K2")
