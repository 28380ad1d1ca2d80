"""10.11 air combat: in an area where aircraft of both sides fly and one at least has an air-combat
value, every aircraft with one rolls; hits go only to enemy aircraft in that area, the cheapest
first, a damaged one first at equal cost (both sides), and hits beyond them are lost. Air combat is
simultaneous. The aircraft of a First Strike, back on their carriers, cannot be attacked."""

from __future__ import annotations

from ..state import JP, US
from . import agenda
from .agenda import DONE, Task
from .exchange import exchange_task
from .sheet import sheet
from .values import printed


def air_combat(match, task: Task) -> str:
    area = task["area"]
    s = sheet(match)
    if not (s.aloft(US, area) and s.aloft(JP, area)):
        return DONE
    queue = [[p.side, p.unit_id, "air"] for side in (JP, US) for p in s.aloft(side, area) if printed(p, "air")]
    if queue:
        specs = {side: {"what": "aircraft", "area": area, "by": side} for side in (US, JP)}
        agenda.push(match, exchange_task("air", area, queue, specs))
    return DONE
