"""9.0-9.2 the Japanese movement phase, played by the rules with scripted dice: the preliminary
steps, the order of points, the last-unit rule, battalion substitution, random destinations and the
orders that turn into Hold (digest §8.5 cases 11-15, the play example's Carolines)."""

from __future__ import annotations

import json

import pytest
from games.nimitz.position import Dice, play, where
from phaseline.games.nimitz.rules.random_pick import option_of

HOME = "Hawaii: US-Bn-01"


def japanese_movement(make, text: str, faces: list[int], options: tuple[str, ...] = (), choose=None):
    """The position played up to the end of the Japanese movement phase, the rules' order and
    destination rolls scripted (``choose(choices)`` answers next-point)."""
    match = make(text, options=options)
    while match.step.name != "us-movement":
        play(match, "end")
    dice = Dice(match, faces, prefix="")
    play(match, "end")
    while (decision := match.open_decision()) is not None:
        assert decision["kind"] == "next-point"
        play(match, f"choose {(choose or (lambda c: c[0]))(decision['choices'])}")
    assert match.step.name != "jp-movement" and not dice.faces, f"unused faces {dice.faces}"
    return match


def supply_markers(match) -> int:
    """The supply markers this turn's Holds gave (11.1 takes them off the map later in the turn)."""
    return sum(1 for n in notes(match, "9.2") if n.get("supply"))


def notes(match, rule: str) -> list[dict]:
    rows = match.rows(
        "SELECT purpose, payload FROM event WHERE match_id = ? AND kind = 'note' AND rule = ? ORDER BY seq",
        [match.match_id, rule],
    )
    return [{"purpose": r["purpose"], **json.loads(r["payload"])} for r in rows]


def test_9_0_lone_units_and_pinned_ground_units_roll_no_order(make):
    match = japanese_movement(
        make, HOME + "\nOkinawa: JP-Bn-01\nJapan: JP-Bn-02\nWake: JP-Bn-03 JP-DesRon5 US-Bn-02", [2, 2]
    )  # Japan's lone battalion rolls (Hold), Wake's ship rolls (Hold)
    marked = notes(match, "9.0")[0]["marked"]
    assert marked == {
        "JP-Bn-01": "9.0 (1) a lone ground unit or land aircraft",
        "JP-Bn-03": "9.0 (1) a lone ground unit or land aircraft",
    }


def test_9_0_lone_unit_alone_ruling_marks_only_a_point_s_only_unit(make):
    match = japanese_movement(make, HOME + "\nCarolines: JP-Bn-04 JP-DesRon5", [2], options=("lone-unit-alone",))
    assert "marked" not in (notes(match, "9.0") or [{}])[0] or "JP-Bn-04" not in notes(match, "9.0")[0]["marked"]


def test_9_0_the_player_chooses_the_order_of_points(make):
    seen = []

    def last(choices):
        seen.append(list(choices))
        return choices[-1]

    match = japanese_movement(make, HOME + "\nCarolines: JP-DesRon5\nMarshalls: JP-DesRon4", [2, 2], choose=last)
    assert seen == [["Carolines", "Marshalls"]]
    assert [n["purpose"].split(":")[0] for n in notes(match, "9.2")] == ["Hold at Marshalls", "Hold at Carolines"]


def test_9_1_last_unit_stays_reinforce(make):
    """§8.5 case 12: 1 ship, 1 infantry, 2 aircraft and Reinforce: 1 ship, 1 infantry and 1 aircraft go."""
    match = japanese_movement(
        make,
        HOME + "\nMarshalls: JP-DesRon5 JP-16Div JP-14Sentai JP-3Kokutai\nGilberts: JP-Bn-01\nobjectives: Gilberts",
        [5, 2],
    )  # Reinforce (the only garrisoned objective: no pick), then the last aircraft holds
    assert [where(match, u) for u in ("JP-DesRon5", "JP-16Div", "JP-14Sentai")] == ["Gilberts"] * 3
    assert where(match, "JP-3Kokutai") == "Marshalls"


def test_9_1_reinforce_picking_its_own_point_is_a_hold(make):
    """§8.5 case 12: the random pick lands on the units' own point: nothing moves, a Hold (+1 supply)."""
    match = japanese_movement(
        make, HOME + "\nMarshalls: JP-DesRon5 JP-16Div\nGilberts: JP-Bn-01\nobjectives: Gilberts Marshalls", [5, 7]
    )  # Reinforce; Gilberts 1-5 / Marshalls 6-10
    assert where(match, "JP-DesRon5") == "Marshalls" and supply_markers(match) == 1
    assert notes(match, "9.2")[0]["forced"]


@pytest.mark.parametrize(
    ("options", "with_battalion"),
    [
        pytest.param((), True, id="9.1-battalion-for-the-infantry-that-must-stay"),
        pytest.param(("no-battalion-for-lone-ground",), True, id="9.1-ruling-two-ground-units-still-draw"),
    ],
)
def test_9_1_battalion_substitution(make, options, with_battalion):
    """§8.5 case 13: 2 ground units ordered from a point with exactly 2: one goes, with a battalion."""
    match = japanese_movement(
        make, HOME + "\nMarshalls: JP-16Div JP-48Div\nGilberts: JP-Bn-01 Lexington", [6, 2], options=options
    )
    assert where(match, "JP-16Div") == "Gilberts" and where(match, "JP-48Div") == "Marshalls"
    assert (where(match, "JP-Bn-02") == "Gilberts") is with_battalion
    assert match.rows_of("fcn_unit")[("JP-16Div",)]["transport"]  # 9.1 into a point with US units: by transport


@pytest.mark.parametrize(
    ("options", "battalion"),
    [
        pytest.param((), "Solomons", id="9.1-play-example-draws"),
        pytest.param(("no-battalion-for-lone-ground",), "JP-BN", id="9.1-rule-example-draws-none"),
    ],
)
def test_9_1_the_carolines_advance_south(make, options, battalion):
    """The play example: 4 = Advance South, New Guinea 1-5 / Solomons 6-10, the Carolines' only
    battalion stays and one from the box goes along (§8.5 case 14)."""
    match = japanese_movement(
        make,
        HOME + "\nCarolines: Furutaka-Kako JP-DesRon5 Aoba-Kinugasa JP-Bn-04\nSolomons: US-Bn-03\nNewGuinea: US-Bn-04",
        [4, 7],
        options=options,
    )
    assert [where(match, u) for u in ("Furutaka-Kako", "JP-DesRon5", "Aoba-Kinugasa")] == ["Solomons"] * 3
    assert where(match, "JP-Bn-04") == "Carolines" and where(match, "JP-Bn-01") == battalion


def test_9_1_a_battalion_from_the_box_never_goes_alone(make):
    """9.1 the box's battalion makes up the infantry of units that move ("日本軍部隊が…移動する時"):
    with the lone-unit-alone ruling the Marshalls' battalion rolls with its ships; Sortie (10) sends the
    ships with a box battalion; its own Sortie (10) moves nothing (the last ground unit stays), so no
    battalion leaves the box for it: a Hold (the rule example: そもそもその地上部隊は移動できないので)."""
    match = japanese_movement(
        make,
        HOME + "\nMarshalls: JP-DesRon4 JP-Bn-04\nMidway: US-Bn-03\nobjectives: Hawaii Midway",
        [10, 10],
        options=("lone-unit-alone",),
    )
    sortie, hold = notes(match, "9.2")
    assert sortie["battalions"] == ["JP-Bn-01"] and where(match, "JP-DesRon4") == "Midway"
    assert hold["order"] == "hold" and "no unit at Marshalls can go" in hold["purpose"]
    assert where(match, "JP-Bn-02") == "JP-BN" and where(match, "JP-Bn-04") == "Marshalls"


@pytest.mark.parametrize(
    ("roll", "candidates", "option"),
    [
        pytest.param(5, 2, 0, id="1.3-two-options-1-5"),
        pytest.param(6, 2, 1, id="1.3-two-options-6-10"),
        pytest.param(9, 3, 2, id="1.3-three-options-7-9"),
        pytest.param(10, 3, None, id="1.3-three-options-10-again"),
        pytest.param(8, 4, 3, id="1.3-four-options-7-8"),
        pytest.param(9, 4, None, id="9.1-four-contested-points-9-again"),
        pytest.param(10, 4, None, id="9.1-four-contested-points-10-again"),
    ],
)
def test_1_3_faces_split_evenly_the_rest_rolled_again(roll, candidates, option):
    assert option_of(roll, candidates) == option


def test_9_2_hold_keeps_six_ships_and_two_infantry(make):
    """§8.5 case 11: 5 ships and 3 infantry roll Hold: the ships and the top 2 infantry stay marked,
    the bottom infantry rolls again; each Hold gives a supply marker."""
    match = japanese_movement(make, HOME + "\nJapan: Kaga Akagi Soryu Hiryu Shoho JP-16Div JP-48Div JP-2Div", [2, 2])
    first, second = notes(match, "9.2")
    assert first["units"] == ["Kaga", "Akagi", "Soryu", "Hiryu", "Shoho", "JP-16Div", "JP-48Div"]
    assert second["units"] == ["JP-2Div"] and supply_markers(match) == 2


@pytest.mark.parametrize(
    ("text", "faces", "why"),
    [
        pytest.param(
            "\nNewGuinea: JP-DesRon5 JP-Bn-01",
            [4],
            "advance-south cannot be carried out",
            id="9.2-south-next-to-australia-holds",
        ),
        pytest.param("\nJapan: JP-DesRon5", [3], "refit cannot be carried out", id="9.2-refit-in-japan-holds"),
        pytest.param("\nJapan: JP-DesRon5", [7], "battle cannot be carried out", id="9.2-battle-without-contest-holds"),
    ],
)
def test_9_2_orders_that_cannot_be_carried_out_hold(make, text, faces, why):
    match = japanese_movement(make, HOME + text, faces)
    (hold,) = notes(match, "9.2")
    assert why in hold["purpose"] and hold["forced"] and supply_markers(match) == 1


def test_9_2_no_supply_from_a_forced_hold_under_the_ruling(make):
    match = japanese_movement(make, HOME + "\nJapan: JP-DesRon5", [3], options=("no-supply-from-forced-hold",))
    assert supply_markers(match) == 0


def test_9_2_sortie_goes_to_the_nearest_objective_with_us_units(make):
    """The play example: Midway, the Solomons and New Guinea all 4 points from Japan: three equal
    candidates, 1-3 / 4-6 / 7-9 (in the order of their ids), 10 rolled again."""
    match = japanese_movement(
        make,
        HOME + "\nJapan: Kaga JP-Bn-01 JP-Bn-02\nMidway: US-Bn-02\nSolomons: US-Bn-03\nNewGuinea: US-Bn-04"
        "\nobjectives: Hawaii Midway Solomons NewGuinea",
        [10, 10, 5, 2],
    )  # Sortie; 10 again; 4-6 New Guinea; Hold
    assert where(match, "Kaga") == "NewGuinea" and where(match, "JP-Bn-01") == "NewGuinea"
