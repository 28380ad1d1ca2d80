"""Eliminated units and their boxes (7.1): East/West German by theatre (7.11), Soviet (7.12),
Western Allied and Italian Front (7.13); Yugoslav and Hungarian units go there too, by their
side and theatre, and never return (7.12: replacements.candidates leaves them out)."""

from __future__ import annotations

from phaseline import Event

from .units import theatre_of, unit_row, units_named

NEVER_REPLACED = ("YUG", "HUN")  # 7.12


def box_for(unit: dict) -> str:
    """The eliminated-units box ``unit`` goes to, from where it stands now."""
    if unit["side"] == "WA":
        return "ELIM_WA_ITALY" if unit["region"] == "ITA" else "ELIM_WA"  # 7.13
    if unit["side"] == "SOV":
        return "ELIM_SOV"
    return f"ELIM_GER_{theatre_of(unit)}"  # 7.11


def eliminate(match, unit_id: str, rule: str, reason: str) -> None:
    """Remove a unit to its box, logged with the rule that eliminated it."""
    unit = unit_row(match, unit_id)
    box = box_for(unit)
    side = f"GER_{box[-1]}" if box.startswith("ELIM_GER") else unit["side"]
    match.log(
        Event(
            "eliminated",
            side=unit["side"],
            unit_id=unit_id,
            from_space=unit["space_id"],
            to_space=box,
            rule=rule,
            purpose=reason,
        )
    )
    match.set("unit_state", {"unit_id": unit_id}, space_id=box, side=side, status="eliminated", mp=0)
    match.set(
        "bfg_unit",
        {"unit_id": unit_id},
        garrison=None,
        frozen=False,
        mp_factor=1.0,
        deadline_turn=None,
        deadline_step=None,
        deadline_rule=None,
    )


def remove_from_play(match, unit_ids: list[str], rule: str, reason: str) -> None:
    """Take units out of the game for good (9.1 exits, 12.22 removal of the Germans), each logged."""
    if not unit_ids:
        return
    for unit in units_named(match, unit_ids):
        match.log(
            Event(
                "removed",
                side=unit["side"],
                unit_id=unit["unit_id"],
                from_space=unit["space_id"],
                to_space="OUT",
                rule=rule,
                purpose=reason,
            )
        )
    match.update_where("unit_state", "list_contains(?, unit_id)", [unit_ids], space_id="OUT", status="removed", mp=0)
    # 10.0 a garrison removed from play (9.1 exits) garrisons its city no longer
    match.update_where("bfg_unit", "list_contains(?, unit_id) AND garrison IS NOT NULL", [unit_ids], garrison=None)
