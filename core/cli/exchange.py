"""Commands that move matches between players and tools: export, import and since.

docs/pbem.md walks through a match by e-mail. The exchange code is imported inside the
commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import InvalidOrder
from . import app
from .context import Context
from .current import current_match, set_current_match
from .options import MatchOption
from .output import emit


@app.command()
def export(
    ctx: typer.Context,
    file: Annotated[
        Path | None, typer.Argument(help="The turn file to write, e.g. bfg-1-turn-3.turn.", metavar="FILE")
    ] = None,
    parquet: Annotated[
        Path | None, typer.Option("--parquet", help="Write every match's history as Parquet here.")
    ] = None,
    full: Annotated[bool, typer.Option(help="The whole match, even when the other player has most of it.")] = False,
    overwrite: Annotated[bool, typer.Option(help="Replace an existing file or folder.")] = False,
    match: MatchOption = None,
) -> None:
    """Write the turn file for the other player (play by e-mail), or all history as Parquet.

    The file holds the events since the last one both of you have (the whole match for a
    new opponent), compressed; what it holds counts as sent, and undo never takes it back.
    """
    from ..exchange import export_match, export_parquet

    c: Context = ctx.obj
    if parquet is not None:
        if match or file:
            raise InvalidOrder("export --parquet DIR takes no match or file: it writes every match")
        with c.store(read_only=True) as store:
            target = export_parquet(store, parquet, overwrite=overwrite)
        typer.echo(f"wrote match, event and effect as Parquet under {target}")
        return
    if file is None:
        raise InvalidOrder("export needs a FILE (or --parquet DIR)")
    with c.store(read_only=None) as store:  # a read-only store exports too (recording nothing as sent)
        match_id = match or current_match(store)
        done = export_match(store, c.registry, match_id, file, overwrite=overwrite, full=full)
    if done["base"] == 0:
        what = "the whole match"
    elif done["events"]:
        what = f"events {done['base'] + 1}-{done['head']}"
    else:
        what = "no new events, the seats (a claim or a reveal)"
    typer.echo(f"exported {match_id} to {done['path']}: {what}, {done['bytes']} bytes")


@app.command("import")
def import_(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="A turn file written by 'phaseline export'.", metavar="FILE")],
    player: Annotated[str | None, typer.Option(help="Your name at the seats you join (default: $USER).")] = None,
    accept_custom_data: Annotated[
        bool, typer.Option(help="Accept a match whose data is not the installed game's (shown table by table).")
    ] = False,
) -> None:
    """Bring a turn file into the store: a new match (you join its open seats), or the next turns of one here.

    Everything is checked first (hash chain, signatures, seats, roll numbers, known dice,
    the game's data) and the new events are replayed; on any refusal the store is untouched.
    """
    from ..errors import CustomData
    from ..importing import import_match

    c: Context = ctx.obj
    with c.store() as store:
        try:
            done = import_match(store, c.registry, file, accept_custom_data=accept_custom_data, player=player)
        except CustomData as refused:
            emit(refused.tables, c.fmt)
            raise
        set_current_match(store, done["match_id"])
    what = "new match" if done["new"] else f"{done['events']} new events"
    typer.echo(f"imported {done['match_id']} ({what}, {done['total']} events; log and replay verified; {done['dice']})")
    if done["claimed"]:
        typer.echo(f"you hold seat(s) {', '.join(done['claimed'])} of {done['match_id']}")
    if done["custom"]:
        typer.echo(f"accepted custom data in: {', '.join(done['custom'])}")


@app.command()
def since(ctx: typer.Context, match: MatchOption = None) -> None:
    """What the other side did since your last turn: orders, combats (odds, die, result),
    rolls, re-rolls and the decisions it asks of you."""
    from ..render.since import since as since_rows

    c: Context = ctx.obj
    with c.match(match, read_only=True) as found:
        mine, rows = since_rows(found)
    emit(rows, c.fmt, empty=f"nothing new from the other side since your last order (event {mine})")
