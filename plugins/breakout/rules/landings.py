"""Landings from the beach approach boxes (3.4, 19.3, 19.4, 21.6) and coastal batteries (16.3).

A landing is an Assault impulse that activates an approach box (no bridge repair or
demolition), or an order of the Allied Regroup phase onto a free beach (19.3). At most
5 units land per impulse or Regroup phase, and the beach holds at most 10 Allied units
(19.3); units land only on beaches of their nationality, never on a German-controlled
uncontested beach, and not in a storm (24.6A). Every lander is declared first; then
each rolls a dr against the beach's interdiction value, the Fresh German coastal
batteries in or next to it (19.4, 16.3): dr = IV lands Spent, dr < IV lands Dis1. The
Advantage holder may have each dr rerolled (11.6): the landers go ashore once all stand.
Landing on works held by Germans, where no Fresh or Spent Allied unit contests them,
is a forced attack without artillery (8.51, 21.6); if every lander was interdicted no
DR is rolled, and a failed attack leaves every lander Dis1 (19.4); the defenders may
retreat by choice all the same (9.62).
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event, RuleViolation

from ..scenarios import ALLIED, GERMAN
from . import charts, rerolls, works
from .activation import activate, allowance
from .board import board, national_group
from .control import update_control
from .entering import entry
from .landing_assault import log_assault
from .resolution import resolve, retreats_without_combat
from .weather import storm_blows

MAX_LANDERS = 5  # 19.3: units landing per impulse or Regroup phase
MAX_ON_BEACH = 10  # 19.3: Allied units on the beach with those landing


def beaches(match) -> list[dict[str, Any]]:
    """The five beaches with their area, nationality and approach box (3.4, 12.7); static, read once."""
    keep = ("beach", "area_id", "nationality", "approach_box")
    return [{c: row[c] for c in keep} for row in charts.beaches(match)]


def beach_of_box(match) -> dict[str, str]:
    """Approach box -> its beach's area (3.4; static, read once)."""
    return match.derived("bkn beach of box", (), lambda: {r["approach_box"]: r["area_id"] for r in beaches(match)})


def find_beach(match, name: str) -> dict[str, Any]:
    for row in beaches(match):
        if name.lower() in (row["beach"].lower(), row["area_id"].lower(), row["approach_box"].lower()):
            return row
    known = ", ".join(r["beach"] for r in beaches(match))
    raise match.violation(f"no beach {name!r} (beaches: {known})", "3.4")


# === 19.4 COASTAL INTERDICTION ============================================================


def interdiction_value(match, area: str) -> int:
    """19.4, 16.3: Fresh German coastal batteries in or adjacent to the beach (isolation aside, 12.8)."""
    b = board(match)
    spaces = {area, *b.neighbours(area)}
    return sum(
        1
        for u in b.units.values()
        if u["side"] == GERMAN and u["type"] == "coastal" and u["status"] == "Fresh" and u["space_id"] in spaces
    )


def interdiction_result(die: int, iv: int) -> str | None:
    """19.4: dr > IV no effect; dr = IV lands Spent; dr < IV lands Dis1."""
    if die > iv:
        return None
    return "Spent" if die == iv else "Dis1"


def interdict(match, landers: list[tuple[str, str]], after: dict[str, Any], step_end: bool = False) -> bool:
    """19.4: every lander (unit, beach area) is declared first; then each rolls its dr against
    its beach's IV, which the Advantage holder may have rerolled (11.6). Batteries stay Fresh
    and may interdict every beach next to them. ``after`` resumes with ``results`` (unit: the
    status it lands in, or None). Returns whether a dr waits for the holder's answer."""
    values = {area: interdiction_value(match, area) for area in {area for _, area in landers}}
    chain = {
        "pending": [[uid, area, values[area]] for uid, area in landers if values[area]],
        "results": {uid: None for uid, _ in landers},
        "after": after,
        "step_end": step_end,
    }
    return _next_interdiction(match, chain)


def _next_interdiction(match, chain: dict[str, Any]) -> bool:
    if not chain["pending"]:
        rerolls.resume(match, chain["after"], results=chain["results"])
        return False
    uid, area, iv = chain["pending"][0]
    purpose = f"coastal interdiction of {uid} landing on {area} (IV {iv})"
    return rerolls.roll(match, ALLIED, purpose, "19.4", "interdiction", chain, step_end=chain["step_end"])


@rerolls.follows("interdiction")
def _interdiction_rolled(match, chain: dict[str, Any], die: int) -> None:
    (uid, _, iv), rest = chain["pending"][0], chain["pending"][1:]
    result = interdiction_result(die, iv)
    if result:
        match.set("unit_state", {"unit_id": uid}, status=result)
    outcome = "lands " + result if result else "no effect"
    match.log(Event("note", side=GERMAN, purpose=f"{uid}: dr {die} vs IV {iv}: {outcome}", rule="19.4"))
    _next_interdiction(match, {**chain, "pending": rest, "results": {**chain["results"], uid: result}})


# === 19.3 WHO MAY LAND =====================================================================


def is_forced(match, area: str) -> bool:
    """8.51, 21.6: Germans on intact works, and no Fresh or Spent Allied unit contests them."""
    b = board(match)
    if not b.areas[area].units[GERMAN] or not works.intact(match, area):
        return False
    return not any(u["status"] in ("Fresh", "Spent") for u in b.units_in(area, ALLIED))


def landed_this_phase(match) -> int:
    return sum(1 for row in match.rows_of("bkn_landing").values() if row["done"])


def refusal(match, beach: dict[str, Any], unit_ids: list[str], regroup: bool) -> RuleViolation | None:
    """The first rule that forbids these units to land on ``beach`` now (None: they may)."""
    b = board(match)
    area, box = beach["area_id"], beach["approach_box"]
    here = b.areas[area]
    if storm_blows(match):
        return match.violation("no Allied unit lands in a storm", "24.6")
    if not unit_ids or len(set(unit_ids)) != len(unit_ids):
        return match.violation("name each landing unit once", "19.3")
    if len(unit_ids) + landed_this_phase(match) > MAX_LANDERS:
        return match.violation(f"at most {MAX_LANDERS} units land per impulse or Regroup phase", "19.3")
    if len(unit_ids) + here.count(ALLIED) > MAX_ON_BEACH:
        return match.violation(f"{beach['beach']} would hold more than {MAX_ON_BEACH} Allied units", "19.3")
    if here.controlled_by(GERMAN) and not here.contested():
        return match.violation(f"{beach['beach']} is German-controlled and uncontested: no landing", "19.3")
    if regroup and not here.free(ALLIED):
        return match.violation(f"{beach['beach']} is not free: no landing in the Regroup phase", "19.3")
    forced = is_forced(match, area)
    for uid in unit_ids:
        unit = b.units.get(uid)
        if unit is None or unit["side"] != ALLIED or unit["space_id"] != box:
            return match.violation(f"{uid} is not an Allied unit in {box}", "3.4")
        if national_group(unit["nationality"]) != beach["nationality"]:
            return match.violation(f"{uid} is {unit['nationality']}: it lands only on its own nation's beaches", "19.3")
        if not regroup and unit["status"] != "Fresh":
            return match.violation(f"{uid} is {unit['status']}: only Fresh units land in an impulse", "8.1")
        if forced and unit["type"] == "artillery":
            return match.violation(f"{uid} is artillery: it cannot join a forced-attack landing", "21.6")
    if len({national_group(b.units[u]["nationality"]) for u in unit_ids}) > 1:
        return match.violation("US and British units never land in the same impulse", "8.37")
    if sum(1 for u in unit_ids if b.units[u]["art_kind"] == "corps") > 1:
        return match.violation(f"only one corps artillery may land on {beach['beach']}", "7.1")
    return next(filter(None, (_entry_refusal(match, uid, area) for uid in unit_ids)), None)


def _lander(match, uid: str) -> dict[str, Any]:
    """The unit as it enters its beach: a full allowance, no area entered yet (19.3)."""
    unit = board(match).units[uid]
    return {**unit, "mp": allowance(match, unit), "areas": 0}


def _entry_refusal(match, uid: str, area: str) -> RuleViolation | None:
    """The movement rule (7.1, 8.35, ...) that forbids ``uid`` to enter the beach, as go_ashore applies it."""
    try:
        entry(match, _lander(match, uid), area, landing=True)
    except RuleViolation as why:
        return why
    return None


def candidates(match, beach: dict[str, Any], regroup: bool) -> list[str]:
    """The units of the beach's box that may land now, strongest first, as many as may land."""
    b = board(match)
    forced = is_forced(match, beach["area_id"])
    units = [
        u
        for u in b.units_in(beach["approach_box"], ALLIED)
        if national_group(u["nationality"]) == beach["nationality"]
        and (regroup or u["status"] == "Fresh")
        and not (forced and u["type"] == "artillery")
    ]
    units.sort(key=lambda u: (u["type"] == "artillery", -u["attack"], u["unit_id"]))
    units = [u for u in units if _entry_refusal(match, u["unit_id"], beach["area_id"]) is None]
    corps = [u for u in units if u["art_kind"] == "corps"]
    units = [u for u in units if u["art_kind"] != "corps" or u is corps[0]]  # 7.1: one corps artillery
    room = min(MAX_LANDERS - landed_this_phase(match), MAX_ON_BEACH - b.areas[beach["area_id"]].count(ALLIED))
    return [u["unit_id"] for u in units[: max(room, 0)]]


def legal_landings(match, side: str) -> list[Action]:
    if side != ALLIED:
        return []
    regroup = match.step.phase == "regroup"
    if not regroup and board(match).day["activated"] is not None:
        return []
    found = []
    for beach in beaches(match):
        ids = candidates(match, beach, regroup)
        if ids and refusal(match, beach, ids, regroup) is None:
            found.append(Action("land", (beach["beach"], ",".join(ids)), side))
    return found


# === LANDING ==================================================================================


def land(match, action: Action) -> None:
    """land BEACH UNIT[,UNIT...]: activate the approach box and land these units (19.3, 19.4)."""
    if len(action.args) != 2:
        raise match.violation("land takes a beach and units: land BEACH UNIT[,UNIT...]", "19.3")
    beach = find_beach(match, action.args[0])
    ids = action.args[1].split(",")
    regroup = match.step.phase == "regroup"
    if not regroup and board(match).day["activated"] is not None:
        raise match.violation("a landing activates the approach box: it must be the impulse's first order", "19.3")
    problem = refusal(match, beach, ids, regroup)
    if problem is not None:
        raise problem
    forced = is_forced(match, beach["area_id"])
    if not regroup:
        activate(match, ALLIED, beach["approach_box"])  # 19.3: the box is activated, not the beach
        match.set("bkn_day", {}, nationality=beach["nationality"])
    landing = {"beach": beach["beach"], "ids": ids, "forced": forced, "regroup": regroup}
    interdict(match, [(uid, beach["area_id"]) for uid in ids], {"then": "ashore", "context": landing})


@rerolls.resumes("ashore")
def _ashore(match, landing: dict[str, Any]) -> None:
    """19.3, 19.4: once every lander's dr is settled, they go ashore (and attack, if forced)."""
    beach, ids, results = find_beach(match, landing["beach"]), landing["ids"], landing["results"]
    go_ashore(match, beach, ids, results, pending=not landing["forced"] and not landing["regroup"])
    if landing["forced"]:
        assault(match, beach, ids, results, dday=False)  # 15.2: the works are judged when it is over
    else:
        works.update(match)


def go_ashore(match, beach: dict[str, Any], ids: list[str], results: dict[str, str | None], pending: bool) -> None:
    """Move the landers from the box onto the beach, paying the MF to enter it (19.3)."""
    b = board(match)
    area, box = beach["area_id"], beach["approach_box"]
    costs = {uid: entry(match, _lander(match, uid), area, landing=True) for uid in ids}
    enemies = bool(b.areas[area].units[GERMAN])
    for uid in ids:
        step, unit = costs[uid], b.units[uid]
        stopped = step.stops or results.get(uid) is not None  # 19.4: an interdicted lander goes no further
        mp = 0 if stopped else max(0, allowance(match, unit) - step.cost)
        match.set("unit_state", {"unit_id": uid}, space_id=area, mp=mp, moved=True)
        match.set(
            "bkn_unit_state",
            {"unit_id": uid},
            came_from=box,
            entered=area,
            areas=1,
            pending=pending and enemies and results.get(uid) is None,
            stopped="19.4" if results.get(uid) is not None else step.stop_rule,
        )
        _record(match, uid, beach["beach"], results.get(uid))
    match.log(Event("note", side=ALLIED, purpose=f"{', '.join(ids)} land on {beach['beach']} ({area})", rule="19.3"))
    update_control(match, [area], mover=beach["nationality"])


def _record(match, uid: str, beach: str, result: str | None) -> None:
    """19.3: count the lander (a D-Day first wave's row is already there)."""
    if (uid,) in match.rows_of("bkn_landing"):
        match.set("bkn_landing", {"unit_id": uid}, done=True, result=result)
    else:
        match.insert("bkn_landing", {"unit_id": uid, "beach": beach, "result": result, "done": True})


def assault(
    match, beach: dict[str, Any], ids: list[str], results: dict[str, str | None], dday: bool, point: str | None = None
) -> None:
    """19.4, 21.5: the landers that escaped interdiction attack (the attack is resolved as in 9,
    with the defender's choices; landing_assault.after_assault finishes it), led by ``point`` if
    the Allies named one (9.2A; else the strongest); a failure leaves all Dis1."""
    area = beach["area_id"]
    survivors = [uid for uid in ids if results.get(uid) is None]
    landing = {"beach": beach["beach"], "ids": ids, "dday": dday}
    if not board(match).areas[area].units[GERMAN]:
        log_assault(match, landing, "unopposed")
    elif not survivors:  # 21.5: no DR, the landers Dis1; 9.62: the defenders may still retreat by choice
        retreats_without_combat(match, ALLIED, area, landing)
    else:
        b = board(match)
        lead = b.units[point] if point else None
        resolve(match, ALLIED, area, [b.units[u] for u in survivors], [], lead, special="landing", landing=landing)


def begin_phase(match) -> None:
    """19.3: the count of units landed starts again each impulse and Regroup phase."""
    for (unit_id,) in sorted(match.rows_of("bkn_landing")):
        match.delete("bkn_landing", {"unit_id": unit_id})
