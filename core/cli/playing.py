"""Commands of a player's turn: ``status``, ``actions``, ``end``, ``choose`` and ``undo``, and
:func:`play_order`, through which every order (a game's verbs too) is played and told.

The engine and the renderers are imported inside the commands that use them.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import InvalidOrder
from . import app
from .context import Context
from .options import AsOption, MatchOption
from .output import Format, emit
from .told import show_status

if TYPE_CHECKING:
    from ..match import Match


@app.command()
def status(ctx: typer.Context, match: MatchOption = None) -> None:
    """Where the match stands: whom it waits on, what decides it, the score, the dice."""
    c: Context = ctx.obj
    with c.match(match, read_only=True) as found:
        show_status(found, c)


@app.command()
def actions(
    ctx: typer.Context,
    unit: Annotated[str | None, typer.Option(help="Only the orders that name this unit.")] = None,
    hex_: Annotated[str | None, typer.Option("--hex", help="Only the orders that name this hex or area.")] = None,
    kind: Annotated[str | None, typer.Option(help="Only orders of this verb (move, attack, choose …).")] = None,
    by: Annotated[
        str | None, typer.Option(help="Group by 'unit' or 'hex' (default: moves by unit, attacks by hex).")
    ] = None,
    match: MatchOption = None,
) -> None:
    """The legal orders and owed decisions now, attacks with their odds.

    As a table: moves grouped by unit, attacks by the hex attacked (attacks on several hexes
    at once apart), wrapped to the terminal's width; as JSON or CSV: one row per order.
    """
    from shutil import get_terminal_size

    from ..render.actions import BY_SPACE, BY_UNIT, action_rows, actions_text, matching

    c: Context = ctx.obj
    if by not in (None, BY_UNIT, BY_SPACE):
        raise InvalidOrder(f"--by takes {BY_UNIT!r} or {BY_SPACE!r}, not {by!r}")
    with c.match(match, read_only=True) as found:
        _known(found, "unit", "unit_id", unit)
        _known(found, "space", "space_id", hex_)
        legal = found.legal_actions()
        rows = matching(action_rows(found, legal), unit, hex_, kind)
        where = f"turn {found.clock.turn}, {found.step.title or found.clock.step}"
        stuck = None if legal or found.finished else found.end_refusal(found.waiting_on()[0])
    if stuck is not None:  # no order open, and a rule keeps the step from ending
        typer.echo(f"no order is open, and {stuck}; undo takes back your last order")
    elif not legal:
        typer.echo("nothing to do: the match is over")
    elif c.fmt is not Format.table:
        emit(rows, c.fmt, empty="no such order")
    elif not rows:
        typer.echo("no order matches (phaseline actions lists them all)")
    else:
        counts = ", ".join(f"{v} {n}" for v, n in Counter(r["verb"] for r in rows).items())
        orders = f"{len(rows)} order{'s' if len(rows) > 1 else ''}"
        typer.echo(f"{rows[0]['side']} to act, {where}: {orders} ({counts})")
        width = min(get_terminal_size((80, 24)).columns, 120)
        typer.echo("\n".join(actions_text(rows, by, width, unit)))


def _known(match: Match, table: str, key: str, name: str | None) -> None:
    """Refuse a filter naming a unit or space the match does not have (a typo finds no order)."""
    if name is not None and name not in match.static(table, key):
        raise InvalidOrder(f"no {table} {name} in {match.match_id}")


def play_order(c: Context, verb: str, args: list[str], match: str | None = None, as_side: str | None = None) -> None:
    """Play one order on the match (for the seat ``as_side``, if named), then let bot sides
    answer; tell what it did (and what the other sides did after it), not the whole status."""
    from ..orders import carry_out
    from ..render.account import score_line, standing_key

    with c.match(match) as found:
        before_standing, before_score = standing_key(found), score_line(found)
        before = carry_out(found, c.registry, verb, args, as_side)
        if c.fmt is Format.table:
            typer.echo(account(found, before, before_standing, before_score))
        else:
            show_status(found, c)


ACCOUNT_LINES = 24  # an order's account stops here; the log has the rest


def account(match: Match, after: int, before_standing: tuple, before_score: str) -> str:
    """What happened since event ``after``: the order's results, what the other sides (bots
    included) did before the match waits on a player again, and where it stands when that
    changed: whom it waits on, and the score."""
    from ..render.account import account_lines, now_line, score_change

    lines = account_lines(match, after)
    if len(lines) > ACCOUNT_LINES:
        more = f"… {len(lines) - ACCOUNT_LINES} more: phaseline log --last {match.events.last_seq - after}"
        lines = [*lines[: ACCOUNT_LINES // 2], more, *lines[-ACCOUNT_LINES // 2 :]]
    now = now_line(match, before_standing)
    if now and lines and lines[-1].startswith("— "):
        lines.pop()  # the step just begun: the line of where the match stands names it
    if now and any(now.removeprefix("now: ") in line for line in lines):
        now = None  # the decision a line above already asks
    return "\n".join([*lines, *(line for line in (now, score_change(match, before_score)) if line)])


@app.command()
def end(ctx: typer.Context, match: MatchOption = None, as_: AsOption = None) -> None:
    """End your step; bot sides then play until a human must act."""
    play_order(ctx.obj, "end", [], match, as_)


@app.command(context_settings={"ignore_unknown_options": True})  # a negative answer (a bid of -3) is no option
def choose(
    ctx: typer.Context,
    answer: Annotated[
        list[str],
        typer.Argument(
            help="One of the decision's choices ('actions' lists them); a pair as UNIT HEX or UNIT:HEX.",
            metavar="ANSWER",
        ),
    ],
    match: MatchOption = None,
    as_: AsOption = None,
) -> None:
    """Answer the decision the match waits on: a retreat hex, losses, an advance (choose UNIT HEX) …

    A pair of the decision's (a unit and the hex it advances to) is typed as two words or
    joined by ':' (choose SOV-1UF 2023, choose SOV-1UF:2023); the form the decision lists,
    UNIT>HEX, works too, quoted for the shell ('SOV-1UF>2023').
    """
    play_order(ctx.obj, "choose", answer, match, as_)


@app.command()
def undo(
    ctx: typer.Context,
    force: Annotated[bool, typer.Option(help="Undo even across a die roll (logged and shown as a re-roll).")] = False,
    match: MatchOption = None,
    as_: AsOption = None,
) -> None:
    """Take back the last action of a human side (the undo is logged).

    Only your own seats' events that you have not sent; never in a finished match.
    """
    from ..render.account import now_line
    from ..undo import undo as undo_action

    c: Context = ctx.obj
    with c.match(match) as found:
        done = undo_action(found, force=force, as_side=as_)
        if c.fmt is not Format.table:
            show_status(found, c)
            return
        reroll = f"; a re-roll: {done['rolls']} roll(s) taken back stay in the log" if done["rolls"] else ""
        typer.echo(f"undid events {done['first']}-{done['last']} ({done['effects']} changes){reroll}")
        typer.echo(now_line(found, ()))
