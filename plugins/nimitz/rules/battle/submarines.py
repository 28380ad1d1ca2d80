"""10.14 torpedo attacks and the order of the submarine steps. A submarine attacks the enemy surface
ships in its area with its torpedo value (never ground units or airfields); then (10.15) ASW. The US
ASW marker (10.5), played when Japanese submarines could torpedo, puts ASW first this round. US
submarines in the Japanese sea area under Search Failure (10.7) do not attack."""

from __future__ import annotations

from phaseline import Event

from ..state import JP, US
from . import agenda, markers
from .agenda import DONE, Task
from .exchange import open_fire
from .hits import targets
from .paired import silenced
from .sheet import AREAS, sheet
from .values import printed


def submarine_steps(match, task: Task) -> str:
    """10.6 d. torpedo, e. ASW in every area, or the other way round if the player plays ASW."""
    torpedoes = [{"do": "torpedo", "area": area} for area in AREAS]
    asw = [{"do": "asw-area", "area": area} for area in AREAS]
    held = [item for item, _ in markers.with_(match, US, "reorders")]
    if not held or not _asw_first_matters(match):
        agenda.push(match, *torpedoes, *asw)
        return DONE
    choice = agenda.answered(task, "bonus-use")
    if choice is None:
        m = markers.marker(held[0])
        prompt = f"Japanese submarines are about to torpedo: play {held[0]} ({m.effect})?"
        return agenda.ask(match, task, "bonus-use", prompt, ["play", "keep"], "10.5", marker=held[0])
    if choice == "play":
        markers.use(match, held[0])
        match.log(Event("note", side=US, rule="10.5", purpose=f"{held[0]} played: ASW before torpedo this round"))
        agenda.push(match, *asw, *torpedoes)
    else:
        agenda.push(match, *torpedoes, *asw)
    return DONE


def _asw_first_matters(match) -> bool:
    """A Japanese submarine about to torpedo shares its area with a US unit that may attack it."""
    s = sheet(match)
    for sub in s.of(JP):
        if sub.kind != "sub" or not printed(sub, "torpedo"):
            continue
        if not targets(match, s, {"what": "ships", "area": sub.area, "by": JP}):
            continue
        hunters = [p for p in s.in_area(US, sub.area) if p.kind in ("ship", "sub") and printed(p, "asw")]
        if any(not silenced(match, p) for p in hunters):
            return True
    return False


def torpedo(match, task: Task) -> str:
    open_fire(match, "torpedo", task["area"], "ships", "torpedo", lambda p: p.kind == "sub" and not silenced(match, p))
    return DONE
