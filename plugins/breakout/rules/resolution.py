"""Resolving an attack (9.1, 9.4, 9.6, 8.53, 8.54, 11.3): a conversation between the sides.

The attack's plan (a JSON dict carried in each decision's context) walks these stages:

  forward     the defender picks the forward unit (9.1, 9.3A)
  roll        both sides roll 2d6 at once (9.11): AT = AV + DR against DT = DV + DR
  reroll      the holder of the Advantage may have both DRs rerolled (11.3, 11.5)
  results     repulse, stalemate or success (9.41-9.43, 12.3)
  withdraw    the attacker retreats first (9.6, 9.61)
  casualties  the defender absorbs the casualty points (9.5, casualties.py)
  retreats    one unit at a time, by the priorities of 9.64 (9.65, 9.66, retreat.py)
  voluntary   further defenders may retreat by choice (9.62)
  finish      overrun or not (8.53, 9.8), the activated contested area (8.54), control

The defender's stages (casualties, retreats, voluntary) are defender_retreats.py's. Each
choice belongs to its side: a decision is asked only when there is more than one legal
answer (but a defender who began retreating by choice ends it himself, 9.65), and the plan
carries on in :func:`answer`; attack_refusals.py says why an answer not offered is refused.
"""

from __future__ import annotations

from typing import Any

from ..scenarios import ALLIED
from . import advantage, casualties, defender_retreats, retreat, works
from .attack_plan import ask, log, plan_units
from .board import board, enemy_of
from .bridges import hold_river, set_bridge
from .combat_values import assault_values, forward_candidates
from .control import update_control
from .dice import roll_dr
from .landing_assault import INTERDICTED, after_assault, landing_over
from .zones import is_stacking_limited, overrun_possible

DECISIONS = ("forward-unit", "advantage-reroll", "attacker-retreat", "casualty", "retreat-to", "voluntary-retreat")
STAGES = ("forward", "roll", "reroll", "results", "withdraw", "casualties", "retreats", "voluntary", "finish")
STAY, KEEP, REROLL = "stay", "keep", "reroll"
NONE = defender_retreats.NONE  # no (more) retreat by choice


def resolve(match, side: str, area: str, participants, support, point=None, special: str | None = None, landing=None):
    """Begin the attack of ``participants`` on ``area``; ``special`` is 'airborne' or 'landing' (21.2, 21.5),
    a landing carrying what landing_assault.after_assault needs when the attack is over."""
    b = board(match)
    point = point or assault_values(match, side, area, participants, support, b.units_in(area, enemy_of(side)))["point"]
    if area in b.attacked:  # 11.4: attacked again in a Double Impulse's second half
        match.set("bkn_attacked", {"space_id": area}, second=True)
    else:  # 8.22: each area is attacked once per impulse
        match.insert("bkn_attacked", {"space_id": area, "second": bool(b.day["double_impulse"])})
    defenders = b.units_in(area, enemy_of(side))
    plan = {
        "side": side,
        "enemy": enemy_of(side),
        "area": area,
        "participants": [u["unit_id"] for u in participants],
        "support": [u["unit_id"] for u in support],
        "point": point["unit_id"],
        "special": special,
        "landing": landing,
        "contested": b.day["activated"] == area and b.day["activated_contested"],  # 8.54
        "fresh_defenders": any(u["status"] == "Fresh" for u in defenders),
        "stage": "forward",
    }
    for uid in plan["participants"]:
        match.set("bkn_unit_state", {"unit_id": uid}, pending=False)
        match.set("unit_state", {"unit_id": uid}, attacked=True)
    for u in support:
        match.set("unit_state", {"unit_id": u["unit_id"]}, attacked=True)
        match.set("bkn_unit_state", {"unit_id": u["unit_id"]}, supported=u["supported"] + 1)
    proceed(match, plan)


def retreats_without_combat(match, side: str, area: str, landing: dict[str, Any]) -> None:
    """9.62: 「沿岸砲台による阻止で上陸ユニットが損害を受け上陸戦闘が行われなかった場合でも 防御側は
    自発的な退却を行える」: every lander of ``side`` interdicted, the attack failed without a DR and
    the landers are Dis1 at once (21.5, landing_assault.py); the defenders of ``area`` may still
    retreat by choice."""
    landing_over(match, landing, INTERDICTED)
    proceed(match, {"side": side, "enemy": enemy_of(side), "area": area, "no_combat": True, "stage": "voluntary"})


def proceed(match, plan: dict[str, Any]) -> None:
    """Walk the stages until one needs a decision (asked) or the attack is over."""
    while plan["stage"] != "done":
        if STEPS[plan["stage"]](match, plan):
            return  # a decision is open


def answer(match, decision: dict[str, Any], choice: str) -> None:
    """Carry on after the owner of ``decision`` chose ``choice``."""
    plan = decision["context"]["plan"]
    kind = decision["kind"]
    if kind == "forward-unit":
        plan["forward"] = choice
    elif kind == "advantage-reroll" and choice == REROLL:
        _reroll(match, plan)
    elif kind == "attacker-retreat":
        unit_id = plan["withdraw"].pop(0)
        if choice != STAY:
            retreat.retreat_one_area(match, unit_id, choice, "9.61")
    elif kind == "casualty":
        log(match, plan, casualties.absorb_one(match, plan, choice), "9.5")
    elif kind == "retreat-to":
        defender_retreats.retreat_step(match, plan, choice)
    elif kind == "voluntary-retreat" and choice != NONE:
        defender_retreats.volunteer(match, plan, choice)
    elif kind == "voluntary-retreat":
        plan["stage"] = "finish"
    proceed(match, plan)


# === 9.1 FORWARD UNIT AND DICE ============================================================


def _forward(match, plan) -> bool:
    plan["stage"] = "roll"
    if plan.get("forward"):
        return False
    candidates = forward_candidates(board(match).units_in(plan["area"], plan["enemy"]))
    if len(candidates) == 1:
        plan["forward"] = candidates[0]["unit_id"]
        return False
    prompt = f"{plan['side']} attacks {plan['area']}: choose the forward unit (9.3A)"
    return ask(match, plan, plan["enemy"], "forward-unit", prompt, [u["unit_id"] for u in candidates], "9.1")


def _roll(match, plan) -> bool:
    """9.1, 9.11: the values, then both DRs (the attacker's may be the Sunset DR, 6.3)."""
    b = board(match)
    side, area = plan["side"], plan["area"]
    plan["sunset"] = side == ALLIED and match.clock.step == "allied-impulse" and b.day["sunset_raw"] is None
    participants, support = plan_units(match, plan["participants"]), plan_units(match, plan["support"])
    defenders = b.units_in(area, plan["enemy"])
    values = assault_values(
        match,
        side,
        area,
        participants,
        support,
        defenders,
        b.units[plan["point"]],
        b.units[plan["forward"]],
        plan["special"],
    )
    terms = {key: [[why, v, rule] for rule, why, v in values[key]] for key in ("av", "dv")}
    plan.update(AV=values["AV"], DV=values["DV"], av_terms=terms["av"], dv_terms=terms["dv"])
    explain = lambda terms: ", ".join(f"{v:+d} {why}" for _, why, v in terms)  # noqa: E731
    log(
        match,
        plan,
        f"AV {values['AV']} ({explain(values['av'])}); DV {values['DV']} ({explain(values['dv'])})",
        "9.1",
        payload={"AV": values["AV"], "DV": values["DV"], "av_terms": terms["av"], "dv_terms": terms["dv"]},
    )
    _dice(match, plan)
    plan["stage"] = "reroll"
    return False


def _dice(match, plan) -> None:
    raw_a = combat_dr(match, plan["side"], f"attack on {plan['area']}")
    raw_d = combat_dr(match, plan["enemy"], f"defence of {plan['area']}")
    plan.update(raw_attack=raw_a, raw_defence=raw_d, AT=plan["AV"] + raw_a, DT=plan["DV"] + raw_d)
    log(match, plan, f"AT {plan['AT']} vs DT {plan['DT']}: {outcome(plan)}", "9.4", payload=_combat(match, plan))


def _combat(match, plan) -> dict[str, Any]:
    """The attack's numbers as phaseline.render.combat reads them (9.1-9.4): AV and DV with
    every modifier and its rule, each side's DR, AT against DT and the outcome."""
    return {
        "where": plan["area"],
        "attackers": plan["participants"],
        "support": plan["support"],
        "defenders": [u["unit_id"] for u in board(match).units_in(plan["area"], plan["enemy"])],
        "point": plan["point"],
        "forward": plan["forward"],
        "labels": {"attack": "AV", "defense": "DV"},
        "attack": plan["AV"],
        "defense": plan["DV"],
        "attack_terms": plan["av_terms"],
        "defense_terms": plan["dv_terms"],
        "dice": {"attack": plan["raw_attack"], "defense": plan["raw_defence"]},
        "AT": plan["AT"],
        "DT": plan["DT"],
        "result": outcome(plan),
    }


def combat_dr(match, side: str, purpose: str) -> int:
    """9.11: a combat DR, two dice, unless an optional rule draws it otherwise (``bkn_combat_dr``)."""
    drawn = match.hook.bkn_combat_dr(match=match, side=side, purpose=purpose)
    return roll_dr(match, side, purpose, "9.11") if drawn is None else drawn


def outcome(plan) -> str:
    """9.4: repulsed, stalemate or success (12.3: the text's AV/DV there means AT/DT)."""
    return "repulsed" if plan["AT"] < plan["DT"] else "stalemate" if plan["AT"] == plan["DT"] else "success"


def _offer_reroll(match, plan) -> bool:
    """11.3: once per impulse, right after the combat is resolved, the holder may force a reroll."""
    plan["stage"] = "results"
    holder = advantage.usable_by(match)
    if holder is None:
        return False
    prompt = (
        f"AT {plan['AT']} vs DT {plan['DT']} on {plan['area']} ({outcome(plan)}): use the Advantage to have "
        "both sides reroll? (11.3; it passes at the end of the impulse)"
    )
    return ask(match, plan, holder, "advantage-reroll", prompt, [KEEP, REROLL], "11.3")


def _reroll(match, plan) -> None:
    """11.3, 11.5: both sides roll again; the new Allied DR is the Sunset DR if the old one was."""
    advantage.use(match, advantage.usable_by(match), f"combat reroll on {plan['area']}", "11.3")
    _dice(match, plan)
    if plan["sunset"]:
        match.set("bkn_day", {}, sunset_raw=plan["raw_attack"])
        log(match, plan, f"the rerolled DR {plan['raw_attack']} is the Sunset DR", "11.5", ALLIED)


# === 9.4 RESULTS ==========================================================================


def _results(match, plan) -> bool:
    """9.41-9.43, 12.3: the attackers' new condition; CP for a success."""
    result = outcome(plan)
    b = board(match)
    attackers, point = plan["participants"], plan["point"]
    for uid in plan["support"]:
        if result != "success":  # 9.41, 9.42: supporting artillery is only Spent
            match.set("unit_state", {"unit_id": uid}, status="Spent")
    if result == "repulsed":
        for uid in attackers:  # 9.41 (21.2, 21.5: nothing worse than Dis1 in the D-Day attacks)
            match.set("unit_state", {"unit_id": uid}, status="Dis1")
        forced = [u for u in plan_units(match, attackers) if u["forced"]]
        voluntary = [u for u in plan_units(match, attackers) if not u["forced"]]
        _forced_withdrawal(match, plan, forced)
        plan["withdraw"] = [u["unit_id"] for u in voluntary if _may_withdraw(match, plan, u)]
    elif result == "stalemate":
        for uid in attackers:
            match.set("unit_state", {"unit_id": uid}, status="Dis1" if uid == point else "Spent")  # 9.42
        _capture_bridges(match, plan)
        plan["withdraw"] = [u["unit_id"] for u in plan_units(match, attackers) if _may_withdraw(match, plan, u)]
    else:
        cp = plan["AT"] - plan["DT"] - (1 if b.areas[plan["area"]].bocage else 0)  # 9.5: one CP less in bocage
        _capture_bridges(match, plan)
        casualties.begin(match, plan, cp)
        plan["withdraw"] = []
        log(match, plan, f"{cp} CP against a capacity of {plan['capacity']}", "9.43")
    plan["stage"] = "withdraw"
    return False


def _may_withdraw(match, plan, unit) -> bool:
    """9.61: never from the area where it began the impulse, from an approach box, or in the D-Day attacks."""
    back = unit["came_from"]
    if plan["special"] or not back or unit["areas"] == 0 or board(match).areas[back].is_box:
        return False
    area = board(match).areas[back]
    return not is_stacking_limited(area) or area.count(plan["side"]) < retreat.STACK_LIMIT  # 14.3


def _forced_withdrawal(match, plan, forced) -> None:
    """9.41, 9.61: failed forced attackers go back to the area they came from; where they cannot
    (an approach box, 9.66 and digest ruling 11) they stay, and units over the limit are eliminated."""
    for u in forced:
        if _may_withdraw(match, plan, u):
            retreat.retreat_one_area(match, u["unit_id"], u["came_from"], "9.61")
    area = board(match).areas[plan["area"]]
    excess = area.count(plan["side"]) - retreat.STACK_LIMIT
    if excess > 0 and is_stacking_limited(area):
        for uid in sorted(area.units[plan["side"]], reverse=True)[:excess]:
            retreat.eliminate_unplaced(match, uid, f"cannot retreat and {plan['area']} is over the stacking limit")


def _withdraw(match, plan) -> bool:
    """9.61: attackers that may retreat choose to (the attacker retreats first, 9.6)."""
    while plan["withdraw"]:
        unit = board(match).units.get(plan["withdraw"][0])
        if unit is None:
            plan["withdraw"].pop(0)
            continue
        prompt = f"{unit['unit_id']} may retreat from {plan['area']} to {unit['came_from']}, or stay (9.61)"
        return ask(match, plan, plan["side"], "attacker-retreat", prompt, [STAY, unit["came_from"]], "9.61")
    plan["stage"] = "casualties" if "cp_left" in plan else "voluntary"
    return False


def _capture_bridges(match, plan) -> None:
    """8.511, 9.42: a forced attack across an enemy-held bridge that is not repulsed takes it."""
    b = board(match)
    for u in plan_units(match, plan["participants"]):
        if u["forced"] and u["came_from"]:
            bridge = b.bridge(u["came_from"], plan["area"])
            if bridge and bridge["state"] not in (plan["side"], "destroyed"):
                set_bridge(match, bridge, plan["side"])
                log(match, plan, f"{bridge['name']} is now {plan['side']}-held", "8.511")
            elif bridge is None and b.neighbours(u["came_from"]).get(plan["area"], ("", None))[0] == "river":
                hold_river(match, u["came_from"], plan["area"], plan["side"])  # 8.511: the river border is held too


# === 8.53, 8.54 AFTER THE ATTACK ==========================================================


def _finish(match, plan) -> bool:
    if plan.get("no_combat"):  # 9.62: after the retreats by choice from a landing the batteries stopped
        works.update(match)  # 15.2: the works are judged again, the defenders gone
        plan["stage"] = "done"
        return False
    b = board(match)
    area = b.areas[plan["area"]]
    result = outcome(plan)
    # 8.53, 14.4: no overrun in bocage, in a zone or in the D-Day attacks
    overrun = plan.get("overrun", False) and not area.bocage and overrun_possible(area) and not plan["special"]
    for u in plan_units(match, plan["participants"]):
        if overrun:  # 8.53: participants with MF left may keep moving (and are Spent at the end, 8.32)
            match.set("unit_state", {"unit_id": u["unit_id"]}, attacked=False, moved=True)
        else:  # 8.53, 9.43: the impulse is over for them
            match.set("unit_state", {"unit_id": u["unit_id"]}, mp=0)
            if result == "success":
                match.set("unit_state", {"unit_id": u["unit_id"]}, status="Spent")
    for u in plan_units(match, plan["support"]):
        if result == "success" and not (overrun and u["supported"] == 1):  # 8.53: one more attack after an overrun
            match.set("unit_state", {"unit_id": u["unit_id"]}, status="Spent")
    if plan["contested"]:
        _after_contested_attack(match, plan, overrun)
    came_from = {u["came_from"] for u in plan_units(match, plan["participants"]) if u["came_from"]}
    update_control(match, [plan["area"], *sorted(came_from)])
    log(match, plan, "overrun" if overrun else result, "8.53" if overrun else "9.4")
    advantage.after_losses(match)
    if plan.get("landing"):  # 19.4, 21.5: the landing finishes its own way
        after_assault(match, plan["landing"], result)
    plan["stage"] = "done"
    return False


def _after_contested_attack(match, plan, overrun: bool) -> None:
    """8.54: every unit of the activated area has spent 1 MF (2 if a defender was Fresh); a
    cleared area frees the others of 8.34."""
    cost = 2 if plan["fresh_defenders"] else 1
    b = board(match)
    for u in b.units_in(plan["area"], plan["side"]):
        if u["eligible"] and u["areas"] == 0 and (overrun or u["unit_id"] not in plan["participants"]):
            match.set("unit_state", {"unit_id": u["unit_id"]}, mp=max(0, u["mp"] - cost))
    if not b.areas[plan["area"]].units[plan["enemy"]]:
        match.set("bkn_day", {}, activated_contested=False)
        log(match, plan, f"{plan['area']} is cleared: its units move free of 8.34", "8.54")


STEPS = {
    "forward": _forward,
    "roll": _roll,
    "reroll": _offer_reroll,
    "results": _results,
    "withdraw": _withdraw,
    "casualties": defender_retreats.casualties_stage,
    "retreats": defender_retreats.retreats_stage,
    "voluntary": defender_retreats.offer_voluntary,
    "finish": _finish,
}
