"""What Fleet Commander: Nimitz's map shows besides the engine's drawing (``phaseline_map_marks``):
each counter's type and its damaged face (2.5), the Japanese markers and transports in its
description (7.2, 8.3, 9.0), who holds each point (4.1: the objective markers' blue and red, 3.4),
the objectives, and the campaign's points, objectives held and Japanese supply markers."""

from __future__ import annotations

from phaseline import CounterFace, MapMarks

from .rules.holding import holding
from .rules.state import JP, US, fcn_state, frame
from .rules.units import in_play

COLOURS = {US: "#2c5aa0", JP: "#b03a2e"}  # 3.4 the objective markers: blue held by the US, red not
KINDS = {"infantry": "inf", "battalion": "bn", "fighter": "ftr", "bomber": "bmr"}


def map_marks(match) -> MapMarks:
    names = match.static("unit", "unit_id")
    faces = {}
    for unit_id, unit in in_play(match).items():
        values = KINDS.get(unit["type"], unit["type"])
        notes = [unit["status"]]
        if unit["marker"]:
            notes.append(f"marker {unit['marker']} (7.2, 9.0)")
        if unit["transport"]:
            notes.append("on a transport (8.3)")
        faces[unit_id] = CounterFace(
            unit_id,
            values,
            "D" if unit["status"] == "damaged" else "",  # 2.5 the damaged face
            title=f"{unit_id} {names[unit_id]['name']} {values} ({unit['side']}, {', '.join(notes)})",
        )
    rows = holding(match)
    control = {r["point_id"]: US for r in rows if r["held"]}
    control.update({r["point_id"]: JP for r in rows if r["jp_units"] and not r["us_units"]})
    state = fcn_state(match)
    objectives = [r["point_id"] for r in rows if r["objective"]]
    held = f"{state['held']} of {len(objectives)} (dismissal at {frame(match)['dismissal_at']})"
    return MapMarks(
        counters=faces,
        control=control,
        colours=COLOURS,
        notes={point: "obj" for point in objectives},
        legend={
            "campaign": f"{state['turn_name']} {state['year']}",
            "RP/SP": f"{state['rp']}/{state['sp']}",
            "held": held,
            "JP supply": str(state["jp_supply"]),
        },
    )
