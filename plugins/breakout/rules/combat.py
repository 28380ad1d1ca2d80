"""Assault combat (8.5, 9): attack and defence values, the result, casualty points, retreats.

The defender's choices (forward unit 9.3A, spreading the casualty points 9.5, retreat
destinations 9.64) are made by a fixed policy for now, not asked: the best forward
unit, casualty points spread one step per unit in turn (a unit's last point a retreat
when it can), and the retreat priorities of 9.64.
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event

from ..optional.card_combat import combat_dr
from ..scenarios import ALLIED, GERMAN
from .board import LADDER, POINT_TYPES, board, enemy_of, national_group, side_of_controller, update_control
from .bridges import hold_river, set_bridge
from .zones import air_reaches, artillery_reaches, overrun_possible

ARTILLERY = ("artillery",)


def defence_value(unit: dict[str, Any]) -> int:
    """9.3A: Fresh or Spent printed value; Dis1 -1, Dis2 -2 (it may be negative)."""
    if unit["status"] == "Fresh":
        return unit["defense"]
    return unit["spent_defense"] - {"Spent": 0, "Dis1": 1, "Dis2": 2}[unit["status"]]


def forward_unit(defenders: list[dict[str, Any]]) -> dict[str, Any]:
    """9.3A: artillery may be forward only if no other type is present; the best value."""
    others = [u for u in defenders if u["type"] not in ARTILLERY]
    pool = others or defenders
    return max(pool, key=lambda u: (defence_value(u), u["status"] == "Fresh", u["unit_id"]))


def capacity(game) -> dict[str, int]:
    """9.5: the casualty points each condition can absorb (Fresh 4 ... Dis2 1)."""
    rows = game.rows("SELECT code, value FROM bkn_combat WHERE game_id = ? AND tbl = 'cp_capacity'", [game.game_id])
    return {r["code"]: int(r["value"]) for r in rows}


# === 9.7 ARTILLERY SUPPORT ==============================================================


def supporting_artillery(game, side: str, area: str, participants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """9.7, 16.1: Fresh field artillery in or adjacent to the target that has not moved."""
    b = board(game)
    target = b.areas[area]
    ids = {u["unit_id"] for u in participants}
    divisions = {u["division"] for u in participants if u["division"]}
    nations = {national_group(u["nationality"]) for u in participants}
    found = []
    for u in b.units.values():
        if u["side"] != side or u["unit_id"] in ids or u["type"] != "artillery" or u["status"] != "Fresh":
            continue
        if u["moved"] or u["attacked"] or u["art_kind"] not in ("division", "corps"):
            continue
        here = b.areas.get(u["space_id"])
        if here is None or (here.is_box and not here.is_zone):  # 3.4: units in a box neither attack nor support
            continue
        if u["space_id"] != area:
            if area not in b.neighbours(u["space_id"]) or b.neighbours(u["space_id"])[area][0] == "sea":
                continue
            if here.contested() or not artillery_reaches(here, target):  # 9.7, 14.4: range restrictions
                continue
        if u["art_kind"] == "division" and u["division"] not in divisions:
            continue
        if u["art_kind"] == "corps" and national_group(u["nationality"]) not in nations:
            continue
        found.append(u)
    return found


# === 9.2, 9.3 ATTACK AND DEFENCE VALUES ==================================================


def assault_values(game, side: str, area: str, participants, support, defenders) -> dict[str, Any]:
    """AV (9.2 A-F) and DV (9.3 A-G), each modifier with its reason."""
    b = board(game)
    target = b.areas[area]
    clear = b.day["weather"] == "Clear"
    points = [u for u in participants if u["type"] in POINT_TYPES]
    point = max(points, key=lambda u: (u["attack"], u["unit_id"]))
    av = [("9.2", f"point unit {point['unit_id']}", point["attack"])]
    if len(participants) > 1:
        av.append(("9.2", f"{len(participants) - 1} other participants", len(participants) - 1))
    if support:
        av.append(("9.7", f"{len(support)} supporting artillery", len(support)))
    per_division: dict[str, int] = {}
    for u in [*participants, *support]:
        if u["division"]:
            per_division[u["division"]] = per_division.get(u["division"], 0) + 1
    bonus = sum(1 for n in per_division.values() if n >= 3)
    if bonus:
        av.append(("9.2", "same-division bonus", bonus))
    if side == ALLIED and clear and air_reaches(target) and game.clock.step != "airborne":  # 21.2 none at night
        av.append(("9.2", "Allied air support in Clear weather", 1))
    if side == GERMAN and len({bool(u["ss"]) for u in [*participants, *support]}) == 2:
        av.append(("9.2", "SS and Wehrmacht units together", -1))
    forward = forward_unit(defenders)
    dv = [("9.3", f"forward unit {forward['unit_id']} ({forward['status']})", defence_value(forward))]
    dv.append(("3.22", f"TEM of {area}", target.tem))
    crossing = max((u["crossing"] for u in participants if u["forced"]), default=0)
    if crossing:
        dv.append(("9.3", "forced attack across a bridge or river", crossing))
    if side == ALLIED and _works(game, area):
        dv.append(("15.1", "beach defensive works", 2))
    if side == GERMAN and clear and air_reaches(target):
        dv.append(("9.3", "Allied air support in Clear weather", 2))
    others = sum(1 for u in defenders if u["status"] == "Fresh" and u["unit_id"] != forward["unit_id"])
    if others:
        dv.append(("9.3", f"{others} other Fresh defenders", others))
    return {
        "point": point,
        "forward": forward,
        "av": av,
        "dv": dv,
        "AV": sum(v for *_, v in av),
        "DV": sum(v for *_, v in dv),
    }


def _works(game, area: str) -> bool:
    from .works import intact

    return intact(game, area)


# === 8.5 ATTACKS ==========================================================================


def attackers_for(game, side: str, area: str) -> list[dict[str, Any]]:
    """Units that entered ``area`` this impulse and wait to attack, or (8.54) the Fresh
    units of an activated contested area that have not moved."""
    b = board(game)
    entered = [u for u in b.units_in(area, side) if u["pending"] and u["entered"] == area and not u["attacked"]]
    if b.day["activated"] == area and b.day["activated_contested"]:
        entered += [
            u
            for u in b.units_in(area, side)
            if u["eligible"] and u["areas"] == 0 and u["status"] == "Fresh" and not u["attacked"]
        ]
    return entered


def legal_attacks(game, side: str) -> list[Action]:
    b = board(game)
    if b.day["kind"] not in (None, "assault"):
        return []
    found = []
    for area in sorted({u["space_id"] for u in b.units.values() if u["side"] == side}):
        if area in b.attacked or not b.areas[area].units[enemy_of(side)]:
            continue
        if any(u["type"] in POINT_TYPES for u in attackers_for(game, side, area)):
            found.append(Action("attack", (area,), side))
    return found


def attack(game, action: Action) -> None:
    """attack AREA: every unit waiting there attacks (8.51, 8.52), with artillery support."""
    if len(action.args) != 1:
        raise game.violation("attack takes one area: attack AREA", "8.5")
    area, side = action.args[0], action.side
    b = board(game)
    if area not in b.areas:
        raise game.violation(f"no area {area}", "8.5")
    if area in b.attacked:
        raise game.violation(f"{area} was already attacked this impulse", "8.1")
    if not b.areas[area].units[enemy_of(side)]:
        raise game.violation(f"{area} holds no enemy units", "8.5")
    participants = attackers_for(game, side, area)
    if not any(u["type"] in POINT_TYPES for u in participants):
        raise game.violation(f"no infantry or armour waits to attack {area}", "9.2")
    if b.day["activated"] is None:
        from .movement import activate

        activate(game, side, area)
        participants = attackers_for(game, side, area)
    resolve(game, side, area, participants)


def resolve_pending(game, side: str) -> None:
    """8.51: forced attacks not yet made are made when the impulse ends."""
    b = board(game)
    areas = sorted({u["entered"] for u in b.units.values() if u["side"] == side and u["pending"] and u["forced"]})
    for area in areas:
        snapshot = board(game)
        if area in snapshot.attacked or not snapshot.areas[area].units[enemy_of(side)]:
            continue
        participants = attackers_for(game, side, area)
        if any(u["type"] in POINT_TYPES for u in participants):
            game.log(Event("note", side=side, purpose=f"forced attack on {area}", rule="8.51"))
            resolve(game, side, area, participants)


def resolve(game, side: str, area: str, participants: list[dict[str, Any]]) -> str:
    """9.1: AT = AV + DR against DT = DV + DR; apply 9.4 and return the result."""
    b = board(game)
    enemy = enemy_of(side)
    defenders = b.units_in(area, enemy)
    support = supporting_artillery(game, side, area, participants)
    values = assault_values(game, side, area, participants, support, defenders)
    game.insert("bkn_attacked", {"space_id": area})
    at = values["AV"] + combat_dr(game, side, f"attack on {area}", "9.1")  # 23.3 cards, if chosen
    dt = values["DV"] + combat_dr(game, enemy, f"defence of {area}", "9.1")
    explain = lambda terms: ", ".join(f"{v:+d} {why}" for _, why, v in terms)  # noqa: E731
    game.log(
        Event(
            "note",
            side=side,
            purpose=f"AV {values['AV']} ({explain(values['av'])}); "
            f"DV {values['DV']} ({explain(values['dv'])}); AT {at} vs DT {dt}",
            rule="9.1",
        )
    )
    ids = [u["unit_id"] for u in participants]
    for u in participants:
        game.set("unit_state", {"unit_id": u["unit_id"]}, attacked=True, mp=0)
        game.set("bkn_unit_state", {"unit_id": u["unit_id"]}, pending=False)
    for u in support:
        game.set("unit_state", {"unit_id": u["unit_id"]}, status="Spent", attacked=True)
    if at < dt:  # 9.41 repulse
        for unit_id in ids:
            game.set("unit_state", {"unit_id": unit_id}, status="Dis1")
        _attacker_retreat(game, side, area, [u for u in participants if u["forced"]])
        result = "repulsed"
    elif at == dt:  # 9.42 stalemate
        for unit_id in ids:
            game.set(
                "unit_state", {"unit_id": unit_id}, status="Dis1" if unit_id == values["point"]["unit_id"] else "Spent"
            )
        _capture_bridges(game, side, area, participants)
        result = "stalemate"
    else:  # 9.43 success
        cp = at - dt - (1 if b.areas[area].bocage else 0)  # 9.5: one CP less in bocage
        overrun = absorb(game, area, enemy, values["forward"]["unit_id"], cp)
        overrun = overrun and not b.areas[area].bocage and overrun_possible(b.areas[area])  # 8.53, 14.4
        _capture_bridges(game, side, area, participants)
        if overrun:
            for u in participants:  # 8.53: units with MF left may keep moving
                game.set("unit_state", {"unit_id": u["unit_id"]}, attacked=False, mp=u["mp"])
            result = "overrun"
        else:
            for unit_id in ids:
                game.set("unit_state", {"unit_id": unit_id}, status="Spent")
            result = f"success ({cp} CP)"
    game.log(Event("note", side=side, purpose=f"attack on {area}: {result}", rule="9.4"))
    update_control(game, [area, *{u["came_from"] for u in participants if u["came_from"]}])
    return result


def _capture_bridges(game, side: str, area: str, participants) -> None:
    """8.51, 9.42: a forced attack across an enemy-held bridge that is not repulsed takes it."""
    b = board(game)
    for u in participants:
        if u["forced"] and u["came_from"]:
            bridge = b.bridge(u["came_from"], area)
            if bridge and bridge["state"] not in (side, "destroyed"):
                set_bridge(game, bridge, side)
                game.log(Event("note", side=side, purpose=f"{bridge['name']} is now {side}-held", rule="8.511"))
            elif bridge is None and b.neighbours(u["came_from"]).get(area, ("", None))[0] == "river":
                hold_river(game, u["came_from"], area, side)  # 8.511: the river border is held too


# === 9.5 CASUALTY POINTS ==================================================================


def absorb(game, area: str, side: str, forward: str, cp: int) -> bool:
    """9.5: the forward unit takes the first CP; then one step per unit in turn, a unit's
    last CP a retreat where it can (else elimination). Returns True when the CP exceed
    what the defenders could absorb (9.8, 8.53: an overrun)."""
    b = board(game)
    caps = capacity(game)
    units = sorted(b.units_in(area, side), key=lambda u: (u["unit_id"] != forward, u["unit_id"]))
    total = sum(caps[u["status"]] for u in units)
    state = {u["unit_id"]: LADDER.index(u["status"]) for u in units}
    gone: dict[str, str] = {}
    left = cp
    while left > 0 and len(gone) < len(units):
        for u in units:
            uid = u["unit_id"]
            if left == 0 or uid in gone:
                continue
            if state[uid] < 3:
                state[uid] += 1
            else:
                dest = retreat_destination(game, u)
                gone[uid] = dest or "eliminated"
            left -= 1
    for u in units:
        uid = u["unit_id"]
        status = LADDER[state[uid]]
        if cp > total or gone.get(uid) == "eliminated":
            game.set("unit_state", {"unit_id": uid}, status="eliminated")
        elif uid in gone:
            game.set("unit_state", {"unit_id": uid}, status=status, space_id=gone[uid])
            update_control(game, [gone[uid]])
        elif status != u["status"]:
            game.set("unit_state", {"unit_id": uid}, status=status)
    game.log(Event("note", side=side, purpose=f"{cp} CP against a capacity of {total} in {area}", rule="9.5"))
    return cp > total


# === 9.6 RETREATS =========================================================================


def retreat_destination(game, unit: dict[str, Any]) -> str | None:
    """9.63, 9.64: the best area a defender may retreat to, or None."""
    if unit["type"] == "coastal":  # 16.3: batteries never retreat
        return None
    b = board(game)
    side, here = unit["side"], unit["space_id"]
    options = []
    for dest, (kind, name) in sorted(b.neighbours(here).items()):
        area = b.areas[dest]
        if kind in ("sea", "water", "landing") or (area.is_box and not area.is_zone):  # 9.63B
            continue
        if kind == "bridge":
            bridge = b.bridges[name]
            if bridge["state"] != side and (bridge["border"] == "water" or unit["type"] != "infantry"):
                continue  # 9.63A, B
        if kind == "river" and unit["type"] != "infantry":  # 9.63A
            continue
        if not area.controlled_by(side) and not area.contested():  # 9.63C
            continue
        full = not area.is_zone and area.count(side) >= 10
        if full:  # 9.63D, 9.66: continuing through full areas is not implemented yet
            continue
        if area.free(side):
            enemy_next = sum(1 for n in b.neighbours(dest) if side_of_controller(b.areas[n].controller) != side)
            options.append(((0, enemy_next), dest))
        elif area.controlled_by(side):
            options.append(((1, 0), dest))
        else:
            options.append(((2, 0), dest))
    return min(options)[1] if options else None


def _attacker_retreat(game, side: str, area: str, forced: list[dict[str, Any]]) -> None:
    """9.61: forced attackers retreat to the area they came from (not from an approach box)."""
    b = board(game)
    for u in forced:
        back = u["came_from"]
        if not back or u["areas"] == 0 or b.areas[back].is_box:
            continue
        if b.areas[back].count(side) >= 10:
            continue
        game.set("unit_state", {"unit_id": u["unit_id"]}, space_id=back)
        game.log(Event("note", side=side, purpose=f"{u['unit_id']} retreats to {back}", rule="9.61"))
