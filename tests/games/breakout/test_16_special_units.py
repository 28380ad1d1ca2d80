"""Breakout: Normandy 16 (field artillery, FLAK/PAK) and the disruption ladder (4.5, 12.2, 12.3)."""

from __future__ import annotations

import pytest
from games.breakout.decisions import answer_all, asked, choose
from games.breakout.position import new_match, script_dice, write_position
from phaseline import Action, Match, RuleViolation, Store
from phaseline.games.breakout.rules.board import LADDER, board
from phaseline.games.breakout.rules.combat import forward_candidates, supporting_artillery
from phaseline.plugins import registry
from phaseline.scenario import load_custom

MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 2-3
border 1-3
control 1 US
control 3 US
unit A1 allied US infantry 3-4-3/2 1 div=29th
unit F1 allied US infantry 3-4-3/2 1
unit R1 allied US artillery 3-1-3/1 1 art=division div=29th
unit G1 german DE infantry 2-3-2/2 2 Spent
"""


def test_16_field_artillery_never_leads_an_attack(tmp_path):
    match = new_match(tmp_path, MAP)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("move", ("R1", "2"), "allied"))  # it follows the point unit in (8.35)
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("attack", ("2", "R1"), "allied"))
    assert refused.value.rule == "16.1"


def test_16_1_artillery_is_forward_only_when_alone_and_flak_may_be(tmp_path):
    units = [
        {"unit_id": "ART", "type": "artillery", "status": "Fresh", "defense": 5, "spent_defense": 2},
        {"unit_id": "FLK", "type": "flak", "status": "Fresh", "defense": 2, "spent_defense": 1},
    ]
    assert [u["unit_id"] for u in forward_candidates(units)] == ["FLK"]
    assert [u["unit_id"] for u in forward_candidates(units[:1])] == ["ART"]


def test_16_1_artillery_in_a_contested_area_supports_only_there(tmp_path):
    text = MAP.replace("3-4-3/2 1 div=29th", "3-4-3/2 3 div=29th") + "unit G3 german DE infantry 2-3-2/2 1 Spent\n"
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    assert supporting_artillery(match, "allied", "2", [board(match).units["A1"]]) == []  # R1 sits in contested 1


def test_16_2_flak_takes_part_but_never_as_point_unit(tmp_path, monkeypatch):
    text = """
area 1 clear 1
area 2 clear 1
border 1-2
unit T1 german DE armour 4-3-4/2 1
unit K1 german DE flak 2-2-4/1 1
unit A1 allied US infantry 3-4-3/2 2 Spent
weather Overcast
"""
    match = new_match(tmp_path, text)
    match.play(Action("move", ("T1", "2"), "german"))
    match.play(Action("move", ("K1", "2"), "german"))
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("attack", ("2", "K1"), "german"))
    assert refused.value.rule == "16.2"
    script_dice(match, monkeypatch, [1, 1, 1, 1])
    match.play(Action("attack", ("2", "K1,T1"), "german"))  # T1 is the point unit, K1 adds +1 (9.2B)
    choose(match, "keep")
    note = match.one(
        "SELECT purpose FROM event WHERE match_id = ? AND rule = '9.1' ORDER BY seq DESC LIMIT 1", [match.match_id]
    )
    assert "point unit T1" in note and "AV 5" in note
    led = match.one("SELECT purpose FROM event WHERE match_id = ? AND rule = '9.2'", [match.match_id])
    assert "K1 (flak) cannot be the point unit; T1, the first infantry or armour named, leads" in led


SUPPORT = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
border 1-2
border 2-3
border 1-3
control 1 US
control 3 US
unit A1 allied US infantry 3-4-3/2 1 div=29th
unit B1 allied UK infantry 3-4-3/2 3 div=50th
unit RC allied US artillery 3-1-3/1 1 art=corps
unit RD allied US artillery 3-1-3/1 1 art=division div=29th
unit G1 german DE infantry 2-3-2/2 2 Spent
"""


@pytest.mark.parametrize(
    ("text", "mover", "support", "rule", "why"),
    [
        pytest.param(
            SUPPORT, "B1", "RC", "16.1", "RC is corps artillery of another nationality", id="16.1-corps-own-nation"
        ),
        pytest.param(
            SUPPORT.replace("art=corps", "art=nebelwerfer"),
            "A1",
            "RC",
            "16.1",
            "RC is a Nebelwerfer",
            id="16.1-a-nebelwerfer-never-supports",
        ),
    ],
)
def test_support_refusals_cite_their_rule(tmp_path, text, mover, support, rule, why):
    """9.7, 16.1: a refused supporter names the rule that forbids it, with the game's tag."""
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", (mover, "2"), "allied"))
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("attack", ("2", mover, support), "allied"))
    assert refused.value.rule == rule and why in str(refused.value) and f"(BkN {rule})" in str(refused.value)


def test_9_7_artillery_that_moved_this_impulse_may_not_support(tmp_path):
    """9.7: 「支援野砲ユニットはそのインパルスに移動してはならず」."""
    match = new_match(tmp_path, SUPPORT)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("RD", "3"), "allied"))
    match.play(Action("move", ("A1", "2"), "allied"))
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("attack", ("2", "A1", "RD"), "allied"))
    assert refused.value.rule == "9.7" and str(refused.value).endswith("RD has moved this impulse (BkN 9.7)")


def _match_with(tmp_path, text, options):
    folder, _ = write_position(tmp_path / "position", text)
    reg = registry()
    info, chosen = load_custom(folder, reg.games)
    return Match.create(Store.open(":memory:"), reg, info.name, chosen, seed=1, options=options)


@pytest.mark.parametrize(
    ("options", "av"),
    [
        pytest.param([], 3 + 1 + 1, id="9.7-ruling-2-entering-artillery-adds-no-av"),
        pytest.param(["artillery-adds-av"], 3 + 1 + 1 + 1 + 1, id="9.7-ruling-2-other-reading-it-adds-1"),
    ],
)
def test_artillery_entering_with_the_point_unit(tmp_path, monkeypatch, options, av):
    """Digest ruling 2: A1 + F1 + R1 (entered) attack; the other reading also counts R1 for the
    29th's same-division bonus (A1, R1 and... only two: no bonus), so +1 only."""
    match = _match_with(
        tmp_path,
        MAP.replace(" div=29th\nunit F1", " div=29th\nunit F1").replace(
            "unit F1 allied US infantry 3-4-3/2 1", "unit F1 allied US infantry 3-4-3/2 1 div=29th"
        ),
        options,
    )
    match.play(Action("pass", (), "german"))
    for unit in ("A1", "F1", "R1"):
        match.play(Action("move", (unit, "2"), "allied"))
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    match.play(Action("attack", ("2",), "allied"))
    choose(match, "keep")
    note = match.one(
        "SELECT purpose FROM event WHERE match_id = ? AND rule = '9.1' ORDER BY seq DESC LIMIT 1", [match.match_id]
    )
    assert f"AV {av} " in note
    assert board(match).units["R1"]["status"] == "Dis1"  # it shares the repulse either way (16.1)


def test_4_5_disruption_levels_run_fresh_spent_dis1_dis2():
    assert LADDER == ("Fresh", "Spent", "Dis1", "Dis2", "eliminated")


def test_12_2_a_spent_or_disrupted_unit_neither_moves_nor_attacks(tmp_path):
    match = new_match(
        tmp_path, MAP.replace("unit F1 allied US infantry 3-4-3/2 1", "unit F1 allied US infantry 3-4-3/2 1 Dis1")
    )
    match.play(Action("pass", (), "german"))
    movers = {a.args[0] for a in match.legal_actions("allied") if a.verb == "move"}
    assert "F1" not in movers and "A1" in movers


@pytest.mark.parametrize(
    ("dice", "point", "other"),
    [
        pytest.param([1, 1, 6, 6], "Dis1", "Dis1", id="12.3-repulse-all-dis1"),
        pytest.param([2, 1, 1, 1], "Dis1", "Spent", id="12.3-stalemate-point-dis1-others-spent"),
        pytest.param([4, 1, 1, 1], "Spent", "Spent", id="12.3-success-all-spent"),
    ],
)
def test_causing_disruption(tmp_path, monkeypatch, dice, point, other):
    text = MAP.replace("unit G1 german DE infantry 2-3-2/2 2 Spent", "unit G1 german DE infantry 2-5-2/5 2 Spent")
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    match.play(Action("move", ("A1", "2"), "allied"))
    match.play(Action("move", ("F1", "2"), "allied"))
    # AV 3 + 1 + 1 air = 5 (+1 R1 support); DV 5 + 1 TEM = 6
    script_dice(match, monkeypatch, dice)
    match.play(Action("attack", ("2", "A1,F1", "none"), "allied"))
    answer_all(match, {"advantage-reroll": "keep", "attacker-retreat": "stay"})
    units = board(match).units
    assert (units["A1"]["status"], units["F1"]["status"]) == (point, other)
    assert asked(match) is None
