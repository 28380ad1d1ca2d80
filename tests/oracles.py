"""Plain-Python oracles for the shared rule queries of schema/rules/*.sql.

They share no code with the SQL path: adjacency comes from axial coordinates (never from
``link``), and reach and paths are each their own Dijkstra. The Hypothesis tests in
tests/engine/test_rule_queries.py check that both always agree; scripts/bench.py times them.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from boards import Board, Unit

NEIGHBOUR_DELTAS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
CLEAR_BORDER = (0, True, False)  # extra_cost, passable, blocks_zoc of a kind without a rule
RIGID_ZOC = (True, True, False)  # must_stop, may_leave, zoc_to_zoc without a zoc_rule row

# Refusal codes, in the order a refusal names them (see schema/rules/reach.sql).
ENEMY_OCCUPIED, IMPASSABLE, ENTRY_RULE, MAY_NOT_LEAVE, STOPPED_IN_ZOC = range(1, 6)
PROHIBITED_BORDER, ZOC_TO_ZOC, TOO_FAR = range(6, 9)
REFUSAL_TOPIC = {
    ENEMY_OCCUPIED: "move.enemy-occupied", IMPASSABLE: "move.prohibited", MAY_NOT_LEAVE: "zoc.leave",
    STOPPED_IN_ZOC: "zoc.stop", PROHIBITED_BORDER: "move.prohibited", ZOC_TO_ZOC: "zoc.to-zoc",
    TOO_FAR: "move.cost",
}  # fmt: skip


@dataclass(frozen=True)
class Ruling:
    """What a unit may do about one space: the rows movement-reach returns, minus the prose."""

    legal: bool
    cost: int | None
    path_via: str | None
    rule: str
    by_unit: str | None
    by_space: str | None


@dataclass(frozen=True)
class _MoveContext:
    """What a side's movement depends on besides the unit: enemy ZOC, hostile units, zoc_rule."""

    side: str
    zoc: dict[str, tuple[str, str]]  # space -> (lowest projecting unit, its space)
    hostile: dict[str, str]  # space -> lowest hostile unit there
    must_stop: bool
    may_leave: bool
    zoc_to_zoc: bool


class Oracle:
    """The rules of one generated board, worked out by hand."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.space_at = {(q, r): space for space, (q, r, _, _) in board.hexes.items()}

    # --- geometry -------------------------------------------------------------------------

    def distance(self, a: str, b: str) -> int:
        (qa, ra, _, _), (qb, rb, _, _) = self.board.hexes[a], self.board.hexes[b]
        dx, dz = qa - qb, ra - rb
        return max(abs(dx), abs(dz), abs(dx + dz))

    def neighbours(self, space: str) -> Iterator[tuple[str, str]]:
        """(neighbour, border kind) for each hex next to ``space`` (or area, on an area map)."""
        if self.board.adjacency:
            yield from self.board.adjacency.get(space, {}).items()
            return
        q, r = self.board.hexes[space][:2]
        for dq, dr in NEIGHBOUR_DELTAS:
            other = self.space_at.get((q + dq, r + dr))
            if other is not None:
                yield other, self.board.borders.get(frozenset((space, other)), "clear")

    def border(self, kind: str) -> tuple[int, bool, bool]:
        return self.board.border_rule.get(kind, CLEAR_BORDER)

    def enter_cost(self, space: str) -> int | None:
        return self.board.terrain_cost.get(self.board.hexes[space][2])

    def rule(self, topic: str) -> str:
        return self.board.rule_ref.get(topic, topic)

    # --- units ----------------------------------------------------------------------------

    def on_map(self, side: str | None = None) -> list[Unit]:
        return [
            u for u in self.board.units
            if u.status != "eliminated" and u.space_id in self.board.hexes and side in (None, u.side)
        ]  # fmt: skip

    def hostile_units(self, side: str) -> dict[str, str]:
        """Space -> lowest id of a unit there that is hostile to ``side``."""
        found: dict[str, str] = {}
        for u in self.on_map():
            may_attack, exerts = self.board.hostility.get((side, u.side), (False, False))
            if (may_attack or exerts) and u.unit_id < found.get(u.space_id, "~"):
                found[u.space_id] = u.unit_id
        return found

    # --- zoc ------------------------------------------------------------------------------

    def enemy_zoc(self, side: str) -> set[tuple[str, str, str, str]]:
        """(space, projecting unit, its space, its side) for every enemy ZOC on ``side``."""
        zoc = set()
        for u in self.on_map():
            if not self.board.hostility.get((side, u.side), (False, False))[1]:
                continue
            for other, kind in self.neighbours(u.space_id):
                if not self.border(kind)[2] and self.enter_cost(other) is not None:
                    zoc.add((other, u.unit_id, u.space_id, u.side))
        return zoc

    def zoc_by_space(self, side: str) -> dict[str, tuple[str, str]]:
        """Space -> (lowest projecting unit, its space)."""
        found: dict[str, tuple[str, str]] = {}
        for space, unit, origin, _ in self.enemy_zoc(side):
            if space not in found or unit < found[space][0]:
                found[space] = (unit, origin)
        return found

    # --- movement -------------------------------------------------------------------------

    def barred(self, side: str, nationality: str, space: str) -> str | None:
        """The lowest entry_rule that bars units of side and nationality from ``space``."""
        rules = [
            rule for s, nat, attr, value, negate, rule in self.board.entry_rules
            if s == side and nat in ("*", nationality) and (self.attribute(space, attr) == value) != negate
        ]  # fmt: skip
        return min(rules) if rules else None

    def attribute(self, space: str, attr: str) -> str | None:
        """The attribute of ``space`` that an entry rule tests: its zone, region or own id."""
        if attr == "zone":
            return self.board.hexes[space][3]
        return self.board.regions.get(space) if attr == "region" else space

    def reach(self, side: str) -> dict[tuple[str, str], Ruling]:
        """(unit, space) -> ruling, for every unit of ``side`` with mp > 0 on the map."""
        context = _MoveContext(side, self.zoc_by_space(side), self.hostile_units(side),
                               *self.board.zoc_rule.get(side, RIGID_ZOC))  # fmt: skip
        out: dict[tuple[str, str], Ruling] = {}
        for unit in self.on_map(side):
            if unit.mp > 0:
                out.update(self._unit_reach(context, unit))
        return out

    def _unit_reach(self, ctx: _MoveContext, unit: Unit) -> dict[tuple[str, str], Ruling]:
        start = unit.space_id
        best, via = {start: 0}, {start: None}
        heap = [(0, start)]
        while heap:
            cost, x = heapq.heappop(heap)
            if cost > best[x]:
                continue
            for y, kind in self.neighbours(x):
                code, total = self._step(ctx, unit, x, y, kind, cost)
                if code == 0 and total < best.get(y, total + 1):
                    best[y], via[y] = total, x
                    heapq.heappush(heap, (total, y))
        out = {}
        for space, cost in best.items():
            stops = space != start and space in ctx.zoc and ctx.must_stop
            topic = "zoc.stop" if stops else "move.cost"
            by = ctx.zoc[space] if stops else (None, None)
            out[unit.unit_id, space] = Ruling(True, cost, via[space], self.rule(topic), *by)
        refusals: dict[str, tuple[tuple[int, int, str], Ruling]] = {}
        for x, cost in best.items():
            for y, kind in self.neighbours(x):
                if y in best:
                    continue
                code, total = self._step(ctx, unit, x, y, kind, cost)
                key = (code, -1 if total is None else total, x)
                if y not in refusals or key < refusals[y][0]:
                    refusals[y] = (key, self._refusal(ctx, unit, x, y, code, total))
        out.update({(unit.unit_id, y): ruling for y, (_, ruling) in refusals.items()})
        return out

    def exits(self, side: str, spaces: list[str], nationalities: list[str]) -> dict[tuple[str, str], int | None]:
        """(space, nationality) -> the cheapest step a unit of ``side`` starting there could take
        out of it, whatever its movement points (None: no step open)."""
        context = _MoveContext(side, self.zoc_by_space(side), self.hostile_units(side),
                               *self.board.zoc_rule.get(side, RIGID_ZOC))  # fmt: skip
        found: dict[tuple[str, str], int | None] = {}
        for space in spaces:
            for nationality in nationalities:
                unit = Unit("?", "?", side, space, 10**6, "?", nationality, "ready")
                costs = [total for y, kind in self.neighbours(space)
                         for code, total in [self._step(context, unit, space, y, kind, 0)] if code == 0]  # fmt: skip
                found[space, nationality] = min(costs, default=None)
        return found

    def cheapest_predecessors(self, side: str) -> dict[tuple[str, str], set[str]]:
        """(unit, space) -> every space a cheapest move of the unit may enter it from (not its start)."""
        context = _MoveContext(side, self.zoc_by_space(side), self.hostile_units(side),
                               *self.board.zoc_rule.get(side, RIGID_ZOC))  # fmt: skip
        reach = self.reach(side)
        found: dict[tuple[str, str], set[str]] = defaultdict(set)
        for unit in self.on_map(side):
            best = {y: r.cost for (u, y), r in reach.items() if u == unit.unit_id and r.legal}
            for x, cost in best.items():
                for y, kind in self.neighbours(x):
                    code, total = self._step(context, unit, x, y, kind, cost)
                    if code == 0 and y != unit.space_id and total == best.get(y):
                        found[unit.unit_id, y].add(x)
        return found

    def _step(self, ctx: _MoveContext, unit: Unit, x: str, y: str, kind: str, cost_x: int) -> tuple[int, int | None]:
        """(refusal code, or 0 if allowed; total cost) of ``unit`` stepping from x into y."""
        enter, (extra, passable, _) = self.enter_cost(y), self.border(kind)
        total = None if enter is None else cost_x + enter + extra
        if y in ctx.hostile:
            return ENEMY_OCCUPIED, total
        if enter is None:
            return IMPASSABLE, total
        if self.board.entry_rules and self.barred(ctx.side, unit.nationality, y) is not None:
            return ENTRY_RULE, total
        if x == unit.space_id and x in ctx.zoc and not ctx.may_leave:
            return MAY_NOT_LEAVE, total
        if x != unit.space_id and x in ctx.zoc and ctx.must_stop:
            return STOPPED_IN_ZOC, total
        if not passable:
            return PROHIBITED_BORDER, total
        if x in ctx.zoc and y in ctx.zoc and not ctx.zoc_to_zoc:
            return ZOC_TO_ZOC, total
        return (TOO_FAR if total > unit.mp else 0), total

    def _refusal(self, ctx: _MoveContext, unit: Unit, x: str, y: str, code: int, total: int | None) -> Ruling:
        if code == ENTRY_RULE:
            rule = self.barred(ctx.side, unit.nationality, y) or ""
        else:
            rule = self.rule(REFUSAL_TOPIC[code])
        by: tuple[str | None, str | None] = (None, None)
        if code == ENEMY_OCCUPIED:
            by = (ctx.hostile[y], y)
        elif code in (MAY_NOT_LEAVE, STOPPED_IN_ZOC):
            by = ctx.zoc[x]
        elif code == ZOC_TO_ZOC:
            by = ctx.zoc[y]
        return Ruling(False, total if code == TOO_FAR else None, x, rule, *by)

    def step_cost(self, x: str, y: str) -> int | None:
        """Movement cost of the step x -> y ignoring units (None if not allowed)."""
        kind = dict(self.neighbours(x)).get(y)
        enter = self.enter_cost(y)
        if kind is None or enter is None or not self.border(kind)[1]:
            return None
        return enter + self.border(kind)[0]

    # --- paths ----------------------------------------------------------------------------

    def path_rule(self, side: str) -> tuple[bool, str, int | None, bool]:
        """(blocked_by_enemy_zoc, rule, occupied_cost, from_own_space); no row: the defaults."""
        return self.board.path_rule.get(side, (False, "", None, False))

    def path_blocks(self, side: str) -> dict[str, tuple[str | None, str, str]]:
        """Space -> (blocking unit, its space, what) for every space a path of ``side`` avoids."""
        hostile = self.hostile_units(side)
        blocks_zoc, _, occupied_cost, _ = self.path_rule(side)
        blocked: dict[str, tuple[str | None, str, str]] = {}
        if occupied_cost is None:
            blocked = {space: (unit, space, "enemy unit") for space, unit in hostile.items()}
        if blocks_zoc:
            friendly = {u.space_id for u in self.on_map(side)}
            for space, (unit, origin) in self.zoc_by_space(side).items():
                if space not in friendly and space not in hostile:
                    blocked[space] = (unit, origin, "enemy ZOC")
        for space, controller in self.board.control.items():
            found, cost = self.path_row(side, "control", controller)
            if space not in blocked and found and cost is None:
                blocked[space] = (None, space, f"{controller} control")
        return blocked

    def path_row(self, side: str, applies_to: str, kind: str, state: str = "*") -> tuple[bool, int | None]:
        """(a path_cost row exists, its cost)."""
        row = self.board.path_cost.get((side, applies_to, kind, state))
        return (row is not None, row[0] if row else None)

    def border_price(self, side: str, x: str, y: str, kind: str, *, end: bool) -> int | None:
        """The border x -> y: its link state's row, else its '*' row ('end-border' first at a path's end)."""
        state = self.board.link_state.get((x, y))
        for applies_to in ("end-border", "border") if end else ("border",):
            for key in ((state,) if state else ()) + ("*",):
                found, cost = self.path_row(side, applies_to, kind, key)
                if found:
                    return cost
        return 0

    def path_ends(self, side: str, source: str | None) -> set[str]:
        return {source} if source else {s for (sd, s) in self.board.path_source if sd == side}

    def path_step(
        self, side: str, x: str, y: str, *, end: bool = False, source: str | None = None, ctx: tuple | None = None
    ) -> int | None:
        """Cost of the path step x -> y (None: barred); ``end``: out of the unit's own space.

        Passing y is charged unless y is ``source`` (or, without one, any source of the side).
        ``ctx`` is (ends, hostile spaces), worked out once by the callers that step a lot.
        """
        ends, hostile = ctx or (self.path_ends(side, source), self.hostile_units(side))
        kind = dict(self.neighbours(x))[y]
        border = self.border_price(side, x, y, kind, end=end)
        terrain_found, terrain = self.path_row(side, "terrain", self.board.hexes[y][2])
        control = self.path_row(side, "control", self.board.control[y])[1] if y in self.board.control else 0
        if border is None or (terrain_found and terrain is None):
            return None
        passing = (self.path_rule(side)[2] or 0) if y in hostile and y not in ends else 0
        return border + (terrain or 0) + (control or 0) + passing

    def path_distances(self, side: str, source: str | None = None) -> dict[str, int]:
        """Least path cost from every open space to ``source`` (or any source) of ``side``: reverse Dijkstra."""
        blocked = self.path_blocks(side)
        ctx = (self.path_ends(side, source), self.hostile_units(side))
        best = {s: 0 for s in ctx[0] if s not in blocked}
        heap = [(0, s) for s in best]
        heapq.heapify(heap)
        while heap:
            cost, y = heapq.heappop(heap)
            if cost > best[y]:
                continue
            for x, _ in self.neighbours(y):
                step = None if x in blocked else self.path_step(side, x, y, ctx=ctx)
                if step is not None and cost + step < best.get(x, cost + step + 1):
                    best[x] = cost + step
                    heapq.heappush(heap, (cost + step, x))
        return best

    def path_from(
        self, side: str, space: str, best: dict[str, int], source: str | None = None, ctx: tuple | None = None
    ) -> int | None:
        """A unit's path cost from ``space``: 0 on a source, else its best end step and the rest."""
        ctx = ctx or (self.path_ends(side, source), self.hostile_units(side))
        if space in ctx[0]:
            return 0
        costs = [
            step + best[y]
            for y, _ in self.neighbours(space)
            if y in best and (step := self.path_step(side, space, y, end=True, ctx=ctx)) is not None
        ]
        return min(costs, default=None)

    def may_start(self, side: str, space: str, blocked: dict[str, tuple[str | None, str, str]]) -> bool:
        return space not in blocked or self.path_rule(side)[3]

    def cheapest_paths(self, side: str) -> dict[str, tuple[int | None, str | None, str | None]]:
        """Unit -> (cost, blocking unit, first blocked neighbour) for every unit of ``side`` on the map."""
        best = self.path_distances(side)
        blocked = self.path_blocks(side)
        ctx = (self.path_ends(side, None), self.hostile_units(side))
        out = {}
        for u in self.on_map(side):
            starts = self.may_start(side, u.space_id, blocked)
            cost = self.path_from(side, u.space_id, best, ctx=ctx) if starts else None
            if cost is not None:
                out[u.unit_id] = (cost, None, None)
                continue
            walls = sorted(y for y, _ in self.neighbours(u.space_id) if y in blocked)
            out[u.unit_id] = (None, blocked[walls[0]][0], walls[0]) if walls else (None, None, None)
        return out

    def source_paths(self, side: str) -> dict[tuple[str, str], int]:
        """(space, source) -> least path cost from that space, for every pair of ``side`` with a path."""
        blocked = self.path_blocks(side)
        hostile = self.hostile_units(side)
        out = {}
        for source in sorted({s for (sd, s) in self.board.path_source if sd == side}):
            best = self.path_distances(side, source)
            for space in self.board.hexes:
                if self.may_start(side, space, blocked):
                    cost = self.path_from(side, space, best, source, ctx=({source}, hostile))
                    if cost is not None:
                        out[space, source] = cost
        return out

    # --- stacking -------------------------------------------------------------------------

    def stacking_audit(self, side: str) -> set[tuple[str, tuple[str, ...], int, int, str, str]]:
        """(space, units, count, limit, size, rule) for every overstacked space of ``side``."""
        limits: dict[str, tuple[int, str]] = {}
        for (s, size), value in sorted(self.board.stacking.items(), key=lambda kv: kv[0][0] != "*"):
            if s in ("*", side):
                limits[size] = value  # the side's own rule, sorted last, overrides '*'
        stacks: dict[str, list[Unit]] = defaultdict(list)
        for u in self.on_map(side):
            stacks[u.space_id].append(u)
        found = set()
        for space, units in stacks.items():
            for size, (limit, rule) in limits.items():
                counted = tuple(sorted(u.unit_id for u in units if size in ("*", u.size)))
                if len(counted) > limit:
                    found.add((space, counted, len(counted), limit, size, rule))
        return found
