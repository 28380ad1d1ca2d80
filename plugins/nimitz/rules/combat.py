"""10.0 the combat phase: a battle at every point holding units of both sides, one point at a time,
in the order the player chooses (``battle POINT``), one battle a point; the phase may not end while
such a point is left unfought. With no point holding units of both sides it passes by itself; once
its battles are fought it waits for the player's ``end``. The battle itself (10.1-10.17) is
rules/battle/'s."""

from __future__ import annotations

from phaseline import Action, Event
from phaseline import sequence as walker
from phaseline.errors import InvalidOrder

from ..board import HAWAII
from . import battle, sql
from .state import JP, US
from .units import in_play, point_named
from .victory import hawaii_defeat


def contested(match) -> list[dict]:
    """The points holding units of both sides, fought this turn or not (one query: fcn-contested)."""
    return sql.run(match, "fcn-contested")


def to_fight(match) -> list[dict]:
    """The points whose battle is still to fight this turn."""
    return [row for row in contested(match) if not row["fought"]]


def begin(match) -> None:
    """10.0 no point holds units of both sides and no battle was fought this phase: the phase passes
    by itself (logged). Back from a battle it waits for the player's ``end``, even with nothing left
    to fight."""
    at_hawaii = {unit["side"] for unit in in_play(match).values() if unit["space_id"] == HAWAII}
    if at_hawaii == {JP}:  # 11.5: no US unit there, so no first round can remove the Japanese
        hawaii_defeat(match)
        return
    fought = any(row["battle_fought"] for row in match.rows_of("fcn_point_state").values())
    if not fought and not contested(match):
        match.log(Event(kind="phase", side=US, purpose="nothing to do in combat: no point holds units of both sides"))
        walker.end_step(match)


def battle_at(match, action: Action) -> None:
    """``battle POINT``: the next battle, at a point holding units of both sides (10.0)."""
    if len(action.args) != 1:
        raise InvalidOrder("battle takes POINT")
    point = point_named(match, action.args[0])
    row = next((r for r in contested(match) if r["point_id"] == point), None)
    if row is None:
        raise match.violation(f"no battle at {point}: it does not hold units of both sides", rule="10.0")
    if row["fought"]:
        raise match.violation(f"the battle at {point} is fought this turn: one battle a point", rule="10.0")
    battle.begin(match, point)


def legal_actions(match) -> list[Action]:
    return [Action("battle", (row["point_id"],), US) for row in to_fight(match)]


def end_refusal(match):
    """10.0 every point holding units of both sides must have its battle first."""
    left = to_fight(match)
    if not left:
        return None
    return match.violation(
        f"a battle must be fought at {', '.join(r['point_id'] for r in left)} first (battle POINT)",
        rule="10.0",
        evidence=[{"point_id": r["point_id"], "us_units": r["us_units"], "jp_units": r["jp_units"]} for r in left],
    )
