"""Weather (18) and the extended game's storm (24.5, 24.6).

Each day dawns with the weather printed on the turn record track (18.1). Clear is normal
play (18.2); Overcast gives German units +1 MF and stops air strikes, air interdiction
and Allied air support (18.3). A Sunset DR equal to the impulse number flips the weather
from the next German impulse (18.4). In week 2 (13-19 June) every weather change first
rolls the storm dr (24.5); a storm stops landings and naval bombardment and cuts the
beaches' supply (24.6), and when it ends each Mulberry rolls for survival (24.6B). The
Advantage holder may have the storm dr and each Mulberry dr rerolled (11.6).
"""

from __future__ import annotations

from math import ceil

from phaseline import Event

from . import rerolls
from .board import board
from .charts import beaches, turn_record, week_turns

BEACH_SP = 10  # 12.7: a beach depot's supply points


def is_clear(match) -> bool:
    """18.2: air strikes, air interdiction and Allied air support need Clear weather."""
    return board(match).day["weather"] == "Clear"


def storm_blows(match) -> bool:
    """24.6: a storm is on (its effects come on top of Overcast's)."""
    return bool(board(match).day["storm"])


def _turn_row(match, turn: int) -> dict | None:
    return turn_record(match, turn)


def _days_completed(match, turn: int) -> int | None:
    """24.5: the days of week 2 already completed (None outside week 2)."""
    row = _turn_row(match, turn)
    if row is None or row["week"] != 2:
        return None
    return turn - week_turns(match, 2)[0]


def _last_of_week_two(match, turn: int) -> bool:
    return turn == max(week_turns(match, 2), default=None)


# === 18.1 DAWN ===========================================================================


def dawn(match, turn: int) -> None:
    """18.1: the day's first weather from the track; 24.5: the storm's timeline."""
    clear_marks(match)
    row = _turn_row(match, turn)
    printed = row["start_weather"] if row and row["start_weather"] else board(match).day["weather"]
    day = board(match).day
    began = day["storm_began"]
    if day["storm"] and began is not None:
        age = turn - began
        if age >= 4:  # 24.5: unchanged until the fourth day: the printed weather returns
            end_storm(match, f"the storm has blown four days: {printed} as printed")
        else:
            match.set("bkn_day", {}, weather="Overcast")
            match.log(Event("note", purpose=f"storm day {age + 1}: the day dawns stormy", rule="24.5"))
            return
    if began is None and _last_of_week_two(match, turn):  # 24.5: no storm yet: 19 June dawns Overcast
        printed = "Overcast"
    match.set("bkn_day", {}, weather=printed)
    match.log(Event("note", purpose=f"the day dawns {printed} (turn record track)", rule="18.1"))


# === 18.4 WEATHER CHANGE ===================================================================


def change(match, impulse: int, after: dict | None = None, step_end: bool = False) -> bool:
    """18.4: the weather flips from the next German impulse; 24.5 the storm dr first (11.6: the
    Advantage holder may have it rerolled). ``after`` resumes once the weather is settled;
    ``step_end``: rolled as the Allied impulse ends. True while a dr waits for an answer."""
    day = board(match).day
    turn = match.clock.turn
    if day["storm"]:
        if turn - day["storm_began"] < 2:  # 24.5: no change on the storm's day and the next
            match.log(Event("note", purpose="the storm allows no weather change today", rule="24.5"))
            rerolls.resume(match, after)
            return False
        return end_storm(match, "a weather change ends the storm: Overcast", after, step_end)  # 24.5
    completed = _days_completed(match, turn)
    if day["storm_began"] is None and completed is not None:
        if _last_of_week_two(match, turn):  # 24.5: on 19 June any change is the storm
            begin_storm(match, "no storm yet on the last day of week 2: the weather change is the storm")
            rerolls.resume(match, after)
            return False
        context = {"impulse": impulse, "completed": completed, "after": after}
        return rerolls.roll(match, None, "storm dr", "24.5", "storm", context, step_end=step_end)
    _flip(match, impulse)
    rerolls.resume(match, after)
    return False


@rerolls.follows("storm")
def _storm_rolled(match, context: dict, die: int) -> None:
    """24.5: dr <= the days of week 2 completed: a storm; else the weather changes as usual."""
    completed = context["completed"]
    if die <= completed:
        begin_storm(match, f"storm dr {die} <= {completed} days completed: a storm")
    else:
        match.log(Event("note", purpose=f"storm dr {die} > {completed} days completed: no storm", rule="24.5"))
        _flip(match, context["impulse"])
    rerolls.resume(match, context["after"])


def _flip(match, impulse: int) -> None:
    weather = "Overcast" if board(match).day["weather"] == "Clear" else "Clear"
    match.set("bkn_day", {}, weather=weather)
    mark(match, impulse + 1, weather)
    match.log(Event("note", purpose=f"Sunset DR equals impulse {impulse}: the weather turns {weather}", rule="18.4"))


def mark(match, space: int, weather: str) -> None:
    """18.4: a weather marker on the next space of the impulse track."""
    if (space,) in match.rows_of("bkn_weather_mark"):
        match.set("bkn_weather_mark", {"space": space}, weather=weather)
    else:
        match.insert("bkn_weather_mark", {"space": space, "weather": weather})


def impulse_weather(match, first: int, last: int) -> dict[int, str]:
    """18.41: the weather of each impulse space from ``first`` to ``last`` the marker entered today,
    as the day's first weather and the markers on the track say (the supply rules read this)."""
    marks = {space: row["weather"] for (space,), row in match.rows_of("bkn_weather_mark").items()}
    record = turn_record(match, match.clock.turn)
    current = (record["start_weather"] if record else None) or "Clear"
    found = {}
    for space in range(first, last + 1):
        current = marks.get(space, current)
        found[space] = current
    return found


def clear_marks(match) -> None:
    """18.4: the track's weather markers come off at Dawn."""
    for (space,) in sorted(match.rows_of("bkn_weather_mark")):
        match.delete("bkn_weather_mark", {"space": space})


def begin_storm(match, why: str) -> None:
    """24.5: one storm per game, for the rest of the day and the days after."""
    match.set("bkn_day", {}, storm=True, storm_began=match.clock.turn, weather="Overcast")
    match.log(Event("note", purpose=why, rule="24.5"))


def end_storm(match, why: str, after: dict | None = None, step_end: bool = False) -> bool:
    """24.5, 24.6B: the storm ends; each Mulberry rolls for survival (11.6: each dr may be
    rerolled); then ``after`` resumes. True while a dr waits for an answer."""
    match.set("bkn_day", {}, storm=False, storm_ended=match.clock.turn, weather="Overcast")
    match.log(Event("note", purpose=why, rule="24.5"))
    risks = [list(risk) for risk in mulberry_risks(match)]
    return _next_mulberry(match, {"pending": risks, "after": after, "step_end": step_end})


def _next_mulberry(match, chain: dict) -> bool:
    if not chain["pending"]:
        rerolls.resume(match, chain["after"])
        return False
    beach, mulberry, _ = chain["pending"][0]
    purpose = f"Mulberry {mulberry} at {beach} survives the storm"
    return rerolls.roll(match, None, purpose, "24.6", "mulberry", chain, step_end=chain["step_end"])


@rerolls.follows("mulberry")
def _mulberry_rolled(match, chain: dict, die: int) -> None:
    """24.6B: a Mulberry is destroyed on its dr or less, even one not yet working."""
    (_, mulberry, limit), rest = chain["pending"][0], chain["pending"][1:]
    lost = die <= limit
    if lost:
        match.insert("bkn_mulberry_lost", {"mulberry": mulberry})
    match.log(
        Event("note", purpose=f"Mulberry {mulberry} dr {die}: {'destroyed' if lost else 'survives'}", rule="24.6")
    )
    _next_mulberry(match, {**chain, "pending": rest})


def storm_at_refit(match) -> None:
    """24.5: without a storm or a weather change by 19 June, it begins in that day's Refit phase."""
    day = board(match).day
    if day["storm_began"] is None and _last_of_week_two(match, match.clock.turn):
        begin_storm(match, "no weather change on the last day of week 2: the storm begins at Refit")


MULBERRY_LOSS = {"B": 4, "A": 2}  # 24.6B: Mulberry B (Omaha) lost on dr <= 4, A (Gold) on dr <= 2


def mulberry_risks(match) -> list[tuple[str, str, int]]:
    lost = match.rows_of("bkn_mulberry_lost")
    rows = sorted(
        (r for r in beaches(match) if r["mulberry"] is not None and (r["mulberry"],) not in lost),
        key=lambda r: r["mulberry"],
        reverse=True,
    )
    return [(r["beach"], r["mulberry"], MULBERRY_LOSS[r["mulberry"]]) for r in rows if r["mulberry"] in MULBERRY_LOSS]


# === 24.6D BEACH SUPPLY ====================================================================


def storm_beach_sp(storm_day: int | None, days_after_end: int | None = None, base: int = BEACH_SP) -> int:
    """24.6D: a beach depot's SP: halved on the storm's first day, 2 fewer each further storm
    day, ``base`` (10) again the day after the storm ends (``storm_day`` 1 = its first day, None = none)."""
    if storm_day is None or days_after_end:
        return base
    return max(0, ceil(base / 2) - 2 * (storm_day - 1))


def beach_sp(match, turn: int | None = None, base: int = BEACH_SP) -> int:
    """24.6D: the SP of each beach depot landed on ``turn`` (12.7's ``base`` outside a storm):
    「連合軍の海岸補給集積所の補給ポイントは嵐の発生した初日には半減する」."""
    day = board(match).day
    turn = match.clock.turn if turn is None else turn
    if not day["storm"] or day["storm_began"] is None:
        return base
    return storm_beach_sp(turn - day["storm_began"] + 1, base=base)


def air_supply_allowed(match) -> bool:
    """24.6D: no air supply in a storm's Refit phase (「航空補給は嵐の補充フェイズの間行うことができない」)."""
    return not storm_blows(match)
