"""Who may attack whom, and the attacks open now (6.0, 6.3–6.7, 15.26).

A ready unit of the phasing force that has not attacked (6.5) may attack an adjacent hex
across a passable border (6.0) none of whose units has been attacked this phase (6.5) and
every one of whose units it may attack: hostility (6.3, 6.4, 3.0) and, in Red Star / White
Star only, 15.26. Several hexes are one attack when every attacker is next to all of
them (6.7). The legal list offers, for every hex and every set of hexes that some unit may
attack together, one attack by every unit that may join it; the player may leave any of
them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..board import passable_neighbours
from .positions import positions_version
from .units import all_units


@dataclass(frozen=True)
class Hostility:
    """Which forces may attack which (``hostility.may_attack``), and whether the two Polish
    armies are kept apart (15.26: the Red Star / White Star scenario only)."""

    pairs: frozenset[tuple[str, str]]
    poles_apart: bool


def hostility(match) -> Hostility:
    """The match's hostility now (from the rows the ledger keeps)."""
    pairs = frozenset(pair for pair, row in match.rows_of("hostility").items() if row["may_attack"])
    return Hostility(pairs, bool(match.scenario.settings.get("poles_apart")))


def barred(unit: dict[str, Any], defender: dict[str, Any], rules: Hostility) -> str | None:
    """The rule that forbids ``unit`` to attack ``defender``, or None: hostility (6.3, 6.4,
    3.0: :func:`hostility_rule`), then 15.26 in Red Star / White Star. The legal list and
    the order's check both ask it."""
    if (unit["side"], defender["side"]) not in rules.pairs:
        return hostility_rule(unit["side"], defender["side"])
    if rules.poles_apart and {unit["nationality"], defender["nationality"]} == {"POL_E", "POL_C"}:
        return "15.26"  # 15.26 Polish-exile and Polish-communist units may not attack each other
    return None


def hostility_rule(side: str, enemy: str) -> str:
    """The rule that keeps ``side`` from attacking ``enemy``: 6.4 between the German forces,
    6.3 between the Western Allies and the Soviets, else the sequence of play (3.0 A3/A6/B3/B6
    name each force's only targets: East Germans attack the Soviets, West Germans the WA)."""
    pair = {side, enemy}
    if pair == {"GER_E", "GER_W"}:
        return "6.4"
    if pair == {"WA", "SOV"}:
        return "6.3"
    return "3.0"


def eligible(match, acting: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """Per ready unit of ``acting`` that has not attacked (6.5), the hexes it may attack now:
    asked again only when units moved, changed sides or attacked."""
    return match.derived(
        ("bfg eligible attackers", acting),
        (positions_version(match), match.ledger.version_of("unit_state", "attacked", "defended")),
        lambda: _eligible_now(match, acting),
    )


def _eligible_now(match, acting: tuple[str, ...]) -> dict[str, frozenset[str]]:
    units = all_units(match)
    by_hex: dict[str, list[dict[str, Any]]] = {}
    for unit in units.values():
        by_hex.setdefault(unit["space_id"], []).append(unit)
    rules = hostility(match)
    neighbours = passable_neighbours(match)
    sides = set(acting)
    found: dict[str, frozenset[str]] = {}
    for unit_id, unit in sorted(units.items()):
        if unit["side"] not in sides or unit["attacked"] or unit["status"] != "ready":
            continue
        hexes = frozenset(
            hex_id
            for hex_id in neighbours.get(unit["space_id"], ())
            if by_hex.get(hex_id)  # 6.0 an adjacent hex with units in it
            and not any(d["defended"] or barred(unit, d, rules) for d in by_hex[hex_id])  # 6.5, 6.6
        )
        if hexes:
            found[unit_id] = hexes
    return found


def open_attacks(reach: dict[str, frozenset[str]]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(hexes, attackers) of every attack open in ``reach`` (:func:`eligible`): each hex
    alone, and each set of two or more hexes some unit is next to (6.7), with every unit
    that may attack all of them; by hexes."""
    targets: set[tuple[str, ...]] = set()
    for hexes in reach.values():
        ordered = sorted(hexes)
        for size in range(1, len(ordered) + 1):
            targets.update(combinations(ordered, size))
    return [
        (hexes, tuple(u for u, its in sorted(reach.items()) if its.issuperset(hexes)))
        for hexes in sorted(targets, key=lambda h: (len(h), h))
    ]
