"""Replacements (7.0–7.26): the Turn Record gives each box's allowance, which cannot be saved
(7.2); Soviets and Germans take the weakest unit first, the owner choosing among equals, the
Western Allies any unit (7.21); Germans enter beside Berlin on their own side of the
boundary, else on the other side, else not at all (7.22–7.24), at double MA for the turn
(7.22); Soviets on the east edge 0926–3526, the Western Allies on the west edge and the
Italian Front on Italy's south edge (7.25); a unit placed in an enemy ZOC may not move in
the following Movement Phase (7.26). Yugoslav and Hungarian units never return (7.12).
Three-player 16.33: both German allotments take any German unit, weakest first, beside
Berlin on either side. Collapse in the East (14.0) uses no map west of the line: a German
replacement with no hex beside Berlin on the east free of enemy units is lost. An optional
rule may have one German force receive every German replacement (``bfg_german_replacements_as``:
12.3, the East Germans, in their Replacement Phase)."""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event, InvalidOrder
from phaseline.model import plays_ruling

from ..board import edge_hexes, enterable
from ..forces import unused_zones
from ..rulings import RESPECT_STACKING
from .elimination import NEVER_REPLACED
from .positions import Limit, Stacks, zoc_hexes
from .state import bfg_state
from .staying import Exits, refuse_stranded, stranded
from .units import all_units, label, unit_row

BOXES = {"SOV": "ELIM_SOV", "WA": "ELIM_WA", "GER_E": "ELIM_GER_E", "GER_W": "ELIM_GER_W"}
OTHER_GERMAN = {"GER_E": "GER_W", "GER_W": "GER_E"}
GERMAN_BOXES = ["ELIM_GER_E", "ELIM_GER_W"]


def begin(match, step) -> None:
    """Read the allowance of the phasing forces' boxes, and of the Italian Front box when the
    Western Allies are among them, from the Turn Record (7.2, 7.13)."""
    record = match.state_rows((), "SELECT turn, box, replacements FROM bfg_turn WHERE match_id = ?", [match.match_id])
    now = {row["box"]: row["replacements"] for row in record if row["turn"] == match.clock.turn}
    received_as = match.hook.bfg_german_replacements_as(match=match)
    if received_as:  # 12.3 one German force receives both German allotments
        now = {**now, received_as: (now.get("GER_E") or 0) + (now.get("GER_W") or 0)}
        now.pop(OTHER_GERMAN[received_as], None)
    allowance = sum(now.get(force) or 0 for force in step.acting)
    italy = (now.get("WA_ITALY") or 0) if "WA" in step.acting else 0
    match.set("bfg_state", {}, replacements_left=allowance, italy_left=italy, courland_moved=False)


def end(match, step) -> None:
    """7.2: allowances cannot be saved; what is left at the end of the phase is lost. The note
    says how many, and which units could still have returned (the ``replace`` orders open)."""
    state = bfg_state(match)
    left = state["replacements_left"] + state["italy_left"]
    if left > 0:
        match.log(Event("note", side=step.side, rule="7.2", purpose=forfeit_text(left, legal(match, step))))
        match.set("bfg_state", {}, replacements_left=0, italy_left=0)


def forfeit_text(left: int, open_orders: list[Action]) -> str:
    """``2 replacement(s) unspent, lost (they cannot be saved): W1, W2 could have returned``."""
    could = list(dict.fromkeys(order.args[0] for order in open_orders))
    why = f"{', '.join(could)} could have returned" if could else "no unit could return"
    return f"{left} replacement(s) unspent, lost (they cannot be saved): {why}"


def _pooled_boxes(match, box: str) -> list[str]:
    """16.33: in the three-player game both German boxes are one pool; so they are for the force
    that receives every German replacement (12.3)."""
    if box.startswith("ELIM_GER") and (
        match.scenario.name == "three-player" or match.hook.bfg_german_replacements_as(match=match)
    ):
        return GERMAN_BOXES
    return [box]


def candidates(match, force: str, box: str) -> list[dict]:
    """Units that may come back from ``box`` now: any for the Western Allies, the lowest
    attack strength first for everyone else, ties the owner's choice (7.21)."""
    boxes = _pooled_boxes(match, box)
    units = sorted(
        (
            unit
            for unit in all_units(match).values()
            if unit["space_id"] in boxes and unit["nationality"] not in NEVER_REPLACED  # 7.12 never replaced
        ),
        key=lambda unit: (unit["attack"], unit["unit_id"]),
    )
    if force != "WA" and units:
        weakest = units[0]["attack"]
        units = [u for u in units if u["attack"] == weakest]
    return units


def entry_hexes(match, force: str, box: str) -> list[str]:
    """Where a replacement of ``force`` from ``box`` may be placed (7.22–7.25)."""
    if force in ("GER_E", "GER_W"):
        if match.scenario.name == "three-player":  # 16.33 boundary restrictions ignored
            hexes = _berlin_ring(match, "E") + _berlin_ring(match, "W")
        else:
            zone = force[-1]  # 7.22 their own side
            other = "W" if zone == "E" else "E"
            hexes = _berlin_ring(match, zone)
            if not hexes and other not in unused_zones(match.scenario.name):  # 14.0 no other side: lost
                hexes = _berlin_ring(match, other)  # 7.24
        return sorted(_with_room(match, hexes, force))
    return placeable(match, _edge(match, force, box), force)


def _edge(match, force: str, box: str) -> list[str]:
    """The map-edge hexes a Soviet or Western Allied replacement from ``box`` comes in by (7.25)."""
    if force == "SOV":
        return edge_hexes("east")  # 7.25 0926 and north
    if box == "ELIM_WA_ITALY":
        return _in_region(match, edge_hexes("south"), "ITA")  # 7.25 Italy
    return edge_hexes("west")  # 7.25 any west-edge hex


def _in_region(match, spaces: list[str], region: str) -> list[str]:
    """Those of ``spaces`` in ``region``, in their order."""
    inside = {
        r["space_id"]
        for r in match.state_rows(
            (),
            "SELECT space_id FROM space WHERE match_id = ? AND region = ? AND list_contains(?, space_id)",
            [match.match_id, region, spaces],
        )
    }
    return [s for s in spaces if s in inside]


def _berlin_ring(match, zone: str) -> list[str]:
    """The hexes beside Berlin on the ``zone`` side of the boundary that hold no enemy unit
    (7.22, 7.23). Only enemy units close a hex, so only enemy units in every one of them
    send a replacement to the other side (7.24); German units there never do."""
    return _without_enemies(match, _ring(match, zone), "GER_E", any_german=True)


def _ring(match, zone: str) -> list[str]:
    """The hexes beside Berlin on the ``zone`` side of the boundary, in order."""
    return [
        r["b"]
        for r in match.state_rows(
            (),
            """SELECT l.b FROM link l JOIN space berlin ON berlin.match_id = l.match_id AND berlin.space_id = l.a
               JOIN space s ON s.match_id = l.match_id AND s.space_id = l.b
               WHERE l.match_id = ? AND berlin.zone = 'B' AND s.zone = ? ORDER BY l.b""",
            [match.match_id, zone],
        )
    ]


def placeable(match, spaces: list[str], force: str, any_german: bool = False) -> list[str]:
    """Those of ``spaces`` a unit of ``force`` may be placed in (7.23, 7.25, 8.0), in order:
    enterable, no enemy unit there, room to stack under the ruling (:func:`_with_room`)."""
    return _with_room(match, _without_enemies(match, spaces, force, any_german), force)


def _without_enemies(match, spaces: list[str], force: str, any_german: bool) -> list[str]:
    """Enterable hexes of ``spaces`` holding no unit of another force (the German forces
    one with ``any_german``), in order."""
    held = {
        unit["space_id"]
        for unit in all_units(match).values()
        if unit["side"] != force and not (any_german and unit["side"].startswith("GER"))
    }
    return [s for s in spaces if enterable(match, s) and s not in held]


def _with_room(match, spaces: list[str], force: str, unit: dict[str, Any] | None = None) -> list[str]:
    """Those of ``spaces`` where a replacement of ``force`` (``unit``, when known) has room to stack
    (:func:`stacking_limit`), in order."""
    stacks = Stacks(match, all_units(match), {placed_side(match, force, s) for s in spaces})
    return [s for s in spaces if stacking_limit(match, stacks, force, s, unit) is None]


def stacking_limit(match, stacks: Stacks, force: str, hex_id: str, unit: dict[str, Any] | None = None) -> Limit | None:
    """The stacking limit (5.3) that closes ``hex_id`` to a replacement under the ruling
    ``replacements-respect-stacking``, or None. By default none does: 5.3 binds at the end of the
    Movement Phase, its Front sentence too (a Front may not retreat onto a Front only because 5.3
    says so apart), and a replacement (at double MA for the Germans, 7.22) may still leave; what
    it certainly cannot leave is refused as stranded (:func:`.staying.stranded`)."""
    if not plays_ruling(match, RESPECT_STACKING):
        return None
    placed = {"unit_id": None, "size": None, **(unit or {}), "side": placed_side(match, force, hex_id)}
    return stacks.over(placed, hex_id)


def placed_side(match, force: str, hex_id: str) -> str:
    """The force a replacement of ``force`` joins in ``hex_id``: a German takes the side of the
    boundary it is placed on (7.24, 5.41)."""
    if not force.startswith("GER"):
        return force
    return f"GER_{match.static('space', 'space_id')[hex_id]['zone']}"


def _entry_refusal(match, force: str, box: str, hex_id: str) -> tuple[str, str]:
    """Why a replacement of ``force`` from ``box`` may not be placed in ``hex_id``, as (rule,
    reason): not a hex (7.2), impassable (5.1), off the map the scenario uses (14.0), not an
    entry hex (7.25; for Germans 7.22, beside Berlin), enemy units there (7.23), under the
    ruling no room (5.3: :func:`_full`), or, for a German, the other side of the boundary while
    its own has a hex free of enemy units (7.24)."""
    board = match.static("space", "space_id")
    space = board.get(hex_id)
    if space is None or space["kind"] != "hex":
        return "7.2", f"{hex_id} is not a hex of the map"
    if not enterable(match, hex_id):
        return "5.1", f"{hex_id} is impassable"
    if space["zone"] in unused_zones(match.scenario.name):  # 14.0 only the map east of the line is used
        return "14.0", f"{hex_id} lies west of the theatre boundary, off the map this scenario uses"
    german = force.startswith("GER")
    if not german and hex_id not in _edge(match, force, box):
        return "7.25", f"{hex_id} is not an entry hex of the {force} replacements"
    if german and hex_id not in _berlin_hexes(match):
        return "7.22", f"{hex_id} is not beside Berlin"
    enemies = sorted(
        u["unit_id"]
        for u in all_units(match).values()
        if u["space_id"] == hex_id and (u["side"] != force and not (german and u["side"].startswith("GER")))
    )
    if enemies:
        return "7.23" if german else "5.2", f"{hex_id} holds enemy units ({', '.join(enemies)})"
    full = _full(match, force, hex_id)
    if full is not None:
        return full
    if not german:
        return "7.25", f"{hex_id} is not an open entry hex of the {force} replacements"
    return (
        "7.24",
        f"{hex_id} is across the boundary, and enemy units do not hold every Berlin hex on its own side",
    )


def _full(match, force: str, hex_id: str) -> tuple[str, str] | None:
    """The stacking limit (5.3) that closes ``hex_id`` to a replacement of ``force`` under the
    ruling (:func:`stacking_limit`), as (rule, reason), or None when there is room."""
    side = placed_side(match, force, hex_id)
    stacks = Stacks(match, all_units(match), {side})
    limit = stacking_limit(match, stacks, force, hex_id)
    if limit is None:
        return None
    friends = stacks.friends({"unit_id": None, "side": side}, hex_id)
    return limit.rule, (
        f"{hex_id} is full: it already holds {limit.most} friendly units ({', '.join(friends)}) "
        f"(ruling {RESPECT_STACKING})"
    )


def _berlin_hexes(match) -> set[str]:
    """The hexes beside Berlin, either side of the boundary (7.22)."""
    return set(_ring(match, "E")) | set(_ring(match, "W"))


def _boxes(match, step) -> list[tuple[str, str]]:
    state = bfg_state(match)
    found = []
    for force in step.acting:
        if state["replacements_left"] > 0:
            found.append((force, BOXES[force]))
        if force == "WA" and state["italy_left"] > 0:
            found.append((force, "ELIM_WA_ITALY"))
    return found


def legal(match, step) -> list[Action]:
    actions = []
    for force, box in _boxes(match, step):
        hexes = entry_hexes(match, force, box)
        stacks = Stacks(match, all_units(match), {placed_side(match, force, h) for h in hexes})
        units = candidates(match, force, box)
        exits = _exits(match, stacks, force, hexes, units)
        for unit in units:
            allowed = [
                h
                for h in hexes
                if stacking_limit(match, stacks, force, h, unit) is None
                and stranded(match, stacks, as_placed(match, unit, force, h), exits) is None
            ]
            actions += [Action("replace", (unit["unit_id"], h), step.side) for h in allowed]
    return list(dict.fromkeys(actions))  # 16.33 the pooled German boxes list each unit once


def as_placed(match, unit: dict[str, Any], force: str, hex_id: str) -> dict[str, Any]:
    """``unit`` as it stands once placed in ``hex_id`` as a replacement of ``force``: on the side
    of the boundary it is placed on (7.24), frozen when in an enemy ZOC (7.26), at double MA
    when German (7.22)."""
    side = placed_side(match, force, hex_id)
    return {
        **unit,
        "side": side,
        "space_id": hex_id,
        "frozen": hex_id in zoc_hexes(match, side),
        "mp_factor": 2.0 if force.startswith("GER") else 1.0,
    }


def _exits(match, stacks: Stacks, force: str, hexes: list[str], newcomers: list[dict[str, Any]]) -> Exits:
    """The steps out of those of ``hexes`` where one of ``newcomers`` (replacements of ``force``)
    would break a stacking limit, and so may be stranded, for their units and the newcomers."""
    full: dict[str, set[str]] = {}
    for hex_id in hexes:
        side = placed_side(match, force, hex_id)
        if any(stacks.over({"unit_id": None, "size": unit["size"], "side": side}, hex_id) for unit in newcomers):
            full.setdefault(side, set()).add(hex_id)
    return Exits(match, stacks, full, newcomers)


def replace(match, action: Action) -> None:
    """``replace UNIT HEX``: return an eliminated unit to the map."""
    if len(action.args) != 2:
        raise InvalidOrder("replace takes a unit and a hex: replace UNIT HEX")
    unit = unit_row(match, action.args[0])
    hex_id = action.args[1]
    step = match.step
    if unit["nationality"] in NEVER_REPLACED and unit["space_kind"] == "box":  # 7.12 in its box for good
        raise match.violation(f"{label(unit)} is {unit['nationality']}: such units are never replaced", "7.12")
    force = next((f for f, b in _boxes(match, step) if unit["space_id"] in _pooled_boxes(match, b)), None)
    if force is None:
        raise match.violation(
            f"{label(unit)} is not in an eliminated-units box with replacements left this phase", "7.2"
        )
    lowest = candidates(match, force, unit["space_id"])
    if unit["unit_id"] not in {u["unit_id"] for u in lowest}:
        names = ", ".join(label(u) for u in lowest)
        raise match.violation(f"{label(unit)} is not among the weakest eliminated units ({names})", "7.21")
    hexes = entry_hexes(match, force, unit["space_id"])
    if hex_id not in hexes:
        rule, reason = _entry_refusal(match, force, unit["space_id"], hex_id)
        allowed = ", ".join(hexes) or "none"
        raise match.violation(f"{label(unit)} may not enter at {hex_id}: {reason} (open: {allowed})", rule)
    placed = as_placed(match, unit, force, hex_id)  # 7.24 a German placed across the boundary takes that side
    stacks = Stacks(match, all_units(match), {placed["side"]})
    limit = stacking_limit(match, stacks, force, hex_id, unit)
    if limit is not None:
        raise match.violation(f"{label(unit)} may not join another Front in {hex_id}", limit.rule)
    refuse_stranded(match, unit, stacks, placed, _exits(match, stacks, force, [hex_id], [unit]))
    match.log(
        Event(
            "replace",
            side=placed["side"],
            unit_id=unit["unit_id"],
            from_space=unit["space_id"],
            to_space=hex_id,
            rule="7.2",
            payload={"in_enemy_zoc": placed["frozen"]},
        )
    )
    match.set(
        "unit_state",
        {"unit_id": unit["unit_id"]},
        space_id=hex_id,
        side=placed["side"],
        status="ready",
        mp=0,
        moved=False,
    )
    match.set(
        "bfg_unit",
        {"unit_id": unit["unit_id"]},
        frozen=placed["frozen"],  # 7.26
        mp_factor=placed["mp_factor"],  # 7.22 double movement
    )
    column = "italy_left" if unit["space_id"] == "ELIM_WA_ITALY" else "replacements_left"
    left = bfg_state(match)[column]
    match.set("bfg_state", {}, **{column: left - 1})
