"""11.1 the Japanese reinforcement phase (and 12.1, the 1944 infantry): a d10 on the Reinforcement
Table, +1 for each supply marker from this turn's Holds (the markers then leave), -1 for each damaged
Japanese unit on the map (damaged infantry at a point holding US units do not count), -2 for each US
submarine in the commerce-raiding box. The result's ships, infantry and land aircraft come from the
tops of the reinforcement box's stacks to Japan; each the box cannot give is two battalions."""

from __future__ import annotations

from typing import Any

from phaseline import Event

from ..board import JAPAN, JP_REINF, RAIDING
from . import stacks
from .state import JP, fcn_state, set_state, year
from .units import battalion_box, in_play, kind, points

EXTRA_INFANTRY_1944 = 2  # 12.1


def modifiers(match) -> list[tuple[int, str]]:
    """11.1 the modifiers of the roll, each with its reason."""
    units = in_play(match)
    on_map = points(match)
    us_at = {u["space_id"] for u in units.values() if u["side"] != JP and u["space_id"] in on_map}
    damaged = [
        unit_id
        for unit_id, u in units.items()
        if u["side"] == JP
        and u["space_id"] in on_map
        and u["status"] == "damaged"
        and not (u["category"] == "ground" and u["space_id"] in us_at)
    ]
    raiders = [u for u, row in units.items() if row["space_id"] == RAIDING]
    supply = fcn_state(match)["jp_supply"]
    found = []
    if supply:
        found.append((supply, f"+{supply}: supply markers"))
    if damaged:
        found.append((-len(damaged), f"-{len(damaged)}: damaged on the map ({', '.join(sorted(damaged))})"))
    if raiders:
        found.append((-2 * len(raiders), f"-{2 * len(raiders)}: raiding submarines ({', '.join(sorted(raiders))})"))
    return found


def table_row(match, result: int) -> dict[str, Any]:
    """The Reinforcement Table's row for ``result`` (its end rows take any result beyond them)."""
    for row in match.static("fcn_reinforcement", "band").values():
        if (row["low"] is None or result >= row["low"]) and (row["high"] is None or result <= row["high"]):
            return row
    raise match.violation(f"the Reinforcement Table has no row for {result}", rule="11.1")


def reinforce(match) -> None:
    """11.1 roll, read the table, bring the units (and 12.1's infantry in 1944) to Japan."""
    die = match.roll("11.1 Japanese reinforcement", rule="11.1", sides=10, side=JP)
    mods = modifiers(match)
    result = die + sum(value for value, _ in mods)
    row = table_row(match, result)
    wanted = {"ship": row["ships"], "ground": row["infantry"], "air": row["aircraft"]}
    if year(match) == 1944:  # 12.1 two more infantry each reinforcement phase in 1944
        wanted["ground"] += EXTRA_INFANTRY_1944
    set_state(match, jp_supply=0)  # 11.1 the supply markers leave the map
    arriving: list[str] = []
    missing = 0
    for unit_kind, count in wanted.items():
        taken = stacks.stack(match, JP_REINF, unit_kind)[:count]
        arriving += taken
        missing += count - len(taken)
    battalions = battalion_box(match)[: 2 * missing]  # 11.1 two battalions for each unit the box cannot give
    with match.held_updates():
        for unit_id in arriving + battalions:
            match.set("unit_state", {"unit_id": unit_id}, space_id=JAPAN)
    stacks.arrive(match, arriving + battalions, JAPAN)
    units = in_play(match)
    match.log(
        Event(
            "note",
            side=JP,
            to_space=JAPAN,
            rule="11.1",
            purpose=f"reinforcement {die} {' '.join(m for _, m in mods)} = {result}: "
            f"{row['ships']} ships, {row['infantry']} infantry, {row['aircraft']} aircraft"
            + (f" (+{EXTRA_INFANTRY_1944} infantry, 12.1)" if year(match) == 1944 else "")
            + f"; {', '.join(arriving + battalions) or 'nothing'} to Japan",
            payload={
                "die": die,
                "result": result,
                "units": arriving,
                "battalions": battalions,
                "kinds": {u: kind(units[u]) for u in arriving},
            },
        )
    )
