"""The Refit phase (6.4, 12.1-12.9, 24.6D, 24.7): Germans first, then Allies, each in its own step.

German step: zone units refit by themselves and Cherbourg's units roll (12.6, 12.62); the
player places up to 6 depots (depot AREA), refits units from them (refit UNIT: the farthest
depot able to pay pays, 12.5), may buy impulse-track spaces (buy N: from the Reserve and the
SP its free depots bank as the phase ends, 12.53); at its end unused SP of free depots go to the Reserve and
isolated units roll for surrender (12.8, surrender.py). Allied step: the beaches land their depots
(12.7), air supply comes first (airsupply AREA UNITS), depots may move inland
(depot DEPOT AREA), then refits, purchases and, in the extended game, top-ups (24.7).
"""

from __future__ import annotations

from phaseline import Action, Event
from phaseline.model import plays_ruling

from ..rulings import ANY_ZONE_REFIT, AS_EVEN_AS_POSSIBLE, EARLIER_RESERVE, NEAREST_DEPOT
from ..scenarios import ALLIED, GERMAN
from . import advantage, charts, rerolls, supply, weather, works
from .board import LADDER, board
from .bridges import REPAIRS_PER_IMPULSE, attempt_repairs, clear_attempts, repair_refusal
from .supply import UP, chart
from .surrender import surrender

STEP_VERBS = {
    GERMAN: ("depot", "refit", "repair", "buy"),
    ALLIED: ("airsupply", "depot", "refit", "repair", "buy", "topup"),
}


# === BEGIN AND END ===========================================================================


def begin_refit(match, side: str) -> None:
    if side == GERMAN:
        match.set("bkn_day", {}, sunset_drm=0, impulse=0, passes=0)  # 6.4, 11.23: markers reset
        for (unit_id,) in sorted(match.rows_of("bkn_refitted")):
            match.delete("bkn_refitted", {"unit_id": unit_id})
        for s in (GERMAN, ALLIED):
            match.set("bkn_supply", {"side": s}, bought=0, air_supplied=False)
        clear_attempts(match)
        supply.update_port_timers(match)  # 24.2-24.4
        refit_zones(match)
        refit_cherbourg(match)
    else:
        supply.land_beach_depots(match)  # 12.7
    supply.set_sources(match, depots_for=side)


def end_refit(match, side: str) -> bool:
    """12.53: unused SP of depots in free areas go to the Reserve; the rest are lost.

    Returns True while a surrender dr waits for the Advantage holder's answer (11.6)."""
    b = board(match)
    banked = sum(d["sp"] for d in supply.depots(match, side) if b.areas[d["space_id"]].free(side))
    supply.add_reserve(match, side, banked)
    for d in supply.depots(match, side):
        match.delete("bkn_depot", {"depot_id": d["depot_id"]})
    match.log(
        Event(
            "note", side=side, purpose=f"{side} banks {banked} SP: Reserve {supply.reserve(match, side)}", rule="12.53"
        )
    )
    supply.set_sources(match)
    clear_attempts(match)
    works.update(match)  # 15.2: a refit can bring a Spent unit onto the works
    if side == GERMAN:
        return surrender(match)  # 12.8: at the end of the German Refit phase (then the Advantage settles)
    supply.clear_impulse_weather(match)
    advantage.pass_if_used(match)  # 11.6: a used Advantage passes as the phase ends
    return False


def improve(match, unit: dict, how: str, rule: str) -> None:
    """12.4: one level up, at most once per Refit phase."""
    match.set("unit_state", {"unit_id": unit["unit_id"]}, status=UP[unit["status"]])
    match.insert("bkn_refitted", {"unit_id": unit["unit_id"], "how": how})
    match.log(
        Event(
            "note",
            side=unit["side"],
            unit_id=unit["unit_id"],
            purpose=f"{unit['unit_id']} {unit['status']} -> {UP[unit['status']]} ({how})",
            rule=rule,
        )
    )


def refit_zones(match) -> None:
    """12.6: German units in a German-controlled zone (a German source) refit automatically,
    with no depot; with the ruling ``zone-refit-any-zone``, in any zone."""
    b = board(match)
    any_zone = plays_ruling(match, ANY_ZONE_REFIT)
    for unit in list(b.units.values()):
        zone = b.areas[unit["space_id"]]
        if (
            unit["side"] == GERMAN
            and unit["status"] in UP
            and zone.is_zone
            and (any_zone or zone.controlled_by(GERMAN))
        ):
            improve(match, unit, "zone", "12.6")


def refit_cherbourg(match) -> None:
    """12.62: German units in Cherbourg roll before depots: Spent 4+, Dis1 5+, Dis2 6."""
    ports = set(charts.ports(match, "major"))
    need = cherbourg_needs(match)
    units = board(match).units.values()
    pending = [u["unit_id"] for u in units if u["side"] == GERMAN and u["status"] in need and u["space_id"] in ports]
    _next_cherbourg(match, {"pending": pending})


def cherbourg_needs(match) -> dict[str, int]:
    c = chart(match)
    return {"Spent": c["cherbourg_spent"], "Dis1": c["cherbourg_dis1"], "Dis2": c["cherbourg_dis2"]}


def _next_cherbourg(match, context: dict) -> None:
    if context["pending"]:
        unit = board(match).units[context["pending"][0]]
        purpose = f"Cherbourg refit of {unit['unit_id']} ({unit['status']})"
        rerolls.roll(match, GERMAN, purpose, "12.62", "cherbourg", context)  # 11.6


@rerolls.follows("cherbourg")
def _cherbourg_rolled(match, context: dict, die: int) -> None:
    unit = board(match).units[context["pending"][0]]
    if die >= cherbourg_needs(match)[unit["status"]]:
        improve(match, unit, "cherbourg", "12.62")
    _next_cherbourg(match, {"pending": context["pending"][1:]})


# === ACTIONS =================================================================================


def legal_refit_actions(match, side: str) -> list[Action]:
    """Depots first (best areas first), then air supply, refits (cheapest first), purchases."""
    found = [*_depot_actions(match, side), *_air_actions(match, side)]
    options = supply.refit_options(match, side)
    for unit_id in sorted(options, key=lambda u: (options[u][0][0], u)):
        found.append(Action("refit", (unit_id,), side))
    if _repairs_left(match, side):  # 20.2
        found += [Action("repair", (bridge_id,), side) for bridge_id in sorted(_night_options(match, side))]
    c = chart(match)
    room = c["max_spaces_bought"] - _bought(match, side)
    for n in range(1, min(room, spendable(match, side) // c["reserve_per_space"]) + 1):
        found += [Action("buy", (str(n),), side), Action("buy", (str(-n),), side)]
    if side == ALLIED and _topup_room(match) and supply.reserve(match, side) and _topup_offer(match):
        found.append(Action("topup", (str(_topup_offer(match)),), side))
    return found


def place_depot(match, action: Action) -> None:
    """depot AREA (German, 12.6) or depot DEPOT AREA (Allied, moving a beach depot inland, 12.7)."""
    side = action.side
    if side == GERMAN:
        if len(action.args) != 1:
            raise match.violation("usage: depot AREA", "12.6")
        (area,) = action.args
        limit = chart(match)["german_depots"]
        if len(supply.depots(match, GERMAN)) >= limit:
            raise match.violation(f"the Germans have placed {limit} depots already", "12.6")
        if area not in supply.german_depot_areas(match):
            if area in supply.german_depot_areas(match, from_contested=True):
                raise match.violation(
                    f"no German depot in {area}: its German zone is contested, and a contested source "
                    "takes depots only in itself",
                    "12.5",
                )
            raise match.violation(
                f"no German depot in {area}: it must be free and joined to a German zone by German free areas", "12.6"
            )
        sp = supply.german_depot_sp(match)
        depot_id = supply.add_depot(match, GERMAN, "DE", area, "zone", sp)
        placed = f"depot {depot_id} placed in {area} with {sp} SP ({len(supply.depots(match, GERMAN))} of {limit})"
        match.log(Event("note", side=GERMAN, purpose=placed, rule="12.6"))
    else:
        if len(action.args) != 2:
            raise match.violation("usage: depot DEPOT AREA", "12.7")
        depot_id, area = action.args
        depot = next((d for d in supply.depots(match, ALLIED) if d["depot_id"] == depot_id), None)
        if depot is None:
            raise match.violation(f"no Allied depot {depot_id}", "12.7")
        if not _at_beach(match, depot):
            raise match.violation(f"depot {depot_id} has moved already", "12.7")
        if area not in supply.allied_depot_areas(match, depot):
            raise match.violation(
                f"depot {depot_id} cannot go to {area}: free {depot['nationality']} areas traced from its "
                "uncontested beach over friendly bridges only",
                "12.7",
            )
        match.set("bkn_depot", {"depot_id": depot_id}, space_id=area)
        moved = f"depot {depot_id} ({depot['source']}, {depot['sp']} SP) moves inland {depot['space_id']}→{area}"
        match.log(Event("note", side=ALLIED, purpose=moved, rule="12.7"))
    supply.set_sources(match, depots_for=side)


def refit_unit(match, action: Action) -> None:
    """refit UNIT: one level up for its SP from the cheapest depot that can pay (12.4, 12.5)."""
    if len(action.args) != 1:
        raise match.violation("usage: refit UNIT", "12.4")
    (unit_id,) = action.args
    unit = board(match).units.get(unit_id)
    if unit is not None and unit["side"] != action.side:  # 12.4: 「ドイツ軍が最初に…その後連合軍が」
        raise match.violation(
            f"{unit_id} is {unit['side']}: this is the {action.side} Refit phase; the Germans refit first, "
            "the Allies after",
            "12.4",
        )
    if unit_id in supply.refitted(match):  # 12.4: 「Dis状態のユニットは1日につき1レベルしか補充できない」
        raise match.violation(f"{unit_id} has refitted one level this Refit phase: one level a day", "12.4")
    options = supply.refit_options(match, action.side).get(unit_id)
    if not options:
        raise match.violation(f"{unit_id} cannot refit: no depot of its side and nation can pay its cost", "12.5")
    cost, depot_id = paying_depot(match, options)
    sp = match.rows_of("bkn_depot")[(depot_id,)]["sp"]
    match.set("bkn_depot", {"depot_id": depot_id}, sp=sp - cost)
    improve(match, board(match).units[unit_id], f"{cost} SP from depot {depot_id}", "12.5")


def paying_depot(match, options: list[tuple[int, str]]) -> tuple[int, str]:
    """12.5: 「2つ以上の集積所から補給を受けるユニットは最も遠い集積所から必要な補給ポイントを消費する」:
    of the depots able to pay, the farthest (the most borders, so the highest cost) pays; the ruling
    refit-from-nearest-depot has the cheapest pay."""
    if plays_ruling(match, NEAREST_DEPOT):
        return min(options)
    return min(options, key=lambda o: (-o[0], o[1]))


def night_construction(match, action: Action) -> None:
    """repair BRIDGE in one's own Refit phase: SP as for a Spent unit there, then the roll (20.2)."""
    if len(action.args) != 1:
        raise match.violation("usage: repair BRIDGE", "20.2")
    (bridge_id,) = action.args
    side = action.side
    if not _repairs_left(match, side):
        raise match.violation(f"{side} may attempt {REPAIRS_PER_IMPULSE[side]} repairs per Refit phase", "20.2")
    option = _night_options(match, side).get(bridge_id)
    if option is None:
        raise match.violation(
            f"no night construction on {bridge_id}: a destroyed bridge next to a friendly area that a depot "
            "of that nation can pay for as for a Spent unit",
            "20.2",
        )
    cost, depot_id = option
    sp = match.rows_of("bkn_depot")[(depot_id,)]["sp"]
    match.set("bkn_depot", {"depot_id": depot_id}, sp=sp - cost)
    attempt_repairs(match, side, [bridge_id], "20.2")


def _repairs_left(match, side: str) -> bool:
    """20.2: a side's repair attempts per Refit phase are limited as per impulse."""
    tried = sum(1 for t in match.rows_of("bkn_bridge_try").values() if (t["side"], t["what"]) == (side, "repair"))
    return tried < REPAIRS_PER_IMPULSE[side]


def _night_options(match, side: str) -> dict[str, tuple[int, str]]:
    """Bridge -> (SP, depot): the cheapest depot paying for it as for a Spent unit in a friendly end (20.2)."""
    b = board(match)
    paths = supply.depot_paths(match, side)
    base = chart(match)["refit_base"]
    found: dict[str, tuple[int, str]] = {}
    for bridge in b.bridges.values():
        if repair_refusal(match, side, bridge, at_night=True) is not None:
            continue
        for end in (bridge["a"], bridge["b"]):
            area = b.areas[end]
            for d in supply.depots(match, side):
                nation_ok = side == GERMAN or area.controller == d["nationality"]
                contested_ok = not b.areas[d["space_id"]].contested() or d["space_id"] == end
                path = paths.get((end, d["space_id"]))
                if area.controlled_by(side) and nation_ok and contested_ok and path is not None:
                    cost = base + path
                    if cost <= d["sp"] and (cost, d["depot_id"]) < found.get(bridge["bridge_id"], (99, "")):
                        found[bridge["bridge_id"]] = (cost, d["depot_id"])
    return found


def air_supply(match, action: Action) -> None:
    """airsupply AREA UNIT[,UNIT…]: up to 4 units of one area roll dr + drm >= 7 (12.9)."""
    if action.side != ALLIED or len(action.args) != 2:
        raise match.violation("usage: airsupply AREA UNIT[,UNIT…] (Allies only)", "12.9")
    area_id, listed = action.args
    units = listed.split(",")
    refusal = _air_refusal(match, area_id, units)
    if refusal:
        why, rule = refusal
        raise match.violation(f"no air supply to {area_id}: {why}", rule)
    match.set("bkn_supply", {"side": ALLIED}, air_supplied=True)
    _next_air_supply(match, {"area": area_id, "pending": units})


def _next_air_supply(match, context: dict) -> None:
    if context["pending"]:
        unit_id = context["pending"][0]
        rerolls.roll(match, ALLIED, f"air supply of {unit_id}", "12.9", "air-supply", context)  # 11.6


@rerolls.follows("air-supply")
def _air_supply_rolled(match, context: dict, die: int) -> None:
    unit = board(match).units[context["pending"][0]]
    terms = air_drm(match, context["area"], unit)
    total = die + sum(v for _, v in terms)
    mods = ", ".join(f"{v:+d} {n}" for n, v in terms)
    match.log(
        Event("note", side=ALLIED, purpose=f"air supply of {unit['unit_id']}: dr {die} {mods} = {total}", rule="12.9")
    )
    if total >= chart(match)["air_supply_target"]:
        improve(match, unit, "air supply", "12.9")
    _next_air_supply(match, {**context, "pending": context["pending"][1:]})


def air_drm(match, area_id: str, unit: dict) -> list[tuple[str, int]]:
    """12.9: the area's control, the unit's disruption, the day's Overcast share (18.41)."""
    c = chart(match)
    area = board(match).areas[area_id]
    if area.free(ALLIED):
        terms = [("free area", c["air_drm_free"])]
    elif area.controlled_by(ALLIED):
        terms = [("Allied-controlled contested area", c["air_drm_allied_contested"])]
    else:
        terms = [("German-controlled area", c["air_drm_german"])]
    if unit["status"] in ("Dis1", "Dis2"):
        terms.append(("disrupted", c["air_drm_disrupted"]))
    _, impulses = supply.day_weather(match)
    overcast = sum(1 for w in impulses if w == "Overcast")
    if impulses and overcast == len(impulses):
        terms.append(("overcast all day", c["air_drm_all_overcast"]))
    elif overcast * 2 > len(impulses):
        terms.append(("mostly overcast", c["air_drm_mostly_overcast"]))
    elif overcast:
        terms.append(("partly overcast", c["air_drm_partly_overcast"]))
    return terms


def buy_impulses(match, action: Action) -> None:
    """buy N: 10 Reserve SP per space moves tomorrow's first impulse N spaces (12.53, at most 3)."""
    if len(action.args) != 1 or not action.args[0].lstrip("+-").isdigit() or int(action.args[0]) == 0:
        raise match.violation("usage: buy N (N spaces forward, -N back)", "12.53")
    n, side, c = int(action.args[0]), action.side, chart(match)
    if _bought(match, side) + abs(n) > c["max_spaces_bought"]:
        raise match.violation(f"{side} may buy {c['max_spaces_bought']} impulse-track spaces a day", "12.53")
    price = abs(n) * c["reserve_per_space"]
    if spendable(match, side) < price:
        raise match.violation(f"{side} has {_purse(match, side)}; {abs(n)} spaces cost {price}", "12.53")
    low, high = charts.impulse_track(match)
    impulse = board(match).day["impulse"]
    target = max(low, min(high, impulse + n))
    _pay(match, side, price)
    match.set("bkn_supply", {"side": side}, bought=_bought(match, side) + abs(n))
    match.set("bkn_day", {}, impulse=target)
    match.log(Event("note", side=side, purpose=f"{side} buys {n:+d}: the day starts on impulse {target}", rule="12.53"))


def bankable(match, side: str) -> list[dict]:
    """12.53: the depots whose unused SP the Reserve takes at this phase's end (those in free areas);
    none under the ruling buy-from-earlier-reserve, for a purchase."""
    if plays_ruling(match, EARLIER_RESERVE):
        return []
    b = board(match)
    return [d for d in supply.depots(match, side) if d["sp"] and b.areas[d["space_id"]].free(side)]


def spendable(match, side: str) -> int:
    """12.53: what a purchase at the end of this Refit phase may spend: the Reserve, and the SP
    the free depots will bank into it as the phase ends (「備蓄となり…現在の補充フェイズの終了時に」)."""
    return supply.reserve(match, side) + sum(d["sp"] for d in bankable(match, side))


def _purse(match, side: str) -> str:
    banked = sum(d["sp"] for d in bankable(match, side))
    return f"{supply.reserve(match, side)} Reserve SP" + (f" and {banked} SP to bank" if banked else "")


def _pay(match, side: str, price: int) -> None:
    """The Reserve pays first, then the SP the free depots would bank (depot order)."""
    from_reserve = min(price, supply.reserve(match, side))
    supply.add_reserve(match, side, -from_reserve)
    left = price - from_reserve
    for depot in bankable(match, side):
        if left <= 0:
            break
        take = min(left, depot["sp"])
        match.set("bkn_depot", {"depot_id": depot["depot_id"]}, sp=depot["sp"] - take)
        left -= take


def top_up(match, action: Action) -> None:
    """topup SP: Reserve SP raise the beach depots below 10 evenly, up to 10 each (24.7).

    24.7: 「各海岸補給が均等になるように増加させなければならない」: by default the depots
    below 10 must end equal, so SP that cannot make them so are refused (three depots at 9
    take 3 SP, not 2); the ruling ``topup-as-even-as-possible`` spreads any SP lowest first.
    """
    room = _topup_room(match)
    if not supply.is_extended(match):  # 12.53: 「補給の備蓄を補給集積所の補給ポイント増加には使用できない」
        raise match.violation("the Reserve never raises a depot's SP outside the extended game (BkN 24.7)", "12.53")
    if action.side != ALLIED or len(action.args) != 1 or not action.args[0].isdigit():
        raise match.violation("usage: topup SP (Allies, extended game)", "24.7")
    sp = int(action.args[0])
    if not room or sp < 1 or sp > min(room, supply.reserve(match, ALLIED)):
        raise match.violation(
            f"the beaches can take {room} SP and the Reserve holds {supply.reserve(match, ALLIED)}", "24.7"
        )
    given = _spread(match, sp)
    if not plays_ruling(match, AS_EVEN_AS_POSSIBLE) and len(set(given.values())) > 1:
        even = [str(n) for n in _even_amounts(match, room)]
        raise match.violation(
            f"{sp} SP leave the beach depots uneven ({', '.join(f'{d} {v}' for d, v in sorted(given.items()))}): "
            f"they must be raised evenly; {' or '.join(even) or 'no amount'} SP would",
            "24.7",
        )
    for depot_id, value in sorted(given.items()):
        match.set("bkn_depot", {"depot_id": depot_id}, sp=value)
    supply.add_reserve(match, ALLIED, -sp)


def _spread(match, sp: int) -> dict[str, int]:
    """24.7: the beach depots below 10 after ``sp`` SP, each SP to the lowest depot next."""
    full = chart(match)["beach_depot_sp"]
    given = {d["depot_id"]: d["sp"] for d in _beach_depots(match) if d["sp"] < full}
    for _ in range(sp):
        below = [d for d, v in given.items() if v < full]
        if not below:
            break
        given[min(below, key=lambda d: (given[d], d))] += 1
    return given


def _even_amounts(match, most: int) -> list[int]:
    """24.7: the top-ups of at most ``most`` SP that leave the beach depots below 10 equal."""
    return [n for n in range(1, most + 1) if len(set(_spread(match, n).values())) == 1]


def _topup_offer(match) -> int:
    """The top-up the Allies are offered: the most SP the Reserve can give (evenly, by default)."""
    most = min(_topup_room(match), supply.reserve(match, ALLIED))
    if plays_ruling(match, AS_EVEN_AS_POSSIBLE):
        return most
    even = _even_amounts(match, most)
    return even[-1] if even else 0


# === helpers =================================================================================


def _depot_actions(match, side: str) -> list[Action]:
    b = board(match)
    if side == GERMAN:
        if len(supply.depots(match, GERMAN)) >= chart(match)["german_depots"]:
            return []
        placed = {d["space_id"] for d in supply.depots(match, GERMAN)}

        def need(space: str) -> int:  # damaged units in and next to the area: the bot's order
            near = [space, *b.neighbours(space)]
            return sum(1 for s in near if s in b.areas for u in b.units_in(s, GERMAN) if u["status"] in UP)

        areas = [a for a in supply.german_depot_areas(match) if a not in placed]
        return [Action("depot", (a,), side) for a in sorted(areas, key=lambda a: (-need(a), a))]
    return [
        Action("depot", (d["depot_id"], a), side)
        for d in supply.depots(match, ALLIED)
        if _at_beach(match, d)
        for a in supply.allied_depot_areas(match, d)
    ]


def _air_actions(match, side: str) -> list[Action]:
    if side != ALLIED or _air_refusal(match, None, []) is not None:
        return []
    b = board(match)
    found = []
    for space, area in sorted(b.areas.items()):
        if not area.is_map_area:  # 12.9: never in a zone
            continue
        damaged = sorted(
            (u for u in b.units_in(space, ALLIED) if u["status"] in UP and not _refitted(match, u)),
            key=lambda u: (-LADDER.index(u["status"]), u["unit_id"]),
        )
        if damaged:
            chosen = damaged[: chart(match)["air_supply_units"]]
            found.append(Action("airsupply", (space, ",".join(u["unit_id"] for u in chosen)), side))
    return sorted(found, key=lambda a: -len(a.args[1].split(",")))


def _air_refusal(match, area_id: str | None, units: list[str]) -> tuple[str, str] | None:
    """12.9: once, before any depot refit, up to 4 damaged units of one non-zone area; 24.6D:
    never in a storm's Refit phase. (the reason, the rule), or None when it may."""
    if not weather.air_supply_allowed(match):  # 24.6D: 「航空補給は嵐の補充フェイズの間行うことができない」
        return "no air supply in a storm's Refit phase", "24.6"
    if match.rows_of("bkn_supply")[(ALLIED,)]["air_supplied"]:
        return "air supply was used this Refit phase", "12.9"
    states = match.rows_of("unit_state")
    if any(
        "depot" in row["how"] and key in states and states[key]["side"] == ALLIED
        for key, row in match.rows_of("bkn_refitted").items()
    ):
        return "air supply comes before depot SP are allocated", "12.9"
    if area_id is None:
        return None
    b = board(match)
    area = b.areas.get(area_id)
    if area is None or not area.is_map_area:
        return f"{area_id} is not an area (never a zone)", "12.9"
    if len(units) > chart(match)["air_supply_units"] or len(set(units)) != len(units):
        return f"at most {chart(match)['air_supply_units']} different units", "12.9"
    for unit_id in units:
        unit = b.units.get(unit_id)
        if unit is None or unit["side"] != ALLIED or unit["space_id"] != area_id:
            return f"{unit_id} is not an Allied unit in {area_id}", "12.9"
        if unit["status"] not in UP or _refitted(match, unit):
            return f"{unit_id} cannot improve (Fresh, or refitted already)", "12.9"
    return None


def _refitted(match, unit: dict) -> bool:
    return unit["unit_id"] in supply.refitted(match)


def _bought(match, side: str) -> int:
    row = match.rows_of("bkn_supply").get((side,))
    return int(row["bought"] or 0) if row else 0


def _at_beach(match, depot: dict) -> bool:
    return any(r["beach"] == depot["source"] and r["area_id"] == depot["space_id"] for r in charts.beaches(match))


def _beach_depots(match) -> list[dict]:
    beaches = {r["beach"] for r in charts.beaches(match)}
    return [d for d in supply.depots(match, ALLIED) if d["source"] in beaches]


def _topup_room(match) -> int:
    """24.7: SP the Allied beach depots lack below 10 (extended game only)."""
    if not supply.is_extended(match):
        return 0
    full = chart(match)["beach_depot_sp"]
    return sum(max(0, full - d["sp"]) for d in _beach_depots(match))
