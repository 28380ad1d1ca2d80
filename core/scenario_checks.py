"""What every scenario's loaded data must satisfy, checked set at a time before a match begins.

A game's loader (plugins/<game>/loading.py) reads its files and names a bad line itself;
these checks run on the static tables once the loader has filled them, the same for every
game, so that a custom scenario folder is refused with one line instead of starting a
match the rules cannot play (docs/scenarios.md, "Errors"):

* a key listed twice (a unit id, a hex label, an area id: the tables' primary keys);
* a hex whose terrain the terrain table does not list (when the game has one);
* a unit set up in a hex of a terrain nothing may enter (a sea or neutral hex);
* a unit with a negative printed strength or movement allowance;
* a scenario whose turns lie outside the game's turn record (:func:`check_turns`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from .duck import duckdb
from .errors import ScenarioError

if TYPE_CHECKING:
    from .match import Match
    from .model import ScenarioInfo

_DUPLICATE = re.compile(r'[Dd]uplicate key "([^"]*)"')
_CHECKS = {
    "unknown terrain": """
        SELECT 'hex ' || s.space_id || ' has the terrain ' || s.terrain || ', which tables/terrain.csv does not list'
        FROM space s
        WHERE s.match_id = $game AND s.kind = 'hex'
          AND EXISTS (SELECT 1 FROM terrain_cost t WHERE t.match_id = s.match_id)
          AND NOT EXISTS (SELECT 1 FROM terrain_cost t WHERE t.match_id = s.match_id AND t.terrain = s.terrain)
        ORDER BY s.space_id LIMIT 1""",
    "impassable start": """
        SELECT 'unit ' || u.unit_id || ' is set up in hex ' || s.space_id || ' (' || s.terrain
               || '), which no unit may enter'
        FROM unit u JOIN space s ON s.match_id = u.match_id AND s.space_id = u.start
        JOIN terrain_cost t ON t.match_id = s.match_id AND t.terrain = s.terrain
        WHERE u.match_id = $game AND s.kind = 'hex' AND t.cost IS NULL
        ORDER BY u.unit_id LIMIT 1""",
    "negative values": """
        SELECT 'unit ' || unit_id || ' has a negative '
               || CASE WHEN attack < 0 THEN 'attack strength ' || attack
                       WHEN defense < 0 THEN 'defence strength ' || defense
                       ELSE 'movement allowance ' || movement END
        FROM unit WHERE match_id = $game AND least(attack, defense, movement) < 0
        ORDER BY unit_id LIMIT 1""",
}


@contextmanager
def loading(match: Match, scenario: ScenarioInfo) -> Iterator[None]:
    """Around a game's loader: a key its files list twice is one line naming the key."""
    try:
        yield
    except duckdb.ConstraintException as error:
        found = _DUPLICATE.search(str(error))
        if found is None:
            raise ScenarioError(
                f"the scenario's data is refused: {str(error).splitlines()[0]}", path=str(scenario.data)
            ) from None
        parts = [p.split(": ", 1)[-1] for p in found.group(1).split(", ")]
        key = ", ".join(p for p in parts if p != match.match_id)
        raise ScenarioError(
            f"the scenario lists {key} twice (a unit id, hex label or area id on two lines of one file)",
            path=str(scenario.data),
        ) from None


def check_loaded(match: Match, scenario: ScenarioInfo) -> None:
    """Refuse the loaded static data when any check above fails (the caller rolls back)."""
    for sql in _CHECKS.values():
        found = match.con.execute(sql, {"game": match.match_id}).fetchone()
        if found is not None:
            raise ScenarioError(found[0], path=str(scenario.data))


def check_turns(scenario: ScenarioInfo, turns: set[int], record: str) -> None:
    """The scenario's turns must be turns of the turn record ``record`` (a file, which lists ``turns``)."""
    outside = [t for t in (scenario.first_turn, scenario.last_turn) if t not in turns]
    if turns and outside:
        raise ScenarioError(
            f"turn {outside[0]} is outside the turn record ({min(turns)} to {max(turns)}): "
            f"first_turn {scenario.first_turn}, last_turn {scenario.last_turn}",
            path=record,
        )
