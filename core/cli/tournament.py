"""``phaseline tournament``: many bot matches at once, with each side's standings.

Its own verb rather than ``autoplay --matches``: autoplay plays one match in the store, the
current one or a new one, with one bot on every side; a tournament plays many matches of a
scenario with a bot per side, in parallel, lands them together and reports standings. The
engine is imported inside the command, so that listing commands stays cheap.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..errors import InvalidOrder, PhaselineError
from . import app
from .context import Context
from .output import Format, emit, emit_one

if TYPE_CHECKING:
    from ..tournament import MatchPart

DEFAULT_POOL = 24  # matches a worker plays together: 0.6-0.8x the CPU of one at a time, 48 no better (docs/history.md)


@app.command()
def tournament(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Installed game, e.g. battle-for-germany.")],
    scenario: Annotated[str | None, typer.Option(help="Scenario name (default: the game's first).")] = None,
    matches: Annotated[int, typer.Option(help="How many matches to play.")] = 100,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            help="SIDE=BOT for one side, or BOT for every other side (default: the game's heuristic bot, else random)."
        ),
    ] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Optional rule or ruling.")] = None,
    seed: Annotated[
        int | None, typer.Option(help="Base seed: match i plays with seed + i (default: drawn, and reported).")
    ] = None,
    jobs: Annotated[int, typer.Option(help="Worker processes playing matches side by side.")] = 1,
    pool: Annotated[
        int,
        typer.Option(
            help="Matches a worker plays together in one store, their rule queries asked in one statement "
            "(1: each match in a store of its own)."
        ),
    ] = DEFAULT_POOL,
    executor: Annotated[str, typer.Option(help="'local' (this machine) or 'dask' (a dask.distributed cluster).")] = (
        "local"
    ),
    scheduler: Annotated[
        str | None, typer.Option(help="The dask scheduler's address (default: a local cluster of --jobs workers).")
    ] = None,
    parquet: Annotated[
        Path | None, typer.Option(help="Write the history as Parquet here instead of into the store.")
    ] = None,
    name: Annotated[str | None, typer.Option(help="The tournament's name (default: <game>-t<N>).")] = None,
    confidence: Annotated[float, typer.Option(help="Confidence level of the intervals.")] = 0.95,
) -> None:
    """Play many bot matches of a scenario; report each side's wins, draws and losses.

    Each side's rates come with their Wilson interval, and the report names the victory
    conditions that ended the matches. Match i plays with seed base + i, so 'phaseline
    autoplay GAME --scenario S --seed SEED' replays any one of them. The matches land in
    the store at the end, in one transaction (or as Parquet with --parquet DIR), for
    'phaseline sql' afterwards (docs/history.md).
    """
    from ..match_setup import id_prefix
    from ..render.tournament import tournament_rows, tournament_text
    from ..rule_index import load_index
    from ..tournament import executor as make_executor
    from ..tournament import next_name, plan_tournament, play_tournament, standings

    c: Context = ctx.obj
    reg = c.registry
    if not 0 < confidence < 1:
        raise InvalidOrder(f"--confidence is a level between 0 and 1, such as 0.95, not {confidence}")
    info = reg.game(game)
    taken = _parquet_names(parquet) if parquet else _store_names(c)
    if name is not None and name in taken:
        raise InvalidOrder(f"there is a tournament {name} already: choose another --name")
    plan = plan_tournament(
        reg,
        info.name,
        scenario=scenario,
        matches=matches,
        bots=bot or [],
        seed=seed,
        options=option or [],
        name=name or next_name(id_prefix(info), taken),
        blocked=c.block,
    )
    execute = make_executor(executor, jobs, reg, scheduler, pool)
    land, landed = _landing(c, reg, plan, parquet)
    started = time.perf_counter()
    with _progress(plan.matches, plan.name) as advance:
        parts = play_tournament(plan, execute, land, advance)
    sides = info.scenario(plan.scenario).sides
    titles = {s.number: s.title for s in load_index(info.rule_index)} if info.rule_index.is_file() else {}
    report = standings(plan, sides, parts, confidence, titles)
    report |= {
        "game_title": info.title,
        "scenario_title": info.scenario(plan.scenario).title,
        "jobs": jobs,
        "pool": pool,
        "executor": executor,
        "wall_seconds": round(time.perf_counter() - started, 2),
    }
    report["landed"] = landed if report["finished"] else None
    if c.fmt is Format.table:
        typer.echo(tournament_text(report))
    elif c.fmt is Format.csv:
        emit(tournament_rows(report), c.fmt)
    else:
        emit_one(report, c.fmt)
    if report["failed"]:
        first = report["failed"][0]
        raise PhaselineError(
            f"{len(report['failed'])} of {plan.matches} matches failed (the others landed); replay the first with "
            f"'phaseline autoplay {plan.game} --scenario {plan.scenario} --seed {first['seed']}'"
        )


def _store_names(c: Context) -> set[str]:
    """The tournaments of the store, and the prefixes of match ids that look like one's."""
    with c.store() as store:  # opened for writing now: a store that cannot take the matches fails before play
        names = {row[0] for row in store.con.execute("SELECT DISTINCT tournament FROM tournament_match").fetchall()}
        ids = store.con.execute("SELECT match_id FROM match WHERE regexp_matches(match_id, '-t[0-9]+-')").fetchall()
    return names | {match_id.rsplit("-", 1)[0] for (match_id,) in ids}


def _parquet_names(directory: Path) -> set[str]:
    """The tournaments already under ``directory`` (their ``tournament=`` partitions), those written
    before schema 8 too (partitioned ``ruleset=`` where today's are ``game=``)."""
    folders = directory.expanduser().glob("*/*=*/tournament=*")
    return {folder.name.removeprefix("tournament=") for folder in folders}


def _landing(c: Context, reg: Any, plan: Any, parquet: Path | None) -> tuple[Callable[..., None], str]:
    """How the finished matches land (into the store, or as Parquet) and what to call the place."""
    from ..store import default_path
    from ..tournament import land_in_parquet, land_in_store

    if parquet is not None:
        return (lambda spool, parts: land_in_parquet(parquet, reg, plan, spool, parts)), str(parquet.expanduser())

    def into_store(spool: Any, parts: list[MatchPart]) -> None:
        with c.store() as store:
            land_in_store(store, reg, plan, spool, parts)

    return (
        into_store,
        f"the store {(c.db or default_path()).expanduser()} (tournament_match: tournament = {plan.name!r})",
    )


@contextmanager
def _progress(length: int, label: str) -> Iterator[Callable[[Any], None]]:
    """A progress bar on stderr when it is a terminal; nothing otherwise."""
    if not sys.stderr.isatty():
        yield lambda part: None
        return
    with typer.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield lambda part: bar.update(1)
