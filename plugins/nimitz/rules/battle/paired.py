"""10.12 AA fire and 10.15 ASW: attacks each aimed at one enemy unit, whose hits go to that unit
only (a second hit on a unit the first destroyed is lost).

AA (10.12): where ships and enemy aircraft share an area, each side's ships form two lines, the
escorts (BB, CA/CL, DD) firing first, then the carriers. Each ship fires once, at one enemy aircraft,
and each aircraft is fired at by one ship of each line; with more ships than aircraft, the highest
AA fire. Ground units and airfields have no AA. A US ship's AA hit may bring VT Fuze's extra hit on any
Japanese aircraft there; Air Defense System gives one more shot with a US ship's AA (10.5).

ASW (10.15): ships and submarines attack the enemy submarines in their area, each submarine attacked
by one unit only, the highest ASW first. Aircraft never attack submarines (2.7).

The player picks each shot's target, for Japan too (decisions ``aa-target``, ``asw-target``, 1.3).
Ships of equal value at the line's cut fire in the order of their ids: they fire alike."""

from __future__ import annotations

from ..state import JP, US
from . import agenda, markers
from .agenda import AGAIN, DONE, WAIT, Task
from .exchange import attack
from .hits import hits_task, offer_task
from .sheet import CARRIERS, ENEMY, ESCORTS, JP_SEA, Piece, Sheet, sheet
from .values import value_of

LINES = {"escort": ESCORTS, "carrier": CARRIERS}
ASW_SILENCED = "search-failure"  # 10.7 US submarines in the Japanese sea area do not attack


def aa_area(match, task: Task) -> str:
    """10.12 the AA of one area: each side's escort line, then its carrier line (Japan's first, as
    the play example reads; the two sides' fire does not meet), then the Air Defense System's shot if
    the player plays it."""
    area = task["area"]
    s = sheet(match)
    lines = [
        {"do": "aa-line", "area": area, "side": side, "line": line}
        for side in (JP, US)
        for line in LINES
        if s.aloft(ENEMY[side], area) and _shooters(match, s, side, area, line)
    ]
    extra = {"do": "aa-line", "area": area, "side": US, "line": "extra"}
    if _shooters(match, s, US, area, "extra"):
        lines.append(
            offer_task(
                "air-defense-system",
                [extra],
                f"AA in {area}",
                needs={"what": "aircraft", "area": area, "by": US},
            )
        )
    agenda.push(match, *lines)
    return DONE


def _shooters(match, s: Sheet, side: str, area: str, line: str) -> list[Piece]:
    """The line's ships with an AA value, the highest first (Air Defense System: the best one)."""
    ships = [
        p
        for p in s.in_area(side, area)
        if p.surface and (line == "extra" or p.type in LINES[line]) and value_of(match, p, "aa")
    ]
    ships.sort(key=lambda p: (-value_of(match, p, "aa").normal, -(value_of(match, p, "aa").superior or 0), p.unit_id))
    return ships[:1] if line == "extra" else ships


def aa_line(match, task: Task) -> str:
    s = sheet(match)
    side, area = task["side"], task["area"]
    if task.get("shooters") is None:
        ships = _shooters(match, s, side, area, task["line"])
        count = min(len(ships), len(s.aloft(ENEMY[side], area)))
        task = agenda.update(match, task, shooters=[p.unit_id for p in ships[:count]], fired=[])
    return _fire(match, task, "aa", "aa-target", "10.12", lambda s: s.aloft(ENEMY[side], area))


def asw_area(match, task: Task) -> str:
    """10.15 each side's ASW in one area: as many attackers as there are enemy submarines, the highest
    ASW first (US submarines in the Japanese sea area under Search Failure do not attack)."""
    s = sheet(match)
    area = task["area"]
    lines = []
    for side in (JP, US):
        subs = [p for p in s.in_area(ENEMY[side], area) if p.kind == "sub"]
        hunters = [p for p in s.in_area(side, area) if p.kind in ("ship", "sub") and value_of(match, p, "asw")]
        hunters = [p for p in hunters if not silenced(match, p)]
        hunters.sort(
            key=lambda p: (-value_of(match, p, "asw").normal, -(value_of(match, p, "asw").superior or 0), p.unit_id)
        )
        if subs and hunters:
            shooters = [p.unit_id for p in hunters[: len(subs)]]
            lines.append({"do": "asw-line", "area": area, "side": side, "shooters": shooters, "fired": []})
    agenda.push(match, *lines)
    return DONE


def silenced(match, unit: Piece) -> bool:
    """10.7 Search Failure: US submarines in the Japanese sea area cannot attack this round."""
    if unit.side != US or unit.kind != "sub" or unit.area != JP_SEA:
        return False
    return any(m.marker_id == ASW_SILENCED for _, m in markers.in_play(match, JP))


def asw_line(match, task: Task) -> str:
    side, area = task["side"], task["area"]
    return _fire(
        match,
        task,
        "asw",
        "asw-target",
        "10.15",
        lambda s: [p for p in s.in_area(ENEMY[side], area) if p.kind == "sub"],
    )


def _fire(match, task: Task, column: str, question: str, rule: str, enemies) -> str:
    """Each shooter of the task in turn at an enemy unit not fired at yet by this line."""
    s = sheet(match)
    side, area = task["side"], task["area"]
    shooters, fired = list(task["shooters"]), list(task["fired"])
    while shooters:
        unit = s.pieces.get(shooters[0])
        candidates = sorted(p.unit_id for p in enemies(s) if p.unit_id not in fired or task.get("line") == "extra")
        if unit is None or not candidates:
            shooters.pop(0)
            continue
        target = task.get("target")
        if target is None:
            target = _target(task, candidates, question)
            if target is None:
                prompt = f"{unit.unit_id} ({side}) fires {column.upper()} in {area}: at which enemy unit?"
                return agenda.ask(match, task, question, prompt, candidates, rule, shooter=unit.unit_id)
            task = agenda.settle(match, task, target=target)
        scored, task = attack(
            match, task, unit, column, f"{unit.unit_id} at {target} in {area}", rule, target=target, area=area
        )
        if scored is None:
            return WAIT
        shooters.pop(0)
        fired.append(target)
        task = agenda.settle(match, task, shooters=shooters, fired=fired, target=None)
        if scored:
            agenda.push(match, *_after_hit(match, side, unit, target, scored, column, area))
            return AGAIN if shooters else DONE
    return DONE


def _target(task: Task, candidates: list[str], question: str) -> str | None:
    if len(candidates) == 1:
        return candidates[0]
    chosen = agenda.answered(task, question)
    return chosen if chosen in candidates else None


def _after_hit(match, side: str, unit: Piece, target: str, scored: int, column: str, area: str) -> list[Task]:
    step = "aa" if column == "aa" else "asw"
    spec = {"what": "unit", "unit": target, "by": side}
    placing = [hits_task(ENEMY[side], spec, scored, step, f"{unit.unit_id}'s {column.upper()}")]
    if side == US and step == "aa":  # 10.5 VT Fuze: 1 more hit on any Japanese aircraft in the area, offered first
        extra = hits_task(JP, {"what": "aircraft", "area": area, "by": US}, 1, "aa", "vt-fuze", free=True)
        placing.insert(0, offer_task("vt-fuze", [extra], f"{unit.unit_id}'s AA hit {target}"))
    return placing
