"""Breakout: Normandy's text map: the day's clock, then one row per area (4.6, 7.3-7.6, 20.1)."""

from __future__ import annotations

from tabulate import tabulate

from .rules.board import board


def text_map(game) -> str:
    b = board(game)
    day = b.day
    head = (
        f"impulse {day['impulse']} · Sunset DRM {day['sunset_drm']:+d} · Advantage {day['advantage']} · "
        f"{day['weather']}"
    )
    bridges: dict[str, list[str]] = {}
    for br in b.bridges.values():
        for end in (br["a"], br["b"]):
            bridges.setdefault(end, []).append(f"{br['bridge_id']} {br['state']}")
    rows = []
    for space, area in sorted(b.areas.items(), key=lambda kv: (kv[1].kind != "area", _order(kv[0]))):
        if area.terrain == "sea" and not any(area.units.values()):
            continue
        state = "contested" if area.contested() else ("empty" if not any(area.units.values()) else "")
        units = [f"{u} ({b.units[u]['status']})" for side in ("german", "allied") for u in area.units[side]]
        rows.append(
            {
                "area": space,
                "name": area.name,
                "TEM": area.tem if area.kind == "area" else "",
                "VP": area.vp or "",
                "control": area.controller if area.terrain != "sea" else "",
                "state": state,
                "units": ", ".join(units),
                "bridges": ", ".join(bridges.get(space, [])),
            }
        )
    return head + "\n" + tabulate(rows, headers="keys")


def _order(space: str) -> tuple[int, str]:
    return (int(space), "") if space.isdigit() else (999, space)
