"""Assault combat (8.5, 9.2): who attacks and with what support.

``attack AREA [UNIT,…] [ARTILLERY,…|none]`` names the participants (8.52: some or all of
the units waiting there; 8.51: every forced unit must take part), the point unit (the
first infantry or armour named, else the strongest) and the supporting artillery
(default: all that may). The values are combat_values.py's (9.2, 9.3, 9.7); the attack
itself is resolved in resolution.py.
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event

from .activation import activate, assault_open, closed_rule
from .board import POINT_TYPES, board, enemy_of
from .combat_values import ARTILLERY, may_support, strongest_point, supporting_artillery
from .combat_values import assault_values as assault_values  # 9.2, 9.3: the values, beside the attack
from .combat_values import defence_value as defence_value
from .combat_values import forward_candidates as forward_candidates
from .resolution import resolve

# === 8.5 ATTACKS ==========================================================================


def attackers_for(match, side: str, area: str) -> list[dict[str, Any]]:
    """Units that entered ``area`` this impulse and wait to attack (8.51, 8.52), and (8.54)
    the Fresh units of an activated contested area that have not moved."""
    b = board(match)
    entered = [u for u in b.units_in(area, side) if u["pending"] and u["entered"] == area and not u["attacked"]]
    if b.day["activated"] == area and b.day["activated_contested"]:
        entered += [
            u
            for u in b.units_in(area, side)
            if u["eligible"] and u["areas"] == 0 and u["status"] == "Fresh" and not u["attacked"]
        ]
    return entered


def legal_attacks(match, side: str) -> list[Action]:
    b = board(match)
    found = []
    for area in sorted({u["space_id"] for u in b.units.values() if u["side"] == side}):
        if attacked_refusal(b, area) or not b.areas[area].units[enemy_of(side)]:
            continue
        waiting = attackers_for(match, side, area) or contested_attackers(b, side, area)
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


def attack(match, action: Action) -> None:
    """attack AREA [UNIT,…] [ARTILLERY,…|none]: resolve one attack (8.5, 9.1)."""
    if not 1 <= len(action.args) <= 3:
        raise match.violation("attack takes an area, then optional units and artillery: attack AREA [U,…] [A,…]", "8.5")
    area, side = action.args[0], action.side
    b = board(match)
    if area not in b.areas:
        raise match.violation(f"no area {area}", "8.5")
    refusal = attacked_refusal(b, area)
    if refusal:
        raise match.violation(refusal, "8.22")
    if not b.areas[area].units[enemy_of(side)]:
        raise match.violation(f"{area} holds no enemy units", "8.5")
    if not assault_open(b) and not any(u["pending"] for u in attackers_for(match, side, area)):
        raise match.violation(f"this is a {b.day['kind']} impulse: no assault", closed_rule(b))
    if b.day["activated"] is None:
        activate(match, side, area)
    waiting = attackers_for(match, side, area)
    participants, point = _chosen(match, area, waiting, action.args[1] if len(action.args) > 1 else None)
    support = _support(match, side, area, participants, action.args[2] if len(action.args) > 2 else None)
    resolve(match, side, area, participants, support, point)


def _chosen(match, area: str, waiting, named: str | None):
    """8.51, 8.52: the named participants (all by default) and the point unit (9.2A)."""
    if not any(u["type"] in POINT_TYPES for u in waiting):
        raise match.violation(f"no infantry or armour waits to attack {area}", "9.2")
    by_id = {u["unit_id"]: u for u in waiting}
    if named is None or named == "all":
        return waiting, strongest_point(waiting)
    ids = named.split(",")
    strangers = [u for u in ids if u not in by_id]
    if strangers:
        raise match.violation(
            f"{', '.join(strangers)} cannot attack {area}: only {', '.join(by_id)} entered it or began the impulse "
            "in the activated contested area",
            "8.5",
        )
    chosen = [by_id[u] for u in dict.fromkeys(ids)]
    points = [u for u in chosen if u["type"] in POINT_TYPES]
    if not points:  # 9.2A: never artillery (16.1) nor FLAK/PAK (16.2)
        rule = "16.1" if any(u["type"] == ARTILLERY for u in chosen) else "16.2"
        raise match.violation(f"{named}: the point unit must be infantry or armour, never artillery or FLAK/PAK", rule)
    left_out = [u for u, unit in by_id.items() if unit["forced"] and u not in ids]
    if left_out:
        raise match.violation(f"{', '.join(left_out)} must attack {area}: a forced attack (8.51)", "8.51")
    if chosen[0] is not points[0]:  # 9.2A: say so when the first unit named cannot lead
        first = chosen[0]
        why = f"{first['unit_id']} ({first['type']}) cannot be the point unit"
        purpose = f"attack on {area}: {why}; {points[0]['unit_id']}, the first infantry or armour named, leads"
        match.log(Event("note", side=first["side"], purpose=purpose, rule="9.2"))
    return chosen, points[0]


def _support(match, side: str, area: str, participants, named: str | None) -> list[dict[str, Any]]:
    """9.7: the named supporting artillery (all that may, by default; 'none' for none)."""
    if named is None or named == "all":
        return supporting_artillery(match, side, area, participants)
    if named == "none":
        return []
    b = board(match)
    found = []
    for uid in dict.fromkeys(named.split(",")):
        unit = b.units.get(uid)
        why = ("9.7", f"no unit {uid} on the map") if unit is None else may_support(b, unit, side, area, participants)
        if why:
            raise match.violation(f"{uid} cannot support the attack on {area}: {why[1]}", why[0])
        found.append(unit)
    return found


def forced_attack_waiting(match, side: str):
    """8.51: an impulse cannot end while a forced attack waits to be made (the refusal, or None)."""
    b = board(match)
    for area in sorted({u["entered"] for u in b.units.values() if u["side"] == side and u["pending"] and u["forced"]}):
        if area in b.attacked or not b.areas[area].units[enemy_of(side)]:
            continue
        forced = [u["unit_id"] for u in attackers_for(match, side, area) if u["forced"]]
        if forced and any(u["type"] in POINT_TYPES for u in attackers_for(match, side, area)):
            return match.violation(
                f"the forced attack on {area} must be made before the impulse ends ({', '.join(forced)} entered it)",
                "8.51",
            )
    return None


def previews(match, actions: list[Action], waiting=None, special: str | None = None) -> list[dict[str, Any] | None]:
    """AV against DV (9.2, 9.3) of each listed ``attack AREA``, as :func:`attack` would find
    them with every waiting unit, the strongest point unit and all the artillery that may
    support (9.7), against the defender's strongest forward unit (the defender may name
    another, 9.1); each side then adds its DR. ``waiting(area)`` gives the attackers where
    another rule names them, fighting as ``special`` with no support (21.2: the paratroops
    in their drop area). None for any other order."""
    b = board(match)
    found: list[dict[str, Any] | None] = []
    for action in actions:
        if action.verb != "attack" or len(action.args) != 1 or action.args[0] not in b.areas:
            found.append(None)
            continue
        area, side = action.args[0], action.side
        if waiting is not None:
            attackers, support = waiting(area), []
        else:
            attackers = attackers_for(match, side, area) or contested_attackers(b, side, area)
            support = supporting_artillery(match, side, area, attackers)
        defenders = b.units_in(area, enemy_of(side))
        if not defenders or not any(u["type"] in POINT_TYPES for u in attackers):
            found.append(None)
            continue
        values = assault_values(match, side, area, attackers, support, defenders, special=special)
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
