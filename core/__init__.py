"""phaseline: an embedded-SQL engine for board wargames."""

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
from .game import Game
from .hookspecs import hookimpl
from .model import (
    Action,
    BotInfo,
    Clock,
    GameInfo,
    OptionalRule,
    Outcome,
    PluginTable,
    ScenarioInfo,
    Step,
)
from .store import Store

__version__ = "0.1.0"

__all__ = [
    "Action",
    "AmbiguousOrder",
    "BotInfo",
    "Clock",
    "Event",
    "Game",
    "GameInfo",
    "IntegrityError",
    "InvalidOrder",
    "OptionalRule",
    "Outcome",
    "PhaselineError",
    "PluginError",
    "PluginTable",
    "RuleViolation",
    "SandboxViolation",
    "ScenarioError",
    "ScenarioInfo",
    "Step",
    "Store",
    "StoreBusy",
    "StoreError",
    "UnknownName",
    "hookimpl",
]
