"""Finding plugins (entry-point group ``phaseline``) and building one manager per match."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

import pluggy

from . import hookspecs
from .errors import PluginError, UnknownName
from .model import BotInfo, GameInfo, OptionalRule, PluginTable

ENTRY_POINT_GROUP = "phaseline"
BLOCK_VARIABLE = "PHASELINE_BLOCK_PLUGINS"
TRACE_VARIABLE = "PHASELINE_TRACE_PLUGINS"


def blocked_plugins(extra: tuple[str, ...] = ()) -> set[str]:
    """Plugin names blocked by ``$PHASELINE_BLOCK_PLUGINS`` (comma-separated) or flags."""
    names = {n.strip() for n in os.environ.get(BLOCK_VARIABLE, "").split(",") if n.strip()}
    return names | set(extra)


@dataclass
class InstalledPlugin:
    """An entry point of the ``phaseline`` group, loaded."""

    name: str
    module: Any
    distribution: str
    version: str


@dataclass
class Registry:
    """Everything the installed plugins registered."""

    plugins: dict[str, InstalledPlugin] = field(default_factory=dict)
    games: dict[str, GameInfo] = field(default_factory=dict)
    rules: dict[tuple[str, str], OptionalRule] = field(default_factory=dict)
    bots: dict[tuple[str, str], BotInfo] = field(default_factory=dict)
    tables: dict[str, list[PluginTable]] = field(default_factory=dict)

    def game(self, name: str) -> GameInfo:
        if name in self.games:
            return self.games[name]
        for info in self.games.values():
            if name.lower() in (info.short.lower(), info.title.lower()):
                return info
        known = ", ".join(sorted(self.games)) or "none installed"
        raise UnknownName(f"unknown game {name!r} (installed: {known})")

    def option(self, game: str, name: str) -> OptionalRule:
        try:
            return self.rules[(game, name)]
        except KeyError:
            known = ", ".join(n for g, n in self.rules if g == game) or "none"
            raise UnknownName(f"{game} has no optional rule {name!r} (options: {known})") from None

    def bot(self, game: str, name: str) -> BotInfo:
        for key in ((game, name), ("*", name)):
            if key in self.bots:
                return self.bots[key]
        known = ", ".join(sorted({n for g, n in self.bots if g in (game, "*")}))
        raise UnknownName(f"no bot {name!r} for {game} (bots: {known})")


def new_manager() -> pluggy.PluginManager:
    """A fresh plugin manager with phaseline's hookspecs (traced if asked)."""
    pm = pluggy.PluginManager("phaseline")
    pm.add_hookspecs(hookspecs)
    if os.environ.get(TRACE_VARIABLE):
        pm.trace.root.setwriter(lambda text: print(text, end=""))
        pm.enable_tracing()
    return pm


_registry: Registry | None = None


def registry(block: tuple[str, ...] = ()) -> Registry:
    """Load every installed plugin once and collect what they register."""
    global _registry
    if _registry is not None and not block:
        return _registry
    found = Registry()
    pm = new_manager()
    blocked = blocked_plugins(block)
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        if ep.name in blocked or ep.name in found.plugins:
            continue
        try:
            module = ep.load()
        except Exception as error:  # a broken plugin must not take the CLI down
            raise PluginError(f"plugin {ep.name} failed to load: {error}", plugin=ep.name) from None
        dist = ep.dist
        found.plugins[ep.name] = InstalledPlugin(
            ep.name, module, dist.name if dist else "?", dist.version if dist else "?"
        )
        pm.register(module, name=ep.name)
    _check(pm)
    pm.hook.phaseline_register_games(register=lambda g: found.games.__setitem__(g.name, g))
    pm.hook.phaseline_register_rules(register=lambda r: found.rules.__setitem__((r.game, r.name), r))
    pm.hook.phaseline_register_bots(register=lambda b: found.bots.__setitem__((b.game, b.name), b))
    if not block:
        _registry = found
    return found


def match_manager(game: GameInfo, options: list[OptionalRule]) -> pluggy.PluginManager:
    """The plugin manager of one match: its game plugin plus its chosen optional rules."""
    pm = new_manager()
    pm.register(game.plugin, name=game.name)
    for option in options:
        if option.plugin is not None:
            pm.register(option.plugin, name=f"{game.name}:{option.name}")
    _check(pm)
    return pm


def plugin_tables(pm: pluggy.PluginManager) -> list[PluginTable]:
    """The tables declared by the plugins of ``pm``."""
    tables: list[PluginTable] = []
    pm.hook.phaseline_tables.call_historic(kwargs={"register": tables.append})
    return tables


def _check(pm: pluggy.PluginManager) -> None:
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as error:
        raise PluginError(f"plugin {error.plugin!r}: {error}", plugin=str(error.plugin)) from None
