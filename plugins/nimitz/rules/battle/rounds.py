"""10.3 the number of rounds, 10.4 the Japanese battle-plan count, a round's start (10.7 the draw)
and its end (10.6 step 8), and the battle's end.

10.3: a d10 on the combat-round track gives the rounds; the marker moves down a box at the end of
each round and the battle ends when it leaves the track, or when only one side has units on the
sheet. 10.4: the Japanese units moved from the map onto the sheet (ships, submarines, ground units
even on transports, land aircraft; not carrier aircraft or transports) give, on the battle-plan
table, the markers Japan draws each round, fixed for the battle whatever its losses. 10.7: each
round Japan draws them from the cup; an empty cup is filled again with the used markers, so the cup
goes on from battle to battle. At the round's end Battle Duration (10.7) and Engagement (10.5) add or
take away a round, and the markers drawn are discarded (Escort Fleet stays until it acts). Japanese
units still at Hawaii after the first round of the battle there lose the campaign (victory.py)."""

from __future__ import annotations

from phaseline import Event
from phaseline.errors import ScenarioError

from ...board import HAWAII
from ..state import JP, US, fcn_state, set_state, year
from ..units import battalion_box
from ..victory import hawaii_defeat
from . import agenda, entry, markers
from .agenda import DONE, Task
from .markers import CUP, JP_DRAWN, JP_USED
from .sheet import POSITION, sheet


def set_battle(match, task: Task) -> str:
    """After placement: nothing to fight, or 10.3 the rounds and 10.4 the plan count."""
    s = sheet(match)
    point = s.point
    if not (s.on_sheet(US) and s.on_sheet(JP)):
        match.log(Event("note", side=US, rule="10.0", purpose=f"at {point} only one side is on the battle sheet"))
        if point == HAWAII and s.on_sheet(JP):  # no round can take the Japanese off Hawaii
            hawaii_defeat(match)
            return DONE
        entry.leave(match)
        return DONE
    roll = match.roll(f"10.3 combat rounds at {point}", rule="10.3", sides=10, side=JP)
    track = match.static("fcn_combat_rounds", "roll")
    if roll not in track:
        raise ScenarioError(f"the combat-round track has no box for a roll of {roll}", path="tables/combat_rounds.csv")
    rounds = track[roll]["rounds"]
    counted = [p.unit_id for p in s.of(JP) if p.kind != "carrier-air"]
    draws = next(
        (
            r["draws"]
            for r in match.static("fcn_battle_plan", "low").values()
            if r["low"] <= len(counted) and (r["high"] is None or len(counted) <= r["high"])
        ),
        None,
    )
    if draws is None:
        raise ScenarioError(f"the battle-plan table has no row for {len(counted)} units", path="tables/battle_plan.csv")
    set_state(match, rounds_left=rounds, plan_count=draws)
    match.log(
        Event(
            "note",
            side=JP,
            die=roll,
            rule="10.3",
            purpose=f"combat rounds: die {roll}, {rounds} rounds; 10.4 {len(counted)} Japanese units: "
            f"{draws} bonus markers a round",
            payload={"roll": roll, "rounds": rounds, "counted": counted, "plan_count": draws},
        )
    )
    return DONE


def begin_round(match, task: Task) -> str:
    """A new round: its number, the First Strike's aircraft free again, then the draw and the checks."""
    number = (fcn_state(match)["battle_round"] or 0) + 1
    set_state(match, battle_round=number, battle_flown=False, strike_tried=False)
    with match.held_updates():
        for (unit_id,), row in list(match.rows_of("fcn_unit").items()):
            if row["struck"]:
                match.set_known("fcn_unit", {"unit_id": unit_id}, row, struck=False)
    agenda.push(match, {"do": "jp-draw"}, {"do": "first-strike-check"})
    return DONE


def draw(match, task: Task) -> str:
    """10.7 the round's Japanese markers from the cup (refilled from the used ones when empty)."""
    own = markers.piles(match)
    count = fcn_state(match)["plan_count"]
    drawn = []
    for n in range(1, count + 1):
        if not own.items(CUP) and own.items(JP_USED):
            used = own.items(JP_USED)
            for item in used:
                own.take(item)
            own.put(CUP, used)
            match.log(
                Event("note", side=JP, rule="10.7", purpose=f"the cup is empty: {len(used)} used markers go back in")
            )
        item = own.draw(CUP, f"10.7 Japanese bonus marker {n} of {count}", rule="10.7", side=JP)
        if item is None:
            break
        own.put(JP_DRAWN, [item], end="bottom")
        drawn.append(item)
    idle = [i for i in drawn if not markers.acts(match, markers.marker(i))]
    note = f" ({', '.join(idle)}: no effect in {year(match)})" if idle else ""
    match.log(
        Event(
            "note",
            side=JP,
            rule="10.7",
            purpose=f"Japan draws {', '.join(drawn) or 'nothing'}{note}",
            payload={"drawn": drawn},
        )
    )
    for item in drawn:
        if markers.marker(item).on_draw == "battalion" and markers.acts(match, markers.marker(item)):
            _battalion_draw(match, item)
    return DONE


def _battalion_draw(match, item: str) -> None:
    """10.7 Battalion Draw: a battalion from the box into the Japanese position."""
    box = battalion_box(match)  # in the order battalions are drawn (2.8)
    markers.use(match, item)
    if not box:
        match.log(Event("note", side=JP, rule="10.7", purpose="Battalion Draw: the battalion box is empty"))
        return
    match.set("unit_state", {"unit_id": box[0]}, space_id=POSITION[JP], status="full")
    match.log(
        Event(
            "note",
            side=JP,
            unit_id=box[0],
            to_space=POSITION[JP],
            rule="10.7",
            purpose=f"Battalion Draw: {box[0]} into the Japanese position",
        )
    )


def end_round(match, task: Task) -> str:
    """10.6 step 8: the round's markers, the round marker, the battle's end."""
    s = sheet(match)
    state = fcn_state(match)
    both = s.on_sheet(US) and s.on_sheet(JP)
    if not task.get("counted"):
        for item, _ in markers.with_(match, JP, "round_change"):
            _battle_duration(match, s, item)
        task = agenda.update(match, task, counted=True)
    engagement = [item for item, _ in markers.with_(match, US, "round_change")]
    if both and engagement:
        choice = agenda.answered(task, "engagement")
        if choice is None:
            prompt = f"end of round {state['battle_round']}: play {engagement[0]} (one round more or less)?"
            return agenda.ask(match, task, "engagement", prompt, ["longer", "shorter", "keep"], "10.5")
        if choice != "keep":
            markers.use(match, engagement[0])
            change = 1 if choice == "longer" else -1
            set_state(match, rounds_left=fcn_state(match)["rounds_left"] + change)
            match.log(Event("note", side=US, rule="10.5", purpose=f"{engagement[0]}: the battle one round {choice}"))
    left = fcn_state(match)["rounds_left"] - 1
    set_state(match, rounds_left=left)
    for item in markers.drawn(match):
        if not markers.marker(item).stays:
            markers.use(match, item)
    match.log(
        Event("note", side=US, rule="10.6", purpose=f"round {state['battle_round']} ends: {max(left, 0)} rounds left")
    )
    if s.point == HAWAII and state["battle_round"] == 1 and s.on_sheet(JP):
        hawaii_defeat(match)
        return DONE
    if not both or left <= 0:
        entry.leave(match)
    return DONE


def _battle_duration(match, s, item: str) -> None:
    """10.7 Battle Duration: more Japanese units on the sheet, one round more; more US, one fewer."""
    count = {side: len(s.of(side)) for side in (US, JP)}
    change = 1 if count[JP] > count[US] else -1 if count[US] > count[JP] else 0
    markers.use(match, item)
    set_state(match, rounds_left=fcn_state(match)["rounds_left"] + change)
    match.log(
        Event(
            "note",
            side=JP,
            rule="10.7",
            purpose=f"Battle Duration: Japan {count[JP]} units on the sheet, the US {count[US]}: "
            + {1: "one round more", -1: "one round fewer", 0: "no change"}[change],
            payload={"counts": count, "change": change},
        )
    )
