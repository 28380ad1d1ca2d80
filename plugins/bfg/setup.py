"""Setting up a match: units from the set-up chart (12.1, 15.1), cities, fortresses, state."""

from __future__ import annotations

from phaseline import Event

from .forces import force_of_unit, write_policies

# 8.0 Courland units are East German; 7.11 each eliminated-units box holds its own theatre's Germans
START_ZONES = {"COURLAND": "E", "ELIM_GER_E": "E", "ELIM_GER_W": "W"}


def set_up(match) -> None:
    """Place every unit the scenario uses and start the match's own state."""
    gid = match.match_id
    forces = set(match.scenario.settings["forces"])
    placed = match.rows(
        """SELECT u.unit_id, u.bloc, u.nationality, u.start, s.zone
           FROM unit u LEFT JOIN space s ON s.match_id = u.match_id AND s.space_id = u.start
           WHERE u.match_id = ? AND u.start IS NOT NULL ORDER BY u.unit_id""",
        [gid],
    )
    states = []
    for row in placed:
        zone = START_ZONES.get(row["start"], row["zone"])
        force = force_of_unit(row["bloc"], row["nationality"], zone)
        if force in forces:  # 14.0, 15.23: forces a scenario does not use stay out of play
            states.append({"unit_id": row["unit_id"], "space_id": row["start"], "side": force})
    match.insert_many("unit_state", states)
    match.insert_many("bfg_unit", [{"unit_id": s["unit_id"]} for s in states])
    cities = match.rows("SELECT space_id FROM space WHERE match_id = ? AND vp > 0 ORDER BY 1", [gid])
    match.insert_many("bfg_city", [{"space_id": c["space_id"], "controller": "GER"} for c in cities])  # 11.0, 14.0
    forts = match.rows("SELECT space_id FROM space WHERE match_id = ? AND feature = 'fortress' ORDER BY 1", [gid])
    match.insert_many("bfg_fortress", [{"space_id": f["space_id"], "destroyed": False} for f in forts])
    match.insert("bfg_state", {})
    write_policies(match, after_berlin=False, boundary=True)
    if match.scenario.name == "rsws":  # 15.22: a Soviet roll of 1–3 cancels the Soviet turn 11
        die = match.roll("15.22 does the Soviet player turn of turn 11 happen?", rule="15.22", side="SOV")
        if die <= 3:
            match.set("bfg_state", {}, skip_soviet_11=True)
            match.log(Event("note", purpose="the Soviet player turn of turn 11 is cancelled", rule="15.22"))
