"""10.1, 10.2 the units of the battle's point onto the sheet, and 10.6 back at the battle's end.

Onto the sheet: US carriers to the US sea area and the other US surface ships too until the player
places them (10.1); US submarines and all Japanese ships wait at the point for the end of placement
(placement.py); land aircraft to their side's airfield, whose capacity marker is their number (the
B-29 wings of the bombing box counting at the Marianas, 12.2); garrisoned ground units to their
position, those that moved this turn to the coastal area on their transports; each carrier's air
group of the year from storage to its deck, at full strength (10.1: reset every battle).

Back at the end: the survivors to the point, the Japanese stacks mixed again by the dice (3.3);
every carrier aircraft, destroyed or not, to storage; any other destroyed unit is out of the game
(a destroyed Japanese battalion went back to its box at once, hits.py)."""

from __future__ import annotations

from phaseline import Event

from ...board import B29, MARIANAS, STORAGE
from .. import stacks
from ..state import JP, US, fcn_state, set_state, year
from . import markers
from .sheet import AIRFIELD, CARRIERS, COASTAL, DECK, POSITION, SPACES, US_SEA, counters, kind_of


def _air_groups(match) -> dict[str, list[str]]:
    """10.1 each carrier's aircraft this year: the counters CARRIER/TYPE-N of its air group."""
    sql = (
        "SELECT carrier_id, aircraft_id, count FROM fcn_air_group WHERE match_id = ? AND year = ? ORDER BY aircraft_id"
    )
    groups: dict[str, list[str]] = {}
    for row in match.rows(sql, [match.match_id, year(match)]):
        groups.setdefault(row["carrier_id"], []).extend(
            f"{row['carrier_id']}/{row['aircraft_id']}-{n}" for n in range(1, row["count"] + 1)
        )
    return groups


def enter(match, point: str) -> None:
    """The point's units onto the sheet (the Japanese ships and US submarines wait for placement)."""
    states = match.rows_of("unit_state")
    marks = match.rows_of("fcn_unit")
    here = sorted(u for (u,), row in states.items() if row["space_id"] == point and row["status"] != "destroyed")
    units = counters(match)
    places: dict[str, str] = {}
    for unit_id in here:
        side, kind = units[unit_id]["side"], kind_of(units[unit_id])
        if kind == "air":
            places[unit_id] = AIRFIELD[side]
        elif kind == "ground":
            places[unit_id] = COASTAL if marks[(unit_id,)]["transport"] else POSITION[side]
        elif kind == "ship" and side == US:
            places[unit_id] = US_SEA  # 10.1 carriers there; other ships until the player places them
    carriers = [u for u in here if units[u]["type"] in CARRIERS]
    groups = _air_groups(match)
    planes = [(p, c) for c in carriers for p in groups.get(c, []) if states.get((p,), {}).get("space_id") == STORAGE]
    with match.held_updates():
        for unit_id, place in places.items():
            match.set("unit_state", {"unit_id": unit_id}, space_id=place)
        for plane, carrier in planes:
            match.set("unit_state", {"unit_id": plane}, space_id=DECK[units[plane]["side"]], status="full")
            match.set("fcn_unit", {"unit_id": plane}, aboard=carrier, struck=False)
    aircraft = {side: sum(1 for u, p in places.items() if p == AIRFIELD[side]) for side in (US, JP)}
    if point == MARIANAS:  # 12.2 the wings in the bombing box count at the Marianas' airfield
        aircraft[US] += sum(
            1 for (u,), row in states.items() if row["space_id"] == B29 and row["status"] != "destroyed"
        )
    match.update_where("fcn_point_state", "point_id = ?", [point], battle_fought=True)
    _battle_state(match, point, aircraft)
    match.log(
        Event(
            "note",
            side=US,
            to_space=point,
            rule="10.1",
            purpose=f"battle at {point}: the units go onto the battle sheet; airfields {aircraft[US]} (US), "
            f"{aircraft[JP]} (Japan); {len(planes)} carrier aircraft from storage",
            payload={
                "point": point,
                "places": places,
                "carrier_aircraft": [p for p, _ in planes],
                "airfields": aircraft,
            },
        )
    )


def _battle_state(match, point: str | None, airfields: dict[str, int | None]) -> None:
    """fcn_state's battle columns at a battle's start (``point``), or cleared at its end (None)."""
    set_state(
        match,
        battle_point=point,
        battle_round=0 if point else None,
        rounds_left=None,
        plan_count=None,
        bpp_spent=0,
        bpp_sp=0,
        us_airfield=airfields[US],
        jp_airfield=airfields[JP],
        battle_flown=False,
        strike_tried=False,
    )


def leave(match) -> None:
    """10.6 the battle is over: every unit on the sheet back, as the battle left it."""
    point = fcn_state(match)["battle_point"]
    units = counters(match)
    states = match.rows_of("unit_state")
    on_sheet = sorted(u for (u,), row in states.items() if row["space_id"] in SPACES)
    back, gone = [], []
    with match.held_updates():
        for unit_id in on_sheet:
            counter, status = units[unit_id], states[(unit_id,)]["status"]
            if counter["carrier_air"]:
                match.set("unit_state", {"unit_id": unit_id}, space_id=STORAGE, status="full")
                match.set("fcn_unit", {"unit_id": unit_id}, aboard=None, struck=False)
            else:
                match.set("unit_state", {"unit_id": unit_id}, space_id=point)
                match.set("fcn_unit", {"unit_id": unit_id}, struck=False)
                (gone if status == "destroyed" else back).append(unit_id)
    _restack(match, point, [u for u in back if units[u]["side"] == JP])
    for item in markers.held(match):
        markers.piles(match).take(item)
    for item in markers.drawn(match):
        markers.use(match, item)
    _battle_state(match, None, {US: None, JP: None})
    match.log(
        Event(
            "note",
            side=US,
            to_space=point,
            rule="10.6",
            purpose=f"the battle at {point} is over: back at {point} {', '.join(back) or 'none'}; "
            f"out of the game {', '.join(gone) or 'none'}",
            payload={"point": point, "back": back, "destroyed": gone},
        )
    )


def _restack(match, point: str, survivors: list[str]) -> None:
    """3.3 the Japanese at the point stacked again at random: the survivors, those come into the
    battle (Battalion Draw) with them, none of those lost (a battalion in its box, 2.8)."""
    own = stacks.piles(match)
    piled = [u for kind in stacks.KINDS for u in own.items(stacks.pile_name(point, kind))]
    stacks.leave(match, [u for u in piled if u not in survivors])
    joining = [u for u in survivors if own.where(u) is None]
    if joining:
        stacks.arrive(match, joining, point, mixed=False)
    stacks.mix(match, point)
