"""10.6 after the combat steps: step 6 the ground units land, step 7 the aircraft return and the
airfields are checked.

Step 6: units on their beach move into their position; then units on transports land on their beach
(Marines straight into their position), and their transport is gone; units in position stay.

Step 7: carrier aircraft go back to the carriers: each undamaged carrier takes back as many as it
carried (the count, not the types, so an aircraft may land on another of its side's carriers: digest
§9.2), a damaged carrier none; those left over are removed for this battle (Japan: damaged first,
then the cheapest; the US: the player's choice, ``us-air-removal``). Land aircraft go back to their
airfield; beyond its capacity they are removed (Japan: damaged ones cheapest first, then full ones
cheapest first; the US: the player's choice). At the Marianas the B-29 wings in the bombing box count
against the US airfield and may be removed (12.2). Among equal Japanese aircraft the player picks
(``jp-air-removal``, 1.3)."""

from __future__ import annotations

from phaseline import Event

from ...board import B29, MARIANAS
from ..state import JP, US, year
from . import agenda
from .agenda import DONE, Task
from .sheet import AIRFIELD, BEACH, COASTAL, DECK, POSITION, Piece, Sheet, piece, sheet


def landing(match, task: Task) -> str:
    """Step 6: beach to position, then transport to beach (Marines to their position)."""
    s = sheet(match)
    moves: list[tuple[Piece, str]] = []
    for side in (JP, US):
        for p in s.of(side):
            if p.kind == "ground" and p.space == BEACH[side]:
                moves.append((p, POSITION[side]))
            elif p.kind == "ground" and p.transport and p.space == COASTAL:
                moves.append((p, POSITION[side] if p.marine else BEACH[side]))
    with match.held_updates():
        for p, to in moves:
            match.set("unit_state", {"unit_id": p.unit_id}, space_id=to)
            if p.transport:
                match.set("fcn_unit", {"unit_id": p.unit_id}, transport=False)
    for side in (JP, US):
        moved = [f"{p.unit_id} to {to}" for p, to in moves if p.side == side]
        if moved:
            match.log(Event("note", side=side, rule="10.6", purpose=f"ground units move: {', '.join(moved)}"))
    return DONE


def carried(match, carrier: str) -> int:
    """How many aircraft ``carrier`` carries this year (its air group, 2.7)."""
    sql = "SELECT carrier_id, sum(count) AS n FROM fcn_air_group WHERE match_id = ? AND year = ? GROUP BY carrier_id"
    counts = match.derived(
        ("fcn carried", year(match)),
        (),
        lambda: {r["carrier_id"]: int(r["n"]) for r in match.rows(sql, [match.match_id, year(match)])},
    )
    return counts.get(carrier, 0)


def returns(match, task: Task) -> str:
    """Step 7: the carriers' and the airfields' checks of both sides, then every aircraft home."""
    agenda.push(
        match,
        *({"do": "air-removal", "side": side, "pool": pool} for pool in ("carrier", "land") for side in (JP, US)),
        {"do": "homecoming"},
    )
    return DONE


def bombing_box(match, s: Sheet) -> list[Piece]:
    """12.2 the B-29 wings in the bombing box, counted at the Marianas' airfield in a battle there."""
    if s.point != MARIANAS:
        return []
    marks = match.rows_of("fcn_unit")
    return [
        piece(match, unit_id, row, marks.get((unit_id,), {}))
        for (unit_id,), row in sorted(match.rows_of("unit_state").items())
        if row["space_id"] == B29 and row["status"] != "destroyed"
    ]


def _pool(match, s: Sheet, side: str, pool: str) -> tuple[list[Piece], int]:
    """The aircraft returning to ``side``'s carriers or airfield, and how many they take."""
    if pool == "carrier":
        planes = [p for p in s.of(side) if p.kind == "carrier-air"]
        return planes, sum(carried(match, c.unit_id) for c in s.carriers(side) if c.status == "full")
    planes = [p for p in s.of(side) if p.kind == "air"] + (bombing_box(match, s) if side == US else [])
    return planes, s.airfield[side]


def air_removal(match, task: Task) -> str:
    """Remove the aircraft a side's carriers or airfield cannot take."""
    side, pool = task["side"], task["pool"]
    while True:
        planes, room = _pool(match, sheet(match), side, pool)
        excess = len(planes) - room
        if excess <= 0:
            return DONE
        if side == JP:
            key = min((p.status != "damaged", p.cost) for p in planes)
            tied = sorted(p.unit_id for p in planes if (p.status != "damaged", p.cost) == key)
        else:
            tied = sorted(p.unit_id for p in planes)
        question = f"{side.lower()}-air-removal"
        if len(tied) <= excess:
            gone = tied
        elif (chosen := agenda.answered(task, question)) in tied:
            gone = [chosen]
            task = agenda.settle(match, task)
        else:
            where = "carriers" if pool == "carrier" else "airfield"
            prompt = f"{excess} {side} aircraft more than the {where} can take: which is removed?"
            return agenda.ask(match, task, question, prompt, tied, "10.6", excess=excess)
        _remove(match, side, gone, pool)


def _remove(match, side: str, gone: list[str], pool: str) -> None:
    with match.held_updates():
        for unit_id in gone:
            match.set("unit_state", {"unit_id": unit_id}, status="destroyed")
    where = "the carriers" if pool == "carrier" else "the airfield"
    match.log(
        Event(
            "note",
            side=side,
            rule="10.6",
            purpose=f"{', '.join(gone)} removed: more aircraft than {where} can take",
            payload={"removed": gone, "pool": pool},
        )
    )


def homecoming(match, task: Task) -> str:
    """Every aircraft home: land aircraft on their airfield, carrier aircraft on a carrier with room,
    their own first."""
    s = sheet(match)
    with match.held_updates():
        for side in (JP, US):
            room = {c.unit_id: carried(match, c.unit_id) for c in s.carriers(side) if c.status == "full"}
            planes = [p for p in s.of(side) if p.kind == "carrier-air"]
            for p in sorted(planes, key=lambda p: (p.aboard not in room, p.unit_id)):
                deck = p.aboard if room.get(p.aboard) else next(c for c, n in sorted(room.items()) if n)
                room[deck] -= 1
                match.set("unit_state", {"unit_id": p.unit_id}, space_id=DECK[side])
                match.set("fcn_unit", {"unit_id": p.unit_id}, aboard=deck)
            for p in s.land_aircraft(side):
                match.set("unit_state", {"unit_id": p.unit_id}, space_id=AIRFIELD[side])
    return DONE
