"""10.17 ground combat: only ground units in their own position attack (those on the beach or still
on their transport cannot), each against the enemy ground units on the island or the enemy airfield;
the step is skipped where there is nothing to attack. The markers of the step, once its rolls are
made and before its hits are placed: 10.5 Artillery Support (US infantry on the island: 1 hit) and
Assault (one more attack with a US ground unit's value), which the player plays; 10.7 the Japanese
Artillery Support (Japanese ground units on the island: 1 hit on US infantry or the US airfield),
which acts by itself. Infantry Combat is a raise (values.py)."""

from __future__ import annotations

from phaseline import Event

from ..state import JP, US
from . import agenda, markers
from .agenda import DONE, Task
from .exchange import exchange_task, roll_attack
from .hits import targets
from .sheet import ISLAND, POSITION, Sheet, sheet
from .values import printed, value_of

SPECS = {side: {"what": "ground", "area": ISLAND, "by": side} for side in (US, JP)}


def ground_combat(match, task: Task) -> str:
    s = sheet(match)
    able = {side: bool(targets(match, s, SPECS[side])) for side in (US, JP)}
    queue = [
        [side, p.unit_id, "ground"]
        for side in (JP, US)
        if able[side]
        for p in s.of(side)
        if p.kind == "ground" and p.space == POSITION[side] and printed(p, "ground")
    ]
    if queue or any(able[side] and _extras(match, s, side) for side in (US, JP)):
        agenda.push(match, exchange_task("ground", ISLAND, queue, SPECS))
    return DONE


def _extras(match, s: Sheet, side: str) -> list[tuple[str, markers.Marker]]:
    return [(item, m) for item, m in markers.with_(match, side, "adds_attack", s) if m.adds_attack[0] == "ground"]


def extras(match, task: Task) -> str:
    """The step's markers, its rolls made: the player's offered in turn, Japan's by themselves; their
    hits join the step's (the place-hits task that follows)."""
    s = sheet(match)
    seen = list(task.get("seen", []))
    added = dict(task.get("added", {US: 0, JP: 0}))
    for item, m in _extras(match, s, US) if targets(match, s, SPECS[US]) else []:
        if item in seen:
            continue
        choice = agenda.answered(task, "bonus-use")
        if choice is None:
            prompt = f"ground combat on the island: play {item} ({m.effect})?"
            return agenda.ask(match, task, "bonus-use", prompt, ["play", "keep"], "10.5", marker=item)
        seen.append(item)
        if choice == "play":
            added[US] += _play(match, s, item, m)
        task = agenda.settle(match, task, seen=seen, added=added)
    for item, m in _extras(match, s, JP) if targets(match, s, SPECS[JP]) else []:
        markers.use(match, item)
        added[JP] += 1
        match.log(Event("note", side=JP, rule="10.7", purpose=f"{m.marker_id}: {m.effect}"))
    placing = next(t for t in agenda.tasks(match) if t["do"] == "place-hits")
    tally = {side: placing["tally"][side] + added[side] for side in (US, JP)}
    agenda.update(match, placing, tally=tally)
    return DONE


def _play(match, s: Sheet, item: str, m: markers.Marker) -> int:
    """A US marker of the step played: Artillery Support's hit, or Assault's attack (its hits)."""
    markers.use(match, item)
    match.log(Event("note", side=US, rule="10.5", purpose=f"{item} played: {m.effect}"))
    if m.adds_attack[1] == "hit":
        return 1
    unit = _best_ground(match, s)
    return roll_attack(
        match, unit, "ground", f"{unit.unit_id} in ISLAND ({item})", "10.17", area=ISLAND, step="ground"
    )[1]


def _best_ground(match, s: Sheet):
    """10.5 Assault: the attack of any US ground unit in the battle; the best value is taken."""
    units = [p for p in s.of(US) if p.kind == "ground" and printed(p, "ground")]
    return max(units, key=lambda p: (value_of(match, p, "ground").normal, p.unit_id))
