"""10.5, 10.7 First Strike. Drawn by Japan while the player holds the US First Strike, both markers
are removed before either acts. Else:

US (10.5): at the start of a round, before any other US aircraft flies, the player may roll for it
(``strike CARRIER AREA``): on 7 or more the aircraft of that carrier fly to the area, face AA there
(never air combat), make their anti-ship or ground attacks and return, and the marker is spent; on 6
or less nothing happens and the marker is kept for a later round. The strike's aircraft sit the rest
of the round out (digest §9.2: neither side's strike acts again that round).

Japan (10.7): the carrier with the most aircraft aboard (the player picks among equals, decision
``first-strike-carrier``) sends its bombers as if its destination roll were a 10; they face AA and
attack, then return. A US carrier damaged by the strike loses all its aircraft before launching
them; US land aircraft beyond an airfield the strike damaged are removed at once (decision
``us-air-removal``)."""

from __future__ import annotations

from phaseline import Action, Event
from phaseline.errors import InvalidOrder

from ..state import JP, US, fcn_state, set_state
from ..units import units_named
from . import agenda, markers
from .agenda import DONE, Task
from .air_moves import bomber_target, destination, send
from .sheet import DECK, TYPED, sheet

STRIKE_AT = 7  # 10.5 the US First Strike acts on a d10 of 7 or more


def check(match, task: Task) -> str:
    """10.7 at the start of a round, after the draw: the two First Strikes cancel; Japan's acts."""
    japanese = markers.with_(match, JP, "strike")
    if not japanese:
        return DONE
    american = markers.with_(match, US, "strike")
    markers.use(match, japanese[0][0])
    if american:
        markers.use(match, american[0][0])
        match.log(Event("note", side=JP, rule="10.7", purpose="both sides' First Strike markers are removed unused"))
        return DONE
    agenda.push(match, {"do": "jp-first-strike"})
    return DONE


def japanese_strike(match, task: Task) -> str:
    s = sheet(match)
    counts = {
        c.unit_id: sum(1 for p in s.of(JP) if p.kind == "carrier-air" and p.aboard == c.unit_id) for c in s.carriers(JP)
    }
    most = max(counts.values(), default=0)
    tied = sorted(c for c, n in counts.items() if n == most and n > 0)
    if not tied:
        match.log(Event("note", side=JP, rule="10.7", purpose="First Strike: no Japanese carrier has aircraft aboard"))
        return DONE
    carrier = tied[0] if len(tied) == 1 else agenda.answered(task, "first-strike-carrier")
    if carrier is None:
        prompt = f"First Strike: which of the Japanese carriers with {most} aircraft strikes?"
        return agenda.ask(match, task, "first-strike-carrier", prompt, tied, "10.7")
    bombers = sorted(p.unit_id for p in s.of(JP) if p.kind == "carrier-air" and p.aboard == carrier and p.bomber)
    area, passed = destination(10, lambda a: bomber_target(s, a)) if bombers else (None, [])
    if not bombers or area is None:
        match.log(Event("note", side=JP, rule="10.7", purpose=f"First Strike: {carrier}'s bombers find no target"))
        return DONE
    send(match, bombers, area, f"{carrier}'s First Strike", 10, passed, "First Strike: roll")
    _mark_struck(match, bombers)
    agenda.push(
        match,
        {"do": "aa-area", "area": area},
        {"do": "bombing", "area": area},
        {"do": "strike-home", "units": bombers},
        {"do": "jp-strike-after"},
    )
    return DONE


def _mark_struck(match, units: list[str]) -> None:
    with match.held_updates():
        for unit_id in units:
            match.set("fcn_unit", {"unit_id": unit_id}, struck=True)


def strike_home(match, task: Task) -> str:
    """The strike's aircraft back on their carriers' decks (they act no more this round)."""
    s = sheet(match)
    with match.held_updates():
        for unit_id in task["units"]:
            if unit_id in s.pieces:
                match.set("unit_state", {"unit_id": unit_id}, space_id=DECK[s.pieces[unit_id].side])
    return DONE


def after_japanese_strike(match, task: Task) -> str:
    """10.7 a US carrier damaged by the strike loses its aircraft; land aircraft over the airfield go."""
    s = sheet(match)
    sound = {c.unit_id for c in s.carriers(US) if c.status == "full"}
    lost = sorted(p.unit_id for p in s.of(US) if p.kind == "carrier-air" and p.aboard not in sound)
    with match.held_updates():
        for unit_id in lost:
            match.set("unit_state", {"unit_id": unit_id}, status="destroyed")
    if lost:
        match.log(
            Event("note", side=US, rule="10.7", purpose=f"First Strike: {', '.join(lost)} lost with their carriers")
        )
    agenda.push(match, {"do": "air-removal", "side": US, "pool": "land"})
    return DONE


# --- 10.5 the player's strike ----------------------------------------------------------------


def strike_refusal(match, s, carrier: str | None, area: str | None) -> tuple[str, str] | None:
    state = fcn_state(match)
    if not markers.with_(match, US, "strike"):
        return "10.5", "you hold no First Strike marker in this battle"
    if state["strike_tried"]:
        return "10.5", "the First Strike was rolled for this round already"
    if state["battle_flown"]:
        return "10.5", "the First Strike comes before any other US aircraft flies"
    unit = s.pieces.get(carrier) if carrier else None
    if unit is None or unit.side != US or not unit.is_carrier or unit.status != "full":
        return "10.5", f"{carrier} is not an undamaged US carrier in the battle"
    if not [p for p in s.of(US) if p.kind == "carrier-air" and p.aboard == carrier and not p.aloft]:
        return "10.5", f"{carrier} has no aircraft aboard"
    if area == "JP-SEA" and any(m.marker_id == "search-failure" for _, m in markers.in_play(match, JP)):
        return "10.7", "Search Failure: no US aircraft into the Japanese sea area this round"
    return None


def strike(match, action: Action) -> None:
    """``strike CARRIER AREA``: the US First Strike's roll and, on 7 or more, its flight (10.5)."""
    if len(action.args) != 2:
        raise InvalidOrder("strike takes CARRIER AREA (jp-sea, coastal, island or us-sea)")
    area = TYPED.get(action.args[1].lower())
    if area is None:
        raise InvalidOrder(f"no area {action.args[1]!r} (jp-sea, coastal, island or us-sea)")
    carrier = units_named(match, action.args[0], rule="10.5")[0]
    s = sheet(match)
    refused = strike_refusal(match, s, carrier, area)
    if refused:
        raise match.violation(refused[1], rule=refused[0])
    set_state(match, strike_tried=True)
    die = match.roll(f"10.5 First Strike from {carrier} (7 or more)", rule="10.5", sides=10, side=US)
    if die < STRIKE_AT:
        match.log(Event("note", side=US, die=die, rule="10.5", purpose=f"First Strike: die {die}, the marker is kept"))
        return
    markers.use(match, markers.with_(match, US, "strike")[0][0])
    planes = sorted(p.unit_id for p in s.of(US) if p.kind == "carrier-air" and p.aboard == carrier)
    with match.held_updates():
        for unit_id in planes:
            match.set("unit_state", {"unit_id": unit_id}, space_id=area)
    _mark_struck(match, planes)
    match.log(
        Event(
            "note",
            side=US,
            die=die,
            to_space=area,
            rule="10.5",
            purpose=f"First Strike: die {die}, {', '.join(planes)} to {area}",
        )
    )
    agenda.push(
        match, {"do": "aa-area", "area": area}, {"do": "bombing", "area": area}, {"do": "strike-home", "units": planes}
    )


def strikes(match, s) -> list[Action]:
    return [
        Action("strike", (c.unit_id, typed), US)
        for c in s.carriers(US)
        for typed, area in TYPED.items()
        if strike_refusal(match, s, c.unit_id, area) is None
    ]
