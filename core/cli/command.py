"""The class of every phaseline command: the global options after the command too, help last.

The global options (``--db``, ``--format``, ``--debug``, ``--block-plugin``) belong to the
``phaseline`` group, and every command takes them as well, so ``phaseline status --format
json`` and ``phaseline --format json status`` are one command line (as the README
promises). Given after the command they change the shared :class:`~.context.Context`
before the command runs. They are eager, as is ``--help`` moved behind them, so ``move
--db X --help`` (and ``move --help --db X``) shows the help of store X's match.
"""

from __future__ import annotations

from copy import copy
from functools import cache
from pathlib import Path
from typing import Annotated, Any

import typer
from typer._click import Command as ClickCommand
from typer._click import Context as ClickContext
from typer._click import HelpFormatter, Parameter
from typer._click.exceptions import UsageError
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo

from .context import Context
from .output import Format

HELP = "--help"
DB_HELP = "Store file (default $PHASELINE_HOME/phaseline.duckdb)."
FORMAT_HELP = "Output: table, json or csv."
DEBUG_HELP = "Show tracebacks."
BLOCK_HELP = "Do not load this plugin (repeatable)."
EXTRA_ARGUMENTS = "Got unexpected extra argument"  # click's message for arguments a command does not take
SHARED: dict[str, Any] = {"is_eager": True, "expose_value": False}


def _set(field: str) -> Any:
    """The callback of the global option that sets ``field`` of the shared :class:`Context`."""

    def given(ctx: typer.Context, value: Any) -> None:
        if value is None or value is False or value == []:
            return  # left out: what was given before the command stands
        obj = ctx.ensure_object(Context)
        if field == "block":
            value = (*obj.block, *value)
        setattr(obj, field, value)

    return given


def _declared(
    db: Annotated[Path | None, typer.Option("--db", help=DB_HELP, callback=_set("db"), **SHARED)] = None,
    fmt: Annotated[
        Format | None, typer.Option("--format", "-f", help=FORMAT_HELP, callback=_set("fmt"), **SHARED)
    ] = None,
    debug: Annotated[bool, typer.Option("--debug", help=DEBUG_HELP, callback=_set("debug"), **SHARED)] = False,
    block: Annotated[
        list[str] | None,
        typer.Option("--block-plugin", metavar="NAME", help=BLOCK_HELP, callback=_set("block"), **SHARED),
    ] = None,
) -> None:
    """The global options as a command takes them (the group declares its own in cli/__init__.py)."""


@cache
def global_options() -> tuple[Parameter, ...]:
    """The global options as parameters (one set, shared by every command: they keep no state)."""
    params, _ = typer.main._get_params_name_from_function(_declared)
    return tuple(params)


class Command(TyperCommand):
    """A phaseline command: its own options, then the global ones; ``--help`` after both.

    The global options join the command's parameters only when its arguments name one of
    them (or ``--help``, which lists them): building them costs as much as a command's own
    start-up work, and most command lines give none.
    """

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        args = help_last(args)
        take_global_options(self, args)
        try:
            return super().parse_args(ctx, args)
        except UsageError as error:  # status bfg-1: a match is named with --match
            if EXTRA_ARGUMENTS in error.message and any(param.name == "match" for param in self.params):
                error.message += "; name the match with --match ID"
            raise

    def format_options(self, ctx: ClickContext, formatter: HelpFormatter) -> None:
        format_options(self, ctx, formatter)


class Group(TyperGroup):
    """A group of phaseline commands (``plugins``): its subcommands are :class:`Command` too."""

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        end = next((at for at, arg in enumerate(args) if not arg.startswith("-")), len(args))
        take_global_options(self, args[:end])
        return super().parse_args(ctx, help_last(args, end))

    def format_options(self, ctx: ClickContext, formatter: HelpFormatter) -> None:
        format_options(self, ctx, formatter)
        self.format_commands(ctx, formatter)


GLOBAL_NAMES = ("--db", "--format", "-f", "--debug", "--block-plugin", HELP)


def take_global_options(command: ClickCommand, args: list[str]) -> None:
    """Give ``command`` the global options it does not declare itself, when ``args`` (up to ``--``)
    name one of them or ask for help."""
    head = args[: args.index("--")] if "--" in args else args
    if not any(arg.startswith(GLOBAL_NAMES) for arg in head):
        return
    taken = {name for param in command.params for name in (*param.opts, *param.secondary_opts)}
    command.params += [option for option in global_options() if not taken & {*option.opts}]


def format_options(command: ClickCommand, ctx: ClickContext, formatter: HelpFormatter) -> None:
    """The command's arguments and options, then the global options in a section of their own."""
    sections: dict[str, list[tuple[str, str]]] = {"Arguments": [], "Options": [], GLOBAL_SECTION: []}
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:
            continue
        if param in global_options():
            sections[GLOBAL_SECTION].append(record)
        else:
            sections["Arguments" if param.param_type_name == "argument" else "Options"].append(record)
    for title, records in sections.items():
        if records:
            with formatter.section(title):
                formatter.write_dl(records)


GLOBAL_SECTION = "Global options (before or after the command)"


def help_last(args: list[str], before: int | None = None) -> list[str]:
    """``args`` with every ``--help`` among the first ``before`` (default: all, up to ``--``)
    moved to the end of them: the options it follows and precedes are read first either way."""
    end = len(args) if before is None else before
    if "--" in args[:end]:
        end = args.index("--")
    head = args[:end]
    if HELP not in head:
        return args
    return [*[a for a in head if a != HELP], HELP, *args[end:]]


def with_class(info: Any) -> Any:
    """A copy of a typer command or group declaration built as :class:`Command` or :class:`Group`
    (unless it names its own class), its subcommands likewise."""
    found = copy(info)
    if isinstance(info, CommandInfo):
        found.cls = Command if info.cls in (None, TyperCommand) else info.cls
        return found
    app = copy(info.typer_instance)
    app.registered_commands = [with_class(c) for c in app.registered_commands]
    app.registered_groups = [with_class(g) for g in app.registered_groups]
    found.typer_instance = app
    if typer.main.solve_typer_info_defaults(info).cls in (None, TyperGroup):
        found.cls = Group
    return found
