"""Bombardment (10, 16, 17): artillery, naval and air markers, the Le Havre battery.

A bombardment impulse activates the target area (8.11). AV is the marker's strength or
the primary artillery's attack +1 per other artillery named (10.2); DV is the TEM,
works and the Fresh units that fight back (10.3). AT - DT attrition points go first to
the primary target and then, by the defender, so that as many as possible are used
(10.4, attrition.py): when several spreads of the AP left use as many, the defender is
asked which (``ap-spread``, chained like the reroll offer); each unit loses at most one
step and bombardment never eliminates.
Which marker reaches which area, and friendly fire, are naval_air.py's (17).
Right after the dice, the holder of the Advantage may have both DRs rerolled (11.6), in the D-Day
phases too (offer_reroll, fire).
A Nebelwerfer bombards its own area only, alone (16.1), and neither adds DV when it is
the target nor lets enemy artillery add DV against it (10.3C); British and US artillery
never support each other (10.2). The primary target (a unit, or for field artillery an enemy
construction marker, 20.2) is primary.py's (10.1).
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event
from phaseline import sequence as walker

from ..scenarios import ALLIED
from . import advantage, attrition, rerolls, works
from . import primary as primary_target
from .attrition import SPREAD, ap_cost, resolve
from .attrition import allocate as allocate  # 10.4, beside the bombardment that spends it
from .attrition import spreads as spreads
from .board import board, enemy_of, national_group
from .dice import roll_dr
from .naval_air import friendly_fire, note_fired, ready_markers, record_strike, target_refusal, used_markers
from .zones import artillery_reaches

DECISIONS = ("bombardment-reroll", SPREAD)
NEBELWERFER = "nebelwerfer"


def _markers(match, side: str) -> list[dict[str, Any]]:
    return [m for m in ready_markers(match) if m["side"] == side]


def marker_reaches(match, marker: dict[str, Any], area) -> bool:
    """3.26, 3.27, 17.1-17.3: naval colours, Le Havre's areas, air strikes in Clear weather."""
    return target_refusal(match, marker, area) is None


def artillery_refusal(b, side: str, unit: dict[str, Any], target: str) -> tuple[str, str] | None:
    """Why ``unit`` may not bombard ``target``: (the rule, the reason), or None when it may.
    16.1: Fresh field artillery in or adjacent to the target; a Nebelwerfer only in its own
    area; 14.4: into or out of a zone only within it."""
    uid = unit["unit_id"]
    if unit["side"] == side and unit["type"] in ("flak", "pak"):  # 16.2: 「攻撃や砲撃の主力ユニットにはなりえず」
        return "16.2", f"{uid} is {unit['type'].upper()}: never the primary unit of a bombardment"
    if unit["side"] != side or unit["type"] != "artillery":
        return "10.1", f"{uid} is not {side} field artillery"
    if unit["status"] != "Fresh" or unit["moved"] or unit["attacked"]:  # 8.32: Fresh units act once a day
        return "8.32", f"{uid} is {unit['status']} or has acted this impulse: only Fresh artillery fires"
    here = b.areas.get(unit["space_id"])
    if here is None or here.is_box:  # 3.4: nothing fires from an approach box
        return "3.4", f"{uid} is not on the map's areas"
    if not artillery_reaches(here, b.areas[target]):  # 14.4
        return "14.4", f"{uid} in {unit['space_id']}: a zone is bombarded only by artillery inside it"
    if unit["space_id"] == target:
        return None
    if unit["art_kind"] == NEBELWERFER:  # 16.1: 「砲撃は自身のいるエリアにしか行えない」
        return "16.1", f"{uid} is a Nebelwerfer: it bombards only its own area {unit['space_id']}"
    if target not in b.neighbours(unit["space_id"]):
        return "16.1", f"{uid} in {unit['space_id']} is not in or adjacent to {target}"
    if here.contested():
        return "16.1", f"{uid} is in contested {unit['space_id']}: it fires only there"
    return None


def _off_the_map(area) -> tuple[str, str]:
    """3.4: a unit in an approach box is never attacked, nor bombarded; 3.5: the offshore box
    only holds units waiting to be redeployed. (The rule, the reason.)"""
    if area.beach:
        return "3.4", f"{area.space_id} is {area.beach}'s approach box: a unit there is never attacked or bombarded"
    return "3.5", f"{area.space_id} is the offshore box, off the map: a unit there is never bombarded"


def artillery_for(match, side: str, target: str) -> list[dict[str, Any]]:
    """The field artillery that may bombard ``target`` (see :func:`artillery_refusal`)."""
    b = board(match)
    return [u for u in b.units.values() if u["type"] == "artillery" and artillery_refusal(b, side, u, target) is None]


def legal_bombardments(match, side: str) -> list[Action]:
    b = board(match)
    if b.day["activated"] is not None:
        return []
    found = []
    markers = _markers(match, side)
    for space, area in sorted(b.areas.items()):
        if not area.units[enemy_of(side)] or area.is_box:  # 3.4, 3.5
            continue
        found += [Action("bombard", (space, m["marker_id"]), side) for m in markers if marker_reaches(match, m, area)]
        found += [Action("bombard", (space, u["unit_id"]), side) for u in artillery_for(match, side, space)]
    return found


def _used_markers(match, side: str) -> set[str]:
    return {m["marker_id"] for m in used_markers(match) if m["side"] == side}


def _firing_artillery(match, side: str, target: str, firing: list[str]) -> list[dict[str, Any]]:
    """10.2, 16.1: the named artillery, each able to fire at ``target`` (else the rule that forbids it)."""
    b = board(match)
    units = []
    for uid in dict.fromkeys(firing):
        unit = b.units.get(uid)
        why = ("10.1", f"no unit {uid} on the map") if unit is None else artillery_refusal(b, side, unit, target)
        if why:
            raise match.violation(f"{uid} cannot bombard {target}: {why[1]}", why[0])
        units.append(unit)
    return units


_ALONE_RULE = {"le_havre": "16.4"}  # 16.4 Le Havre's battery, 17.1 naval and air: each fires alone


def _alone(marker: dict, others: list[str]) -> str:
    """17.1: 「その砲爆撃は他の砲兵や砲爆撃で支援することはできない」 (16.4: Le Havre 「単独で」)."""
    return f"{marker['marker_id']} bombards alone: {', '.join(others)} cannot support it"


def bombard(match, action: Action) -> None:
    """bombard AREA MARKER|UNIT[,UNIT...] [PRIMARY]: one bombardment impulse (10.1)."""
    if len(action.args) not in (2, 3):
        raise match.violation("bombard takes an area, a marker or artillery units, and a primary target", "10.1")
    side, target = action.side, action.args[0]
    b = board(match)
    if b.day["activated"] is not None:
        raise match.violation("this impulse has already activated an area", "8.11")
    markers = {m["marker_id"]: m for m in _markers(match, side)}
    firing = action.args[1].split(",")
    area = b.areas.get(target)
    if area is not None and area.is_box:
        rule, why = _off_the_map(area)
        raise match.violation(why, rule)
    if area is None or not area.units[enemy_of(side)]:
        # 17.3: an air strike 「敵ユニットを含むいかなるエリアに対しても」; 10.1 for the others
        rule = "17.3" if firing[0] in markers and markers[firing[0]]["kind"] == "air" else "10.1"
        raise match.violation(f"{target} holds no enemy units to bombard", rule)
    if firing[0] in markers and len(firing) > 1:
        raise match.violation(
            _alone(markers[firing[0]], firing[1:]), _ALONE_RULE.get(markers[firing[0]]["kind"], "17.1")
        )
    terms: list[tuple[str, int]] = []
    if firing[0] in _used_markers(match, side):  # 4.4: 「裏返されたマーカーはその日に再度使用することはできない」
        raise match.violation(f"{firing[0]} has been used today: a used marker is ready again at Dawn", "4.4")
    if firing[0] in markers:
        marker = markers[firing[0]]
        why = target_refusal(match, marker, area)
        if why:
            raise match.violation(f"{marker['marker_id']} cannot bombard {target}: {why[1]}", why[0])
        terms.append((f"{marker['marker_id']} strength", marker["strength"]))
        kind, units = marker["kind"], []
    else:
        units = _firing_artillery(match, side, target, firing)
        _check_battery(match, units)
        terms.append((f"primary artillery {units[0]['unit_id']}", units[0]["attack"]))
        if len(units) > 1:
            terms.append((f"{len(units) - 1} other artillery", len(units) - 1))
        kind, marker = "artillery", None
    primary = action.args[2] if len(action.args) == 3 else default_primary(match, target, side)
    why = primary_target.refusal(match, side, target, primary, units or None)
    if why:
        raise match.violation(f"{primary} cannot be the primary target: {why}", "10.1")
    match.set("bkn_day", {}, activated=target, kind="air-strike" if kind == "air" else "bombardment")
    if marker:
        match.set("bkn_marker_state", {"marker_id": marker["marker_id"]}, used=True)
        note_fired(match, marker)  # 21.3, 21.4: one naval and one air marker an impulse
    for u in units:
        match.set("unit_state", {"unit_id": u["unit_id"]}, status="Spent", attacked=True)
    plan = _plan(
        match, side, target, kind, terms, primary, nebelwerfer=bool(units) and units[0]["art_kind"] == NEBELWERFER
    )
    plan["marker"] = marker
    _roll(match, plan)
    offer_reroll(match, plan)


def fire(match, side: str, target: str, kind: str, terms, primary: str, marker, after=None, step_end=False) -> bool:
    """10.1 for the D-Day phases (21.3, 21.4): roll and offer the reroll as :func:`offer_reroll` does."""
    plan = _plan(match, side, target, kind, terms, primary)
    plan["marker"] = marker
    _roll(match, plan)
    return offer_reroll(match, plan, after, step_end)


def offer_reroll(match, plan, after: dict | None = None, step_end: bool = False) -> bool:
    """11.6: right after the dice, the holder of the Advantage may have both DRs rerolled (in the
    D-Day phases too); then the attrition. True while the answer is owed: ``after`` (a
    rerolls.resumes name and context) goes on once it is given; ``step_end``: a phase's end waits."""
    holder = advantage.usable_by(match)
    if holder is None:
        return _after_bombardment(match, plan, after, step_end)
    prompt = (
        f"Bombardment of {plan['target']}: AT {plan['AT']} vs DT {plan['DT']}: use the Advantage to have both "
        "sides reroll? (11.6; it passes at the end of the impulse or phase)"
    )
    context = {"plan": plan, "after": after, "step_end": step_end}
    match.ask(holder, "bombardment-reroll", prompt, ["keep", "reroll"], context, rule="11.6")
    return True


def answer(match, decision, choice: str) -> None:
    """11.6: after the holder's answer, reroll (both sides) or keep, then apply the attrition;
    10.4: the defender's spread of the AP left."""
    if decision["kind"] == SPREAD:
        answer_spread(match, decision, choice)
        return
    context = decision["context"]
    plan = context["plan"]
    if choice == "reroll":
        advantage.use(match, decision["side"], f"reroll of the bombardment of {plan['target']}", "11.6")
        _roll(match, plan)
        if plan["sunset"]:  # 11.5: the rerolled Allied DR is the Sunset DR
            match.set("bkn_day", {}, sunset_raw=plan["raw_at"])
            match.log(
                Event("note", side=ALLIED, purpose=f"the rerolled DR {plan['raw_at']} is the Sunset DR", rule="11.5")
            )
    if not _after_bombardment(match, plan, context.get("after"), context.get("step_end", False)):
        _go_on(match, context.get("after"), context.get("step_end", False))


def _go_on(match, after: dict | None, step_end: bool) -> None:
    """What waited for this bombardment goes on (rerolls.resumes); a phase's end made by it ends now."""
    rerolls.resume(match, after)
    if step_end and match.open_decision() is None:
        walker.advance(match)


def _after_bombardment(match, plan, after: dict | None = None, step_end: bool = False) -> bool:
    """10.4 the attrition, then :func:`_after_strike`; True while the defender's spread is asked."""
    follow = {"plan": plan, "after": after, "step_end": step_end}
    if _attrition(match, plan, follow):
        return True
    _after_strike(match, plan)
    return False


def _after_strike(match, plan) -> None:
    """17.1 the strike is recorded; 17.3 an air strike's friendly fire."""
    marker, target = plan["marker"], plan["target"]
    if marker:
        record_strike(match, marker, target)  # 17.1
        if plan["kind"] == "air":
            friendly_fire(match, target, plan["AV"], plan["raw_at"], plan["raw_dt"])  # 17.3


def _check_battery(match, units) -> None:
    """16.1: a Nebelwerfer fires alone; 10.2: British and US artillery never support each other."""
    if len(units) > 1 and any(u["art_kind"] == NEBELWERFER for u in units):
        raise match.violation("a Nebelwerfer can neither be supported nor support another bombardment", "16.1")
    nations = {national_group(u["nationality"]) for u in units}
    if len(nations) > 1:
        raise match.violation(f"British and US artillery may not support each other ({', '.join(nations)})", "10.2")


def _plan(match, side: str, target: str, kind: str, terms, primary: str, nebelwerfer: bool = False) -> dict[str, Any]:
    b = board(match)
    dv = _defence(match, side, b.areas[target], kind, b.units_in(target, enemy_of(side)), nebelwerfer=nebelwerfer)
    plan = {"side": side, "target": target, "kind": kind, "primary": primary, "terms": terms, "dv": dv}
    plan.update(AV=sum(v for _, v in terms), DV=sum(v for _, v in dv))
    return plan


def _roll(match, plan) -> None:
    side, target = plan["side"], plan["target"]
    sunset_before = board(match).day["sunset_raw"]
    plan["raw_at"] = roll_dr(match, side, f"bombardment of {target}", "10.1")
    plan.setdefault("sunset", sunset_before is None and board(match).day["sunset_raw"] is not None)  # 6.3
    plan["raw_dt"] = roll_dr(match, enemy_of(side), f"defence of {target} against bombardment", "10.1")
    plan["AT"], plan["DT"] = plan["AV"] + plan["raw_at"], plan["DV"] + plan["raw_dt"]


def _attrition(match, plan, follow: dict[str, Any]) -> bool:
    """10.1, 10.4: AT - DT attrition points, the primary first; True while the spread is asked."""
    side, target = plan["side"], plan["target"]
    ap = max(0, plan["AT"] - plan["DT"])
    purpose = (
        f"bombardment of {target}: AV {plan['AV']} ({_fmt(plan['terms'])}), DV {plan['DV']} "
        f"({_fmt(plan['dv'])}); AT {plan['AT']} vs DT {plan['DT']}: {ap} AP, "
    )
    return resolve(match, enemy_of(side), target, plan["primary"], ap, purpose, side, "10.4", follow)


def answer_spread(match, decision, choice: str) -> None:
    """10.4: the defender's spread of the AP left; then what follows the bombardment."""
    attrition.answer_spread(match, decision, choice)
    context = decision["context"]
    if context["plan"] is not None:
        _after_strike(match, context["plan"])
        _go_on(match, context["after"], context["step_end"])


def _fmt(terms) -> str:
    return ", ".join(f"{v:+d} {why}" for why, v in terms)


def _defence(match, side: str, area, kind: str, defenders, nebelwerfer: bool = False) -> list[tuple[str, int]]:
    """10.3: TEM, works, and the Fresh units that answer this kind of bombardment (10.3C:
    never a Nebelwerfer, and nobody against a Nebelwerfer)."""
    dv = [(f"TEM of {area.space_id}", area.tem)]
    if side == ALLIED and works.intact(match, area.space_id):  # 15.1
        dv.append(("defensive works", 2))
    answering = {"air": ("flak",), "naval": ("coastal",), "artillery": ("artillery",)}.get(kind)
    if kind == "le_havre":
        n = sum(
            1
            for u in board(match).units_in(area.space_id, ALLIED)
            if u["type"] == "artillery" and u["status"] == "Fresh"
        )
    else:
        n = sum(
            1
            for u in defenders
            if answering and u["type"] in answering and u["status"] == "Fresh" and u["art_kind"] != NEBELWERFER
        )
        n = 0 if nebelwerfer else n
    if n:
        dv.append((f"{n} Fresh answering units", n))
    return dv


def default_primary(match, target: str, side: str) -> str:
    """The attacker's primary target: artillery only when nothing else is there; the cheapest step."""
    defenders, costs = board(match).units_in(target, enemy_of(side)), attrition.costs(match)
    others = primary_target.eligible_units(defenders)  # 10.1, 16.1
    return min(others, key=lambda u: (ap_cost(u, costs) or 99, u["unit_id"]))["unit_id"]
