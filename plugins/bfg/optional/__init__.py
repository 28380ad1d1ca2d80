"""Battle for Germany's optional rules, one module per rule, each its own plugin.

A match chooses them when it is created (``phaseline new bfg --option 12.3``); the engine
then adds the module to that match's plugin manager (core/plugins.py ``match_manager``).
The base rules never name an optional rule: where one changes how a base rule reads, the
base rule asks one of the game's own hooks (hookspecs.py) and the module implements it.
Every module of this package with a ``RULE`` and a ``TITLE`` is an optional rule: adding
one is adding a file (and its row in the rule index).
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from phaseline.model import OptionalRule

GAME = "battle-for-germany"


def modules() -> list[ModuleType]:
    """The optional-rule modules of this package, in name order."""
    found = [importlib.import_module(f"{__name__}.{info.name}") for info in pkgutil.iter_modules(__path__)]
    return [m for m in found if hasattr(m, "RULE") and hasattr(m, "TITLE")]


def rules(version: str) -> list[OptionalRule]:
    """The OptionalRule of each module (name = rule number)."""
    return [
        OptionalRule(game=GAME, name=m.RULE, title=m.TITLE, rule=m.RULE, plugin=m, version=version) for m in modules()
    ]
