"""Zones (3.3, 7.2, 14): the off-map approach routes A-E, played as areas with exceptions.

14.1 every area rule applies to zones (control 7.3 included) except:
14.2 only a unit that began the impulse in an area or zone arrow-linked to the zone may
     enter it, for all its MF, and its move ends there; leaving a zone costs the usual MF,
     and a contested zone never holds its units back (no 8.34);
14.3 (and 7.2) stacking in a zone is unlimited, corps artillery included;
14.4 artillery in a zone bombards and supports only in that zone, and artillery outside
     never fires into one; no air strikes on zones, no air-support AV/DV there, no overrun.
Movement (entering.entry), combat (combat_values.supporting_artillery, assault_values, the
overrun) and bombardment (bombardment.artillery_for, marker_reaches) ask these predicates.
"""

from __future__ import annotations

from phaseline.model import plays_ruling

from ..rulings import ALL_MF_LEFT
from .board import Area, board


def check_entry(match, unit, zone: Area) -> None:
    """14.2: a unit enters a zone only if it began the impulse next to it: from there at once,
    or with the ruling ``all-mf-left`` after moving on (units move from the activated area, 8.3)."""
    if plays_ruling(match, ALL_MF_LEFT):
        b = board(match)
        began = b.day["activated"]
        if began is not None and zone.space_id not in b.neighbours(began):
            raise match.violation(
                f"{unit['unit_id']} cannot enter zone {zone.space_id}: it began the impulse in {began}, "
                "not next to the zone",
                "14.2",
            )
        return
    if unit["areas"]:
        raise match.violation(
            f"{unit['unit_id']} cannot enter zone {zone.space_id}: only a unit that began the impulse "
            "next to a zone may enter it",
            "14.2",
        )


def is_stacking_limited(area: Area) -> bool:
    """7.2, 14.3: any number of units of any type may be in a zone."""
    return not area.is_zone


def artillery_reaches(here: Area, target: Area) -> bool:
    """14.4: artillery fires within its own zone, and never from or into a zone otherwise."""
    if here.is_zone or target.is_zone:
        return here.space_id == target.space_id
    return True


def air_reaches(area: Area) -> bool:
    """14.4: no air strikes on zones, and no air-support modifier in zone combat."""
    return not area.is_zone


def overrun_possible(area: Area) -> bool:
    """14.4: no overrun in a zone."""
    return not area.is_zone
