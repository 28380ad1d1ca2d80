"""10.10 an exchange of fire: in one area and one combat step every attacker of both sides rolls its
d10, then each side's hits are placed. Fire within a step is simultaneous (10.11 says so for air
combat; in the play example's bombardment a cruiser just damaged still fires at full strength), so no
hit lands before every attacker has rolled. The log shows each attack: the value (and the markers
that raised it), the die and the hits; hits.py logs where each went.

The US markers that roll again (10.5 Siege, Sonar) are offered after a US roll that scored less
than it could; those that add a hit to a scoring step (Dogfight, Dive Bombing) once its rolls are
made, before its hits are placed; Radar Gunnery after each bombardment hit, on the unit hit. Kamikaze
(10.7, 1944-45): each Japanese anti-ship attack scores 1 hit more and its aircraft is lost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from phaseline import Event

from ..state import JP, US
from . import agenda, markers
from .agenda import DONE, WAIT, Task
from .hits import hits_task, offer_task, targets
from .sheet import ENEMY, Piece, sheet
from .values import hits, most_hits, printed, value_of

RULES = {  # each step's rule (10.10's numbers lost in the transcription: the rule index)
    "air": "10.11",
    "aa": "10.12",
    "bombing": "10.13",
    "torpedo": "10.14",
    "asw": "10.15",
    "bombard": "10.16",
    "ground": "10.17",
}
TOLD_AS = {"bombard": "naval gunfire"}  # 10.16 艦砲射撃: ship against ship as well as against the island
DAMAGED_FIRST = ("air", "bombard")  # 10.11, 10.16 damaged first at equal cost, for the US too
EXTRA_HIT = {"air": "dogfight", "bombing": "dive-bombing"}


def exchange_task(step: str, area: str, queue: list[list[str]], specs: dict[str, dict[str, Any]]) -> Task:
    """A task: ``queue`` ([side, unit, value column]) fire in ``area``; ``specs[side]``: what that side hits."""
    return {"do": "exchange", "step": step, "area": area, "queue": queue, "i": 0, "specs": specs}


def open_fire(match, step: str, area: str, what: str, column: str, fires: Callable[[Piece], bool]) -> None:
    """A step's fire in ``area``: every unit of either side there that ``fires`` and has a value
    ``column``, when its side has something to hit (``what``: a target spec's kind, hits.py)."""
    s = sheet(match)
    specs = {side: {"what": what, "area": area, "by": side} for side in (US, JP)}
    queue = [
        [side, p.unit_id, column]
        for side in (JP, US)
        if targets(match, s, specs[side])
        for p in s.in_area(side, area)
        if fires(p) and printed(p, column)
    ]
    if queue:
        agenda.push(match, exchange_task(step, area, queue, specs))


def roll_attack(match, unit, column: str, purpose: str, rule: str, **extra: Any) -> tuple[int, int]:
    """One attack's d10 (the rules' for Japan, the player's for the US), logged with its value:
    (die, hits; ``plus``: hits a marker adds to any roll, logged with it)."""
    value = value_of(match, unit, column)
    die = match.roll(f"{rule} {purpose} ({value.text()})", rule=rule, sides=10, side=unit.side)
    scored = hits(die, value)
    log_attack(match, unit, value, die, scored, purpose, rule, **extra)
    return die, scored


def log_attack(match, unit, value, die: int, scored: int, purpose: str, rule: str, **extra: Any) -> None:
    total = scored + extra.pop("plus", 0)
    result = f"{total} hit{'s' if total != 1 else ''}"
    match.log(
        Event(
            "combat",
            side=unit.side,
            unit_id=unit.unit_id,
            to_space=unit.area or unit.space,
            die=die,
            rule=rule,
            purpose=f"{purpose}: {value.text()}, die {die}: {result}",
            payload={**value.payload(), "die": die, "hits": total, "result": result, **extra},
        )
    )


def attack(match, task: Task, unit, column: str, purpose: str, rule: str, **extra: Any) -> tuple[int | None, Task]:
    """One attack of a task: rolled (or the roll the task keeps while a re-roll marker is offered),
    then, for a US roll that fell short, Siege or Sonar offered (10.5). (hits, the task as it now
    is); hits None: a question waits."""
    if task.get("die") is None:
        die, scored = roll_attack(match, unit, column, purpose, rule, **extra)
    else:
        die, scored = task["die"], task["scored"]
    reroll = _reroll_marker(match, unit, column, scored)
    if reroll is None:
        return scored, task
    choice = agenda.answered(task, "bonus-use")
    if choice is None:
        task = agenda.update(match, task, die=die, scored=scored)
        m = markers.marker(reroll)
        agenda.ask(
            match,
            task,
            "bonus-use",
            f"{unit.unit_id} rolled {die}: play {reroll} ({m.effect})?",
            ["play", "keep"],
            "10.5",
            marker=reroll,
        )
        return None, task
    if choice == "play":
        markers.use(match, reroll)
        extra.pop("plus", None)
        _, scored = roll_attack(match, unit, column, f"{purpose}, again ({reroll})", rule, **extra)
    return scored, agenda.settle(match, task, die=None, scored=None)


def exchange(match, task: Task) -> str:
    """Roll every attack of the task's queue in turn; then the step's own extras (the ground step's
    markers, ground_combat.py) and the hits' placing (place-hits)."""
    s = sheet(match)
    rule, step, area = RULES[task["step"]], task["step"], task["area"]
    tally = dict(task.get("tally", {US: 0, JP: 0}))
    lost = list(task.get("lost", []))
    i = task["i"]
    while i < len(task["queue"]):
        side, unit_id, column = task["queue"][i]
        unit = s.pieces.get(unit_id)
        if unit is None:  # gone before the exchange began (nothing lands during it)
            i += 1
            continue
        plus = _kamikaze_hit(match, s, unit, step, column, lost)
        task = {**task, "i": i, "tally": tally, "lost": lost}  # written with the question, if one is asked
        scored, task = attack(match, task, unit, column, f"{unit_id} in {area}", rule, area=area, step=step, plus=plus)
        if scored is None:
            return WAIT
        tally[side] += scored + plus
        i += 1
    placing = {"do": "place-hits", "step": step, "area": area, "specs": task["specs"], "tally": tally, "lost": lost}
    agenda.push(match, *([{"do": "ground-extras"}] if step == "ground" else []), placing)
    return DONE


def place_hits(match, task: Task) -> str:
    """The hits of both sides, US first, each side's after the markers that add one (10.5 Dogfight,
    Dive Bombing: offered before the hits are placed, their hit placed with the others)."""
    step, area, tally = task["step"], task["area"], task["tally"]
    placing = []
    for side in (US, JP):
        if not tally[side]:
            continue
        spec = task["specs"][side]
        flags = {"damaged_first": step in DAMAGED_FIRST, "radar": side == US and step == "bombard"}
        if side == US and step in EXTRA_HIT:
            why = f"the US scored in {step} in {area}"
            placing.append(offer_task(EXTRA_HIT[step], [], why, needs=spec, adds={"side": JP, "step": step}))
        told = f"{side} {TOLD_AS.get(step, step)} in {area}"
        placing.append(hits_task(ENEMY[side], spec, tally[side], step, told, **flags))
    if task["lost"]:
        placing.append({"do": "kamikaze-losses", "units": task["lost"]})
    agenda.push(match, *placing)
    return DONE


def _reroll_marker(match, unit, column: str, scored: int) -> str | None:
    """10.5 Siege (US ground attacks), Sonar (US ASW and torpedo): offered when the roll fell short."""
    if unit.side != US or scored >= most_hits(value_of(match, unit, column)):
        return None
    return next((item for item, m in markers.with_(match, US, "rerolls") if column in m.rerolls), None)


def _kamikaze_hit(match, s, unit, step: str, column: str, lost: list[str]) -> int:
    """10.7 Kamikaze: a Japanese anti-ship attack scores 1 hit more, and its aircraft is lost."""
    if unit.side != JP or step != "bombing" or column != "anti_ship":
        return 0
    if not any(m.marker_id == "kamikaze" for _, m in markers.in_play(match, JP, s)):
        return 0
    lost.append(unit.unit_id)
    return 1


def kamikaze_losses(match, task: Task) -> str:
    """10.7 Kamikaze: every aircraft that made an anti-ship attack is removed."""
    gone = [u for u in task["units"] if u in sheet(match).pieces]
    with match.held_updates():
        for unit_id in gone:
            match.set("unit_state", {"unit_id": unit_id}, status="destroyed")
    if gone:
        match.log(
            Event("note", side=JP, rule="10.7", purpose=f"kamikaze: {', '.join(gone)} lost", payload={"units": gone})
        )
    return DONE
