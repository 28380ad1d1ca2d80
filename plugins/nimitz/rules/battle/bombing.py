"""10.13 bombing: after AA, bombers attack enemy units in their area, each with one d10: over a sea
area or the coastal area with their anti-ship value against enemy ships (never submarines, 2.7),
over the island with their ground-attack value against enemy ground units (the island restriction,
10.10) and the airfield. Bombers of both sides in an area attack at once."""

from __future__ import annotations

from .agenda import DONE, Task
from .exchange import open_fire
from .sheet import ISLAND


def bombing(match, task: Task) -> str:
    area = task["area"]
    if area == ISLAND:
        open_fire(match, "bombing", area, "island", "ground", lambda p: p.aloft)
    else:
        open_fire(match, "bombing", area, "ships", "anti_ship", lambda p: p.aloft)
    return DONE
