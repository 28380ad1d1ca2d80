"""The games' orders as commands (``phaseline move …``), each with the help of its own game.

Every installed game's verbs (``GameInfo.verbs``) are commands, so ``--match`` may name a
match of any game; what a verb's help says, and which verbs the top-level help lists, is the
game of the match it would act on: the match named by ``--match``, else the current one
(read from the note beside the store, :mod:`.current`, so help never opens the store for
it). With no match, help lists each game that has the verb.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer
from typer._click import Context as ClickContext
from typer._click import HelpFormatter
from typer._click.utils import make_default_short_help

from ..errors import PhaselineError
from ..home import default_path
from .command import Command
from .context import Context
from .current import current_for_help
from .options import AsOption, MatchOption
from .playing import play_order

if TYPE_CHECKING:
    from ..model import GameInfo
    from ..plugins import Registry


class Orders(NamedTuple):
    """The match a command would act on and its game (None: not installed), for help."""

    match: str
    info: GameInfo | None
    game: str


def add_game_verbs(target: typer.Typer, known: set[str], only: str | None = None) -> None:
    """A command for each order verb of the installed games (move, attack, …) not in ``known``.

    With ``only``, that verb alone, if a game has it: plugins load only until one declares it.
    """
    from ..plugins import registry

    for verb, text in registry().verbs(only).items():
        if verb in known:
            continue
        known.add(verb)
        # an order's arguments are the game's: "-1" (buy -1) is an argument, never an unknown option
        settings = {"ignore_unknown_options": True}
        # the help of the first game that has it: what a tool that builds every command at once
        # shows; phaseline's own help shows the current match's game's (VerbCommand)
        target.command(verb, cls=VerbCommand, help=text, context_settings=settings)(_verb_command(verb))


def _verb_command(verb: str):
    """The command of one order verb (the match's game checks its arguments)."""

    def command(
        ctx: typer.Context,
        args: Annotated[list[str] | None, typer.Argument(help="The order's arguments.", metavar="ARGS")] = None,
        match: MatchOption = None,
        as_: AsOption = None,
    ) -> None:
        play_order(ctx.obj, verb, list(args or ()), match, as_)

    command.__name__ = f"order_{verb.replace('-', '_')}"
    return command


class VerbCommand(Command):
    """A verb's command, whose help is that of the game of the match it would act on."""

    def format_help_text(self, ctx: ClickContext, formatter: HelpFormatter) -> None:
        self.help = verb_help(self.name or "", orders_for_help(ctx), registry_of(ctx))
        super().format_help_text(ctx, formatter)


def verb_help(verb: str, orders: Orders | None, reg: Registry) -> str:
    """What ``verb`` does in the game of ``orders`` (each game that has it, with no match)."""
    if orders is not None and orders.info is not None and verb in orders.info.verbs:
        return f"{orders.info.verbs[verb]}\n\nAn order of {orders.info.title} (match {orders.match})."
    having = [(info.title, info.verbs[verb]) for info in reg.games.values() if verb in info.verbs]
    others = "\n\n".join(f"{title}: {text}" for title, text in having)
    if orders is None:
        return f"An order of each game that has it:\n\n{others}"
    if orders.info is None:
        return f"Match {orders.match} is a match of {orders.game}, which is not installed.\n\n{others}"
    own = ", ".join(orders.info.verbs)
    return f"Not an order of {orders.info.title} (match {orders.match}), whose orders are: {own}.\n\n{others}"


def orders_for_help(ctx: ClickContext) -> Orders | None:
    """The match a command would act on (its ``--match``, else the current one) and its game;
    None when there is none."""
    reg = registry_of(ctx)
    named = ctx.params.get("match")
    found = _named_match(ctx, named) if named else current_for_help(store_path_of(ctx))
    if found is None:
        return None
    match, game = found
    try:
        return Orders(match, reg.game(game), game)
    except PhaselineError:  # a game that is not installed (or is blocked)
        return Orders(match, None, game)


def _named_match(ctx: ClickContext, match: str) -> tuple[str, str] | None:
    """The match ``match`` and its game, read from the store (help for a match named by --match)."""
    from ..store import Store

    path = store_path_of(ctx)
    if not path.exists():
        return None
    try:
        with Store.open(path, read_only=True) as store:
            game = store.one("SELECT game FROM match WHERE match_id = ?", [match])
    except PhaselineError:
        return None
    return None if game is None else (match, str(game))


def store_path_of(ctx: ClickContext) -> Path:
    """The store a command line names (``--db``, before or after the command), or the default."""
    obj = ctx.find_object(Context)
    if obj is not None:
        return obj.store_path
    db = ctx.find_root().params.get("db")
    return (Path(db) if db else default_path()).expanduser()


def registry_of(ctx: ClickContext) -> Registry:
    """The installed plugins less those a command line blocks."""
    obj = ctx.find_object(Context)
    if obj is not None:
        return obj.registry
    from ..plugins import registry

    return registry(tuple(ctx.find_root().params.get("block") or ()))


def summary(text: str, limit: int) -> str:
    """The first sentence of a help text, cut to ``limit`` characters (as click lists commands)."""
    return make_default_short_help(text, limit)


def orders_rows(info: GameInfo, limit: int) -> list[tuple[str, str]]:
    """A game's verbs with the first sentence of each one's help, for the top-level help."""
    return [(verb, summary(text, limit)) for verb, text in info.verbs.items()]
