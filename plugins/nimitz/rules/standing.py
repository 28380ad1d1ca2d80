"""How a campaign of Fleet Commander: Nimitz stands while it is played (``phaseline status``): the
objectives held against the dismissal level (11.5), the victory levels of the year's end (4.0; the
invasion box's objectives in 1945, 12.3; the four years' total in the linked campaign, 12.6), the
points in hand (6.1) and the Japanese supply markers (9.2, 11.1)."""

from __future__ import annotations

from phaseline import Standing

from .holding import holding
from .state import JP, US, fcn_state, frame, year


def standing(match) -> Standing:
    """What decides the campaign, the objectives held now of those on the map, and the points."""
    state, campaign = fcn_state(match), frame(match)
    objectives = sum(1 for row in holding(match) if row["objective"])
    levels = match.rows(
        "SELECT min_held, max_held, level FROM fcn_victory WHERE match_id = ? AND year = ? ORDER BY min_held",
        [match.match_id, year(match)],
    )
    bands = ", ".join(
        f"{row['min_held']}"
        + (f"-{row['max_held']}" if row["max_held"] != row["min_held"] else "")
        + f" {row['level']}"
        for row in levels
    )
    counted = " with the invasion box's objectives (12.3)" if year(match) == 1945 else ""
    linked = (
        "; the linked campaign adds up the four years' objectives (12.6)" if match.scenario.name == "linked" else ""
    )
    return Standing(
        decides=f"the US is dismissed if at the end of a turn it holds {campaign['dismissal_at']} objectives or "
        f"fewer, and loses at once if Japanese units at Hawaii survive the first round there (11.5); after turn "
        f"{campaign['turns']} of {year(match)} the objectives held{counted} give the level (4.0): {bands}{linked}",
        points={
            US: f"{state['held']} of {objectives} objectives held (dismissal at {campaign['dismissal_at']})",
            JP: "scores none (4.0: the objectives the US holds decide)",
        },
        notes=(
            f"turn {state['campaign_turn']} of {campaign['turns']}, {state['turn_name']} {state['year']}",
            f"RP/SP {state['rp']}/{state['sp']} (6.1)",
            f"Japanese supply markers {state['jp_supply']} (11.1)",
        ),
    )


def _band(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"
