"""10.1 US placement and 10.2 Japanese placement.

10.1: a placed ship stays in its area for the whole battle. US carriers go in the US sea area only;
the other US surface ships in the US sea area or the coastal area, as the player chooses (``place
SHIP[,SHIP…] AREA``; those not placed stay in the US sea area). US submarines go in an area holding
Japanese ships (decision ``sub-area`` when there are several); with no Japanese ship they take no
part.

10.2: with carriers and a landing force (Japanese ground units on transports or on the island, or
land aircraft of either side there), the carriers go in the Japanese sea area and the escorts
alternate: the lowest gunnery to the Japanese sea area, the highest to the coastal area, until the
Japanese sea area holds as many escorts as carriers; the rest to the coastal area. With carriers and
no landing force, every ship in the Japanese sea area; with no carrier, every ship in the coastal
area. Submarines: to the US sea area if the US has carriers, else to the coastal area if US ships
are there, else to the Japanese sea area. The player picks among escorts equal in gunnery at either
step (``escort-tie``, 1.3), even where either pick places the same ships."""

from __future__ import annotations

from phaseline import Action, Event
from phaseline.errors import InvalidOrder

from ..state import JP, US, fcn_state
from ..units import units_named
from . import agenda
from .agenda import DONE, Task
from .sheet import AREAS, COASTAL, ESCORTS, JP_SEA, TYPED, US_SEA, counters, faces, kind_of, sheet

US_AREAS = {"us-sea": US_SEA, "coastal": COASTAL}


def place(match, action: Action) -> None:
    """``place SHIP[,SHIP…] AREA``: US surface ships to the US sea area or the coastal area (10.1)."""
    if len(action.args) != 2:
        raise InvalidOrder("place takes SHIP[,SHIP…] AREA (us-sea or coastal)")
    area = US_AREAS.get(action.args[1].lower())
    if area is None:
        raise match.violation(f"US ships are placed in us-sea or coastal, not {action.args[1]}", rule="10.1")
    s = sheet(match)
    names = units_named(match, action.args[0], rule="10.1")
    for unit_id in names:
        unit = s.pieces.get(unit_id)
        if unit is None or unit.side != US or not unit.surface:
            raise match.violation(f"{unit_id} is not a US surface ship in the battle", rule="10.1")
        if unit.is_carrier and area != US_SEA:
            raise match.violation(f"{unit_id} is a carrier: carriers go in the US sea area only", rule="10.1")
    with match.held_updates():
        for unit_id in names:
            match.set("unit_state", {"unit_id": unit_id}, space_id=area)
    match.log(Event("note", side=US, to_space=area, rule="10.1", purpose=f"{', '.join(names)} placed in {area}"))


def placements(match) -> list[Action]:
    s = sheet(match)
    return [
        Action("place", (p.unit_id, typed), US)
        for p in s.of(US)
        if p.surface and not p.is_carrier
        for typed, area in US_AREAS.items()
        if p.space != area
    ]


def _waiting(match, side: str, kinds: tuple[str, ...]) -> list[str]:
    """The side's ships of ``kinds`` still at the battle's point (not yet placed)."""
    point = fcn_state(match)["battle_point"]
    units = counters(match)
    return sorted(
        u
        for (u,), row in match.rows_of("unit_state").items()
        if row["space_id"] == point
        and row["status"] != "destroyed"
        and units[u]["side"] == side
        and kind_of(units[u]) in kinds
    )


def japanese_ships(match, task: Task) -> str:
    """10.2 the Japanese surface ships by the three cases."""
    units = counters(match)
    ships = _waiting(match, JP, ("ship",))
    carriers = [u for u in ships if units[u]["type"] not in ESCORTS]
    escorts = [u for u in ships if units[u]["type"] in ESCORTS]
    s = sheet(match)
    landing = bool([p for p in s.of(JP) if p.kind == "ground"] or s.land_aircraft(JP) or s.land_aircraft(US))
    if not carriers:
        places, case = {u: COASTAL for u in ships}, "landing force only: every ship to the coastal area"
    elif not landing:
        places, case = {u: JP_SEA for u in ships}, "carriers only: every ship to the Japanese sea area"
    else:
        chosen = _escorts_to_sea(match, task, escorts, len(carriers))
        if chosen is None:
            return agenda.WAIT
        places = {u: JP_SEA if u in carriers or u in chosen else COASTAL for u in ships}
        case = "carriers and a landing force: carriers and the lowest-gunnery escorts to the Japanese sea area"
    _put(match, places, "10.2", case)
    return DONE


def _gunnery(match, unit_id: str) -> int:
    """The printed gunnery of the face the ship shows (no marker is drawn yet)."""
    counter = counters(match)[unit_id]
    face = match.rows_of("unit_state")[(unit_id,)]["status"]
    return faces(match)[(counter["counter_id"], face)]["gunnery"] or 0


def _escorts_to_sea(match, task: Task, escorts: list[str], carriers: int) -> list[str] | None:
    """The escorts the alternation sends to the Japanese sea area: step #1 the lowest gunnery there,
    step #2 the highest to the coastal area, until it holds as many escorts as carriers (10.2). Escorts
    equal in gunnery at either step are the player's to pick (1.3), even where either pick places the
    same ships; the task keeps the picks made (``picked``). None: a question waits."""
    gunnery = {u: _gunnery(match, u) for u in escorts}
    left, sea, made = sorted(escorts), [], list(task.get("picked", []))
    picks = iter(made)
    step = 1
    while left and len(sea) < carriers:
        best = (min if step == 1 else max)(gunnery[u] for u in left)
        tied = [u for u in left if gunnery[u] == best]
        chosen = tied[0] if len(tied) == 1 else next(picks, None) or agenda.answered(task, "escort-tie")
        if chosen not in tied:
            area = "the Japanese sea area (step #1, lowest)" if step == 1 else "the coastal area (step #2, highest)"
            prompt = f"Japanese escorts of gunnery {best}: which goes to {area}?"
            agenda.ask(match, task, "escort-tie", prompt, tied, "10.2")
            return None
        if len(tied) > 1 and chosen not in made:
            made.append(chosen)
            task = agenda.settle(match, task, picked=made)
        left.remove(chosen)
        if step == 1:
            sea.append(chosen)
        step = 3 - step
    return sea


def _put(match, places: dict[str, str], rule: str, purpose: str, side: str = JP) -> None:
    with match.held_updates():
        for unit_id, area in places.items():
            match.set("unit_state", {"unit_id": unit_id}, space_id=area)
    if places:
        where = "; ".join(
            f"{a}: {', '.join(u for u, b in places.items() if b == a)}" for a in AREAS if a in places.values()
        )
        match.log(Event("note", side=side, rule=rule, purpose=f"{purpose}: {where}", payload={"places": places}))


def japanese_submarines(match, task: Task) -> str:
    """10.2 the Japanese submarines: where the US carriers are, else the US ships in the coastal area."""
    subs = _waiting(match, JP, ("sub",))
    s = sheet(match)
    if s.carriers(US):
        area = US_SEA
    elif any(p.surface for p in s.in_area(US, COASTAL)):
        area = COASTAL
    else:
        area = JP_SEA
    _put(match, {u: area for u in subs}, "10.2", "Japanese submarines")
    return DONE


def us_submarines(match, task: Task) -> str:
    """10.1 each US submarine to an area holding Japanese ships (the player's choice among several)."""
    subs = _waiting(match, US, ("sub",))
    s = sheet(match)
    areas = [a for a in AREAS if any(p.kind in ("ship", "sub") for p in s.in_area(JP, a))]
    if subs and not areas:
        match.log(Event("note", side=US, rule="10.1", purpose=f"no Japanese ship: {', '.join(subs)} take no part"))
        return DONE
    for sub in subs:
        typed = [k for k, v in TYPED.items() if v in areas]
        chosen = typed[0] if len(typed) == 1 else agenda.answered(task, "sub-area")
        if chosen not in typed:
            prompt = f"{sub}: to which area holding Japanese ships?"
            return agenda.ask(match, task, "sub-area", prompt, typed, "10.1", submarine=sub)
        task = agenda.settle(match, task)
        _put(match, {sub: TYPED[chosen]}, "10.1", "US submarine", side=US)
    return DONE
