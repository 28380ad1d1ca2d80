"""Commands over the history: log, replay, show --at and sql.

Replay, the SQL sandbox and rendering are imported inside their commands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..errors import InvalidOrder, UnknownName
from ..render.log import log_rows
from . import app
from .context import Context, current_game
from .output import Format, emit

if TYPE_CHECKING:
    pass

GameOption = Annotated[str | None, typer.Option("--game", help="Match id (default: the current match).")]


@app.command()
def log(
    ctx: typer.Context,
    kind: Annotated[list[str] | None, typer.Option(help="Only events of this kind (repeatable).")] = None,
    last: Annotated[int | None, typer.Option(help="Only the last N events.", min=1)] = None,
    game: GameOption = None,
) -> None:
    """The events of the match: actions, rolls, decisions, phases and undos."""
    c: Context = ctx.obj
    with c.store(read_only=True) as store:
        game_id = game or current_game(store)
        rows = log_rows(store, game_id, kinds=kind or [])
        store_rows = store.rows(
            """SELECT s.side, s.commitment, s.secret, m.dice, m.seed FROM seat s JOIN match m USING (game_id)
               WHERE game_id = ? AND s.epoch = (SELECT max(epoch) FROM seat t
                                               WHERE t.game_id = s.game_id AND t.side = s.side)
               ORDER BY s.side""",
            [game_id],
        )
    if last:
        rows = rows[-last:]
    if c.fmt is Format.table:
        typer.echo(commitments_line(store_rows))
    emit(rows, c.fmt, empty=f"no events in {game_id}")


def commitments_line(seats: list[dict[str, Any]]) -> str:
    """The dice commitments of a match's seats, as ``log`` shows them above its events."""
    if not seats:
        return "dice: known seed, no seats (a match made before seats)"
    shown = ", ".join(
        f"{s['side']} {s['commitment'][:16]}…" + (" (revealed)" if s["secret"] is not None else "") for s in seats
    )
    mode = seats[0]["dice"] + (f" {seats[0]['seed']}" if seats[0]["seed"] is not None else "")
    return f"dice: {mode}; commitments {shown}"


@app.command()
def replay(
    ctx: typer.Context,
    check: Annotated[bool, typer.Option("--verify", help="Check the rebuilt state (always done).")] = True,
    game: GameOption = None,
) -> None:
    """Rebuild the match from its static tables and log, and check the state matches exactly.

    It checks the hash chain, the seats' signatures, the roll numbers and every die whose
    secret this store knows (a known seed, your own seats, a revealed secret), and says
    which seats' dice wait for their secret.
    """
    from ..audit import describe_dice
    from ..game import Game
    from ..replay import verify_match

    c: Context = ctx.obj
    with c.store(read_only=True) as store:  # the replay runs in a scratch database: a read-only store will do
        game_id = game or current_game(store)
        count, dice = verify_match(store, c.registry, game_id)
        match = Game.load(store, c.registry, game_id)
        typer.echo(f"replayed {count} events of {game_id}: state matches; {describe_dice(match, dice)}")


@app.command()
def show(
    ctx: typer.Context,
    at: Annotated[int | None, typer.Option("--at", help="Show the state after event SEQ.")] = None,
    game: GameOption = None,
) -> None:
    """The state of the match (clock, decision, units), now or after event SEQ."""
    from ..render.state import current_state, render_state
    from ..replay import match_copy, state_at

    c: Context = ctx.obj
    with c.game(game, read_only=True) as match:
        if at is None:
            view = current_state(match)
        else:
            last = match.events.last_seq
            if not 1 <= at <= last:
                raise UnknownName(
                    f"match {match.game_id} has events 1 to {last}, no event {at}"
                    + (" (event 1 is the set-up: before it there is no state to show)" if at == 0 else "")
                )
            with match_copy(match) as copy, state_at(copy, at) as past:  # a copy: the store may be read-only
                view = current_state(past, at)
    typer.echo(render_state(view, c.fmt))


@app.command()
def sql(
    ctx: typer.Context,
    query: Annotated[str | None, typer.Argument(help="One SELECT over every match in the store.")] = None,
    schema: Annotated[bool, typer.Option("--schema", help="List the documented tables and views.")] = False,
    timeout: Annotated[
        float, typer.Option(help="Stop the query after this many seconds.", envvar="PHASELINE_SQL_TIMEOUT")
    ] = 30.0,
    memory: Annotated[
        str, typer.Option(help="DuckDB's memory for the query, e.g. 500MB.", envvar="PHASELINE_SQL_MEMORY")
    ] = "1GB",
    max_rows: Annotated[int, typer.Option(help="Print at most this many rows.", envvar="PHASELINE_SQL_ROWS")] = 10_000,
) -> None:
    """Query the history of every match with SQL (read-only, no file or network access, within limits)."""
    from ..sandbox import Limits, run_user_sql, schema_rows
    from ..store import default_path

    c: Context = ctx.obj
    path = c.db or default_path()
    if schema:
        emit(schema_rows(path if path.exists() else None), c.fmt)
        return
    if not query:
        raise InvalidOrder('give a query, e.g. phaseline sql "SELECT * FROM match_summary", or --schema')
    answer = run_user_sql(path, query, Limits(seconds=timeout, memory=memory, rows=max_rows))
    emit([dict(zip(answer.columns, row, strict=True)) for row in answer.rows], c.fmt, empty="(no rows)")
    if answer.more:
        typer.echo(f"(the first {max_rows} rows; the query has more: raise --max-rows to see them)", err=True)
