"""Where the spaces of an area or point-to-point map go on the page, kept apart.

Each space is a card (its name, then a row of stacks) of a fixed size, so a space never
moves when units come and go. Cards start at the space's drawing position (north up),
scaled so that neighbours are about a card apart, then overlapping cards are pushed apart
along the axis where they overlap least until none do: labels never sit on each other.
"""

from __future__ import annotations

import statistics
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

LABEL_CHARS = 18  # a card's label wraps after this many characters
LINE = 11.0  # a label line's height
CHAR = 6.3  # a label character's width (9.5-pixel bold)
STACK_ROW = 46.0  # the counters' row under the label
STACK_STEP = 46.0  # between the stacks of two sides
GAP = 10.0  # the least room between two cards


@dataclass(frozen=True)
class Card:
    """A space's rectangle on the page, by its centre."""

    key: str
    x: float
    y: float
    w: float
    h: float
    lines: tuple[str, ...]

    @property
    def box(self) -> tuple[float, float, float, float]:
        return self.x - self.w / 2, self.y - self.h / 2, self.x + self.w / 2, self.y + self.h / 2


def label_lines(key: str, space: dict[str, Any] | None, note: str = "") -> tuple[str, ...]:
    """The card's label: its id (what orders type), its name when that says more, the game's note."""
    name = (space or {}).get("name") or ""
    said = key if not name or name.replace(" ", "").lower() == key.replace("_", "").lower() else f"{key} {name}"
    return tuple(textwrap.wrap(" ".join(p for p in (said, note) if p), LABEL_CHARS) or [key])


def card_size(lines: tuple[str, ...], sides: int = 2) -> tuple[float, float]:
    width = max(max(len(line) for line in lines) * CHAR + 10, STACK_STEP * max(sides, 2) + 6)
    return width, len(lines) * LINE + 6 + STACK_ROW


def place_cards(spots: dict[str, tuple[float, float]], labels: dict[str, tuple[str, ...]]) -> dict[str, Card]:
    """Cards for the spaces at ``spots`` (x east, y north, any unit), scaled and kept apart."""
    key = tuple(sorted((k, spots[k][0], spots[k][1], labels[k]) for k in spots))
    return {card.key: card for card in _placed(key)}


@lru_cache(maxsize=16)
def _placed(spots: tuple[tuple[str, float, float, tuple[str, ...]], ...]) -> tuple[Card, ...]:
    """The layout of one map (cached: a board's spaces and labels never change in a match)."""
    if not spots:
        return ()
    sizes = {k: card_size(lines) for k, _, _, lines in spots}
    scale = _scale(spots, sizes)
    cards = [[k, x * scale, -y * scale, *sizes[k], lines] for k, x, y, lines in spots]
    separate(cards)
    left, top = min(c[1] - c[3] / 2 for c in cards), min(c[2] - c[4] / 2 for c in cards)
    return tuple(Card(k, x - left, y - top, w, h, lines) for k, x, y, w, h, lines in cards)  # from (0, 0)


def _scale(
    spots: tuple[tuple[str, float, float, tuple[str, ...]], ...], sizes: dict[str, tuple[float, float]]
) -> float:
    """Pixels per unit of position: nearest neighbours a typical card's width apart."""
    if len(spots) < 2:
        return 1.0
    nearest = []
    for k, x, y, _ in spots:
        d = min(((x - x2) ** 2 + (y - y2) ** 2) ** 0.5 for k2, x2, y2, _ in spots if k2 != k)
        if d > 0:
            nearest.append(d)
    typical = statistics.median(w for w, _ in sizes.values())
    return typical * 1.05 / statistics.median(nearest) if nearest else 1.0


def separate(cards: list[list[Any]], rounds: int = 400) -> None:
    """Push overlapping cards ([key, x, y, w, h, …], changed in place) apart until none overlap."""
    for _ in range(rounds):
        moved = False
        for i in range(len(cards)):
            a = cards[i]
            for j in range(i + 1, len(cards)):
                b = cards[j]
                dx, dy = b[1] - a[1], b[2] - a[2]
                over_x = (a[3] + b[3]) / 2 + GAP - abs(dx)
                over_y = (a[4] + b[4]) / 2 + GAP - abs(dy)
                if over_x <= 0 or over_y <= 0:
                    continue
                moved = True
                if over_x * a[4] < over_y * a[3]:  # the cheaper way out, relative to the card's shape
                    push = (over_x / 2 + 0.5) * (1 if dx > 0 or (dx == 0 and i % 2) else -1)
                    a[1] -= push
                    b[1] += push
                else:
                    push = (over_y / 2 + 0.5) * (1 if dy > 0 or (dy == 0 and i % 2) else -1)
                    a[2] -= push
                    b[2] += push
        if not moved:
            return


def edge_point(card: Card, towards: tuple[float, float]) -> tuple[float, float]:
    """Where the line from the card's centre towards a point leaves the card."""
    dx, dy = towards[0] - card.x, towards[1] - card.y
    if dx == 0 and dy == 0:
        return card.x, card.y
    t = min((card.w / 2) / abs(dx) if dx else float("inf"), (card.h / 2) / abs(dy) if dy else float("inf"))
    t = min(t, 1.0)
    return card.x + dx * t, card.y + dy * t
