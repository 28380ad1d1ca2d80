"""Small Fleet Commander: Nimitz positions, written as a few lines of text, and the rules' dice
scripted for a test.

A position expands into a custom scenario folder (docs/scenarios.md) whose map, counters and tables
are the shipped ones; only the year's set-up sheet (and, when given, its objectives) is the
position's, with ``stacks = "as-listed"`` so each stack is in the order its units are listed (the
first on top)::

    Japan: Kaga Akagi JP-Bn-01          units at a point or in a box (Japanese battalions not placed
    Midway: US-Bn-01 Lexington*         wait in the battalion box, 2.8); a trailing * sets a unit up
    objectives: Midway Solomons         damaged (the set-up file's status column); the year's
                                        objectives (default: the set-up sheet's)
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

from phaseline import Action, Match, Store
from phaseline.bots import run_bots
from phaseline.plugins import registry
from phaseline.scenario import load_custom

GAME = "fleet-commander-nimitz"
PROV = {"provenance": "placeholder", "source": "synthetic test position"}
DAMAGED = {True: "damaged", False: ""}  # a trailing * in a position: set up damaged (2.5); blank is full


def write_position(folder: Path, text: str, year: int = 1942) -> Path:
    """Write the scenario folder for ``text`` and return it."""
    setup, objectives = [], None
    for raw in text.strip().splitlines():
        place, _, names = raw.partition(":")
        if place.strip() == "objectives":
            objectives = names.split()
            continue
        setup += [
            {"unit_id": name.rstrip("*"), "place": place.strip(), "status": DAMAGED.get(name.endswith("*")), **PROV}
            for name in names.split()
        ]
    sheet = folder / "campaigns" / str(year)
    sheet.mkdir(parents=True, exist_ok=True)
    _write(sheet / "setup.csv", ["unit_id", "place", "status", "provenance", "source"], setup)
    if objectives is not None:
        _write(
            sheet / "objectives.csv",
            ["point_id", "provenance", "source"],
            [{"point_id": p, **PROV} for p in objectives],
        )
    (folder / "scenario.toml").write_text(
        f'game = "{GAME}"\nbase = "{year}"\ntitle = "test position"\nstacks = "as-listed"\n'
    )
    return folder


def _write(path: Path, columns: list[str], rows: list[dict]) -> None:
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, columns)
        writer.writeheader()
        writer.writerows(rows)


def position(store: Store, folder: Path, text: str, *, year: int = 1942, options: tuple[str, ...] = ()) -> Match:
    """A match of the position ``text`` (known seed), at the start of turn 1's US supply phase."""
    reg = registry()
    info, scenario = load_custom(write_position(folder, text, year), reg.games)
    return Match.create(store, reg, info.name, scenario, options=options, seed=7)


class Dice:
    """The rules' dice of a test: each roll whose purpose starts with a scripted prefix takes the
    next scripted face; any other roll (stack mixing, 3.3) is the match's own. Every roll is kept."""

    def __init__(self, match: Match, faces: list[int], prefix: str = "") -> None:
        self.match, self.faces, self.prefix = match, list(faces), prefix
        self.rolled: list[tuple[str, int]] = []
        self._own = match.roll
        match.roll = self.roll  # type: ignore[method-assign]

    def roll(self, purpose: str, rule: str | None = None, sides: int = 6, side: str | None = None, **more) -> int:
        if purpose.startswith(self.prefix) and not purpose.startswith("3.3") and self.faces:
            face = self.faces.pop(0)
            assert 1 <= face <= sides, f"a scripted {face} on a d{sides} ({purpose})"
        else:
            face = self._own(purpose, rule=rule, sides=sides, side=side, **more)
        self.rolled.append((purpose, face))
        return face


def play(match: Match, *orders: str) -> None:
    """Play the player's orders (``end`` too), letting the rules play Japan after each."""
    for order in orders:
        verb, *args = order.split()
        match.play(Action(verb, tuple(args)))
        run_bots(match, registry())


def answer_all(match: Match, choose=lambda choices: choices[0]) -> Iterator[dict]:
    """Answer every open decision (the first choice by default), yielding each."""
    while (decision := match.open_decision()) is not None:
        yield decision
        play(match, f"choose {choose(decision['choices'])}")


def where(match: Match, unit_id: str) -> str:
    return match.rows_of("unit_state")[(unit_id,)]["space_id"]


def status(match: Match, unit_id: str) -> str:
    return match.rows_of("unit_state")[(unit_id,)]["status"]


def state(match: Match) -> dict:
    return match.rows_of("fcn_state")[()]


def by_the_rules(match: Match, rule, *args):
    """Run a rule function as the engine would inside an action (a test's shortcut to one phase)."""
    with match.store.transaction(), match.events.held():
        match.ledger.begin(match.events.last_seq)
        result = rule(match, *args)
        match.flush()
    return result


def put(match: Match, table: str, key: dict, **values) -> None:
    """Change a row of the position (a damaged unit, supply markers already gained …)."""
    by_the_rules(match, lambda match: match.set(table, key, **values))
