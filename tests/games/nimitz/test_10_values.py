"""10.10 scoring hits with normal/superior values (2.1; digest §8.5 cases 1-3) and 10.7 the
Japanese markers' raises (case 27), the ruling attack-plan-superior."""

from __future__ import annotations

import pytest
from games.nimitz.position import by_the_rules
from phaseline.games.nimitz.rules.battle import values
from phaseline.games.nimitz.rules.battle.sheet import Piece, faces
from phaseline.piles import Piles

COLUMNS = ("aa", "gunnery", "torpedo", "asw", "air", "anti_ship", "ground")


def unit(kind: str, side: str = "JP", **printed) -> Piece:
    """A unit showing ``printed`` values (``air=4, air_superior=2``)."""
    shown = {c: printed.get(c) for c in COLUMNS} | {f"{c}_superior": printed.get(f"{c}_superior") for c in COLUMNS}
    return Piece("TEST", side, kind, "test", "JP-SEA", "full", 1, shown, None, None, False, False, False)


def drawn(match, *markers: str) -> None:
    """Exactly ``markers`` drawn by Japan this round."""

    def put(match) -> None:
        own = Piles(match)
        for item in own.items("JP-DRAWN"):
            own.take(item)
            own.put("JP-CUP", [item])
        for marker in markers:
            item = next(i for i in own.items("JP-CUP") if i.split("/")[0] == marker)
            own.take(item)
            own.put("JP-DRAWN", [item])

    by_the_rules(match, put)


@pytest.mark.parametrize(
    ("die", "hits"),
    [
        pytest.param(5, 0, id="2.6-aa-4-2-roll-5-none"),
        pytest.param(4, 1, id="2.6-aa-4-2-roll-4-one"),
        pytest.param(3, 1, id="2.6-aa-4-2-roll-3-one"),
        pytest.param(2, 2, id="2.6-aa-4-2-roll-2-two"),
        pytest.param(1, 2, id="2.6-aa-4-2-roll-1-two"),
    ],
)
def test_10_10_normal_and_superior_values(die, hits):
    assert values.hits(die, values.Value("aa", 4, 2, 4, 2)) == hits


def test_10_10_a_value_of_10_always_hits_and_none_never_attacks(campaign):
    assert values.hits(10, values.Value("gunnery", 10, None, 10, None)) == 1
    assert values.value_of(campaign(), unit("ship", gunnery=None), "gunnery") is None


@pytest.mark.parametrize(
    ("column", "die", "hits"),
    [
        pytest.param("aa", 3, 1, id="2.6-colorado-maryland-aa-3-hits-on-3"),
        pytest.param("aa", 4, 0, id="2.6-colorado-maryland-aa-3-misses-on-4"),
        pytest.param("gunnery", 4, 1, id="2.6-colorado-maryland-gunnery-4-hits-on-4"),
        pytest.param("asw", 2, 1, id="2.6-colorado-maryland-asw-2-hits-on-2"),
        pytest.param("asw", 3, 0, id="2.6-colorado-maryland-asw-2-misses-on-3"),
    ],
)
def test_10_10_colorado_maryland(campaign, column, die, hits):
    match = campaign()
    drawn(match)
    face = faces(match)[("Colorado-Maryland", "full")]
    ship = Piece("Colorado-Maryland", "US", "ship", "BB", "COASTAL", "full", 4, face, None, None, False, False, False)
    assert values.hits(die, values.value_of(match, ship, column)) == hits


@pytest.mark.parametrize(
    ("markers", "piece", "column", "odds"),
    [
        pytest.param(
            ("air-superiority",), unit("air", air=4, air_superior=2), "air", "7/4", id="10.7-air-superiority-4-2"
        ),
        pytest.param(("air-superiority",), unit("air", anti_ship=4), "anti_ship", "7/2", id="10.7-air-superiority-4"),
        pytest.param(("surface-action",), unit("ship", gunnery=4), "gunnery", "7/2", id="10.7-surface-action-gunnery"),
        pytest.param(
            ("surface-action",), unit("ship", aa=4, aa_superior=2), "aa", "7/4", id="10.7-surface-action-aa-4-2"
        ),
        pytest.param(("surface-action",), unit("ship", aa=2), "aa", "5/2", id="10.7-surface-action-aa-2"),
        pytest.param(("surface-action",), unit("sub", torpedo=3), "torpedo", "3", id="10.7-surface-action-not-subs"),
        pytest.param(("surface-action",), unit("ship", asw=2), "asw", "2", id="10.7-surface-action-not-asw"),
        pytest.param(("infantry-combat",), unit("ground", ground=2), "ground", "5/2", id="10.7-infantry-combat"),
        pytest.param(("attack-plan",), unit("ship", gunnery=4), "gunnery", "5", id="10.7-attack-plan"),
        pytest.param(
            ("attack-plan",), unit("air", air=4, air_superior=2), "air", "5/2", id="10.7-attack-plan-normal-only"
        ),
        pytest.param(("submarine-warfare",), unit("sub", torpedo=3), "torpedo", "7/2", id="10.7-submarine-warfare"),
        pytest.param(("submarine-warfare",), unit("ship", asw=1), "asw", "5/2", id="10.7-submarine-warfare-asw"),
        pytest.param(
            ("attack-plan", "air-superiority"),
            unit("air", anti_ship=4),
            "anti_ship",
            "8/2",
            id="10.7-raises-first-then-attack-plan",
        ),
        pytest.param(
            ("air-superiority",), unit("ground", ground=2), "ground", "2", id="10.7-air-superiority-aircraft-only"
        ),
    ],
)
def test_10_7_japanese_raises(campaign, markers, piece, column, odds):
    match = campaign()
    drawn(match, *markers)
    assert values.value_of(match, piece, column).odds == odds


def test_10_7_a_us_unit_is_never_raised(campaign):
    match = campaign()
    drawn(match, "surface-action")
    assert values.value_of(match, unit("ship", side="US", gunnery=4), "gunnery").odds == "4"


def test_10_7_attack_plan_superior_ruling(make):
    match = make("Hawaii: US-Bn-01", options=("attack-plan-superior",))
    drawn(match, "attack-plan")
    assert values.value_of(match, unit("air", air=4, air_superior=2), "air").odds == "5/3"
    assert values.value_of(match, unit("ship", gunnery=4), "gunnery").odds == "5"  # no superior value is given


def test_10_10_the_log_shows_the_raise(campaign):
    match = campaign()
    drawn(match, "surface-action")
    assert values.value_of(match, unit("ship", gunnery=4), "gunnery").text() == "gunnery 4 (+3/+2 surface-action) → 7/2"
