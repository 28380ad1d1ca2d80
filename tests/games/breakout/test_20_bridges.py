"""Breakout: Normandy 20 (and 3.23, 3.24, 4.7, 8.21-8.23, 8.511): bridges, with the rulebook's numbers."""

from __future__ import annotations

import pytest
from games.breakout.decisions import keep_rolls
from games.breakout.position import match_of, new_match, script_dice, write_position
from phaseline import Action, Event, RuleViolation
from phaseline.games.breakout.rules import bridges, control, demolition
from phaseline.games.breakout.rules.board import board
from phaseline.games.breakout.rules.movement import entry

# 1 and 2 Allied, 3 and 4 German; river bridges BR1 (2-3) and BR3 (1-4), a water bridge BR2 (2-5)
MAP = """
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
area 5 clear 1
area 6 clear 1
border 1-2
border 2-3 river
border 2-5 water
border 1-4 river
border 3-6
bridge BR1 2-3 german
bridge BR2 2-5 german
bridge BR3 1-4 german
control 1 US
control 2 US
"""


def _drm(terms: list[tuple[str, int]]) -> int:
    return sum(v for _, v in terms)


def _state(match, bridge_id: str) -> str:
    return board(match).bridges[bridge_id]["state"]


def _set(match, bridge_id: str, state: str) -> None:
    with match.store.transaction():
        match.log(Event("note", purpose="test: bridge state"))
        bridges.set_bridge(match, board(match).bridges[bridge_id], state)


def test_3_24_every_bridge_starts_german_held_in_link_state(tmp_path):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 2\n")
    rows = match.rows("SELECT a, b, state FROM link_state WHERE match_id = ? ORDER BY a, b", [match.match_id])
    assert [(r["a"], r["b"], r["state"]) for r in rows] == [
        ("1", "4", "german"), ("2", "3", "german"), ("2", "5", "german"),
        ("3", "2", "german"), ("4", "1", "german"), ("5", "2", "german"),
    ]  # fmt: skip


def test_8_37_a_destroyed_bridge_is_no_bridge_for_movement(tmp_path):
    """8.37 (3.23, 4.7): a destroyed bridge over a water obstacle leaves the water impassable:
    「橋を用いずに水障害を通過できるユニットは存在しない」."""
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 2\n")
    _set(match, "BR2", "destroyed")
    with pytest.raises(RuleViolation, match="water obstacle") as refused:
        entry(match, {**board(match).units["A1"], "mp": 3}, "5")
    assert refused.value.rule == "8.37"


@pytest.mark.parametrize("options", [(), ("enemy-bridge-as-river",)], ids=["8.37-default", "ruling"])
def test_8_37_an_enemy_held_bridge_is_a_bridge_into_a_vacant_area(tmp_path, options):
    """8.37: 「橋が破壊されていたり 橋が描かれていない境界線には橋は存在しない」: German-held BR1 still
    stands, so armour crosses it into vacant German 3 for 8.36 B's 2 MF. The ruling
    ``enemy-bridge-as-river`` reads 8.51's 渡河 as crossing it only in a forced attack: else a
    river (8.36 E), which armour may not cross."""
    folder, after = write_position(tmp_path / "position", MAP + "unit UA1 allied US armour 4-4-5/2 2\n")
    match = match_of(folder, after, options=options)
    unit = {**board(match).units["UA1"], "mp": 5}
    if not options:
        step = entry(match, unit, "3")
        assert (step.cost, step.bridge) == (2, "BR1")
        return
    with pytest.raises(RuleViolation, match="infantry only") as refused:
        entry(match, unit, "3")
    assert refused.value.rule == "8.36"


def test_4_7_the_destroyed_marker_goes_with_the_bridge_and_an_allied_repair_makes_it_allied_held(tmp_path, monkeypatch):
    """4.7: 「橋が破壊された場合にこのマーカーをおいて示す 修理された場合にはこのマーカーを取り除く
    (連合軍が修理した場合は保持の橋マーカーにする)」: both sides of the border read the marker."""
    match = new_match(tmp_path, MAP + "control 4 US\nunit A1 allied US infantry 3-4-3/2 1\n")
    _set(match, "BR3", "destroyed")
    both = "SELECT a, b, state FROM link_state WHERE match_id = ? AND '1' IN (a, b) AND '4' IN (a, b) ORDER BY a"
    assert [r["state"] for r in match.rows(both, [match.match_id])] == ["destroyed", "destroyed"]
    _to_allied_impulse(match, monkeypatch, [2, 6, 6])
    match.play(Action("repair", ("BR3",), "allied"))
    keep_rolls(match)  # 11.6: the roll stands
    assert [r["state"] for r in match.rows(both, [match.match_id])] == ["allied", "allied"]


def test_3_23_supply_crosses_a_river_only_by_a_friendly_bridge(tmp_path):
    """12.5: a German depot path to 6 stops at the Allied-held bridge BR1 (the last step may cross any river)."""
    text = MAP + "unit A1 allied US infantry 3-4-3/2 2\nunit G1 german DE infantry 2-3-2/2 3 Spent\n"
    match = new_match(tmp_path, text)
    rows = {r["unit_id"]: r for r in match.rules.run("cheapest-paths", side="allied")}
    assert rows["A1"]["cost"] is None  # no Allied source on this map
    _set(match, "BR1", "allied")
    with match.store.transaction():
        match.log(Event("note", purpose="test: an Allied source at 3"))
        match.insert("path_source", {"side": "allied", "space_id": "3", "kind": "beach"})
    assert {r["unit_id"]: r["cost"] for r in match.rules.run("cheapest-paths", side="allied")} == {"A1": None}
    # 3 is German-controlled: the source is blocked; an Allied source at 1 reaches 2 over a clear border
    with match.store.transaction():
        match.log(Event("note", purpose="test: an Allied source at 1"))
        match.insert("path_source", {"side": "allied", "space_id": "1", "kind": "beach"})
    assert {r["unit_id"]: r["cost"] for r in match.rules.run("cheapest-paths", side="allied")} == {"A1": 1}


# === 20.3 SEIZURE ============================================================================


@pytest.mark.parametrize(
    ("extra", "bridge", "drm", "needed"),
    [
        pytest.param("", "BR1", 4, 3, id="20.3-river-toward-vacant-area-dr-3"),
        pytest.param(
            "unit G1 german DE infantry 2-3-2/2 5\nunit G2 german DE infantry 2-3-2/2 5",
            "BR2",
            0,
            7,
            id="20.3-water-toward-two-fresh-enemies-impossible",
        ),
    ],
)
def test_seizure_drm(tmp_path, extra, bridge, drm, needed):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 2\n" + extra)
    terms = bridges.seizure_drm(match, board(match), board(match).bridges[bridge], "allied", "2")
    assert _drm(terms) == drm  # 20.3: +3 free, +1 vacant / -1 per Fresh enemy, -1 water
    assert bridges.SUCCESS - drm == needed


def _to_allied_impulse(match, monkeypatch, dice):
    match.play(Action("pass", (), "german"))
    return script_dice(match, monkeypatch, dice)


def test_8_221_a_seized_bridge_costs_the_next_crosser_one_more_mf(tmp_path, monkeypatch):
    """8.221, 20.3: the seizer spends 1 MF; later crossers pay +1 MF and have no minimum move."""
    text = MAP + "unit A1 allied US infantry 3-4-3/2 2\nunit A2 allied US infantry 3-4-3/2 2\n"
    match = new_match(tmp_path, text)
    _to_allied_impulse(match, monkeypatch, [3, 6, 6])
    match.play(Action("seize", ("A1", "BR1"), "allied"))
    keep_rolls(match)  # 11.6: the roll stands
    assert _state(match, "BR1") == "allied"
    assert board(match).units["A1"]["mp"] == 2
    step = entry(match, board(match).units["A2"], "3")
    assert step.cost == 2 + 1  # vacant enemy-controlled area (8.36 B) + 1 for the bridge seized this impulse
    with pytest.raises(RuleViolation):
        entry(match, {**board(match).units["A2"], "mp": 2}, "3")  # no minimum move over it
    with pytest.raises(RuleViolation, match="enemy-held"):
        match.play(Action("seize", ("A2", "BR1"), "allied"))


def test_20_3_the_seizer_itself_pays_no_extra_mf_to_cross(tmp_path, monkeypatch):
    """20.3: the +1 MF is for the other units crossing; the seizer spent its 1 MF on the try."""
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 2\n")
    _to_allied_impulse(match, monkeypatch, [3])
    match.play(Action("seize", ("A1", "BR1"), "allied"))
    keep_rolls(match)
    match.play(Action("move", ("A1", "3"), "allied"))  # 2 MF (8.36 B) from the 2 left
    assert board(match).units["A1"]["space_id"] == "3"


def test_8_38_over_a_just_seized_bridge_infantry_may_cross_the_river_as_a_forced_attack(tmp_path, monkeypatch):
    """8.38: no minimum move across a bridge seized this impulse (4 + 1 MF for a 3 MF unit); an infantry
    unit may instead cross the river border beside it, for all its MF, in a forced attack at +2 DV."""
    text = MAP + "unit A1 allied US infantry 3-4-3/2 2\nunit A2 allied US infantry 3-4-3/2 2\n"
    text += "unit T1 allied US armour 4-3-3/2 2\nunit G1 german DE infantry 2-3-2/2 3\n"
    match = new_match(tmp_path, text)
    _to_allied_impulse(match, monkeypatch, [6])  # +3 free -1 Fresh German = 2: a 6 seizes it
    match.play(Action("seize", ("A1", "BR1"), "allied"))
    keep_rolls(match)
    assert _state(match, "BR1") == "allied"
    step = entry(match, board(match).units["A2"], "3")
    assert (step.rule, step.stops, step.forced, step.crossing, step.bridge) == ("8.38", True, True, 2, None)
    with pytest.raises(RuleViolation) as refused:
        match.play(Action("move", ("T1", "3"), "allied"))  # armour never crosses a river without a bridge
    assert refused.value.rule == "8.38" and "seized this impulse" in str(refused.value)


def test_8_37_five_units_cross_a_bridge_whoever_holds_it(tmp_path, monkeypatch):
    """8.37, 20.1: the five-unit limit counts the forced attack across an enemy-held bridge too."""
    units = "".join(f"unit A{i} allied US infantry 3-4-3/2 2\n" for i in range(1, 7))
    match = new_match(tmp_path, MAP + units + "unit G1 german DE infantry 2-3-2/2 3 Spent\n")
    _to_allied_impulse(match, monkeypatch, [])
    for i in range(1, 6):
        match.play(Action("move", (f"A{i}", "3"), "allied"))  # 3 MF: only Spent Germans there
    with pytest.raises(RuleViolation, match="5 units crossed") as refused:
        match.play(Action("move", ("A6", "3"), "allied"))
    assert refused.value.rule == "8.37"


def test_8_37_artillery_follows_a_point_unit_across_an_enemy_held_bridge(tmp_path, monkeypatch):
    """8.37: where crossing forces an attack, FLAK, PAK and artillery must be led by a point unit,
    though Allied units already contest the area beyond (8.35 alone would let them in)."""
    text = MAP + "unit A1 allied US infantry 3-4-3/2 2\nunit R1 allied US artillery 2-1-3/1 2 art=division\n"
    text += "unit A9 allied US infantry 3-4-3/2 3\nunit G1 german DE infantry 2-3-2/2 3\n"
    match = new_match(tmp_path, text)
    _to_allied_impulse(match, monkeypatch, [])
    with pytest.raises(RuleViolation, match="a point unit must lead it across") as refused:
        match.play(Action("move", ("R1", "3"), "allied"))
    assert refused.value.rule == "8.37"
    match.play(Action("move", ("A1", "3"), "allied"))  # a minimum move across BR1, a forced attack
    match.play(Action("move", ("R1", "3"), "allied"))
    assert board(match).units["R1"]["forced"]


def test_9_3_c_a_forced_attack_across_a_friendly_bridge_adds_1_dv(tmp_path):
    """9.3C: +1 across a bridge, +1 more if enemy-held (+1 more over a water obstacle)."""
    match = new_match(
        tmp_path, MAP + "unit A1 allied US infantry 3-4-4/2 2\nunit G1 german DE infantry 2-3-2/2 3 Spent\n"
    )
    friendly = entry(match, {**board(match).units["A1"], "mp": 4}, "3")
    assert (friendly.forced, friendly.crossing) == (True, 2)  # BR1 German-held
    _set(match, "BR1", "allied")
    friendly = entry(match, {**board(match).units["A1"], "mp": 4}, "3")
    assert (friendly.forced, friendly.crossing, friendly.bridge) == (True, 1, "BR1")


def test_20_a_seized_bridge_is_undone_with_its_action(tmp_path, monkeypatch):
    """link_state changes are effects: undo (and replay) restore the bridge."""
    from phaseline.undo import undo

    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 2\n")
    _to_allied_impulse(match, monkeypatch, [5, 6, 6])
    match.play(Action("seize", ("A1", "BR1"), "allied"))
    keep_rolls(match)  # 11.6: the roll stands
    assert _state(match, "BR1") == "allied"
    with match.store.transaction():
        undo(match, force=True)
    assert _state(match, "BR1") == "german"


def test_20_3_a_failed_seizure_leaves_the_bridge(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 2\n")
    _to_allied_impulse(match, monkeypatch, [2, 6, 6])
    match.play(Action("seize", ("A1", "BR1"), "allied"))
    keep_rolls(match)  # 11.6: the roll stands
    assert _state(match, "BR1") == "german"


def test_8_221_only_infantry_and_armour_seize_and_only_enemy_bridges(tmp_path, monkeypatch):
    text = MAP + "unit R1 allied US artillery 2-2-2/1 2\nunit A1 allied US infantry 3-4-3/2 2\n"
    match = new_match(tmp_path, text)
    _to_allied_impulse(match, monkeypatch, [6])
    with pytest.raises(RuleViolation, match="infantry and armour") as refused:
        match.play(Action("seize", ("R1", "BR1"), "allied"))
    assert refused.value.rule == "20.3"
    _set(match, "BR1", "destroyed")
    with pytest.raises(RuleViolation, match="enemy-held"):
        match.play(Action("seize", ("A1", "BR1"), "allied"))


# === 20.2 REPAIR ============================================================================


def test_20_5_repair_between_two_free_areas_needs_2_then_succeeds_automatically(tmp_path, monkeypatch):
    """20.5's worked numbers: dr + 3 + 3 - 1 >= 7, so dr >= 2; after one failure (+1) any dr does."""
    match = new_match(tmp_path, MAP + "control 4 US\nunit A1 allied US infantry 3-4-3/2 1\n")
    _set(match, "BR3", "destroyed")
    bridge = board(match).bridges["BR3"]
    assert _drm(bridges.repair_drm(match, board(match), bridge, "allied", 0)) == 5
    _to_allied_impulse(match, monkeypatch, [1, 6, 6])
    match.play(Action("repair", ("BR3",), "allied"))
    keep_rolls(match)  # 11.6: the roll stands
    assert _state(match, "BR3") == "destroyed"
    assert match.one("SELECT level FROM bkn_construction WHERE match_id = ?", [match.match_id]) == 1
    assert _drm(bridges.repair_drm(match, board(match), bridge, "allied", 1)) + 1 >= bridges.SUCCESS


def test_8_21_germans_repair_one_bridge_an_impulse(tmp_path):
    match = new_match(tmp_path, MAP + "control 5 DE\nunit G1 german DE infantry 2-3-2/2 3\n")
    _set(match, "BR1", "destroyed")
    _set(match, "BR2", "destroyed")
    with pytest.raises(RuleViolation, match="1 repairs per impulse"):
        match.play(Action("repair", ("BR1,BR2",), "german"))


def test_20_2_an_allied_success_takes_the_bridge_and_lifts_the_markers(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP + "control 4 US\nunit A1 allied US infantry 3-4-3/2 1\n")
    _set(match, "BR3", "destroyed")
    _to_allied_impulse(match, monkeypatch, [2, 6, 6])
    match.play(Action("repair", ("BR3",), "allied"))
    keep_rolls(match)  # 11.6: the roll stands
    assert _state(match, "BR3") == "allied"
    assert match.one("SELECT count(*) FROM bkn_construction WHERE match_id = ?", [match.match_id]) == 0


def test_12_8_no_repair_in_an_isolated_area(tmp_path, monkeypatch):
    """The Allied unit at 1 has no supply line (no beach on this map): no repair from there."""
    match = new_match(tmp_path, MAP + "unit A1 allied US infantry 3-4-3/2 1\n")
    _set(match, "BR3", "destroyed")
    with match.store.transaction():
        match.log(Event("note", purpose="test: isolate the area"))
        for row in match.rows("SELECT side, space_id FROM path_source WHERE match_id = ?", [match.match_id]):
            match.delete("path_source", row)
    _to_allied_impulse(match, monkeypatch, [6])
    with pytest.raises(RuleViolation, match="not in supply") as refused:
        match.play(Action("repair", ("BR3",), "allied"))
    assert refused.value.rule == "12.8"  # 12.8: 「孤立したエリアでは橋の修理を試みられない」


# === 20.4 DEMOLITION ========================================================================


@pytest.mark.parametrize(
    ("extra", "drm"),
    [
        pytest.param("unit G1 german DE infantry 2-3-2/2 3\nunit A2 allied US infantry 3-4-3/2 2\n"
                     "unit G2 german DE infantry 2-3-2/2 2", 4,
                     id="20.4-german-free-and-allied-contested-dr-3"),
        pytest.param("unit G1 german DE infantry 2-3-2/2 3", 3, id="20.4-own-free-and-enemy-vacant-dr-4"),
    ],
)  # fmt: skip
def test_demolition_drm(tmp_path, extra, drm):
    match = new_match(tmp_path, MAP + extra + "\n")
    terms = demolition.demolition_drm(match, board(match).bridges["BR1"], "german")
    assert _drm(terms) == drm


def test_8_23_demolition_ends_the_impulse_and_destroys_on_seven(tmp_path, monkeypatch):
    match = new_match(tmp_path, MAP + "unit G1 german DE infantry 2-3-2/2 3\nunit A1 allied US infantry 3-4-3/2 1\n")
    script_dice(match, monkeypatch, [4, 6, 6])
    match.play(Action("demolish", ("BR1",), "german"))
    keep_rolls(match)  # 11.6: the roll stands
    assert _state(match, "BR1") == "destroyed"
    assert match.clock.step == "allied-impulse"


def test_20_4_only_a_friendly_bridge_with_an_enemy_side_is_blown(tmp_path):
    match = new_match(tmp_path, MAP + "control 2 DE\nunit G1 german DE infantry 2-3-2/2 3\n")
    with pytest.raises(RuleViolation, match="enemy-controlled or contested") as refused:
        match.play(Action("demolish", ("BR2",), "german"))  # 2 and 5 both German now
    assert refused.value.rule == "20.4"
    _set(match, "BR1", "allied")
    with pytest.raises(RuleViolation, match="not german-held"):
        match.play(Action("demolish", ("BR1",), "german"))


START = """
area 3 clear 1
area 4 clear 1
area 5 clear 1
border 3-4 river
border 3-5
bridge BR4 3-4 german
bridge BR5 3-5 allied
control 5 US
unit G1 german DE armour 4-3-5/2 3
unit A1 allied US infantry 3-4-3/2 3 Dis2
"""


def test_20_4_demolition_is_judged_by_the_start_of_the_impulse(tmp_path, monkeypatch):
    """20.4, 8.23: 3 was contested when the impulse began; cleared since, BR4 may still be blown, with
    the start's drm: +2 friendly-controlled contested, +3 free (not +3 +3)."""
    from games.breakout.decisions import answer_all

    match = new_match(tmp_path, START)
    script_dice(match, monkeypatch, [6, 6, 1, 1, 2])
    match.play(Action("attack", ("3", "G1"), "german"))  # 8.54: in place; the Dis2 defender is eliminated
    answer_all(match)
    assert board(match).areas["3"].free("german")
    assert _drm(demolition.demolition_drm(match, board(match).bridges["BR4"], "german")) == 5
    match.play(Action("demolish", ("BR4",), "german"))
    keep_rolls(match)
    assert _state(match, "BR4") == "destroyed"  # 2 + 5 = 7


def test_20_4_a_bridge_taken_this_impulse_was_not_friendly_held_at_its_start(tmp_path, monkeypatch):
    match = new_match(tmp_path, START.replace("unit A1 allied US infantry 3-4-3/2 3 Dis2\n", ""))
    script_dice(match, monkeypatch, [6])  # +3 from a free area +1 toward a vacant one: seized
    match.play(Action("seize", ("G1", "BR5"), "german"))
    keep_rolls(match)
    assert _state(match, "BR5") == "german"
    with pytest.raises(RuleViolation, match="not german-held when the impulse began") as refused:
        match.play(Action("demolish", ("BR5",), "german"))
    assert refused.value.rule == "20.4"


def test_10_1_no_demolition_in_a_bombardment_impulse(tmp_path, monkeypatch):
    """10.1: a bombardment impulse activates its target area, but blows no bridge on its borders."""
    from games.breakout.decisions import answer_all

    match = new_match(tmp_path, START + "unit R1 german DE artillery 3-1-3/1 4 art=division\n")
    script_dice(match, monkeypatch, [1, 1, 6, 6])
    match.play(Action("bombard", ("3", "R1", "A1"), "german"))
    answer_all(match)
    assert "demolish" not in [a.verb for a in match.legal_actions("german")]
    with pytest.raises(RuleViolation, match="bombardment impulse") as refused:
        match.play(Action("demolish", ("BR4",), "german"))
    assert refused.value.rule == "10.1"


# === 20.1, 8.511 HOLDING ====================================================================


def test_20_1_a_bridge_between_two_areas_of_one_side_is_theirs(tmp_path):
    """20.1(5), 8.511: control of both sides makes the bridge (and an unbridged river) held."""
    match = new_match(tmp_path, MAP + "control 3 US\ncontrol 4 US\nunit A1 allied US infantry 3-4-3/2 1\n")
    with match.store.transaction():
        match.log(Event("note", purpose="test: settle"))
        control.settle_borders(match, sorted(board(match).areas))
    assert _state(match, "BR1") == "allied" and _state(match, "BR3") == "allied"
    assert _state(match, "BR2") == "german"  # 5 is German


@pytest.mark.parametrize("held", [False, True], ids=["8.51-german-river-forces", "8.511-allied-river-does-not"])
def test_8_511_a_river_taken_by_a_crossing_forces_no_attack_into_a_contested_area(tmp_path, held):
    """8.511 「この攻撃が撃退されなければその橋/河川境界線は自軍が奪取したことになる」: across its own
    river into an area contested when the impulse began, the attack is the attacker's choice (8.52);
    across the Germans' river it is forced (8.51)."""
    text = "area 1 clear 1\narea 2 clear 1\nborder 1-2 river\ncontrol 1 US\n"
    text += "unit A1 allied US infantry 3-4-3/2 1\nunit A2 allied US infantry 3-4-3/2 2\n"
    text += "unit G1 german DE infantry 2-3-2/1 2\n"
    match = new_match(tmp_path, text)
    if held:
        with match.store.transaction():
            match.log(Event("note", purpose="test: a crossing not repulsed took the river"))
            bridges.hold_river(match, "1", "2", "allied")
    step = entry(match, {**board(match).units["A1"], "mp": 3}, "2")
    assert step.forced is not held


def test_8_511_a_held_river_is_no_supply_crossing(tmp_path):
    """Digest ruling 17: an Allied-held unbridged river still takes no supply line but the last step."""
    text = "area 1 clear 1\narea 2 clear 1\narea 3 clear 1\nborder 1-2 river\nborder 2-3\ncontrol 1 US\n"
    text += "control 2 US\ncontrol 3 US\nunit A1 allied US infantry 3-4-3/2 3\nunit A2 allied US infantry 3-4-3/2 2\n"
    match = new_match(tmp_path, text)
    with match.store.transaction():
        match.log(Event("note", purpose="test: hold the river, a source at 1"))
        bridges.hold_river(match, "1", "2", "allied")
        match.insert("path_source", {"side": "allied", "space_id": "1", "kind": "beach"})
    costs = {r["unit_id"]: r["cost"] for r in match.rules.run("cheapest-paths", side="allied")}
    assert costs == {"A1": None, "A2": 1}  # A2: the last step into its own area crosses the river


def test_20_1_five_units_cross_a_bridge_an_impulse(tmp_path, monkeypatch):
    units = "".join(f"unit A{i} allied US infantry 3-4-3/2 2\n" for i in range(1, 7))
    match = new_match(
        tmp_path, MAP.replace("bridge BR1 2-3 german", "bridge BR1 2-3 allied") + "control 3 US\n" + units
    )
    _to_allied_impulse(match, monkeypatch, [6, 6])
    for i in range(1, 6):
        match.play(Action("move", (f"A{i}", "3"), "allied"))
    with pytest.raises(RuleViolation, match="5 units crossed"):
        match.play(Action("move", ("A6", "3"), "allied"))


def test_20_2_night_construction_pays_sp_as_for_a_spent_unit(tmp_path, monkeypatch):
    """In the German Refit phase a depot at 1 pays 1 + 2 borders for the bridge at 3, then the roll."""
    text = """
area ZA zone
area 1 clear 1
area 2 clear 1
area 3 clear 1
area 4 clear 1
border 1-ZA arrow
border 1-2
border 2-3
border 3-4 river
bridge BR9 3-4 destroyed
unit G1 german DE infantry 2-3-2/2 1 Spent
"""
    match = new_match(tmp_path, text)
    match.play(Action("pass", (), "german"))
    script_dice(match, monkeypatch, [6, 6, 2])
    match.play(Action("pass", (), "allied"))
    keep_rolls(match)  # 11.6: the Sunset DR stands
    match.play(Action("depot", ("1",), "german"))
    assert Action("repair", ("BR9",), "german") in match.legal_actions("german")
    match.play(Action("repair", ("BR9",), "german"))  # dr 2 + 3 + 3 - 1 = 7
    keep_rolls(match)  # 11.6: the roll stands
    assert _state(match, "BR9") == "german"
    assert match.one("SELECT sp FROM bkn_depot WHERE match_id = ?", [match.match_id]) == 5 - 3
