"""Bridge demolition (20.4, 8.23, 8.11), judged by the situation at the start of the impulse.

At the end of an Assault impulse the attacker may try to blow any friendly-held bridge on
a border of the activated area whose other side, or its own, is enemy-controlled or
contested; an area may be activated for this alone (8.11). "The conditions of demolition
and their drm follow the situation at the start of the impulse" (20.4, 8.23): a forced
attack repulsed this impulse did not make its area contested, and a bridge taken this
impulse was not friendly-held. dr + drm >= 7 (20.5: each area +3 free, +2 friendly-
controlled contested, +1 enemy-controlled contested; -1 over a water obstacle).

The start is kept as it stood when each impulse began (note_start): the areas at either end
of a bridge (controller, German units, Allied units) and every bridge's holder, rewritten
only where they changed. No demolition in a bombardment impulse (10.1) or a landing (19.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from phaseline import Action
from phaseline import sequence as walker

from ..scenarios import ALLIED, GERMAN
from . import rerolls
from .activation import activate
from .board import board, side_of_controller
from .bridges import area_drm, drm_chart, find_bridge, roll_attempt, set_bridge, settle_try, tried


@dataclass(frozen=True)
class Was:
    """An area as it stood when the impulse began: the questions 20.5 asks of an area."""

    controller: str
    german: bool
    allied: bool

    def controlled_by(self, side: str) -> bool:
        return side_of_controller(self.controller) == side

    def contested(self) -> bool:
        return self.german and self.allied

    def vacant(self, side: str) -> bool:
        return not (self.allied if side == GERMAN else self.german)

    def free(self, side: str) -> bool:
        return self.vacant(side) and self.controlled_by(side)


# === THE START OF THE IMPULSE =================================================================


def note_start(match) -> None:
    """Keep the bridges' ends and holders as the impulse begins (only the rows that changed)."""
    b = board(match)
    ends = sorted({s for br in b.bridges.values() for s in (br["a"], br["b"])})
    now_areas = {
        s: {
            "controller": b.areas[s].controller,
            "german": bool(b.areas[s].units[GERMAN]),
            "allied": bool(b.areas[s].units[ALLIED]),
        }
        for s in ends
    }
    _keep(match, "bkn_start_area", "space_id", now_areas, _areas_then(match))
    now_bridges = {i: {"state": br["state"]} for i, br in b.bridges.items()}
    then_bridges = {i: {"state": state} for i, state in _bridges_then(match).items()}
    _keep(match, "bkn_start_bridge", "bridge_id", now_bridges, then_bridges)


def _keep(match, table: str, key: str, now: dict, then: dict) -> None:
    """Rows for the names not kept yet (all at once), and the changed ones rewritten."""
    new = [{key: name, **now[name]} for name in sorted(now) if name not in then]
    if new:
        match.insert_many(table, new)
    for name in sorted(set(now) & set(then)):
        if now[name] != then[name]:
            match.set(table, {key: name}, **now[name])


def _areas_then(match) -> dict[str, dict]:
    return {
        space: {"controller": r["controller"], "german": r["german"], "allied": r["allied"]}
        for (space,), r in match.rows_of("bkn_start_area").items()
    }


def _bridges_then(match) -> dict[str, str]:
    return {bridge: r["state"] for (bridge,), r in match.rows_of("bkn_start_bridge").items()}


def at_start(match, space: str) -> Was:
    """20.4: ``space`` as it stood when the impulse began (as it stands, in a match whose impulse
    began before the start was kept)."""
    row = _areas_then(match).get(space)
    if row is None:
        area = board(match).areas[space]
        return Was(area.controller, bool(area.units[GERMAN]), bool(area.units[ALLIED]))
    return Was(row["controller"], row["german"], row["allied"])


# === 20.4 DEMOLITION ===========================================================================


def demolition_refusal(match, side: str, bridge: dict) -> tuple[str, str] | None:
    """Why ``side`` may not try to blow ``bridge`` now, and the rule that forbids it (None: it may)."""
    b = board(match)
    if b.day["kind"] in ("bombardment", "air-strike"):  # 10.1: 「橋の修理や破壊も行えない」
        return "a bombardment impulse neither repairs nor blows bridges", "10.1"
    activated = b.day["activated"]
    if activated is not None and b.areas[activated].is_box:  # 19.3: 「橋の修理と爆破が行われない」
        return "a landing activates the approach box, no area: no bridge is blown", "19.3"
    if bridge["state"] != side or _bridges_then(match).get(bridge["bridge_id"], bridge["state"]) != side:
        return f"{bridge['name']} was not {side}-held when the impulse began", "20.4"
    if activated is not None and activated not in (bridge["a"], bridge["b"]):
        return f"{bridge['name']} is not on a border of the activated area {activated}", "20.4"
    ends = [at_start(match, s) for s in (bridge["a"], bridge["b"])]
    if not any(a.contested() or not a.controlled_by(side) for a in ends):
        return "neither side of it was enemy-controlled or contested when the impulse began", "20.4"
    if tried(match, bridge["bridge_id"], side):
        return f"{bridge['name']} was tried already this impulse", "20.4"
    return None


def demolition_drm(match, bridge: dict, side: str) -> list[tuple[str, int]]:
    """20.5: both areas as they stood when the impulse began, -1 over a water obstacle."""
    terms = [(f"area {s}", area_drm(match, at_start(match, s), side)) for s in (bridge["a"], bridge["b"])]
    if bridge["border"] == "water":
        terms.append(("water obstacle", drm_chart(match, "bridge_drm")["water"]))
    return terms


def demolish(match, action: Action) -> None:
    """demolish BRIDGE[,BRIDGE…]: end the Assault impulse blowing friendly-held bridges (20.4, 8.23)."""
    if len(action.args) != 1:
        raise match.violation("demolish takes bridges: demolish BRIDGE[,BRIDGE…]", "20.4")
    side = action.side
    bridges = [find_bridge(match, i, "20.4") for i in action.args[0].split(",")]
    for bridge in bridges:
        refusal = demolition_refusal(match, side, bridge)
        if refusal:
            why, rule = refusal
            raise match.violation(f"cannot demolish {bridge['bridge_id']}: {why}", rule)
    if board(match).day["activated"] is None:  # 8.11: an area may be activated only to blow its bridges
        ends = set.intersection(*[{br["a"], br["b"]} for br in bridges])
        if not ends:
            raise match.violation("demolished bridges must all border one activated area", "8.23")
        activate(match, side, min(ends))
    _next_demolition(match, side, [bridge["bridge_id"] for bridge in bridges])


def _next_demolition(match, side: str, bridge_ids: list[str]) -> None:
    if not bridge_ids:
        walker.end_step(match)  # 8.23: demolition closes the impulse
        return
    bridge = board(match).bridges[bridge_ids[0]]
    terms = demolition_drm(match, bridge, side)
    roll_attempt(match, side, f"{side} blows {bridge['name']}", terms, "20.4", "demolish", {"pending": bridge_ids})


@rerolls.follows("demolish")
def _demolition_rolled(match, context: dict, die: int) -> None:
    ok, bridge_id, rest = settle_try(match, context, die, "demolish")
    if ok:
        set_bridge(match, board(match).bridges[bridge_id], "destroyed")
    _next_demolition(match, context["side"], rest)


def legal_demolitions(match, side: str) -> list[Action]:
    """Single demolitions open to ``side`` in an Assault impulse (8.11, 8.23)."""
    if board(match).day["kind"] not in (None, "assault"):
        return []
    bridges = sorted(board(match).bridges.values(), key=lambda br: br["bridge_id"])
    return [
        Action("demolish", (br["bridge_id"],), side) for br in bridges if demolition_refusal(match, side, br) is None
    ]
