"""Commands that create, choose and play matches.

The engine (game, bots, scenario files, undo) is imported inside the commands that use
it, so that listing or resolving commands stays cheap.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import InvalidOrder, UnknownName
from . import app
from .context import Context, current_game, set_current_game
from .output import Format, emit, emit_one

if TYPE_CHECKING:
    from ..game import Game

# Actions per transaction in autoplay: ten actions' rows written together cost about a sixth
# of ten separate writes (issue 16), and an interrupted autoplay loses at most nine actions.
AUTOPLAY_COMMIT_EVERY = 10


@app.command()
def games(ctx: typer.Context) -> None:
    """List installed games, their scenarios and optional rules."""
    c: Context = ctx.obj
    reg = c.registry
    rows = [
        {
            "game": info.name,
            "title": info.title,
            "version": info.version,
            "scenarios": ", ".join(info.scenarios),
            "options": ", ".join([n for g, n in reg.rules if g == info.name] + list(info.rulings)),
        }
        for info in reg.games.values()
    ]
    emit(rows, c.fmt, empty="no games installed")


@app.command()
def new(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Installed game, e.g. battle-for-germany.")],
    scenario: Annotated[str | None, typer.Option(help="Scenario name, or a scenario folder.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Optional rule or ruling.")] = None,
    bot: Annotated[list[str] | None, typer.Option(help="SIDE=BOT, e.g. SOV=heuristic (repeatable).")] = None,
    seed: Annotated[
        int | None, typer.Option(help="A known dice seed, for reproducible games (default: secret dice).")
    ] = None,
    name: Annotated[str | None, typer.Option(help="Match id (default: game-N).")] = None,
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
    from ..game import Game
    from ..provenance import rests_on
    from ..scenario import load_custom

    c: Context = ctx.obj
    reg = c.registry
    info = reg.game(game)
    if scenario and (Path(scenario) / "scenario.toml").exists():
        info, chosen = load_custom(Path(scenario), reg.games, expected=info.name)
    else:
        chosen = info.scenario(scenario or next(iter(info.scenarios)))
    controllers = {}
    for spec in bot or ():
        side, _, bot_name = spec.partition("=")
        if side not in chosen.sides:
            raise UnknownName(f"{chosen.title} has no side {side!r} (sides: {', '.join(chosen.sides)})")
        reg.bot(info.name, bot_name or "heuristic")
        controllers[side] = f"bot:{bot_name or 'heuristic'}"
    with c.store() as store:
        match = Game.create(
            store,
            reg,
            info.name,
            chosen,
            options=option or (),
            seed=seed,
            controllers=controllers,
            game_id=name,
            player=player,
            open_seats=open_seat or (),
        )
        set_current_game(store, match.game_id)
        run_bots(match, reg)
        typer.echo(f"started {match.game_id}: {info.title}, {chosen.title}")
        typer.echo(rests_on(match))
        _status(match, c)


@app.command("list")
def list_matches(ctx: typer.Context) -> None:
    """List the matches in the store."""
    c: Context = ctx.obj
    with c.store(read_only=True) as store:
        rows = store.rows(
            """SELECT m.game_id, m.ruleset AS game, m.scenario, c.turn, c.step, c.status, m.dice,
                      (SELECT count(*) FROM event e WHERE e.game_id = m.game_id) AS events
               FROM match m JOIN clock c USING (game_id) ORDER BY m.created_at"""
        )
    emit(rows, c.fmt, empty="no matches yet: start one with 'phaseline new GAME'")


@app.command()
def use(ctx: typer.Context, game_id: str) -> None:
    """Make GAME_ID the current match."""
    c: Context = ctx.obj
    with c.store() as store:
        if not store.one("SELECT count(*) FROM match WHERE game_id = ?", [game_id]):
            raise UnknownName(f"no match {game_id!r} in {store.path}")
        set_current_game(store, game_id)
    typer.echo(f"current match: {game_id}")


def _status(match: Game, c: Context) -> None:
    from ..render.fair import fair_play_lines

    clock = match.clock
    side, decision = match.waiting_on()
    record = {
        "match": match.game_id,
        "game": match.info.title,
        "scenario": match.scenario.title,
        "turn": clock.turn,
        "step": match.step.title or clock.step,
        "status": clock.status,
        "waiting on": "nobody" if match.finished else f"{side} ({match.controller(side) if side else '-'})",
    }
    if decision:
        record["decision"] = f"{decision['prompt']} [{', '.join(decision['choices'])}]"
    if clock.result:
        record["result"] = json.loads(clock.result)["summary"]
    elif standing := match.hook.phaseline_standing(game=match):  # while in play: what decides it, the score
        record["decides"] = standing.decides
        record["standing"] = " · ".join(f"{who} {points}" for who, points in standing.points.items())
        if standing.notes:
            record["notes"] = "; ".join(standing.notes)
    record.update(fair_play_lines(match))
    emit_one(record, c.fmt)


@app.command()
def status(ctx: typer.Context, game: Annotated[str | None, typer.Option(help="Match id.")] = None) -> None:
    """Where the current match stands and whom it waits on."""
    c: Context = ctx.obj
    with c.game(game, read_only=True) as match:
        _status(match, c)


@app.command()
def actions(
    ctx: typer.Context,
    unit: Annotated[str | None, typer.Option(help="Only the orders that name this unit.")] = None,
    hex_: Annotated[str | None, typer.Option("--hex", help="Only the orders that name this hex or area.")] = None,
    kind: Annotated[str | None, typer.Option(help="Only orders of this verb (move, attack, choose …).")] = None,
    by: Annotated[
        str | None, typer.Option(help="Group by 'unit' or 'hex' (default: moves by unit, attacks by hex).")
    ] = None,
    game: Annotated[str | None, typer.Option(help="Match id.")] = None,
) -> None:
    """The legal actions and owed decisions now, attacks with their odds.

    As a table: moves grouped by unit, attacks by the hex attacked (attacks on several hexes
    at once apart), wrapped to the terminal's width; as JSON or CSV: one row per order.
    """
    from shutil import get_terminal_size

    from ..render.actions import BY_SPACE, BY_UNIT, action_rows, actions_text, matching

    c: Context = ctx.obj
    if by not in (None, BY_UNIT, BY_SPACE):
        raise InvalidOrder(f"--by takes {BY_UNIT!r} or {BY_SPACE!r}, not {by!r}")
    with c.game(game, read_only=True) as match:
        legal = match.legal_actions()
        rows = matching(action_rows(match, legal), unit, hex_, kind)
        where = f"turn {match.clock.turn}, {match.step.title or match.clock.step}"
    if not legal:
        typer.echo("nothing to do: the match is over")
    elif c.fmt is not Format.table:
        emit([r if c.fmt is Format.json else _flat(r) for r in rows], c.fmt, empty="no such order")
    elif not rows:
        typer.echo("no order matches (phaseline actions lists them all)")
    else:
        counts = ", ".join(f"{v} {n}" for v, n in Counter(r["verb"] for r in rows).items())
        orders = f"{len(rows)} order{'s' if len(rows) > 1 else ''}"
        typer.echo(f"{rows[0]['side']} to act, {where}: {orders} ({counts})")
        width = min(get_terminal_size((80, 24)).columns, 120)
        typer.echo("\n".join(actions_text(rows, by, width, unit)))


def _flat(row: dict) -> dict:
    """A row for CSV: its lists as comma-separated cells."""
    return {k: ",".join(v) if isinstance(v, list) else v for k, v in row.items()}


def play_order(c: Context, verb: str, args: list[str], game_id: str | None = None, as_side: str | None = None) -> None:
    """Play one order on the current match (for the seat ``as_side``, if named), then let bot sides
    answer; tell what it did (and what the other sides did after it), not the whole status."""
    from ..orders import carry_out
    from ..render.account import standing_key

    with c.game(game_id) as match:
        before_standing = standing_key(match)
        before = carry_out(match, c.registry, verb, args, as_side)
        if c.fmt is Format.table:
            typer.echo(account(match, before, before_standing))
        else:
            _status(match, c)


ACCOUNT_LINES = 24  # an order's account stops here; the log has the rest


def account(match: Game, after: int, before_standing: tuple) -> str:
    """What happened since event ``after``: the order's results, what the other sides (bots
    included) did before the match waits on a player again, and where it stands when that changed."""
    from ..render.account import account_lines, now_line

    lines = account_lines(match, after)
    if len(lines) > ACCOUNT_LINES:
        more = f"… {len(lines) - ACCOUNT_LINES} more: phaseline log --last {match.events.last_seq - after}"
        lines = [*lines[: ACCOUNT_LINES // 2], more, *lines[-ACCOUNT_LINES // 2 :]]
    now = now_line(match, before_standing)
    if now and lines and lines[-1].startswith("— "):
        lines.pop()  # the step just begun: the line of where the match stands names it
    if now and any(now.removeprefix("now: ") in line for line in lines):
        now = None  # the decision a line above already asks
    return "\n".join([*lines, *([now] if now else [])])


AsOption = Annotated[
    str | None, typer.Option("--as", help="The seat you act for, when you hold several (refused if not waited on).")
]


@app.command()
def end(
    ctx: typer.Context, game: Annotated[str | None, typer.Option(help="Match id.")] = None, as_: AsOption = None
) -> None:
    """End your step; bot sides then play until a human must act."""
    play_order(ctx.obj, "end", [], game, as_)


@app.command(context_settings={"ignore_unknown_options": True})  # a negative answer (a bid of -3) is no option
def choose(
    ctx: typer.Context,
    answer: str,
    game: Annotated[str | None, typer.Option(help="Match id.")] = None,
    as_: AsOption = None,
) -> None:
    """Answer the decision the engine waits on (a retreat hex, losses, an advance…)."""
    play_order(ctx.obj, "choose", [answer], game, as_)


@app.command()
def undo(
    ctx: typer.Context,
    force: Annotated[bool, typer.Option(help="Undo even across a die roll (logged and shown as a re-roll).")] = False,
    game: Annotated[str | None, typer.Option(help="Match id.")] = None,
    as_: AsOption = None,
) -> None:
    """Take back the last action of a human side (the undo is logged).

    Only your own seats' events that you have not sent; never in a finished match.
    """
    from ..undo import undo as undo_action

    c: Context = ctx.obj
    with c.game(game) as match:
        done = undo_action(match, force=force, as_side=as_)
        reroll = f"; a re-roll: {done['rolls']} roll(s) taken back stay in the log" if done["rolls"] else ""
        typer.echo(f"undid events {done['first']}-{done['last']} ({done['effects']} changes){reroll}")
        _status(match, c)


@app.command()
def autoplay(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help="Match id, or a game to start a new match of.")] = None,
    bot: Annotated[str, typer.Option(help="Bot for every side.")] = "heuristic",
    scenario: Annotated[str | None, typer.Option(help="Scenario for a new match.")] = None,
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
) -> None:
    """Let bots play every side to the end (of a new match when GAME is a game name)."""
    from ..bots import run_bots
    from ..game import Game

    c: Context = ctx.obj
    reg = c.registry
    with c.store() as store:
        if (game and game in reg.games) or (
            game and not store.one("SELECT count(*) FROM match WHERE game_id = ?", [game])
        ):
            info = reg.game(game)
            chosen = info.scenario(scenario or next(iter(info.scenarios)))
            reg.bot(info.name, bot)  # before the match exists: an unknown bot leaves no match behind
            sides = {s: f"bot:{bot}" for s in chosen.sides}
            match = Game.create(store, reg, info.name, chosen, seed=seed, controllers=sides)
            set_current_game(store, match.game_id)
        else:
            match = Game.load(store, reg, game or current_game(store))
        sides = {s: f"bot:{bot}" for s in match.scenario.sides}
        with typer.progressbar(length=match.last_turn - match.first_turn + 1, label=match.game_id) as bar:
            seen = [match.clock.turn]

            def progress(g: Game) -> None:
                if g.clock.turn != seen[0]:
                    bar.update(g.clock.turn - seen[0])
                    seen[0] = g.clock.turn

            played = run_bots(
                match, reg, controllers=sides, max_actions=max_actions, progress=progress, commit_every=commit_every
            )
        typer.echo(f"{played} actions played")
        _status(match, c)


def add_game_verbs(target: typer.Typer, known: set[str], only: str | None = None) -> None:
    """A command for each order verb of the installed games (move, attack, …) not in ``known``.

    With ``only``, that verb alone, if a game has it: plugins load only until one declares it.
    """
    from ..plugins import registry

    reg = registry()
    verbs = reg.verbs(only)
    bare = reg.bare_verbs()
    for verb, help_text in verbs.items():
        if verb in known:
            continue
        known.add(verb)
        # an order's arguments are the game's: "-1" (buy -1) is an argument, never an unknown option
        settings = {"ignore_unknown_options": True}
        target.command(verb, help=help_text, context_settings=settings)(_verb_command(verb, verb in bare))


def _verb_command(verb: str, bare: bool = False):
    """The command of one order verb; ``bare``: a game plays it with no arguments (it judges them)."""

    def command(
        ctx: typer.Context,
        args: Annotated[list[str] | None, typer.Argument(help="The order's arguments.")] = None,
        game: Annotated[str | None, typer.Option(help="Match id.")] = None,
        as_: AsOption = None,
    ) -> None:
        if not args and not bare and verb != "end":
            raise InvalidOrder(f"{verb} needs arguments: see 'phaseline actions'")
        play_order(ctx.obj, verb, list(args or ()), game, as_)

    command.__name__ = f"order_{verb.replace('-', '_')}"
    return command
