"""An order's account: what it did, in a few lines, and what the other sides did after it.

Your own order is told by its results: a move as its path, cost and the points left; a
combat in one line (phaseline.render.combat) with what it led to: losses, retreats,
advances, changes of control and the decisions now owed. What the other sides did after
it (bots, or the side the rules play) follows, one line per side and step: the units they
moved, from where to where, and each of their combats in full. Every number comes from the
event payloads the rules logged; nothing is recomputed here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .combat import combat_line, is_combat
from .happened import Change, Group, Logged, change_texts, changes_after, logged_after, open_decisions

if TYPE_CHECKING:
    from ..match import Match
    from ..model import Standing

HUMAN = "human"
RULES = "rules"  # who did what no side ordered: the steps the sequence of play runs by itself


@dataclass(frozen=True)
class Told:
    """One thing an order did: a ``move`` (with its short form, for other sides' orders), a
    ``combat`` line, or any other ``text``; in the step it happened in."""

    step: str
    kind: str
    text: str
    short: str = ""


def account_lines(match: Match, after: int) -> list[str]:
    """What happened after event ``after``: your orders' results line by line, then the other
    sides' orders, a line per side and step."""
    tag = match.info.short or match.info.name
    changes = changes_after(match, after)
    owed = open_decisions(match)
    groups = logged_after(match, after)
    titles = _step_titles(match, groups)
    sides = {step.name: step.side for step in match.steps(match.clock.turn)}
    lines: list[str] = []
    stretch: tuple[str, str] | None = None  # (who, step) of the other side's line being written
    for group in groups:
        told = _told(group, changes, owed, tag)
        if group.action is None or is_mine(group.action):
            lines += [t.text for t in told]
            stretch = None
            continue
        side = group.action.side
        for item in told:
            if item.kind == "phase":
                continue  # the line of the step names it
            # a step of another side (or of nobody) that this order began is the rules' doing
            own_step = sides.get(item.step, side) == side
            who = f"{side} ({group.action.payload.get('by', '?')})" if own_step else RULES
            if stretch is None or stretch[0] != who or (item.step and item.step != stretch[1]):
                stretch = (who, item.step)  # a bot's answer (no events) stays in the step it answers
                if lines and lines[-1].startswith("— "):
                    lines.pop()  # the step begun: the other side's line names it
                lines.append(f"{who}, {titles.get(item.step, item.step)}:")
            _add_other(lines, item)
    return lines


def is_mine(action: Logged) -> bool:
    """An order a person typed (not a bot's, nor the rules')."""
    return action.payload.get("by") == HUMAN


def _order(action: Logged) -> str:
    return " ".join([action.verb, *action.payload.get("args", [])])


def _add_other(lines: list[str], item: Told) -> None:
    """Another side's move joins the line of its step's moves; a combat gets a line of its own."""
    if item.kind == "combat":
        lines.append(f"  {item.text}")
    elif item.kind == "move" and lines[-1].startswith("  moved "):
        lines[-1] += f", {item.short}"
    elif item.kind == "move":
        lines.append(f"  moved {item.short}")
    elif lines[-1].startswith("  ") and not lines[-1].startswith("  moved "):
        lines[-1] += f"; {item.text}"
    else:
        lines.append(f"  {item.text}")


def _step_titles(match: Match, groups: list[Group]) -> dict[str, str]:
    """Step names as the rulebook titles them: from the phase events, else the sequence of play."""
    titles = {step.name: step.title for step in match.steps(match.clock.turn) if step.title}
    for group in groups:
        titles.update({e.step: e.payload["title"] for e in group.events if e.kind == "phase" and "title" in e.payload})
    return titles


def _told(group: Group, changes: list[Change], owed: dict[int, dict], tag: str) -> list[Told]:
    """What one order did: its moves, its combat with its aftermath, its other events; an
    order of another side that did nothing else is told as the order itself."""
    events = group.events
    combat_at = next((i for i, e in enumerate(events) if is_combat(e.payload)), None)
    told = []
    for i, event in enumerate(events):
        if i == combat_at:
            tail = _aftermath(event, events[i + 1 :], changes, owed)
            line = combat_line(event.purpose, event.payload) + _cite(event, tag) + tail
            told.append(Told(event.step, "combat", line))
            break
        if combat_at is not None and event.kind != "decision" and not _is_move(event):
            continue  # the combat's values and dice: its line states them
        if _is_move(event):
            told.append(Told(event.step, "move", move_line(event) + _cite(event, tag), _short_move(event)))
        elif text := _event_text(event, owed, tag):
            told.append(Told(event.step, "phase" if event.kind == "phase" else "text", text))
    if combat_at is None and events:
        moved = {e.seq for e in events if _is_move(e)}  # a move's own line tells where the unit went
        first = group.action.seq if group.action else events[0].seq
        mine = [c for c in changes if first <= c.seq <= events[-1].seq and c.seq not in moved]
        if found := change_texts(mine, _named(events, mine)):
            told.append(Told(events[-1].step, "text", f"→ {'; '.join(found)}"))
    action = group.action
    if action and not is_mine(action) and (action.verb == "choose" or not told):
        told.insert(0, Told(events[0].step if events else action.step, "text", _order(action)))  # a bot's answer
    return told


def _aftermath(combat: Logged, after: list[Logged], changes: list[Change], owed: dict[int, dict]) -> str:
    """What the combat led to, in its order's events and state changes: `` → …; …``."""
    last = after[-1].seq if after else combat.seq
    told = [e for e in after if e.kind not in ("roll", "decision")]
    theirs = [c for c in changes if combat.seq <= c.seq <= last]
    parts = _grouped(told, combat.purpose)
    parts += change_texts(theirs, _named(told, theirs))
    parts += [text for e in after if e.kind == "decision" and (text := _owed(e, owed))]
    return f" → {'; '.join(parts)}" if parts else ""


def _grouped(events: list[Logged], headline: str) -> list[str]:
    """Events as phrases, those that say the same of several units in one."""
    prefix = headline.split(":", 1)[0] + ": "  # "attack on 52: " repeats the combat's headline
    by_text: dict[tuple[str, str, str], list[str]] = {}
    for event in events:
        what = event.purpose.removeprefix(prefix)
        moved = event.unit_id and event.to_space and event.kind != "eliminated"
        name = f"{event.unit_id}→{event.to_space}" if moved else event.unit_id or event.to_space
        by_text.setdefault((event.kind, what, event.rule), []).append(name)
    phrases = []
    for (kind, what, rule), names in by_text.items():
        who = ", ".join(n for n in names if n)
        verb = "" if kind == "note" else kind
        text = ": ".join(p for p in (" ".join(p for p in (verb, who) if p), what) if p)
        phrases.append(text + (f" ({rule})" if rule else ""))
    return phrases


def _named(events: list[Logged], changes: list[Change]) -> set[str]:
    """The units of ``changes`` that ``events`` tell already: an event's unit, or a unit its
    purpose names as a whole word (``Hornet``, ``US-1Mar``, ``Hiryu/A6M-1``)."""
    text = "\n".join(e.purpose for e in events)
    keys = {c.key for c in changes if c.what != "control"}
    return {e.unit_id for e in events if e.unit_id} | {
        key for key in keys if re.search(rf"(?<![\w/-]){re.escape(key)}(?![\w/-])", text)
    }


def _event_text(event: Logged, owed: dict[int, dict], tag: str) -> str:
    """One event outside a combat: a phase begun, an owed decision, a roll, a note."""
    if event.kind == "decision":
        return _owed(event, owed)
    if event.kind == "setup":
        return ""
    if event.kind == "roll" and "pile" in event.payload:  # a draw from a cup: which of its items
        drawn = f"drew {event.die} of the {event.payload['sides']} in {event.payload['pile']}"
        return f"{drawn}: {event.purpose}" + _cite(event, tag)
    if event.kind == "roll":
        return f"rolled {event.die}: {event.purpose}" + _cite(event, tag)
    if event.kind == "phase":
        return f"— {event.payload.get('title') or event.purpose}" + _cite(event, tag)
    parts = [event.kind if event.kind != "note" else "", event.unit_id, event.to_space and f"-> {event.to_space}"]
    where = " ".join(p for p in parts if p)
    return ": ".join(p for p in (where, event.purpose) if p) + _cite(event, tag)


def _is_move(event: Logged) -> bool:
    return "path" in event.payload and "cost" in event.payload


def move_line(event: Logged) -> str:
    """``BUL-1 0620→0520→0619: 2 MP, 2 left`` (and why the move ends, when a rule ends it)."""
    p: dict[str, Any] = event.payload
    text = f"{_mover(event)} {'→'.join(p['path'])}: {p['cost']} {p.get('points', 'MP')}"
    if "mp_left" in p:
        text += f", {p['mp_left']} left"
    if p.get("stopped_by"):
        text += f", stopped by the enemy ZOC of {p['stopped_by']} ({p.get('stopped_rule', '')})"
    elif p.get("stopped_rule"):
        text += f", its move ends ({p['stopped_rule']})"
    return text


def _short_move(event: Logged) -> str:
    path = event.payload["path"]
    return f"{_mover(event)} {path[0]}→{path[-1]}"


def _mover(event: Logged) -> str:
    return event.unit_id or event.payload.get("unit_id", "")


def _owed(event: Logged, owed: dict[int, dict]) -> str:
    """An owed decision still open, with its choices: ``WA to choose: Retreat … [2123, 2124]``."""
    decision = owed.get(event.payload.get("decision_id", -1))
    if decision is None:
        return ""
    choices = ", ".join(event.payload.get("choices", []))
    return f"{decision['side']} to choose: {decision['prompt']} [{choices}] ({decision['rule']})"


def _cite(event: Logged, tag: str) -> str:
    return f" ({tag} {event.rule})" if event.rule else ""


def now_line(match: Match, before: tuple[Any, ...]) -> str | None:
    """Where the match stands, when that changed since ``before`` (:func:`standing_key`): the
    step and who is to act, or the decision owed, or the result."""
    if standing_key(match) == before:
        return None
    if match.finished:
        return f"the match is over: {json.loads(match.clock.result or '{}').get('summary', '')}"
    side, decision = match.waiting_on()
    if decision:
        choices = ", ".join(decision["choices"])
        return f"now: {decision['side']} to choose: {decision['prompt']} [{choices}] ({decision['rule']})"
    clock = match.clock
    return f"now: turn {clock.turn}, {match.step.title or clock.step}: {side} ({match.controller(side)}) to act"


def score_line(match: Match) -> str:
    """Each side's score as the game counts it (``phaseline_standing``), ``Germans 55 VP · …``;
    empty once the match is over or when the game keeps no score."""
    standing = None if match.finished else match.hook.phaseline_standing(match=match)
    return points_text(standing) if standing else ""


def points_text(standing: Standing) -> str:
    """``Germans 55 VP · Soviets 1 VP``: each side's score, as the game counts it."""
    return " · ".join(f"{who} {points}" for who, points in standing.points.items())


def score_change(match: Match, before: str) -> str | None:
    """``standing: …`` when the score changed since ``before`` (:func:`score_line`), else None."""
    now = score_line(match)
    return f"standing: {now} (was {before})" if now and now != before else None


def standing_key(match: Match) -> tuple[Any, ...]:
    """What :func:`now_line` compares: the step, the side waited on, its open decision, the status."""
    side, decision = match.waiting_on()
    return match.clock.turn, match.clock.step, side, decision and decision["decision_id"], match.clock.status
