"""Reinforcements (19.1-19.3, 19.5, 19.6) and the offshore box (3.5), at Dawn.

The arrival schedule is setup.csv: each unit's day of June, its method (zone, landing
or drop) and its zone, approach box or drop area (4.33). Germans are placed first (19.1):
Fresh in their zone even if it is contested (19.2). Allied units go to the approach box
of their beach (19.3). The two 7 June airborne units drop Fresh in their drop areas,
unless the area is German-controlled and uncontested: then they come by sea from 8 June
(19.5). Units that did not land wait offshore (3.5; offshore.py has the ruling on which)
and are redeployed at Dawn to an available approach box of their nationality: on 7 June
only their own beach's, later any that the Allied player chooses (3.5, 19.5). A held-back
airborne unit has no beach of its own: the Allied player chooses its box too (19.5). The US
Ranger battalions are withdrawn at the first Dawn with Omaha Allied-controlled (19.6).
"""

from __future__ import annotations

from typing import Any

from phaseline import Event

from ..scenarios import ALLIED, GERMAN
from . import offshore
from .board import board, national_group
from .charts import counters
from .control import update_control
from .landings import beaches

SEVENTH_JUNE = 7  # 19.5


def arriving(match, day: int) -> list[dict[str, Any]]:
    """4.33: the units whose arrival day is ``day`` and are not yet in play, Germans first (19.1)."""
    found = _not_in_play(match, day, ("landing", "zone", "drop"))
    return sorted(found, key=lambda u: (u["bloc"] == ALLIED, u["unit_id"]))


def held_back(match, day: int) -> list[dict[str, Any]]:
    """19.5: 7 June airborne units that could not drop, coming by sea from 8 June."""
    if day <= SEVENTH_JUNE:
        return []
    return [{**u, "method": "landing", "arrive_at": None} for u in _not_in_play(match, SEVENTH_JUNE, ("drop",))]


def _not_in_play(match, day: int, methods: tuple[str, ...]) -> list[dict[str, Any]]:
    """4.33: the counters due on ``day`` by one of ``methods`` and not yet in play, by id."""
    printed, placed = match.static("unit", "unit_id"), match.rows_of("unit_state")
    return [
        {
            "unit_id": uid,
            "bloc": printed[uid]["bloc"],
            "nationality": printed[uid]["nationality"],
            "method": c["method"],
            "arrive_at": c["arrive_at"],
        }
        for uid, c in sorted(counters(match).items())
        if c["arrival_day"] == day and c["method"] in methods and uid in printed and (uid,) not in placed
    ]


def can_drop(match, area: str) -> bool:
    """19.5: no drop into a German-controlled, uncontested area."""
    here = board(match).areas[area]
    return not (here.controlled_by(GERMAN) and not here.contested())


def available_boxes(match, nationality: str) -> list[str]:
    """3.5: approach boxes of the nationality whose beach may be landed on (19.3)."""
    b = board(match)
    found = []
    for beach in beaches(match):
        here = b.areas[beach["area_id"]]
        if beach["nationality"] == nationality and not (here.controlled_by(GERMAN) and not here.contested()):
            found.append(beach["approach_box"])
    return found


def place(match, day: int) -> list[str]:
    """19.1-19.3, 19.5: today's reinforcements, Germans first; returns the units placed."""
    placed, choices = [], []
    for r in [*arriving(match, day), *held_back(match, day)]:
        where, why = r["arrive_at"], "19.3"
        if r["method"] == "zone":
            why = "19.2"
        elif r["method"] == "drop":
            why = "19.5"
            if not can_drop(match, where):
                match.log(
                    Event(
                        "note",
                        side=ALLIED,
                        purpose=f"{r['unit_id']} cannot drop into German-held {where}: it comes by sea from 8 June",
                        rule="19.5",
                    )
                )
                continue
        elif where is None:  # 19.5: held back, it comes by sea to a box its owner chooses (below)
            boxes = available_boxes(match, national_group(r["nationality"])) or _boxes(match, r["nationality"])
            where = boxes[0]
            if len(boxes) > 1:
                choices.append((r["unit_id"], boxes))
        placed.append({"unit_id": r["unit_id"], "space_id": where, "side": r["bloc"], "status": "Fresh", "rule": why})
    if not placed:
        return []
    match.insert_many("unit_state", [{k: v for k, v in p.items() if k != "rule"} for p in placed])
    match.insert_many("bkn_unit_state", [{"unit_id": p["unit_id"]} for p in placed])
    for side in (GERMAN, ALLIED):
        mine = [p for p in placed if p["side"] == side]
        if mine:
            match.log(
                Event(
                    "note",
                    side=side,
                    purpose=f"{len(mine)} {side} reinforcements arrive: "
                    + ", ".join(f"{p['unit_id']} in {p['space_id']}" for p in mine),
                    rule="19.1",
                )
            )
    update_control(match, sorted({p["space_id"] for p in placed if p["rule"] == "19.5"}))
    for unit_id, boxes in choices:
        ask_box(match, unit_id, boxes, HELD_BACK)
    return [p["unit_id"] for p in placed]


# === 19.5, 3.5 THE ALLIED PLAYER CHOOSES THE BOX =================================================

BOX_DECISION = "approach-box"
HELD_BACK = "19.5"  # a 7 June airborne unit that could not drop
OFFSHORE = "3.5"  # a unit that did not land yesterday
WHY = {
    HELD_BACK: "could not drop on 7 June and comes by sea",
    OFFSHORE: "did not land yesterday and is redeployed from offshore",
}


def ask_box(match, unit_id: str, boxes: list[str], rule: str) -> None:
    """19.5, 3.5: the Allied player picks the available approach box of the unit's nationality
    (the unit waits in the first, the default that a bot may keep, until the answer)."""
    prompt = f"{unit_id} {WHY[rule]}: to which approach box? (19.5, 3.5)"
    match.ask(ALLIED, BOX_DECISION, prompt, boxes, {"unit": unit_id}, rule=rule)


def answer_box(match, decision, box: str) -> None:
    """19.5, 3.5: the unit goes to the chosen approach box."""
    unit_id = decision["context"]["unit"]
    unit = board(match).units.get(unit_id)
    if unit is None:  # 19.6: a Ranger battalion withdrawn at the same Dawn has nowhere to go
        return
    if unit["space_id"] != box:
        match.set("unit_state", {"unit_id": unit_id}, space_id=box)
    match.log(Event("note", side=ALLIED, unit_id=unit_id, purpose=f"{unit_id} goes to {box}", rule=decision["rule"]))


def _boxes(match, nationality: str) -> list[str]:
    return [r["approach_box"] for r in beaches(match) if r["nationality"] == national_group(nationality)]


def redeploy(match, day: int, arrived: list[str]) -> None:
    """3.5, 19.5: units offshore (by default every unit that did not land yesterday, under the
    stricter ruling those sent there in Regroup; not those ``arrived`` this Dawn) go to an
    available box of their nationality: on 7 June their own beach's; later the Allied player
    chooses, each unit waiting meanwhile in its box if available, else its own beach's, else
    the first available."""
    b = board(match)
    boxes = offshore.redeployed_from(match)  # 3.5, 13: by the ruling chosen
    waiting = [u for u in b.units.values() if u["side"] == ALLIED and u["space_id"] in boxes]
    scheduled = {uid: c["arrive_at"] for uid, c in counters(match).items() if c["method"] == "landing"}
    for u in sorted(waiting, key=lambda u: u["unit_id"]):
        if u["unit_id"] in arrived:
            continue
        own = scheduled.get(u["unit_id"])
        options = available_boxes(match, national_group(u["nationality"]))
        if day <= SEVENTH_JUNE:  # 19.5: on 7 June only the original beach
            options = [own] if own else options[:1]
        target = next((box for box in (u["space_id"], own) if box in options), options[0] if options else None)
        target = target or own or u["space_id"]
        if target != u["space_id"]:
            match.set("unit_state", {"unit_id": u["unit_id"]}, space_id=target)
            match.log(
                Event(
                    "note",
                    side=ALLIED,
                    purpose=f"{u['unit_id']} redeploys from {u['space_id']} to {target}",
                    rule="3.5",
                )
            )
        if len(options) > 1:
            ask_box(match, u["unit_id"], [target, *(box for box in options if box != target)], OFFSHORE)


def withdraw_rangers(match) -> None:
    """19.6: at the first Dawn with Omaha Allied-controlled both Ranger battalions leave, whatever their state."""
    omaha = next((r["area_id"] for r in beaches(match) if r["beach"] == "Omaha"), None)
    b = board(match)
    if omaha is None or not b.areas[omaha].controlled_by(ALLIED):
        return
    rangers = [u for u in b.units.values() if u["subtype"] == "ranger" and u["side"] == ALLIED]
    for u in rangers:
        match.delete("bkn_unit_state", {"unit_id": u["unit_id"]})
        match.delete("unit_state", {"unit_id": u["unit_id"]})
    if rangers:
        match.log(
            Event(
                "note",
                side=ALLIED,
                purpose=f"Omaha is Allied: {', '.join(u['unit_id'] for u in rangers)} withdrawn",
                rule="19.6",
            )
        )
        update_control(match, sorted({u["space_id"] for u in rangers}))
