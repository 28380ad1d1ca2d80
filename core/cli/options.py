"""The options that name what a command acts on, spelt the same in every command.

A command that acts on a match takes ``--match ID`` (default: the current match, ``phaseline
use``); only ``use`` and ``delete``, whose whole object is a match, take the id as their
argument. ``--match`` is eager, so that ``attack --match bkn-1 --help`` shows the help of
that match's game.
"""

from __future__ import annotations

from typing import Annotated

import typer

MatchOption = Annotated[
    str | None,
    typer.Option("--match", metavar="ID", help="The match (default: the current one).", is_eager=True),
]
AsOption = Annotated[
    str | None, typer.Option("--as", help="The seat you act for, when you hold several (refused if not waited on).")
]
