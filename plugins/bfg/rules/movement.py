"""Movement (5.0–5.2) under zones of control (4.0–4.4), the boundary (5.4), Berlin (5.43)
and Yugoslavia (5.5). Reach comes from the shared SQL query ``movement-legal``, and why a
move is refused from ``movement-reach`` (the same legal rows and the refusals beside them)."""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event, InvalidOrder
from phaseline.model import plays_ruling

from ..board import step_costs
from ..rulings import SOVIET_DESTROYS_FORTRESS
from . import move_refusal
from .positions import Stacks, enemy_zoc, on_map, stacking_audit
from .shifted import is_shifted, zoc_refusal
from .state import bfg_state
from .units import all_units, label, require_space, unit_row, units_named


def legal_moves(match, step) -> list[Action]:
    """Every (unit, destination) of the phasing forces, from one reach query per force.

    5.3 binds at the end of the phase, so a unit may end a move in a hex it leaves over the
    stacking limit. Such a move is listed when the unit can step on from there into a hex with
    room, so that a listed move never strands a unit over the limit (a later move may still
    take the hex it would step into); a move after which no unit could leave is accepted when
    typed, not listed (taking it back is the way out)."""
    actions: list[Action] = []
    units = all_units(match)
    for force in step.acting:
        if not has_movers(units, force):
            continue  # the reach query would walk no unit: not asked (13 ms a statement)
        stacks = Stacks(match, units, {force})
        full: dict[str, frozenset[str] | None] = {}  # by size: 5.3 where a unit may not end its phase
        rows = match.rules.run("movement-legal", side=force)
        reached: dict[str, set[str]] | None = None  # each unit's hexes: read only for a row onto a full hex
        for row in rows:
            unit = units[row["unit_id"]]
            if unit["size"] not in full:
                full[unit["size"]] = stacks.full(force, unit["size"])
            hexes = full[unit["size"]]
            # a row of cost 0 is the unit's own hex; any other is a hex it comes to from elsewhere
            if row["cost"] == 0 or hexes is None:
                continue
            if row["space_id"] in hexes:
                reached = reached or _reached(rows)
                if not _steps_on(match, row, unit["mp"], reached[unit["unit_id"]], hexes):
                    continue
            actions.append(Action("move", (row["unit_id"], row["space_id"]), step.side))
    return actions


def _reached(rows: list[dict[str, Any]]) -> dict[str, set[str]]:
    """Each unit's hexes in the reach rows."""
    found: dict[str, set[str]] = {}
    for row in rows:
        found.setdefault(row["unit_id"], set()).add(row["space_id"])
    return found


def _steps_on(match, row: dict[str, Any], mp: int, reached: set[str], full: frozenset[str]) -> bool:
    """Whether the unit of ``row``, once in its hex, may step on into a hex with room: one it
    reaches (so may enter, 4.0, 5.4-5.5), next to that hex, within the movement points left
    (5.2). Entering enemy ZOC ends a move (4.0), and outside enemy ZOC no step is ZOC to ZOC."""
    if row["by_unit"] is not None:
        return False
    left = mp - row["cost"]
    return any(
        cost <= left and ahead in reached and ahead not in full
        for ahead, cost in step_costs(match).get(row["space_id"], {}).items()
    )


def has_movers(units: dict[str, dict[str, Any]], force: str) -> bool:
    """Whether ``force`` has a unit the ``movement-legal`` query walks: on the map, not
    eliminated, with movement points (its ``mover``: map_unit with mp > 0)."""
    return any(u["side"] == force and on_map(u) and u["mp"] > 0 for u in units.values())


def stacking_refusal(match, step):
    """5.3: at the end of a friendly Movement Phase no hex may hold more than two friendly
    units, nor two Soviet Fronts. Units may pass through full hexes while moving; the audit
    (the shared ``stacking-audit`` query) keeps the phase from ending while a hex is over
    the limit. The refusal, or None; the query is asked only when Stacks finds a hex over."""
    units = all_units(match)
    for force in step.acting:
        if not Stacks(match, units, {force}).crowded(force):
            continue
        rows = stacking_audit(match, force)
        if rows:
            worst = rows[0]
            return match.violation(
                f"the {step.title} cannot end: {worst['reason']} ({', '.join(worst['units'])})",
                worst["rule"],
                rows,
            )
    return None


def move(match, action: Action) -> None:
    """``move UNIT HEX [UNIT HEX …]``: each unit in turn goes to its hex by its cheapest legal
    path, each move checked in the state the moves before it left; one order, so a refused
    move refuses the whole order. A unit may go on with the movement points it has left,
    until it enters an enemy ZOC (4.0)."""
    if len(action.args) < 2 or len(action.args) % 2:
        raise InvalidOrder("move takes a unit and a hex, or several: move UNIT HEX [UNIT HEX …]")
    pairs = list(zip(action.args[::2], action.args[1::2], strict=True))
    reach = OrderReach(match, [unit_id for unit_id, _ in pairs])
    with match.held_updates():  # the order's moves written in one statement
        for unit_id, hex_id in pairs:
            _move_unit(match, unit_id, hex_id, reach)


class OrderReach:
    """The ``movement-legal`` rows of an order's units, asked once when the order begins.

    The query is declared per unit (see phaseline.queries): a unit's rows depend only on its
    own state and on other sides' units, and the shared query reads none of the game's own
    tables (a fortress falling, Berlin entered: bfg_fortress, bfg_state). So while the only
    changes since the order began are moves (space, movement points, moved) of units of the
    same side as the unit asked about, or changes to the game's own tables, its rows are the
    ones asked at the start; after anything else (a unit moved twice, a unit of another side
    moved) they are asked again.
    """

    MOVES = frozenset({("unit_state", "space_id"), ("unit_state", "mp"), ("unit_state", "moved")})

    def __init__(self, match, unit_ids: list[str]) -> None:
        self.match = match
        self.mark = match.ledger.mark()
        self.own_tables = frozenset(table.name for table in match.tables)
        self.moved: list[dict[str, Any]] = []
        self.rows: dict[str, list[dict[str, Any]]] = {}
        units = units_named(match, unit_ids)
        for force in {unit["side"] for unit in units} & set(match.step.acting):  # others are refused (3.0)
            for row in match.rules.run("movement-legal", side=force, units=[unit["unit_id"] for unit in units]):
                self.rows.setdefault(row["unit_id"], []).append(row)

    def of(self, unit: dict[str, Any]) -> list[dict[str, Any]]:
        """``unit``'s reach rows now (it is about to move)."""
        changed = self.match.ledger.changed_since(self.mark)
        still = changed is not None and all(c in self.MOVES or c[0] in self.own_tables for c in changed)
        if not still or any(u["unit_id"] == unit["unit_id"] or u["side"] != unit["side"] for u in self.moved):
            rows = self.match.rules.run("movement-legal", side=unit["side"], units=[unit["unit_id"]])
        else:
            rows = self.rows.get(unit["unit_id"], [])
        self.moved.append(unit)
        return rows


def _move_unit(match, unit_id: str, hex_id: str, order: OrderReach) -> None:
    """One unit's move to ``hex_id`` (5.0), refused with the evidence of ``movement-reach``,
    asked only then (the unit has not moved: its rows are those of the order's state)."""
    unit = unit_row(match, unit_id)
    dest = require_space(match, hex_id)["space_id"]
    _check_may_move(match, unit)
    reach = {r["space_id"]: r for r in order.of(unit)}
    if dest not in reach or dest == unit["space_id"]:
        rows = match.rules.run("movement-reach", side=unit["side"], units=[unit["unit_id"]])
        raise move_refusal.refusal(match, unit, dest, rows)
    stopped = reach[dest]["by_unit"] is not None  # the reach row names the enemy ZOC that stops it
    if stopped and is_shifted(unit):  # 16.32 it would end the phase in that enemy ZOC
        raise zoc_refusal(match, unit, dest, reach[dest]["by_unit"], reach[dest]["by_space"])
    path = _path(reach, unit["space_id"], dest)
    cost = reach[dest]["cost"]
    left = 0 if stopped else unit["mp"] - cost  # 4.0 entering an enemy ZOC ends the move
    zoc = {"stopped_by": reach[dest]["by_unit"], "stopped_rule": "4.0"} if stopped else {}
    match.log(
        Event(
            "move",
            side=unit["side"],
            unit_id=unit["unit_id"],
            from_space=unit["space_id"],
            to_space=dest,
            rule="5.0",
            payload={"path": path, "cost": cost, "mp_left": left, **zoc},
        )
    )
    match.set_known("unit_state", {"unit_id": unit["unit_id"]}, unit, space_id=dest, moved=True, mp=left)
    entered(match, unit, path[1:])


def entered(match, unit: dict[str, Any], spaces: list[str]) -> None:
    """What entering hexes does: fortresses fall to the Western Allies (6.83); Berlin falls (12.22)."""
    if unit["side"] not in ("WA", "SOV"):
        return
    board = match.static("space", "space_id")
    if not any(board[s]["feature"] == "fortress" or board[s]["zone"] == "B" for s in spaces):
        return  # neither a fortress (set up on every 'fortress' hex) nor Berlin on the way
    destroyers = ("WA", "SOV") if plays_ruling(match, SOVIET_DESTROYS_FORTRESS) else ("WA",)
    fortresses = match.rows_of("bfg_fortress")
    forts = sorted({s for s in spaces if (s,) in fortresses and not fortresses[(s,)]["destroyed"]})
    berlin = any(board[s]["zone"] == "B" for s in spaces)
    for fort in forts if unit["side"] in destroyers else []:
        match.set("bfg_fortress", {"space_id": fort}, destroyed=True)
        match.log(
            Event(
                "fortress",
                side=unit["side"],
                unit_id=unit["unit_id"],
                to_space=fort,
                rule="6.83",
                purpose="fortress destroyed by Western Allied entry",
            )
        )
    if berlin:
        state = bfg_state(match)
        column = "wa_berlin_turn" if unit["side"] == "WA" else "sov_berlin_turn"
        changes = {} if state[column] else {column: match.clock.turn}
        if not state["berlin_entered_by"]:
            changes.update(berlin_entered_by=unit["side"], berlin_entered_turn=match.clock.turn)
            match.log(
                Event(
                    "berlin",
                    side=unit["side"],
                    unit_id=unit["unit_id"],
                    rule="12.22",
                    purpose=f"Berlin falls to {unit['side']}",
                )
            )
        if changes:
            match.set("bfg_state", {}, **changes)


def _check_may_move(match, unit: dict[str, Any]) -> None:
    step = match.step
    if unit["side"] not in step.acting:
        raise match.violation(f"{label(unit)} is {unit['side']}: it does not move in the {step.title}", "3.0")
    if unit["space_kind"] == "box":
        raise match.violation(f"{label(unit)} is off the map in {unit['space_id']}", "5.0")
    if unit["garrison"]:
        raise match.violation(f"{label(unit)} garrisons {unit['garrison']} and may not move", "10.3")
    if unit["frozen"]:
        raise match.violation(f"{label(unit)} was placed in an enemy ZOC and may not move this phase", "7.26")
    if unit["mp"] <= 0:
        if unit["moved"]:
            zoc = [z for z in enemy_zoc(match, unit["side"]) if z["space_id"] == unit["space_id"]]
            if zoc:  # 4.0 a unit that entered an enemy ZOC stops there for the rest of the phase
                raise match.violation(
                    f"{label(unit)} entered an enemy ZOC at {unit['space_id']} ({zoc[0]['reason']}) "
                    "and must stop there",
                    "4.0",
                    zoc,
                )
        reason = "has used its movement points" if unit["moved"] else "has no movement points this phase"
        raise match.violation(f"{label(unit)} {reason}", "5.0")


def _path(reach: dict[str, dict[str, Any]], start: str, dest: str) -> list[str]:
    path = [dest]
    while path[-1] != start:
        path.append(reach[path[-1]]["path_via"])
    return path[::-1]
