"""What Breakout: Normandy's map shows on the engine's map (``phaseline_map_marks``) and its
supply overlay (``phaseline_supply``).

Counters as printed (4.3): Fresh, the coloured side, attack-defence-movement, the attack
underlined for artillery and starred for FLAK and PAK; Spent and disrupted, the white side,
the Spent defence with the condition marked S, D1 or D2 (4.2, 4.5). Colours by nationality
(4.1): US green, British brown, German blue, SS black. Areas are tinted by their controller
(4.6, 7.3; space_control), with their TEM beside the name (3.2); bridges by state (20.1);
the day's clock and the Allied VP against this week's requirement in the legend (22.3).
"""

from __future__ import annotations

import math

from phaseline import CounterFace, LinkMark, MapMarks

from .rules.board import Board, board, national_group
from .rules.supply import supply_sources
from .rules.victory import score, supply_line, vp_required, week_end_turn
from .scenarios import ALLIED, GERMAN

CONDITION = {"Fresh": "", "Spent": "S", "Dis1": "D1", "Dis2": "D2"}
NATION_COLOURS = {"US": "#4f7d2c", "UK": "#8a5a2b", "DE": "#3d5a80", "SS": "#1c1c1c"}
SPENT_COLOUR = "#f4f4ef"  # 4.2: the white side
COLOURS = {GERMAN: NATION_COLOURS["DE"], ALLIED: NATION_COLOURS["US"], **NATION_COLOURS}
BRIDGE_COLOURS = {GERMAN: "#3d5a80", ALLIED: "#4f7d2c", "destroyed": "#d62728"}
UNDERLINE = "\u0332"  # a combining low line: the artillery's underlined attack (4.2)


def day_line(match) -> dict[str, str]:
    """The day's clock and the Allied VP against this week's requirement."""
    b = board(match)
    day = b.day
    need, _ = vp_required(match, week_end_turn(match, match.clock.turn))
    return {
        "day": f"impulse {day['impulse']} · Sunset DRM {day['sunset_drm']:+d} · Advantage {day['advantage']} · "
        f"{day['weather']}",
        "VP (22.3)": f"Allied {score(match, need).total}, {need} needed at the week's end",
    }


def map_marks(match) -> MapMarks:
    b = board(match)
    faces = {unit_id: face(unit) for unit_id, unit in b.units.items()}
    control = {space: area.controller for space, area in b.areas.items() if area.terrain != "sea"}
    notes = {space: f"+{area.tem}" for space, area in b.areas.items() if area.is_map_area}  # 3.22
    bridges = tuple(
        LinkMark(br["a"], br["b"], f"{br['bridge_id']} {br['state']}", BRIDGE_COLOURS.get(br["state"], "#777777"))
        for br in sorted(b.bridges.values(), key=lambda br: br["bridge_id"])
    )
    return MapMarks(
        counters=faces,
        control=control,
        colours=COLOURS,
        notes=notes,
        links=bridges,
        legend=day_line(match),
        positions=positions(match),
    )


def face(unit: dict) -> CounterFace:
    """4.3: the Fresh side's three numbers, or the white side's Spent defence and its condition."""
    status = unit["status"]
    if status == "Fresh":
        attack = str(unit["attack"])
        if unit["type"] == "artillery":
            attack = "".join(digit + UNDERLINE for digit in attack)
        elif unit["type"] in ("flak", "pak"):
            attack += "*"
        values, colour = f"{attack}-{unit['defense']}-{unit['movement']}", nation_colour(unit)
    else:
        values, colour = str(unit["spent_defense"]), SPENT_COLOUR
    title = (
        f"{unit['unit_id']} {unit['name']} ({unit['nationality']}{' SS' if unit['ss'] else ''} {unit['type']}): "
        f"{status}, {unit['attack']}-{unit['defense']}-{unit['movement']}, Spent defence {unit['spent_defense']}"
    )
    return CounterFace(unit["unit_id"], values, CONDITION.get(status, status), colour, title)


def nation_colour(unit: dict) -> str:
    if unit["ss"]:
        return NATION_COLOURS["SS"]
    return NATION_COLOURS.get(national_group(unit["nationality"]), NATION_COLOURS["DE"])


def positions(match) -> dict[str, tuple[float, float]]:
    """Longitude and latitude as east and north (x shrunk by the cosine of the latitude)."""
    rows = match.rows("SELECT space_id, x, y FROM space WHERE match_id = ? AND x IS NOT NULL", [match.match_id])
    if not rows:
        return {}
    shrink = math.cos(math.radians(sum(r["y"] for r in rows) / len(rows)))
    return {r["space_id"]: (r["x"] * shrink, r["y"]) for r in rows}


def supplied(match, side: str) -> set[str]:
    """12.5: the areas ``side`` traces a supply line to from its sources now (12.6, 12.7, 24.2);
    boxes are off the map, where no unit is isolated (12.5, 12.8); zones are traced as areas (14.1)."""
    b: Board = board(match)
    sources = [space for (owner, space) in supply_sources(match) if owner == side]
    off_map = {space for space, area in b.areas.items() if area.is_box}
    return supply_line(b, side, sources) | off_map
