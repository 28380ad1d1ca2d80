"""The state of a match as people read it, shared by ``show`` (now) and ``show --at SEQ``.

A :class:`StateView` is plain data, so a caller that rebuilds an earlier state from
the effect log (``show --at``) renders it exactly as ``show`` renders the present.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cli.output import Format, render
from .board import unit_rows

if TYPE_CHECKING:
    from ..match import Match
    from ..model import Clock


@dataclass(frozen=True)
class StateView:
    """What ``show`` prints: the clock, whom the match waits on, the open decision, units."""

    match_id: str
    seq: int  # the state after this event
    clock: Clock
    step_title: str
    waiting: str | None
    decision: dict[str, Any] | None
    units: list[dict[str, Any]]  # unit_id, name, side, space_id, space_name, status, …


def current_state(match: Match, seq: int | None = None) -> StateView:
    """The state of ``game`` as its tables read now: the present, or inside
    :func:`phaseline.replay.state_at` the past after event ``seq``."""
    waiting, decision = match.waiting_on()
    seq = match.events.last_seq if seq is None else seq
    return StateView(
        match.match_id,
        seq,
        match.clock,
        match.step.title or match.clock.step,
        None if match.finished else waiting,
        decision,
        unit_rows(match),
    )


def clock_line(view: StateView) -> str:
    """One line: match, turn, step, status and whom it waits on."""
    clock = view.clock
    who = f"waiting on {view.waiting}" if view.waiting else "nobody to act"
    return f"{view.match_id} · event {view.seq} · turn {clock.turn} · {view.step_title} · {clock.status} · {who}"


def decision_line(view: StateView) -> str | None:
    if not view.decision:
        return None
    d = view.decision
    return f"open decision for {d['side']}: {d['prompt']} (choose one of: {', '.join(d['choices'])})"


def unit_table(view: StateView) -> list[dict[str, Any]]:
    """Units per space with their status, sorted by space."""
    rows = [
        {
            "space": u["space_id"],
            "place": u.get("space_name") or "",
            "side": u["side"],
            "unit": u["unit_id"],
            "name": u["name"],
            "status": u["status"],
        }
        for u in view.units
    ]
    return sorted(rows, key=lambda r: (r["space"], r["side"], r["unit"]))


def render_state(view: StateView, fmt: Format) -> str:
    """The whole state as text (clock line, decision, units per space) or as JSON/CSV rows."""
    if fmt is not Format.table:
        if fmt is Format.json:
            return json.dumps(
                {"clock": clock_line(view), "decision": view.decision, "units": unit_table(view)},
                default=str,
                indent=2,
            )
        return render(unit_table(view), fmt)
    lines = [clock_line(view)]
    if decision := decision_line(view):
        lines.append(decision)
    lines += ["", render(unit_table(view), fmt, empty="no units")]
    return "\n".join(lines)
