"""Breakout: Normandy 19 (and 3.4, 3.5, 16.3): reinforcements at Dawn, landings, coastal interdiction."""

from __future__ import annotations

import pytest
from games.breakout.decisions import answer_all, asked, choose
from games.breakout.position import new_match, script_dice
from phaseline import Action, Event, RuleViolation
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.day import dawn
from phaseline.games.breakout.rules.landings import interdiction_result, interdiction_value
from phaseline.games.breakout.rules.retreat import can_retreat

# Omaha (2, US) with its box B2; Gold (4, British) with box B4; zone ZA; a battery next to Omaha.
COAST = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
area ZA zone
area B2 sea
area B4 sea
area OFFSHORE sea
border 1-2
border 2-3
border 3-4
border 1-ZA arrow
border 2-B2 landing
border 4-B4 landing
border B2-OFFSHORE sea
border B4-OFFSHORE sea
beach Omaha 2 works box=B2 nat=US
beach Gold 4 box=B4 nat=UK
unit CA german DE coastal 0-2-0/1 3
turn 2 1944-06-07 1 Clear
turn 3 1944-06-08 1 Clear
"""
CORPS_AT_SEA = "control 2 US\n" + "".join(f"unit C{i} allied US artillery 2-1-3/1 B2 art=corps\n" for i in (2, 3))
CORPS_ASHORE = CORPS_AT_SEA + "unit C1 allied US artillery 2-1-3/1 2 art=corps\n"
UTAH = "area 5 clear 1\narea B5 sea\nborder 1-5\nborder 5-B5 landing\nbeach Utah 5 box=B5 nat=US\n"


def play(match, *orders: str) -> None:
    """Play the orders; the decisions an attack owes take their first choice, dice kept (9.1, 11.3)."""
    for order in orders:
        verb, *args = order.split()
        match.play(Action(verb, tuple(args), match.waiting_on()[0]))
        answer_all(match, {"advantage-reroll": "keep", "bombardment-reroll": "keep"})


def at_dawn(match, turn: int) -> None:
    with match.store.transaction():
        match.log(Event("note", purpose=f"test: Dawn of turn {turn}"))
        dawn(match, turn)


def where(match, unit: str) -> str | None:
    u = board(match).units.get(unit)
    return u["space_id"] if u else None


def status(match, unit: str) -> str:
    return board(match).units[unit]["status"]


@pytest.mark.parametrize(
    ("die", "iv", "result"),
    [
        pytest.param(1, 2, "Dis1", id="19.4-dr-below-iv-lands-dis1"),
        pytest.param(2, 2, "Spent", id="19.4-dr-equal-to-iv-lands-spent"),
        pytest.param(3, 2, None, id="19.4-dr-above-iv-no-effect"),
        pytest.param(6, 2, None, id="19.4-dr-6-no-effect"),
    ],
)
def test_interdiction_table(die, iv, result):
    assert interdiction_result(die, iv) == result


def test_16_3_iv_counts_fresh_batteries_in_or_next_to_the_beach(tmp_path):
    match = new_match(
        tmp_path, COAST + "unit CB german DE coastal 0-2-0/1 1 Spent\nunit CC german DE coastal 0-2-0/1 4\n"
    )
    assert interdiction_value(match, "2") == 1  # CA in 3; CB is Spent; CC in 4 is not next to 2
    assert interdiction_value(match, "4") == 2  # CA next to Gold, CC on it


def test_19_1_germans_first_19_2_in_their_zone_19_3_allies_to_their_box(tmp_path):
    match = new_match(
        tmp_path,
        COAST
        + "unit Z1 german DE infantry 2-3-2/2 ZA arrive=7 method=zone\n"
        + "unit R1 allied US infantry 3-4-3/2 B2 arrive=7 method=landing\n"
        + "unit Y1 allied UK infantry 3-4-3/2 1\n",
    )
    with match.store.transaction():
        match.log(Event("note", purpose="test: the Allies contest the zone"))
        match.set("unit_state", {"unit_id": "Y1"}, space_id="ZA")
    at_dawn(match, 2)
    assert where(match, "Z1") == "ZA" and status(match, "Z1") == "Fresh"  # 19.2: even in a contested zone
    assert where(match, "R1") == "B2"
    seqs = match.rows("SELECT purpose FROM event WHERE match_id = ? AND rule = '19.1' ORDER BY seq", [match.match_id])
    assert seqs[0]["purpose"].startswith("1 german") and seqs[1]["purpose"].startswith("1 allied")


def test_19_5_airborne_reinforcements_drop_unless_the_area_is_german_and_uncontested(tmp_path):
    match = new_match(
        tmp_path,
        COAST
        + "unit D1 allied US infantry 3-4-3/2 1 arrive=7 method=drop\n"
        + "unit D3 allied US infantry 3-4-3/2 3 arrive=7 method=drop\n"
        + "control 1 US\n",
    )
    at_dawn(match, 2)
    assert where(match, "D1") == "1" and status(match, "D1") == "Fresh"
    assert where(match, "D3") is None  # 3 is German and uncontested (the battery): from 8 June by sea
    at_dawn(match, 3)
    assert where(match, "D3") == "B2"


def test_19_5_the_allied_player_chooses_the_box_of_a_held_back_airborne_unit(tmp_path):
    match = new_match(tmp_path, COAST + UTAH + "unit D3 allied US infantry 3-4-3/2 3 arrive=7 method=drop\n")
    at_dawn(match, 2)
    assert where(match, "D3") is None  # held back: 3 is German and uncontested
    at_dawn(match, 3)
    assert asked(match) == ("allied", "approach-box", ["B2", "B5"])  # both US beaches may be landed on
    choose(match, "B5")
    assert where(match, "D3") == "B5" and match.open_decision() is None


def test_19_5_a_held_back_unit_with_one_available_box_goes_there_unasked(tmp_path):
    match = new_match(tmp_path, COAST + "unit D3 allied US infantry 3-4-3/2 3 arrive=7 method=drop\n")
    at_dawn(match, 2)
    at_dawn(match, 3)
    assert where(match, "D3") == "B2" and match.open_decision() is None


def test_19_3_a_landing_activates_the_box_and_may_move_on_from_a_free_beach(tmp_path):
    match = new_match(
        tmp_path,
        COAST + "unit L1 allied US infantry 3-4-3/2 B2\nunit F1 allied US infantry 3-4-3/2 2\n"
        "control 2 US\nunit G9 german DE infantry 2-3-2/2 4\n",
    )
    play(match, "pass")
    play(match, "land Omaha L1")
    b = board(match)
    assert b.units["L1"]["space_id"] == "2" and b.day["activated"] == "B2"
    assert b.units["L1"]["mp"] == 2  # 1 MF to enter a free beach: 2 of 3 left
    assert "F1" not in {a.args[0] for a in match.legal_actions() if a.verb == "move"}  # 19.3: not activated
    play(match, "move L1 1")
    assert where(match, "L1") == "1"


@pytest.mark.parametrize(
    ("extra", "order", "rule"),
    [
        pytest.param("", "land Omaha L1", "19.3", id="19.3-no-landing-on-a-german-uncontested-beach"),
        pytest.param("control 4 UK\n", "land Gold L1", "3.4", id="19.3-only-from-the-beach-own-box"),
        pytest.param(
            "control 2 US\nunit K1 allied UK infantry 3-4-3/2 B2\n",
            "land Omaha L1,K1",
            "19.3",
            id="19.3-only-on-beaches-of-their-nationality",
        ),
        pytest.param(
            "control 2 US\n" + "".join(f"unit M{i} allied US infantry 3-4-3/2 B2\n" for i in range(5)),
            "land Omaha L1,M0,M1,M2,M3,M4",
            "19.3",
            id="19.3-at-most-5-land-per-impulse",
        ),
        pytest.param(
            "control 2 US\n" + "".join(f"unit N{i} allied US infantry 3-4-3/2 2\n" for i in range(10)),
            "land Omaha L1",
            "19.3",
            id="19.3-at-most-10-on-the-beach",
        ),
        pytest.param(CORPS_ASHORE, "land Omaha C2", "7.1", id="7.1-one-corps-artillery-on-the-beach"),
        pytest.param(CORPS_AT_SEA, "land Omaha L1,C2,C3", "7.1", id="7.1-one-corps-artillery-lands-at-a-time"),
    ],
)
def test_landing_refusals(tmp_path, extra, order, rule):
    match = new_match(tmp_path, COAST + "unit L1 allied US infantry 3-4-3/2 B2\n" + extra)
    play(match, "pass")
    before = match.events.last_seq
    with pytest.raises(RuleViolation, match=rule.replace(".", r"\.")):
        play(match, order)
    assert match.events.last_seq == before


def test_7_1_the_landings_offered_bring_one_corps_artillery_at_most(tmp_path):
    match = new_match(tmp_path, COAST + "unit L1 allied US infantry 3-4-3/2 B2\n" + CORPS_AT_SEA)
    play(match, "pass")
    offered = [a.args[1].split(",") for a in match.legal_actions() if a.verb == "land"]
    assert offered == [["L1", "C2"]]  # C3 stays for another impulse
    play(match, "land Omaha " + ",".join(offered[0]))
    assert where(match, "C2") == "2" and where(match, "C3") == "B2"


def test_21_6_a_beach_contested_only_by_disrupted_allies_is_a_forced_landing(tmp_path, monkeypatch):
    match = new_match(
        tmp_path,
        COAST + "unit L1 allied US infantry 3-4-3/2 B2\nunit L2 allied US infantry 3-4-3/2 B2\n"
        "unit A1 allied US artillery 2-1-3/1 B2\nunit D1 allied US infantry 3-4-3/2 2 Dis1\n"
        "unit G1 german DE infantry 2-3-2/2 2\n",
    )
    play(match, "pass")
    with pytest.raises(RuleViolation, match=r"21\.6"):
        play(match, "land Omaha L1,A1")
    script_dice(match, monkeypatch, [6, 6, 1, 1, 1, 1])  # 19.4: IV 1: dr 6 and 6 no effect; then the attack
    play(match, "land Omaha L1,L2")
    assert [status(match, u) for u in ("L1", "L2")] == ["Dis1", "Dis1"]  # repulsed: every lander Dis1
    assert where(match, "L1") == "2"  # no retreat into the box


def test_19_4_a_forced_landing_with_every_lander_interdicted_rolls_no_attack(tmp_path, monkeypatch):
    match = new_match(
        tmp_path,
        COAST + "unit L1 allied US infantry 3-4-3/2 B2\nunit L2 allied US infantry 3-4-3/2 B2\n"
        "unit D1 allied US infantry 3-4-3/2 2 Dis1\nunit G1 german DE infantry 2-3-2/2 2\n",
    )
    play(match, "pass")
    script_dice(match, monkeypatch, [1, 1])  # IV 1: both dr 1 = IV: Spent
    play(match, "land Omaha L1,L2")
    assert [status(match, u) for u in ("L1", "L2")] == ["Dis1", "Dis1"]
    assert not match.rows(
        "SELECT seq FROM event WHERE match_id = ? AND rule = '9.1' AND purpose LIKE 'AV%'", [match.match_id]
    )


def test_3_4_units_on_a_beach_never_go_back_into_the_box(tmp_path):
    match = new_match(tmp_path, COAST + "unit F1 allied US infantry 3-4-3/2 2\ncontrol 2 US\n")
    play(match, "pass")
    with pytest.raises(RuleViolation, match=r"3\.4"):
        play(match, "move F1 B2")


def test_19_3_units_that_did_not_land_may_land_in_regroup_on_a_free_beach(tmp_path, monkeypatch):
    match = new_match(tmp_path, COAST + "unit L1 allied US infantry 3-4-3/2 B2\ncontrol 2 US\n")
    script_dice(match, monkeypatch, [6, 6] * 30)
    play(match, "pass", "pass")
    while match.clock.step != "allied-regroup":
        play(match, "end")
    assert Action("land", ("Omaha", "L1"), "allied") in match.legal_actions()
    play(match, "land Omaha L1")
    assert where(match, "L1") == "2"


def test_3_5_units_not_landed_wait_at_their_own_beach_on_7_june_then_any_available(tmp_path):
    match = new_match(
        tmp_path,
        COAST + "unit L1 allied US infantry 3-4-3/2 OFFSHORE\nunit K1 allied UK infantry 3-4-3/2 B2\ncontrol 4 UK\n",
    )
    at_dawn(match, 2)
    assert where(match, "L1") == "OFFSHORE"  # 19.5: on 7 June only its original beach (it has none)
    at_dawn(match, 3)
    assert where(match, "K1") == "B4"  # 3.5: to an available box of its nationality


def test_3_5_after_7_june_the_allied_player_chooses_the_box_of_each_unit_offshore(tmp_path):
    units = "unit L1 allied US infantry 3-4-3/2 OFFSHORE\nunit K1 allied US infantry 3-4-3/2 B5\n"
    match = new_match(tmp_path, COAST + UTAH + units + "control 2 US\ncontrol 5 US\n")  # both beaches available
    at_dawn(match, 3)
    assert asked(match) == ("allied", "approach-box", ["B5", "B2"])  # K1 waits in its own box meanwhile
    choose(match, "B2")
    assert asked(match) == ("allied", "approach-box", ["B2", "B5"])  # L1 waits in the first available box
    assert where(match, "L1") == "B2"
    choose(match, "B5")
    assert (where(match, "K1"), where(match, "L1")) == ("B2", "B5") and match.open_decision() is None


def test_3_5_reinforcements_arriving_at_dawn_are_not_redeployed(tmp_path):
    match = new_match(tmp_path, COAST + UTAH + "unit R1 allied US infantry 3-4-3/2 B2 arrive=8 method=landing\n")
    at_dawn(match, 3)
    assert where(match, "R1") == "B2" and match.open_decision() is None  # 19.3: to its own beach's box


def test_19_6_the_rangers_withdraw_at_dawn_once_omaha_is_allied(tmp_path):
    match = new_match(
        tmp_path,
        COAST + "unit R2 allied US infantry 2-2-3/1 1 Dis1 subtype=ranger\n"
        "unit R5 allied US infantry 2-2-3/1 2 subtype=ranger\n",
    )
    at_dawn(match, 2)
    assert where(match, "R2") == "1"  # Omaha (2) is still German-controlled
    with match.store.transaction():
        match.log(Event("note", purpose="test: Omaha falls"))
        match.set("space_control", {"space_id": "2"}, controller="US")
    at_dawn(match, 3)
    assert where(match, "R2") is None and where(match, "R5") is None


def test_19_2_german_reinforcements_arrive_fresh_even_in_a_contested_zone(tmp_path):
    match = new_match(
        tmp_path,
        COAST + "unit Z1 german DE infantry 2-3-2/2 ZA arrive=7 method=zone\nunit Y1 allied UK infantry 3-4-3/2 ZA\n",
    )
    assert board(match).areas["ZA"].units["allied"] == ["Y1"]
    at_dawn(match, 2)
    assert where(match, "Z1") == "ZA" and status(match, "Z1") == "Fresh"


def test_19_reinforcements_keep_to_the_arrival_schedule(tmp_path):
    match = new_match(tmp_path, COAST + "unit R8 allied US infantry 3-4-3/2 B2 arrive=8 method=landing\n")
    at_dawn(match, 2)
    assert where(match, "R8") is None
    at_dawn(match, 3)
    assert where(match, "R8") == "B2"


def test_16_3_a_battery_never_moves_regroups_or_retreats(tmp_path):
    match = new_match(tmp_path, COAST + "area 5 clear 1\nborder 3-5\n")
    assert match.waiting_on()[0] == "german"
    assert {a.verb for a in match.legal_actions("german")} == {"pass", "end"}  # the battery has no move
    assert not can_retreat(match, board(match).units["CA"])


def test_19_3_a_landing_impulse_blows_no_bridge(tmp_path):
    """19.3 「上陸インパルスはエリアが活性化していないために橋の修理と爆破が行われない」: BR6, Allied-held on
    Omaha's border with German 6, may not be blown in the impulse that lands L1; the refusal cites 19.3."""
    match = new_match(
        tmp_path,
        COAST + "area 6 clear 1\nborder 2-6 river\nbridge BR6 2-6 allied\ncontrol 2 US\n"
        "unit L1 allied US infantry 3-4-3/2 B2\nunit G6 german DE infantry 2-3-2/2 6\n",
    )
    play(match, "pass", "land Omaha L1")
    with pytest.raises(RuleViolation) as refused:
        play(match, "demolish BR6")
    assert refused.value.rule == "19.3" and "landing" in str(refused.value)
