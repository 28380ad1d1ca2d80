"""``games``: the installed games, or one game described (``phaseline games GAME``): its
scenarios, optional rules, rulings, orders, decisions and bots, a sentence each."""

from __future__ import annotations

import textwrap
from shutil import get_terminal_size
from typing import TYPE_CHECKING, Annotated, Any

import typer

from . import app
from .context import Context
from .output import Format, as_json, emit

if TYPE_CHECKING:
    from ..model import GameInfo, ScenarioInfo
    from ..plugins import Registry


@app.command()
def games(
    ctx: typer.Context,
    game: Annotated[
        str | None,
        typer.Argument(
            help="Describe this game: its scenarios, optional rules, rulings, orders and decisions.", metavar="GAME"
        ),
    ] = None,
) -> None:
    """List the installed games, or describe one: phaseline games GAME."""
    c: Context = ctx.obj
    reg = c.registry
    if game is not None:
        described = describe(reg, reg.game(game))
        if c.fmt is Format.json:
            typer.echo(as_json(described))
        elif c.fmt is Format.csv:
            emit(rows_of(described), c.fmt)
        else:
            typer.echo("\n".join(text_of(described, min(get_terminal_size((80, 24)).columns, 120))))
        return
    rows = [
        {
            "game": info.name,
            "title": info.title,
            "version": info.version,
            "scenarios": list(info.scenarios),
            "optional rules": [n for g, n in reg.rules if g == info.name],
            "rulings": list(info.rulings),
        }
        for info in reg.games.values()
    ]
    if c.fmt is Format.table:  # the names are in 'games GAME', each with its sentence
        rows = [{**row, "rulings": len(row["rulings"])} for row in rows]
    emit(rows, c.fmt, empty="no games installed")
    if rows and c.fmt is Format.table:
        typer.echo("\nEach game's scenarios, optional rules, rulings and orders: phaseline games GAME")


def describe(reg: Registry, info: GameInfo) -> dict[str, Any]:
    """The game as sections of named entries, each with its sentence (JSON gives it as it is)."""
    name = info.name
    return {
        "game": name,
        "title": info.title,
        "version": info.version,
        "short": info.short,
        "scenarios": [
            {"name": s.name, "turns": [s.first_turn, s.last_turn], "sides": list(s.sides), "text": _scenario(s)}
            for s in info.scenarios.values()
        ],
        "optional rules": [
            {"name": rule.name, "text": rule.title} for (game, _), rule in reg.rules.items() if game == name
        ],
        "rulings": [{"name": ruling, "text": text} for ruling, text in info.rulings.items()],
        "orders": [{"name": verb, "text": text} for verb, text in info.verbs.items()],
        "decisions": [{"name": kind, "text": text} for kind, text in info.decisions.items()],
        "bots": [{"name": bot.name, "text": bot.title} for (game, _), bot in reg.bots.items() if game in (name, "*")],
    }


HOW = {  # how a player uses each section's names
    "scenarios": "phaseline new {game} --scenario NAME",
    "optional rules": "phaseline new {game} --option RULE, as both players agree",
    "rulings": "the other reading of a sentence the rules leave open: phaseline new {game} --option NAME",
    "orders": "phaseline ORDER ARGS (phaseline ORDER --help in a match of this game)",
    "decisions": "questions a player answers with phaseline choose ANSWER",
    "bots": "phaseline new {game} --bot SIDE=BOT",
}


def _scenario(scenario: ScenarioInfo) -> str:
    turns = (
        f"turn {scenario.first_turn}"
        if scenario.first_turn == scenario.last_turn
        else (f"turns {scenario.first_turn}-{scenario.last_turn}")
    )
    head = f"{scenario.title}; {turns}; sides {', '.join(scenario.sides)}."
    return f"{head} {scenario.description}" if scenario.description else head


def text_of(described: dict[str, Any], width: int) -> list[str]:
    """The description as text: a heading, then each section's entries with their sentences."""
    lines = [f"{described['title']} ({described['game']} {described['version']})"]
    for section, how in HOW.items():
        entries = described[section]
        if not entries:
            continue
        lines += ["", *textwrap.wrap(f"{section.capitalize()}: {how.format(game=described['game'])}", width)]
        indent = min(max(len(e["name"]) for e in entries) + 4, 28)
        for entry in entries:
            wrapped = textwrap.wrap(entry["text"] or "-", width - indent, break_on_hyphens=False) or [""]
            if len(entry["name"]) + 4 <= indent:  # the name, two spaces, then its sentence
                lines.append(f"  {entry['name']}".ljust(indent) + wrapped.pop(0))
            else:  # a name too long for the column: its sentence on the lines below
                lines.append(f"  {entry['name']}")
            lines += [" " * indent + more for more in wrapped]
    return lines


def rows_of(described: dict[str, Any]) -> list[dict[str, str]]:
    """The description as rows (section, name, text), for CSV."""
    return [
        {"section": section, "name": entry["name"], "text": entry["text"]}
        for section in HOW
        for entry in described[section]
    ]
