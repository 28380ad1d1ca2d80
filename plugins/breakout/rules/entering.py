"""Entering an area (8.33-8.38, 8.51, 9.3C/D, 14.2): what a move costs, or the rule forbidding it.

The MF cost comes from the movement-cost chart (8.36 A-E): the single highest cost that
applies. Ruling: an "all MF" cost (an unbridged river, a zone) can only be paid by a unit
that has not yet entered an area this impulse, and ends its move.

A border is crossed by a bridge while the bridge stands, whoever holds it: 8.36 E prices a
river crossed without a bridge, and 8.37 says only a destroyed or unprinted bridge is none.
Into an area holding enemy units an enemy-held bridge makes the attack forced (8.51). The
ruling ``enemy-bridge-as-river`` reads 8.51's 渡河 the other way: an enemy-held bridge is
crossed by a bridge only in that forced attack, else as a river (8.36 E, infantry, all MF).
A destroyed bridge leaves a river. Every crossing by a bridge counts against its five
(8.37, 20.1).
A minimum move (8.38) is one area for the whole printed allowance: never after the unit has
entered an area or spent MF (a seizure, 8.221; an attack in its contested area, 8.54), never
out of a contested area, never across a bridge seized this impulse, where an infantry unit
may instead cross the river beside it as a forced attack at +2 DV (9.3D).

8.35: an enemy-held or enemy-occupied area is entered only from an area without enemy units.
14.2 says a contested zone holds no "movement restriction (8.34)": by default a unit leaving
one is free of 8.35's too; the ruling ``contested-zone-8-35`` keeps 8.35 there.
"""

from __future__ import annotations

from dataclasses import dataclass

from phaseline.model import plays_ruling

from ..rulings import ALL_MF_LEFT, ENEMY_BRIDGE_AS_RIVER, ZONE_AS_AREA
from ..scenarios import ALLIED, GERMAN
from .activation import allowance
from .board import POINT_TYPES, Area, Board, _static, board, can_cross, enemy_of
from .bridges import seized_by
from .zones import check_entry, is_stacking_limited

ALL = 99  # an "all MF" cost


@dataclass(frozen=True)
class Entry:
    """What entering an area costs a unit, and what follows (8.36, 8.51)."""

    cost: int
    rule: str
    reason: str
    stops: bool = False
    forced: bool = False
    crossing: int = 0  # 9.3C/D: the DV bonus of a forced attack across this border
    mf: int = 0  # the chart's cost (8.36), ALL for 'all MF'
    bridge: str | None = None  # the bridge crossed (8.37: five units an impulse)
    stop_rule: str | None = None  # the rule that ends the unit's move here


def costs(match) -> dict[str, int]:
    """8.36: the chart's MF costs by code (A-D in MF; 'all' as ALL)."""
    return _static(match)["costs"]


def _check_border(match, b: Board, unit, dest: str, kind: str, landing: bool) -> None:
    """The borders no move crosses: the sea (13), back into an approach box (3.4), a landing
    not declared (19.3), an area attacked this impulse (8.31), a water obstacle (8.37)."""
    uid, here = unit["unit_id"], unit["space_id"]
    if kind == "sea":
        raise match.violation(f"{uid} cannot sail to {dest} in an impulse", "13")
    if kind == "landing" and not b.areas[here].is_box:  # 3.4: never back into the approach box
        raise match.violation(f"{uid} cannot re-enter the approach box {dest}", "3.4")
    if kind == "landing" and not landing:  # 19.4: every lander is declared before interdiction
        raise match.violation(f"{uid} lands with the order: land {dest} UNIT[,UNIT...]", "19.3")
    if dest in b.attacked:
        raise match.violation(f"{uid} cannot enter {dest}: it was attacked this impulse", "8.31")
    if kind == "water":
        raise match.violation(f"{uid} cannot cross the water obstacle {here}-{dest}", "8.37")


def _route(
    match, b: Board, unit, dest: str, kind: str, name: str | None, enemies: list[str]
) -> tuple[str, dict | None]:
    """How the border is crossed: 'bridge', 'river' (no bridge used, 8.36 E) or 'open'."""
    if kind == "river":
        return "river", None
    if kind != "bridge":
        return "open", None
    bridge = b.bridges[name]
    held_by = {"german": GERMAN, "allied": ALLIED}.get(bridge["state"])
    as_river = held_by == enemy_of(unit["side"]) and not enemies and plays_ruling(match, ENEMY_BRIDGE_AS_RIVER)
    if held_by is not None and not as_river:
        return "bridge", bridge  # 8.37: a bridge not destroyed is a bridge, whoever holds it
    if bridge["border"] == "water":  # 8.37: no unit crosses a water obstacle without a bridge it may use
        raise match.violation(
            f"{unit['unit_id']} cannot cross {bridge['name']} ({bridge['state']}): water obstacle", "8.37"
        )
    return "river", bridge


def _bridge_bonus(bridge: dict, side: str) -> int:
    """9.3C: a forced attack across a bridge +1; +1 more if enemy-held, +1 more over a water obstacle."""
    return 1 + (bridge["state"] == enemy_of(side)) + (bridge["border"] == "water")


def started_contested(b: Board, unit, origin: Area) -> bool:
    """8.34: the unit begins its move in the area it began the impulse in, and that was contested
    (as activated; before any activation, as it stands); never in a zone (14.2)."""
    was_contested = b.day["activated_contested"] if b.day["activated"] else origin.contested()
    return was_contested and unit["areas"] == 0 and not origin.is_zone


def held_back(b: Board, unit, origin: Area) -> bool:
    """8.34: non-armour units, and armour that began the impulse with enemy armour, may only go
    to an adjacent free area and stop there."""
    if not started_contested(b, unit, origin):
        return False
    if unit["type"] != "armour":
        return True
    if b.day["activated"]:
        return bool(b.day["activated_armour"])
    return any(u["type"] == "armour" for u in b.units_in(origin.space_id, enemy_of(unit["side"])))


def entry(match, unit, dest: str, landing: bool = False) -> Entry:
    """The cost of ``unit`` entering ``dest`` from where it stands, or a RuleViolation.

    A landing from an approach box is declared with ``land`` (19.3, 19.4): ``landing``
    says the caller is that order."""
    b = board(match)
    side, here, uid = unit["side"], unit["space_id"], unit["unit_id"]
    link = b.neighbours(here).get(dest)
    if link is None:
        raise match.violation(f"{uid} cannot enter {dest}: not adjacent to {here}", "8.33")
    kind, name = link
    area, origin = b.areas[dest], b.areas[here]
    enemies = area.units[enemy_of(side)]
    _check_border(match, b, unit, dest, kind, landing)
    route, bridge = _route(match, b, unit, dest, kind, name, enemies)
    extra = 0
    if route == "bridge":
        if not can_cross(b, bridge["bridge_id"]):
            raise match.violation(f"{uid} cannot cross {bridge['name']}: 5 units crossed it already", "8.37")
        seizer = seized_by(match, bridge["bridge_id"], side)
        extra = 1 if seizer not in (None, uid) else 0  # 20.3: the other units crossing pay +1 MF
    if route == "river" and unit["type"] != "infantry":
        raise match.violation(f"{uid} cannot cross the river {here}-{dest}: infantry only", "8.36")
    cost, code = _chart_cost(match, b, unit, area, route)
    stop_rule = "8.33" if enemies else None
    if held_back(b, unit, origin):
        if not area.free(side):
            raise match.violation(
                f"{uid} starts in contested {here}: it may only move to an adjacent free area", "8.34"
            )
        stop_rule = "8.34"
    over = started_contested(b, unit, origin) and b.enemy_held_crossing(side, here, dest)
    if over:  # 8.37: 「敵保持下の橋(あるいは敵保持下の河川)を通過して交戦状態エリアから出ることはできない」
        raise match.violation(f"{uid} cannot leave contested {here} across {over}", "8.37")
    _check_entering(match, b, unit, area, origin, enemies)
    forced, crossing = _forced(b, unit, area, route, bridge)
    if crossing and unit["type"] not in POINT_TYPES and not _led_across(b, unit, area):
        raise match.violation(
            f"{uid} ({unit['type']}) cannot cross {here}-{dest} into a forced attack: a point unit must lead it across",
            "8.37",
        )
    used = bridge["bridge_id"] if route == "bridge" else None
    mp, full = unit["mp"], allowance(match, unit)
    if cost == ALL:
        if unit["areas"] and not plays_ruling(match, ALL_MF_LEFT):  # 8.36 E: 全MF, the whole allowance
            raise match.violation(f"{uid} cannot spend all its MF: it has already moved", "8.36")
        return Entry(mp, code, f"all MF to enter {dest}", True, forced, crossing, ALL, used, code)
    cost += extra
    if cost <= mp:
        return Entry(
            cost, code, f"{cost} MF to enter {dest}", stop_rule is not None, forced, crossing, cost, used, stop_rule
        )
    barred = _no_minimum_move(b, unit, origin, full, extra)
    if barred and extra and _may_ford(bridge, unit, enemies):
        reason = f"all MF to cross the river beside {bridge['name']}, seized this impulse: a forced attack at +2 DV"
        return Entry(mp, "8.38", reason, True, True, 2, ALL, None, "8.38")
    if barred:
        raise match.violation(
            f"{uid} has {mp} MF left and entering {dest} costs {cost}: no minimum move, {barred}", "8.38"
        )
    return Entry(mp, "8.38", f"minimum move into {dest} for all {full} MF", True, forced, crossing, cost, used, "8.38")


def _chart_cost(match, b: Board, unit, area: Area, route: str) -> tuple[int, str]:
    """8.36: the highest cost that applies (A-D, all MF for a river (E) or a zone (14.2)), and its rule."""
    chart, side = costs(match), unit["side"]
    cost, code = (chart.get("E1", ALL), "8.36") if route == "river" else (0, "8.36")
    if area.is_zone:  # 14.2
        check_entry(match, unit, area)
        cost, code = max(cost, chart.get("E2", ALL)), "14.2"
    enemies = area.units[enemy_of(side)]
    if enemies:
        fresh = any(b.units[u]["status"] == "Fresh" for u in enemies)
        return max(cost, chart["D"] if fresh else chart["C"]), code
    return max(cost, chart["B"] if not area.controlled_by(side) else chart["A"]), code


def _forced(b: Board, unit, area: Area, route: str, bridge: dict | None) -> tuple[bool, int]:
    """8.51: a forced attack entering an area uncontested at the start of the impulse and holding
    enemy units, or one holding enemy units across an enemy-held bridge or river (a river the
    side took by a crossing not repulsed is its own, 8.511; one beside a bridge is still the
    bridge's border); and its crossing DV (9.3C across a bridge, 9.3D across a river without one)."""
    side = unit["side"]
    if not area.units[enemy_of(side)]:
        return False, 0
    contested_at_start = any(b.units[u]["entered"] != area.space_id for u in area.units[side])
    if route == "river":
        enemy_held = bridge is not None or b.enemy_held_crossing(side, unit["space_id"], area.space_id) is not None
    else:
        enemy_held = route == "bridge" and bridge["state"] == enemy_of(side)
    if contested_at_start and not enemy_held:
        return False, 0
    return True, {"bridge": _bridge_bonus(bridge, side) if bridge else 0, "river": 2}.get(route, 0)


def _led_across(b: Board, unit, area: Area) -> bool:
    """8.37: across a border that makes the attack forced, FLAK, PAK and artillery follow a point
    unit that crossed the same border into the area this impulse."""
    return any(
        b.units[u]["type"] in POINT_TYPES
        and b.units[u]["entered"] == area.space_id
        and b.units[u]["came_from"] == unit["space_id"]
        for u in area.units[unit["side"]]
    )


def _may_ford(bridge: dict, unit, enemies: list[str]) -> bool:
    """8.38: across a bridge seized this impulse, infantry may cross the river beside it (all MF,
    8.36 E) in a forced attack on the area beyond."""
    return bridge["border"] == "river" and unit["type"] == "infantry" and bool(enemies) and not unit["areas"]


def _no_minimum_move(b: Board, unit, origin: Area, full: int, extra: int) -> str | None:
    """8.38: why the unit may not move one area for all its MF (None: it may)."""
    if unit["areas"]:
        return "it has already moved this impulse"
    if unit["mp"] < full:
        return "it has already spent MF this impulse (8.221, 8.54)"
    if started_contested(b, unit, origin):
        return "it began the impulse in a contested area"
    if extra:
        return "it crosses a bridge seized this impulse"
    return None


def _check_entering(match, b: Board, unit, area: Area, origin: Area, enemies: list[str]) -> None:
    """8.35, 8.37: who may enter an enemy area, and from where; 7.1: the stacking limits."""
    side, uid, dest = unit["side"], unit["unit_id"], area.space_id
    friends = area.units[side]
    hostile = bool(enemies) or not area.controlled_by(side)
    if hostile and not friends and unit["type"] not in POINT_TYPES:
        # 8.35: an enemy-occupied area; 8.37: an uncontested enemy-controlled one (point units only)
        rule = "8.35" if enemies else "8.37"
        raise match.violation(f"{uid} ({unit['type']}) cannot enter {dest}: a point unit must enter first", rule)
    zone_free = origin.is_zone and not plays_ruling(match, ZONE_AS_AREA)  # 14.2: no movement restriction there
    if hostile and not origin.vacant(side) and not zone_free:
        raise match.violation(
            f"{uid} cannot enter {dest} from {origin.space_id}: an enemy-held or enemy-occupied area is entered "
            "only from an area without enemy units",
            "8.35",
        )
    if is_stacking_limited(area) and len(friends) >= 10:
        raise match.violation(f"{uid} cannot enter {dest}: 10 {side} units are there", "7.1")
    corps = any(b.units[u]["art_kind"] == "corps" for u in friends)
    if unit["art_kind"] == "corps" and is_stacking_limited(area) and corps:
        raise match.violation(f"{uid} cannot enter {dest}: one corps artillery per area", "7.1")
