"""The day: Dawn (6.2), Daylight's impulses and the sunset roll (6.3, 8.1, 8.6, 11.5, 18.4).

The impulse marker starts on 0. Impulse N is German impulse N then Allied impulse N.
The Allies' first DR of their impulse is the Sunset DR (6.3): raw = N changes the
weather; raw + Sunset DRM >= N advances the marker to N+1, anything less ends the day
after this impulse, as does a marker that would pass the end of the track (3.8) and two
consecutive passes (8.6).
"""

from __future__ import annotations

from phaseline import Action, Event
from phaseline import sequence as walker

from ..scenarios import ALLIED
from . import advantage, reinforcements, rerolls, this_impulse, weather, works
from .board import board, clear_traffic
from .charts import last_impulse
from .dates import day_of_month
from .demolition import note_start
from .landings import begin_phase as begin_landings
from .naval_air import clear_strikes
from .victory import check_breakout

# === 6.3 DAYLIGHT: IMPULSES =============================================================


def begin_impulse(match, step) -> None:
    """Clear the previous impulse's activation, entries and attacked areas."""
    match.set(
        "bkn_day",
        {},
        activated=None,
        activated_contested=False,
        nationality=None,
        kind=None,
        sunset_raw=None,
        sunset_drm_at=None,
    )
    match.update_where("unit_state", "TRUE", mp=0, moved=False, attacked=False)
    match.update_where(
        "bkn_unit_state",
        "TRUE",
        eligible=False,
        came_from=None,
        entered=None,
        pending=False,
        forced=False,
        crossing=0,
        areas=0,
        supported=0,
        stopped=None,
    )
    for (space,) in sorted(match.rows_of("bkn_attacked")):
        match.delete("bkn_attacked", {"space_id": space})
    clear_traffic(match)
    this_impulse.forget(match)  # 10.4 one step to bombardment, 21.3/21.4 one naval and one air marker an impulse
    begin_landings(match)  # 19.3
    advantage.begin(match)
    note_start(match)  # 20.4, 8.23: demolitions are judged by the impulse's start


def end_impulse(match, step) -> bool:
    """8.32: units that moved or fought are Spent; count passes; the Allies' Sunset DR.

    Returns True while the Sunset DR waits for the Advantage holder's answer (11.6)."""
    works.update(match)  # 15.2
    match.update_where(  # 8.32
        "unit_state",
        "status = 'Fresh' AND (moved OR attacked) AND side = ?",
        [step.side],
        status="Spent",
    )
    day = board(match).day
    passes = day["passes"] + 1 if day["kind"] in (None, "pass") else 0
    match.set("bkn_day", {}, passes=passes, kind=day["kind"] or "pass")
    if day["kind"] is None:  # 8.11: an impulse that did nothing is a Pass impulse, and counts as one (8.6)
        why = f"{step.side} ends the impulse without acting: a pass" + (" (two in a row)" if passes >= 2 else "")
        match.log(Event("note", side=step.side, purpose=why, rule="8.6"))
    day = board(match).day
    if step.side != ALLIED:
        advantage.settle(match)
        if passes >= 2:  # 8.6
            match.set("bkn_day", {}, day_over=True)
            match.log(Event("note", purpose="two consecutive passes end the Daylight phase", rule="8.6"))
        _breakout_at_day_end(match)
        return False
    raw = day["sunset_raw"]
    if raw is None:  # 6.3: an Allied impulse without a DR (a pass) rolls the Sunset DR alone
        # 11.6: the holder may have it rerolled; the day's fate waits for the answer
        return rerolls.roll(match, ALLIED, "Sunset DR", "6.3", "sunset", {"passes": passes}, dice=2, step_end=True)
    return close_allied_impulse(match, raw, passes)


@rerolls.follows("sunset")
def _sunset_rolled_alone(match, context: dict, raw: int) -> None:
    match.set("bkn_day", {}, sunset_raw=raw)  # 11.5: a rerolled Sunset DR is the Sunset DR
    close_allied_impulse(match, raw, context["passes"])


def close_allied_impulse(match, raw: int, passes: int) -> bool:
    """The Sunset DR decides the day and the weather (6.3, 18.4); once the weather is settled
    the Advantage settles (11.23) and 22.1 is checked. True while a storm or Mulberry dr waits."""
    return sunset(match, raw, passes, after={"then": "impulse-closed", "context": {}}, step_end=True)


@rerolls.resumes("impulse-closed")
def _impulse_closed(match, context: dict) -> None:
    advantage.settle(match)  # 11.23: after the Sunset DR
    _breakout_at_day_end(match)


def _breakout_at_day_end(match) -> None:
    """22.1: a breakout is checked as the Daylight phase ends."""
    if board(match).day["day_over"]:
        outcome = check_breakout(match)
        if outcome is not None:
            match.end_match(outcome)


def legal_pass(match, side: str) -> list[Action]:
    """8.6: a player who has not activated an area (nor begun a Double Impulse) may pass."""
    today = board(match).day
    return [] if today["activated"] is not None or today["double_impulse"] else [Action("pass", (), side)]


def pass_impulse(match, action: Action) -> None:
    """8.6: a pass ends the impulse at once (an Allied pass still rolls the Sunset DR)."""
    if action.args:
        raise match.violation("pass takes no arguments: pass", "8.6")
    if board(match).day["activated"] is not None or board(match).day["double_impulse"]:
        raise match.violation("a player who has activated an area cannot pass; end the impulse instead", "8.6")
    match.set("bkn_day", {}, kind="pass")
    match.log(Event("note", side=action.side, purpose=f"{action.side} passes", rule="8.6"))
    walker.end_step(match)


def sunset(match, raw: int, passes: int = 0, after: dict | None = None, step_end: bool = False) -> bool:
    """6.3, 11.5: the day goes on while raw + DRM >= N; 18.4: raw = N changes the weather
    (then ``after`` resumes, see weather.change). True while a storm or Mulberry dr waits."""
    day = board(match).day
    n = day["impulse"]
    last = last_impulse(match)
    drm = sunset_modifier(day)
    modified = raw + drm
    if passes >= 2:  # 8.6
        over, why = True, "two consecutive passes end the Daylight phase"
    elif modified < n:
        over, why = True, f"Sunset DR {raw}{drm:+d} = {modified} < impulse {n}: sunset"
    elif n + 1 > last:
        over, why = True, f"the impulse marker cannot pass space {last} of the track: sunset"
    else:
        over, why = False, f"Sunset DR {raw}{drm:+d} = {modified} >= impulse {n}: impulse {n + 1}"
    match.log(Event("note", purpose=why, rule="6.3"))
    if over:
        match.set("bkn_day", {}, day_over=True)
    elif day["kind"] == "air-strike":  # 17.3: after an air strike the same impulse is played again
        match.log(Event("note", purpose=f"air strike: impulse {n} is played again", rule="17.3"))
    else:
        match.set("bkn_day", {}, impulse=n + 1)
    if raw == n:  # 18.4: the Sunset DRM never applies to the weather test
        return weather.change(match, n, after, step_end)
    rerolls.resume(match, after)
    return False


def sunset_modifier(day: dict) -> int:
    """11.23: the Sunset DRM that modifies this impulse's Sunset DR: as it stood when the DR was
    rolled (a shift its own attack caused does not count), else as it stands."""
    return day["sunset_drm"] if day["sunset_drm_at"] is None else day["sunset_drm_at"]


# === 6.2 DAWN ============================================================================


def dawn(match, turn: int) -> None:
    """6.2: reinforcements (Germans first) and the offshore units, markers ready, the day's weather."""
    day = day_of_month(match, turn)
    arrived = reinforcements.place(match, day)  # 19.1
    reinforcements.redeploy(match, day, arrived)  # 3.5
    match.update_where("bkn_marker_state", "TRUE", used=False)  # 6.2, 4.4
    clear_strikes(match)  # 17.1
    weather.dawn(match, turn)  # 18.1
    reinforcements.withdraw_rangers(match)  # 19.6
    match.set("bkn_day", {}, passes=0, day_over=False)
