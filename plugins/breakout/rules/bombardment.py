"""Bombardment (10, 16, 17): artillery, naval and air markers, the Le Havre battery.

A bombardment impulse activates the target area (8.11). AV is the marker's strength or
the primary artillery's attack +1 per other artillery named (10.2); DV is the TEM,
works and the Fresh units that fight back (10.3). AT - DT attrition points go first to
the primary target and then, by the defender, so that as many as possible are used
(10.4); each unit loses at most one step and bombardment never eliminates.
Right after the dice, the holder of the Advantage may have both DRs rerolled (11.6).
A Nebelwerfer bombards its own area only, alone (16.1), and neither adds DV when it is
the target nor lets enemy artillery add DV against it (10.3C); British and US artillery
never support each other (10.2).
Not yet: friendly fire (17.3), the one-nationality-per-area rule (17.1), construction
markers as primary (20.2).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from phaseline import Action, Event

from ..scenarios import ALLIED
from . import advantage
from .board import board, enemy_of, national_group
from .day import roll_dr

STEP = {"Fresh": "Spent", "Spent": "Dis1", "Dis1": "Dis2"}
DECISIONS = ("bombardment-reroll",)
NEBELWERFER = "nebelwerfer"


def ap_cost(unit: dict[str, Any], chart: dict[str, int]) -> int | None:
    """10.4: AP for one step: Fresh armour 3, Spent/Dis armour 2, coastal 2, others 2 or 1."""
    if unit["status"] == "Dis2":
        return None  # no further step
    fresh = unit["status"] == "Fresh"
    if unit["type"] == "coastal":
        return chart["coastal"]
    if unit["type"] == "armour":
        return chart["armour-fresh" if fresh else "armour-spent"]
    return chart["other-fresh" if fresh else "other-spent"]


def allocate(units: list[dict[str, Any]], primary: str, ap: int, chart: dict[str, int]) -> list[str]:
    """10.4: the units that lose a step: the primary first (or nothing at all), then the
    others so that the most AP are used (a Dis2 primary absorbs none)."""
    by_id = {u["unit_id"]: u for u in units}
    first = ap_cost(by_id[primary], chart)
    if first is not None and ap < first:
        return []
    hit = [primary] if first is not None else []
    left = ap - (first or 0)
    others = [(u["unit_id"], ap_cost(u, chart)) for u in units if u["unit_id"] != primary]
    others = [(uid, c) for uid, c in others if c is not None]
    best: tuple[int, tuple[str, ...]] = (0, ())
    for n in range(1, len(others) + 1):
        for combo in combinations(others, n):
            used = sum(c for _, c in combo)
            if best[0] < used <= left:
                best = (used, tuple(uid for uid, _ in combo))
    return hit + list(best[1])


def _chart(game) -> dict[str, int]:
    rows = game.rows("SELECT code, value FROM bkn_combat WHERE game_id = ? AND tbl = 'attrition_ap'", [game.game_id])
    return {r["code"]: int(r["value"]) for r in rows}


def _markers(game, side: str) -> list[dict[str, Any]]:
    return game.rows(
        """SELECT m.* FROM bkn_marker m JOIN bkn_marker_state s ON s.game_id = m.game_id AND s.marker_id = m.marker_id
           WHERE m.game_id = ? AND m.side = ? AND NOT s.used ORDER BY m.marker_id""",
        [game.game_id, side],
    )


def marker_reaches(game, marker: dict[str, Any], area) -> bool:
    """3.26, 3.27, 17.2, 17.3: naval colours, Le Havre's areas, air strikes in Clear weather."""
    reach = marker["reach"] or ""
    if marker["kind"] == "naval":
        return reach.removeprefix("colour:") in (area.naval_colour or "").split("+")
    if marker["kind"] == "air":
        return board(game).day["weather"] == "Clear" and not area.is_zone
    if reach.startswith("areas:"):
        return area.space_id in reach.removeprefix("areas:").split(";")
    return False


def artillery_for(game, side: str, target: str) -> list[dict[str, Any]]:
    """16.1: Fresh field artillery in or adjacent to the target (not into or out of zones);
    a Nebelwerfer only in the target area itself."""
    b = board(game)
    found = []
    for u in b.units.values():
        if u["side"] != side or u["type"] != "artillery" or u["status"] != "Fresh" or u["moved"] or u["attacked"]:
            continue
        here = b.areas.get(u["space_id"])
        if here is None or here.is_box:
            continue
        if u["space_id"] == target or (
            u["art_kind"] != NEBELWERFER
            and target in b.neighbours(u["space_id"])
            and not here.contested()
            and not b.areas[target].is_zone
        ):
            found.append(u)
    return found


def legal_bombardments(game, side: str) -> list[Action]:
    b = board(game)
    if b.day["activated"] is not None:
        return []
    found = []
    markers = _markers(game, side)
    for space, area in sorted(b.areas.items()):
        if not area.units[enemy_of(side)]:
            continue
        found += [Action("bombard", (space, m["marker_id"]), side) for m in markers if marker_reaches(game, m, area)]
        found += [Action("bombard", (space, u["unit_id"]), side) for u in artillery_for(game, side, space)]
    return found


def bombard(game, action: Action) -> None:
    """bombard AREA MARKER|UNIT[,UNIT...] [PRIMARY]: one bombardment impulse (10.1)."""
    if len(action.args) not in (2, 3):
        raise game.violation("bombard takes an area, a marker or artillery units, and a primary target", "10.1")
    side, target = action.side, action.args[0]
    b = board(game)
    if b.day["activated"] is not None:
        raise game.violation("this impulse has already activated an area", "8.11")
    area = b.areas.get(target)
    if area is None or not area.units[enemy_of(side)]:
        raise game.violation(f"{target} holds no enemy units to bombard", "10.1")
    markers = {m["marker_id"]: m for m in _markers(game, side)}
    firing = action.args[1].split(",")
    terms: list[tuple[str, int]] = []
    if firing[0] in markers:
        marker = markers[firing[0]]
        if not marker_reaches(game, marker, area):
            raise game.violation(f"{marker['marker_id']} cannot reach {target}", "17.1")
        terms.append((f"{marker['marker_id']} strength", marker["strength"]))
        kind, units = marker["kind"], []
    else:
        eligible = {u["unit_id"]: u for u in artillery_for(game, side, target)}
        missing = [u for u in firing if u not in eligible]
        if missing:
            raise game.violation(f"{', '.join(missing)} cannot bombard {target}", "16.1")
        units = [eligible[u] for u in firing]
        _check_battery(game, units)
        terms.append((f"primary artillery {units[0]['unit_id']}", units[0]["attack"]))
        if len(units) > 1:
            terms.append((f"{len(units) - 1} other artillery", len(units) - 1))
        kind, marker = "artillery", None
    defenders = b.units_in(target, enemy_of(side))
    dv = _defence(game, side, area, kind, defenders, nebelwerfer=bool(units) and units[0]["art_kind"] == NEBELWERFER)
    primary = action.args[2] if len(action.args) == 3 else _primary(defenders, _chart(game))
    if primary not in {u["unit_id"] for u in defenders}:
        raise game.violation(f"{primary} is not an enemy unit in {target}", "10.1")
    game.set("bkn_day", {}, activated=target, kind="air-strike" if kind == "air" else "bombardment")
    if marker:
        game.set("bkn_marker_state", {"marker_id": marker["marker_id"]}, used=True)
    for u in units:
        game.set("unit_state", {"unit_id": u["unit_id"]}, status="Spent", attacked=True)
    plan = {"side": side, "target": target, "primary": primary, "terms": terms, "dv": dv}
    plan.update(AV=sum(v for _, v in terms), DV=sum(v for _, v in dv))
    _roll(game, plan)
    holder = advantage.usable_by(game)
    if holder is None:
        _attrition(game, plan)
        return
    prompt = (
        f"Bombardment of {target}: AT {plan['AT']} vs DT {plan['DT']}: use the Advantage to have both sides "
        "reroll? (11.6; it passes at the end of the impulse)"
    )
    game.ask(holder, "bombardment-reroll", prompt, ["keep", "reroll"], {"plan": plan}, rule="11.6")


def _check_battery(game, units) -> None:
    """16.1: a Nebelwerfer fires alone; 10.2: British and US artillery never support each other."""
    if len(units) > 1 and any(u["art_kind"] == NEBELWERFER for u in units):
        raise game.violation("a Nebelwerfer can neither be supported nor support another bombardment", "16.1")
    nations = {national_group(u["nationality"]) for u in units}
    if len(nations) > 1:
        raise game.violation(f"British and US artillery may not support each other ({', '.join(nations)})", "10.2")


def _roll(game, plan) -> None:
    side, target = plan["side"], plan["target"]
    plan["AT"] = plan["AV"] + roll_dr(game, side, f"bombardment of {target}", "10.1")
    plan["DT"] = plan["DV"] + roll_dr(game, enemy_of(side), f"defence of {target} against bombardment", "10.1")


def answer(game, decision, choice: str) -> None:
    """11.6: after the holder's answer, reroll (both sides) or keep, then apply the attrition."""
    plan = decision["context"]["plan"]
    if choice == "reroll":
        advantage.use(game, decision["side"], f"reroll of the bombardment of {plan['target']}", "11.6")
        _roll(game, plan)
    _attrition(game, plan)


def _attrition(game, plan) -> None:
    """10.4: AT - DT attrition points, the primary first."""
    side, target = plan["side"], plan["target"]
    defenders = board(game).units_in(target, enemy_of(side))
    ap = max(0, plan["AT"] - plan["DT"])
    hit = allocate(defenders, plan["primary"], ap, _chart(game)) if ap else []
    by_id = {u["unit_id"]: u for u in defenders}
    for uid in hit:
        game.set("unit_state", {"unit_id": uid}, status=STEP[by_id[uid]["status"]])
    game.log(
        Event(
            "note",
            side=side,
            purpose=f"bombardment of {target}: AV {plan['AV']} ({_fmt(plan['terms'])}), DV {plan['DV']} "
            f"({_fmt(plan['dv'])}); AT {plan['AT']} vs DT {plan['DT']}: {ap} AP, hit {', '.join(hit) or 'none'}",
            rule="10.4",
        )
    )


def _fmt(terms) -> str:
    return ", ".join(f"{v:+d} {why}" for why, v in terms)


def _defence(game, side: str, area, kind: str, defenders, nebelwerfer: bool = False) -> list[tuple[str, int]]:
    """10.3: TEM, works, and the Fresh units that answer this kind of bombardment (10.3C:
    never a Nebelwerfer, and nobody against a Nebelwerfer)."""
    dv = [(f"TEM of {area.space_id}", area.tem)]
    works = game.one("SELECT works FROM bkn_beach WHERE game_id = ? AND area_id = ?", [game.game_id, area.space_id])
    if side == ALLIED and works:
        dv.append(("defensive works", 2))
    answering = {"air": ("flak",), "naval": ("coastal",), "artillery": ("artillery",)}.get(kind)
    if kind == "le_havre":
        n = sum(
            1
            for u in board(game).units_in(area.space_id, ALLIED)
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


def _primary(defenders, chart) -> str:
    """The attacker's primary target: artillery only when nothing else is there; the cheapest step."""
    others = [u for u in defenders if u["type"] != "artillery"] or defenders
    return min(others, key=lambda u: (ap_cost(u, chart) or 99, u["unit_id"]))["unit_id"]
