"""Activation and movement (8.1-8.4): one area activated, its Fresh units move area by area.

The MF cost to enter an area comes from the movement-cost chart (8.36 A-E): the single
highest cost that applies. Ruling: an "all MF" cost (an unbridged river, a zone) can
only be paid by a unit that has not yet spent MF this impulse, and ends its move.
"""

from __future__ import annotations

from dataclasses import dataclass

from phaseline import Action, Event, RuleViolation

from ..scenarios import ALLIED, GERMAN
from . import advantage
from .board import POINT_TYPES, _static, board, can_cross, count_crossing, enemy_of, national_group, update_control
from .bridges import seized_this_impulse
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


def costs(game) -> dict[str, int]:
    """8.36: the chart's MF costs by code (A-D in MF; 'all' as ALL)."""
    return _static(game)["costs"]


def allowance(game, unit) -> int:
    """18.3: German units get one extra MF in Overcast impulses."""
    bonus = 1 if unit["side"] == GERMAN and board(game).day["weather"] == "Overcast" else 0
    return unit["movement"] + bonus


def entry(game, unit, dest: str, landing: bool = False) -> Entry:
    """The cost of ``unit`` entering ``dest`` from where it stands, or a RuleViolation.

    A landing from an approach box is declared with ``land`` (19.3, 19.4): ``landing``
    says the caller is that order."""
    b = board(game)
    side, here = unit["side"], unit["space_id"]
    link = b.neighbours(here).get(dest)
    if link is None:
        raise game.violation(f"{unit['unit_id']} cannot enter {dest}: not adjacent to {here}", "8.33")
    kind, name = link
    area, origin = b.areas[dest], b.areas[here]
    enemy = enemy_of(side)
    enemies = area.units[enemy]
    chart = costs(game)
    cost, code, crossing, forced = 0, "8.36", 0, False
    if kind == "sea":
        raise game.violation(f"{unit['unit_id']} cannot sail to {dest} in an impulse", "13")
    if kind == "landing" and not b.areas[here].is_box:  # 3.4: never back into the approach box
        raise game.violation(f"{unit['unit_id']} cannot re-enter the approach box {dest}", "3.4")
    if kind == "landing" and not landing:  # 19.4: every lander is declared before interdiction
        raise game.violation(f"{unit['unit_id']} lands with the order: land {dest} UNIT[,UNIT...]", "19.3")
    if dest in b.attacked:
        raise game.violation(f"{unit['unit_id']} cannot enter {dest}: it was attacked this impulse", "8.31")
    river = kind == "river"
    if kind == "water":
        raise game.violation(f"{unit['unit_id']} cannot cross the water obstacle {here}-{dest}", "8.37")
    if kind == "bridge":
        bridge = b.bridges[name]
        held_by = {"german": GERMAN, "allied": ALLIED}.get(bridge["state"])
        if held_by == side and not can_cross(b, name):
            raise game.violation(f"{unit['unit_id']} cannot cross {bridge['name']}: 5 units crossed it already", "8.37")
        if held_by == enemy and enemies:  # 8.51: a forced attack across the enemy-held bridge
            forced, crossing = True, 2 + (1 if bridge["border"] == "water" else 0)
        elif held_by != side:  # destroyed, or enemy-held into a vacant area: the border itself
            if bridge["border"] == "water":
                raise game.violation(
                    f"{unit['unit_id']} cannot cross {bridge['name']} ({bridge['state']}): water obstacle", "3.23"
                )
            river = True
    if river:
        if unit["type"] != "infantry":
            raise game.violation(f"{unit['unit_id']} cannot cross the river {here}-{dest}: infantry only", "8.36")
        cost, code = chart.get("E1", ALL), "8.36"
        if enemies:
            forced, crossing = True, max(crossing, 2)
    if area.is_zone:  # 14.2
        check_entry(game, unit, area)
        cost, code = max(cost, chart.get("E2", ALL)), "14.2"
    if enemies:
        fresh = any(b.units[u]["status"] == "Fresh" for u in enemies)
        cost = max(cost, chart["D"] if fresh else chart["C"])
    elif not area.controlled_by(side):
        cost = max(cost, chart["B"])
    else:
        cost = max(cost, chart["A"])
    seized = kind == "bridge" and seized_this_impulse(game, name, side)
    if seized:  # 20.3: +1 MF to cross a bridge seized this impulse, and no minimum move
        cost += 1
    friends = area.units[side]
    if (enemies or not area.controlled_by(side)) and not friends and unit["type"] not in POINT_TYPES:
        raise game.violation(
            f"{unit['unit_id']} ({unit['type']}) cannot enter {dest}: a point unit must enter first", "8.35"
        )
    if is_stacking_limited(area) and len(friends) >= 10:
        raise game.violation(f"{unit['unit_id']} cannot enter {dest}: 10 {side} units are there", "7.1")
    corps = any(b.units[u]["art_kind"] == "corps" for u in friends)
    if unit["art_kind"] == "corps" and is_stacking_limited(area) and corps:
        raise game.violation(f"{unit['unit_id']} cannot enter {dest}: one corps artillery per area", "7.1")
    contested_at_start = any(b.units[u]["entered"] != dest for u in friends)
    if enemies and not contested_at_start:
        forced = True  # 8.51: entering an area uncontested at the start of the impulse, holding enemy units
    stops = bool(enemies)
    was_contested = b.day["activated_contested"] if b.day["activated"] else origin.contested()
    started_contested = was_contested and unit["areas"] == 0 and not origin.is_zone
    if started_contested and (unit["type"] != "armour" or _enemy_armour(b, here, side)):
        if not area.free(side):
            raise game.violation(
                f"{unit['unit_id']} starts in contested {here}: it may only move to an adjacent free area", "8.34"
            )
        stops = True
    mp, full = unit["mp"], allowance(game, unit)
    if cost == ALL:
        if unit["areas"]:
            raise game.violation(f"{unit['unit_id']} cannot spend all its MF: it has already moved", "8.36")
        return Entry(mp, code, f"all MF to enter {dest}", True, forced, crossing, ALL)
    if cost > mp:
        if unit["areas"] or started_contested or seized:  # 8.38: minimum move only as the first move
            raise game.violation(f"{unit['unit_id']} has {mp} MF left; entering {dest} costs {cost}", "8.36")
        return Entry(mp, "8.38", f"minimum move into {dest} for all {full} MF", True, forced, crossing, cost)
    return Entry(cost, code, f"{cost} MF to enter {dest}", stops, forced, crossing, cost)


def _enemy_armour(b, space: str, side: str) -> bool:
    return any(u["type"] == "armour" for u in b.units_in(space, enemy_of(side)))


# === 8.1 ACTIVATION =====================================================================


def can_activate(game, side: str, space: str) -> bool:
    b = board(game)
    return any(u["status"] == "Fresh" and u["movement"] > 0 for u in b.units_in(space, side))


def activate(game, side: str, space: str, kind: str = "assault") -> None:
    """8.1: the Fresh units in the activated area at the start of the impulse may act."""
    b = board(game)
    area = b.areas[space]
    game.set("bkn_day", {}, activated=space, activated_contested=area.contested(), kind=kind)
    eligible = [u for u in b.units_in(space, side) if u["status"] == "Fresh" and not (u["moved"] or u["attacked"])]
    for u in eligible:
        game.set("bkn_unit_state", {"unit_id": u["unit_id"]}, eligible=True)
        game.set("unit_state", {"unit_id": u["unit_id"]}, mp=allowance(game, u))
    game.log(Event("note", side=side, purpose=f"{side} activates {space} ({area.name})", rule="8.1"))


# === 8.3 MOVEMENT =======================================================================


def can_move(game, unit) -> bool:
    """A unit may move if it is Fresh, eligible (or its area may be activated) and not stopped."""
    b = board(game)
    if unit["status"] != "Fresh" or unit["movement"] <= 0 or unit["pending"] or unit["attacked"]:
        return False
    if b.day["activated"] is None:
        return not unit["moved"]  # 11.4: a unit that acted in a first half is done
    if not unit["eligible"] or (unit["areas"] and unit["mp"] <= 0):
        return False
    nation = b.day["nationality"]
    return not (unit["side"] == ALLIED and nation and national_group(unit["nationality"]) != nation)


def assault_open(b) -> bool:
    """8.11: this impulse may move and attack: nothing activated yet (or a Double Impulse's
    second half, 11.4), or an assault impulse under way."""
    return b.day["activated"] is None or b.day["kind"] == "assault"


def legal_moves(game, side: str) -> list[Action]:
    b = board(game)
    if not assault_open(b):
        return []
    found = []
    for unit in b.units.values():
        if unit["side"] != side or not can_move(game, unit):
            continue
        if b.day["activated"] is None:
            unit = {**unit, "mp": allowance(game, unit)}
        for dest in b.neighbours(unit["space_id"]):
            try:
                entry(game, unit, dest)
            except RuleViolation:
                continue
            found.append(Action("move", (unit["unit_id"], dest), side))
    return found


def move(game, action: Action) -> None:
    """move UNIT AREA: one area at a time (8.31), paying its MF (8.36)."""
    if len(action.args) != 2:
        raise game.violation("move takes a unit and an area: move UNIT AREA", "8.3")
    unit_id, dest = action.args
    side = action.side
    b = board(game)
    unit = b.units.get(unit_id)
    if unit is None or unit["side"] != side:
        raise game.violation(f"{unit_id} is not a {side} unit on the map", "8.12")
    if not assault_open(b):
        raise game.violation(f"this is a {b.day['kind']} impulse: no unit moves", "8.11")
    if not can_move(game, unit):
        raise game.violation(f"{unit_id} cannot move now: only Fresh units of the activated area move", "8.1")
    if b.day["activated"] is None:
        activate(game, side, unit["space_id"])
        unit = board(game).units[unit_id]
    if side == ALLIED:  # 8.37: US and British units never move in the same impulse
        nation = national_group(unit["nationality"])
        current = board(game).day["nationality"]
        if current and current != nation:
            raise game.violation(f"{unit_id} is {nation}: this impulse moves {current} units", "8.37")
        game.set("bkn_day", {}, nationality=nation)
    entry(game, unit, dest)  # refuse before any roll
    clear = board(game).day["weather"] == "Clear"
    if unit["side"] == GERMAN and unit["areas"] >= 1 and clear:
        die = _interdiction_die(game, unit)
        holder = advantage.usable_by(game)
        if holder is not None:  # 11.6: the holder may have the dr rerolled
            prompt = (
                f"Air interdiction of {unit_id} leaving {unit['space_id']}: dr {die} with FLAK makes "
                f"{die + _flak(game, unit)}; use the Advantage to reroll it? (11.6)"
            )
            context = {"unit": unit_id, "dest": dest, "die": die}
            game.ask(holder, "interdiction-reroll", prompt, ["keep", "reroll"], context, rule="11.6")
            return
        if _interdicted(game, unit, die):
            return
    _enter(game, unit_id, dest)


def answer_interdiction(game, decision, choice: str) -> None:
    """11.6: keep or reroll the interdiction dr, then stop the unit or let it enter."""
    context = decision["context"]
    unit = board(game).units[context["unit"]]
    die = context["die"]
    if choice == "reroll":
        advantage.use(game, decision["side"], f"reroll of the air interdiction of {unit['unit_id']}", "11.6")
        die = _interdiction_die(game, unit)
    if not _interdicted(game, unit, die):
        _enter(game, unit["unit_id"], context["dest"])


def _enter(game, unit_id: str, dest: str) -> None:
    """The unit enters ``dest``, paying its MF (8.36) and perhaps waiting to attack (8.5)."""
    unit = board(game).units[unit_id]
    side, here = unit["side"], unit["space_id"]
    step = entry(game, unit, dest)
    enemies = bool(board(game).areas[dest].units[enemy_of(side)])
    game.set(
        "unit_state",
        {"unit_id": unit_id},
        space_id=dest,
        mp=max(0, unit["mp"] - step.cost) if not step.stops or enemies else 0,  # 8.53: MF kept for an overrun
        moved=True,
    )
    game.set(
        "bkn_unit_state",
        {"unit_id": unit_id},
        came_from=here,
        entered=dest,
        areas=unit["areas"] + 1,
        pending=enemies,
        forced=step.forced,
        crossing=max(unit["crossing"], step.crossing),
    )
    game.log(Event("note", side=side, purpose=f"{unit_id} {here}->{dest}: {step.reason}", rule=step.rule))
    count_crossing(game, here, dest)
    update_control(game, [dest, here], mover=unit["nationality"])


def _flak(game, unit) -> int:
    """8.4, 16.2: +1 for each Fresh FLAK that is not moving in the area being left."""
    return sum(
        1
        for u in board(game).units_in(unit["space_id"], GERMAN)
        if u["type"] == "flak" and u["status"] == "Fresh" and not u["moved"] and u["unit_id"] != unit["unit_id"]
    )


def _interdiction_die(game, unit) -> int:
    return game.roll(f"air interdiction of {unit['unit_id']} leaving {unit['space_id']}", rule="8.4", side=GERMAN)


def _interdicted(game, unit, die: int) -> bool:
    """8.4: a German unit entering its second or later area in Clear weather: dr + FLAK 1 -> Dis1,
    2 -> Spent; either way it stays where it is."""
    result = die + _flak(game, unit)
    if result <= 2:
        status = "Dis1" if result <= 1 else "Spent"
        game.set("unit_state", {"unit_id": unit["unit_id"]}, status=status, mp=0, moved=True)
        game.log(
            Event(
                "note",
                side=GERMAN,
                purpose=f"{unit['unit_id']} interdicted ({result}): {status}, stays in {unit['space_id']}",
                rule="8.4",
            )
        )
        return True
    return False
