"""10.10 an attack: one d10 per attacking unit; a roll at or under its value scores 1 hit, at or under
its superior value 2 (normal/superior, 2.6: AA 4/2 scores 2 hits on 1-2, 1 on 3-4). The value is the
face the unit shows (a damaged unit attacks with its damaged face), raised by the Japanese markers
in play (10.7): the "+3 (superior +2)" raises first, then Attack Plan's +1."""

from __future__ import annotations

from dataclasses import dataclass

from phaseline.model import plays_ruling

from ..state import JP
from . import markers
from .sheet import Piece

NAMES = {
    "air": "air combat",
    "aa": "AA",
    "anti_ship": "anti-ship",
    "ground": "ground attack",
    "gunnery": "gunnery",
    "torpedo": "torpedo",
    "asw": "ASW",
}


@dataclass(frozen=True)
class Value:
    """An attack value as rolled against: printed, then each marker's raise."""

    column: str
    printed: int
    printed_superior: int | None
    normal: int
    superior: int | None
    by: tuple[tuple[str, int, int], ...] = ()  # (marker, added to the value, to the superior value)

    @property
    def odds(self) -> str:
        return f"{self.normal}/{self.superior}" if self.superior else str(self.normal)

    def text(self) -> str:
        """'gunnery 4 (+3/+2 surface-action) → 7/2'."""
        shown = f"{self.printed}/{self.printed_superior}" if self.printed_superior else str(self.printed)
        if not self.by:
            return f"{NAMES[self.column]} {shown}"
        raised = ", ".join(f"+{n}/+{s} {m}" if s else f"+{n} {m}" for m, n, s in self.by)
        return f"{NAMES[self.column]} {shown} ({raised}) → {self.odds}"

    def payload(self) -> dict:
        return {
            "attack": self.column,
            "value": self.normal,
            "superior": self.superior,
            "printed": [self.printed, self.printed_superior],
            "markers": [{"marker": m, "normal": n, "superior": s} for m, n, s in self.by],
            "odds": self.odds,
        }


def printed(unit: Piece, column: str) -> tuple[int, int | None] | None:
    """The value on the face the unit shows (None: it has no such value)."""
    value = unit.values.get(column)
    if not value:
        return None
    return value, unit.values.get(f"{column}_superior")


def value_of(match, unit: Piece, column: str) -> Value | None:
    """The unit's attack value ``column`` now, raised by the Japanese markers in play (10.7)."""
    found = printed(unit, column)
    if found is None:
        return None
    normal, superior = found
    by = []
    if unit.side == JP:
        raises = [(item, r) for item, m in markers.with_(match, JP, "raises") for r in m.raises]
        raises.sort(key=lambda pair: not pair[1].gives)  # 10.7 "+3 (superior +2)" first, then Attack Plan's +1
        for item, r in raises:
            if column not in r.values or unit.kind not in r.kinds:
                continue
            plus_superior = r.superior if r.ruling is None or plays_ruling(match, r.ruling) else 0
            if superior:
                superior += plus_superior
            elif r.gives:
                superior, plus_superior = r.superior, r.superior
            else:
                plus_superior = 0
            normal += r.normal
            by.append((markers.marker(item).marker_id, r.normal, plus_superior))
    return Value(column, found[0], found[1], normal, superior, tuple(by))


def hits(die: int, value: Value) -> int:
    """2 at or under the superior value, 1 at or under the value, else 0 (a value of 10 always hits)."""
    if value.superior and die <= value.superior:
        return 2
    return 1 if die <= value.normal else 0


def most_hits(value: Value) -> int:
    return 2 if value.superior else 1
