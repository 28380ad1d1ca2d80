"""10.13 bombing: after AA, bombers attack enemy units in their area, each with one d10: over a sea
area or the coastal area with their anti-ship value against enemy ships (never submarines, 2.7),
over the island with their ground-attack value against enemy ground units (the island restriction,
10.10) and the airfield. Bombers of both sides in an area attack at once."""

from __future__ import annotations

from ..state import JP, US
from . import agenda
from .agenda import DONE, Task
from .exchange import exchange_task
from .hits import targets
from .sheet import ISLAND, sheet
from .values import printed


def bombing(game, task: Task) -> str:
    area = task["area"]
    s = sheet(game)
    column = "ground" if area == ISLAND else "anti_ship"
    what = "island" if area == ISLAND else "ships"
    specs = {side: {"what": what, "area": area, "by": side} for side in (US, JP)}
    queue = [
        [side, p.unit_id, column]
        for side in (JP, US)
        if targets(game, s, specs[side])
        for p in s.aloft(side, area)
        if printed(p, column)
    ]
    if queue:
        agenda.push(game, exchange_task("bombing", area, queue, specs))
    return DONE
