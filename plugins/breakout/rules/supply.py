"""Supply (12.5-12.7, 18.41, 24.2-24.4): sources, isolation, depots and what they hold.

Supply lines and refit costs are the engine's path queries (schema/rules/paths.sql) over
the costs of loading.supply_path_costs: path_source holds the side's supply sources
(German-controlled zones and Cherbourg, the Allied beaches and working ports),
and during a side's Refit phase its depots instead. Amounts come from tables/supply.csv.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from ..scenarios import ALLIED, GERMAN, is_extended
from .board import board, national_group, versions
from .charts import beaches, ports, turn_record
from .weather import beach_sp, storm_blows

UP = {"Spent": "Fresh", "Dis1": "Spent", "Dis2": "Dis1"}  # 12.4: one level up


def chart(match) -> dict[str, int]:
    """tables/supply.csv: the supply amounts and rolls by item."""
    return match.derived(
        "bkn supply chart",
        (),
        lambda: {item: row["value"] for item, row in match.static("bkn_supply_chart", "item").items()},
    )


# === 12.5 SOURCES ===========================================================================

ZONE_SOURCES = """SELECT z.space_id FROM space z
    JOIN space_control c ON c.match_id = z.match_id AND c.space_id = z.space_id AND c.controller = 'DE'
    WHERE z.match_id = ? AND z.terrain = 'zone' ORDER BY 1"""  # 12.6: German-controlled zones


def supply_sources(match) -> dict[tuple[str, str], str]:
    """(side, area) -> kind of every supply source now (12.6, 12.62, 12.7, 24.2, 24.3)."""
    found: dict[tuple[str, str], str] = {}
    for row in match.state_rows(("space_control",), ZONE_SOURCES, [match.match_id]):  # 12.6
        found[GERMAN, row["space_id"]] = "zone"
    for space in ports(match, "major"):  # 12.62: Cherbourg, a limited German source
        found[GERMAN, space] = "port"
    for beach in beaches(match):
        found[ALLIED, beach["area_id"]] = "beach"  # 12.7
    for port in working_ports(match):  # 24.2
        found[ALLIED, port["space_id"]] = "port"
    return found


def set_sources(match, depots_for: str | None = None) -> None:
    """path_source := the supply sources, or for ``depots_for`` its depots (Refit phase)."""
    wanted = {k: v for k, v in supply_sources(match).items() if k[0] != depots_for}
    if depots_for:
        for d in depots(match, depots_for):
            wanted[depots_for, d["space_id"]] = "depot"
    have = {key: row["kind"] for key, row in match.rows_of("path_source").items()}
    for key in sorted(set(have) - set(wanted)):
        match.delete("path_source", {"side": key[0], "space_id": key[1]})
    for key in sorted(set(wanted) - set(have)):
        match.insert("path_source", {"side": key[0], "space_id": key[1], "kind": wanted[key]})
    for key in sorted(k for k in set(wanted) & set(have) if wanted[k] != have[k]):
        match.set("path_source", {"side": key[0], "space_id": key[1]}, kind=wanted[key])


# === 12.5 SUPPLY LINES =======================================================================

# What the path queries read besides where the units stand and the static map (paths.sql).
PATH_TABLES = ("hostility", "path_source", "space_control", "link_state")
MAP_KINDS = ("hex", "area", "point")  # map_unit: units on the map, never in a box


def positions(match) -> frozenset[tuple[str, str, str]]:
    """(unit, side, space) of every unit not eliminated: where the units stand, as paths read
    them (a unit's status or movement points change none of its paths)."""

    def stand() -> frozenset[tuple[str, str, str]]:
        return frozenset((u["unit_id"], u["side"], u["space_id"]) for u in board(match).units.values())

    return match.derived("bkn positions", match.ledger.version_of("unit_state", "space_id", "side", "status"), stand)


def path_stamp(match) -> tuple[Any, ...]:
    """What the path queries' answers depend on: a new answer is asked for only when it changes
    (looked up again only when anything changed)."""
    return match.derived(
        "bkn path stamp", match.ledger.version, lambda: (positions(match), *versions(match, PATH_TABLES))
    )


def source_costs(match, side: str) -> dict[tuple[str, str], int]:
    """(space, source) -> the least cost of a path of ``side`` from the space to that source of
    path_source (paths.sql source-paths): every space and source at once, asked once per change
    of what paths read; a pair with no path has no entry."""

    def ask() -> dict[tuple[str, str], int]:
        return {(r["space_id"], r["source"]): r["cost"] for r in match.rules.run("source-paths", side=side)}

    return match.derived(("bkn source costs", side), path_stamp(match), ask)


def isolated(match, side: str) -> list[dict[str, Any]]:
    """12.5, 12.8: the side's units on the map (zones included, 14.1) with no supply line."""
    return [r for r in match.rules.run("cheapest-paths", side=side) if r["cost"] is None]


def isolated_spaces(match, side: str) -> frozenset[str]:
    """12.8: the map spaces where units of ``side`` stand with no path to any of its sources
    (no source-paths row from there: the spaces of :func:`isolated`'s units, for the same state)."""

    def spaces() -> frozenset[str]:
        b = board(match)
        reached = {space for space, _ in source_costs(match, side)}
        standing = {u["space_id"] for u in b.units.values() if u["side"] == side and _on_map(b, u["space_id"])}
        return frozenset(standing - reached)

    return match.derived(("bkn isolated spaces", side), path_stamp(match), spaces)


def _on_map(b, space: str) -> bool:
    return space in b.areas and b.areas[space].kind in MAP_KINDS


# === 12.5 DEPOTS ============================================================================


def depots(match, side: str) -> list[dict[str, Any]]:
    return [dict(row) for _, row in sorted(match.rows_of("bkn_depot").items()) if row["side"] == side]


def add_depot(match, side: str, nationality: str, space: str, source: str, sp: int) -> str:
    """A new depot of ``sp`` SP in ``space``; its id."""
    n = 1 + sum(1 for row in match.rows_of("bkn_depot").values() if row["side"] == side)
    depot_id = f"{'G' if side == GERMAN else 'A'}{n}"
    match.insert(
        "bkn_depot",
        {"depot_id": depot_id, "side": side, "nationality": nationality, "space_id": space, "source": source, "sp": sp},
    )
    return depot_id


def depot_paths(match, side: str) -> dict[tuple[str, str], int]:
    """(area, depot area) -> path cost, every area and depot at once: the source costs of the
    side's Refit phase, when path_source holds its depots (12.5). A refit, which changes only a
    status, keeps the answer (so a Refit phase traces once per depot placed or moved)."""
    return source_costs(match, side)


def refit_options(match, side: str) -> dict[str, list[tuple[int, str]]]:
    """Unit -> [(SP cost, depot)] of every depot able to refit it now, cheapest first (12.5).

    Cost: 1, +1 per border crossed and per contested area between, +1 if disrupted; a
    depot in a contested area refits only units there; Allied depots refit units of
    their own nationality only (12.7).
    """
    b = board(match)
    c = chart(match)
    paths = depot_paths(match, side)
    done = refitted(match)
    found: dict[str, list[tuple[int, str]]] = {}
    for d in depots(match, side):
        contested = b.areas[d["space_id"]].contested()
        for unit in b.units.values():
            if unit["side"] != side or unit["status"] not in UP or unit["unit_id"] in done:
                continue
            if side == ALLIED and national_group(unit["nationality"]) != d["nationality"]:
                continue
            if contested and unit["space_id"] != d["space_id"]:
                continue
            path = paths.get((unit["space_id"], d["space_id"]))
            if path is None:
                continue
            cost = c["refit_base"] + path + (c["refit_disrupted"] if unit["status"] in ("Dis1", "Dis2") else 0)
            if cost <= d["sp"]:
                found.setdefault(unit["unit_id"], []).append((cost, d["depot_id"]))
    return {u: sorted(options) for u, options in found.items()}


def refitted(match) -> set[str]:
    """12.4: the units refitted already in this Refit phase."""
    return {unit for (unit,) in match.rows_of("bkn_refitted")}


# === 12.6, 18.41 GERMAN DEPOTS ================================================================


def german_depot_sp(match) -> int:
    """12.6: 5 SP on a Clear day, 10 on an Overcast one; 18.41: +-1 per 3 (or part) other impulses."""
    c = chart(match)
    start, impulses = day_weather(match)
    other = sum(1 for w in impulses if w != start)
    change = math.ceil(other / c["weather_change_step"])
    if start == "Overcast":
        return max(0, c["german_depot_sp_overcast"] - change)
    return c["german_depot_sp_clear"] + change


def day_weather(match) -> tuple[str, list[str]]:
    """The day's starting weather and the weather of each impulse the marker entered (18.41)."""
    record = turn_record(match, match.clock.turn)
    start = record["start_weather"] if record else None
    return start or "Clear", [row["weather"] for _, row in sorted(match.rows_of("bkn_impulse_weather").items())]


def note_impulse_weather(match) -> None:
    """18.41: record the weather of each impulse-track space the marker enters."""
    impulse, weather = board(match).day["impulse"], board(match).day["weather"]
    if (impulse,) not in match.rows_of("bkn_impulse_weather"):
        match.insert("bkn_impulse_weather", {"impulse": impulse, "weather": weather})


def clear_impulse_weather(match) -> None:
    for (impulse,) in sorted(match.rows_of("bkn_impulse_weather")):
        match.delete("bkn_impulse_weather", {"impulse": impulse})


def german_depot_areas(match, from_contested: bool = False) -> list[str]:
    """12.6: the German-controlled zones (the sources, 14.1) and the free German areas joined to
    one by German free areas; 12.5: a contested source takes depots only in itself, so the paths
    start from free zones (with ``from_contested``, from contested ones too)."""
    b = board(match)
    zones = {s for s, a in b.areas.items() if a.is_zone and a.controlled_by(GERMAN)}
    starts = [s for s in sorted(zones) if from_contested or b.areas[s].free(GERMAN)]
    return sorted(zones | flood(b, starts, GERMAN, lambda area: area.is_map_area and area.free(GERMAN)))


def crossable(b, kind: str, name: str | None, side: str) -> bool:
    """12.5: clear borders and zone arrows; rivers and water obstacles only by a friendly-held bridge."""
    if kind == "bridge":
        return b.bridges[name]["state"] == side
    return kind in ("clear", "arrow")


def flood(b, starts: Iterable[str], side: str, enters: Callable[[Any], bool]) -> set[str]:
    """12.5: the spaces reached from ``starts`` through spaces that ``enters`` admits, each step
    ``crossable`` for ``side`` (a start is in the result only when reached again)."""
    reached: set[str] = set()
    todo = list(starts)
    while todo:
        here = todo.pop()
        for nxt, (kind, name) in b.neighbours(here).items():
            if nxt not in reached and enters(b.areas[nxt]) and crossable(b, kind, name, side):
                reached.add(nxt)
                todo.append(nxt)
    return reached


# === 12.7, 24.2-24.4 ALLIED DEPOTS ==============================================================


def land_beach_depots(match) -> None:
    """12.7: each beach lands its depots of 10 SP (less 1 per Fresh battery in or next to it);
    24.6D: a storm halves the 10 on its first day and takes 2 more each further day; 24.6B: no
    Mulberry works in a storm."""
    b = board(match)
    c = chart(match)
    size = beach_sp(match, base=c["beach_depot_sp"])  # 24.6D
    mulberries = not storm_blows(match)  # 24.6B: 「嵐の間はどちらのマルベリーも使用できない」
    for beach in beaches(match):
        area = b.areas[beach["area_id"]]
        mulberry = mulberries and beach["mulberry"] and mulberry_working(match, beach["mulberry"])
        count = beach["depots_per_day"] + (1 if mulberry else 0)
        sp = max(0, size - c["battery_interdiction_sp"] * batteries_near(b, beach["area_id"]))
        # 12.7: a beach the Germans regained lands nothing until retaken; one never Allied but
        # contested lands its depots for the units on it (「どちらが支配しているかにかかわらず」)
        if area.controlled_by(GERMAN) and (
            not area.contested() or (area.space_id,) in match.rows_of("bkn_allied_held")
        ):
            continue
        if area.controlled_by(ALLIED) and area.controller != beach["nationality"]:  # 12.7: SP to the Reserve
            add_reserve(match, ALLIED, sp * count)
            continue
        for _ in range(count):
            add_depot(match, ALLIED, beach["nationality"], beach["area_id"], beach["beach"], sp)
    for port in working_ports(match):  # 24.2: minor ports supply US units only
        sp = max(0, c["minor_port_sp"] - c["battery_interdiction_sp"] * batteries_near(b, port["space_id"]))
        add_depot(match, ALLIED, "US", port["space_id"], port["name"], sp)


def batteries_near(b, space: str) -> int:
    """12.7, 19.4: Fresh German coastal batteries in or adjacent to the area."""
    spaces = [space, *b.neighbours(space)]
    return sum(
        1
        for s in spaces
        if s in b.areas
        for u in b.units_in(s, GERMAN)
        if u["type"] == "coastal" and u["status"] == "Fresh"
    )


def allied_depot_areas(match, depot: dict[str, Any]) -> list[str]:
    """12.7: free areas of the depot's nation traced from its uncontested beach, friendly bridges only."""
    b = board(match)
    start = b.areas[depot["space_id"]]
    if start.contested():
        return []

    def enters(area) -> bool:
        return area.kind == "area" and area.free(ALLIED) and area.controller == depot["nationality"]

    return sorted(flood(b, [depot["space_id"]], ALLIED, enters) - {depot["space_id"]})


def add_reserve(match, side: str, sp: int) -> None:
    """12.53: SP into the side's Reserve (the Supply Track)."""
    if sp:
        match.set("bkn_supply", {"side": side}, reserve=match.rows_of("bkn_supply")[(side,)]["reserve"] + sp)


def reserve(match, side: str) -> int:
    row = match.rows_of("bkn_supply").get((side,))
    return int(row["reserve"] or 0) if row else 0


# === 24.2-24.4 PORTS AND MULBERRIES (extended game) =============================================


def working_ports(match) -> list[dict[str, Any]]:
    """24.2, 24.4: minor ports whose 10-day delay has run, while Allied-controlled."""
    if not is_extended(match):
        return []
    b, turn = board(match), match.clock.turn
    return [
        {"space_id": what, "name": b.areas[what].name}
        for (kind, what), timer in sorted(match.rows_of("bkn_port_timer").items())
        if kind == "port" and timer["due_turn"] <= turn and not timer["removed"] and what in b.areas
        if b.areas[what].controlled_by(ALLIED)
    ]


def mulberry_working(match, mulberry: str) -> bool:
    """24.3: a Mulberry works from its due day until removed (never to return, 24.4)."""
    if not is_extended(match):
        return False
    timer = match.rows_of("bkn_port_timer").get(("mulberry", mulberry))
    return timer is not None and timer["due_turn"] <= match.clock.turn and not timer["removed"]


def update_port_timers(match) -> None:
    """24.2-24.4, each Refit phase: start delays, delay contested ones, remove captured ones."""
    if not is_extended(match):
        return
    b = board(match)
    c = chart(match)
    turn = match.clock.turn
    timers = match.rows_of("bkn_port_timer")
    places = [("port", area, area, c["port_delay_days"]) for area in ports(match, "minor")]
    places += sorted(
        ("mulberry", r["mulberry"], r["area_id"], c["mulberry_delay_days"])
        for r in beaches(match)
        if r["mulberry"] is not None
    )
    for kind, what, space, delay in places:
        area = b.areas[space]
        timer = timers.get((kind, what))
        if timer is None:
            if not area.controlled_by(ALLIED):
                continue
            # 24.2, 24.3: ten days after the Allies first control it; 24.4 then applies at once
            timer = {"kind": kind, "what": what, "due_turn": turn + delay, "removed": False}
            match.insert("bkn_port_timer", timer)
        if timer["removed"]:
            continue
        if area.controlled_by(GERMAN) and not area.contested():
            if kind == "port":  # 24.4: a recaptured port starts afresh when retaken
                match.delete("bkn_port_timer", {"kind": kind, "what": what})
            elif timer["due_turn"] <= turn:  # 24.4: a removed Mulberry never returns
                match.set("bkn_port_timer", {"kind": kind, "what": what}, removed=True)
        elif area.contested() and timer["due_turn"] > turn:  # 24.4: a contested one is one day later
            match.set("bkn_port_timer", {"kind": kind, "what": what}, due_turn=timer["due_turn"] + 1)
