"""What a player sees on the map, prepared once for the terminal, the SVG and the web board.

A :class:`MapView` joins the board (spaces, borders, who stands where) with what the game
says about it (``phaseline_map_marks``: counter faces, control, colours, legend lines) and
the overlays asked for: the enemy ZOC of a side (the shared ``enemy-zoc`` query), a unit's
reach (the spaces its legal orders name: the answer ``actions`` gives), a side's supply
(``phaseline_supply``), the open decision's choices, and a window. Renderers read only
the view, so the terminal and the SVG show the same things.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..decisions import PAIR_MARKS
from ..errors import InvalidOrder, UnknownName
from ..model import CounterFace, MapMarks
from .board import Board, load_board, side_codes
from .happened import GONE

if TYPE_CHECKING:
    from ..match import Match

SIDE_COLOURS = ("#b03a2e", "#2c5aa0", "#5d6d7e", "#1e8449", "#7d3c98", "#ca6f1e")
NEUTRAL_COLOUR = "#404040"
PLAIN_STATUSES = frozenset({"ready", "fresh", "full", "active", "normal", "ok", "in play"})


@dataclass(frozen=True)
class MapRequest:
    """What to draw: a window around a space, and the overlays (each None when not asked)."""

    window: str | None = None
    radius: int = 4
    zoc: str | None = None  # the side whose enemies' ZOC is marked
    reach: str | None = None  # the unit whose legal destinations are marked
    supply: str | None = None  # the side whose supply is marked
    at: int | None = None  # the state after this event (None: now)


@dataclass(frozen=True)
class Counter:
    """One unit as its counter shows it."""

    unit_id: str
    side: str
    space: str
    face: CounterFace
    colour: str
    out_of_supply: bool = False


@dataclass
class MapView:
    """Everything the renderers draw; plain data (a past state's view outlives its copy)."""

    title: str
    board: Board
    counters: dict[str, list[Counter]]  # space (or off-map place) -> its stack, top last
    colours: dict[str, str]  # side or controller -> colour
    codes: dict[str, str]  # side -> one letter, for the terminal
    marks: MapMarks
    shown: set[str]  # the spaces drawn (the window, or every space)
    legend: dict[str, str]
    zoc: set[str] | None = None
    zoc_side: str | None = None
    reach: dict[str, list[str]] | None = None  # space -> the reach unit's orders that name it
    reach_unit: str | None = None
    supply: set[str] | None = None
    supply_side: str | None = None
    choices: set[str] = field(default_factory=set)  # spaces the open decision offers
    notes: list[str] = field(default_factory=list)

    def colour(self, who: str | None) -> str:
        return self.colours.get(who or "", NEUTRAL_COLOUR)

    def control(self, space: str) -> str | None:
        """Who holds ``space``: the game's word, else the one side standing in it."""
        if self.marks.control:
            return self.marks.control.get(space)
        sides = {c.side for c in self.counters.get(space, [])}
        return next(iter(sides)) if len(sides) == 1 else None

    def contested(self, space: str) -> bool:
        return len({c.side for c in self.counters.get(space, [])}) > 1

    def off_map(self) -> dict[str, list[Counter]]:
        """Stacks in places that are not spaces of the map ('dead', …)."""
        return {place: stack for place, stack in sorted(self.counters.items()) if place not in self.board.spaces}


def prepare_map(match: Match, request: MapRequest | None = None) -> MapView:
    """The view of ``game`` now, or after event ``request.at`` (read from a scratch copy)."""
    request = request or MapRequest()
    if request.at is None:
        return _prepare(match, request)
    from ..replay import match_copy, state_at  # the replay machinery only for --at

    last = match.events.last_seq
    if not 1 <= request.at <= last:
        raise UnknownName(f"match {match.match_id} has events 1 to {last}, no event {request.at}")
    with match_copy(match) as copy, state_at(copy, request.at) as past:
        return _prepare(past, request)


def _prepare(match: Match, request: MapRequest) -> MapView:
    board = load_board(match)
    marks = match.hook.phaseline_map_marks(match=match) or MapMarks()
    colours = {side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(board.sides)}
    colours.update(marks.colours)
    counters = {
        space: sorted((_counter(unit, marks, colours) for unit in units), key=lambda c: c.unit_id == request.reach)
        for space, units in sorted(board.units.items())
    }  # the unit whose reach is shown on top of its stack
    shown = board.around(request.window, request.radius) if request.window else set(board.spaces)
    view = MapView(
        title=f"{match.match_id} · {match.info.title} · {match.scenario.title}",
        board=board,
        counters=counters,
        colours=colours,
        codes=side_codes(board.sides),
        marks=marks,
        shown=shown,
        legend=_legend(match, marks, request.at),
    )
    if request.zoc:
        view.zoc_side, view.zoc = request.zoc, _enemy_zoc(match, board, request.zoc, view.notes)
    if request.reach:
        view.reach_unit, view.reach = request.reach, _reach(match, board, request.reach, view.notes)
    if request.supply:
        view.supply_side, view.supply = request.supply, _supply(match, request.supply)
        in_play = _in_play(board)
        view.counters = {
            space: [_supplied(c, view.supply, request.supply) if c.unit_id in in_play else c for c in stack]
            for space, stack in view.counters.items()
        }
    view.choices = _choices(match, board)
    return view


def _counter(unit: dict[str, Any], marks: MapMarks, colours: dict[str, str]) -> Counter:
    face = marks.counters.get(unit["unit_id"]) or default_face(unit)
    colour = face.colour or colours.get(unit["side"], NEUTRAL_COLOUR)
    return Counter(unit["unit_id"], unit["side"], unit["space_id"], face, colour)


def default_face(unit: dict[str, Any]) -> CounterFace:
    """The engine's counter: the unit id, attack-defense-movement, and its status's mark unless plain."""
    values = "-".join(str(unit[k]) for k in ("attack", "defense", "movement") if unit.get(k) is not None)
    status = unit.get("status") or ""
    mark = "" if status.lower() in PLAIN_STATUSES else abbreviate(status)
    return CounterFace(unit["unit_id"], values, mark, None, describe(unit, values))


def abbreviate(status: str) -> str:
    """A status as a counter's mark: its initial and any digits ('spent' S, 'Dis1' D1, 'eliminated' E)."""
    return status[:1].upper() + "".join(ch for ch in status[1:] if ch.isdigit())


def describe(unit: dict[str, Any], values: str) -> str:
    """A counter's tooltip: id, name, values, side and status."""
    name = f" {unit['name']}" if unit.get("name") and unit["name"] != unit["unit_id"] else ""
    return f"{unit['unit_id']}{name} {values} ({unit['side']}, {unit.get('status') or 'on the map'})"


def _in_play(board: Board) -> set[str]:
    """The units that can be in or out of supply: those standing on a space of the board, not
    eliminated (an eliminated unit, wherever it lies, is out of play, not out of supply)."""
    return {
        unit["unit_id"]
        for space, stack in board.units.items()
        if space in board.spaces
        for unit in stack
        if (unit["status"] or "").lower() not in GONE
    }


def _supplied(counter: Counter, supplied: set[str], side: str) -> Counter:
    if counter.side != side or counter.space in supplied:
        return counter
    return Counter(counter.unit_id, counter.side, counter.space, counter.face, counter.colour, out_of_supply=True)


def _legend(match: Match, marks: MapMarks, at: int | None) -> dict[str, str]:
    """Turn, step, whom the match waits on, the state's event, then the game's lines (VP …)."""
    clock = match.clock
    waiting, decision = match.waiting_on()
    legend = {
        "turn": f"{clock.turn} of {match.last_turn}",
        "step": match.step.title or clock.step,
        "waiting on": "nobody: the match is over" if match.finished else (waiting or "nobody"),
        "event": f"{match.events.last_seq}" + (" (the state after it: --at)" if at is not None else ""),
    }
    if decision and not match.finished:
        legend["decision"] = f"{decision['side']}: {decision['prompt']}"
    legend.update(marks.legend)
    return legend


def _enemy_zoc(match: Match, board: Board, side: str, notes: list[str]) -> set[str] | None:
    """Spaces in the enemy ZOC of ``side`` from the shared ``enemy-zoc`` query, if the game has it.
    ``side`` is any side the match has: a seat, or a force that units belong to but no player
    sits at (Battle for Germany's GER_W and GER_E, which the players command)."""
    if side not in board.sides:
        raise UnknownName(f"{match.scenario.title} has no side {side!r} (--zoc takes: {', '.join(board.sides)})")
    try:
        rows = match.rules.run("enemy-zoc", side=side)
    except UnknownName:
        notes.append("ZOC not shown: the shared 'enemy-zoc' rule query (schema/rules/zoc.sql) is not available")
        return None
    return {row["space_id"] for row in rows}


def _reach(match: Match, board: Board, unit: str, notes: list[str]) -> dict[str, list[str]]:
    """Space -> the legal orders of ``unit`` that name it (move there, attack it …): the orders
    ``actions`` lists now, so the highlight is exactly what the rules allow."""
    where = next((u for stack in board.units.values() for u in stack if u["unit_id"] == unit), None)
    if where is None:
        raise UnknownName(f"no unit {unit!r} in match {match.match_id}")
    reach: dict[str, list[str]] = {}
    for action in match.legal_actions():
        words = [w for arg in action.args for w in arg.split(",")]
        if unit in words:
            for word in words:
                if word in board.spaces and word != where["space_id"]:
                    reach.setdefault(word, []).append(str(action))
    if not reach:
        waiting, _ = match.waiting_on()
        step = match.step.title or match.clock.step
        notes.append(f"{unit} has no order that names a space now ({step}, the match waits on {waiting or 'nobody'})")
    return reach


def _supply(match: Match, side: str) -> set[str]:
    _check_side(match, side)
    supplied = match.hook.phaseline_supply(match=match, side=side)
    if supplied is None:
        raise InvalidOrder(f"{match.info.title} has no supply rule: there is no supply to show (--supply)")
    return set(supplied)


CHOICE_WORDS = "[,{}]".format("".join(PAIR_MARKS))  # a choice's words: a list, a pair's halves


def _choices(match: Match, board: Board) -> set[str]:
    """The spaces named by the open decision's choices (a retreat hex, an area to enter, the hex
    of an advance's pair UNIT>HEX …)."""
    _, decision = match.waiting_on()
    if not decision or match.finished:
        return set()
    words = {word for choice in decision["choices"] for word in re.split(CHOICE_WORDS, choice)}
    return words & set(board.spaces)


def _check_side(match: Match, side: str) -> None:
    if side not in match.scenario.sides:
        raise UnknownName(f"{match.scenario.title} has no side {side!r} (sides: {', '.join(match.scenario.sides)})")


def legend_lines(view: MapView) -> list[str]:
    """The legend as the terminal prints it: the title, the clock and the game's lines, the overlays."""
    clock = " · ".join(f"{key} {value}" for key, value in view.legend.items())
    lines = [view.title, *textwrap.wrap(clock, 100, subsequent_indent="  ")]
    if view.zoc is not None:
        lines.append(f"ZOC: spaces in the enemy zone of control of {view.zoc_side}")
    if view.reach is not None:
        lines.append(f"reach of {view.reach_unit}: {len(view.reach)} space(s) its legal orders name")
    if view.supply is not None:
        out = sorted(c.unit_id for stack in view.counters.values() for c in stack if c.out_of_supply)
        lines.append(f"supply of {view.supply_side}: out of supply: {', '.join(out) or 'none'}")
    if view.choices:
        lines.append(f"decision: the spaces it offers are marked ({', '.join(sorted(view.choices))})")
    return lines + view.notes
