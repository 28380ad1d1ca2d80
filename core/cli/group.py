"""The root ``phaseline`` command, which builds only the commands a run needs.

typer builds every command of an app up front (reading each signature), and the game
verbs (move, attack …) and the commands plugins add are known only after loading every
plugin. Here a command is built when it is looked up. A name that is not a built-in
command is first looked for among the games' verbs, loading plugins only until a game
has it (``move`` on a Battle for Germany match need not import every other game); the
other verbs and the plugin commands are collected when a name is neither, or when the
whole list is shown (``--help``, or a mistyped name's suggestions). Built-in names win,
then verbs, then plugin commands.

It leans on typer's internals (``typer.main.get_command_from_info``, ``get_group_from_info``,
``solve_typer_info_defaults``), and pays for it: measured 2026-12-06 with typer 0.29.2
(valgrind instruction counts, with the games' rules loaded only when a match opens), building
the whole app at once made ``--help`` 691 M instructions instead of 462 M and ``status``
992 M instead of 743 M, some 50 ms of CPU per command: every command's signature is read.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

import typer
from typer.core import TyperGroup
from typer.models import CommandInfo, TyperInfo

Info = CommandInfo | TyperInfo


class LazyCommands(MutableMapping[str, typer.core.TyperCommand]):
    """Command names in registration order; each command is built on first access."""

    def __init__(
        self, build: Callable[[Info], typer.core.TyperCommand], built: dict[str, typer.core.TyperCommand]
    ) -> None:
        self._build = build
        self._infos: dict[str, Info | None] = dict.fromkeys(built)
        self._built = dict(built)

    def defer(self, name: str, info: Info) -> None:
        """Register ``info`` under ``name`` unless the name is taken."""
        self._infos.setdefault(name, info)

    def summary(self, name: str) -> typer.core.TyperCommand:
        """The command if built, else a stand-in with its help text only (for listing)."""
        info = self._infos[name]
        if name in self._built or info is None:
            return self[name]
        if isinstance(info, TyperInfo):
            info = typer.main.solve_typer_info_defaults(info)
            text = info.help
        else:
            text = inspect.cleandoc(info.help) if info.help is not None else inspect.getdoc(info.callback)
        return typer.core.TyperCommand(
            name=name, help=text, short_help=info.short_help, hidden=info.hidden, deprecated=info.deprecated
        )

    def is_group(self, name: str) -> bool:
        return isinstance(self._infos.get(name), TyperInfo) or isinstance(self._built.get(name), TyperGroup)

    def __contains__(self, name: object) -> bool:
        return name in self._infos

    def __getitem__(self, name: str) -> typer.core.TyperCommand:
        if name not in self._built:
            self._built[name] = self._build(self._infos[name])  # a KeyError for unknown names
        return self._built[name]

    def __setitem__(self, name: str, command: typer.core.TyperCommand) -> None:
        self._infos.setdefault(name, None)
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._infos[name]
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._infos)

    def __len__(self) -> int:
        return len(self._infos)


class CommandGroup(TyperGroup):
    """The ``phaseline`` group: built-in commands, then game verbs and plugin commands, lazily."""

    commands: LazyCommands
    pretty_exceptions_short = True  # typer's default; root_command copies the app's
    extras_loaded = False
    listing = False

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = LazyCommands(self._build, dict(self.commands))

    def get_command(self, ctx: typer.Context, cmd_name: str) -> typer.core.TyperCommand | None:
        if cmd_name not in self.commands:
            self._add_verb(cmd_name)  # a verb beats a plugin command: no need to load every plugin
        if cmd_name not in self.commands:
            self._add_extras()
        if self.listing and cmd_name in self.commands:
            return self.commands.summary(cmd_name)
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: typer.Context, formatter: Any) -> None:
        """typer's command list, from each command's help text: --help builds no command."""
        self.listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.listing = False

    def list_commands(self, ctx: typer.Context) -> list[str]:
        """Commands in registration order (verbs and plugin commands after built-ins), groups last."""
        self._add_extras()
        names = list(self.commands)
        return [n for n in names if not self.commands.is_group(n)] + [n for n in names if self.commands.is_group(n)]

    def _add_verb(self, name: str) -> None:
        """The game verb ``name``, if an installed game has it, loading plugins only until one does."""
        from .matches import add_game_verbs

        if not self.extras_loaded:
            self._defer_from(lambda scratch, known: add_game_verbs(scratch, known, only=name))

    def _add_extras(self) -> None:
        """The installed games' verbs and the plugins' commands, under names not yet taken."""
        if self.extras_loaded:
            return
        self.extras_loaded = True
        from .matches import add_game_verbs
        from .plugins import add_plugin_commands

        def add(scratch: typer.Typer, known: set[str]) -> None:
            add_game_verbs(scratch, known)
            add_plugin_commands(scratch, known)

        self._defer_from(add)

    def _defer_from(self, add: Callable[[typer.Typer, set[str]], None]) -> None:
        """Defer the commands that ``add`` registers on a scratch app (given the names taken)."""
        scratch = typer.Typer()
        add(scratch, set(self.commands))
        for info in scratch.registered_commands:
            self.commands.defer(command_name(info), info)

    def _build(self, info: Info) -> typer.core.TyperCommand:
        settings = {"pretty_exceptions_short": self.pretty_exceptions_short, "rich_markup_mode": self.rich_markup_mode}
        if isinstance(info, TyperInfo):
            return typer.main.get_group_from_info(info, suggest_commands=self.suggest_commands, **settings)
        return typer.main.get_command_from_info(info, **settings)


def command_name(info: CommandInfo) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)


def root_command(app: typer.Typer) -> CommandGroup:
    """The click group of ``app`` (whose ``cls`` is :class:`CommandGroup`), no command built yet."""
    shell = copy.copy(app)  # the root's own options and callback, without its commands
    shell.registered_commands, shell.registered_groups = [], []
    group = typer.main.get_group(shell)
    assert isinstance(group, CommandGroup), "the app must be typer.Typer(cls=CommandGroup)"
    group.pretty_exceptions_short = app.pretty_exceptions_short
    for info in app.registered_commands:
        group.commands.defer(command_name(info), info)
    for info in app.registered_groups:
        group.commands.defer(info.name, info)
    return group
