"""Battle for Germany's optional rules, one module per rule, each its own plugin.

A match chooses them when it is created (``phaseline new bfg --option 12.3``); the engine
then adds the module to that match's plugin manager (core/plugins.py ``match_manager``).
Where an optional rule changes how a base rule reads, the base rule module asks
``"12.3" in game.options`` and cites the optional rule; what the optional rule does at
phase events lives in its module's hooks.
"""

from __future__ import annotations

from phaseline.model import OptionalRule

from . import east_replacements, ss_to_allies

GAME = "battle-for-germany"
MODULES = (east_replacements, ss_to_allies)


def rules(version: str) -> list[OptionalRule]:
    """The OptionalRule of each module (name = rule number)."""
    return [
        OptionalRule(game=GAME, name=m.RULE, title=m.TITLE, rule=m.RULE, plugin=m, version=version) for m in MODULES
    ]
