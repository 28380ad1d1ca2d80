"""Commands that start, list, choose and delete matches, and let bots play them out.

The engine (game, bots, scenario files, undo) is imported inside the commands that use
it, so that listing or resolving commands stays cheap.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import InvalidOrder, UnknownName
from . import app
from .context import Context
from .current import current_match, set_current_match
from .options import MatchOption
from .output import Format, emit
from .told import show_status

if TYPE_CHECKING:
    from ..match import Match

# Actions per transaction in autoplay: ten actions' rows written together cost about a sixth
# of ten separate writes (issue 16), and an interrupted autoplay loses at most nine actions.
AUTOPLAY_COMMIT_EVERY = 10


@app.command()
def new(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Installed game, e.g. battle-for-germany.", metavar="GAME")],
    scenario: Annotated[str | None, typer.Option(help="Scenario name, or a scenario folder.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Optional rule or ruling.")] = None,
    bot: Annotated[list[str] | None, typer.Option(help="SIDE=BOT, e.g. SOV=heuristic (repeatable).")] = None,
    seed: Annotated[
        int | None, typer.Option(help="A known dice seed, for reproducible games (default: secret dice).")
    ] = None,
    name: Annotated[
        str | None, typer.Option(help="Match id (default: the game's short name and a number, e.g. bfg-1).")
    ] = None,
    player: Annotated[str | None, typer.Option(help="Your name at your seats (default: $USER).")] = None,
    open_seat: Annotated[
        list[str] | None, typer.Option("--open", help="Leave SIDE's seat to the player who imports it (repeatable).")
    ] = None,
) -> None:
    """Start a match and make it the current one.

    You hold every seat (hot-seat, or against bots) unless you leave some --open for
    another player, who claims them when importing the match (docs/pbem.md).
    """
    from ..bots import run_bots
    from ..match import Match
    from ..provenance import rests_on
    from ..scenario import load_custom

    c: Context = ctx.obj
    reg = c.registry
    info = reg.game(game)
    if scenario and (Path(scenario) / "scenario.toml").exists():
        info, chosen = load_custom(Path(scenario), reg.games, expected=info.name)
    else:
        chosen = info.scenario(scenario or next(iter(info.scenarios)))
    controllers = _bot_controllers(reg, info.name, chosen, bot, every_side=False)
    with c.store() as store:
        match = Match.create(
            store,
            reg,
            info.name,
            chosen,
            options=option or (),
            seed=seed,
            controllers=controllers,
            match_id=name,
            player=player,
            open_seats=open_seat or (),
        )
        set_current_match(store, match.match_id)
        run_bots(match, reg)
        typer.echo(f"started {match.match_id}: {info.title}, {chosen.title}")
        typer.echo(rests_on(match))
        show_status(match, c)


@app.command("list")
def list_matches(ctx: typer.Context) -> None:
    """List the matches in the store, the current one marked with '*' (JSON and CSV: current true)."""
    c: Context = ctx.obj
    with c.store(read_only=True) as store:
        rows = store.rows(
            """SELECT m.match_id AS match, m.game AS game, m.scenario, c.turn, c.step, c.status, m.dice,
                      (SELECT count(*) FROM event e WHERE e.match_id = m.match_id) AS events
               FROM match m JOIN clock c USING (match_id) ORDER BY m.created_at"""
        )
        current = current_match(store) if rows else None
    if c.fmt is Format.table:
        rows = [{"": "*" if row["match"] == current else "", **row} for row in rows]
    else:
        rows = [{**row, "current": row["match"] == current} for row in rows]
    emit(rows, c.fmt, empty="no matches yet: start one with 'phaseline new GAME'")


MatchArgument = Annotated[str, typer.Argument(help="The match's id (as 'phaseline list' shows it).", metavar="MATCH")]


@app.command()
def use(ctx: typer.Context, match: MatchArgument) -> None:
    """Make MATCH the current match: the one commands act on without --match."""
    c: Context = ctx.obj
    with c.store() as store:
        if not store.one("SELECT count(*) FROM match WHERE match_id = ?", [match]):
            raise UnknownName(f"no match {match!r} in {store.path}")
        set_current_match(store, match)
    typer.echo(f"current match: {match}")


@app.command()
def delete(
    ctx: typer.Context,
    match: MatchArgument,
    force: Annotated[
        bool, typer.Option(help="Delete your copy of a match by mail in play too (your seats' keys go with it).")
    ] = False,
) -> None:
    """Delete MATCH from the store: its board, units, history and seats' keys, all in one go.

    A match by mail still in play is refused without --force: the other player's copy goes
    on, and a deleted copy can never act for its seats again.
    """
    from ..deleting import delete_match

    c: Context = ctx.obj
    with c.store() as store:
        was_current = current_match(store) == match
        done = delete_match(store, match, force=force)
        if was_current:
            set_current_match(store, None)  # the newest match left, if any
        now = current_match(store) if store.one("SELECT count(*) FROM match") else None
    typer.echo(f"deleted {match} ({done['game']}): {done['rows']} rows in {len(done['tables'])} tables")
    if was_current:
        typer.echo(f"current match: {now}" if now else "no match left: start one with 'phaseline new GAME'")


@app.command()
def autoplay(
    ctx: typer.Context,
    game: Annotated[
        str | None, typer.Argument(help="A game to start a new match of (default: play a match).", metavar="GAME")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            help="Bot for every side, or SIDE=BOT for one side (repeatable); default the game's heuristic bot, "
            "else random."
        ),
    ] = None,
    scenario: Annotated[str | None, typer.Option(help="Scenario for a new match.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Optional rule or ruling of a new match.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Dice seed for a new match.")] = None,
    max_actions: Annotated[int | None, typer.Option(help="Stop after this many actions.")] = None,
    commit_every: Annotated[
        int,
        typer.Option(
            min=1,
            help="Actions per commit: the store always holds whole actions; an interrupted autoplay "
            "loses the actions since its last commit and plays them again when run again.",
        ),
    ] = AUTOPLAY_COMMIT_EVERY,
    match: MatchOption = None,
) -> None:
    """Let bots play every side of a match to its end: a new match of GAME, or --match (default: the
    current one); a side the game's own rules play keeps them."""
    from ..bots import run_bots
    from ..match import Match

    c: Context = ctx.obj
    reg = c.registry
    if game and match:
        raise InvalidOrder("autoplay takes a GAME to start a match of, or --match, not both")
    if option and not game:
        raise InvalidOrder("--option chooses the optional rules of a new match: give the GAME to start")
    with c.store() as store:
        if game:
            info = reg.game(game)
            chosen = info.scenario(scenario or next(iter(info.scenarios)))
            # refused before the match exists, a wrong --bot leaves none behind
            sides = _bot_controllers(reg, info.name, chosen, bot, every_side=True)
            played_match = Match.create(
                store, reg, info.name, chosen, seed=seed, controllers=sides, options=option or ()
            )
            set_current_match(store, played_match.match_id)
        else:
            played_match = Match.load(store, reg, match or current_match(store))
            sides = _bot_controllers(reg, played_match.info.name, played_match.scenario, bot, every_side=True)
        length = played_match.last_turn - played_match.first_turn + 1
        with typer.progressbar(length=length, label=played_match.match_id) as bar:
            seen = [played_match.clock.turn]

            def progress(match: Match) -> None:
                if match.clock.turn != seen[0]:
                    bar.update(match.clock.turn - seen[0])
                    seen[0] = match.clock.turn

            played = run_bots(
                played_match,
                reg,
                controllers=sides,
                max_actions=max_actions,
                progress=progress,
                commit_every=commit_every,
            )
        typer.echo(f"{played} actions played")
        show_status(played_match, c)


def _bot_controllers(registry, game: str, scenario, bots: list[str] | None, *, every_side: bool) -> dict[str, str]:
    """The controller (``bot:<name>``) of each side ``--bot`` seats a bot at (``core.bots.seat_bots``)."""
    from ..bots import seat_bots

    chosen = seat_bots(registry, game, scenario, bots, every_side=every_side)
    return {side: f"bot:{name}" for side, name in chosen.items()}
