"""Activation (8.1, 8.11): the impulse's first act activates one area, whose Fresh units may act.

An assault impulse moves and attacks; a bombardment impulse neither moves nor assaults (10.1,
8.11). Bridges, demolitions, landings, moves and attacks activate through :func:`activate`,
which gives each eligible unit its movement allowance for the impulse (18.3).
"""

from __future__ import annotations

from phaseline import Event

from ..scenarios import GERMAN
from .board import board, enemy_of


def allowance(match, unit) -> int:
    """18.3: German units get one extra MF in Overcast impulses."""
    bonus = 1 if unit["side"] == GERMAN and board(match).day["weather"] == "Overcast" else 0
    return unit["movement"] + bonus


def activate(match, side: str, space: str, kind: str = "assault") -> None:
    """8.1: the Fresh units in the activated area at the start of the impulse may act."""
    b = board(match)
    area = b.areas[space]
    armour = any(u["type"] == "armour" for u in b.units_in(space, enemy_of(side)))  # 8.34: enemy armour there
    match.set("bkn_day", {}, activated=space, activated_contested=area.contested(), activated_armour=armour, kind=kind)
    eligible = [u for u in b.units_in(space, side) if u["status"] == "Fresh" and not (u["moved"] or u["attacked"])]
    for u in eligible:
        match.set("bkn_unit_state", {"unit_id": u["unit_id"]}, eligible=True)
        match.set("unit_state", {"unit_id": u["unit_id"]}, mp=allowance(match, u))
    match.log(Event("note", side=side, purpose=f"{side} activates {space} ({area.name})", rule="8.1"))


def assault_open(b) -> bool:
    """8.11: this impulse may move and attack: nothing activated yet (or a Double Impulse's
    second half, 11.4), or an assault impulse under way."""
    return b.day["activated"] is None or b.day["kind"] == "assault"


def closed_rule(b) -> str:
    """The rule that closes this impulse to moves and attacks: 10.1 in a bombardment impulse
    (「いかなるユニットも移動できず」), else 8.11's kinds of impulse."""
    return "10.1" if b.day["kind"] in ("bombardment", "air-strike") else "8.11"
