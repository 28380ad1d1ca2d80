"""Why a move is refused (5.0–5.5, 4.0–4.3): the reach query's own refusal row for the hex
asked, read so that the refusal names the rule that really forbids the move.

The shared ``movement-reach`` query names one refusal for each hex next to a unit's reach.
Two of its answers need a word from the game: a hex "too far" (the query's last reason) is
beyond the movement allowance (5.0) when it lies more hexes away than the unit has MP, and
otherwise too far because of what the path costs (5.1, the TEC); and a hex further out has
no row at all, so the hex itself is asked why (an enemy in it, 5.2; impassable, 5.1; barred
by an entry rule, 5.41–5.52) before it is called beyond the allowance.
"""

from __future__ import annotations

from typing import Any

from ..board import enterable, passable_neighbours
from .boundary import banned
from .positions import enemy_zoc
from .units import all_units, label


def refusal(match, unit: dict[str, Any], dest: str, rows: list[dict[str, Any]]):
    """The refusal of ``unit``'s move to ``dest``, from the unit's reach ``rows``."""
    if dest == unit["space_id"]:
        return match.violation(f"{label(unit)} is in {dest} already: a move enters another hex", "5.1")
    own = [r for r in rows if r["space_id"] == dest and not r["legal"]]
    if not own or own[0]["rule"] == match.rule("zoc.stop"):
        direct = _zoc_to_zoc(match, unit, dest)
        if direct is not None:
            return direct
    if own and own[0]["cost"] is not None:  # only the query's "too far" refusal has a cost
        return _too_far(match, unit, dest, own)
    if own:
        return match.violation(f"{label(unit)} cannot enter {dest}: {own[0]['reason']}", own[0]["rule"], own)
    return _beyond_reach(match, unit, dest)


def _too_far(match, unit: dict[str, Any], dest: str, own: list[dict[str, Any]]):
    """5.0 beyond the allowance whatever the terrain, or 5.1 the path's costs (TEC)."""
    away = hexes_apart(match, unit["space_id"], dest)
    reason = own[0]["reason"]
    if away is not None and away > unit["mp"]:  # 5.0 within the unit's movement allowance
        return match.violation(
            f"{label(unit)} cannot enter {dest}: {reason}; it is {_hexes(away)} away, beyond its {unit['mp']} MP",
            match.rule("move.allowance"),
            own,
        )
    return match.violation(
        f"{label(unit)} cannot enter {dest}: {reason}; it is {_hexes(away)} away, but the terrain and hexsides "
        "on the way cost more (TEC)",
        match.rule("move.cost"),
        own,
    )


def _beyond_reach(match, unit: dict[str, Any], dest: str):
    """A hex with no reach row: what about the hex itself forbids it, in the query's order
    (5.2 an enemy in it, 5.1 impassable, an entry rule), else the allowance (5.0) or, when it
    is near enough, the paths to it (5.1)."""
    space = match.static("space", "space_id")[dest]
    if space["kind"] != "hex":
        return match.violation(f"{label(unit)} cannot enter {dest}: it is off the map", match.rule("move.allowance"))
    enemy = _enemy_in(match, unit, dest)
    if enemy is not None:
        return match.violation(
            f"{label(unit)} cannot enter {dest}: it is occupied by enemy unit {enemy}",
            match.rule("move.enemy-occupied"),
        )
    if not enterable(match, dest):
        return match.violation(f"{label(unit)} cannot enter {dest}: it is impassable", match.rule("move.prohibited"))
    ban = banned(match, unit, dest)
    if ban is not None:
        return match.violation(f"{label(unit)} cannot enter {dest}: {ban['reason']}", ban["rule"], [ban])
    away, mp = hexes_apart(match, unit["space_id"], dest), unit["mp"]
    if away is None or away > mp:
        return match.violation(f"{label(unit)} cannot reach {dest} this phase: beyond its {mp} MP", "5.0")
    return match.violation(
        f"{label(unit)} cannot reach {dest} this phase: {dest} is {_hexes(away)} away, but no path it may take "
        f"there costs {mp} MP or less",
        match.rule("move.cost"),
    )


def hexes_apart(match, a: str, b: str) -> int | None:
    """The number of hexes from ``a`` to ``b`` (axial distance), None off the map."""
    board = match.static("space", "space_id")
    qa, ra, qb, rb = board[a]["q"], board[a]["r"], board[b]["q"], board[b]["r"]
    if None in (qa, ra, qb, rb):
        return None
    dq, dr = int(qa - qb), int(ra - rb)
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _enemy_in(match, unit: dict[str, Any], dest: str) -> str | None:
    """The first unit in ``dest`` hostile to ``unit`` (may attack it or exerts ZOC on it)."""
    hostility = match.rows_of("hostility")
    for other_id, other in sorted(all_units(match).items()):
        row = hostility.get((unit["side"], other["side"]))
        if other["space_id"] == dest and row is not None and (row["may_attack"] or row["exerts_zoc"]):
            return other_id
    return None


def _zoc_to_zoc(match, unit: dict[str, Any], dest: str):
    """4.3: a unit in an enemy ZOC (where it began the phase: any other unit there has
    stopped, 4.0) may not step straight into a hex next to it in an enemy ZOC. The reach
    query names one refusal per hex, and for a hex next door it may name a detour that
    entered another ZOC (4.0); the player asked for the step, so the step is explained."""
    here = unit["space_id"]
    if dest not in passable_neighbours(match).get(here, ()):
        return None
    zoc: dict[str, dict[str, Any]] = {}
    for row in enemy_zoc(match, unit["side"]):
        zoc.setdefault(row["space_id"], row)
    if here not in zoc or dest not in zoc:
        return None
    return match.violation(
        f"{label(unit)} cannot enter {dest}: no ZOC to ZOC: it stands in the enemy ZOC at {here} "
        f"({zoc[here]['reason']}) and {dest} is in the enemy ZOC too ({zoc[dest]['reason']})",
        "4.3",
        [zoc[here], zoc[dest]],
    )


def _hexes(count: int) -> str:
    """``1 hex``, ``3 hexes``."""
    return f"{count} hex" if count == 1 else f"{count} hexes"
