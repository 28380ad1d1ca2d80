"""4.1 holding points and 3.4 the objective markers: the US holds a point where US ground units or
land aircraft stand, no Japanese ground unit or land aircraft does, and supply reaches it (11.4).
The markers (``fcn_point_state.held`` of each objective) and ``fcn_state.held`` follow every change;
under the ruling ``markers-at-supply-check`` a point's supply is the last supply check's (11.4)."""

from __future__ import annotations

from typing import Any

from phaseline.model import plays_ruling

from ..board import WEST_COAST
from . import sql
from .state import fcn_state, set_state, year


def holding(match) -> list[dict[str, Any]]:
    """Every point's holding and supply, with the reason (one query: fcn-holding)."""
    return sql.run(match, "fcn-holding", source=WEST_COAST)


def objectives_of(match, of_year: int) -> set[str]:
    """The objective points of ``of_year``'s set-up sheet (3.4)."""
    sql_text = "SELECT point_id FROM fcn_objective WHERE match_id = ? AND year = ?"
    return match.derived(
        ("fcn objectives", of_year),
        (),
        lambda: {r["point_id"] for r in match.rows(sql_text, [match.match_id, of_year])},
    )


def refresh(match) -> None:
    """Turn each objective marker blue or red as the US holds it or not (3.4, 4.1), and count them."""
    rows = holding(match)
    kept = match.rows_of("fcn_point_state")
    if plays_ruling(match, "markers-at-supply-check"):
        rows = [{**row, "held": _held_as_checked(row, kept.get((row["point_id"],)))} for row in rows]
    changed = [
        {"point_id": row["point_id"], "held": row["held"]}
        for row in rows
        if (row["point_id"],) in kept and kept[(row["point_id"],)]["held"] != row["held"]
    ]
    if changed:
        match.update_rows("fcn_point_state", changed)
    held = sum(1 for row in rows if row["objective"] and row["held"])
    if fcn_state(match)["held"] != held:
        set_state(match, held=held)


def _held_as_checked(row: dict[str, Any], kept: dict[str, Any] | None) -> bool:
    """4.1 read with the supply the last US supply check found (3.4: none yet at set-up, so by who
    stands there)."""
    return bool(row["us_units"] and not row["jp_units"] and not (kept and kept["cut_off"]))


def remember_supply(match, rows: list[dict[str, Any]]) -> None:
    """11.4 keep what this supply check found at each point, for the markers (``markers-at-supply-check``)."""
    if not plays_ruling(match, "markers-at-supply-check"):
        return
    kept = match.rows_of("fcn_point_state")
    changed = [
        {"point_id": row["point_id"], "cut_off": not row["supplied"]}
        for row in rows
        if (row["point_id"],) in kept and bool(kept[(row["point_id"],)]["cut_off"]) != (not row["supplied"])
    ]
    if changed:
        match.update_rows("fcn_point_state", changed)


def mark_objectives(match) -> None:
    """3.4 the year's objective markers on their points (every point gets its row)."""
    objectives = objectives_of(match, year(match))
    rows = [{"point_id": p, "objective": p in objectives} for p in match.static("fcn_point", "point_id")]
    kept = match.rows_of("fcn_point_state")
    new = [row for row in rows if (row["point_id"],) not in kept]
    if new:
        match.insert_many("fcn_point_state", new)
    old = [
        row for row in rows if (row["point_id"],) in kept and kept[(row["point_id"],)]["objective"] != row["objective"]
    ]
    if old:
        match.update_rows("fcn_point_state", old)
