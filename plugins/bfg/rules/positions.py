"""Shared rule queries whose answer depends only on where some sides' units stand and
whether they are in play: the enemy ZOC (4.0: the enemies' units) and the stacking audit
(5.3: the force's own units). Each answer is kept until one of those units comes, goes,
moves or changes sides (or hostility changes whom it names), so a question asked again
after other sides moved costs no query."""

from __future__ import annotations

from collections import Counter
from operator import itemgetter
from typing import Any, NamedTuple

from .units import all_units

POSITION_COLUMNS = ("space_id", "side", "status")
MAP_KINDS = ("hex", "area", "point")  # spaces on the map (the map_unit view's), not boxes


def on_map(unit: dict[str, Any]) -> bool:
    """Whether the ``map_unit`` view holds ``unit``: on a map space, not eliminated."""
    return unit["space_kind"] in MAP_KINDS and unit["status"] != "eliminated"


def positions_version(match) -> tuple[Any, ...]:
    """The version of where units stand, whose they are and whether in play."""
    return match.ledger.version_of("unit_state", *POSITION_COLUMNS), match.ledger.version_of("hostility")


def where_units_stand(match, sides: set[str]) -> tuple[tuple[str, str, str, str], ...]:
    """(unit, side, space, status) of every unit of ``sides``, in unit order: all that the
    ``enemy-zoc`` and ``stacking-audit`` queries read of the state besides static tables."""
    return tuple(
        (unit_id, unit["side"], unit["space_id"], unit["status"])
        for unit_id, unit in sorted(all_units(match).items())
        if unit["side"] in sides
    )


def enemy_zoc(match, side: str) -> list[dict[str, Any]]:
    """The ``enemy-zoc`` rows of ``side``'s enemies (4.0): the shared query's own evidence."""
    enemies = {enemy for (of, enemy), row in match.rows_of("hostility").items() if of == side and row["exerts_zoc"]}
    return match.derived(
        ("bfg enemy-zoc", side),
        where_units_stand(match, enemies),
        lambda: match.rules.run("enemy-zoc", side=side),
    )


def zoc_hexes(match, side: str) -> frozenset[str]:
    """The hexes in an enemy ZOC of ``side`` (4.0), kept while no unit comes, goes or moves."""
    return match.derived(
        ("bfg enemy-zoc hexes", side),
        positions_version(match),
        lambda: frozenset(row["space_id"] for row in enemy_zoc(match, side)),
    )


def stacking_audit(match, force: str) -> list[dict[str, Any]]:
    """The ``stacking-audit`` rows of ``force`` (5.3): hexes over a stacking limit."""
    return match.derived(
        ("bfg stacking-audit", force),
        where_units_stand(match, {force}),
        lambda: match.rules.run("stacking-audit", side=force),
    )


_NONE: Counter[str] = Counter()  # an empty hex (never changed)


class Limit(NamedTuple):
    """A row of ``stacking_rule`` as it binds one force: the size it counts ('*': all units),
    the most units allowed, and the game's rule number for it."""

    size: str
    most: int
    rule: str

    def counted(self, there: Counter[str]) -> int:
        """How many of the units ``there`` (by size) this limit counts."""
        return there.total() if self.size == "*" else there[self.size]


class Stacks:
    """Who of some forces stands where on the map, and each force's stacking limits (5.3):
    whether one more unit fits in a hex, as the ``stacking-audit`` query counts (units on the
    map, not eliminated; per size, the force's own stacking_rule row, else the '*' row).
    The one place Python asks the stacking rule: movement, retreats, replacements and the
    bot all read it here, and tests/games/bfg/test_05_movement.py holds it to the SQL audit."""

    def __init__(self, match, units: dict[str, dict[str, Any]], forces: set[str]) -> None:
        self.where: dict[str, str] = {}  # unit -> the hex it is counted in
        self.sizes: dict[tuple[str, str], Counter[str]] = {}  # (force, hex) -> its units there by size
        self.units: dict[tuple[str, str], list[str]] = {}  # (force, hex) -> its units there, in order
        # (force, size, hex, the unit already counted there) -> the limit broken: a movement
        # phase asks for each of a thousand destinations, about a tenth of them different
        self._broken: dict[tuple[str, str, str, bool], Limit | None] = {}
        for unit in sorted(units.values(), key=itemgetter("unit_id")):
            if unit["side"] in forces and on_map(unit):
                self._add(unit, unit["space_id"])
        self.limits: dict[str, list[Limit]] = {}  # force -> its limits
        for force in forces:
            self.limits[force] = [
                Limit(row["size"], row["max_units"], row["rule"])
                for row in match.state_rows(
                    (),
                    """SELECT size, max_units, rule FROM stacking_rule WHERE match_id = ? AND side IN (?, '*')
                       QUALIFY row_number() OVER (PARTITION BY size ORDER BY side = '*') = 1 ORDER BY size""",
                    [match.match_id, force],
                )
            ]

    def over(self, unit: dict[str, Any], dest: str) -> Limit | None:
        """The limit ``unit`` would break by ending in ``dest`` beside the units there (itself
        not counted), the per-size ones first (two Soviet Fronts); None when it fits."""
        asked = (unit["side"], unit["size"], dest, self.where.get(unit["unit_id"]) == dest)
        if asked not in self._broken:
            self._broken[asked] = self._first_broken(*asked)
        return self._broken[asked]

    def _first_broken(self, force: str, size: str, dest: str, counted: bool) -> Limit | None:
        return self._broken_beside(force, size, self.sizes.get((force, dest)) or _NONE, 1 if counted else 0)

    def _broken_beside(self, force: str, size: str, there: Counter[str], itself: int) -> Limit | None:
        broken = [
            limit
            for limit in self.limits.get(force, ())
            if limit.size in ("*", size) and limit.counted(there) - itself >= limit.most
        ]
        return min(broken, key=lambda limit: limit.size == "*", default=None)

    def full(self, force: str, size: str) -> frozenset[str] | None:
        """The hexes where a unit of ``force`` and ``size`` coming from another hex may not end
        (5.3), as :meth:`over` counts: those where it would break a limit. None when it would
        break one even in an empty hex (a limit of no units of its size): every hex is full."""
        if self._broken_beside(force, size, _NONE, 0) is not None:
            return None
        return frozenset(
            hex_id
            for (side, hex_id), there in self.sizes.items()
            if side == force and self._broken_beside(force, size, there, 0) is not None
        )

    def crowded(self, force: str) -> set[str]:
        """The hexes where ``force`` has more units than one of its limits allows: those the
        ``stacking-audit`` query names."""
        limits = self.limits[force]
        return {
            hex_id
            for (side, hex_id), there in self.sizes.items()
            if side == force and any(limit.counted(there) > limit.most for limit in limits)
        }

    def fits(self, unit: dict[str, Any], dest: str) -> bool:
        """Whether ``unit`` may end in ``dest`` beside the units there (itself not counted)."""
        return self.over(unit, dest) is None

    def friends(self, unit: dict[str, Any], dest: str) -> list[str]:
        """The units of ``unit``'s force counted in ``dest`` (itself left out), in order."""
        return sorted(u for u in self.units.get((unit["side"], dest), ()) if u != unit["unit_id"])

    def move(self, unit: dict[str, Any], dest: str) -> None:
        self._broken.clear()  # the counts change
        here = (unit["side"], self.where[unit["unit_id"]])
        self.sizes[here][unit["size"]] -= 1
        self.units[here].remove(unit["unit_id"])
        self._add(unit, dest)

    def _add(self, unit: dict[str, Any], hex_id: str) -> None:
        self.where[unit["unit_id"]] = hex_id
        self.sizes.setdefault((unit["side"], hex_id), Counter())[unit["size"]] += 1
        self.units.setdefault((unit["side"], hex_id), []).append(unit["unit_id"])
