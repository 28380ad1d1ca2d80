"""phaseline: an embedded-SQL engine for board wargames.

The public names load on first use (PEP 562), so ``import phaseline`` stays cheap:
``phaseline --help`` or a game plugin's ``from phaseline import GameInfo`` never pays
for DuckDB, which only :class:`Store` (and what opens one) imports.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "errors": (
        "AmbiguousOrder",
        "IntegrityError",
        "InvalidOrder",
        "PhaselineError",
        "PluginError",
        "RuleViolation",
        "SandboxViolation",
        "ScenarioError",
        "StoreBusy",
        "StoreError",
        "UnknownName",
    ),
    "events": ("Event",),
    "match": ("Match",),
    "hookspecs": ("hookimpl", "hookspec"),
    "model": (
        "Action",
        "BotInfo",
        "Clock",
        "CounterFace",
        "GameInfo",
        "LinkMark",
        "MapMarks",
        "OptionalRule",
        "Outcome",
        "PluginTable",
        "ScenarioInfo",
        "Standing",
        "Step",
    ),
    "store": ("Store",),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = [
    "Action",
    "AmbiguousOrder",
    "BotInfo",
    "Clock",
    "CounterFace",
    "Event",
    "GameInfo",
    "IntegrityError",
    "InvalidOrder",
    "LinkMark",
    "MapMarks",
    "Match",
    "OptionalRule",
    "Outcome",
    "PhaselineError",
    "PluginError",
    "PluginTable",
    "RuleViolation",
    "SandboxViolation",
    "ScenarioError",
    "ScenarioInfo",
    "Standing",
    "Step",
    "Store",
    "StoreBusy",
    "StoreError",
    "UnknownName",
    "hookimpl",
    "hookspec",
]


def __getattr__(name: str) -> Any:
    """Import the module that defines ``name`` the first time it is asked for."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


if TYPE_CHECKING:
    from .errors import (
        AmbiguousOrder,
        IntegrityError,
        InvalidOrder,
        PhaselineError,
        PluginError,
        RuleViolation,
        SandboxViolation,
        ScenarioError,
        StoreBusy,
        StoreError,
        UnknownName,
    )
    from .events import Event
    from .hookspecs import hookimpl, hookspec
    from .match import Match
    from .model import (
        Action,
        BotInfo,
        Clock,
        CounterFace,
        GameInfo,
        LinkMark,
        MapMarks,
        OptionalRule,
        Outcome,
        PluginTable,
        ScenarioInfo,
        Standing,
        Step,
    )
    from .store import Store
