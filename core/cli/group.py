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

from .command import help_last, with_class

Info = CommandInfo | TyperInfo


class LazyCommands(MutableMapping[str, typer.core.TyperCommand]):
    """Command names in registration order; each command is built on first access."""

    def __init__(
        self, build: Callable[[Info], typer.core.TyperCommand], built: dict[str, typer.core.TyperCommand]
    ) -> None:
        self._build = build
        self._infos: dict[str, Info | None] = dict.fromkeys(built)
        self._built = dict(built)
        self.kinds: dict[str, str] = {}  # name -> VERB or PLUGIN; the others are built-in

    def defer(self, name: str, info: Info, kind: str | None = None) -> None:
        """Register ``info`` under ``name`` (a game's verb or a plugin's command: ``kind``) unless
        the name is taken."""
        if name not in self._infos and kind:
            self.kinds[name] = kind
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


VERB, PLUGIN = "verb", "plugin"


class CommandGroup(TyperGroup):
    """The ``phaseline`` group: built-in commands, then game verbs and plugin commands, lazily.

    Its help lists the built-in commands, the orders of the current match's game (the
    other games' orders work too, and are listed by ``phaseline games GAME``) and the
    plugins' commands.
    """

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

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, help_last(args, self._options_end(ctx, args)))

    def _options_end(self, ctx: typer.Context, args: list[str]) -> int:
        """Where the group's own options end (at the command's name)."""
        takes_value = {
            name
            for param in self.get_params(ctx)
            if param.param_type_name == "option" and not getattr(param, "is_flag", False)
            for name in param.opts
        }
        at = 0
        while at < len(args) and args[at].startswith("-") and args[at] != "--":
            at += 2 if args[at] in takes_value else 1
        return min(at, len(args))

    def format_commands(self, ctx: typer.Context, formatter: Any) -> None:
        """The built-in commands, the current match's game's orders and the plugins' commands,
        each from its help text: --help builds no command."""
        from .verbs import orders_for_help, orders_rows

        self.listing = True
        try:
            names = self.list_commands(ctx)
            rows = {
                kind: self._rows(ctx, [n for n in names if self.commands.kinds.get(n) == kind], formatter)
                for kind in (None, PLUGIN)
            }
            orders = orders_for_help(ctx)
        finally:
            self.listing = False
        _section(formatter, "Commands", rows[None])
        if orders is not None and orders.info is not None:
            limit = formatter.width - 6 - max(len(verb) for verb in orders.info.verbs) if orders.info.verbs else 40
            title = f"Orders of {orders.info.title} (match {orders.match}, the current one)"
            _section(formatter, title, orders_rows(orders.info, limit))
        else:
            with formatter.section("Orders"):
                formatter.write_text(_no_orders(orders))
        _section(formatter, "Plugin commands", rows[PLUGIN])

    def _rows(self, ctx: typer.Context, names: list[str], formatter: Any) -> list[tuple[str, str]]:
        commands = [(name, self.get_command(ctx, name)) for name in names]
        commands = [(name, command) for name, command in commands if command is not None and not command.hidden]
        if not commands:
            return []
        limit = formatter.width - 6 - max(len(name) for name, _ in commands)
        return [(name, command.get_short_help_str(limit)) for name, command in commands]

    def list_commands(self, ctx: typer.Context) -> list[str]:
        """Commands in registration order (verbs and plugin commands after built-ins), groups last."""
        self._add_extras()
        names = list(self.commands)
        return [n for n in names if not self.commands.is_group(n)] + [n for n in names if self.commands.is_group(n)]

    def _add_verb(self, name: str) -> None:
        """The game verb ``name``, if an installed game has it, loading plugins only until one does."""
        from .verbs import add_game_verbs

        if not self.extras_loaded:
            self._defer_from(lambda scratch, known: add_game_verbs(scratch, known, only=name), VERB)

    def _add_extras(self) -> None:
        """The installed games' verbs and the plugins' commands, under names not yet taken."""
        if self.extras_loaded:
            return
        self.extras_loaded = True
        from .plugins import add_plugin_commands
        from .verbs import add_game_verbs

        self._defer_from(add_game_verbs, VERB)
        self._defer_from(add_plugin_commands, PLUGIN)

    def _defer_from(self, add: Callable[[typer.Typer, set[str]], None], kind: str) -> None:
        """Defer the commands (of ``kind``) that ``add`` registers on a scratch app (given the names taken)."""
        scratch = typer.Typer()
        add(scratch, set(self.commands))
        for info in scratch.registered_commands:
            self.commands.defer(command_name(info), info, kind)

    def _build(self, info: Info) -> typer.core.TyperCommand:
        info = with_class(info)
        settings = {"pretty_exceptions_short": self.pretty_exceptions_short, "rich_markup_mode": self.rich_markup_mode}
        if isinstance(info, TyperInfo):
            return typer.main.get_group_from_info(info, suggest_commands=self.suggest_commands, **settings)
        return typer.main.get_command_from_info(info, **settings)


def _section(formatter: Any, title: str, rows: list[tuple[str, str]]) -> None:
    if rows:
        with formatter.section(title):
            formatter.write_dl(rows)


def _no_orders(orders: Any) -> str:
    """What the help says of the orders when it cannot list the current match's game's."""
    if orders is not None:
        return f"The current match, {orders.match}, is a match of {orders.game}, which is not installed."
    return (
        "Each game has its own orders (move, attack …): 'phaseline games GAME' lists them, and this "
        "help lists the current match's once there is one ('phaseline new GAME')."
    )


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
