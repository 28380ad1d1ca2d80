"""Piles: cups and stacks of counters or chits, drawn at random, every draw a logged roll.

A game keeps its piles in a state table it declares with :func:`table` (so undo, replay and
``show --at`` follow them), one row per item: its pile and its place, 0 being the top. A
**cup** is drawn at random: a die of as many sides as the cup holds items picks one. A
**stack** is drawn from the top, is put back in order (an item to the bottom, say, a
repaired ship under the others) and is **mixed** when the rules say so, by one die per item
(Fisher-Yates). Each die is rolled through :meth:`phaseline.Match.roll`, so it is secret
until rolled, logged with its purpose, and replayed exactly. Fleet Commander: Nimitz's
Japanese stacks and bonus-marker cup and ASL's OBA chits are piles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from .model import PluginTable

if TYPE_CHECKING:
    from .match import Match

End = Literal["top", "bottom"]


def table(name: str = "pile") -> PluginTable:
    """The state table a game declares (``phaseline_tables``) to keep its piles in."""
    ddl = (
        f"CREATE TABLE IF NOT EXISTS {name} (match_id VARCHAR NOT NULL, pile VARCHAR NOT NULL, "
        "item VARCHAR NOT NULL, place INTEGER NOT NULL, PRIMARY KEY (match_id, pile, item))"
    )
    return PluginTable(name, ddl, key=("pile", "item"), kind="state")


class Piles:
    """The piles of one match, in the state table ``name`` (declared with :func:`table`)."""

    def __init__(self, match: Match, name: str = "pile") -> None:
        self.match = match
        self.name = name

    def items(self, pile: str) -> list[str]:
        """The items of ``pile``, top first."""
        rows = [(row["place"], item) for (name, item), row in self.match.rows_of(self.name).items() if name == pile]
        return [item for _, item in sorted(rows)]

    def where(self, item: str) -> str | None:
        """The pile that holds ``item``, or None."""
        return next((name for (name, held) in self.match.rows_of(self.name) if held == item), None)

    def put(self, pile: str, items: list[str], end: End = "top") -> None:
        """Put ``items`` on ``pile``, in their order, at its top or its bottom."""
        held = [self.where(item) for item in items]
        if any(held) or len(set(items)) != len(items):
            taken = sorted({f"{item} ({where})" for item, where in zip(items, held, strict=True) if where})
            raise ValueError(f"each item is in one pile at a time: {', '.join(taken) or 'an item given twice'}")
        now = self.items(pile)
        self._reorder(pile, [*items, *now] if end == "top" else [*now, *items])

    def take(self, item: str) -> None:
        """Take ``item`` out of its pile (it is played, sunk or set aside)."""
        pile = self.where(item)
        if pile is None:
            raise ValueError(f"{item} is in no pile")
        rest = [other for other in self.items(pile) if other != item]
        self.match.delete(self.name, {"pile": pile, "item": item})
        self._reorder(pile, rest)

    def draw(self, pile: str, purpose: str, *, rule: str | None = None, side: str | None = None) -> str | None:
        """Draw one item of a cup at random (a die of as many sides as it holds), and take it out;
        None when the cup is empty."""
        items = self.items(pile)
        if not items:
            return None
        chosen = items[0] if len(items) == 1 else items[self._die(len(items), purpose, rule, side, pile) - 1]
        self.take(chosen)
        return chosen

    def top(self, pile: str) -> str | None:
        """The top item of a stack, taken out; None when it is empty."""
        items = self.items(pile)
        if not items:
            return None
        self.take(items[0])
        return items[0]

    def mix(self, pile: str, purpose: str, *, rule: str | None = None, side: str | None = None) -> list[str]:
        """Mix a stack into a new random order (one die per item but the last); the new order, top first."""
        order = self.items(pile)
        for last in range(len(order) - 1, 0, -1):
            chosen = self._die(last + 1, f"{purpose} ({len(order) - last} of {len(order) - 1})", rule, side) - 1
            order[last], order[chosen] = order[chosen], order[last]
        self._reorder(pile, order)
        return order

    def _die(self, sides: int, purpose: str, rule: str | None, side: str | None, pile: str | None = None) -> int:
        return self.match.roll(purpose, rule=rule, sides=sides, side=side, pile=pile)

    def _reorder(self, pile: str, order: list[str]) -> None:
        """Give each item of ``order`` its place; insert the new ones, move the others."""
        kept = self.match.rows_of(self.name)
        for place, item in enumerate(order):
            row = kept.get((pile, item))
            if row is None:
                self.match.insert(self.name, {"pile": pile, "item": item, "place": place})
            elif row["place"] != place:
                self.match.set(self.name, {"pile": pile, "item": item}, place=place)
