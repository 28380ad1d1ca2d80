"""The end of a landing assault (19.4, 21.5): a failure leaves every lander Dis1, never worse;
then the defensive works are judged (15.2).

Asked by landings.py when a landing needs no DR (unopposed, or every lander interdicted)
and by resolution.py when the landers' attack is over.
"""

from __future__ import annotations

from typing import Any

from phaseline import Event

from ..scenarios import ALLIED
from . import works

INTERDICTED = "failed: every lander was interdicted"  # 19.4, 21.5: no DR is rolled


def after_assault(match, landing: dict[str, Any], outcome: str) -> None:
    """19.4, 21.5: called when the landing attack is over (no overrun, no retreat: resolution.py)."""
    landing_over(match, landing, "failed" if outcome == "repulsed" else outcome)


def landing_over(match, landing: dict[str, Any], result: str) -> None:
    """19.4, 21.5: the landers of a failed assault are Dis1; none waits to attack any more."""
    if result.startswith("failed"):
        for uid in landing["ids"]:  # 19.4, 21.5: every lander Dis1, never Dis2 from interdiction
            match.set("unit_state", {"unit_id": uid}, status="Dis1", mp=0)
    for uid in landing["ids"]:
        match.set("bkn_unit_state", {"unit_id": uid}, pending=False)
    log_assault(match, landing, result)


def log_assault(match, landing: dict[str, Any], result: str) -> None:
    """The landing assault is over; 15.2: only now are the works judged (a repulse leaves every
    lander Dis1, and Disrupted units do not remove them)."""
    rule = "21.5" if landing["dday"] else "19.4"
    match.log(Event("note", side=ALLIED, purpose=f"landing assault on {landing['beach']}: {result}", rule=rule))
    works.update(match)
