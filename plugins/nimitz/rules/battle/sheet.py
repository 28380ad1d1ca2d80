"""10.0 the battle sheet: four areas (the Japanese sea area, the coastal area, the island with each
side's position, beach and airfield, the US sea area), the carriers' decks beside them, and the units
on it as the battle's rules read them (side, kind, area, the values of the face they show), built
from the kept rows of the state tables without a query.

Where a unit stands is its ``unit_state.space_id`` (docs/nimitz.md): ships in an area, ground units
in their position, on their beach or, still on their transport, in the coastal area; aircraft at home
on their airfield or deck (a carrier aircraft aboard ``fcn_unit.aboard``), aloft in an area."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..state import JP, US, fcn_state

JP_SEA, COASTAL, ISLAND, US_SEA = "JP-SEA", "COASTAL", "ISLAND", "US-SEA"
AREAS = (JP_SEA, COASTAL, ISLAND, US_SEA)  # the steps go through them in the sheet's order (the play example)
TYPED = {"jp-sea": JP_SEA, "coastal": COASTAL, "island": ISLAND, "us-sea": US_SEA}
POSITION = {US: "US-POSITION", JP: "JP-POSITION"}
BEACH = {US: "US-BEACH", JP: "JP-BEACH"}
AIRFIELD = {US: "US-AIRFIELD", JP: "JP-AIRFIELD"}
DECK = {US: "US-DECK", JP: "JP-DECK"}
ON_ISLAND = frozenset({*POSITION.values(), *BEACH.values(), *AIRFIELD.values()})
SPACES = frozenset({*AREAS, *ON_ISLAND, *DECK.values()})
CARRIERS = frozenset({"CV", "CVL", "CVE"})
ESCORTS = frozenset({"BB", "CA", "CL", "DD"})
ENEMY = {US: JP, JP: US}
AIRFIELD_COST = 1  # 10.10 an airfield takes hits at cost 1, each a point of capacity


@dataclass(frozen=True)
class Piece:
    """A unit on the battle sheet."""

    unit_id: str
    side: str
    kind: str  # 'ship', 'sub', 'ground', 'air' (land aircraft) or 'carrier-air'
    type: str
    space: str
    status: str  # 'full' or 'damaged'
    cost: int  # 10.10 the hit-allocation cost (1 for every carrier)
    values: dict[str, Any]  # the face it shows (fcn_value): aa, gunnery, torpedo, asw, air, anti_ship, ground
    carrier: str | None  # a carrier aircraft's own carrier (its air group's)
    aboard: str | None  # the carrier a carrier aircraft stands on now
    transport: bool  # a ground unit still at sea (8.3, 9.1)
    marine: bool
    struck: bool  # 10.5, 10.7 it flew this round's First Strike: it sits the rest of the round out

    @property
    def area(self) -> str | None:
        """The area it is in: its own, the island for what stands there; None on a deck."""
        return ISLAND if self.space in ON_ISLAND else self.space if self.space in AREAS else None

    @property
    def aircraft(self) -> bool:
        return self.kind in ("air", "carrier-air")

    @property
    def aloft(self) -> bool:
        """An aircraft flying in an area this round (not at home on its airfield or deck)."""
        return self.aircraft and self.space in AREAS

    @property
    def surface(self) -> bool:
        return self.kind == "ship"

    @property
    def is_carrier(self) -> bool:
        return self.type in CARRIERS

    @property
    def bomber(self) -> bool:
        """2.7 an aircraft with an anti-ship or ground-attack value (one with only air combat is a fighter)."""
        return self.type == "bomber"

    @property
    def hit_points(self) -> int:
        return 1 if self.status == "damaged" else 2


@dataclass(frozen=True)
class Sheet:
    """The battle in progress: its point, its units by id, the airfields' capacities."""

    point: str
    pieces: dict[str, Piece]
    airfield: dict[str, int]

    def of(self, side: str) -> list[Piece]:
        return [p for p in self.pieces.values() if p.side == side]

    def in_area(self, side: str, area: str) -> list[Piece]:
        return [p for p in self.pieces.values() if p.side == side and p.area == area]

    def aloft(self, side: str, area: str) -> list[Piece]:
        return [p for p in self.in_area(side, area) if p.aloft]

    def ground_on_island(self, side: str) -> list[Piece]:
        """Ground units in the side's position or on its beach (not those still at sea)."""
        return [p for p in self.of(side) if p.kind == "ground" and p.space in ON_ISLAND]

    def land_aircraft(self, side: str) -> list[Piece]:
        """The side's land aircraft, based on its airfield whether at home or aloft."""
        return [p for p in self.of(side) if p.kind == "air"]

    def carriers(self, side: str) -> list[Piece]:
        return [p for p in self.of(side) if p.is_carrier]

    def on_sheet(self, side: str) -> bool:
        """Whether the side still has a unit on the sheet (10.6: the battle ends when one has none)."""
        return any(p.side == side for p in self.pieces.values())


def counters(match) -> dict[str, dict[str, Any]]:
    return match.static("fcn_counter", "unit_id")


def faces(match) -> dict[tuple[str, str], dict[str, Any]]:
    """2.5 every counter's printed values by (counter, face), read once."""
    sql = "SELECT * FROM fcn_value WHERE match_id = ?"
    return match.derived(
        ("fcn faces",), (), lambda: {(r["counter_id"], r["face"]): r for r in match.rows(sql, [match.match_id])}
    )


def kind_of(counter: dict[str, Any]) -> str:
    """'ship', 'sub', 'ground', 'air' or 'carrier-air'."""
    if counter["category"] == "aircraft":
        return "carrier-air" if counter["carrier_air"] else "air"
    if counter["category"] == "ship":
        return "sub" if counter["type"] == "SS" else "ship"
    return "ground"


def piece(match, unit_id: str, state: dict[str, Any], marks: dict[str, Any]) -> Piece:
    counter = counters(match)[unit_id]
    return Piece(
        unit_id=unit_id,
        side=counter["side"],
        kind=kind_of(counter),
        type=counter["type"],
        space=state["space_id"],
        status=state["status"],
        cost=counter["hit_cost"],
        values=faces(match)[(counter["counter_id"], state["status"])],
        carrier=counter["carrier"],
        aboard=marks.get("aboard"),
        transport=bool(marks.get("transport")),
        marine=counter["marine"],
        struck=bool(marks.get("struck")),
    )


def sheet(match) -> Sheet:
    """The units on the battle sheet now (none destroyed), from the kept rows."""
    marks = match.rows_of("fcn_unit")
    pieces = {
        unit_id: piece(match, unit_id, row, marks.get((unit_id,), {}))
        for (unit_id,), row in sorted(match.rows_of("unit_state").items())
        if row["space_id"] in SPACES and row["status"] != "destroyed"
    }
    state = fcn_state(match)
    return Sheet(state["battle_point"], pieces, {US: state["us_airfield"] or 0, JP: state["jp_airfield"] or 0})


def home_of(p: Piece) -> str:
    """Where an aircraft stands at home: its side's deck (a carrier aircraft) or airfield."""
    return DECK[p.side] if p.kind == "carrier-air" else AIRFIELD[p.side]
