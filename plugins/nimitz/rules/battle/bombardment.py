"""10.16 naval bombardment: each side with surface ships in the coastal area bombards, each ship
rolling against its gunnery; its hits go, the cheapest first and a damaged unit first at equal cost,
to the enemy ships in the coastal area, the enemy ground units on the island (the island restriction,
10.10) and the enemy airfield, all together. Ships in the two sea areas never bombard. US
bombardment hits may bring Radar Gunnery's extra hit (10.5)."""

from __future__ import annotations

from .agenda import DONE, Task
from .exchange import open_fire
from .sheet import COASTAL


def bombardment(match, task: Task) -> str:
    open_fire(match, "bombard", COASTAL, "bombard", "gunnery", lambda p: p.surface)
    return DONE
