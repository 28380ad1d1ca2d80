"""Who cannot leave a hex in the coming Movement Phase, and so will be in it at the phase's end
(where 5.3 counts) whatever the player moves: a unit with no movement allowance then (7.26 a
replacement placed in enemy ZOC, 10.3 a garrison), or one with no step out of its hex within
its allowance (5.1 terrain, 5.2 enemy units, 4.3 ZOC to ZOC, the entry rules of 5.4 and 5.5),
as the shared ``movement-exit`` query finds the cheapest step out."""

from __future__ import annotations

import math
from typing import Any


def allowance(unit: dict[str, Any]) -> int:
    """5.0 the printed movement allowance, times its factor (7.22 doubled, 16.32 tripled, 13.2
    halved, rounded down); none for a unit frozen in enemy ZOC (7.26) or a garrison (10.3)."""
    if unit["frozen"] or unit["garrison"] is not None:
        return 0
    return math.floor(unit["movement"] * unit["mp_factor"])


class Exits:
    """The cheapest step out of some hexes, by force and nationality: one ``movement-exit``
    query per force, for the nationalities of ``units``."""

    def __init__(self, match, hexes: dict[str, set[str]], units: list[dict[str, Any]]) -> None:
        self.cost: dict[tuple[str, str, str], int | None] = {}
        nationalities = sorted({unit["nationality"] for unit in units})
        for force, spaces in sorted(hexes.items()):
            if spaces and nationalities:
                rows = match.rules.run("movement-exit", side=force, spaces=sorted(spaces), nationalities=nationalities)
                self.cost.update({(force, row["space_id"], row["nationality"]): row["cost"] for row in rows})

    def stays(self, unit: dict[str, Any], hex_id: str) -> bool:
        """Whether ``unit`` (of its force), starting the Movement Phase in ``hex_id``, cannot leave it."""
        most = allowance(unit)
        cost = self.cost.get((unit["side"], hex_id, unit["nationality"]))
        return most == 0 or cost is None or cost > most
