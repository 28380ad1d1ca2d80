"""Battle for Germany 4.0–4.4: zones of control (digest §5.5 cases 11–14).

Positions are two rows of hexes (rows 01–02; odd rows' neighbours are (r, c±1), (r±1, c−1),
(r±1, c); even rows' (r, c±1), (r±1, c), (r±1, c+1)). The West German G1 in 0204 projects
its ZOC into 0203, 0205, 0104 and 0105. Every refusal names its rule and leaves the state
untouched.
"""

from __future__ import annotations

import pytest
from games.bfg.position import advance_to, new_match, refused, state
from phaseline import Action

CORRIDOR = """
map 2x8
unit G1 GER HEER corps 2-3-4 0204
unit U1 WA US corps 7-4-8 0101
unit U2 WA US corps 6-6-7 0104
"""


def wa_moving(tmp_path, text: str = CORRIDOR, **kwargs):
    match = new_match(tmp_path, text, turns=(2, 10), **kwargs)
    return advance_to(match, "wa-movement")


def zoc_of(match, side: str) -> set[str]:
    return {r["space_id"] for r in match.rules.run("enemy-zoc", side=side)}


@pytest.fixture(scope="module")
def corridor(tmp_path_factory):
    """Read-only position shared by the refusal cases (each asserts the state is untouched)."""
    return wa_moving(tmp_path_factory.mktemp("zoc"))


def test_4_1_every_unit_projects_into_its_six_neighbours(corridor):
    assert zoc_of(corridor, "WA") == {"0203", "0205", "0104", "0105"}


@pytest.mark.parametrize(
    ("unit", "dest", "rule", "why"),
    [
        pytest.param("U1", "0105", "4.0", "entered an enemy ZOC at 0104", id="4.0-stop-on-entry"),
        pytest.param("U2", "0105", "4.3", "no ZOC to ZOC", id="4.3-no-zoc-to-zoc"),
        pytest.param("U2", "0204", "5.2", "occupied by enemy unit G1", id="5.2-no-entry-into-enemy-hex"),
    ],
)
def test_refused_moves(corridor, unit, dest, rule, why):
    error = refused(corridor, Action("move", (unit, dest)), rule)
    assert why in str(error)
    assert error.evidence


def test_4_3_a_step_from_zoc_into_zoc_is_explained_as_such_not_as_a_detour(tmp_path):
    """G starts in 0203, in U1's ZOC (U1 in 0304); 0204 next door lies in the ZOC of U1 and of
    U2 (0105). The reach query finds a detour through 0104 that stops in U2's ZOC (4.0), but
    the order is the plain step, and 4.3 forbids it."""
    text = "map 4x6\nunit U1 WA US corps 1-1-8 0304\nunit U2 WA US corps 1-1-8 0105\nunit G GER HEER corps 2-3-4 0203"
    match = advance_to(new_match(tmp_path, text, turns=(2, 10)), "ger-w-movement")
    error = refused(match, Action("move", ("G", "0204")), "4.3")
    assert "no ZOC to ZOC: it stands in the enemy ZOC at 0203" in str(error)
    assert {row["space_id"] for row in error.evidence} == {"0203", "0204"}


def test_4_2_entering_costs_no_extra_mp_but_ends_the_move(tmp_path):
    """Case 11: MA 8 enters enemy ZOC after 3 MP: it must stop, its other 5 MP are lost."""
    match = wa_moving(tmp_path)
    match.play(Action("move", ("U1", "0104")))
    event = match.rows("SELECT * FROM event WHERE match_id = ? AND kind = 'move'", [match.match_id])[-1]
    assert '"cost":3' in event["payload"]  # 4.2 three clear hexes, nothing for the ZOC
    assert state(match, "U1")["mp"] == 0
    refused(match, Action("move", ("U1", "0103")), "4.0")


def test_4_3_leave_at_start_then_enter_another_zoc(tmp_path):
    """Case 13: a unit starting in enemy ZOC leaves to a free hex, then enters ZOC again and stops."""
    match = wa_moving(tmp_path)
    match.play(Action("move", ("U2", "0103")))  # out of the ZOC, at the start of its move
    assert state(match, "U2")["mp"] == 6
    match.play(Action("move", ("U2", "0203")))  # free hex → ZOC: legal, and it stops
    assert state(match, "U2")["space_id"] == "0203"
    assert state(match, "U2")["mp"] == 0


def test_4_3_one_order_routes_around_zoc_to_zoc(tmp_path):
    match = wa_moving(tmp_path)
    match.play(Action("move", ("U2", "0203")))
    event = match.rows("SELECT payload FROM event WHERE match_id = ? AND kind = 'move'", [match.match_id])[-1]
    assert '"path":["0104","0103","0203"]' in event["payload"]


def test_4_1_friendly_units_do_not_cancel_enemy_zoc(tmp_path):
    match = wa_moving(tmp_path)
    match.play(Action("move", ("U1", "0104")))  # onto U2, inside G1's ZOC
    assert state(match, "U1")["mp"] == 0


@pytest.mark.parametrize(
    "kind",
    [pytest.param("prohibited", id="4.4-no-zoc-across-prohibited"), pytest.param("sea", id="4.4-no-zoc-across-sea")],
)
def test_4_4_blocked_hexsides(tmp_path, kind):
    """Case 14: no ZOC across a prohibited or sea hexside; the unit passes 0104 freely."""
    match = wa_moving(tmp_path, CORRIDOR.replace("unit U2 WA US corps 6-6-7 0104\n", "") + f"{kind} 0104-0204\n")
    assert "0104" not in zoc_of(match, "WA")
    assert {"0203", "0205", "0105"} <= zoc_of(match, "WA")
    match.play(Action("move", ("U1", "0104")))
    assert state(match, "U1")["mp"] == 5


def test_4_0_allies_exert_no_zoc_on_each_other(tmp_path):
    """Digest 3.1 default: a ZOC affects only forces that may attack its owner (WA and Soviets do not)."""
    match = wa_moving(
        tmp_path,
        """
        map 2x8
        zone E cols 05-08
        unit S1 SOV SOV army 7-7-4 0205
        unit U1 WA US corps 7-4-8 0101
        """,
    )
    assert zoc_of(match, "WA") == set()
    match.play(Action("move", ("U1", "0104")))  # next to S1 across the boundary
    assert state(match, "U1")["mp"] == 5


def test_4_3_zoc_leaves_only_at_start_of_movement(tmp_path):
    """A unit that ends next to an enemy may leave at the start of its next Movement Phase."""
    match = wa_moving(tmp_path)
    match.play(Action("move", ("U1", "0104")))
    advance_to(match, "wa-movement", turn=3)
    match.play(Action("move", ("U1", "0102")))
    assert state(match, "U1")["space_id"] == "0102"
