"""Finding plugins (entry-point group ``phaseline``) and building one manager per match."""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pluggy

from . import hookspecs
from .entry_points import EntryPoint, entry_points
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


class Registry:
    """Everything the installed plugins registered, loaded as far as a question needs.

    A registry of installed plugins (:func:`registry`) loads them when first asked:
    ``game(name)`` loads the plugin whose entry point bears the game's name first (as the
    built-in games do), and every other question (the ``plugins``, ``games``, ``rules``
    and ``bots`` mappings, a name not found) loads them all, so that opening a match of
    one game never imports the others. Fully loaded, the mappings hold what one plugin
    manager over every plugin would have collected, in the same order. ``Registry()``
    starts empty, to be filled by hand with :meth:`add` (tests).
    """

    def __init__(self, entry_points: Iterable[EntryPoint] = ()) -> None:
        self._pending: dict[str, EntryPoint] = {}
        for ep in entry_points:
            self._pending.setdefault(ep.name, ep)  # a name installed twice: the first one
        self._found: dict[str, _Registrations] = {}
        self._plugins: dict[str, InstalledPlugin] = {}
        self._games: dict[str, GameInfo] = {}
        self._rules: dict[tuple[str, str], OptionalRule] = {}
        self._bots: dict[tuple[str, str], BotInfo] = {}

    @property
    def plugins(self) -> dict[str, InstalledPlugin]:
        self.load_all()
        return self._plugins

    @property
    def games(self) -> dict[str, GameInfo]:
        self.load_all()
        return self._games

    @property
    def rules(self) -> dict[tuple[str, str], OptionalRule]:
        self.load_all()
        return self._rules

    @property
    def bots(self) -> dict[tuple[str, str], BotInfo]:
        self.load_all()
        return self._bots

    def game(self, name: str) -> GameInfo:
        if name not in self._games and name in self._pending:
            self._load_one(name)
        if name in self._games:
            return self._games[name]
        for info in self.games.values():
            if name.lower() in (info.short.lower(), info.title.lower()):
                return info
        known = ", ".join(sorted(self.games)) or "none installed"
        raise UnknownName(f"unknown game {name!r} (installed: {known})")

    def option(self, game: str, name: str) -> OptionalRule:
        if (game, name) in self._rules:
            return self._rules[(game, name)]
        try:
            return self.rules[(game, name)]
        except KeyError:
            known = ", ".join(n for g, n in self.rules if g == game) or "none"
            raise UnknownName(f"{game} has no optional rule {name!r} (options: {known})") from None

    def bot(self, game: str, name: str) -> BotInfo:
        if (game, name) in self._bots:
            return self._bots[(game, name)]
        for key in ((game, name), ("*", name)):
            if key in self.bots:
                return self.bots[key]
        raise UnknownName(f"no bot {name!r} for {game} (bots: {', '.join(self.bot_names(game))})")

    def bot_names(self, game: str) -> list[str]:
        """The bots that can play ``game``: its own and those for every game."""
        return sorted({n for g, n in self.bots if g in (game, "*")})

    def verbs(self, only: str | None = None) -> dict[str, str]:
        """The games' order verbs and their help texts; a verb several games share has the
        help of the first game, taking plugins in name order (games added by hand last).

        With ``only``, just that verb (or nothing), loading plugins only until a game declares it.
        """
        found: dict[str, str] = {}
        for name in sorted({*self._found, *self._pending}):
            if name in self._pending:
                self._load_one(name)
            for game in self._found[name].games:
                for verb, text in game.verbs.items():
                    found.setdefault(verb, text)
            if only in found:
                return {only: found[only]}
        for game in self._games.values():
            for verb, text in game.verbs.items():
                found.setdefault(verb, text)
        if only is None:
            return found
        return {only: found[only]} if only in found else {}

    def _load_one(self, name: str) -> None:
        """Load the pending plugin ``name``; loading the last one orders them all (:meth:`load_all`)."""
        if len(self._pending) == 1:
            self.load_all()
        else:
            self._load(self._pending.pop(name))

    def load_all(self) -> None:
        """Load every plugin not loaded yet, then order what they registered canonically."""
        if not self._pending:
            return
        while self._pending:
            self._load(self._pending.pop(next(iter(self._pending))))
        # One manager over every plugin calls them last-registered first (pluggy), so a
        # later-sorted plugin registers first and an earlier-sorted one overwrites it.
        for mapping in (self._plugins, self._games, self._rules, self._bots):
            mapping.clear()
        for name in sorted(self._found):
            self._plugins[name] = self._found[name].plugin
        for name in sorted(self._found, reverse=True):
            self._merge(self._found[name])

    def add(self, plugin: Any, name: str | None = None) -> InstalledPlugin:
        """Register a plugin by hand, as if installed: a module or object with ``@hookimpl``s.

        What its ``phaseline_register_*`` hooks register joins the registry at once, so a
        game's tests need no entry point (``phaseline.testing`` builds on this)::

            registry = Registry()
            registry.add(phaseline_hill)
            assert "king-of-the-hill" in registry.games
        """
        name = name or getattr(plugin, "__name__", type(plugin).__name__)
        return self._register(InstalledPlugin(name, plugin, "(added by hand)", "-"))

    def _load(self, ep: EntryPoint) -> None:
        try:
            module = ep.load()
        except Exception as error:  # a broken plugin must not take the CLI down
            raise PluginError(f"plugin {ep.name} failed to load: {error}", plugin=ep.name) from None
        dist = ep.dist
        self._register(InstalledPlugin(ep.name, module, dist.name if dist else "?", dist.version if dist else "?"))

    def _register(self, plugin: InstalledPlugin) -> InstalledPlugin:
        found = _Registrations(plugin)
        pm = new_manager()
        pm.register(plugin.module, name=plugin.name)
        _check(pm)
        pm.hook.phaseline_register_games(register=found.games.append)
        pm.hook.phaseline_register_rules(register=found.rules.append)
        pm.hook.phaseline_register_bots(register=found.bots.append)
        self._found[plugin.name] = found
        self._plugins[plugin.name] = plugin
        self._merge(found)
        return plugin

    def _merge(self, found: _Registrations) -> None:
        self._games.update((g.name, g) for g in found.games)
        self._rules.update(((r.game, r.name), r) for r in found.rules)
        self._bots.update(((b.game, b.name), b) for b in found.bots)


@dataclass
class _Registrations:
    """What one plugin registered."""

    plugin: InstalledPlugin
    games: list[GameInfo] = field(default_factory=list)
    rules: list[OptionalRule] = field(default_factory=list)
    bots: list[BotInfo] = field(default_factory=list)


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
    """The installed plugins (entry-point group ``phaseline``), loaded when first needed.

    Without ``block`` the registry is made once per process and shared.
    """
    global _registry
    if _registry is not None and not block:
        return _registry
    blocked = blocked_plugins(block)
    found = Registry(
        ep for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name) if ep.name not in blocked
    )
    if not block:
        _registry = found
    return found


def match_manager(info: GameInfo, options: list[OptionalRule]) -> pluggy.PluginManager:
    """The plugin manager of one match: its game plugin plus its chosen optional rules, and the
    game's own hookspecs (``GameInfo.hookspecs``) beside phaseline's."""
    pm = new_manager()
    if info.hookspecs is not None:
        pm.add_hookspecs(info.hookspecs)
    pm.register(info.hooks, name=info.name)
    for option in options:
        if option.plugin is not None:
            pm.register(option.hooks, name=f"{info.name}:{option.name}")
    _check(pm)
    return pm


def optional_rules(package: str, game: str, version: str) -> list[OptionalRule]:
    """The optional rules of ``game`` found in ``package``, in module-name order: each module with a
    ``RULE`` (its number) and a ``TITLE`` is one, the module its plugin, its ``NAME`` what ``--option``
    takes (default: its number), its ``DECISIONS`` (if any) the kinds it asks. Adding an optional
    rule is adding a module."""
    found = importlib.import_module(package)
    modules = [importlib.import_module(f"{package}.{info.name}") for info in pkgutil.iter_modules(found.__path__)]
    return [
        OptionalRule(
            game=game,
            name=getattr(m, "NAME", m.RULE),
            title=m.TITLE,
            rule=m.RULE,
            plugin=m,
            version=version,
            decisions=getattr(m, "DECISIONS", {}),
        )
        for m in modules
        if hasattr(m, "RULE") and hasattr(m, "TITLE")
    ]


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
