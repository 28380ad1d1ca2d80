"""The US heuristic bot's answers to every question the game asks (docs/nimitz.md, Decisions): for
its own units it spares what costs most to lose, for the Japanese it picks, among the equal options
the rules leave to the player (1.3), the one that hurts Japan most."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .bot_battle import is_airfield
from .rules.battle.sheet import TYPED, Sheet, sheet
from .rules.state import JP, US
from .rules.units import in_play

CANCELLERS = frozenset({"damage-control", "barrel-roll", "seabees", "leathernecks"})  # 10.5 markers that save a hit


def answer(match, decision: dict[str, Any]) -> str:
    """The choice for ``decision`` (always one of its ``choices``)."""
    choices = decision["choices"]
    pick = ANSWERS.get(decision["kind"])
    chosen = pick(match, decision) if pick else None
    return chosen if chosen in choices else choices[0]


def _units(match) -> dict[str, dict[str, Any]]:
    return in_play(match)


def _cost(units: dict[str, dict[str, Any]], unit_id: str) -> int:
    return units[unit_id]["buy_cost"] if unit_id in units else 0


def _japanese_loss(match, decision) -> str:
    """10.10 a US hit (and a B-29's removal, 12.2; an AA or ASW shot, 10.12, 10.15) among equal
    Japanese units: a damaged one (it is destroyed), else the dearest; the airfield last."""
    units = _units(match)

    def worth(choice: str) -> tuple[int, int, str]:
        if choice not in units:
            return (1, 0, choice)
        unit = units[choice]
        return (0 if unit["status"] == "damaged" else 1, -unit["buy_cost"], choice)

    return min(decision["choices"], key=lambda c: (is_airfield(c), worth(c)))


def _us_loss(match, decision) -> str:
    """10.10 a Japanese hit among the cheapest eligible US units: a carrier aircraft first (every one
    comes back for the next battle, 2.7), a full unit before a damaged one (it is not destroyed),
    the airfield when it has room to spare, then the cheapest to buy."""
    units = _units(match)
    s = sheet(match)
    spare_room = s.airfield[US] > len(s.land_aircraft(US))

    def order(choice: str) -> tuple[int, int, int, str]:
        if is_airfield(choice):
            return (1 if spare_room else 3, 0, 0, choice)
        unit = units.get(choice, {"carrier_air": False, "status": "full", "buy_cost": 0})
        rank = 0 if unit["carrier_air"] else 2
        return (rank, unit["status"] == "damaged", unit["buy_cost"], choice)

    return min(decision["choices"], key=order)


def _us_air_removal(match, decision) -> str:
    """10.6 (7) the US aircraft that cannot land: a carrier aircraft (back next battle), the cheapest."""
    units = _units(match)
    return min(decision["choices"], key=lambda c: (not units.get(c, {}).get("carrier_air"), _cost(units, c), c))


def _jp_air_removal(match, decision) -> str:
    """10.6 (7), 1.3 among equal Japanese aircraft: the dearest goes."""
    units = _units(match)
    return max(decision["choices"], key=lambda c: (_cost(units, c), c))


def _aa_target(match, decision) -> str:
    """10.12 the ship fires at a bomber before a fighter (the bombers hit ships), a damaged one first."""
    s = sheet(match)

    def order(choice: str) -> tuple[bool, bool, str]:
        p = s.pieces.get(choice)
        return (p is None or not p.bomber, p is None or p.status != "damaged", choice)

    return min(decision["choices"], key=order)


def _sub_area(match, decision) -> str:
    """10.1 the submarine goes where the Japanese carriers are, else where most Japanese ships are."""
    s = sheet(match)
    return max(decision["choices"], key=lambda typed: _ships_worth(s, TYPED.get(typed)))


def _ships_worth(s: Sheet, area: str | None) -> tuple[int, int]:
    ships = [p for p in s.in_area(JP, area) if p.surface] if area else []
    return sum(p.is_carrier for p in ships), len(ships)


def _bonus_use(match, decision) -> str:
    """10.5 a marker is played when its moment comes, except a hit-cancelling one that would only
    save a carrier aircraft (every carrier aircraft comes back next battle, 2.7)."""
    context = decision.get("context", {})
    target = context.get("target")
    if context.get("marker") in CANCELLERS and target in _units(match) and _units(match)[target]["carrier_air"]:
        return "keep"
    return "play"


def _engagement(match, decision) -> str:
    """10.5 one round more while the US has more units on the sheet, one fewer while Japan has."""
    s = sheet(match)
    us, jp = len(s.of(US)), len(s.of(JP))
    return "longer" if us > jp else "shorter" if us < jp else "keep"


ANSWERS: dict[str, Callable[[Any, dict[str, Any]], str]] = {
    "b29-target": _japanese_loss,
    "jp-hit": _japanese_loss,
    "asw-target": _japanese_loss,
    "aa-target": _aa_target,
    "jp-air-removal": _jp_air_removal,
    "us-hit": _us_loss,
    "us-air-removal": _us_air_removal,
    "sub-area": _sub_area,
    "bonus-use": _bonus_use,
    "engagement": _engagement,
    # next-point (9.0 (4)), escort-tie (10.2) and first-strike-carrier (10.7): the options are equal
    # for the US; the first listed is taken
}
