"""Looking up units and their state, shared by the rule modules."""

from __future__ import annotations

from typing import Any

from phaseline import RuleViolation, UnknownName

_BFG_STATE = ("mp_factor", "frozen", "garrison")  # what a unit row carries of bfg_unit


def unit_row(match, unit_id: str) -> dict[str, Any]:
    """A unit with its printed values, state and BfG state; UnknownName if there is none."""
    return units_named(match, [unit_id])[0]


def units_named(match, unit_ids: list[str]) -> list[dict[str, Any]]:
    """The units named (in any case), as :func:`unit_row` gives them, in one query."""
    printed = match.static("unit", "unit_id")
    known = [unit_id if unit_id in printed else _by_upper(match).get(unit_id.upper()) for unit_id in unit_ids]
    for name, unit_id in zip(unit_ids, known, strict=True):
        if unit_id is None:
            raise UnknownName(f"no unit {name!r} in this match")
    units = all_units(match)
    for unit_id in known:
        if unit_id not in units:
            raise _not_in_play(match, unit_id)
    return [units[unit_id] for unit_id in known]


def _not_in_play(match, unit_id: str) -> RuleViolation:
    """Why an order may not name a printed unit that has no state in the match: its force is
    one the scenario does not use (14.0, 15.23: the set-up leaves it out), or the scenario's
    set-up places it nowhere."""
    printed = match.static("unit", "unit_id")[unit_id]
    left_out = match.scenario.settings.get("left_out")
    if printed["start"] is not None and left_out is not None:  # set up, yet of a force left out
        rule, why = left_out
        return match.violation(f"{label(printed)} is not in play: {why}", rule)
    return match.violation(f"{label(printed)} is not in play: the set-up places it nowhere", match.scenario.rule)


def _by_upper(match) -> dict[str, str]:
    """Unit ids by their upper-case spelling (read once per match)."""
    return match.derived("bfg unit ids by case", (), lambda: {u.upper(): u for u in match.static("unit", "unit_id")})


def all_units(match) -> dict[str, dict[str, Any]]:
    """Every unit in play, as :func:`unit_row` gives them: built again only when
    ``unit_state`` or ``bfg_unit`` changed (the ledger keeps both tables' rows)."""
    version = (match.ledger.version_of("unit_state"), match.ledger.version_of("bfg_unit"))
    return match.derived("bfg units", version, lambda: _units_now(match))


def _units_now(match) -> dict[str, dict[str, Any]]:
    """The unit's printed values (static) with its state, its BfG state and the zone, region
    and kind of its space (read-only: shared until the state changes). A unit whose two kept
    rows are the very rows of the last build (the ledger replaces only the rows it changes)
    keeps its merged row."""
    printed, board = match.static("unit", "unit_id"), match.static("space", "space_id")
    built: dict[str, tuple[Any, Any, dict[str, Any]]] = match.derived("bfg unit rows built", (), dict)
    extra = match.rows_of("bfg_unit")
    units = {}
    for (unit_id,), state in match.rows_of("unit_state").items():
        bfg = extra[(unit_id,)]
        last = built.get(unit_id)
        if last is not None and last[0] is state and last[1] is bfg:
            units[unit_id] = last[2]
            continue
        space = board[state["space_id"]]
        units[unit_id] = {
            **printed[unit_id],
            **state,
            **{c: bfg[c] for c in _BFG_STATE},
            "zone": space["zone"],
            "region": space["region"],
            "space_kind": space["kind"],
        }
        built[unit_id] = (state, bfg, units[unit_id])
    return units


def units_in(match, space_ids: list[str]) -> list[dict[str, Any]]:
    """Units standing in ``space_ids``, by unit id."""
    return [unit for unit_id, unit in sorted(all_units(match).items()) if unit["space_id"] in space_ids]


def theatre_of(unit: dict[str, Any]) -> str:
    """The theatre (``E`` or ``W``) a unit stands in: its hex's side of the boundary, or, in Berlin
    or off the map, its own force's (7.11, 9.2)."""
    return unit["zone"] if unit["zone"] in ("E", "W") else unit["side"][-1]


def label(unit: dict[str, Any]) -> str:
    """'US-XV (4-8-6)': how refusals name a unit."""
    return f"{unit['unit_id']} ({unit['attack']}-{unit['defense']}-{unit['movement']})"


def require_space(match, space_id: str) -> dict[str, Any]:
    space = match.static("space", "space_id").get(space_id)
    if space is None:
        raise UnknownName(f"no hex {space_id!r} on this map")
    return space
