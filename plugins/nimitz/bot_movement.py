"""The US heuristic bot's movement phase (8.0-8.4), planned once from the phase's legal moves:
submarines go commerce raiding (8.4: -2 a submarine on the Japanese reinforcement roll, 11.1);
held objectives near Japanese forces get a second garrison unit (4.1: a point is held while US ground
units or land aircraft stand there); Hawaii keeps its battleships and garrison (a Japanese landing there
loses the campaign, printed after 11.5); the carriers sail together with escorts and ground units
against one objective the US does not hold, when they outnumber the Japanese carriers there; and lone
ground units walk into the unheld objectives that no Japanese ground unit or land aircraft holds."""

from __future__ import annotations

from typing import Any

from phaseline import Action

from .board import HAWAII
from .bot_view import HOMES, View
from .rules.state import JP, US
from .rules.units import kind, points

BATTLE_RESERVE = 2  # SP left for the battles' markers (10.5) once the moves are paid
HAWAII_GARRISON = 2  # ground units and land aircraft that never leave Hawaii
THREAT_RANGE = 6  # route steps within which Japanese units threaten a point
ESCORTS_PER_CARRIER = 1
FLEET_MOST = 4  # carriers in one strike: the rest stay to cover Hawaii
LANDING_FORCE = 2  # ground units that sail with the carriers
DEFEND_AT = 4  # Japanese units near a held objective that call the carriers there
GARRISON_MOST = 4  # ground units and land aircraft wanted at the most threatened objective


class MovePlan:
    """The phase's moves as they are chosen: legal single-unit moves only, each unit once (8.1),
    within the SP (8.1) and the points' land-aircraft capacities (8.2)."""

    def __init__(self, match, v: View, legal: list[Action]) -> None:
        self.v = v
        self.moves = {(a.args[0], a.args[1]) for a in legal if a.verb == "move"}
        self.movable = {unit_id for unit_id, _ in self.moves}
        self.raiders = sorted(a.args[0] for a in legal if a.verb == "raid")
        self.budget = v.state["sp"] - BATTLE_RESERVE
        self.capacity = {p: row["us_air_capacity"] for p, row in points(match).items()}
        self.air_at = {p: len(row.of(US, "air")) for p, row in v.points.items()}
        self.used: set[str] = set()
        self.orders: dict[str, list[str]] = {}
        self.raids: list[str] = []

    def free(self, unit_id: str) -> bool:
        return unit_id not in self.used and unit_id in self.movable

    def send(self, unit_id: str, target: str) -> bool:
        """Plan ``unit_id`` to ``target`` if the rules and the budget allow it."""
        if self.budget < 1 or unit_id in self.used or (unit_id, target) not in self.moves:
            return False
        unit = self.v.units[unit_id]
        if kind(unit) == "air":
            cap = self.capacity.get(target)
            if cap is not None and self.air_at.get(target, 0) + 1 > cap:  # 8.2 the printed capacity
                return False
            self.air_at[target] = self.air_at.get(target, 0) + 1
        self.used.add(unit_id)
        self.budget -= 1
        self.orders.setdefault(target, []).append(unit_id)
        return True

    def actions(self) -> list[Action]:
        found = [Action("raid", (",".join(self.raids),), US)] if self.raids else []
        return found + [Action("move", (",".join(units), target), US) for target, units in self.orders.items()]


def plan(match, v: View, legal: list[Action]) -> list[Action]:
    """The movement phase's orders (raids first, then one move order per destination)."""
    p = MovePlan(match, v, legal)
    _raid(p)
    _strike(p)
    _reinforce_garrisons(p)
    _walk_in(p)
    _guard_hawaii(p)
    return p.actions()


def _raid(p: MovePlan) -> None:
    """8.4 every submarine free to go raids, 1 SP each (11.1: -2 each on the reinforcement roll)."""
    for sub in p.raiders:
        if p.budget >= 1 and sub not in p.used:
            p.raids.append(sub)
            p.used.add(sub)
            p.budget -= 1


def threat(v: View, point_id: str) -> float:
    """The Japanese units likely to come to ``point_id``: 9.2 Engage and Sortie go to the nearest point
    (objective) holding US units, so each Japanese point's units count at the US points nearest to it,
    shared among them when several are as near."""
    return threats(v).get(point_id, 0.0)


def threats(v: View) -> dict[str, float]:
    found: dict[str, float] = {}
    occupied = [q for q, row in v.points.items() if row.units[US]]
    for here, row in v.points.items():
        if not row.units[JP] or not occupied:
            continue
        near = min(v.steps(here, q) for q in occupied)
        if near > THREAT_RANGE:
            continue
        nearest = [q for q in occupied if v.steps(here, q) == near]
        for q in nearest:
            found[q] = found.get(q, 0.0) + len(row.units[JP]) / len(nearest)
    return found


def _spare(p: MovePlan, kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    """Free US units of ``kinds`` that no garrison needs: at the West Coast, at points that are no
    objective, or beyond Hawaii's own garrison; the cheapest first."""
    v = p.v
    found = []
    at_hawaii = len([u for u in v.points[HAWAII].of(US, "ground", "air") if u["unit_id"] not in p.used])
    for unit in sorted(v.units.values(), key=lambda u: (u["buy_cost"], u["unit_id"])):
        where = v.points.get(unit["space_id"])
        if unit["side"] != US or kind(unit) not in kinds or where is None or not p.free(unit["unit_id"]):
            continue
        if unit["space_id"] == HAWAII and kind(unit) in ("ground", "air"):
            if at_hawaii <= HAWAII_GARRISON:
                continue
            at_hawaii -= 1
        elif where.objective and unit["space_id"] not in HOMES and kind(unit) in ("ground", "air"):
            continue  # 4.1 it holds its objective
        found.append(unit)
    return found


def _defender_rank(unit: dict[str, Any]) -> tuple[int, int, str]:
    """Land bombers first (they strike landings on the island and the ships that bring them, 10.12),
    then ground units, the dearest (strongest) first, then fighters."""
    rank = 0 if unit["type"] == "bomber" else 1 if kind(unit) == "ground" else 2
    return rank, -unit["buy_cost"], unit["unit_id"]


def need(v: View, point_id: str) -> int:
    """How much a held point needs defending: the Japanese units likely to come, and three for each
    objective whose supply runs through it (11.4)."""
    return int(threat(v, point_id)) + 3 * v.dependents(point_id)


def _reinforce_garrisons(p: MovePlan) -> None:
    """4.1 held points near Japanese forces get more ground units and land aircraft: objectives, and the
    points the supply of other objectives runs through (11.4), the most needed first; one unit for every
    two Japanese units near and one for every objective supplied through it (at most GARRISON_MOST)."""
    v = p.v
    needs = {
        q: need(v, q)
        for q, row in v.points.items()
        if row.held and q not in HOMES and threat(v, q) and (row.objective or v.dependents(q))
    }
    for target in sorted(needs, key=lambda q: (-needs[q], q)):
        wanted = min(GARRISON_MOST, 1 + needs[target] // 2) - v.points[target].garrison(US)
        for unit in sorted(_spare(p, ("air", "ground")), key=_defender_rank):
            if wanted <= 0:
                break
            if p.send(unit["unit_id"], target):
                wanted -= 1


def _target(v: View) -> str | None:
    """Where the carriers go: the held objective (not Hawaii nor the West Coast, where they wait anyway)
    with the most Japanese units near, when at least DEFEND_AT are; else the unheld objective to strike:
    where the US lands and then holds it (supplied first, 11.4), the fewest Japanese ground units and land
    aircraft, then the nearest to Hawaii."""
    defended = [q for q in v.held_objectives() if q not in HOMES and threat(v, q) >= DEFEND_AT]
    if defended:
        return max(defended, key=lambda q: (need(v, q), q))
    candidates = [row for row in v.points.values() if row.objective and not row.held and row.units[JP]]
    if not candidates:
        return None
    best = min(
        candidates, key=lambda r: (not r.supplied, r.garrison(JP), r.fleet(JP), v.steps(HAWAII, r.point_id), r.point_id)
    )
    return best.point_id


def _strike(p: MovePlan) -> None:
    """The carriers together against one objective, when they outnumber its Japanese carriers and no
    Japanese fleet stands near Hawaii; cruisers and destroyers escort them, ground units land."""
    v = p.v
    target = _target(v)
    if target is None:
        return
    carriers = [u for u in _spare(p, ("ship",)) if u["type"] in ("CV", "CVL") and u["status"] == "full"]
    jp_carriers = len([u for u in v.points[target].of(JP, "ship") if u["type"] in ("CV", "CVL", "CVE")])
    near_hawaii = sum(
        row.fleet(JP) for q, row in v.points.items() if v.steps(HAWAII, q) <= 1 and q != target
    )  # printed after 11.5: Japanese units at Hawaii lose the campaign
    if len(carriers) <= jp_carriers or near_hawaii >= 3:
        return
    sent = [u for u in carriers[:FLEET_MOST] if p.send(u["unit_id"], target)]
    escorts = sorted(
        (u for u in _spare(p, ("ship",)) if u["type"] in ("CA", "CL", "DD") and u["status"] == "full"),
        key=lambda u: (-u["buy_cost"], u["unit_id"]),
    )
    for unit in escorts[: ESCORTS_PER_CARRIER * len(sent)]:
        p.send(unit["unit_id"], target)
    ground = sorted(_spare(p, ("ground",)), key=lambda u: (not u["marine"], -u["buy_cost"], u["unit_id"]))
    landed = 0
    for unit in ground:  # 10.6 Marines go straight to their position
        if landed < LANDING_FORCE and p.send(unit["unit_id"], target):
            landed += 1


def _walk_in(p: MovePlan) -> None:
    """4.1 an unheld objective with no Japanese unit is taken by one ground unit standing there."""
    v = p.v
    for row in sorted(v.points.values(), key=lambda r: r.point_id):
        if not row.objective or row.held or row.units[JP] or row.garrison(US) or not row.supplied:
            continue
        for unit in _spare(p, ("ground", "air")):
            if p.send(unit["unit_id"], row.point_id):
                break


def _guard_hawaii(p: MovePlan) -> None:
    """Surface ships left on the West Coast join Hawaii's guard (printed after 11.5: Japanese units
    that survive the first round at Hawaii lose the campaign; 11.3 ships there stay ready)."""
    for unit in _spare(p, ("ship",)):
        if unit["space_id"] != HAWAII and unit["space_id"] in HOMES and unit["type"] != "SS":
            p.send(unit["unit_id"], HAWAII)
