"""Assault values (9.2, 9.3, 9.7, 16.1, 14.4): the point and forward units, the artillery that may
support, and the AV and DV of an attack, each modifier with its rule and reason.

Asked by the attack order (combat.py), its resolution (resolution.py) and the bots.
"""

from __future__ import annotations

from typing import Any

from phaseline.model import plays_ruling

from ..rulings import ARTILLERY_ADDS_AV
from ..scenarios import ALLIED, GERMAN
from . import works
from .board import POINT_TYPES, board, national_group
from .zones import air_reaches, artillery_reaches

ARTILLERY = "artillery"


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
    if here.is_box:  # 3.4: units in an approach box neither attack nor support
        return "3.4", f"{uid} is in the approach box {unit['space_id']}"
    if unit["space_id"] != area:
        if area not in b.neighbours(unit["space_id"]) or b.neighbours(unit["space_id"])[area][0] == "sea":
            return "9.7", f"{uid} in {unit['space_id']} is not in or adjacent to {area}"
        if here.contested():
            return "16.1", f"{uid} is in contested {unit['space_id']}: it supports only attacks there"
        if not artillery_reaches(here, target):
            return "14.4", f"{uid}: artillery supports into or out of a zone only within it"
    if unit["art_kind"] == "division" and unit["division"] not in {u["division"] for u in participants}:
        return "16.1", f"{uid} is {unit['division']} division artillery: no unit of its division attacks"
    if unit["art_kind"] == "corps" and national_group(unit["nationality"]) not in {
        national_group(u["nationality"]) for u in participants
    }:
        return "16.1", f"{uid} is corps artillery of another nationality"
    return None


def supporting_artillery(match, side: str, area: str, participants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """9.7, 16.1: every artillery unit that may support the attack on ``area``."""
    b = board(match)
    ids = {u["unit_id"] for u in participants}
    return [
        u
        for u in b.units.values()
        if u["unit_id"] not in ids and u["type"] == ARTILLERY and may_support(b, u, side, area, participants) is None
    ]


# === 9.2, 9.3 ATTACK AND DEFENCE VALUES ==================================================


def strongest_point(participants: list[dict[str, Any]]) -> dict[str, Any]:
    return max((u for u in participants if u["type"] in POINT_TYPES), key=lambda u: (u["attack"], u["unit_id"]))


def adds_av(match, unit: dict[str, Any]) -> bool:
    """9.7 (ruling): artillery that entered with the point unit adds no AV and no division count."""
    return unit["type"] != ARTILLERY or plays_ruling(match, ARTILLERY_ADDS_AV)


def assault_values(match, side, area, participants, support, defenders, point=None, forward=None, special=None):
    """AV (9.2 A-F) and DV (9.3 A-G), each modifier with its rule and reason."""
    b = board(match)
    target = b.areas[area]
    clear = b.day["weather"] == "Clear"
    point = point or strongest_point(participants)
    counted = [u for u in participants if adds_av(match, u)]
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
    if side == ALLIED and works.intact(match, area):
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
