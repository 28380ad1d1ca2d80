"""What Battle for Germany's map shows besides the engine's counters (``phaseline_map_marks``):
the forces' colours, counters flipped for removal (9.1), who holds each city (11.0), the
garrisons (10.0) and the victory points now (11.0, 14.0)."""

from __future__ import annotations

from phaseline import CounterFace, MapMarks

from .rules.standing import BLOCS
from .rules.units import all_units
from .rules.victory import scores
from .scenarios import GER_E, GER_W, SOV, WA

COLOURS = {
    SOV: "#b03a2e",  # Soviet red
    WA: "#3f6f2a",  # Allied olive
    GER_E: "#56636f",  # field grey
    GER_W: "#7a8793",
    "GER": "#56636f",  # the German bloc, as a city's holder (11.0)
}


def map_marks(match) -> MapMarks:
    units = all_units(match)
    faces = {}
    for unit_id, unit in units.items():
        values = f"{unit['attack']}-{unit['defense']}-{unit['movement']}"
        mark = "X" if unit["status"] == "flipped" else ""  # 9.1: flipped, to be removed, keeps its ZOC
        garrison = f", garrison of {unit['garrison']} (10.0)" if unit.get("garrison") else ""
        faces[unit_id] = CounterFace(
            unit_id,
            values,
            mark,
            title=f"{unit_id} {unit['name']} {values} ({unit['side']}, {unit['status']}{garrison})",
        )
    control = {space: city["controller"] for (space,), city in match.rows_of("bfg_city").items() if city["controller"]}
    vp = " · ".join(f"{BLOCS.get(bloc, bloc)} {points}" for bloc, points in sorted(scores(match).items()))
    return MapMarks(counters=faces, control=control, colours=COLOURS, legend={"VP (11.0)": vp or "none yet"})
