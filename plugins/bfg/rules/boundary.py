"""The German Theatre Boundary (5.4) and Yugoslavia (5.5): allegiance switches, return
deadlines and where advances may go.

Deadlines: 5.42 names the next friendly Movement Phase, 5.51 the following Soviet Combat
Phase; 5.52 names only the turn (「続くターンの間に」), so a Soviet unit retreated into
Yugoslavia has the whole following turn to leave it and is eliminated at its end (the
ruling ``yugoslavia-exit-by-movement`` reads it like 5.42: by the end of the next Soviet
Movement Phase)."""

from __future__ import annotations

from typing import Any

from phaseline import Event
from phaseline.model import plays_ruling

from ..forces import SOVIET_BLOC
from ..rulings import LEAVE_BY_MOVEMENT, YUGOSLAV_ADVANCE_HOME
from .elimination import eliminate
from .units import unit_row


def banned(match, unit: dict[str, Any], space_id: str) -> dict[str, Any] | None:
    """The entry_rule that forbids ``unit`` to enter ``space_id``, if any: of several, the
    first in the table's order (its rule and reason)."""
    bans = match.derived(("bfg bans",), match.ledger.version_of("entry_rule"), lambda: _bans(match))
    found = [bans[key] for key in ((unit["side"], unit["nationality"], space_id), (unit["side"], "*", space_id))
             if key in bans]  # fmt: skip
    return dict(min(found)[1]) if found else None


def _bans(match) -> dict[tuple[str, str, str], tuple[int, dict[str, Any]]]:
    """Every space each entry_rule forbids, asked at once (5.41-5.43, 5.51, 5.52): (side,
    nationality or '*', space) -> (the rule's place in the table, its rule and reason)."""
    bans: dict[tuple[str, str, str], tuple[int, dict[str, Any]]] = {}
    for row in match.rows(
        """SELECT e.side, e.nationality, s.space_id, e.rowid AS place, e.rule, e.reason
           FROM entry_rule e JOIN space s ON s.match_id = e.match_id
           WHERE e.match_id = ?
             AND ((CASE e.attr WHEN 'zone' THEN s.zone WHEN 'region' THEN s.region ELSE s.space_id END)
                  = e.value) <> e.negate""",
        [match.match_id],
    ):
        key = (row["side"], row["nationality"], row["space_id"])
        if key not in bans or row["place"] < bans[key][0]:
            bans[key] = (row["place"], {"rule": row["rule"], "reason": row["reason"]})
    return bans


def advance_ban(match, unit: dict[str, Any], hex_id: str) -> tuple[str, str] | None:
    """Why ``unit`` may not advance into ``hex_id`` (6.9), as (rule, reason), or None: an
    entry rule (across the boundary, 5.41/5.42; Germans into Berlin, 5.43; a Yugoslav out of
    Yugoslavia, 5.51; a Soviet into it, 5.52), or the Yugoslav border itself: 5.51 and 5.52
    say the Yugoslav and the Soviet units "may not advance across the border", either way, so
    a unit retreated across it cannot come back by an advance (the ruling
    ``yugoslav-advance-home`` lets it)."""
    row = banned(match, unit, hex_id)
    if row is not None:
        return row["rule"], row["reason"]
    rule = _border_rule(unit)
    board = match.static("space", "space_id")
    inside_from, inside_to = board[unit["space_id"]]["region"] == "YUG", board[hex_id]["region"] == "YUG"
    if rule is None or inside_from == inside_to:
        return None
    home = inside_to if rule == "5.51" else inside_from  # back to the side the unit belongs on
    if home and plays_ruling(match, YUGOSLAV_ADVANCE_HOME):
        return None
    return rule, f"{'Yugoslav' if rule == '5.51' else 'Soviet'} units may not advance across the Yugoslav border"


def _border_rule(unit: dict[str, Any]) -> str | None:
    """The rule that keeps ``unit``'s advances on its side of the Yugoslav border: 5.51 for
    Yugoslav units, 5.52 for the Soviets and their allies (not Yugoslavia), else None."""
    if unit["side"] != "SOV":
        return None
    if unit["nationality"] == "YUG":
        return "5.51"
    return "5.52" if unit["nationality"] in SOVIET_BLOC else None


def after_forced_move(match, unit: dict[str, Any], dest: str) -> None:
    """A retreat across the boundary switches a German unit's allegiance (5.41) and puts
    others on a deadline to return (5.42, 5.51, 5.52, 14.0). ``unit`` is the unit as it stood
    before the retreat: in Collapse in the East a German retreated again while west of the
    line has not crossed it, and keeps the deadline of the retreat that did."""
    board = match.static("space", "space_id")
    zone = board[dest]["zone"]
    if unit["side"] in ("GER_E", "GER_W") and zone in ("E", "W") and zone != unit["side"][-1]:
        if match.scenario.name == "collapse":  # 14.0 must return east the following turn
            if board[unit["space_id"]]["zone"] != zone:  # 14.0 only a retreat across the line sets the turn
                _deadline(match, unit, match.clock.turn + 1, "ger-e-movement", "14.0")
            return
        new_side = f"GER_{zone}"
        match.set("unit_state", {"unit_id": unit["unit_id"]}, side=new_side)
        match.log(
            Event(
                "allegiance",
                side=new_side,
                unit_id=unit["unit_id"],
                to_space=dest,
                rule="5.41",
                purpose=f"{unit['unit_id']} retreated across the boundary and is now {new_side}",
            )
        )
        return
    rule = banned(match, unit, dest)
    if rule is None:
        return
    force_step = unit["side"].lower().replace("_", "-")
    if rule["rule"] == "5.51":  # back by the end of the following Soviet Combat Phase
        turn, step = next_step(match, f"{force_step}-combat")
    elif rule["rule"] == "5.52" and not plays_ruling(match, LEAVE_BY_MOVEMENT):
        turn, step = end_of_next_turn(match)  # 5.52 「続くターンの間に離れなければならず」
    else:  # 5.42 by the end of the next friendly Movement Phase (and 5.52 under the ruling)
        turn, step = next_step(match, f"{force_step}-movement")
    _deadline(match, unit, turn, step, rule["rule"])


def _deadline(match, unit: dict[str, Any], turn: int, step: str, rule: str) -> None:
    match.set("bfg_unit", {"unit_id": unit["unit_id"]}, deadline_turn=turn, deadline_step=step, deadline_rule=rule)
    match.log(
        Event(
            "deadline",
            side=unit["side"],
            unit_id=unit["unit_id"],
            rule=rule,
            purpose=f"{unit['unit_id']} must be back by the end of {step} of turn {turn}",
        )
    )


def end_of_next_turn(match) -> tuple[int, str]:
    """The last step of the turn after this one (5.52: the unit has the whole following turn,
    its combat phases included, to leave Yugoslavia, by a move or a retreat or an advance)."""
    turn = match.clock.turn + 1
    steps = match.steps(turn) if turn <= match.last_turn else []
    return (turn, steps[-1].name) if steps else (match.last_turn + 1, "end")


def next_step(match, name: str) -> tuple[int, str]:
    """The next time the step ``name`` comes in the sequence of play, after the current step."""
    clock = match.clock
    turn, start = clock.turn, clock.step_no + 1
    while turn <= match.last_turn + 1:
        steps = match.steps(turn) if turn <= match.last_turn else []
        for step in steps[start:]:
            if step.name == name:
                return turn, name
        turn, start = turn + 1, 0
    return match.last_turn + 1, name


def check_deadlines(match, step) -> None:
    """At the end of a step, eliminate units still on the wrong side of their deadline."""
    pending = match.derived(
        "bfg deadlines",
        match.ledger.version_of("bfg_unit", "deadline_turn", "deadline_step", "deadline_rule"),
        lambda: match.rows(
            """SELECT unit_id, deadline_turn, deadline_step, deadline_rule FROM bfg_unit
               WHERE match_id = ? AND deadline_turn IS NOT NULL ORDER BY unit_id""",
            [match.match_id],
        ),
    )
    due = [row for row in pending if (row["deadline_turn"], row["deadline_step"]) == (match.clock.turn, step.name)]
    for row in due:
        unit = unit_row(match, row["unit_id"])
        still_out = banned(match, unit, unit["space_id"]) is not None
        match.set(
            "bfg_unit",
            {"unit_id": unit["unit_id"]},
            deadline_turn=None,
            deadline_step=None,
            deadline_rule=None,
        )
        if still_out and unit["space_kind"] != "box":
            eliminate(match, unit["unit_id"], row["deadline_rule"], "did not return in time")
