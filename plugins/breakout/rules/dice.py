"""Dice rolls (9.11): a DR is two dice; the first Allied DR of an Allied impulse is also the Sunset DR (6.3)."""

from __future__ import annotations

from phaseline import Event

from ..scenarios import ALLIED
from .board import board


def roll_dr(match, side: str, purpose: str, rule: str) -> int:
    """9.11: a DR is two dice; the first Allied DR of an Allied impulse is the Sunset DR (6.3)."""
    raw = match.roll(f"{purpose} (first die)", rule=rule, side=side) + match.roll(
        f"{purpose} (second die)", rule=rule, side=side
    )
    day = board(match).day
    if side == ALLIED and match.clock.step == "allied-impulse" and day["sunset_raw"] is None:
        match.set("bkn_day", {}, sunset_raw=raw, sunset_drm_at=day["sunset_drm"])  # 11.23: the DRM as it is now
        match.log(Event("note", side=ALLIED, purpose=f"this DR {raw} is also the Sunset DR", rule="6.3"))
    return raw
