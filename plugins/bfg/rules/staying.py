"""Who cannot leave a hex in the coming Movement Phase, and so will be in it at the phase's end
(where 5.3 counts) whatever the player moves: a unit with no movement allowance then (7.26 a
replacement placed in enemy ZOC, 10.3 a garrison), or one with no step out of its hex within
its allowance (5.1 terrain, 5.2 enemy units, 4.3 ZOC to ZOC, the entry rules of 5.4 and 5.5),
as the shared ``movement-exit`` query finds the cheapest step out. The seed names no penalty
for a hex over the limit then, so a replacement that would make one certain is refused."""

from __future__ import annotations

import math
from typing import Any

from .positions import Limit, Stacks
from .units import all_units, label


def allowance(unit: dict[str, Any]) -> int:
    """5.0 the printed movement allowance, times its factor (7.22 doubled, 16.32 tripled, 13.2
    halved, rounded down); none for a unit frozen in enemy ZOC (7.26) or a garrison (10.3)."""
    if unit["frozen"] or unit["garrison"] is not None:
        return 0
    return math.floor(unit["movement"] * unit["mp_factor"])


class Exits:
    """The cheapest step out of some hexes (force -> hexes), for the units of ``stacks`` there
    and for ``newcomers``, by nationality: one ``movement-exit`` query per force."""

    def __init__(self, match, stacks: Stacks, hexes: dict[str, set[str]], newcomers: list[dict[str, Any]]) -> None:
        units = all_units(match)
        there = [units[u] for force, spaces in hexes.items() for h in spaces for u in stacks.units.get((force, h), ())]
        nationalities = sorted({unit["nationality"] for unit in [*there, *newcomers]})
        self.cost: dict[tuple[str, str, str], int | None] = {}
        for force, spaces in sorted(hexes.items()):
            rows = match.rules.run("movement-exit", side=force, spaces=sorted(spaces), nationalities=nationalities)
            self.cost.update({(force, row["space_id"], row["nationality"]): row["cost"] for row in rows})

    def stays(self, unit: dict[str, Any], hex_id: str) -> bool:
        """Whether ``unit`` (of its force), starting the Movement Phase in ``hex_id``, cannot leave it."""
        most = allowance(unit)
        cost = self.cost[unit["side"], hex_id, unit["nationality"]]  # asked for every hex and nationality
        return most == 0 or cost is None or cost > most


def stranded(match, stacks: Stacks, placed: dict[str, Any], exits: Exits) -> tuple[Limit, list[str]] | None:
    """5.3 with 7.26: the limit a unit just placed in a hex (``placed``: its state there) would
    break for certain at the end of the coming Movement Phase, and the friendly units there that
    cannot leave: it cannot leave the hex itself, nor can enough of the friends there, so more
    units than the limit allows stay whatever is moved. None when the phase can still end with
    the hex within the limit (5.3 binds only then)."""
    hex_id = placed["space_id"]
    if stacks.over(placed, hex_id) is None or not exits.stays(placed, hex_id):
        return None
    units = all_units(match)
    staying = {u: units[u] for u in stacks.friends(placed, hex_id) if exits.stays(units[u], hex_id)}
    limit = Stacks(match, staying, {placed["side"]}).over(placed, hex_id)
    return None if limit is None else (limit, sorted(staying))


def refuse_stranded(match, unit: dict[str, Any], stacks: Stacks, placed: dict[str, Any], exits: Exits) -> None:
    """Refuse ``unit`` placed as ``placed`` when it would be :func:`stranded`, naming the units
    that would stay, the limit (5.3) and, when it is in enemy ZOC, 7.26."""
    found = stranded(match, stacks, placed, exits)
    if found is None:
        return
    limit, staying = found
    hex_id = placed["space_id"]
    why = "it could not step out of it"
    if placed["frozen"]:
        why = "placed in an enemy ZOC it may not move in the coming Movement Phase (7.26)"
    raise match.violation(
        f"{label(unit)} may not enter at {hex_id}: {why}, and {', '.join(staying)} cannot leave {hex_id} either, "
        f"so {len(staying) + 1} units would stand there at the phase's end, where at most {limit.most} may stack",
        limit.rule,
    )
