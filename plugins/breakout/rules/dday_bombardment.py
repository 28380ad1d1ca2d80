"""D-Day's bombardment phases (21.3, 21.4), between the airborne drop and the landings.

1B Naval bombardment (21.3): every beach holding Germans is bombarded at the task
forces' full D-Day strength 8, then both naval markers are used.
1C Air bombardment (21.4): two different areas, each a beach or next to one, are both
declared before either is resolved; then both air markers are used.
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event

from ..scenarios import ALLIED, GERMAN
from . import advantage, bombardment, landings, rerolls
from . import primary as primary_target
from .board import board
from .naval_air import colour_reaches, ready_markers, struck_by_other_nationality

# === 1B NAVAL BOMBARDMENT PHASE (21.3) ========================================================


def _markers(match, kind: str) -> list[dict[str, Any]]:
    """The ready (unused) markers of ``kind`` (4.4)."""
    return [m for m in ready_markers(match) if m["kind"] == kind]


def naval_targets(match) -> dict[str, dict[str, Any]]:
    """21.3: each beach still holding Germans and not yet bombarded, with its task force."""
    b = board(match)
    found = {}
    for beach in landings.beaches(match):
        area = b.areas[beach["area_id"]]
        if not area.units[GERMAN] or (area.space_id,) in match.rows_of("bkn_strike"):
            continue
        fleets = _markers(match, "naval")
        fleet = next((m for m in fleets if colour_reaches(m, area)), None) or next(
            (m for m in fleets if m["nationality"] == beach["nationality"]), None
        )
        if fleet is not None:
            found[area.space_id] = fleet
    return found


def naval_actions(match, side: str) -> list[Action]:
    if side != ALLIED:
        return []
    return [Action("bombard", (area, m["marker_id"]), side) for area, m in naval_targets(match).items()]


def naval_bombard(match, action: Action) -> None:
    """bombard BEACH MARKER [PRIMARY]: a beach at the task force's full D-Day strength (21.3)."""
    if len(action.args) not in (2, 3):
        raise match.violation("bombard takes a beach area, a naval marker and a primary: bombard AREA MARKER", "21.3")
    area, marker_id = action.args[:2]
    targets = naval_targets(match)
    if area not in targets:
        raise match.violation(f"{area} is no beach left to bombard with German units", "21.3")
    if targets[area]["marker_id"] != marker_id:
        raise match.violation(f"{area} is {targets[area]['marker_id']}'s target, not {marker_id}'s", "3.26")
    _naval(match, area, targets[area], action.args[2] if len(action.args) == 3 else None)


def _naval(match, area: str, marker: dict[str, Any], primary: str | None, after=None, step_end=False) -> bool:
    """21.3 at full D-Day strength; 11.6: the Advantage holder may have it rerolled (True: asked)."""
    primary = primary or bombardment.default_primary(match, area, ALLIED)
    why = primary_target.refusal(match, ALLIED, area, primary)
    if why:
        raise match.violation(f"{primary} cannot be the primary target: {why}", "10.1")
    strength = marker["dday_strength"] or marker["strength"]
    terms = [(f"{marker['marker_id']} full D-Day strength", strength)]
    return bombardment.fire(match, ALLIED, area, "naval", terms, primary, marker, after, step_end)


def end_naval(match) -> bool:
    """21.3: beaches not yet bombarded are bombarded now; then both naval markers are used.
    True while a reroll answer holds the phase open (11.6)."""
    return _naval_rest(match, {})


@rerolls.resumes("naval-rest")
def _naval_rest(match, context: dict[str, Any]) -> bool:
    while targets := naval_targets(match):
        area, marker = next(iter(targets.items()))
        if _naval(match, area, marker, None, after={"then": "naval-rest", "context": {}}, step_end=True):
            return True
    _use(match, "naval")
    advantage.pass_if_used(match)  # 11.2: used in a D-Day phase, it passes as the phase ends
    return False


def _use(match, kind: str) -> None:
    for m in _markers(match, kind):
        match.set("bkn_marker_state", {"marker_id": m["marker_id"]}, used=True)


# === 1C AIR BOMBARDMENT PHASE (21.4) ==========================================================


def declared_air(match) -> list[dict[str, Any]]:
    return [dict(row) for _, row in sorted(match.rows_of("bkn_air_target").items())]


def air_target_ok(match, marker: dict[str, Any], area: str) -> bool:
    """21.4: a beach or an area next to one, with Germans, not the other marker's target; Clear (18.2)."""
    b = board(match)
    here = b.areas.get(area)
    if here is None or not here.units[GERMAN] or here.is_box or here.is_zone:
        return False
    if b.day["weather"] != "Clear" or struck_by_other_nationality(match, marker, here):
        return False
    beach_areas = {r["area_id"] for r in landings.beaches(match)}
    if area not in beach_areas and not beach_areas & set(b.neighbours(area)):
        return False
    return area not in {d["space_id"] for d in declared_air(match)}


def air_actions(match, side: str) -> list[Action]:
    if side != ALLIED:
        return []
    done = {d["marker_id"] for d in declared_air(match)}
    return [
        Action("bombard", (area, m["marker_id"]), side)
        for m in _markers(match, "air")
        if m["marker_id"] not in done
        for area in sorted(board(match).areas)
        if air_target_ok(match, m, area)
    ]


def declare_air(match, action: Action) -> None:
    """bombard AREA MARKER [PRIMARY]: declare an air target; both resolve once declared (21.4)."""
    if len(action.args) not in (2, 3):
        raise match.violation("bombard takes an area, an air marker and a primary: bombard AREA MARKER", "21.4")
    area, marker_id = action.args[:2]
    marker = next((m for m in _markers(match, "air") if m["marker_id"] == marker_id), None)
    if marker is None or marker_id in {d["marker_id"] for d in declared_air(match)}:
        raise match.violation(f"{marker_id} is no air marker left to declare", "21.4")
    if not air_target_ok(match, marker, area):
        raise match.violation(
            f"{area} is no air target: a beach or next to one, with Germans, "
            "not the other marker's target, in Clear weather",
            "21.4",
        )
    primary = action.args[2] if len(action.args) == 3 else bombardment.default_primary(match, area, ALLIED)
    why = primary_target.refusal(match, ALLIED, area, primary)
    if why:
        raise match.violation(f"{primary} cannot be the primary target: {why}", "10.1")
    match.insert("bkn_air_target", {"marker_id": marker_id, "space_id": area, "primary_id": primary})
    match.log(Event("note", side=ALLIED, purpose=f"{marker_id} will strike {area}", rule="21.4"))
    if len(declared_air(match)) == len(_markers(match, "air")):
        _resolve_air(match)


def _resolve_air(match, step_end: bool = False) -> bool:
    """21.4: every declared strike is resolved as 17.3 says (11.6: each may be rerolled), then the
    markers are used. True while a reroll answer is owed."""
    return _air_rest(match, {"step_end": step_end})


@rerolls.resumes("air-rest")
def _air_rest(match, context: dict[str, Any]) -> bool:
    markers = {m["marker_id"]: m for m in _markers(match, "air")}
    for d in declared_air(match):
        marker = markers[d["marker_id"]]
        match.delete("bkn_air_target", {"marker_id": d["marker_id"]})
        terms = [(f"{marker['marker_id']} strength", marker["strength"])]
        after, held = {"then": "air-rest", "context": context}, context["step_end"]
        if bombardment.fire(match, ALLIED, d["space_id"], "air", terms, d["primary_id"], marker, after, held):
            return True  # 17.1, 17.3: the strike is recorded and friendly fire judged after the answer
    _use(match, "air")
    if context["step_end"]:
        advantage.pass_if_used(match)  # 11.2: as the phase ends
    return False


def end_air(match) -> bool:
    """21.4: the declared strikes are resolved (a marker left undeclared is simply used)."""
    return _resolve_air(match, step_end=True)
