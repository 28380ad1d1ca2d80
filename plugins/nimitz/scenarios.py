"""Fleet Commander: Nimitz's scenarios: the four campaigns (3.0, 5.0, 12.5) and the linked campaign (12.6).

Every campaign has six two-month turns (Jan/Feb … Nov/Dec) but 1945, which ends after Jul/Aug
(12.5). The linked campaign plays the four in a row and numbers its turns on: 1-6 are 1942,
7-12 1943, 13-18 1944, 19-22 1945. The rules play Japan (1.0, 1.2): no seat is ever given to it.
"""

from __future__ import annotations

from phaseline.model import ScenarioInfo
from phaseline.resources import data_dir

US, JP = "US", "JP"
YEARS = (1942, 1943, 1944, 1945)
TURNS = {1942: 6, 1943: 6, 1944: 6, 1945: 4}  # 5.0 six turns; 12.5 1945 ends after Jul/Aug


def calendar(years: tuple[int, ...]) -> list[tuple[int, int]]:
    """(year, turn of that year) for each game turn of a scenario playing ``years`` in a row."""
    return [(year, turn) for year in years for turn in range(1, TURNS[year] + 1)]


def _scenario(name: str, title: str, rule: str, years: tuple[int, ...]) -> ScenarioInfo:
    return ScenarioInfo(
        name=name,
        title=title,
        first_turn=1,
        last_turn=len(calendar(years)),
        sides=(US, JP),
        data=data_dir("scenarios") / "nimitz",
        rule=rule,
        settings={"years": years},
        played_by_rules=(JP,),
    )


def scenarios() -> dict[str, ScenarioInfo]:
    """The built-in scenarios, with their data folder scenarios/nimitz."""
    found = {str(year): _scenario(str(year), f"{year} campaign (3.0)", "3.0", (year,)) for year in YEARS}
    found["linked"] = _scenario("linked", "Linked campaign 1942-1945 (12.6)", "12.6", YEARS)
    return found


def year_and_turn(match, turn: int) -> tuple[int, int]:
    """The campaign year and that year's turn (1 = Jan/Feb) of game turn ``turn``."""
    return calendar(match.scenario.settings["years"])[turn - 1]
