"""Breakout: Normandy's optional rules (23), one module per rule, each its own plugin.

23.1: they are used only when both players agree, so a match chooses them when it is
created (``phaseline new breakout-normandy --option 23.2``); the engine then adds the
module to that match's plugin manager. Where an optional rule changes how a base rule
reads, the base rule asks ``"23.3" in game.options`` and calls the module.
"""

from __future__ import annotations

from phaseline.model import OptionalRule

from . import bidding, card_combat

GAME = "breakout-normandy"
MODULES = (bidding, card_combat)


def rules(version: str) -> list[OptionalRule]:
    """The OptionalRule of each module (name = rule number)."""
    return [
        OptionalRule(
            game=GAME, name=m.RULE, title=m.TITLE, rule=m.RULE, plugin=m, version=version, decisions=m.DECISIONS
        )
        for m in MODULES
    ]
