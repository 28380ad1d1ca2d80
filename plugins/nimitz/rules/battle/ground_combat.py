"""10.17 ground combat: only ground units in their own position attack (those on the beach or still
on their transport cannot), each against the enemy ground units on the island or the enemy airfield;
the step is skipped where there is nothing to attack. The markers of the step: 10.5 Artillery Support
(US infantry on the island: 1 hit) and Assault (one more attack with a US ground unit's value), which
the player plays; 10.7 the Japanese Artillery Support (Japanese ground units on the island: 1 hit on
US infantry or the US airfield) and Infantry Combat (a raise, values.py), which act by themselves."""

from __future__ import annotations

from phaseline import Event

from ..state import JP, US
from . import agenda, markers
from .agenda import DONE, Task
from .exchange import exchange_task
from .hits import targets
from .sheet import ISLAND, POSITION, sheet
from .values import printed, value_of


def ground_combat(game, task: Task) -> str:
    s = sheet(game)
    specs = {side: {"what": "ground", "area": ISLAND, "by": side} for side in (US, JP)}
    able = {side: bool(targets(game, s, specs[side])) for side in (US, JP)}
    queue = [
        [side, p.unit_id, "ground"]
        for side in (JP, US)
        if able[side]
        for p in s.of(side)
        if p.kind == "ground" and p.space == POSITION[side] and printed(p, "ground")
    ]
    tally = {US: 0, JP: 0}
    seen, played = list(task.get("seen", [])), list(task.get("played", []))
    offers = [(item, m) for item, m in markers.with_(game, US, "adds_attack", s) if m.adds_attack[0] == "ground"]
    for item, m in offers if able[US] else []:
        if item in seen:
            continue
        choice = agenda.answered(task, "bonus-use")
        if choice is None:
            prompt = f"ground combat on the island: play {item} ({m.effect})?"
            return agenda.ask(game, task, "bonus-use", prompt, ["play", "keep"], "10.5", marker=item)
        seen.append(item)
        played += [item] if choice == "play" else []
        task = agenda.settle(game, task, seen=seen, played=played)
    for item in played:
        m = markers.marker(item)
        markers.use(game, item)
        if m.adds_attack[1] == "hit":
            tally[US] += 1
        else:
            queue.append([US, _best_ground(game, s), "ground"])
        game.log(Event("note", side=US, rule="10.5", purpose=f"{item} played: {m.effect}"))
    for item, m in markers.with_(game, JP, "adds_attack", s) if able[JP] else []:
        markers.use(game, item)
        tally[JP] += 1
        game.log(Event("note", side=JP, rule="10.7", purpose=f"{m.marker_id}: {m.effect}"))
    if queue or any(tally.values()):
        agenda.push(game, {**exchange_task("ground", ISLAND, queue, specs), "tally": tally})
    return DONE


def _best_ground(game, s) -> str:
    """10.5 Assault: the attack of any US ground unit in the battle; the best value is taken."""
    units = [p for p in s.of(US) if p.kind == "ground" and printed(p, "ground")]
    return max(units, key=lambda p: (value_of(game, p, "ground").normal, p.unit_id)).unit_id
