"""``phaseline serve``: the current match on a web page of this machine (docs/board.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from . import app
from .context import Context
from .options import MatchOption


@app.command()
def serve(
    ctx: typer.Context,
    port: Annotated[int, typer.Option(help="The port on 127.0.0.1 (0: any free port).", min=0, max=65535)] = 8765,
    match: MatchOption = None,
) -> None:
    """Play the match in a browser: the map with its counters, clicks for orders, the log (Ctrl-C stops).

    Only this machine can reach the page (127.0.0.1). The store is opened for each request and
    closed again, so other phaseline commands keep working meanwhile; the page follows them.
    """
    from ..web.board import MatchBoard
    from ..web.server import serve as serve_board

    c: Context = ctx.obj
    with c.match(match, read_only=True) as found:  # the match must exist and its plugins load
        match_id, title = found.match_id, found.info.title
        path = found.store.path
    board = MatchBoard(c, match_id, path or c.store_path)

    def ready(url: str) -> None:
        typer.echo(f"serving {match_id} ({title}) at {url} (Ctrl-C stops)")

    serve_board(board, port, ready)
