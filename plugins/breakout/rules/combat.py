"""Assault combat (8.5, 9.2, 9.3, 9.7, 16.1): who attacks, with what support, at what values.

``attack AREA [UNIT,…] [ARTILLERY,…|none]`` names the participants (8.52: some or all of
the units waiting there; 8.51: every forced unit must take part), the point unit (the
first infantry or armour named, else the strongest) and the supporting artillery
(default: all that may). The attack itself is resolved in resolution.py.
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event

from ..scenarios import ALLIED, GERMAN
from .board import POINT_TYPES, board, enemy_of, national_group
from .zones import air_reaches, artillery_reaches

ARTILLERY = "artillery"
ARTILLERY_ADDS_AV = "artillery-adds-av"  # the other reading of 9.7 / 16.1 (digest 8.2 ruling 2)


def defence_value(unit: dict[str, Any]) -> int:
    """9.3A: Fresh or Spent printed value; Dis1 -1, Dis2 -2 (it may be negative)."""
    if unit["status"] == "Fresh":
        return unit["defense"]
    return unit["spent_defense"] - {"Spent": 0, "Dis1": 1, "Dis2": 2}[unit["status"]]


def forward_candidates(defenders: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """9.3A, 16.1: artillery may be the forward unit only if no other type is present (FLAK/PAK may)."""
    others = [u for u in defenders if u["type"] != ARTILLERY]
    pool = others or defenders
    return sorted(pool, key=lambda u: (-defence_value(u), u["status"] != "Fresh", u["unit_id"]))


# === 9.7 ARTILLERY SUPPORT ==============================================================


def may_support(b, unit: dict[str, Any], side: str, area: str, participants: list[dict[str, Any]]):
    """Why ``unit`` cannot support the attack on ``area``: (the rule that forbids it, the reason),
    or None when it can (9.7, 16.1, 14.4)."""
    uid = unit["unit_id"]
    if unit["side"] != side or unit["type"] != ARTILLERY:
        return "9.7", f"{uid} is not {side} field artillery"
    if unit["art_kind"] not in ("division", "corps"):  # 16.1: 「ネーベルベルファーは攻撃支援ができない」
        return "16.1", f"{uid} is a Nebelwerfer: it never supports attacks"
    if unit["status"] != "Fresh":
        return "9.7", f"{uid} is {unit['status']}: only Fresh artillery supports"
    if unit["moved"]:  # 9.7: 「支援野砲ユニットはそのインパルスに移動してはならず」
        return "9.7", f"{uid} has moved this impulse"
    if unit["attacked"] and unit["supported"] != 1:  # 8.53: one more attack after an overrun
        return "9.7", f"{uid} has already fired this impulse"
    here, target = b.areas.get(unit["space_id"]), b.areas[area]
    if here is None:
        return "9.7", f"{uid} is off the map"
    if here.is_box and not here.is_zone:  # 3.4: units in an approach box neither attack nor support
        return "3.4", f"{uid} is in the approach box {unit['space_id']}"
    if unit["space_id"] != area:
        if area not in b.neighbours(unit["space_id"]) or b.neighbours(unit["space_id"])[area][0] == "sea":
            return "9.7", f"{uid} in {unit['space_id']} is not in or adjacent to {area}"
        if here.contested():
            return "9.7", f"{uid} is in contested {unit['space_id']}: it supports only attacks there"
        if not artillery_reaches(here, target):
            return "14.4", f"{uid}: artillery supports into or out of a zone only within it"
    if unit["art_kind"] == "division" and unit["division"] not in {u["division"] for u in participants}:
        return "16.1", f"{uid} is {unit['division']} division artillery: no unit of its division attacks"
    if unit["art_kind"] == "corps" and national_group(unit["nationality"]) not in {
        national_group(u["nationality"]) for u in participants
    }:
        return "16.1", f"{uid} is corps artillery of another nationality"
    return None


def supporting_artillery(game, side: str, area: str, participants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """9.7, 16.1: every artillery unit that may support the attack on ``area``."""
    b = board(game)
    ids = {u["unit_id"] for u in participants}
    return [
        u
        for u in b.units.values()
        if u["unit_id"] not in ids and u["type"] == ARTILLERY and may_support(b, u, side, area, participants) is None
    ]


# === 9.2, 9.3 ATTACK AND DEFENCE VALUES ==================================================


def strongest_point(participants: list[dict[str, Any]]) -> dict[str, Any]:
    return max((u for u in participants if u["type"] in POINT_TYPES), key=lambda u: (u["attack"], u["unit_id"]))


def adds_av(game, unit: dict[str, Any]) -> bool:
    """9.7 (ruling): artillery that entered with the point unit adds no AV and no division count."""
    return unit["type"] != ARTILLERY or ARTILLERY_ADDS_AV in game.options


def assault_values(game, side, area, participants, support, defenders, point=None, forward=None, special=None):
    """AV (9.2 A-F) and DV (9.3 A-G), each modifier with its rule and reason."""
    b = board(game)
    target = b.areas[area]
    clear = b.day["weather"] == "Clear"
    point = point or strongest_point(participants)
    counted = [u for u in participants if adds_av(game, u)]
    av = [("9.2", f"point unit {point['unit_id']}", point["attack"])]
    if len(counted) > 1:
        av.append(("9.2", f"{len(counted) - 1} other participants", len(counted) - 1))
    if support:
        av.append(("9.7", f"{len(support)} supporting artillery", len(support)))
    per_division: dict[str, int] = {}
    for u in [*counted, *support]:
        if u["division"]:
            per_division[u["division"]] = per_division.get(u["division"], 0) + 1
    bonus = sum(1 for n in per_division.values() if n >= 3)
    if bonus:
        av.append(("9.2", "same-division bonus", bonus))
    if side == ALLIED and clear and air_reaches(target) and special != "airborne":  # 14.4; 21.2 none at night
        av.append(("9.2", "Allied air support in Clear weather", 1))
    if side == GERMAN and len({bool(u["ss"]) for u in [*participants, *support]}) == 2:
        av.append(("9.2", "SS and Wehrmacht units together", -1))
    forward = forward or forward_candidates(defenders)[0]
    dv = [("9.3", f"forward unit {forward['unit_id']} ({forward['status']})", defence_value(forward))]
    dv.append(("3.22", f"TEM of {area}", target.tem))
    crossing = max((u["crossing"] for u in participants if u["forced"]), default=0)
    if crossing:
        dv.append(("9.3", "forced attack across a bridge or river", crossing))
    if side == ALLIED and _works(game, area):
        dv.append(("15.1", "beach defensive works", 2))
    if side == GERMAN and clear and air_reaches(target):  # 14.4
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
    """Units that entered ``area`` this impulse and wait to attack (8.51, 8.52), and (8.54)
    the Fresh units of an activated contested area that have not moved."""
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
    from .movement import assault_open

    b = board(game)
    found = []
    for area in sorted({u["space_id"] for u in b.units.values() if u["side"] == side}):
        if attacked_refusal(b, area) or not b.areas[area].units[enemy_of(side)]:
            continue
        waiting = attackers_for(game, side, area) or contested_attackers(b, side, area)
        if not assault_open(b) and not any(u["pending"] for u in waiting):  # 11.4: a first half's attack
            continue
        if any(u["type"] in POINT_TYPES for u in waiting):
            found.append(Action("attack", (area,), side))
    return found


def attacked_refusal(b, area: str) -> str | None:
    """8.22: each area is attacked once per impulse; 11.4: in a Double Impulse's second half an
    area attacked in the first may be attacked again from within, by activating it (the None)."""
    if area not in b.attacked:
        return None
    again = b.day["double_impulse"] and area not in b.attacked_again and b.areas[area].contested()
    if again and b.day["activated"] in (None, area):
        return None
    return f"{area} was already attacked this impulse" + (
        " (11.4: again only from within, by activating it)" if again else ""
    )


def contested_attackers(b, side: str, area: str) -> list[dict[str, Any]]:
    """8.54: before any area is activated, the Fresh units of a contested area that have not
    acted may open an impulse attacking it in place (attack activates the area)."""
    if b.day["activated"] is not None or not b.areas[area].contested():
        return []
    return [u for u in b.units_in(area, side) if u["status"] == "Fresh" and not (u["moved"] or u["attacked"])]


def attack(game, action: Action) -> None:
    """attack AREA [UNIT,…] [ARTILLERY,…|none]: resolve one attack (8.5, 9.1)."""
    from .movement import activate, assault_open, closed_rule
    from .resolution import resolve

    if not 1 <= len(action.args) <= 3:
        raise game.violation("attack takes an area, then optional units and artillery: attack AREA [U,…] [A,…]", "8.5")
    area, side = action.args[0], action.side
    b = board(game)
    if area not in b.areas:
        raise game.violation(f"no area {area}", "8.5")
    refusal = attacked_refusal(b, area)
    if refusal:
        raise game.violation(refusal, "8.22")
    if not b.areas[area].units[enemy_of(side)]:
        raise game.violation(f"{area} holds no enemy units", "8.5")
    if not assault_open(b) and not any(u["pending"] for u in attackers_for(game, side, area)):
        raise game.violation(f"this is a {b.day['kind']} impulse: no assault", closed_rule(b))
    if b.day["activated"] is None:
        activate(game, side, area)
    waiting = attackers_for(game, side, area)
    participants, point = _chosen(game, area, waiting, action.args[1] if len(action.args) > 1 else None)
    support = _support(game, side, area, participants, action.args[2] if len(action.args) > 2 else None)
    resolve(game, side, area, participants, support, point)


def _chosen(game, area: str, waiting, named: str | None):
    """8.51, 8.52: the named participants (all by default) and the point unit (9.2A)."""
    if not any(u["type"] in POINT_TYPES for u in waiting):
        raise game.violation(f"no infantry or armour waits to attack {area}", "9.2")
    by_id = {u["unit_id"]: u for u in waiting}
    if named is None or named == "all":
        return waiting, strongest_point(waiting)
    ids = named.split(",")
    strangers = [u for u in ids if u not in by_id]
    if strangers:
        raise game.violation(
            f"{', '.join(strangers)} cannot attack {area}: only {', '.join(by_id)} entered it or began the impulse "
            "in the activated contested area",
            "8.5",
        )
    chosen = [by_id[u] for u in dict.fromkeys(ids)]
    points = [u for u in chosen if u["type"] in POINT_TYPES]
    if not points:  # 9.2A: never artillery (16.1) nor FLAK/PAK (16.2)
        rule = "16.1" if any(u["type"] == ARTILLERY for u in chosen) else "16.2"
        raise game.violation(f"{named}: the point unit must be infantry or armour, never artillery or FLAK/PAK", rule)
    left_out = [u for u, unit in by_id.items() if unit["forced"] and u not in ids]
    if left_out:
        raise game.violation(f"{', '.join(left_out)} must attack {area}: a forced attack (8.51)", "8.51")
    if chosen[0] is not points[0]:  # 9.2A: say so when the first unit named cannot lead
        first = chosen[0]
        why = f"{first['unit_id']} ({first['type']}) cannot be the point unit"
        purpose = f"attack on {area}: {why}; {points[0]['unit_id']}, the first infantry or armour named, leads"
        game.log(Event("note", side=first["side"], purpose=purpose, rule="9.2"))
    return chosen, points[0]


def _support(game, side: str, area: str, participants, named: str | None) -> list[dict[str, Any]]:
    """9.7: the named supporting artillery (all that may, by default; 'none' for none)."""
    if named is None or named == "all":
        return supporting_artillery(game, side, area, participants)
    if named == "none":
        return []
    b = board(game)
    found = []
    for uid in dict.fromkeys(named.split(",")):
        unit = b.units.get(uid)
        why = ("9.7", f"no unit {uid} on the map") if unit is None else may_support(b, unit, side, area, participants)
        if why:
            raise game.violation(f"{uid} cannot support the attack on {area}: {why[1]}", why[0])
        found.append(unit)
    return found


def forced_attack_waiting(game, side: str):
    """8.51: an impulse cannot end while a forced attack waits to be made (the refusal, or None)."""
    b = board(game)
    for area in sorted({u["entered"] for u in b.units.values() if u["side"] == side and u["pending"] and u["forced"]}):
        if area in b.attacked or not b.areas[area].units[enemy_of(side)]:
            continue
        forced = [u["unit_id"] for u in attackers_for(game, side, area) if u["forced"]]
        if forced and any(u["type"] in POINT_TYPES for u in attackers_for(game, side, area)):
            return game.violation(
                f"the forced attack on {area} must be made before the impulse ends ({', '.join(forced)} entered it)",
                "8.51",
            )
    return None


def previews(game, actions: list[Action], waiting=None, special: str | None = None) -> list[dict[str, Any] | None]:
    """AV against DV (9.2, 9.3) of each listed ``attack AREA``, as :func:`attack` would find
    them with every waiting unit, the strongest point unit and all the artillery that may
    support (9.7), against the defender's strongest forward unit (the defender may name
    another, 9.1); each side then adds its DR. ``waiting(area)`` gives the attackers where
    another rule names them, fighting as ``special`` with no support (21.2: the paratroops
    in their drop area). None for any other order."""
    b = board(game)
    found: list[dict[str, Any] | None] = []
    for action in actions:
        if action.verb != "attack" or len(action.args) != 1 or action.args[0] not in b.areas:
            found.append(None)
            continue
        area, side = action.args[0], action.side
        if waiting is not None:
            attackers, support = waiting(area), []
        else:
            attackers = attackers_for(game, side, area) or contested_attackers(b, side, area)
            support = supporting_artillery(game, side, area, attackers)
        defenders = b.units_in(area, enemy_of(side))
        if not defenders or not any(u["type"] in POINT_TYPES for u in attackers):
            found.append(None)
            continue
        values = assault_values(game, side, area, attackers, support, defenders, special=special)
        found.append(
            {
                "attackers": [u["unit_id"] for u in attackers],
                "support": [u["unit_id"] for u in support],
                "defenders": [u["unit_id"] for u in defenders],
                "forward": values["forward"]["unit_id"],
                "labels": {"attack": "AV", "defense": "DV"},
                "attack": values["AV"],
                "defense": values["DV"],
                "attack_terms": [[why, v, rule] for rule, why, v in values["av"]],
                "defense_terms": [[why, v, rule] for rule, why, v in values["dv"]],
            }
        )
    return found
