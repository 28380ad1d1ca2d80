"""Courland (8.0): one East German unit a phase leaves by sea (a 1 sinks it); once all four
are out, the two Soviet units enter on the north edge 3523–3526."""

from __future__ import annotations

from phaseline import Action, Event, InvalidOrder

from ..board import edge_hexes
from .elimination import eliminate
from .replacements import placeable
from .state import bfg_state
from .units import all_units, label, unit_row

PORTS = ("Stettin", "Rostock")


def _in_courland(match, sides: tuple[str, ...]) -> list[str]:
    units = all_units(match)
    return [u for u in sorted(units) if units[u]["space_id"] == "COURLAND" and units[u]["side"] in sides]


def _state(match) -> dict:
    return bfg_state(match)


def legal(match, step) -> list[Action]:
    state = _state(match)
    actions = []
    if "GER_E" in step.acting and not state["courland_moved"]:
        actions += [Action("courland", (u,), step.side) for u in _in_courland(match, ("GER_E",))]
    if "SOV" in step.acting and state["soviet_courland_free"]:
        hexes = placeable(match, edge_hexes("courland-entry"), "SOV")
        actions += [Action("courland", (u, h), step.side) for u in _in_courland(match, ("SOV",)) for h in hexes]
    return actions


def evacuate(match, action: Action) -> None:
    """``courland UNIT [PORT]`` (German: roll, 1 lost, 2–6 to Stettin or Rostock: to PORT if
    named, else the player is asked) or ``courland UNIT HEX`` (Soviet, after the Germans have
    gone, onto the north edge)."""
    if not action.args or len(action.args) > 2:
        raise InvalidOrder("courland takes a unit and perhaps a hex: courland UNIT [HEX]")
    unit = unit_row(match, action.args[0])
    if unit["space_id"] != "COURLAND":
        raise match.violation(f"{label(unit)} is not in the Courland box", "8.0")
    german = unit["side"] != "SOV"
    if (action.args[:1] if german else action.args) not in {a.args for a in legal(match, match.step)}:
        raise _soviet_refusal(match, unit, action.args[1:]) if not german else _refusal(match, unit)
    if not german:
        match.log(Event("courland", side="SOV", unit_id=unit["unit_id"], to_space=action.args[1], rule="8.0"))
        match.set("unit_state", {"unit_id": unit["unit_id"]}, space_id=action.args[1], status="ready")
        return
    ports = placeable(match, _port_hexes(match), "GER_E", any_german=True)
    port = action.args[1] if len(action.args) == 2 else None
    if port is not None and port not in ports:  # 8.0 a port named with the order is checked before the roll
        raise _port_refusal(match, label(unit), port, ports)
    match.set("bfg_state", {}, courland_moved=True)
    die = match.roll(f"Courland evacuation of {unit['unit_id']}", rule="8.0", side=action.side)
    if die == 1:
        eliminate(match, unit["unit_id"], "8.0", "lost at sea leaving Courland")
    else:
        if port is not None:
            ports = [port]
        if not ports:
            match.log(
                Event(
                    "note",
                    unit_id=unit["unit_id"],
                    rule="8.0",
                    purpose="Stettin and Rostock are full or taken: the unit stays in Courland",
                )
            )
        elif len(ports) == 1:
            _land(match, unit["unit_id"], ports[0])
        else:
            match.ask(
                action.side,
                "courland-port",
                f"Land {unit['unit_id']} at",
                ports,
                {"unit": unit["unit_id"]},
                rule="8.0",
            )
    _release_soviets(match)


def _port_hexes(match) -> list[str]:
    return [
        r["space_id"]
        for r in match.rows(
            "SELECT space_id FROM space WHERE match_id = ? AND list_contains(?, name) ORDER BY 1",
            [match.match_id, list(PORTS)],
        )
    ]


def _land(match, unit_id: str, hex_id: str) -> None:
    match.log(Event("courland", side="GER_E", unit_id=unit_id, from_space="COURLAND", to_space=hex_id, rule="8.0"))
    match.set("unit_state", {"unit_id": unit_id}, space_id=hex_id, status="ready")


def _release_soviets(match) -> None:
    if not _in_courland(match, ("GER_E",)) and not _state(match)["soviet_courland_free"]:
        match.set("bfg_state", {}, soviet_courland_free=True)


def answer(match, decision, choice) -> None:
    if decision["kind"] == "courland-port":
        _land(match, decision["context"]["unit"], choice)
        _release_soviets(match)


def answer_refusal(match, decision, choice: str):
    """Why ``choice`` is no port for a Courland unit (8.0: Stettin or Rostock)."""
    return _port_refusal(match, decision["context"]["unit"], choice, decision["choices"])


def _refusal(match, unit):
    """8.0: one German unit leaves a phase; the Soviets only after all four Germans have gone."""
    return match.violation(
        f"{label(unit)} may not leave Courland now (one German unit a phase, Soviets only after all four Germans)",
        "8.0",
    )


def _soviet_refusal(match, unit, where: tuple[str, ...]):
    """Why a Soviet Courland unit may not enter at ``where`` now: not yet (8.0), not a hex of
    the north edge 3523-3526 (8.0), a hex holding German units (5.2 「ユニットは、敵ユニットが
    いるヘクスに進入することはできない」), or no room there."""
    if "SOV" not in match.step.acting or not _state(match)["soviet_courland_free"]:
        return _refusal(match, unit)
    entry = edge_hexes("courland-entry")
    if not where or where[0] not in entry:
        return match.violation(
            f"{label(unit)} enters on the north edge: courland UNIT HEX, HEX one of {', '.join(entry)}", "8.0"
        )
    germans = sorted(
        u for u, row in all_units(match).items() if row["space_id"] == where[0] and row["side"].startswith("GER")
    )
    if germans:
        return match.violation(
            f"{label(unit)} may not enter {where[0]}: German units hold it ({', '.join(germans)})", "5.2"
        )
    open_hexes = ", ".join(placeable(match, entry, "SOV")) or "none"
    return match.violation(f"{label(unit)} may not enter {where[0]}: the open north-edge hexes are {open_hexes}", "8.0")


def _port_refusal(match, who: str, hex_id: str, ports: list[str]):
    """8.0: a unit leaving Courland lands at Stettin or Rostock, one not full or taken."""
    return match.violation(
        f"{who} cannot land at {hex_id}: it lands at Stettin or Rostock, where open ({', '.join(ports) or 'none'})",
        "8.0",
    )
