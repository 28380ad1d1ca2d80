"""Applying combat results (6.2): De, Ae, Ex, Ar, Dr; retreats (6.21–6.24), advance after
combat (6.9) and the decisions they owe (the owner picks retreat hexes, the winner advances)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from phaseline import Event
from phaseline.model import plays_ruling

from ..rulings import EX_NO_ADVANCE
from ..scenarios import controller_of
from . import advance as advancing
from . import retreat as retreating
from .elimination import eliminate
from .movement import entered
from .units import unit_row, units_named

DECISIONS = ("retreat", "exchange-losses", "advance")


def apply_result(match, combat: dict[str, Any]) -> None:
    """Start carrying out ``combat['result']``; decisions may pause it."""
    result, attackers, defenders = combat["result"], combat["attackers"], combat["defenders"]
    plan: dict[str, Any] = {"queue": [], "advance": None}
    winner_units, vacated = attackers, combat["hexes"]
    attacker_hexes = sorted({u["space_id"] for u in units_named(match, attackers)})  # before any loss
    if result in ("De", "Ex"):
        for unit_id in defenders:
            eliminate(match, unit_id, "6.2", f"{result}: defender eliminated")
    if result == "Ae":
        for unit_id in attackers:
            eliminate(match, unit_id, "6.2", "Ae: attacker eliminated")
    if result in ("Ae", "Ar"):  # 6.91 the defender won: the hexes the attackers stood in (Ae: emptied by losses)
        winner_units, vacated = defenders, attacker_hexes
    if result == "Dr":
        plan["queue"] = list(defenders)
    if result == "Ar":
        plan["queue"] = list(attackers)
    if result in ("De", "Dr", "Ae", "Ar") or (result == "Ex" and not plays_ruling(match, EX_NO_ADVANCE)):
        plan["advance"] = {"units": winner_units, "hexes": vacated}  # 6.91: the winner of the combat
    if result == "Ex":
        _exchange(match, combat, plan)
        return
    carry_on(match, plan)


def _exchange(match, combat: dict[str, Any], plan: dict[str, Any]) -> None:
    """Ex: the attacker loses units totalling at least the printed defence (6.2)."""
    target = combat["printed_defense"]
    values = {u: match.static("unit", "unit_id")[u]["attack"] for u in combat["attackers"]}  # printed
    choices = loss_sets(values, target)
    if len(choices) == 1:
        _pay(match, choices[0].split("+"), target)
        carry_on(match, plan)
        return
    owner = _player(match, unit_row(match, combat["attackers"][0])["side"])
    match.ask(
        owner,
        "exchange-losses",
        f"Exchange: lose attackers totalling at least {target} attack",
        choices,
        {"plan": plan, "target": target, "units": sorted(values)},
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


def _exchange_refusal(match, choice: str, attackers: list[str], target: int):
    """6.2 Ex: why ``choice`` (UNIT+UNIT…) does not pay the exchange."""
    units = [u for u in choice.split("+") if u]
    strangers = [u for u in units if u not in attackers]
    if not units or strangers:
        who = ", ".join(strangers) or repr(choice)
        return match.violation(f"{who}: only the attackers ({', '.join(attackers)}) pay an exchange", "6.2")
    values = {u: match.static("unit", "unit_id")[u]["attack"] for u in units}
    total = sum(values.values())
    if total < target:
        return match.violation(f"{'+'.join(units)} total {total} attack, short of the {target} printed defence", "6.2")
    spare = [u for u in units if total - values[u] >= target]
    return match.violation(
        f"{'+'.join(units)} lose more than the exchange asks: {', '.join(spare)} not needed to reach {target} "
        "(no superfluous unit)",
        "6.2",
    )


def _pay(match, units: list[str], target: int) -> None:
    for unit_id in units:
        eliminate(match, unit_id, "6.2", f"Ex: attacker lost to pay {target} printed defence")


def carry_on(match, plan: dict[str, Any]) -> None:
    """Retreat the queued units one by one (asking their owner), then offer the advance."""
    while plan["queue"]:
        unit_id = plan["queue"][0]
        unit = unit_row(match, unit_id)
        if unit["space_kind"] == "box":
            plan["queue"].pop(0)
            continue
        if unit["garrison"]:  # 10.3 garrisons ignore retreat results
            plan["queue"].pop(0)
            match.log(Event("note", unit_id=unit_id, rule="10.3", purpose=f"garrison {unit_id} ignores the retreat"))
            continue
        rivals = retreating.rivals(match, [unit_row(match, u) for u in plan["queue"]])
        if rivals:  # 6.24 one by one, in the order their owner picks: which takes the places there are
            match.ask(
                _player(match, unit["side"]),
                "retreat",
                f"Retreat which unit of {unit['space_id']} first, and where (too few places for all of "
                f"{', '.join(rivals)})",
                [f"{u}>{h}" for u, hexes in rivals.items() for h in hexes],
                {"plan": plan, "units": list(rivals)},
                rule="6.24",
            )
            return
        plan["queue"].pop(0)
        legal, hexes = retreating.options(match, unit)
        if not hexes:
            eliminate(match, unit_id, "6.23", f"must retreat but cannot, barred by {retreating.barred(match, unit)}")
            continue
        if len(hexes) == 1:  # nothing to choose: the retreat is made, and says why
            retreating.retreat(match, unit, hexes[0], retreating.only_hex(match, unit, legal, hexes[0]))
            continue
        crowded = len(hexes) < len(legal)
        match.ask(
            _player(match, unit["side"]),
            "retreat",
            f"Retreat {unit_id} from {unit['space_id']} to" + (" (empty hexes first)" if crowded else ""),
            hexes,
            {"plan": plan, "unit": unit_id},
            rule="6.22" if crowded else "6.21",  # 6.22 when hexes with a friend were passed over
        )
        return
    offered = advancing.offer(match, plan.get("advance"))
    if offered:
        choices, context = offered
        owner = _player(match, unit_row(match, context["advance"]["units"][0])["side"])
        match.ask(owner, "advance", "Advance after combat (6.9): UNIT HEX, or none", choices, context, rule="6.91")


def answer(match, decision: dict[str, Any], choice: str) -> None:
    """Carry on after a retreat, exchange or advance decision."""
    context = decision["context"]
    plan = context["plan"]
    if decision["kind"] == "retreat" and "units" in context:  # 6.24 the unit picked goes first
        unit_id, hex_id = choice.split(">")
        plan["queue"].remove(unit_id)
        retreating.retreat(match, unit_row(match, unit_id), hex_id)
    elif decision["kind"] == "retreat":
        retreating.retreat(match, unit_row(match, context["unit"]), choice)
    elif decision["kind"] == "exchange-losses":
        _pay(match, choice.split("+"), context["target"])
    elif decision["kind"] == "advance" and choice != advancing.NONE:
        unit_id, hex_id = choice.split(">")
        unit = unit_row(match, unit_id)
        match.log(
            Event(
                "advance",
                side=unit["side"],
                unit_id=unit_id,
                from_space=unit["space_id"],
                to_space=hex_id,
                rule="6.91",
            )
        )
        match.set("unit_state", {"unit_id": unit_id}, space_id=hex_id)
        entered(match, unit, [hex_id])  # 6.83 a Western Allied advance destroys a fortress
        advancing.record_advance(match, plan, unit_id)  # 6.91 the next emptied hex takes another unit
    carry_on(match, plan)


def answer_refusal(match, decision: dict[str, Any], choice: str):
    """Why ``choice`` is no answer to a retreat, exchange or advance decision: the rule that
    forbids that very answer, with the units and hexes involved."""
    context = decision["context"]
    if decision["kind"] == "retreat" and "units" in context:
        unit_id, _, hex_id = choice.partition(">")
        if unit_id not in context["units"] or not hex_id:
            return match.violation(
                f"{choice!r}: answer UNIT>HEX, one of the units retreating from there ({', '.join(context['units'])})",
                "6.24",
            )
        return retreating.refusal(match, unit_row(match, unit_id), hex_id)
    if decision["kind"] == "retreat":
        return retreating.refusal(match, unit_row(match, context["unit"]), choice)
    if decision["kind"] == "advance":
        return advancing.refusal(match, choice, context["advance"])
    return _exchange_refusal(match, choice, context["units"], context["target"])


def _player(match, force: str) -> str:
    return controller_of(match, force) or force
