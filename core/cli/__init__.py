"""The ``phaseline`` command: a thin shell over :class:`phaseline.Game` and the store.

Each command opens, calls, renders and maps errors; the library raises typed errors
and only :func:`main` prints them, as one line on stderr with the error's exit code.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from typer.exceptions import TyperException

from ..errors import PhaselineError
from .context import Context
from .output import Format

app = typer.Typer(
    name="phaseline",
    help="Play board wargames whose rules run as SQL, and query their history.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _options(
    ctx: typer.Context,
    db: Annotated[
        Path | None, typer.Option("--db", help="Store file (default $PHASELINE_HOME/phaseline.duckdb).")
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output: table, json or csv.")] = Format.table,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks.")] = False,
    block: Annotated[
        list[str] | None, typer.Option("--block-plugin", help="Do not load this plugin.")
    ] = None,
) -> None:
    ctx.obj = Context(db=db, fmt=fmt, debug=debug, block=tuple(block or ()))


def _register_commands() -> None:
    from . import matches

    for module in ("history", "data", "plugins", "maps"):
        try:
            __import__(f"{__name__}.{module}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{module}":
                raise
    matches.add_game_verbs(app)
    from .context import registry
    from .plugins import add_plugin_commands

    add_plugin_commands(app, registry())


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turning phaseline errors into one line and an exit code."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    try:
        _register_commands()
        command = typer.main.get_command(app)
        command.main(args=args, prog_name="phaseline", standalone_mode=False)
    except PhaselineError as error:
        if debug:
            raise
        typer.echo(f"error: {error}", err=True)
        sys.exit(error.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        typer.echo("aborted", err=True)
        sys.exit(130)
    except typer.Exit as done:
        sys.exit(done.exit_code)
    except TyperException as error:  # usage errors: unknown command, missing argument …
        error.show()
        sys.exit(error.exit_code)
    except Exception as error:
        if debug:
            raise
        typer.echo(f"error: internal error ({type(error).__name__}: {error}); rerun with --debug", err=True)
        sys.exit(70)
