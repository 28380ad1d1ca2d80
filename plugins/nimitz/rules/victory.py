"""4.0 victory and 11.5 defeat: the victory level by the objectives held at a campaign's end (the
year's table; 1945 adds the invasion box's objectives, 12.3), dismissal when at the end of a turn the
US holds no more objectives than the year's dismissal level, the defeat at Hawaii (printed after
11.5: Japanese units at Hawaii after the first round of its battle), 12.5 the 1945 campaign's end
after Jul/Aug (its four turns), and 12.6 the linked campaign's total over its four years."""

from __future__ import annotations

from phaseline import Event, Outcome

from ..scenarios import year_and_turn
from . import invasion
from .state import JP, US, fcn_state, frame, set_state, year


def defeat_check(match) -> None:
    """11.5 at the end of the turn, dismissal at or below the year's level ends the campaign, lost."""
    held, level = fcn_state(match)["held"], frame(match)["dismissal_at"]
    match.log(Event("note", side=US, rule="11.5", purpose=f"{held} objectives held (dismissal at {level} or fewer)"))
    if held <= level:
        lose(match, "11.5", f"dismissed: {held} objectives held at the end of the turn, dismissal at {level} or fewer")


def hawaii_defeat(match) -> None:
    """11.5 (the Hawaii rule printed after it): Japanese units left at Hawaii after the first round of
    the battle there lose the campaign at once. The battle layer calls this."""
    lose(match, "11.5", "Japanese units at Hawaii survived the first round of the battle there")


def lose(match, rule: str, why: str) -> None:
    set_state(match, outcome=why)
    match.end_match(Outcome(rule=rule, winners=(JP,), summary=f"the campaign is lost: {why}"))


def objectives_at_end(match) -> int:
    """The objectives a campaign ends with: those held, and in 1945 the invasion's (12.3)."""
    held = fcn_state(match)["held"]
    return held + (invasion.bonus_objectives(match) if year(match) == 1945 else 0)


def level_of(match, of_year: int, objectives: int) -> str:
    """4.0 the year's victory level for ``objectives``."""
    rows = match.rows(
        "SELECT min_held, max_held, level FROM fcn_victory WHERE match_id = ? AND year = ?", [match.match_id, of_year]
    )
    return next((r["level"] for r in rows if r["min_held"] <= objectives <= r["max_held"]), "unrated")


def end_of_turn(match, turn: int) -> None:
    """12.6 the player log: at the end of a year's last turn, the objectives it ended with."""
    of_year, campaign_turn = year_and_turn(match, turn)
    if campaign_turn == frame(match)["turns"] and not match.finished:
        objectives = objectives_at_end(match)
        match.insert(
            "fcn_year_result", {"year": of_year, "held": objectives, "level": level_of(match, of_year, objectives)}
        )


def final_outcome(match) -> Outcome:
    """4.0 (12.6 for the linked campaign) the result when the last turn is over."""
    results = [row for _, row in sorted(match.rows_of("fcn_year_result").items())]
    if len(results) > 1 or match.scenario.name == "linked":
        total = sum(row["held"] for row in results)
        level = next(
            r["level"]
            for r in match.static("fcn_linked_victory", "band").values()
            if (r["low"] is None or total >= r["low"]) and (r["high"] is None or total <= r["high"])
        )
        return _outcome("12.6", level, f"{total} objectives over {len(results)} campaigns: {level}")
    row = results[-1]
    return _outcome("4.0", row["level"], f"{row['held']} objectives held in {row['year']}: {row['level']}")


def _outcome(rule: str, level: str, summary: str) -> Outcome:
    lost = "defeat" in level.lower()
    return Outcome(rule=rule, winners=(JP,) if lost else (US,), summary=summary)
