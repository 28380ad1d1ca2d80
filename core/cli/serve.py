"""``phaseline serve``: the current match on a web page of this machine (docs/board.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from . import app
from .context import Context


@app.command()
def serve(
    ctx: typer.Context,
    port: Annotated[int, typer.Option(help="The port on 127.0.0.1 (0: any free port).", min=0, max=65535)] = 8765,
    game: Annotated[str | None, typer.Option(help="Match id (default: the current match).")] = None,
) -> None:
    """Play the match in a browser: the map with its counters, clicks for orders, the log (Ctrl-C stops).

    Only this machine can reach the page (127.0.0.1). The store is opened for each request and
    closed again, so other phaseline commands keep working meanwhile; the page follows them.
    """
    from ..store import default_path
    from ..web.board import MatchBoard
    from ..web.server import serve as serve_board

    c: Context = ctx.obj
    with c.game(game, read_only=True) as match:  # the match must exist and its plugins load
        game_id, title = match.game_id, match.info.title
        path = match.store.path
    board = MatchBoard(c, game_id, path or (c.db or default_path()).expanduser())

    def ready(url: str) -> None:
        typer.echo(f"serving {game_id} ({title}) at {url} (Ctrl-C stops)")

    serve_board(board, port, ready)
