"""10.8 US aircraft moves and 10.9 Japanese aircraft moves.

10.8: each round the player sends any US aircraft to any area of the sheet (``fly AIRCRAFT[,…]
AREA``), or keeps it home; not into the Japanese sea area under Search Failure (10.7).

10.9: the Japanese aircraft move in groups, all land aircraft one group, each carrier's bombers one
and each carrier's fighters one, a d10 each: 1-2 Japanese sea area, 3-5 island, 6 coastal area, 7-10
US sea area. An area with no target sends the group on to the next higher position (Japanese sea,
island, coastal, US sea, then round again); with none anywhere the group stays home. Bombers move
first, only to an area with US ships other than submarines, or to the island if US land aircraft
are there, or US ground units are there while Japanese ground units or land aircraft are too. Then
fighters, only to an area holding aircraft of either side. A land group with a bomber moves as
bombers. Carrier Attack and Kamikaze (10.7) make the roll of the groups that attack a 10: each
carrier's bombers and the land aircraft; a carrier's fighters still roll, as the play example's A6M
(ruling ``carrier-attack-fighters``: they take the 10 too, as the marker reads)."""

from __future__ import annotations

from phaseline import Action, Event
from phaseline.errors import InvalidOrder
from phaseline.model import plays_ruling

from ..state import JP, US, set_state
from ..units import units_named
from . import markers
from .agenda import DONE, Task
from .sheet import AREAS, COASTAL, ISLAND, JP_SEA, TYPED, US_SEA, Piece, Sheet, home_of, sheet

CYCLE = (JP_SEA, ISLAND, COASTAL, US_SEA)  # 10.9 the areas by their position numbers
SEARCH_FAILURE = "search-failure"
FIGHTERS_TOO = "carrier-attack-fighters"  # the ruling: Carrier Attack and Kamikaze send the carriers' fighters too


def area_of_roll(roll: int) -> str:
    """10.9 the table: 1-2 Japanese sea area, 3-5 island, 6 coastal area, 7-10 US sea area."""
    return JP_SEA if roll <= 2 else ISLAND if roll <= 5 else COASTAL if roll == 6 else US_SEA


def destination(roll: int, valid) -> tuple[str | None, list[str]]:
    """The area a group goes to from its roll, sliding on past areas with no target: (the area or
    None, the areas passed over)."""
    start = CYCLE.index(area_of_roll(roll))
    passed = []
    for step in range(len(CYCLE)):
        area = CYCLE[(start + step) % len(CYCLE)]
        if valid(area):
            return area, passed
        passed.append(area)
    return None, passed


def bomber_target(s: Sheet, area: str) -> bool:
    """10.9 where Japanese bombers may go."""
    if area == ISLAND:
        if s.land_aircraft(US):
            return True
        return bool(s.ground_on_island(US)) and bool(s.ground_on_island(JP) or s.land_aircraft(JP))
    return any(p.surface for p in s.in_area(US, area))


def fighter_target(s: Sheet, area: str) -> bool:
    """10.9 where Japanese fighters may go: an area with aircraft of either side."""
    return bool(s.aloft(US, area) or s.aloft(JP, area))


def groups(s: Sheet) -> list[tuple[str, list[str], bool, bool]]:
    """10.9 the Japanese groups at home (not those of this round's First Strike): (name, aircraft,
    moves as bombers, the land group), the bombers' groups first."""
    home = [p for p in s.of(JP) if p.aircraft and not p.aloft and not p.struck]
    land = sorted(p.unit_id for p in home if p.kind == "air")
    land_bombs = any(p.bomber for p in home if p.kind == "air")
    found = []
    for carrier in sorted(p.unit_id for p in s.carriers(JP)):
        aboard = [p for p in home if p.kind == "carrier-air" and p.aboard == carrier]
        for bombers, name in ((True, "bombers"), (False, "fighters")):
            units = sorted(p.unit_id for p in aboard if p.bomber == bombers)
            if units:
                found.append((f"{carrier}'s {name}", units, bombers, False))
    if land:
        found.append(("the land aircraft", land, land_bombs, True))
    return sorted(found, key=lambda g: not g[2])


def fixed_roll(match, s: Sheet) -> tuple[str, int] | None:
    """10.7 Carrier Attack or Kamikaze in play: (the marker, the roll it gives the bombers)."""
    return next(((m.marker_id, m.fixes_roll) for _, m in markers.with_(match, JP, "fixes_roll", s)), None)


def send(match, units: list[str], area: str | None, name: str, roll: int, passed: list[str], how: str) -> None:
    """Move a group to ``area`` (None: it stays home), logged with its roll and the areas passed over."""
    with match.held_updates():
        for unit_id in units if area else []:
            match.set("unit_state", {"unit_id": unit_id}, space_id=area)
    slid = f" (no target in {', '.join(passed)})" if passed else ""
    where = f"to {area}" if area else "stay home: no target anywhere"
    match.log(
        Event(
            "note",
            side=JP,
            to_space=area,
            rule="10.9",
            purpose=f"{name} ({', '.join(units)}): {how} {roll}{slid}, {where}",
            payload={"group": name, "units": units, "roll": roll, "area": area, "passed": passed},
        )
    )


def japanese_moves(match, task: Task) -> str:
    """10.6 steps 3-4: the Japanese bombers, then the fighters, group by group."""
    for name, units, bombers, land in groups(sheet(match)):
        s = sheet(match)
        fixed = fixed_roll(match, s) if bombers or land or plays_ruling(match, FIGHTERS_TOO) else None
        if fixed:
            roll, how = fixed[1], f"{fixed[0]}: roll"
        else:
            roll = match.roll(f"10.9 destination of {name}", rule="10.9", sides=10, side=JP)
            how = "roll"
        valid = (lambda a, s=s: bomber_target(s, a)) if bombers else (lambda a, s=s: fighter_target(s, a))
        area, passed = destination(roll, valid)
        send(match, units, area, name, roll, passed, how)
    return DONE


# --- 10.8 the player's aircraft -------------------------------------------------------------


def flight_refusal(match, s: Sheet, unit: Piece | None, unit_id: str, target: str) -> tuple[str, str] | None:
    """Why ``unit_id`` may not fly to ``target`` now: (rule, reason), or None."""
    if unit is not None and unit.kind in ("ship", "sub") and unit.area is not None:
        # 10.1: 「一度戦闘シート上に配置された艦船は戦闘が終わるまで移動できません」
        return "10.1", f"{unit_id} is a ship placed in the {unit.area} area: it stays there until the battle is over"
    if unit is None or unit.side != US or not unit.aircraft:
        return "10.8", f"{unit_id} is not a US aircraft in the battle"
    if unit.struck:
        return "10.5", f"{unit_id} flew the First Strike this round"
    if target == JP_SEA and any(m.marker_id == SEARCH_FAILURE for _, m in markers.in_play(match, JP)):
        return "10.7", "Search Failure: no US aircraft into the Japanese sea area this round"
    return None


def fly(match, action: Action) -> None:
    """``fly AIRCRAFT[,…] AREA`` (10.8): jp-sea, coastal, island, us-sea, or home."""
    if len(action.args) != 2:
        raise InvalidOrder("fly takes AIRCRAFT[,AIRCRAFT…] AREA (jp-sea, coastal, island, us-sea or home)")
    typed = action.args[1].lower()
    target = "home" if typed == "home" else TYPED.get(typed)
    if target is None:
        raise InvalidOrder(f"no area {action.args[1]!r} (jp-sea, coastal, island, us-sea or home)")
    s = sheet(match)
    names = units_named(match, action.args[0], rule="10.8")
    for unit_id in names:
        refused = flight_refusal(match, s, s.pieces.get(unit_id), unit_id, target)
        if refused:
            raise match.violation(refused[1], rule=refused[0])
    with match.held_updates():
        for unit_id in names:
            home = home_of(s.pieces[unit_id])
            match.set("unit_state", {"unit_id": unit_id}, space_id=home if target == "home" else target)
    if target != "home":
        set_state(match, battle_flown=True)
    match.log(Event("note", side=US, to_space=target, rule="10.8", purpose=f"{', '.join(names)} fly to {target}"))


def flights(match, s: Sheet) -> list[Action]:
    """Each US aircraft's possible flights now (one aircraft an order)."""
    found = []
    for unit in s.of(US):
        for target in (*AREAS, "home"):
            here = unit.space if unit.aloft else "home"
            if unit.aircraft and target != here and flight_refusal(match, s, unit, unit.unit_id, target) is None:
                typed = next((k for k, v in TYPED.items() if v == target), "home")
                found.append(Action("fly", (unit.unit_id, typed), US))
    return found
