"""Fair play at the command line: ``reveal`` (docs/fair-play.md says what each mode guarantees)."""

from __future__ import annotations

from typing import Annotated

import typer

from . import app
from .context import Context
from .options import MatchOption


@app.command()
def reveal(
    ctx: typer.Context,
    as_: Annotated[str | None, typer.Option("--as", help="Reveal this seat's secret only.")] = None,
    match: MatchOption = None,
) -> None:
    """Publish your seats' dice secrets, so anyone can check every roll they made.

    Before the match's end each seat commits to a fresh secret for its later rolls;
    the match's end reveals them by itself. Export afterwards to send the secrets.
    """
    from ..errors import RuleViolation

    c: Context = ctx.obj
    with c.match(match) as found:
        if as_ is not None and not found.seats.holds(as_):
            raise RuleViolation(f"you do not hold seat {as_}: nothing to reveal", rule="seats")
        done = found.seats.reveal([as_] if as_ else None, final=found.finished)
        if not done:
            typer.echo("nothing to reveal: your seats' secrets are public already")
        for row in done:
            typer.echo(f"revealed seat {row['side']}'s dice secret (epoch {row['epoch']}): {row['secret']}")
        if done and not found.finished:
            typer.echo("each seat committed to a fresh secret for its later rolls")
