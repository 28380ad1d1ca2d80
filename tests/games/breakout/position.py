"""Small synthetic Breakout: Normandy positions, written as a few lines of text.

A position expands into a custom scenario folder (docs/scenarios.md); the charts
(tables/*.csv) are the shipped ones, so rule tests never depend on the reconstructed
map or set-up::

    area 1 clear 1                 id, terrain, TEM; then any of: bocage, vp=N, zone=A, port=major
    area ZA zone                   a zone box (terrain zone)
    area B2 sea                    an approach (or offshore) box
    border 1-2 river               clear | river | water | arrow | landing (box-beach) | sea
    bridge BR1 1-2 german          a bridge on the 1-2 border (german | allied | destroyed)
    beach Omaha 2 works            a beach area with intact defensive works (box=B2 nat=UK depots=2 mulberry=A)
    unit U1 allied US infantry 3-4-3/2 1 Spent div=29th
    unit P1 allied US infantry 3-4-3/2 1 arrive=6 method=drop   a unit of the arrival schedule (4.33)
    turn 2 1944-06-07 1 Overcast   another day of the turn record track (turn, date, week, weather)
    weather Overcast               the first turn's printed weather
    control 3 US                   an area's controller at the start
"""

from __future__ import annotations

import csv
from pathlib import Path

from phaseline import Event, Match, Store
from phaseline.games.breakout.loading import AREA_COLUMNS, UNIT_COLUMNS
from phaseline.games.breakout.rules.demolition import note_start
from phaseline.plugins import registry
from phaseline.scenario import load_custom

PROV = {"provenance": "placeholder", "source": "synthetic test position"}
AREA_COLS = list(AREA_COLUMNS)
UNIT_COLS = [*UNIT_COLUMNS, "oob_provenance", "oob_source"]


def write_position(folder: Path, text: str) -> tuple[Path, dict]:
    areas: dict[str, dict[str, str]] = {}
    borders, bridges, beaches, units, setup = [], [], [], [], []
    after: dict = {"status": {}, "control": {}}
    weather = None
    days: list[dict[str, str]] = []
    for raw in text.strip().splitlines():
        words = raw.split("#")[0].split()
        if not words:
            continue
        kind, args = words[0], words[1:]
        if kind == "area":
            area_id, terrain = args[0], args[1]
            is_zone, is_box = terrain == "zone", terrain in ("zone", "sea")
            row = {
                "area_id": area_id,
                "name": f"Area {area_id}",
                "kind": "box" if is_box else "area",
                "terrain": terrain,
                "tem": "" if is_box else (args[2] if len(args) > 2 else "1"),
                "bocage": "false",
                "vp": "0",
                "zone": area_id[-1] if is_zone else "",
                "beach": "",
                "port": "",
                "naval_colour": "",
                "x": str(len(areas)),
                "y": "0",
            }
            for extra in args[3:]:
                if extra == "bocage":
                    row["bocage"] = "true"
                elif "=" in extra:
                    key, value = extra.split("=")
                    row[key] = value
            areas[area_id] = row
        elif kind == "border":
            a, b = args[0].split("-")
            borders.append({"a": a, "b": b, "kind": args[1] if len(args) > 1 else "clear", "river": "", "bridge": ""})
        elif kind == "bridge":
            bridge_id, pair, state = args
            a, b = pair.split("-")
            for border in borders:
                if {border["a"], border["b"]} == {a, b}:
                    border["bridge"] = bridge_id
            bridges.append({"bridge_id": bridge_id, "a": a, "b": b, "name": bridge_id, "initial_state": state})
        elif kind == "beach":
            name, area_id, *rest = args
            areas[area_id]["beach"] = name
            beach = {
                "beach": name,
                "area_id": area_id,
                "nationality": "US",
                "approach_box": area_id,
                "depots_per_day": "1",
                "works": "true" if "works" in rest else "false",
                "mulberry": "",
            }
            for extra in rest:  # box=B2, nat=UK, depots=2, mulberry=A
                if "=" in extra:
                    key, value = extra.split("=")
                    beach[{"box": "approach_box", "nat": "nationality", "depots": "depots_per_day"}.get(key, key)] = (
                        value
                    )
            beaches.append(beach)
        elif kind == "unit":
            unit_id, side, nationality, utype, values, where, *rest = args
            strengths, _, spent = values.partition("/")
            attack, defense, movement = strengths.split("-")
            row = {
                "unit_id": unit_id,
                "name": unit_id,
                "side": side,
                "nationality": nationality,
                "ss": "false",
                "division": "",
                "type": utype,
                "subtype": "",
                "art_kind": "",
                "size": "III",
                "attack": attack,
                "defense": defense,
                "movement": movement,
                "spent_defense": spent or str(max(0, int(defense) - 2)),
                "oob_provenance": "placeholder",
                "oob_source": "test",
            }
            for extra in rest:
                if "=" in extra:
                    key, value = extra.split("=")
                    row[{"div": "division", "art": "art_kind"}.get(key, key)] = value
                else:
                    after["status"][unit_id] = extra
            arrival = {"arrival_day": row.pop("arrive", ""), "method": row.pop("method", "start")}
            units.append(row)
            setup.append({"unit_id": unit_id, "space_id": where, **arrival})
        elif kind == "weather":
            weather = args[0]
        elif kind == "turn":
            turn, date, week, start = args
            days.append(
                {
                    "turn": turn,
                    "date": date,
                    "week": week,
                    "start_weather": start,
                    "reinforcements": "",
                    "vp_required": "",
                }
            )
        elif kind == "control":
            after["control"][args[0]] = args[1]
        else:
            raise ValueError(f"unknown position line: {raw!r}")
    folder.mkdir(parents=True, exist_ok=True)
    _csv(folder / "map/areas.csv", list(areas.values()), AREA_COLS)
    _csv(folder / "map/borders.csv", borders, ["a", "b", "kind", "river", "bridge"])
    _csv(folder / "map/bridges.csv", bridges, ["bridge_id", "a", "b", "name", "initial_state"])
    _csv(
        folder / "map/beaches.csv",
        beaches,
        ["beach", "area_id", "nationality", "approach_box", "depots_per_day", "works", "mulberry"],
    )
    _csv(folder / "units.csv", units, UNIT_COLS)
    _csv(folder / "setup.csv", setup, ["unit_id", "space_id", "arrival_day", "method"])
    turns = [
        {
            "turn": "1",
            "date": "1944-06-06",
            "week": "1",
            "start_weather": weather or "Clear",
            "reinforcements": "",
            "vp_required": "10",
        },
        *days,
    ]
    _csv(folder / "tables/turns.csv", turns, list(turns[0]))
    (folder / "scenario.toml").write_text(
        'game = "breakout-normandy"\nbase = "d-day"\ntitle = "test position"\nfirst_turn = 1\n'
        f"last_turn = {len(turns)}\n"
    )
    return folder, after


def _csv(path: Path, rows: list[dict[str, str]], columns: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=[*columns, *PROV])
        writer.writeheader()
        for row in rows:
            writer.writerow({**row, **PROV})


def new_match(tmp_path: Path, text: str, *, seed: int = 1) -> Match:
    """A match of the position on a fresh in-memory store, at the German impulse 0."""
    folder, after = write_position(tmp_path / "position", text)
    return match_of(folder, after, seed=seed)


def match_of(
    folder: Path,
    after: dict,
    *,
    seed: int = 1,
    options: tuple[str, ...] = (),
    controllers: dict[str, str] | None = None,
) -> Match:
    """A match of a written position folder, with the conditions and control ``after`` set up."""
    reg = registry()
    info, chosen = load_custom(folder, reg.games)
    store = Store.open(":memory:")
    match = Match.create(store, reg, info.name, chosen, seed=seed, options=options, controllers=controllers)
    if after["status"] or after["control"]:
        with match.store.transaction():
            match.log(Event("note", purpose="test position: conditions and control"))
            for unit_id, status in after["status"].items():
                match.set("unit_state", {"unit_id": unit_id}, status=status)
            for space, controller in after["control"].items():
                match.set("space_control", {"space_id": space}, controller=controller)
            note_start(match)  # 20.4: the position is the state as German impulse 0 begins
    return match


def script_dice(match, monkeypatch, dice: list[int]) -> list[int]:
    """Make the next rolls of ``game`` these dice (and log them as usual)."""
    queue = list(dice)
    original = match.roll

    def roll(purpose, *, rule=None, sides=6, side=None):
        die = queue.pop(0)
        match.log(Event(kind="note", side=side, purpose=f"scripted die {die}: {purpose}", rule=rule))
        return die

    monkeypatch.setattr(match, "roll", roll)
    del original
    return queue
