"""The legal actions as a player reads them (``phaseline actions``): one row per order, with
the units and spaces it names and, for an attack, the odds it would be fought at (for another
order, what it costs, when its game says: ``phaseline_order_notes``); as text,
grouped by unit (moves: a unit's destinations) or by the space attacked (attacks: each with
its odds), attacks on several hexes at once apart, wrapped to the terminal's width.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..decisions import typed_choice
from .combat import odds_text

if TYPE_CHECKING:
    from ..match import Match
    from ..model import Action

BY_UNIT, BY_SPACE = "unit", "hex"
DEFAULT_GROUPING = {"move": BY_UNIT, "attack": BY_SPACE}  # other verbs are listed one order a line


def action_rows(match: Match, actions: list[Action]) -> list[dict[str, Any]]:
    """One row per action: side, order, verb, the units and spaces it names (read from its
    arguments against the match's units and spaces), and an attack's preview (odds, values)."""
    units = {
        r["unit_id"]: r["space_id"]
        for r in match.rows("SELECT unit_id, space_id FROM unit_state WHERE match_id = ?", [match.match_id])
    }
    spaces = {r["space_id"] for r in match.rows("SELECT space_id FROM space WHERE match_id = ?", [match.match_id])}
    previews = match.hook.phaseline_combat_preview(match=match, actions=actions) or [None] * len(actions)
    notes = match.hook.phaseline_order_notes(match=match, actions=actions) or [None] * len(actions)
    rows = []
    for action, preview, note in zip(actions, previews, notes, strict=True):
        words = [w for arg in action.args for w in arg.replace(">", ",").split(",")]
        row: dict[str, Any] = {
            "side": action.side,
            "order": f"choose {typed_choice(action.args[0])}" if action.verb == "choose" else str(action),
            "verb": action.verb,
            "units": [w for w in words if w in units],
            "from": [units[w] for w in words if w in units],
            "spaces": [w for w in words if w in spaces and w not in units],
        }
        if preview:
            row |= {
                "preview": odds_text(preview),
                "odds": preview.get("odds"),
                "attack": preview["attack"],
                "defense": preview["defense"],
                "defenders": preview.get("defenders", []),
            }
        elif note:
            row["preview"] = note  # what the order costs: shown where an attack's odds are
        rows.append(row)
    return rows


def matching(rows: list[dict[str, Any]], unit: str | None, space: str | None, kind: str | None) -> list[dict]:
    """The rows that name ``unit``, name ``space`` and have the verb ``kind`` (each when given)."""
    return [
        r
        for r in rows
        if (not unit or unit in r["units"]) and (not space or space in r["spaces"]) and (not kind or r["verb"] == kind)
    ]


def actions_text(rows: list[dict[str, Any]], by: str | None, width: int, only: str | None = None) -> list[str]:
    """The rows as lines no wider than ``width``: per verb, grouped by unit or by space (of the
    groups by unit, only the unit ``only`` asked for, when given)."""
    lines: list[str] = []
    for verb in dict.fromkeys(r["verb"] for r in rows):
        of_verb = [r for r in rows if r["verb"] == verb]
        grouping = by or DEFAULT_GROUPING.get(verb)
        if grouping is None:
            lines += [_with_odds(r, width, indent=0) if "preview" in r else r["order"] for r in of_verb]
            continue
        single = [r for r in of_verb if len(r["spaces"]) <= 1 or grouping == BY_UNIT]
        lines += _grouped(verb, single, grouping, width, only)
        several = [r for r in of_verb if r not in single]
        if several:
            lines.append(f"{verb}, on several spaces at once:")
            lines += _grouped(verb, several, grouping, width, only, heading=False)
    return lines


def _grouped(
    verb: str, rows: list[dict], grouping: str, width: int, only: str | None, heading: bool = True
) -> list[str]:
    """One block per unit (or space): its orders' other words packed in lines, or one order a
    line with its odds when there are odds to show."""
    groups: dict[str, list[dict]] = {}
    for row in rows:
        for key in _keys(row, grouping):
            if not (only and grouping == BY_UNIT and key != only):
                groups.setdefault(key, []).append(row)
    lines = [f"{verb}, by {'unit' if grouping == BY_UNIT else 'space'}:"] if heading else []
    for key, members in groups.items():
        if any("preview" in r for r in members):
            defenders = ", ".join(members[0].get("defenders", []))
            lines.append(f"  {key}" + (f", defended by {defenders}:" if grouping == BY_SPACE and defenders else ":"))
            lines += [_with_odds(r, width) for r in members]
            continue
        rest = [" ".join(_without(r, key, verb)) for r in members]
        start = members[0]["from"][members[0]["units"].index(key)] if grouping == BY_UNIT and key != "-" else ""
        label = f"  {f'{verb} {key} ({start})' if start else f'{verb} {key}':<22} "
        lines += textwrap.wrap(
            " ".join(rest), width, initial_indent=label, subsequent_indent=" " * len(label), break_on_hyphens=False
        )
    return lines


def _keys(row: dict[str, Any], grouping: str) -> Iterable[str]:
    """The group(s) a row belongs to: each unit it names, or the space(s) it names."""
    if grouping == BY_UNIT:
        return row["units"] or ["-"]
    return [",".join(row["spaces"]) or "-"]


def _without(row: dict[str, Any], key: str, verb: str) -> list[str]:
    """The order's words less its verb and the group's key: a unit's destination, say."""
    words = row["order"].split()[1:]
    return [w for w in words if w != key] or [verb]


def _with_odds(row: dict[str, Any], width: int, indent: int = 4) -> str:
    """``    attack SOV-1UF,SOV-5G 2023        15:4 → 3:1``, the odds (or the cost) at the right edge."""
    order, odds = f"{' ' * indent}{row['order']}", row.get("preview", "")
    room = width - len(order) - len(odds)
    if room >= 2:
        return order + " " * room + odds
    return f"{order}\n{odds:>{width}}"  # too long for one line: the odds below, at the right edge
