"""What ``status`` shows, and every command that ends on where the match stands (``new``,
``autoplay``, an order given with ``--format json``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .context import Context
from .output import Format, emit_one

if TYPE_CHECKING:
    from ..match import Match


def status_record(match: Match, fmt: Format) -> dict[str, Any]:
    """What ``status`` shows: the match, whom it waits on (and the decision owed: an object for
    scripts, a line for people), the optional rules and rulings it plays, what decides it and
    the standing, the dice and the seats."""
    from ..render.account import points_text
    from ..render.fair import fair_play_lines

    clock = match.clock
    side, decision = match.waiting_on()
    record: dict[str, Any] = {
        "match": match.match_id,
        "game": match.info.title,
        "scenario": match.scenario.title,
        "turn": clock.turn,
        "step": match.step.title or clock.step,
        "status": clock.status,
        "waiting on": "nobody" if match.finished else f"{side} ({match.controller(side) if side else '-'})",
        "optional rules": optional_rules_played(match) or "none",
    }
    if decision and fmt is Format.table:
        record["decision"] = f"{decision['prompt']} [{', '.join(decision['choices'])}]"
    elif decision:
        record["decision"] = {key: decision[key] for key in ("side", "kind", "prompt", "choices", "rule")}
    if clock.result:
        record["result"] = json.loads(clock.result)["summary"]
    elif standing := match.hook.phaseline_standing(match=match):  # while in play: what decides it, the score
        record["decides"] = standing.decides
        record["standing"] = points_text(standing)
        if standing.notes:
            record["notes"] = "; ".join(standing.notes)
    record.update(fair_play_lines(match))
    return record


def optional_rules_played(match: Match) -> list[str]:
    """The match's optional rules (``-o NAME: title (rule)``), then the rulings it plays, by name."""
    rules = sorted(match.optional_rules, key=lambda o: o.name)
    named = [f"{o.title} ({o.rule})" if o.name == o.rule else f"{o.name}: {o.title} ({o.rule})" for o in rules]
    return named + sorted(match.options - {o.name for o in rules})


def show_status(match: Match, c: Context) -> None:
    emit_one(status_record(match, c.fmt), c.fmt)
