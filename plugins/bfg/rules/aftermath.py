"""Applying combat results (6.2): De, Ae, Ex, Ar, Dr; retreats (6.21–6.24), advance after
combat (6.9) and the decisions they owe (the owner picks retreat hexes, the winner advances)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from phaseline import Event

from ..board import enterable, passable_neighbours
from . import boundary
from .elimination import eliminate
from .movement import entered
from .positions import enemy_zoc
from .units import all_units, unit_row, units_named

DECISIONS = ("retreat", "exchange-losses", "advance")


def apply_result(game, combat: dict[str, Any]) -> None:
    """Start carrying out ``combat['result']``; decisions may pause it."""
    result, attackers, defenders = combat["result"], combat["attackers"], combat["defenders"]
    plan: dict[str, Any] = {"queue": [], "advance": None}
    winner_units, vacated = attackers, combat["hexes"]
    if result in ("De", "Ex"):
        for unit_id in defenders:
            eliminate(game, unit_id, "6.2", f"{result}: defender eliminated")
    if result == "Ae":
        for unit_id in attackers:
            eliminate(game, unit_id, "6.2", "Ae: attacker eliminated")
    if result in ("Ae", "Ar"):
        winner_units, vacated = defenders, sorted({u["space_id"] for u in units_named(game, attackers)})
    if result == "Dr":
        plan["queue"] = list(defenders)
    if result == "Ar":
        plan["queue"] = list(attackers)
    if result in ("De", "Dr", "Ae", "Ar") or (result == "Ex" and "ex-no-advance" not in game.options):
        plan["advance"] = {"units": winner_units, "hexes": vacated}  # 6.91: the winner of the combat
    if result == "Ex":
        _exchange(game, combat, plan)
        return
    carry_on(game, plan)


def _exchange(game, combat: dict[str, Any], plan: dict[str, Any]) -> None:
    """Ex: the attacker loses units totalling at least the printed defence (6.2)."""
    target = combat["printed_defense"]
    values = {u: game.static("unit", "unit_id")[u]["attack"] for u in combat["attackers"]}  # printed
    choices = loss_sets(values, target)
    if len(choices) == 1:
        _pay(game, choices[0].split("+"), target)
        carry_on(game, plan)
        return
    owner = _player(game, unit_row(game, combat["attackers"][0])["side"])
    game.ask(
        owner,
        "exchange-losses",
        f"Exchange: lose attackers totalling at least {target} attack",
        choices,
        {"plan": plan, "target": target},
        rule="6.2",
    )


def loss_sets(values: dict[str, int], target: int) -> list[str]:
    """Sets of attackers whose attack reaches ``target`` with no superfluous unit (digest 6.2
    ruling); all attackers when even all together fall short."""
    units = sorted(values)
    if sum(values.values()) < target:
        return ["+".join(units)]
    found = []
    for size in range(1, len(units) + 1):
        for combo in combinations(units, size):
            total = sum(values[u] for u in combo)
            if total >= target and all(total - values[u] < target for u in combo):
                found.append("+".join(combo))
    return found


def _pay(game, units: list[str], target: int) -> None:
    for unit_id in units:
        eliminate(game, unit_id, "6.2", f"Ex: attacker lost to pay {target} printed defence")


def carry_on(game, plan: dict[str, Any]) -> None:
    """Retreat the queued units one by one (asking their owner), then offer the advance."""
    while plan["queue"]:
        unit_id = plan["queue"].pop(0)
        unit = unit_row(game, unit_id)
        if unit["space_kind"] == "box":
            continue
        if unit["garrison"]:  # 10.3 garrisons ignore retreat results
            game.log(Event("note", unit_id=unit_id, rule="10.3", purpose=f"garrison {unit_id} ignores the retreat"))
            continue
        legal, options = _retreat_hexes(game, unit)
        if not options:
            eliminate(game, unit_id, "6.23", "must retreat but cannot")
            continue
        if len(options) == 1:
            retreat(game, unit, options[0])
            continue
        crowded = len(options) < len(legal)
        game.ask(
            _player(game, unit["side"]),
            "retreat",
            f"Retreat {unit_id} from {unit['space_id']} to" + (" (empty hexes first)" if crowded else ""),
            options,
            {"plan": plan, "unit": unit_id},
            rule="6.22" if crowded else "6.21",  # 6.22 when hexes with a friend were passed over
        )
        return
    _offer_advance(game, plan)


def retreat_options(game, unit: dict[str, Any]) -> list[str]:
    """Hexes ``unit`` may retreat into (6.21, 6.22, 5.3, 5.43): never into enemy ZOC, nor
    onto two friendly units; empty hexes first."""
    return _retreat_hexes(game, unit)[1]


def _retreat_hexes(game, unit: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Every hex open to ``unit``'s retreat (6.21, 5.3, 5.43), and those it must pick from (6.22)."""
    zoc = {r["space_id"] for r in enemy_zoc(game, unit["side"])}
    german = unit["side"] in ("GER_E", "GER_W")
    berlin_ban = german and game.scenario.name != "three-player"
    board = game.static("space", "space_id")
    hexes = sorted(
        h
        for h in passable_neighbours(game).get(unit["space_id"], ())
        if enterable(game, h) and h not in zoc and not (berlin_ban and board[h]["zone"] == "B")
    )
    front = unit["size"] == "front"
    legal, empty = [], []
    for hex_id in hexes:
        there = [u for u in all_units(game).values() if u["space_id"] == hex_id]
        friends = [u for u in there if u["side"] == unit["side"]]
        if len(friends) < len(there) or len(friends) >= 2 or (front and any(u["size"] == "front" for u in friends)):
            continue  # never among other sides' units; 5.3 never onto two friends, nor a Front onto a Front
        legal.append(hex_id)
        if not friends:
            empty.append(hex_id)
    return legal, empty or legal  # 6.22 empty hexes first


def retreat(game, unit: dict[str, Any], dest: str) -> None:
    game.log(
        Event(
            "retreat",
            side=unit["side"],
            unit_id=unit["unit_id"],
            from_space=unit["space_id"],
            to_space=dest,
            rule="6.21",
        )
    )
    game.set("unit_state", {"unit_id": unit["unit_id"]}, space_id=dest)
    entered(game, unit, [dest])  # 6.83 a retreat enters its hex too: a fortress falls, Berlin is entered (17.32)
    boundary.after_forced_move(game, unit, dest)


def _offer_advance(game, plan: dict[str, Any]) -> None:
    advance = plan.get("advance")
    if not advance:
        return
    choices = advance_choices(game, advance["units"], advance["hexes"])
    if not choices:
        return
    owner = _player(game, unit_row(game, advance["units"][0])["side"])
    game.ask(
        owner,
        "advance",
        "Advance after combat (6.9): UNIT>HEX, or none",
        [*choices, "none"],
        {"plan": {"queue": [], "advance": None}},
        rule="6.91",
    )


def advance_choices(game, units: list[str], hexes: list[str]) -> list[str]:
    """UNIT>HEX pairs for one surviving participant into an emptied hex (6.91–6.93)."""
    held = {unit["space_id"] for unit in all_units(game).values()}
    empty = [h for h in hexes if h not in held]
    choices = []
    for unit in units_named(game, units) if empty else []:
        unit_id = unit["unit_id"]
        if unit["space_kind"] == "box" or unit["garrison"] or unit["status"] != "ready":
            continue
        for hex_id in empty:
            if boundary.advance_ban(game, unit, hex_id) is None:
                choices.append(f"{unit_id}>{hex_id}")
    return choices


def answer(game, decision: dict[str, Any], choice: str) -> None:
    """Carry on after a retreat, exchange or advance decision."""
    context = decision["context"]
    plan = context["plan"]
    if decision["kind"] == "retreat":
        retreat(game, unit_row(game, context["unit"]), choice)
    elif decision["kind"] == "exchange-losses":
        _pay(game, choice.split("+"), context["target"])
    elif decision["kind"] == "advance" and choice != "none":
        unit_id, hex_id = choice.split(">")
        unit = unit_row(game, unit_id)
        game.log(
            Event(
                "advance",
                side=unit["side"],
                unit_id=unit_id,
                from_space=unit["space_id"],
                to_space=hex_id,
                rule="6.91",
            )
        )
        game.set("unit_state", {"unit_id": unit_id}, space_id=hex_id)
        entered(game, unit, [hex_id])  # 6.83 a Western Allied advance destroys a fortress
    carry_on(game, plan)


def _player(game, force: str) -> str:
    from ..scenarios import controller_of

    return controller_of(game, force) or force
