"""Breakout: Normandy's scenarios: the standard week (5.1, 6.1), the extended game (24) and D-Day alone."""

from __future__ import annotations

from phaseline.model import ScenarioInfo
from phaseline.resources import data_dir

GERMAN, ALLIED = "german", "allied"
SIDES = (GERMAN, ALLIED)

SCENARIOS_SPEC: dict[str, dict] = {
    "week": {
        "title": "The standard game: 6-12 June 1944 (5.1)",
        "rule": "5.1",
        "turns": (1, 7),
        "description": (
            "D-Day and the week after, area by area in impulses that end on the sunset roll: the Allies win "
            "at once with a supplied Fresh unit in a zone after a Daylight phase (22.1), or with 10 VP at the "
            "end of 12 June (22.2)."
        ),
    },
    "extended": {  # 24: play on past 12 June, a victory check at the end of each week (24.1)
        "title": "The extended game: 6-26 June 1944, a victory check each week (24)",
        "rule": "24",
        "turns": (1, 21),
        "extended": True,
        "description": (
            "The week played on to 26 June with the minor ports and the Mulberries: at each week's end the "
            "Allies win above that week's VP requirement, lose below it and play on when they meet it (24.1)."
        ),
    },
    "d-day": {
        "title": "D-Day alone: 6 June 1944 (a one-day introduction)",
        "rule": "21",
        "turns": (1, 1),
        "description": (
            "6 June alone, as an introduction: the airborne drops, the naval and air bombardments and the "
            "assaults on the five beaches (21), then the day's impulses."
        ),
    },
}


def scenarios() -> dict[str, ScenarioInfo]:
    """The built-in scenarios, with their data folder scenarios/breakout."""
    data = data_dir("scenarios") / "breakout"
    return {
        name: ScenarioInfo(
            name=name,
            title=spec["title"],
            first_turn=spec["turns"][0],
            last_turn=spec["turns"][1],
            sides=SIDES,
            data=data,
            rule=spec["rule"],
            settings=spec,
            description=spec["description"],
        )
        for name, spec in SCENARIOS_SPEC.items()
    }


def is_extended(match) -> bool:
    """24: the match plays the extended game (its weekly checks and rules 24.2-24.7)."""
    return bool(match.scenario.settings.get("extended"))
