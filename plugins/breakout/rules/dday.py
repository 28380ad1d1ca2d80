"""D-Day (21): the four opening phases that replace turn 1's Dawn (6.21, 21.1).

1A Airborne (21.2): the set-up card's paratroop and glider units land Fresh in their
drop areas. Each may attack the Germans there (no retreat after a repulse, no overrun,
no air support) or instead secure one bridge on its area's border, turning Spent.
1B Naval and 1C Air bombardment (21.3, 21.4) are dday_bombardment.py's.
1D Amphibious assault (21.5): the first wave of each beach is placed in its approach box,
all at once; coastal interdiction is rolled at all five beaches; then each beach's
assault is resolved in the order the Allies choose, without artillery, overrun or
bridge seizure, with air support. A failure leaves every lander Dis1, without retreat.
Daylight then starts with German impulse 0 (21.6); Refit and Regroup are as usual (21.7).
"""

from __future__ import annotations

from typing import Any

from phaseline import Action, Event
from phaseline.model import plays_ruling

from ..rulings import NO_WAVE_CAP
from ..scenarios import ALLIED, GERMAN
from . import advantage, landings, rerolls
from .board import POINT_TYPES, board
from .bridges import set_bridge
from .charts import counters
from .control import update_control
from .dates import day_of_month
from .resolution import resolve

WAVE_CAP = 5  # 19.3 applied to 21.5 (digest 8.2 no. 12); the ruling NO_WAVE_CAP lifts it


def first_day(match) -> int:
    return day_of_month(match, match.first_turn)


def has_opening(match) -> bool:
    """6.21: turn 1 opens with D-Day's phases when its set-up card drops or lands units."""
    day = first_day(match)
    return any(c["arrival_day"] == day and c["method"] in ("drop", "landing") for c in counters(match).values())


# === 1A AIRBORNE PHASE (21.2) ===============================================================


def drop(match) -> None:
    """21.2: paratroop and glider units land Fresh in their drop areas."""
    placed = match.rows_of("unit_state")
    rows = [
        {"unit_id": unit_id, "arrive_at": arrive_at}
        for unit_id, arrive_at in sorted(_drops(match).items())
        if (unit_id,) not in placed and unit_id in match.static("unit", "unit_id")
    ]
    if not rows:
        return
    match.insert_many(
        "unit_state",
        [{"unit_id": r["unit_id"], "space_id": r["arrive_at"], "side": ALLIED, "status": "Fresh"} for r in rows],
    )
    match.insert_many("bkn_unit_state", [{"unit_id": r["unit_id"]} for r in rows])
    match.log(Event("note", side=ALLIED, purpose=f"{len(rows)} airborne units drop", rule="21.2"))
    update_control(match, sorted({r["arrive_at"] for r in rows}))


def paratroops(match) -> list[dict[str, Any]]:
    """The dropped units still free to act tonight (Fresh, in their drop area, not yet used)."""
    b = board(match)
    dropped = _drops(match)
    return [
        u
        for uid, area in sorted(dropped.items())
        if (u := b.units.get(uid)) and u["space_id"] == area and u["status"] == "Fresh" and not u["attacked"]
    ]


def _drops(match) -> dict[str, str]:
    """21.2: the units of the set-up card that drop on the first day, and their drop areas."""
    day = first_day(match)
    return {u: c["arrive_at"] for u, c in counters(match).items() if c["method"] == "drop" and c["arrival_day"] == day}


def airborne_actions(match, side: str) -> list[Action]:
    if side != ALLIED:
        return []  # 21.2: the Germans neither move nor fight tonight
    b = board(match)
    found = []
    for area in sorted({u["space_id"] for u in paratroops(match)}):
        if b.areas[area].units[GERMAN] and area not in b.attacked:
            found.append(Action("attack", (area,), side))
    for u in paratroops(match):
        for kind, name in sorted(b.neighbours(u["space_id"]).values()):
            if kind == "bridge" and b.bridges[name]["state"] == "german":
                found.append(Action("secure", (u["unit_id"], name), side))
    return found


def airborne_attack(match, action: Action) -> None:
    """attack AREA: the paratroops in their drop area attack the Germans there (21.2)."""
    if len(action.args) != 1:
        raise match.violation("attack takes one area: attack AREA", "21.2")
    area = action.args[0]
    b = board(match)
    units = [u for u in paratroops(match) if u["space_id"] == area]
    if not units:
        raise match.violation(f"no Fresh airborne unit dropped in {area} waits to attack", "21.2")
    if not b.areas[area].units[GERMAN] or area in b.attacked:
        raise match.violation(f"{area} holds no German units to attack tonight", "21.2")
    resolve(match, ALLIED, area, units, [], special="airborne")  # 21.2: no retreat, no overrun tonight


def secure(match, action: Action) -> None:
    """secure UNIT BRIDGE: a dropped unit turns Spent and the bridge is Allied-held (21.2)."""
    if len(action.args) != 2:
        raise match.violation("secure takes a unit and a bridge: secure UNIT BRIDGE", "21.2")
    unit_id, bridge_id = action.args
    unit = next((u for u in paratroops(match) if u["unit_id"] == unit_id), None)
    if unit is None:
        raise match.violation(f"{unit_id} is no Fresh airborne unit in its drop area", "21.2")
    bridge = board(match).bridges.get(bridge_id)
    if bridge is None or unit["space_id"] not in (bridge["a"], bridge["b"]):
        raise match.violation(f"{bridge_id} is not a bridge on the border of {unit['space_id']}", "21.2")
    if bridge["state"] != "german":
        raise match.violation(f"{bridge_id} is {bridge['state']}: only a German-held bridge is secured", "21.2")
    match.set("unit_state", {"unit_id": unit_id}, status="Spent", attacked=True)
    set_bridge(match, bridge, "allied")
    match.log(Event("note", side=ALLIED, purpose=f"{unit_id} secures {bridge['name']}: Allied-held", rule="21.2"))


def secure_refusal(match, action: Action):
    """19.5: an airborne unit dropping after D-Day never secures a bridge as D-Day's
    paratroops do (21.2): 「インパルスを使用して橋を渡るか奪取の試みを行うかしない限り
    橋の確保を行うことはできない」."""
    counter = counters(match).get(action.args[0]) if action.verb == "secure" and action.args else None
    if counter is None or counter["method"] != "drop" or counter["arrival_day"] == first_day(match):
        return None
    return match.violation(
        f"{action.args[0]} drops on {counter['arrival_day']} June: it takes a bridge only by crossing it in an "
        "impulse or seizing it (seize), not by securing it as the D-Day paratroops do",
        "19.5",
    )


# === 1D AMPHIBIOUS ASSAULT PHASE (21.5) =======================================================


def waves(match) -> dict[str, list[dict[str, Any]]]:
    """The declared first waves by beach name."""
    found: dict[str, list[dict[str, Any]]] = {}
    for _, r in sorted(match.rows_of("bkn_landing").items()):
        found.setdefault(r["beach"], []).append(dict(r))
    return found


def beaches_to_assault(match) -> list[dict[str, Any]]:
    """21.5: every beach whose approach box holds a unit that may land in the first wave."""
    b = board(match)
    return [
        beach
        for beach in landings.beaches(match)
        if any(u["type"] != "artillery" for u in b.units_in(beach["approach_box"], ALLIED))
        or beach["beach"] in waves(match)
    ]


def wave_refusal(match, beach: dict[str, Any], ids: list[str]):
    b = board(match)
    cap = 10 if plays_ruling(match, NO_WAVE_CAP) else WAVE_CAP
    if beach["beach"] in waves(match):
        return match.violation(f"{beach['beach']}'s first wave is already placed", "21.5")
    if not ids or len(set(ids)) != len(ids):
        return match.violation("a first wave is one or more different units", "21.5")
    if len(ids) > cap:  # 19.3: 「上陸できるユニットは5つが最大である」, applied to the first wave (ruling)
        return match.violation(f"a first wave lands at most {cap} units a beach (BkN 21.5)", "19.3")
    for uid in ids:
        u = b.units.get(uid)
        if u is None or u["side"] != ALLIED or u["space_id"] != beach["approach_box"]:
            return match.violation(f"{uid} is not an Allied unit in {beach['approach_box']}", "21.5")
        if u["type"] == "artillery":
            return match.violation(f"{uid} is artillery: artillery cannot land in this phase", "21.5")
    return None


def default_wave(match, beach: dict[str, Any]) -> list[str]:
    """The strongest units of the beach's box that may land in the first wave (no artillery, 21.5)."""
    units = sorted(
        (u for u in board(match).units_in(beach["approach_box"], ALLIED) if u["type"] != "artillery"),
        key=lambda u: (-u["attack"], u["unit_id"]),
    )
    return [u["unit_id"] for u in units[:WAVE_CAP]]


def assault_actions(match, side: str) -> list[Action]:
    if side != ALLIED:
        return []
    declared = waves(match)
    found = []
    for beach in beaches_to_assault(match):
        if beach["beach"] not in declared:
            found.append(Action("wave", (beach["beach"], ",".join(default_wave(match, beach))), side))
        elif all_declared(match) and not declared[beach["beach"]][0]["done"]:
            found.append(Action("assault", (beach["beach"],), side))
    return found


def all_declared(match) -> bool:
    declared = waves(match)
    return all(beach["beach"] in declared for beach in beaches_to_assault(match))


def wave(match, action: Action) -> None:
    """wave BEACH UNIT[,UNIT...]: place a beach's first wave; with the last, interdiction at every beach."""
    if len(action.args) != 2:
        raise match.violation("wave takes a beach and units: wave BEACH UNIT[,UNIT...]", "21.5")
    beach = landings.find_beach(match, action.args[0])
    ids = action.args[1].split(",")
    problem = wave_refusal(match, beach, ids)
    if problem is not None:
        raise problem
    declare(match, beach, ids)


def declare(match, beach: dict[str, Any], ids: list[str]) -> None:
    """21.5: place the wave; once every beach has one, interdiction is rolled at all five."""
    _place(match, beach, ids)
    if all_declared(match):
        _interdict_waves(match)


def _place(match, beach: dict[str, Any], ids: list[str]) -> None:
    match.insert_many(
        "bkn_landing", [{"unit_id": uid, "beach": beach["beach"], "result": None, "done": False} for uid in ids]
    )
    match.log(Event("note", side=ALLIED, purpose=f"first wave for {beach['beach']}: {', '.join(ids)}", rule="21.5"))


def _interdict_waves(match) -> None:
    """21.5: once every wave is placed, interdiction at all five beaches first (19.4; 11.6: each
    dr may be rerolled); the assaults follow, beach by beach, as the Allies order them."""
    landers = [(r["unit_id"], b["area_id"]) for b in beaches_to_assault(match) for r in waves(match)[b["beach"]]]
    landings.interdict(match, landers, {"then": "waves-interdicted", "context": {}}, step_end=False)


@rerolls.resumes("waves-interdicted")
def _waves_interdicted(match, context: dict[str, Any]) -> None:
    for uid, result in context["results"].items():
        match.set("bkn_landing", {"unit_id": uid}, result=result)


def assault(match, action: Action) -> None:
    """assault BEACH [POINT]: this beach's first wave lands and attacks (21.5), led by POINT (9.2A).

    9.2A: the point unit is 「攻撃側が選択した1個の歩兵または装甲ユニット」; ``assault BEACH``
    alone picks the strongest lander, as ``attack AREA`` does with no units named."""
    if len(action.args) not in (1, 2):
        raise match.violation("assault takes a beach and an optional point unit: assault BEACH [POINT]", "21.5")
    beach = landings.find_beach(match, action.args[0])
    if not all_declared(match):
        raise match.violation("every beach's first wave is placed before any assault", "21.5")
    rows = waves(match).get(beach["beach"])
    if not rows or rows[0]["done"]:
        raise match.violation(f"{beach['beach']} has no first wave waiting to land", "21.5")
    point = _named_point(match, beach, rows, action.args[1]) if len(action.args) == 2 else None
    _assault(match, beach, rows, point)


def _named_point(match, beach: dict[str, Any], rows: list[dict[str, Any]], point: str) -> str:
    """9.2A: the named point unit lands in this wave, escaped interdiction, and is infantry or armour."""
    wave_ids = [r["unit_id"] for r in rows]
    if point not in wave_ids:
        raise match.violation(f"{point} is not in {beach['beach']}'s first wave ({', '.join(wave_ids)})", "9.2")
    if next(r["result"] for r in rows if r["unit_id"] == point) is not None:
        raise match.violation(f"{point} was interdicted (19.4): it cannot lead the assault on {beach['beach']}", "9.2")
    if board(match).units[point]["type"] not in POINT_TYPES:
        raise match.violation(f"{point}: the point unit must be infantry or armour (9.7, 16.2)", "9.2")
    return point


def _assault(match, beach: dict[str, Any], rows: list[dict[str, Any]], point: str | None = None) -> None:
    ids = [r["unit_id"] for r in rows]
    results = {r["unit_id"]: r["result"] for r in rows}
    landings.go_ashore(match, beach, ids, results, pending=False)
    landings.assault(match, beach, ids, results, dday=True, point=point)  # 15.2: the works are judged as it ends


def missing_waves(match):
    """21.5: 「連合軍プレイヤーは…上陸第1波となるユニットを選び出し」: the phase ends only once the
    Allied player has placed every beach's first wave (the refusal, or None)."""
    missing = [beach for beach in beaches_to_assault(match) if beach["beach"] not in waves(match)]
    if not missing:
        return None
    orders = "; ".join(f"wave {b['beach']} {','.join(default_wave(match, b))}" for b in missing)
    return match.violation(
        f"every beach lands a first wave the Allied player chooses; place them first ({orders})", "21.5"
    )


def end_assault(match) -> bool:
    """21.5: the beaches whose wave has not landed yet land and attack, in beach order (every
    wave is placed: :func:`missing_waves` refuses the end before)."""
    _assault_the_rest(match)
    return False


def _assault_the_rest(match) -> None:
    """21.5: the beaches whose wave has not landed yet land and attack; the phase's Advantage passes (11.2)."""
    by_name = {b["beach"]: b for b in landings.beaches(match)}
    for name, rows in waves(match).items():
        if not rows[0]["done"]:
            _assault(match, by_name[name], rows)
    advantage.pass_if_used(match)
