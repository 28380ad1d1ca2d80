"""What the web board asks of a match, one store opening per question (docs/board.md).

The store allows one writer process and DuckDB one open connection per file in a process,
so every question opens the store, answers and closes it again, one question at a time
(a lock): another terminal's ``phaseline`` command finds the store free between two
questions. An order goes through :func:`phaseline.orders.carry_out`, the very code the
command line plays an order with: one transaction, then the bots answer.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import InvalidOrder, PhaselineError, RuleViolation
from ..orders import carry_out, order_words
from ..render.log import log_rows
from ..render.mapview import MapRequest, legend_lines, prepare_map
from ..render.svg import render_svg
from ..undo import undo

if TYPE_CHECKING:
    from ..match import Match
    from ..plugins import Registry

LOG_LINES = 60  # the log beside the map: the last events


class Opener(Protocol):
    """Opens the match (the command line's context: its store path, plugins and current match)."""

    registry: Registry

    def match(self, match_id: str | None = None, *, read_only: bool = False) -> AbstractContextManager[Match]: ...


class MatchBoard:
    """One match served to the browser: its map, units, log, and orders played on it."""

    def __init__(self, opener: Opener, match_id: str, store_path: Path) -> None:
        self.opener, self.match_id, self.store_path = opener, match_id, store_path
        self.lock = threading.Lock()

    @contextmanager
    def match(self, *, read_only: bool = True) -> Iterator[Match]:
        with self.lock, self.opener.match(self.match_id, read_only=read_only) as match:
            yield match

    # --- reading -------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """The clock, legend, open decision, whose turn, and the log's last lines."""
        with self.match() as match:
            view = prepare_map(match)
            waiting, decision = match.waiting_on()
            rows = log_rows(match.store, match.match_id)[-LOG_LINES:]
            return {
                "match": match.match_id,
                "title": view.title,
                "seq": match.events.last_seq,
                "legend": legend_lines(view),
                "waiting": None if match.finished else waiting,
                "controller": match.controller(waiting) if waiting and not match.finished else None,
                "decision": None if match.finished else _decision(decision),
                "finished": match.finished,
                "log": rows,
            }

    def svg(self, reach: str | None = None) -> str:
        """The map as ``phaseline map --svg`` draws it, with ``reach``'s legal destinations marked."""
        with self.match() as match:
            return render_svg(prepare_map(match, MapRequest(reach=reach or None)))

    def unit(self, unit_id: str) -> dict[str, Any]:
        """A unit's counter, where it stands, and its legal orders now (by the space they name)."""
        with self.match() as match:
            view = prepare_map(match, MapRequest(reach=unit_id))
            counter = next(c for stack in view.counters.values() for c in stack if c.unit_id == unit_id)
            orders = sorted({o for found in (view.reach or {}).values() for o in found})
            return {
                "unit": unit_id,
                "side": counter.side,
                "space": counter.space,
                "name": counter.face.name,
                "values": counter.face.values,
                "mark": counter.face.mark,
                "title": counter.face.title,
                "stack": [c.unit_id for c in view.counters.get(counter.space, [])],
                "orders": orders,
                "reach": view.reach or {},
                "notes": view.notes,
            }

    def last_seq(self) -> int:
        with self.match() as match:
            return match.events.last_seq

    def store_stamp(self) -> tuple[float, int, float, int]:
        """The store file's and its write-ahead log's modification times and sizes: a cheap sign
        that another process may have written (the board asks the store only when it changed)."""
        stamp: list[float | int] = []
        for path in (self.store_path, self.store_path.with_name(self.store_path.name + ".wal")):
            try:
                info = os.stat(path)
                stamp += [info.st_mtime, info.st_size]
            except FileNotFoundError:
                stamp += [0.0, 0]
        return tuple(stamp)  # type: ignore[return-value]

    # --- playing -------------------------------------------------------------------

    def order(self, line: str) -> dict[str, Any]:
        """Play a typed line (an order of the game, ``end``, ``choose ANSWER`` or ``undo``), as
        ``play`` reads it; a refusal is returned with its rule, the store untouched."""
        try:
            words = order_words(line)
            if not words:
                raise InvalidOrder("type an order: move UNIT SPACE, attack …, end, choose ANSWER, undo")
            with self.match(read_only=False) as match:
                before = self._play(match, words)
                return {
                    "ok": True,
                    "order": " ".join(words),
                    "account": log_rows(match.store, match.match_id, after=before),
                }
        except RuleViolation as refusal:
            return {"ok": False, "order": line.strip(), "error": str(refusal), "rule": refusal.rule}
        except PhaselineError as error:
            return {"ok": False, "order": line.strip(), "error": str(error), "rule": None}

    def _play(self, match: Match, words: list[str]) -> int:
        verb, args = words[0], words[1:]
        if verb == "undo":
            before = match.events.last_seq
            undo(match, force="--force" in args)
            return before
        return carry_out(match, self.opener.registry, verb, args)


def _decision(decision: dict[str, Any] | None) -> dict[str, Any] | None:
    """The open decision as the page shows it: who decides, the question, the answers, the rule."""
    if not decision:
        return None
    keys = ("side", "prompt", "rule")
    return {**{k: decision[k] for k in keys}, "choices": list(decision["choices"])}
