"""10.10 where hits go. Each hit goes to the cheapest unit the attack may hit in its area: a US hit
on Japan to the cheapest Japanese unit, a damaged one first at equal cost, the player choosing among
equal ones for Japan (decision ``jp-hit``, 1.3); a Japanese hit on the US to any of the cheapest US
units, the player's choice (``us-hit``; damaged first at equal cost in air combat and bombardment,
whose rules say so for both sides). Every carrier costs 1, an airfield 1 (a hit takes a point of its
capacity), a battalion 0. A hit on a transport is a hit on a ground unit aboard: by default only when
no other ship of that side is in the coastal area (ruling ``transport-as-target``: like any target).
Hits left when no target is left are lost.

The island restriction (10.10 ※): bombers over the island and ships bombarding from the coastal area
hit enemy ground units there only if their side has ground units on the island (default: or land
aircraft, as the play example reads it; ruling ``strict-island-restriction``: ground units only);
else only the airfield. Markers cancel hits (10.5 Barrel Roll, Damage Control, Leathernecks, Seabees
when the player plays them; 10.7 Emergency Repair and Escort Fleet by themselves) and add them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from phaseline import Event
from phaseline.model import plays_ruling

from ...board import JP_BN
from ..state import JP, US, fcn_state, set_state
from . import agenda, markers
from .agenda import AGAIN, DONE, Task
from .sheet import AIRFIELD, AIRFIELD_COST, COASTAL, ENEMY, Piece, Sheet, sheet

STRICT_ISLAND = "strict-island-restriction"
TRANSPORT_AS_TARGET = "transport-as-target"


@dataclass(frozen=True)
class Target:
    """A unit or an airfield a hit may go to."""

    target_id: str
    cost: int
    damaged: bool
    hit_points: int
    unit: Piece | None  # None: the airfield


def may_hit_ground(match, s: Sheet, side: str) -> bool:
    """10.10 ※ the island restriction: ``side`` has ground units on the island (or land aircraft)."""
    if s.ground_on_island(side):
        return True
    return not plays_ruling(match, STRICT_ISLAND) and bool(s.land_aircraft(side))


def transports_open(match, s: Sheet, side: str) -> bool:
    """10.10 the ground units aboard ``side``'s transports may be hit (no other ship of it in the coastal area)."""
    return plays_ruling(match, TRANSPORT_AS_TARGET) or not any(p.surface for p in s.in_area(side, COASTAL))


def _units(units: list[Piece]) -> list[Target]:
    return [Target(p.unit_id, p.cost, p.status == "damaged", p.hit_points, p) for p in units]


def _airfield(s: Sheet, side: str) -> list[Target]:
    capacity = s.airfield[side]
    return [Target(AIRFIELD[side], AIRFIELD_COST, False, capacity, None)] if capacity > 0 else []


def targets(match, s: Sheet, spec: dict[str, Any]) -> list[Target]:
    """The units and airfield the attack ``spec`` may hit now: ``what`` ('aircraft', 'ships',
    'island', 'bombard', 'ground', 'unit'), ``area``, ``by`` (the attacking side)."""
    by, what, area = spec["by"], spec["what"], spec.get("area")
    side = ENEMY[by]
    if what == "unit":  # an attack aimed at one unit (AA, ASW, Radar Gunnery), or at the airfield
        if spec["unit"] == AIRFIELD[side]:
            return _airfield(s, side)
        unit = s.pieces.get(spec["unit"])
        return _units([unit]) if unit is not None else []
    if what == "aircraft":
        return _units(s.aloft(side, area))
    found: list[Target] = []
    if what in ("ships", "bombard"):
        sea = COASTAL if what == "bombard" else area
        found += _units([p for p in s.in_area(side, sea) if p.surface])
        if sea == COASTAL and transports_open(match, s, side):
            found += _units([p for p in s.in_area(side, COASTAL) if p.kind == "ground"])
    if what == "ground" or (what in ("island", "bombard") and may_hit_ground(match, s, by)):
        found += _units(s.ground_on_island(side))
    if what in ("island", "bombard", "ground"):
        found += _airfield(s, side)
    return found


def cheapest(found: list[Target], side: str, task: Task) -> list[Target]:
    """The targets the next hit may go to: any of them (``free``: VT Fuze's 'any aircraft'), else
    the cheapest, a damaged one first at equal cost (Japan always; the US where the step says so)."""
    if task.get("free"):
        return found
    low = min(t.cost for t in found)
    tied = [t for t in found if t.cost == low]
    if side == JP or task.get("damaged_first"):
        tied = [t for t in tied if t.damaged] or tied
    return tied


def _no_choice_matters(match, found: list[Target], hits: int, side: str) -> bool:
    """Every target falls whatever the order (and no marker could cancel one of these hits)."""
    return hits >= sum(t.hit_points for t in found) and not markers.with_(match, side, "cancels")


def _all_cancelled(match, s: Sheet, tied: list[Target], task: Task) -> bool:
    """A Japanese marker cancels the hit whichever of the tied units it goes to (Emergency Repair)."""
    side = task["side"]
    return side == JP and all(_canceller(match, s, side, t.unit, task["step"], []) for t in tied)


def _canceller(match, s: Sheet, side: str, unit: Piece | None, step: str, declined: list[str]):
    """The first marker in play that may cancel this hit (Japan's act; the player's are offered)."""
    for item, m in markers.with_(match, side, "cancels", s):
        if item not in declined and m.cancels(unit, step):
            return item, m
    return None


def hits_task(side: str, spec: dict[str, Any], hits: int, step: str, by: str, **flags: Any) -> Task:
    """A task: ``hits`` hits on ``side``'s units as ``spec`` allows (``by``: the attack, for the log)."""
    return {"do": "hits", "side": side, "spec": spec, "hits": hits, "step": step, "by": by, **flags}


def allocate(match, task: Task) -> str:
    """The task's hits, one at a time: a target (asked among equals), the markers that may cancel
    it, then the hit."""
    side, step, hits = task["side"], task["step"], task["hits"]
    declined = list(task.get("declined", []))
    while hits > 0:
        s = sheet(match)
        found = targets(match, s, task["spec"])
        if not found:
            _log_lost(match, task, hits, side)
            return DONE
        chosen = task.get("target")
        if chosen is None or chosen not in {t.target_id for t in found}:
            tied = cheapest(found, side, task)
            pick = agenda.answered(task, f"{side.lower()}-hit")
            if len(tied) == 1 or _no_choice_matters(match, found, hits, side) or _all_cancelled(match, s, tied, task):
                chosen = tied[0].target_id
            elif pick in {t.target_id for t in tied}:
                chosen = pick
            else:
                return _ask_target(match, task, side, hits, tied)
            task = agenda.settle(match, task, target=chosen, hits=hits, declined=declined)
        target = next(t for t in found if t.target_id == chosen)
        cancel = _canceller(match, s, side, target.unit, step, declined)
        if cancel is not None and side == US and agenda.answered(task, "bonus-use") is None:
            return agenda.ask(
                match,
                task,
                "bonus-use",
                f"{task['by']} hits {chosen}: play {cancel[1].marker_id} ({cancel[1].effect})?",
                ["play", "keep"],
                "10.5",
                marker=cancel[1].marker_id,
                target=chosen,
            )
        if cancel is not None and (side == JP or agenda.answered(task, "bonus-use") == "play"):
            markers.use(match, cancel[0])
            match.log(
                Event(
                    "note",
                    side=side,
                    unit_id=target.unit.unit_id if target.unit else None,
                    rule=cancel[1].rule,
                    purpose=f"{cancel[1].marker_id} cancels {task['by']}'s hit on {chosen}",
                    payload={"marker": cancel[1].marker_id, "target": chosen, "by": task["by"], "step": step},
                )
            )
        elif cancel is not None:  # the player keeps it: the next marker may be offered
            declined.append(cancel[0])
            task = agenda.settle(match, task, declined=declined)
            continue
        else:
            result = apply_hit(match, side, target)
            _log_hit(match, task, target, result)
            if task.get("radar") and result == "damaged":  # the unit hit is still there
                extra = hits_task(side, {"what": "unit", "by": ENEMY[side], "unit": chosen}, 1, step, "radar-gunnery")
                agenda.settle(match, task, hits=hits - 1, target=None, declined=[])
                agenda.push(match, offer_task("radar-gunnery", [extra], f"{chosen} was hit by bombardment"))
                return AGAIN if hits > 1 else DONE
        hits -= 1
        declined = []
        task = agenda.settle(match, task, hits=hits, target=None, declined=declined)
    return DONE


def _ask_target(match, task: Task, side: str, hits: int, tied: list[Target]) -> str:
    cost = tied[0].cost
    names = [t.target_id for t in tied]
    if task.get("free"):
        prompt = f"{task['by']}: which Japanese aircraft takes the hit (any in the area)?"
    elif side == JP:
        prompt = f"{task['by']}: which Japanese unit takes the hit ({hits} to place; equally cheap, cost {cost})?"
    else:
        prompt = f"{task['by']}: which US unit takes the hit ({hits} to place; the cheapest, cost {cost})?"
    return agenda.ask(match, task, f"{side.lower()}-hit", prompt, names, "10.10", hits=hits, cost=cost)


def apply_hit(match, side: str, target: Target) -> str:
    """1 hit: a full unit is damaged, a damaged one destroyed (2.5; a Japanese battalion back to its box
    at once, where Battalion Draw may find it again); an airfield loses a point of capacity."""
    if target.unit is None:
        column = f"{side.lower()}_airfield"
        left = fcn_state(match)[column] - 1
        set_state(match, **{column: left})
        return f"capacity {left}"
    if target.unit.status == "full":
        match.set("unit_state", {"unit_id": target.target_id}, status="damaged")
        return "damaged"
    if side == JP and target.unit.type == "battalion":  # 2.8 a Japanese battalion goes back to its box
        match.set("unit_state", {"unit_id": target.target_id}, space_id=JP_BN, status="full")
        match.set("fcn_unit", {"unit_id": target.target_id}, transport=False)
        return "destroyed (to the battalion box)"
    match.set("unit_state", {"unit_id": target.target_id}, status="destroyed")
    return "destroyed"


def _log_hit(match, task: Task, target: Target, result: str) -> None:
    match.log(
        Event(
            "hit",
            side=task["side"],
            unit_id=target.target_id,
            to_space=target.unit.space if target.unit else target.target_id,
            rule="10.10",
            purpose=f"{task['by']}: 1 hit on {target.target_id} (cost {target.cost}): {result}",
            payload={
                "target": target.target_id,
                "cost": target.cost,
                "result": result,
                "by": task["by"],
                "step": task["step"],
            },
        )
    )


def _log_lost(match, task: Task, hits: int, side: str) -> None:
    match.log(
        Event(
            "note",
            side=side,
            rule="10.10",
            purpose=f"{task['by']}: {hits} hit{'s' if hits > 1 else ''} lost, no target left",
            payload={"lost": hits, "by": task["by"], "step": task["step"]},
        )
    )


def offer_task(
    marker_id: str, then: list[Task], why: str, needs: dict[str, Any] | None = None, adds: dict | None = None
) -> Task:
    """A task: offer the player the US marker ``marker_id`` (10.5) now that its moment came; played,
    the tasks ``then`` follow, or (``adds``: a side and a step) one more hit goes to that side in the
    next placing of that step's hits. Not asked when the marker is gone, or when nothing is there to
    hit (``then``'s hits, or ``needs``: a target spec)."""
    return {"do": "offer", "marker": marker_id, "then": then, "why": why, "needs": needs, "adds": adds}


def offer(match, task: Task) -> str:
    item = task["marker"]
    if item not in markers.held(match):
        return DONE
    s = sheet(match)
    specs = [t["spec"] for t in task["then"] if t["do"] == "hits"] + ([task["needs"]] if task.get("needs") else [])
    if any(not targets(match, s, spec) for spec in specs):
        return DONE
    choice = agenda.answered(task, "bonus-use")
    if choice is None:
        m = markers.marker(item)
        return agenda.ask(
            match, task, "bonus-use", f"{task['why']}: play {item} ({m.effect})?", ["play", "keep"], "10.5", marker=item
        )
    if choice == "play":
        markers.use(match, item)
        match.log(
            Event("note", side=US, rule="10.5", purpose=f"{item} played: {task['why']}", payload={"marker": item})
        )
        agenda.push(match, *task["then"])
        if task.get("adds"):
            _one_more(match, task["adds"])
    return DONE


def _one_more(match, adds: dict[str, str]) -> None:
    """One more hit in the next placing of ``adds``' side and step."""
    following = next(
        t for t in agenda.tasks(match) if t["do"] == "hits" and t["side"] == adds["side"] and t["step"] == adds["step"]
    )
    agenda.update(match, following, hits=following["hits"] + 1)
