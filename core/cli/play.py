"""``play``: the interactive loop, each line an order or a command, with line editing.

The engine and the line editor are imported inside ``play``, so that other commands never
load them (the orders module alone brings the bots, actions and sequence of play).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import typer
from typer.exceptions import TyperException

from ..errors import PhaselineError
from . import app
from .context import Context
from .current import current_match
from .options import MatchOption
from .playing import play_order

if TYPE_CHECKING:
    from ..match import Match
    from .line_editing import Words

QUIT = ("quit",)  # not "exit": games have that order (BfG 5.0)
HELP = """orders: the game's verbs (move U7 1423, attack …: see 'actions'), end, choose ANSWER, undo
look:   map, units, show, actions, status, log
any other phaseline command works too ('COMMAND --help'); Tab completes orders, units, spaces and
answers; 'quit' or Ctrl-D leaves"""


@app.command()
def play(ctx: typer.Context, match: MatchOption = None) -> None:
    """Play interactively: type orders (move U7 1423, end, choose 1423, undo, map, help, quit).

    At a terminal the line is edited as in a shell (arrows, Ctrl-R searches the history kept
    beside the store) and Tab completes the orders, units, spaces and decision answers.
    The store is opened for each line and closed before the next prompt, so another
    terminal can query the match (``phaseline sql``) meanwhile. Bot sides answer by themselves.
    """
    from ..orders import order_words
    from .line_editing import LineReader

    c: Context = ctx.obj
    with c.store(read_only=True) as store:
        match_id = match or current_match(store)
    history = c.store_path.with_name(f"{c.store_path.stem}.history")
    with LineReader(history) as reader:
        first = True
        while True:
            prompt, reader.words = _prompt(ctx, match_id, first)
            first = False
            line = reader.read(prompt)
            if line is None:
                return
            try:
                words = order_words(line)
            except PhaselineError as error:
                typer.echo(f"error: {error}", err=True)
                continue
            if not words:
                continue
            if words[0] in QUIT:
                return
            if words[0] == "help":
                typer.echo(HELP)
                continue
            run_line(ctx, match_id, words)


def _prompt(ctx: typer.Context, match_id: str, first: bool = False) -> tuple[str, Words]:
    """Let bots act and tell what they did (at the first prompt, all the other sides did since
    your last order, and where the match stands); returns the prompt and what Tab completes."""
    from ..bots import run_bots
    from ..render.account import account_lines, score_change, score_line
    from ..render.state import clock_line, current_state, decision_line
    from ..shared import own_last_seq

    c: Context = ctx.obj
    with c.match(match_id) as match:
        before = own_last_seq(match) if first else match.events.last_seq
        score = score_line(match)  # the score before the bots move now (at the first prompt too)
        run_bots(match, c.registry)
        if match.events.last_seq > before:
            changed = score_change(match, score)
            typer.echo("\n".join([*account_lines(match, before), *([changed] if changed else [])]))
        view = current_state(match)
        if first:
            typer.echo(clock_line(view))
            if decision := decision_line(view):
                typer.echo(decision)
        words = _words(ctx, match, view.decision)
    return f"{view.waiting or match_id}> ", words


def _words(ctx: typer.Context, match: Match, decision: dict | None) -> Words:
    """What Tab completes at this prompt: the match's orders and phaseline's commands, the
    decision's answers, the match's units and spaces."""
    from .line_editing import match_words

    commands = [name for name in ctx.find_root().command.list_commands(ctx) if name != "play"]
    return match_words(match, decision, [*commands, "help", *QUIT])


def run_line(ctx: typer.Context, match_id: str, words: list[str]) -> None:
    """One line of ``play``: a CLI command (map, undo, actions…) or else an order of the game.

    It runs through the same code as the command line (its global options, such as --format,
    for that line only), and a refusal prints one line.
    """
    c: Context = ctx.obj
    verb, args = words[0], words[1:]
    command = ctx.find_root().command.get_command(ctx, verb)
    try:
        if command is None:
            play_order(c, verb, args, match_id)
        elif verb == "play":
            typer.echo("error: already playing", err=True)
        else:
            options = ["--match", match_id] if any(p.name == "match" for p in command.params) else []
            command.main(args=options + args, prog_name=verb, standalone_mode=False, obj=replace(c))
    except PhaselineError as error:
        typer.echo(f"error: {error}", err=True)
    except TyperException as error:  # usage errors of the command line (typer's own click)
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        typer.echo(f"error: {message}", err=True)
