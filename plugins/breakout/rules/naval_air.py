"""Naval and air bombardment (17), the Le Havre battery (16.4, 3.27) and naval targets (3.26).

Each marker fires alone, once a day, as the single action of one impulse (17.1, 4.4); after
D-Day one naval and one air marker at most fire in an impulse, a Double Impulse being one
(21.3, 21.4, 11.4; ruling double-impulse-halves-apart: one in each half).
A naval task force reaches areas whose ID carries its colour (3.26: green Western/US,
brown Eastern/UK); an air marker any area holding enemy units but a zone, in Clear
weather only (17.3, 18.2). Both need a unit of their nationality in or next to the
target, or else an area of their nationality next to it (17.2, 17.3; for air an
approach box counts as its beach). No area is hit on one day by naval or air markers
of both nationalities (17.1). No naval bombardment in a storm (24.6C). Le Havre reaches
areas 1 and 2 only (3.27, 16.4). An air strike on a contested area whose two raw DRs
are equal hits the Allies too (17.3).
"""

from __future__ import annotations

from math import ceil
from typing import Any

from phaseline import Event
from phaseline.model import plays_ruling

from ..rulings import FRIENDLY_FIRE_AS_BOMBARDMENT
from ..scenarios import ALLIED, GERMAN
from .attrition import apply_attrition
from .board import board, national_group
from .charts import markers
from .landings import beach_of_box
from .primary import eligible_units
from .this_impulse import FIRED, recalled, remember
from .weather import is_clear, storm_blows
from .zones import air_reaches


def colour_reaches(marker: dict[str, Any], area) -> bool:
    """3.26: the task force's colour is on the area's ID symbol."""
    return (marker["reach"] or "").removeprefix("colour:") in (area.naval_colour or "").split("+")


def le_havre_reaches(marker: dict[str, Any], area) -> bool:
    """3.27, 16.4: the battery reaches only the areas listed (1 and 2)."""
    return area.space_id in (marker["reach"] or "").removeprefix("areas:").split(";")


def ready_markers(match) -> list[dict[str, Any]]:
    """4.4: the markers not yet used today (flipped ones fire again tomorrow), in id order."""
    state = match.rows_of("bkn_marker_state")
    return [dict(m) for mid, m in markers(match).items() if (mid,) in state and not state[(mid,)]["used"]]


def used_markers(match) -> list[dict[str, Any]]:
    """4.4: the markers flipped today, in id order."""
    state = match.rows_of("bkn_marker_state")
    return [dict(m) for mid, m in markers(match).items() if (mid,) in state and state[(mid,)]["used"]]


def _today(match) -> dict[str, Any]:
    """Per state: today's struck areas by nationality (17.1) and where each nationality stands."""

    def today() -> dict[str, Any]:
        b = board(match)
        boxes = beach_of_box(match)
        strikes = {space: row["nationality"] for (space,), row in match.rows_of("bkn_strike").items()}
        occupied: dict[tuple[str, bool], set[str]] = {}
        for u in b.units.values():
            if u["side"] == ALLIED and u["space_id"]:
                nation = national_group(u["nationality"])
                occupied.setdefault((nation, False), set()).add(u["space_id"])
                occupied.setdefault((nation, True), set()).add(boxes.get(u["space_id"], u["space_id"]))
        return {"strikes": strikes, "occupied": occupied}

    stand = match.ledger.version_of("unit_state", "space_id", "side", "status")
    return match.derived("bkn targets today", (stand, match.ledger.version_of("bkn_strike")), today)


def near_own_nationality(match, nationality: str, area, box_is_beach: bool) -> bool:
    """17.2, 17.3: a unit of the nationality in or next to the target, else an area it controls next to it."""
    b = board(match)
    occupied = _today(match)["occupied"].get((nationality, box_is_beach), set())
    around = set(b.neighbours(area.space_id))
    if area.space_id in occupied or around & occupied:
        return True
    return any(b.areas[n].controller == nationality for n in around if n in b.areas)


def struck_by_other_nationality(match, marker: dict[str, Any], area) -> bool:
    """17.1: the area was hit today by a naval or air marker of the other nationality."""
    other = _today(match)["strikes"].get(area.space_id)
    return other is not None and other != marker["nationality"]


def target_refusal(match, marker: dict[str, Any], area) -> tuple[str, str] | None:
    """Why ``marker`` may not bombard ``area`` now: (the rule, the reason), or None when it may
    (17.1-17.3, 16.4, 21.3, 21.4, 24.6C)."""
    mid, kind = marker["marker_id"], marker["kind"]
    if kind == "le_havre":  # 16.4: 「エリア1か2にいる連合軍ユニットを砲撃可能」
        if not le_havre_reaches(marker, area):
            reach = (marker["reach"] or "").removeprefix("areas:").replace(";", " and ")
            return "16.4", f"{mid} reaches only areas {reach}, not {area.space_id}"
        return None
    once = _one_an_impulse(match, marker)
    if once:
        return once
    if struck_by_other_nationality(match, marker, area):  # 17.1: one nationality an area a day
        return "17.1", f"{area.space_id} was bombarded today by the other nationality's naval or air marker"
    if kind == "naval":
        if storm_blows(match):
            return "24.6", f"{mid}: no naval bombardment in a storm"
        if not colour_reaches(marker, area):  # 17.2, 3.26: green for the US, brown for the British
            return "17.2", f"{mid} fires only at areas whose ID is {marker['reach'].removeprefix('colour:')}"
        if not near_own_nationality(match, marker["nationality"], area, box_is_beach=False):
            return "17.2", _not_near(mid, marker, area)
        return None
    if kind == "air":
        if not is_clear(match):  # 17.3: 「晴天時に」; 18.3: no air strikes when Overcast
            return "17.3", f"{mid} strikes only in Clear weather; today is {board(match).day['weather']}"
        if not air_reaches(area) or area.is_box:  # 17.3, 14.4: 「ゾーンを空爆の目標にすることはできない」
            return "17.3", f"{mid} cannot strike {area.space_id}: no air strike on a zone or a box"
        if not near_own_nationality(match, marker["nationality"], area, box_is_beach=True):
            return "17.3", _not_near(mid, marker, area)
        return None
    return "10.1", f"{mid} is not a bombardment marker"


def _not_near(mid: str, marker: dict[str, Any], area) -> str:
    return f"{mid}: no {marker['nationality']} unit in or next to {area.space_id}, nor an area of its own next to it"


def can_target(match, marker: dict[str, Any], area) -> bool:
    """Whether ``marker`` may bombard ``area`` now (see :func:`target_refusal`)."""
    return target_refusal(match, marker, area) is None


def record_strike(match, marker: dict[str, Any], target: str) -> None:
    """17.1: remember today's naval and air targets by nationality."""
    if marker["kind"] in ("naval", "air") and (target,) not in match.rows_of("bkn_strike"):
        match.insert("bkn_strike", {"space_id": target, "nationality": marker["nationality"]})


def clear_strikes(match) -> None:
    """4.4, 6.2: at Dawn the markers are ready again and yesterday's targets forgotten."""
    for (space,) in sorted(match.rows_of("bkn_strike")):
        match.delete("bkn_strike", {"space_id": space})


# === 21.3, 21.4 ONE NAVAL AND ONE AIR MARKER AN IMPULSE ====================================

# 21.3 「1インパルスにつき1枚の艦砲マーカーしか使用できない」, 21.4 「空爆マーカーは1インパルスに1枚しか使用できない」
ONE_AN_IMPULSE = {"naval": "21.3", "air": "21.4"}


def note_fired(match, marker: dict[str, Any]) -> None:
    """21.3, 21.4: remember a naval or air marker fired in this impulse (and in which half)."""
    if marker["kind"] in ONE_AN_IMPULSE:
        remember(match, FIRED, marker["marker_id"])


def _one_an_impulse(match, marker: dict[str, Any]) -> tuple[str, str] | None:
    """21.3, 21.4: another marker of this kind has fired in this impulse (11.4, this_impulse.py)."""
    kind = marker["kind"]
    if kind not in ONE_AN_IMPULSE:
        return None
    fired = sorted(m for m in recalled(match, FIRED) if markers(match)[m]["kind"] == kind)
    if not fired:
        return None
    double = " (a Double Impulse is one impulse, 11.4)" if board(match).day["double_impulse"] else ""
    return ONE_AN_IMPULSE[kind], f"one {kind} marker an impulse: {fired[0]} has fired in this one{double}"


# === 17.3 FRIENDLY FIRE ====================================================================


def friendly_fire_ap(match, av: int, raw_at: int, tem: int) -> int:
    """17.3: the Allies' AP: the attacker's DR halved, rounded up (digest 8.2 no. 5); the
    ruling reads it as the strike resolved again with the halved DR against TEM + DR."""
    half = ceil(raw_at / 2)
    if plays_ruling(match, FRIENDLY_FIRE_AS_BOMBARDMENT):
        return max(0, av + half - (tem + raw_at))
    return half


def friendly_fire(match, target: str, av: int, raw_at: int, raw_dt: int) -> None:
    """17.3: a contested target and equal raw DRs: Allied units take AP too; the Germans name the primary."""
    b = board(match)
    area = b.areas[target]
    allies = b.units_in(target, ALLIED)
    if raw_at != raw_dt or not area.contested() or not allies:
        return
    ap = friendly_fire_ap(match, av, raw_at, area.tem)
    match.log(
        Event(
            "note",
            side=ALLIED,
            purpose=f"friendly fire in {target}: equal DRs {raw_at}: {ap} AP on the Allies",
            rule="17.3",
        )
    )
    if ap:
        match.ask(
            GERMAN,
            "friendly-fire-primary",
            f"name the Allied primary unit for {ap} friendly-fire AP in {target}",
            sorted(u["unit_id"] for u in eligible_units(allies)),  # 10.1, 16.1
            {"area": target, "ap": ap},
            rule="17.3",
        )


def answer_friendly_fire(match, decision: dict[str, Any], answer: str) -> None:
    """17.3: the AP go to the German-named primary first, then as 10.4 says."""
    context = decision["context"]
    apply_attrition(match, ALLIED, context["area"], answer, int(context["ap"]), rule="17.3")
