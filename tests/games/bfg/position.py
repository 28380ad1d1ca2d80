"""Small synthetic Battle for Germany positions, written as a few lines of text.

A position expands into a custom scenario folder (docs/scenarios.md) whose charts
are the shipped ones, so rule tests never depend on the reconstructed map or set-up::

    map 6x8                      rows 01–06 (south→north), columns 01–08 (west→east), clear, zone W
    terrain rough 0303 0304
    zone E cols 05-08            or: zone E 0105 0106 …
    region YUG 0101 0102
    city Berlin 0404 10          Berlin's hex also gets zone B
    fortress 0303
    river 0303-0304 0304-0404    hexsides
    prohibited 0202-0203
    unit US1 WA US corps 7-4-8 0202
    unit G1 GER HEER corps 2-3-4 0303     Germans take the force of their hex's zone
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

from phaseline import Action, Match, Store
from phaseline.plugins import registry
from phaseline.resources import data_dir
from phaseline.scenario import load_custom

CHARTS = ("tables/crt.csv", "tables/terrain.csv", "tables/borders.csv", "tables/features.csv", "tables/turns.csv")
PROV = {"provenance": "placeholder", "source": "synthetic test position"}


def write_position(folder: Path, text: str, scenario: str = "historical", turns: tuple[int, int] = (1, 10)) -> Path:
    """Write the scenario folder for ``text`` and return it."""
    hexes: dict[str, dict[str, str]] = {}
    sides, units, setup = [], [], []
    for raw in text.strip().splitlines():
        words = raw.split("#")[0].split()
        if not words:
            continue
        kind, args = words[0], words[1:]
        if kind == "map":
            rows, cols = (int(n) for n in args[0].split("x"))
            for r in range(1, rows + 1):
                for c in range(1, cols + 1):
                    hexes[f"{r:02d}{c:02d}"] = {
                        "terrain": "clear",
                        "name": "",
                        "region": "GER",
                        "zone": "W",
                        "vp": "0",
                        "fortress": "false",
                    }
        elif kind == "terrain":
            for label in args[1:]:
                hexes[label]["terrain"] = args[0]
        elif kind == "zone":
            for label in _labels(hexes, args[1:]):
                hexes[label]["zone"] = args[0]
        elif kind == "region":
            for label in _labels(hexes, args[1:]):
                hexes[label]["region"] = args[0]
        elif kind == "city":
            name, label, vp = args
            hexes[label].update(name=name, vp=vp)
            if name == "Berlin":
                hexes[label]["zone"] = "B"
        elif kind == "fortress":
            for label in args:
                hexes[label]["fortress"] = "true"
        elif kind in ("river", "prohibited", "sea"):
            sides += [(*pair.split("-"), kind) for pair in args]
        elif kind == "unit":
            unit_id, bloc, nationality, size, values, where = args
            attack, defense, movement = values.split("-")
            units.append(
                {
                    "unit_id": unit_id,
                    "name": unit_id,
                    "nationality": nationality,
                    "bloc": bloc,
                    "size": size,
                    "attack": attack,
                    "defense": defense,
                    "movement": movement,
                }
            )
            setup.append({"unit_id": unit_id, "location": where})
        else:
            raise ValueError(f"unknown position line: {raw!r}")
    folder.mkdir(parents=True, exist_ok=True)
    _csv(folder / "map/hexes.csv", [{"space_id": k, **v} for k, v in sorted(hexes.items())])
    _csv(
        folder / "map/hexsides.csv",
        [{"a": a, "b": b, "kind": k, "name": ""} for a, b, k in sides],
        ["a", "b", "kind", "name"],
    )
    _csv(
        folder / "units.csv", units, ["unit_id", "name", "nationality", "bloc", "size", "attack", "defense", "movement"]
    )
    _csv(folder / f"setups/{_setup_name(scenario)}.csv", setup, ["unit_id", "location"])
    for chart in CHARTS:
        (folder / chart).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(data_dir("scenarios") / "bfg" / chart, folder / chart)
    (folder / "scenario.toml").write_text(
        f'game = "battle-for-germany"\nbase = "{scenario}"\ntitle = "test position"\n'
        f"first_turn = {turns[0]}\nlast_turn = {turns[1]}\n"
    )
    return folder


def _setup_name(scenario: str) -> str:
    return "rsws" if scenario == "rsws" else "historical"


def _labels(hexes: dict[str, dict[str, str]], args: list[str]) -> list[str]:
    if args and args[0] == "cols":
        low, high = (int(n) for n in args[1].split("-"))
        return [k for k in hexes if low <= int(k[2:]) <= high]
    if args and args[0] == "rows":
        low, high = (int(n) for n in args[1].split("-"))
        return [k for k in hexes if low <= int(k[:2]) <= high]
    return args


def _csv(path: Path, rows: list[dict[str, str]], columns: list[str] | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    names = [*(columns or (list(rows[0]) if rows else [])), *PROV]
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=names)
        writer.writeheader()
        for row in rows:
            writer.writerow({**row, **PROV})


def new_match(
    tmp_path: Path,
    text: str,
    *,
    scenario: str = "historical",
    options: tuple[str, ...] = (),
    seed: int = 1,
    turns: tuple[int, int] = (1, 10),
) -> Match:
    """A match of the position on a fresh in-memory store (sides all human)."""
    folder = write_position(tmp_path / "position", text, scenario, turns)
    reg = registry()
    info, chosen = load_custom(folder, reg.games)
    return Match.create(Store.open(":memory:"), reg, info.name, chosen, options=options, seed=seed)


def advance_to(match: Match, step: str, turn: int | None = None) -> Match:
    """End steps until the match stands at ``step`` (of ``turn``, default the current one)."""
    target_turn = turn or match.clock.turn
    for _ in range(200):
        clock = match.clock
        if clock.step == step and clock.turn == target_turn:
            return match
        match.play(Action("end"))
    raise AssertionError(f"never reached {step} of turn {target_turn}")


def force_rolls(match: Match, *dice: int) -> None:
    """Make the next rolls come out as ``dice`` (tests only): picks roll numbers that give them."""
    from phaseline.dice import roll

    numbers, n = [], match.events.next_roll_no()
    for die in dice:
        while roll(match.seed, n) != die:
            n += 1
        numbers.append(n)
        n += 1
    match.force_rolls(numbers)


def snapshot(match: Match) -> tuple:
    """Everything a refusal must leave untouched: units, BfG state, the log's length, the clock."""
    return (
        match.rows("SELECT * FROM unit_state WHERE match_id = ? ORDER BY unit_id", [match.match_id]),
        match.rows("SELECT * FROM bfg_unit WHERE match_id = ? ORDER BY unit_id", [match.match_id]),
        match.rows("SELECT * FROM bfg_state WHERE match_id = ?", [match.match_id]),
        match.one("SELECT max(seq) FROM event WHERE match_id = ?", [match.match_id]),
        match.clock,
    )


def refused(match: Match, action: Action, rule: str):
    """Play ``action``, expect a RuleViolation citing ``rule``, and check nothing changed."""
    import pytest
    from phaseline import RuleViolation

    before = snapshot(match)
    with pytest.raises(RuleViolation) as excinfo:
        match.play(action)
    assert excinfo.value.rule == rule, excinfo.value
    assert snapshot(match) == before
    return excinfo.value


def state(match: Match, unit_id: str) -> dict:
    """A unit's unit_state row."""
    return match.rows("SELECT * FROM unit_state WHERE match_id = ? AND unit_id = ?", [match.match_id, unit_id])[0]


def where(match: Match, unit_id: str) -> str:
    """The space a unit stands in."""
    return match.one("SELECT space_id FROM unit_state WHERE match_id = ? AND unit_id = ?", [match.match_id, unit_id])
