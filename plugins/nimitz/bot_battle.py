"""The US heuristic bot in a battle (10.1, 10.5, 10.8): escorts where they fight best, the bonus
markers the battle can use, and every aircraft to the area where its attack finds targets."""

from __future__ import annotations

from phaseline import Action

from .rules.battle.bonus import FREE_BPP, cost
from .rules.battle.sheet import AIRFIELD, CARRIERS, COASTAL, ISLAND, JP_SEA, TYPED, US_SEA, Sheet
from .rules.state import JP, US

BIG_BATTLE = 5  # Japanese units on the sheet from which one SP buys three more BPP (10.5)
SP_KEPT = 4  # the SP a big battle's markers leave untouched
AREA_TYPED = {area: typed for typed, area in TYPED.items()}


def placement(s: Sheet, jp_ships: list[str]) -> list[Action]:
    """10.1 escorts: with Japanese aircraft about, as many of the best AA as the US has carriers stay
    in the US sea area to shield them; the others bombard from the coastal area (10.16) unless only
    Japanese carriers face them (their ships then stay in the Japanese sea area, 10.2). ``jp_ships``:
    the types of the Japanese ships still waiting at the point for their placement (10.2)."""
    escorts = sorted(
        (p for p in s.of(US) if p.surface and not p.is_carrier),
        key=lambda p: (-(p.values.get("aa") or 0), p.unit_id),
    )
    jp_air = any(p.aircraft for p in s.of(JP))
    landing = any(p.kind in ("ground", "air") for p in s.pieces.values())  # 10.2 a landing force
    carriers_only = any(t in CARRIERS for t in jp_ships) and not landing
    shield = len(s.carriers(US)) if jp_air else 0
    coastal = [] if carriers_only else [p.unit_id for p in escorts[shield:]]
    return [Action("place", (",".join(coastal), "coastal"), US)] if coastal else []


def markers_wanted(s: Sheet) -> list[str]:
    """10.5 the US markers this battle can use, the most useful first."""
    us_air = [p for p in s.of(US) if p.aircraft]
    jp_air = [p for p in s.of(JP) if p.aircraft]
    us_ships = [p for p in s.of(US) if p.surface]
    jp_ships = [p for p in s.of(JP) if p.surface]
    us_ground = [p for p in s.of(US) if p.kind == "ground"]
    jp_ground = [p for p in s.of(JP) if p.kind == "ground"]
    wants = [
        ("dive-bombing", any(p.bomber for p in us_air) and bool(jp_ships)),
        ("dogfight", bool(us_air) and bool(jp_air)),
        ("damage-control", bool(us_ships)),
        ("air-defense-system", bool(us_ships) and bool(jp_air)),
        ("asw", any(p.kind == "sub" for p in s.of(JP)) and bool(us_ships)),
        ("assault", bool(us_ground) and bool(jp_ground)),
        ("siege", bool(us_ground) and bool(jp_ground)),
        ("vt-fuze", bool(us_ships) and bool(jp_air)),
        ("seabees", bool(s.land_aircraft(US)) and bool(jp_air)),
        ("barrel-roll", bool(us_air) and bool(jp_air)),
        ("radar-gunnery", bool(us_ships) and bool(jp_ships or jp_ground)),
        ("leathernecks", any(p.marine for p in us_ground)),
    ]
    return [marker for marker, useful in wants if useful]


def bonus(match, s: Sheet, on_sale: list[Action]) -> list[Action]:
    """10.5 markers for the 3 free BPP, and for 3 more (1 SP) in a big battle while SP are plenty."""
    sp = match.rows_of("fcn_state")[()]["sp"]
    budget = FREE_BPP + (3 if len(s.of(JP)) >= BIG_BATTLE and sp > SP_KEPT else 0)
    offered = {a.args[0] for a in on_sale if a.verb == "bonus"}
    chosen = []
    for marker in markers_wanted(s):
        price = cost(match, marker)
        if marker in offered and price <= budget:
            chosen.append(marker)
            budget -= price
    return [Action("bonus", (",".join(chosen),), US)] if chosen else []


def targets(s: Sheet, area: str, attack: str) -> int:
    """What a US aircraft's ``attack`` can hit in ``area`` (10.12 bombing: ships at sea, never
    submarines; on the island the airfield always, ground units with US ground units or land
    aircraft there, 10.10); Japanese carriers weigh three (hit cost 1: they take hits first)."""
    if attack == "anti_ship" and area != ISLAND:
        ships = [p for p in s.in_area(JP, area) if p.surface]
        if not ships and area == COASTAL:  # 10.10 a transport is hit when no other ship is there
            return 3 * sum(1 for p in s.in_area(JP, area) if p.kind == "ground")
        return sum(3 if p.is_carrier else 1 for p in ships)
    if attack == "ground" and area == ISLAND:
        ground = len(s.ground_on_island(JP)) if s.ground_on_island(US) or s.land_aircraft(US) else 0
        return 3 * ground + (1 if s.airfield[JP] > 0 else 0)  # 4.1 Japanese ground units keep a point from the US
    return 0


def _bomber_area(s: Sheet, values: dict) -> str | None:
    scored = []
    for area in (JP_SEA, COASTAL, ISLAND, US_SEA):
        best = max((targets(s, area, attack) for attack in ("anti_ship", "ground") if values.get(attack)), default=0)
        if best:
            scored.append((-best, area))
    return min(scored)[1] if scored else None


def flights(s: Sheet, legal: list[Action]) -> list[Action]:
    """10.8 bombers to the area with the most targets for their attack; fighters with the bombers, or
    over the US carriers when Japanese aircraft are about; aircraft with nothing to do stay home.
    The US First Strike (10.5), when held, goes first against the Japanese carriers' area."""
    allowed = {(a.args[0], a.args[1]) for a in legal if a.verb == "fly"}
    strikes = [a for a in legal if a.verb == "strike"]
    if strikes:
        return [max(strikes, key=lambda a: (targets(s, TYPED[a.args[1]], "anti_ship"), a.args))]
    home = [p for p in s.of(US) if p.aircraft and not p.aloft and not p.struck]
    going: dict[str, list[str]] = {}
    bomber_areas = []
    for p in home:
        if p.bomber:
            area = _bomber_area(s, p.values)
            if area and (p.unit_id, AREA_TYPED[area]) in allowed:
                going.setdefault(area, []).append(p.unit_id)
                bomber_areas.append(area)
    jp_air = any(p.aircraft for p in s.of(JP))
    cover = (
        US_SEA if jp_air and s.carriers(US) else max(sorted(set(bomber_areas)), key=bomber_areas.count, default=None)
    )
    if cover is None and jp_air:
        cover = ISLAND if s.airfield[US] else None  # 10.9 the Japanese bombers go for the US land aircraft
    for p in home:
        if not p.bomber and cover and (p.unit_id, AREA_TYPED[cover]) in allowed:
            going.setdefault(cover, []).append(p.unit_id)
    return [Action("fly", (",".join(units), AREA_TYPED[area]), US) for area, units in going.items()]


def is_airfield(choice: str) -> bool:
    return choice in AIRFIELD.values()
