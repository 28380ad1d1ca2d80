"""3.0-3.4 setting up a campaign: the turn marker on Start, the Japanese bonus markers in their cup,
the units on their points and boxes from the year's set-up sheet, the Japanese stacks by point and
type mixed by the dice (or kept as listed in a test position), the battalion box (2.8: every other
Japanese battalion, unless the sheet lists the box's battalions itself, as the shipped sheets and a
test position may), the year's carrier aircraft of the carriers set up in storage, and the objective
markers. The linked campaign (12.6) sets each year up again from its own sheet."""

from __future__ import annotations

from collections import defaultdict

from phaseline import Event

from .board import JP_BN, STORAGE
from .rules import holding, stacks
from .rules.state import JP, US, fcn_state, set_state
from .rules.units import kind

CUP = "JP-CUP"


def set_up(match) -> None:
    """The match's first set-up: the campaign state, then the first year's sheet."""
    first = match.scenario.settings["years"][0]
    match.insert("fcn_state", {"year": first})
    set_up_year(match, first)


def set_up_year(match, year: int) -> None:
    """Place ``year``'s set-up sheet (3.3), fill the cup (3.2), mark the objectives (3.4)."""
    if fcn_state(match)["year"] != year:
        set_state(match, year=year, campaign_turn=0, turn_name="Start", rp=0, sp=0, jp_supply=0)
    counters = match.static("fcn_counter", "unit_id")
    sheet = match.rows(
        "SELECT unit_id, place, status FROM fcn_setup WHERE match_id = ? AND year = ? ORDER BY listed",
        [match.match_id, year],
    )
    placed = {row["unit_id"]: row["place"] for row in sheet}
    status = {row["unit_id"]: row["status"] for row in sheet}
    if JP_BN not in placed.values():  # 2.8 every Japanese battalion not set up waits in the box, unless
        for unit_id, counter in counters.items():  # the sheet lists the box's battalions itself
            if counter["side"] == JP and counter["type"] == "battalion" and unit_id not in placed:
                placed[unit_id] = JP_BN
    groups = match.rows(
        "SELECT carrier_id, aircraft_id, count FROM fcn_air_group WHERE match_id = ? AND year = ?",
        [match.match_id, year],
    )
    for group in groups:  # 2.7, 3.3 the year's carrier aircraft of the carriers set up go to storage
        if group["carrier_id"] in placed:
            for n in range(1, group["count"] + 1):
                placed[f"{group['carrier_id']}/{group['aircraft_id']}-{n}"] = STORAGE
    match.insert_many(
        "unit_state",
        [
            {"unit_id": u, "space_id": p, "side": counters[u]["side"], "status": status.get(u, "full")}
            for u, p in placed.items()
        ],
    )
    match.insert_many("fcn_unit", [{"unit_id": u} for u in placed])
    _stack_japanese(match, [(u, p) for u, p in placed.items() if counters[u]["side"] == JP])
    cup = [
        f"{m['marker_id']}/{n}"
        for m in match.static("fcn_bonus_marker", "marker_id").values()
        if m["side"] == JP
        for n in range(1, (m["copies"] or 0) + 1)
    ]
    stacks.piles(match).put(CUP, cup)  # 3.2 the Japanese bonus markers in their cup
    holding.mark_objectives(match)
    holding.refresh(match)
    match.log(
        Event("note", side=US, purpose=f"{year} set up: {len(placed)} units, {len(cup)} markers in the cup", rule="3.0")
    )


def _stack_japanese(match, placed: list[tuple[str, str]]) -> None:
    """3.3 one stack per type at each point and in the reinforcement box, mixed at random unless
    the scenario keeps them as listed (a test position)."""
    units = {
        u: {"category": c["category"], "carrier_air": c["carrier_air"]}
        for u, c in match.static("fcn_counter", "unit_id").items()
    }
    by_place: dict[str, list[str]] = defaultdict(list)
    for unit_id, place in placed:
        if place not in (JP_BN, STORAGE) and kind(units[unit_id]) != "carrier-air":
            by_place[place].append(unit_id)
    as_listed = match.static("fcn_campaign", "year")[fcn_state(match)["year"]]["stacks"] == "as-listed"
    own = stacks.piles(match)
    for place, unit_ids in by_place.items():
        for unit_kind in stacks.KINDS:
            of_kind = [u for u in unit_ids if kind(units[u]) == unit_kind]
            if of_kind:
                own.put(stacks.pile_name(place, unit_kind), of_kind)
        if not as_listed:
            stacks.mix(match, place)


def clear_year(match) -> None:
    """12.6 the units, stacks and cup of a year that is over leave the table before the next sheet."""
    for table in ("pile", "fcn_unit", "unit_state"):
        for key in list(match.rows_of(table)):
            match.delete(table, dict(zip(match.ledger.keys[table], key, strict=True)))
