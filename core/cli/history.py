"""Commands over the history: log, replay, show --at and sql.

Replay, the SQL sandbox and rendering are imported inside their commands.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from ..errors import InvalidOrder, UnknownName
from ..render.log import log_rows
from . import app
from .context import Context
from .current import current_match
from .options import MatchOption
from .output import Format, emit


@app.command()
def log(
    ctx: typer.Context,
    kind: Annotated[
        list[str] | None,
        typer.Option(help="Only events of this kind (repeatable); combat: every event that resolves a combat."),
    ] = None,
    last: Annotated[int | None, typer.Option(help="Only the last N events.", min=1)] = None,
    match: MatchOption = None,
) -> None:
    """The events of the match: actions, rolls, decisions, phases and undos."""
    c: Context = ctx.obj
    with c.store(read_only=True) as store:
        match_id = match or current_match(store)
        rows = log_rows(store, match_id, kinds=kind or [])
        store_rows = store.rows(
            """SELECT s.side, s.commitment, s.secret, m.dice, m.seed FROM seat s JOIN match m USING (match_id)
               WHERE match_id = ? AND s.epoch = (SELECT max(epoch) FROM seat t
                                               WHERE t.match_id = s.match_id AND t.side = s.side)
               ORDER BY s.side""",
            [match_id],
        )
    if last:
        rows = rows[-last:]
    if c.fmt is Format.table:
        typer.echo(commitments_line(store_rows))
    emit(rows, c.fmt, empty=f"no events in {match_id}")


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
def replay(ctx: typer.Context, match: MatchOption = None) -> None:
    """Rebuild the match from its static tables and log, and check the state matches exactly.

    It checks the hash chain, the seats' signatures, the roll numbers and every die whose
    secret this store knows (a known seed, your own seats, a revealed secret), and says
    which seats' dice wait for their secret.
    """
    from ..audit import describe_dice
    from ..match import Match
    from ..replay import verify_match

    c: Context = ctx.obj
    with c.store(read_only=True) as store:  # the replay runs in a scratch database: a read-only store will do
        match_id = match or current_match(store)
        count, dice = verify_match(store, c.registry, match_id)
        found = Match.load(store, c.registry, match_id)
        typer.echo(f"replayed {count} events of {match_id}: state matches; {describe_dice(found, dice)}")


@app.command()
def show(
    ctx: typer.Context,
    at: Annotated[int | None, typer.Option("--at", help="Show the state after event SEQ.")] = None,
    match: MatchOption = None,
) -> None:
    """The state of the match (clock, decision, units), now or after event SEQ."""
    from ..render.state import current_state, render_state
    from ..replay import match_copy, state_at

    c: Context = ctx.obj
    with c.match(match, read_only=True) as found:
        if at is None:
            view = current_state(found)
        else:
            last = found.events.last_seq
            if not 1 <= at <= last:
                raise UnknownName(
                    f"match {found.match_id} has events 1 to {last}, no event {at}"
                    + (" (event 1 is the set-up: before it there is no state to show)" if at == 0 else "")
                )
            with match_copy(found) as copy, state_at(copy, at) as past:  # a copy: the store may be read-only
                view = current_state(past, at)
    typer.echo(render_state(view, c.fmt))


@app.command()
def sql(
    ctx: typer.Context,
    query: Annotated[
        str | None, typer.Argument(help="One SELECT over every match in the store.", metavar="QUERY")
    ] = None,
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

    c: Context = ctx.obj
    path = c.store_path
    if schema:
        emit(schema_rows(path if path.exists() else None), c.fmt)
        return
    if not query:
        raise InvalidOrder('give a query, e.g. phaseline sql "SELECT * FROM match_summary", or --schema')
    answer = run_user_sql(path, query, Limits(seconds=timeout, memory=memory, rows=max_rows))
    rows = [dict(zip(answer.columns, row, strict=True)) for row in answer.rows]
    if c.fmt is Format.json:  # a JSON column's value as the JSON it holds, not as a string of it
        for name in (n for n, kind in zip(answer.columns, answer.types, strict=True) if kind == "JSON"):
            for row in rows:
                row[name] = None if row[name] is None else json.loads(row[name])
    emit(rows, c.fmt, empty="(no rows)")
    if answer.more:
        typer.echo(f"(the first {max_rows} rows; the query has more: raise --max-rows to see them)", err=True)
