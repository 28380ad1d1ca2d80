"""The board as the rules read it: areas with control and occupants, links, bridges, units.

One snapshot per state change (7.3-7.6): every legality check and bot choice of that
state reads the same few set queries, never a query per unit or per area.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..scenarios import ALLIED, GERMAN

POINT_TYPES = ("infantry", "armour")  # 8.35: only infantry and armour lead into enemy areas
LADDER = ("Fresh", "Spent", "Dis1", "Dis2", "eliminated")  # 12.2


def enemy_of(side: str) -> str:
    return ALLIED if side == GERMAN else GERMAN


def side_of_controller(controller: str | None) -> str:
    """7.3: every area is controlled by Germany, the US or Britain."""
    return GERMAN if controller in (None, "DE") else ALLIED


def national_group(nationality: str) -> str:
    """4.1: Canadian units count as British for every rule."""
    return "UK" if nationality in ("UK", "CAN") else nationality


@dataclass
class Area:
    space_id: str
    name: str
    kind: str
    terrain: str
    zone: str | None
    vp: int
    tem: int
    bocage: bool
    beach: str | None
    naval_colour: str | None
    controller: str
    units: dict[str, list[str]] = field(default_factory=lambda: {GERMAN: [], ALLIED: []})

    @property
    def is_zone(self) -> bool:
        return self.terrain == "zone"

    @property
    def is_map_area(self) -> bool:
        """One of the map's numbered areas (3.2): neither a zone nor a box."""
        return self.kind == "area" and not self.is_zone

    @property
    def is_box(self) -> bool:
        """An approach or offshore box (3.4, 3.5): off the map. Zones are areas (14.1)."""
        return self.kind == "box"

    def count(self, side: str) -> int:
        return len(self.units[side])

    def contested(self) -> bool:
        """7.4: units of both sides are in the area."""
        return bool(self.units[GERMAN]) and bool(self.units[ALLIED])

    def vacant(self, side: str) -> bool:
        """7.5: no enemy units, whoever controls it."""
        return not self.units[enemy_of(side)]

    def controlled_by(self, side: str) -> bool:
        return side_of_controller(self.controller) == side

    def free(self, side: str) -> bool:
        """7.6: vacant for the side and controlled by it."""
        return self.vacant(side) and self.controlled_by(side)


# The columns of a unit as the rules read it: unit_state's, then its per-impulse facts
# (bkn_unit_state) with their defaults for a unit that has no row there.
UNIT_STATE_COLUMNS = ("unit_id", "space_id", "side", "status", "mp", "moved", "attacked")
IMPULSE_DEFAULTS = {
    "eligible": False,
    "came_from": None,
    "entered": None,
    "pending": False,
    "forced": False,
    "crossing": 0,
    "areas": 0,
    "supported": 0,
    "stopped": None,
}
# Everything the board reads that play changes: it is rebuilt when one of them has changed.
BOARD_TABLES = ("space_control", "link_state", "unit_state", "bkn_unit_state", "bkn_attacked", "bkn_day", "bkn_traffic")


def state_rows(match, tables: tuple[str, ...], sql: str, params: list[Any]) -> list[dict[str, Any]]:
    """Rows of ``sql``, read again only when one of ``tables`` (all it reads) has changed.

    The ledger versions each state table (a rollback changes them all), so a question
    asked in many states reads the store once per change of what it depends on.
    """
    return match.state_rows(tables, sql, params)


def versions(match, tables: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """The versions of the state ``tables``: what a value derived from them alone is keyed on."""
    return tuple(match.ledger.version_of(t) for t in tables)


class Board:
    """A snapshot of the map and units, for the state of the tables it reads (BOARD_TABLES).

    Built from the rows the ledger keeps (``match.rows_of``: a single-row change costs no
    query); each part is built again only when its own tables changed, so a new activation
    (bkn_day) re-reads neither the units nor the control.
    """

    def __init__(self, match) -> None:
        static = _static(match)
        self.match = match
        self.links = static["links"]
        self.areas, self.units = match.derived(
            "bkn-board units",
            versions(match, ("space_control", "unit_state", "bkn_unit_state")),
            lambda: _areas_and_units(match, static),
        )
        self.link_states, self.bridges = match.derived(
            "bkn-board bridges", versions(match, ("link_state",)), lambda: _link_states(match, static)
        )  # 20.1: bridges german, allied or destroyed; 8.511: river borders held
        attacked = match.rows_of("bkn_attacked")
        self.attacked = {space for (space,) in attacked}
        self.attacked_again = {space for (space,), row in attacked.items() if row["second"]}  # 11.4: second half
        self.day = dict(match.rows_of("bkn_day")[()])
        self.traffic = {bridge: row["crossings"] for (bridge,), row in match.rows_of("bkn_traffic").items()}

    # --- questions ----------------------------------------------------------------

    def units_in(self, space: str, side: str) -> list[dict[str, Any]]:
        return [self.units[u] for u in self.areas[space].units[side]]

    def fresh_enemies(self, space: str, side: str) -> list[dict[str, Any]]:
        return [u for u in self.units_in(space, enemy_of(side)) if u["status"] == "Fresh"]

    def bridge(self, a: str, b: str) -> dict[str, Any] | None:
        kind, name = self.links.get(a, {}).get(b, (None, None))
        return self.bridges.get(name) if kind == "bridge" else None

    def enemy_held_crossing(self, side: str, here: str, dest: str) -> str | None:
        """8.37: the enemy-held bridge, or enemy-held unbridged river, between ``here`` and ``dest``
        (its name), or None. A river is German-held until a side takes it (8.511)."""
        kind, name = self.neighbours(here).get(dest, ("", None))
        if kind == "bridge" and self.bridges[name]["state"] == enemy_of(side):
            return f"the {enemy_of(side)}-held {self.bridges[name]['name']}"
        if kind == "river" and self.link_states.get((here, dest), "held-german") != f"held-{side}":
            return f"the enemy-held river {here}-{dest}"
        return None

    def neighbours(self, space: str) -> dict[str, tuple[str, str | None]]:
        return self.links.get(space, {})


def _static(match) -> dict[str, Any]:
    """The map, bridges and counters: read once per match (they never change)."""
    cached = getattr(match, "_bkn_static", None)
    if cached is not None:
        return cached
    gid = match.match_id
    areas = {
        row["space_id"]: row
        for row in match.rows(
            """SELECT s.space_id, s.name, s.kind, s.terrain, s.zone, s.vp, coalesce(a.tem, 0) AS tem,
                      coalesce(a.bocage, FALSE) AS bocage, a.beach, a.naval_colour
               FROM space s LEFT JOIN bkn_area a ON a.match_id = s.match_id AND a.area_id = s.space_id
               WHERE s.match_id = ? ORDER BY s.space_id""",
            [gid],
        )
    }
    bridges = {
        row["bridge_id"]: row
        for row in match.rows(
            "SELECT bridge_id, a, b, name, border, initial_state FROM bkn_bridge WHERE match_id = ?", [gid]
        )
    }
    links: dict[str, dict[str, tuple[str, str | None]]] = {}
    for a, b, kind, name in match.con.execute(
        "SELECT a, b, kind, name FROM link WHERE match_id = ? ORDER BY a, b", [gid]
    ).fetchall():
        links.setdefault(a, {})[b] = ("bridge", name) if name in bridges else (kind, name)  # 3.24
    units = {
        row.pop("unit_id"): row
        for row in match.rows(
            """SELECT u.unit_id, u.nationality, u.attack, u.defense, u.movement, u.size, u.name,
                      bu.ss, bu.division, bu.type, bu.subtype, bu.art_kind, bu.spent_defense
               FROM unit u JOIN bkn_unit bu ON bu.match_id = u.match_id AND bu.unit_id = u.unit_id
               WHERE u.match_id = ?""",
            [gid],
        )
    }
    costs = {
        code: 99 if mf == "all" else int(mf)
        for code, mf in match.con.execute("SELECT code, mf FROM bkn_movement_cost WHERE match_id = ?", [gid]).fetchall()
        if mf and (mf == "all" or mf.isdigit())
    }
    cached = {"areas": areas, "links": links, "bridges": bridges, "units": units, "costs": costs}
    match._bkn_static = cached
    return cached


def _areas_and_units(match, static: dict[str, Any]) -> tuple[dict[str, Area], dict[str, dict[str, Any]]]:
    """7.3-7.6: every space with its controller and occupants; the units on the map or in a
    box (never the eliminated), by id in id order, each with its counter's printed values."""
    control = {space: row["controller"] for (space,), row in match.rows_of("space_control").items()}
    areas = {sid: Area(**row, controller=control.get(sid, "DE")) for sid, row in static["areas"].items()}
    impulse = match.rows_of("bkn_unit_state")
    # a unit's row is built again only when its kept rows changed (the ledger gives a changed row anew)
    built: dict[tuple[str], tuple[Any, Any, dict[str, Any]]] = match.derived("bkn-board unit rows", (), dict)
    units: dict[str, dict[str, Any]] = {}
    for key, state in sorted(match.rows_of("unit_state").items()):
        if state["status"] == "eliminated":
            continue
        facts = impulse.get(key)
        kept = built.get(key)
        if kept is None or kept[0] is not state or kept[1] is not facts:
            kept = built[key] = (state, facts, _unit_row(state, facts, static["units"][state["unit_id"]]))
        row = kept[2]
        units[row["unit_id"]] = row
        if row["space_id"] in areas:
            areas[row["space_id"]].units[row["side"]].append(row["unit_id"])
    return areas, units


def _unit_row(state: dict[str, Any], facts: dict[str, Any] | None, printed: dict[str, Any]) -> dict[str, Any]:
    """A unit as the rules read it: its state, this impulse's facts (defaults without a row), its counter."""
    facts = facts or IMPULSE_DEFAULTS
    return {
        **{c: state[c] for c in UNIT_STATE_COLUMNS},
        **{c: default if facts[c] is None else facts[c] for c, default in IMPULSE_DEFAULTS.items()},
        **printed,
    }


def _link_states(match, static: dict[str, Any]) -> tuple[dict[tuple[str, str], str], dict[str, dict[str, Any]]]:
    """20.1, 8.511: the state of each border that has one, and each bridge with its state."""
    states = {(a, b): row["state"] for (a, b), row in match.rows_of("link_state").items()}
    bridges = static["bridges"]
    return states, {k: {**v, "state": states.get((v["a"], v["b"]), v["initial_state"])} for k, v in bridges.items()}


def board(match) -> Board:
    """The snapshot for the state it reads (BOARD_TABLES): rebuilt only when one of them changed
    (looked up again only when anything changed)."""
    return match.derived("bkn-board now", match.ledger.version, lambda: _board_of_tables(match))


def _board_of_tables(match) -> Board:
    return match.derived("bkn-board", versions(match, BOARD_TABLES), lambda: Board(match))


BRIDGE_LIMIT = 5  # 8.37, 20.1: units crossing one bridge per impulse or Regroup phase, both ways


def can_cross(b: Board, bridge_id: str) -> bool:
    return b.traffic.get(bridge_id, 0) < BRIDGE_LIMIT


def count_crossing(match, a: str, b_space: str) -> None:
    """8.37: one more unit crossed the bridge between ``a`` and ``b_space`` (if any)."""
    bridge = board(match).bridge(a, b_space)
    if bridge is not None and bridge["state"] != "destroyed":
        count_bridge(match, bridge["bridge_id"])


def count_bridge(match, bridge_id: str) -> None:
    """8.37, 20.1: one more unit crossed ``bridge_id`` this impulse or phase, whoever holds it."""
    n = board(match).traffic.get(bridge_id)
    if n is None:
        match.insert("bkn_traffic", {"bridge_id": bridge_id, "crossings": 1})
    else:
        match.set("bkn_traffic", {"bridge_id": bridge_id}, crossings=n + 1)


def clear_traffic(match) -> None:
    for bridge_id in sorted(board(match).traffic):
        match.delete("bkn_traffic", {"bridge_id": bridge_id})
