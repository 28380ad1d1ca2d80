"""``rules`` (a game's rule index and its coverage) and ``data`` (what a scenario rests on).

The rule index reader, the engine and the store are imported inside the commands
(so the --status help spells out rule_index.STATUSES rather than importing it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from . import app
from .context import Context
from .options import MatchOption
from .output import Format, emit

if TYPE_CHECKING:
    from ..match import Match


@app.command()
def rules(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Installed game, e.g. battle-for-germany.", metavar="GAME")],
    status: Annotated[
        str | None, typer.Option(help="Only sections of this status: implemented, not applicable or not yet.")
    ] = None,
    where: Annotated[
        str | None,
        typer.Option(help="List every place that cites this rule (code, unit tests, referee cases), e.g. 6.22."),
    ] = None,
    tests: Annotated[
        list[Path] | None,
        typer.Option(help="Test folder to count cases in (default: the checkout's tests/games/<game>)."),
    ] = None,
    referee: Annotated[
        list[Path] | None,
        typer.Option(help="Referee case folder (default: the checkout's tests/referee/<game>)."),
    ] = None,
) -> None:
    """The game's rule index: each section's status and how it is verified, then the coverage figures."""
    from .. import rule_index

    c: Context = ctx.obj
    info = c.registry.game(game)
    if where is not None:
        emit(rule_index.where(info, where, tests, referee), c.fmt, empty=f"nothing cites {where}")
        return
    report = rule_index.coverage(info, tests, referee)
    rows = [r for r in report.rows() if status is None or r["status"] == status]
    emit(rows, c.fmt, empty="no sections")
    typer.echo(report.summary(), err=c.fmt is not Format.table)


@contextmanager
def _match(c: Context, match: str | None, game: str | None, scenario: str | None) -> Iterator[Match]:
    """The named or current match, or (with --game/--scenario) a scenario loaded into memory."""
    from ..match import Match
    from ..scenario import load_custom
    from ..store import Store

    if game is None and scenario is None:
        with c.match(match) as found:
            yield found
        return
    reg = c.registry
    if scenario and (Path(scenario) / "scenario.toml").exists():
        info, chosen = load_custom(Path(scenario), reg.games, expected=reg.game(game).name if game else None)
    else:
        if game is None:
            raise typer.BadParameter("give --game with a scenario name (or a scenario folder)")
        info = reg.game(game)
        chosen = info.scenario(scenario or next(iter(info.scenarios)))
    with Store.open(":memory:") as store:
        yield Match.create(store, reg, info.name, chosen, seed=0)


@app.command()
def data(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Option(help="Inspect a scenario of this game without a match.")] = None,
    scenario: Annotated[str | None, typer.Option(help="Scenario name or custom scenario folder.")] = None,
    table: Annotated[str | None, typer.Option(help="List this table's rows with provenance and source.")] = None,
    only: Annotated[
        str | None, typer.Option("--provenance", help="With --table: only rows of this provenance.")
    ] = None,
    match: MatchOption = None,
) -> None:
    """What the data rests on: rows per provenance (seed, external, reconstructed, placeholder)."""
    from .. import provenance

    c: Context = ctx.obj
    with _match(c, match, game, scenario) as found:
        if table:
            emit(provenance.table_rows(found, table, only), c.fmt, empty=f"{table} has no rows")
        else:
            emit(provenance.summary(found), c.fmt)
