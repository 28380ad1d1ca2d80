"""What ``phaseline units`` shows of a Fleet Commander: Nimitz unit (2.5-2.8), instead of the engine's
attack, defense and movement: its type, its hit cost and purchase cost (2.6: a carrier's two), and
the values of the face it shows (full or damaged), each as the counter prints it: the normal value,
then the superior one after a slash (an AA of 4/2)."""

from __future__ import annotations

from typing import Any

# value column -> its superior column (None: the value has no superior form), in the order shown
VALUES = {
    "aa": "aa_superior",
    "gunnery": "gunnery_superior",
    "torpedo": None,
    "asw": "asw_superior",
    "air": "air_superior",
    "anti_ship": "anti_ship_superior",
    "ground": "ground_superior",
}


def _printed(value: str, superior: str | None) -> str:
    if superior is None:
        return f"CAST(v.{value} AS VARCHAR) AS {value}"
    return (
        f"CASE WHEN v.{superior} IS NULL THEN CAST(v.{value} AS VARCHAR) "
        f"ELSE v.{value} || '/' || v.{superior} END AS {value}"
    )


UNIT_VALUES_SQL = f"""SELECT s.unit_id, c.type, c.hit_cost AS cost, c.buy_cost AS buy,
       {", ".join(_printed(value, superior) for value, superior in VALUES.items())}
FROM unit_state s
JOIN fcn_counter c ON c.match_id = s.match_id AND c.unit_id = s.unit_id
LEFT JOIN fcn_value v ON v.match_id = c.match_id AND v.counter_id = c.counter_id
     AND v.face = CASE WHEN s.status = 'damaged' THEN 'damaged' ELSE 'full' END
WHERE s.match_id = ?
ORDER BY s.unit_id"""


def unit_values(match) -> list[dict[str, Any]]:
    """Each unit's type, costs and the printed values of its face, in one query."""
    return match.rows(UNIT_VALUES_SQL, [match.match_id])
