"""Looking at a match (``map``, ``units``) and playing it interactively (``play``).

``show`` lives with ``show --at`` in history.py; both render through render/state.py.
The engine and the renderers are imported inside the commands that draw.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from typer.exceptions import TyperException

from ..errors import InvalidOrder, PhaselineError, UnknownName
from ..orders import order_words
from . import app
from .context import Context, current_game
from .matches import play_order
from .output import Format, emit

if TYPE_CHECKING:
    from ..render.mapview import MapRequest, MapView

GameOption = Annotated[str | None, typer.Option("--game", help="Match id (default: the current match).")]
QUIT = ("quit",)  # not "exit": games have that order (BfG 5.0)
HELP = """orders: the game's verbs (move U7 1423, attack …: see 'actions'), end, choose ANSWER, undo
look:   map, units, show, actions, status, log
any other phaseline command works too ('COMMAND --help'); 'quit' or Ctrl-D leaves"""


@app.command("map")
def map_(
    ctx: typer.Context,
    svg: Annotated[
        str | None, typer.Option("--svg", help="Write the map as SVG to this file ('-': standard output).")
    ] = None,
    zoc: Annotated[str | None, typer.Option("--zoc", help="Mark the enemy ZOC of this side.")] = None,
    window: Annotated[str | None, typer.Option("--window", help="Draw only around this space.")] = None,
    radius: Annotated[int, typer.Option("--radius", help="Hexes (or links) around --window.", min=0)] = 4,
    at: Annotated[int | None, typer.Option("--at", help="The map after event SEQ.")] = None,
    reach: Annotated[str | None, typer.Option("--reach", help="Mark the spaces this unit's legal orders name.")] = None,
    supply: Annotated[
        str | None, typer.Option("--supply", help="Mark this side's supply (games with a supply rule).")
    ] = None,
    game: GameOption = None,
) -> None:
    """Draw the map with its counters: an ASCII hex grid or a table of spaces here, or SVG with --svg."""
    from ..render.mapview import MapRequest, prepare_map

    c: Context = ctx.obj
    request = MapRequest(window=window, radius=radius, zoc=zoc, reach=reach, supply=supply, at=at)
    with c.game(game, read_only=True) as match:
        own = match.hook.phaseline_render_map(game=match, fmt="svg" if svg else "text")
        if own is not None:
            _refuse_overlays(match.info.title, request)
        view = prepare_map(match, request) if own is None else None
    if svg:
        from ..render.svg import render_svg  # lazily: xml.sax pulls in urllib, http and ssl at start-up

        drawn = own if own is not None else render_svg(view)
        if svg == "-":
            typer.echo(drawn)
        else:
            Path(svg).write_text(drawn)
            typer.echo(f"wrote {svg}")
    elif own is not None:
        typer.echo(own)
    else:
        _print_map(view, c.fmt)


def _refuse_overlays(title: str, request: MapRequest) -> None:
    """A game that draws its own map cannot take the engine's options: say so, never ignore them."""
    asked = [f"--{name}" for name in ("window", "zoc", "reach", "supply", "at") if getattr(request, name) is not None]
    if asked:
        raise InvalidOrder(f"{title} draws its own map: {', '.join(asked)} cannot be shown on it")


def _print_map(view: MapView, fmt: Format) -> None:
    """A hex grid as text; area and point maps (and any map for scripts) as one row per space."""
    from ..render.areamap import area_rows
    from ..render.hexmap import render_hexmap
    from ..render.mapview import legend_lines

    if view.board.is_hex_map and fmt is Format.table:
        typer.echo(render_hexmap(view))
        return
    if fmt is Format.table:
        typer.echo("\n".join(legend_lines(view)))
    emit(area_rows(view), fmt, empty="no spaces on this map")


@app.command()
def units(
    ctx: typer.Context,
    side: Annotated[str | None, typer.Option("--side", help="Only this side's units.")] = None,
    at: Annotated[str | None, typer.Option("--at", help="Only the units in this space.")] = None,
    game: GameOption = None,
) -> None:
    """All units of the match: side, location, printed values, status."""
    from ..render.board import unit_listing

    c: Context = ctx.obj
    with c.game(game, read_only=True) as match:
        if side and side not in match.scenario.sides:
            raise UnknownName(f"no side {side!r} (sides: {', '.join(match.scenario.sides)})")
        if at and not match.one("SELECT count(*) FROM space WHERE game_id = ? AND space_id = ?", [match.game_id, at]):
            raise UnknownName(f"no space {at!r} on this map")
        rows = [u for u in unit_listing(match) if (not side or u["side"] == side) and (not at or u["space_id"] == at)]
    emit(rows, c.fmt, empty="no units")


@app.command()
def play(ctx: typer.Context, game: GameOption = None) -> None:
    """Play interactively: type orders (move U7 1423, end, choose 1423, undo, map, help, quit).

    The store is opened for each line and closed before the next prompt, so another
    terminal can query the match (``phaseline sql``) meanwhile. Bot sides answer by themselves.
    """
    c: Context = ctx.obj
    with c.store(read_only=True) as store:
        game_id = game or current_game(store)
    first = True
    while True:
        prompt = _prompt(c, game_id, first)
        first = False
        typer.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:
            typer.echo("")
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
        run_line(ctx, game_id, words)


def _prompt(c: Context, game_id: str, first: bool = False) -> str:
    """Let bots act and tell what they did (at the first prompt, all the other sides did since
    your last order), then print where the match stands; returns the prompt to show."""
    from ..bots import run_bots
    from ..render.account import account_lines, after_my_last_order
    from ..render.state import clock_line, current_state, decision_line

    with c.game(game_id) as match:
        before = after_my_last_order(match) if first else match.events.last_seq
        run_bots(match, c.registry)
        if match.events.last_seq > before:
            typer.echo("\n".join(account_lines(match, before)))
        view = current_state(match)
        typer.echo(clock_line(view))
        if decision := decision_line(view):
            typer.echo(decision)
    return f"{view.waiting or game_id}> "


def run_line(ctx: typer.Context, game_id: str, words: list[str]) -> None:
    """One line of ``play``: a CLI command (map, undo, actions…) or else an order of the game.

    It runs through the same code as the command line, and a refusal prints one line.
    """
    c: Context = ctx.obj
    verb, args = words[0], words[1:]
    command = ctx.find_root().command.get_command(ctx, verb)
    try:
        if command is None:
            play_order(c, verb, args, game_id)
        elif verb == "play":
            typer.echo("error: already playing", err=True)
        else:
            options = ["--game", game_id] if any(p.name == "game" for p in command.params) else []
            command.main(args=options + args, prog_name=verb, standalone_mode=False, obj=c)
    except PhaselineError as error:
        typer.echo(f"error: {error}", err=True)
    except TyperException as error:  # usage errors of the command line (typer's own click)
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        typer.echo(f"error: {message}", err=True)
