"""10.16 naval bombardment: each side with surface ships in the coastal area bombards, each ship
rolling against its gunnery; its hits go, the cheapest first and a damaged unit first at equal cost,
to the enemy ships in the coastal area, the enemy ground units on the island (the island restriction,
10.10) and the enemy airfield, all together. Ships in the two sea areas never bombard. US
bombardment hits may bring Radar Gunnery's extra hit (10.5)."""

from __future__ import annotations

from ..state import JP, US
from . import agenda
from .agenda import DONE, Task
from .exchange import exchange_task
from .hits import targets
from .sheet import COASTAL, sheet
from .values import printed


def bombardment(game, task: Task) -> str:
    s = sheet(game)
    specs = {side: {"what": "bombard", "area": COASTAL, "by": side} for side in (US, JP)}
    queue = [
        [side, p.unit_id, "gunnery"]
        for side in (JP, US)
        if targets(game, s, specs[side])
        for p in s.in_area(side, COASTAL)
        if p.surface and printed(p, "gunnery")
    ]
    if queue:
        agenda.push(game, exchange_task("bombard", COASTAL, queue, specs))
    return DONE
