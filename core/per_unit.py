"""Answers of per-unit rule queries, kept and brought up to date unit by unit.

A query may declare in its header that its answer is partitioned by unit:

    -- Per unit: <why>

meaning: each unit_id's rows depend only on that unit's own state and on the state of
other sides (never on :side's other units), a unit with mp = 0 has no rows, the rows
are a deterministic function of the state (ties broken by value, not by row order), and
the optional parameter ``units = NULL`` limits the answer to those units. Other sides'
units count by where they stand, whose they are and whether they are in play (unit_state's
space_id, side and status); changes to the state tables the query does not read never
count (see :mod:`phaseline.reads`).

It may declare too that a unit's rows depend on other sides' units only near it:

    -- Near: <why>

meaning: a unit's rows change only when a unit of another side comes to, leaves, or changes
in, a space one link (of ``link``) or less from a space its rows name.

movement-reach declares both: friendly units neither block nor project ZOC, and a unit's
rows name every space it reaches and every space next to those; an enemy acts on them only
by standing in one (it may not be entered) or next to one (its ZOC). So when the changes
since an answer are moves of :side's units, the new answer is the old one with those units
asked again; when other sides' units came or went too, the units of :side whose rows name
a space next to where they came or went are asked again as well; the other units' rows are
the old rows (tests/test_conformance.py compares the kept answer with a full run).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .match import Match
    from .queries import RuleQuery

PER_UNIT_TAG = "Per unit:"
NEAR_TAG = "Near:"
_READ_COLUMNS = ("space_id", "side", "status", "mp")  # of unit_state: other sides' units count by the first three

Rows = list[dict[str, Any]]


@dataclass
class KeptAnswer:
    """A per-unit query's answer as of a ledger mark."""

    mark: Any
    rows: Rows
    units: dict[tuple[Any, ...], dict[str, Any]]  # the unit_state rows then, as the ledger kept them
    spaces: dict[str, set[str]] = field(default_factory=dict)  # unit -> the spaces its rows name (Near)

    def spaces_of(self) -> dict[str, set[str]]:
        if not self.spaces:
            for row in self.rows:
                self.spaces.setdefault(row["unit_id"], set()).update(
                    space for space in (row.get("space_id"), row.get("path_via")) if space is not None
                )
        return self.spaces


class PerUnitAnswers:
    """The kept answers of one match's per-unit queries, and bringing them up to date."""

    def __init__(self, match: Match, ask: Callable[[RuleQuery, dict[str, Any]], Rows]) -> None:
        self.match = match
        self.ask = ask  # runs the query itself
        self._kept: dict[tuple[Any, ...], KeptAnswer] = {}
        self._links: dict[str, set[str]] | None = None  # space -> the spaces one link away, either way

    def forget(self) -> None:
        self._kept.clear()

    def answer(
        self, key: tuple[Any, ...], query: RuleQuery, values: dict[str, Any], units: list[str] | None
    ) -> Rows | None:
        """The whole answer: the kept one brought up to date, or asked whole. None when only
        ``units`` are asked and none of them changed: :meth:`kept_rows` has their rows."""
        kept = self._kept.get(key)
        stale = self._stale_units(query, kept, values) if kept else None
        if stale is not None and units is not None and not stale.keys() & set(units):
            return None
        if kept is None or stale is None:
            rows = self.ask(query, values)
        else:
            rows = self._rerun(query, values, kept.rows, stale)
        if self.match.rules.in_action or self.match._together or not self.match.store._depth:  # never in a what-if
            ledger = self.match.ledger
            self._kept[key] = KeptAnswer(ledger.mark(), rows, ledger.rows_of("unit_state"))
        return rows

    def kept_rows(self, key: tuple[Any, ...], units: list[str]) -> Rows:
        """The kept rows of ``units``."""
        return [row for row in self._kept[key].rows if row["unit_id"] in units]

    def _rerun(self, query: RuleQuery, values: dict[str, Any], rows: Rows, stale: dict[str, int]) -> Rows:
        """``rows`` with the stale units' rows asked again (in the query's unit order)."""
        again = sorted(unit for unit, mp in stale.items() if mp > 0)
        fresh = self.ask(query, {**values, "units": again}) if again else []
        by_unit: dict[str, Rows] = {}
        for row in [*(r for r in rows if r["unit_id"] not in stale), *fresh]:
            by_unit.setdefault(row["unit_id"], []).append(row)
        return [row for unit in sorted(by_unit) for row in by_unit[unit]]

    def _stale_units(self, query: RuleQuery, kept: KeptAnswer, values: dict[str, Any]) -> dict[str, int] | None:
        """Units of :side whose rows must be asked again, with their movement points now; None
        when the whole answer must: known in memory, from the ledger's mark (which tables and
        columns changed) and from the unit_state rows the ledger kept then and keeps now."""
        ledger = self.match.ledger
        changed = ledger.changed_since(kept.mark)
        if changed is None:
            return None
        read = ledger.reads(query.sql)
        if any(table != "unit_state" for table, _ in changed if table in read):
            return None
        if not any(table == "unit_state" for table, _ in changed):
            return {}
        now = ledger.rows_of("unit_state")
        if now.keys() != kept.units.keys():  # a unit came or went
            return None
        side = values.get("side")
        stale: dict[str, int] = {}
        places: set[str] = set()
        for key, row in now.items():
            was = kept.units[key]
            if row is was or all(row[c] == was[c] for c in _READ_COLUMNS):
                continue
            if row["side"] != was["side"]:
                return None
            if row["side"] == side:
                if row["status"] != was["status"]:
                    return None
                stale[key[0]] = row["mp"]
            elif row["space_id"] != was["space_id"] or row["status"] != was["status"]:
                if not query.near:
                    return None
                places.update(p for p in (row["space_id"], was["space_id"]) if p is not None)
        if places:
            near = self._near(places)
            for unit_id, spaces in kept.spaces_of().items():
                if unit_id not in stale and not spaces.isdisjoint(near):
                    stale[unit_id] = now[(unit_id,)]["mp"]
        return stale

    def _near(self, places: Iterable[str]) -> set[str]:
        """``places`` and the spaces one link from them, either way (``link``, read once)."""
        if self._links is None:
            self._links = {}
            for a, b in self.match.store.con.execute(
                "SELECT a, b FROM link WHERE match_id = ?", [self.match.match_id]
            ).fetchall():
                self._links.setdefault(a, set()).add(b)
                self._links.setdefault(b, set()).add(a)
        found = set(places)
        for place in places:
            found |= self._links.get(place, set())
        return found
