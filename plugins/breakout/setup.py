"""Preparation for play (5.0): control, bridges, markers, the day's clock, D-Day's units."""

from __future__ import annotations

from .rules import supply
from .rules.dates import day_of_month
from .scenarios import ALLIED, GERMAN


def set_up(match) -> None:
    """5.3: German units in their set-up areas, D-Day's landing units in their approach boxes."""
    gid = match.match_id
    placed = match.rows(
        """SELECT u.unit_id, u.bloc, b.arrive_at, b.method FROM unit u
           JOIN bkn_unit b ON b.match_id = u.match_id AND b.unit_id = u.unit_id
           WHERE u.match_id = ? AND (b.method = 'start' OR (b.method IN ('landing', 'zone') AND b.arrival_day = ?))
           ORDER BY u.unit_id""",
        [gid, day_of_month(match, match.first_turn)],
    )
    match.insert_many(
        "unit_state",
        [{"unit_id": r["unit_id"], "space_id": r["arrive_at"], "side": r["bloc"], "status": "Fresh"} for r in placed],
    )
    match.insert_many("bkn_unit_state", [{"unit_id": r["unit_id"]} for r in placed])
    spaces = match.rows("SELECT space_id FROM space WHERE match_id = ? AND terrain <> 'sea' ORDER BY 1", [gid])
    match.insert_many("space_control", [{"space_id": s["space_id"], "controller": "DE"} for s in spaces])  # 7.3
    bridges = match.rows("SELECT a, b, initial_state FROM bkn_bridge WHERE match_id = ? ORDER BY a, b", [gid])
    match.insert_many(  # 20.1: every bridge starts German-held (both directions of its border)
        "link_state",
        [
            {"a": x, "b": y, "state": br["initial_state"]}
            for br in bridges
            for x, y in ((br["a"], br["b"]), (br["b"], br["a"]))
        ],
    )
    match.insert_many("bkn_supply", [{"side": s, "reserve": 0, "bought": 0} for s in (GERMAN, ALLIED)])  # 5.1
    markers = match.rows("SELECT marker_id FROM bkn_marker WHERE match_id = ? ORDER BY 1", [gid])
    match.insert_many("bkn_marker_state", [{"marker_id": m["marker_id"], "used": False} for m in markers])
    weather = (
        match.one("SELECT start_weather FROM bkn_turn WHERE match_id = ? AND turn = ?", [gid, match.first_turn])
        or "Clear"
    )
    match.insert("bkn_day", {"impulse": 0, "sunset_drm": 0, "advantage": ALLIED, "weather": weather})  # 5.1, 11.1
    hostility = [
        {"side": GERMAN, "enemy": ALLIED, "may_attack": True, "exerts_zoc": False},
        {"side": ALLIED, "enemy": GERMAN, "may_attack": True, "exerts_zoc": False},
    ]
    match.insert_many("hostility", hostility)
    supply.set_sources(match)  # 12.5
