"""The printed charts, tracks and counters (3.7, 3.8, 4.4, 9-12, 20): the static tables copied
when the match was created, read once per match and kept (``match.static``, ``match.derived``).

Every rule reads them here, never with a query of its own: a chart is data, and play never
changes it (DESIGN.md: read static tables once per match).
"""

from __future__ import annotations

from typing import Any


def turn_record(match, turn: int) -> dict[str, Any] | None:
    """3.7: ``turn``'s row of the turn record track (date, week, start weather, VP needed), if any."""
    return match.static("bkn_turn", "turn").get(turn)


def week_turns(match, week: int) -> list[int]:
    """3.7, 24.1: the turns of the record track's ``week``, in order."""
    return sorted(t for t, row in match.static("bkn_turn", "turn").items() if row["week"] == week)


def impulse_track(match) -> tuple[int | None, int | None]:
    """3.8: the lowest and highest value of the impulse track (None, None: no track)."""
    values = [row["value"] for row in match.static("bkn_impulse_track", "space").values() if row["value"] is not None]
    return (min(values), max(values)) if values else (None, None)


def last_impulse(match) -> int:
    """3.8: the last space of the impulse track (12 printed)."""
    return int(impulse_track(match)[1] or 12)


def combat_chart(match, table: str) -> dict[str, str]:
    """One table of the combat chart (tables/combat.csv, long form): its values by code."""

    def by_table() -> dict[str, dict[str, str]]:
        charts: dict[str, dict[str, str]] = {}
        for row in match.rows("SELECT tbl, code, value FROM bkn_combat WHERE match_id = ?", [match.match_id]):
            charts.setdefault(row["tbl"], {})[row["code"]] = row["value"]
        return charts

    return match.derived("bkn combat chart", (), by_table).get(table, {})


def victory_chart(match) -> list[dict[str, Any]]:
    """22: the VP chart's rows (item, area, VP), by item and area (an item of no area last)."""
    sql = "SELECT item, area_id, vp FROM bkn_victory WHERE match_id = ? ORDER BY item, area_id"
    return [dict(row) for row in match.derived("bkn victory chart", (), lambda: match.rows(sql, [match.match_id]))]


def beaches(match) -> list[dict[str, Any]]:
    """3.4, 12.7, 15, 24.3: the five beaches' rows, by beach name."""
    return [match.static("bkn_beach", "beach")[name] for name in sorted(match.static("bkn_beach", "beach"))]


def ports(match, kind: str) -> list[str]:
    """12.62, 24.2: the areas with a ``kind`` port ('major': Cherbourg, 'minor'), in id order."""
    return sorted(area for area, row in match.static("bkn_area", "area_id").items() if row["port"] == kind)


def markers(match) -> dict[str, dict[str, Any]]:
    """4.4: the bombardment markers' rows by id (every column), in id order."""
    return match.derived("bkn markers", (), lambda: dict(sorted(match.static("bkn_marker", "marker_id").items())))


def counters(match) -> dict[str, dict[str, Any]]:
    """4.2, 19: each counter's Breakout values and arrival (bkn_unit) by unit id."""
    return match.static("bkn_unit", "unit_id")
