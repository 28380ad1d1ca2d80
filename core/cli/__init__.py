"""The ``phaseline`` command: a thin shell over :class:`phaseline.Match` and the store.

Each command opens, calls, renders and maps errors; the library raises typed errors
and only :func:`main` prints them, as one line on stderr with the error's exit code.
"""

from __future__ import annotations

import sys
from importlib import import_module
from pathlib import Path
from typing import Annotated

import typer
from typer.exceptions import TyperException

from ..errors import PhaselineError
from . import coercion
from .command import BLOCK_HELP, DB_HELP, DEBUG_HELP, FORMAT_HELP
from .context import Context
from .group import CommandGroup, root_command
from .output import Format

coercion.install()


app = typer.Typer(
    name="phaseline",
    help="Play board wargames whose rules run as SQL, and query their history.",
    cls=CommandGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: rendering it with rich costs more than the rest of --help
)


def _version(value: bool) -> None:
    if value:
        typer.echo(version_line())
        raise typer.Exit()


def version_line() -> str:
    """phaseline's version, with the Python and DuckDB it runs on (DuckDB's read from its
    metadata: importing it would cost more than the rest of the command)."""
    from importlib.metadata import PackageNotFoundError, version

    from .. import __version__

    try:
        duckdb = version("duckdb")
    except PackageNotFoundError:
        duckdb = "not installed"
    return f"phaseline {__version__} (Python {sys.version.split()[0]}, DuckDB {duckdb})"


@app.callback()
def _options(
    ctx: typer.Context,
    db: Annotated[Path | None, typer.Option("--db", help=DB_HELP, is_eager=True)] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help=FORMAT_HELP)] = Format.table,
    debug: Annotated[bool, typer.Option("--debug", help=DEBUG_HELP)] = False,
    block: Annotated[
        list[str] | None, typer.Option("--block-plugin", metavar="NAME", help=BLOCK_HELP, is_eager=True)
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", help="Show phaseline's version and exit.", is_eager=True, callback=_version)
    ] = False,
) -> None:
    # every command takes these options after its name too (command.py)
    ctx.obj = Context(db=db, fmt=fmt, debug=debug, block=tuple(block or ()))


def _register_commands() -> None:
    """Import the modules whose commands register themselves on :data:`app` (in help order)."""
    modules = (
        "games", "matches", "tournament", "playing", "history", "exchange", "fair", "data", "plugins", "maps", "play",
        "serve",
    )  # fmt: skip
    for module in modules:
        import_module(f".{module}", __name__)
    # a module imported before (a test importing phaseline.cli.tournament) registered its commands first
    place = {f"{__name__}.{module}": index for index, module in enumerate(modules)}
    app.registered_commands.sort(key=lambda info: place.get(getattr(info.callback, "__module__", ""), len(place)))


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turning phaseline errors into one line and an exit code."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    try:
        _register_commands()
        root_command(app).main(args=args, prog_name="phaseline", standalone_mode=False)
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
        from ..failures import as_phaseline_error  # a full disk, a name too long: a typed error too

        failed = as_phaseline_error(error)
        if failed is not None:
            typer.echo(f"error: {failed}", err=True)
            sys.exit(failed.exit_code)
        typer.echo(f"error: internal error ({type(error).__name__}: {error}); rerun with --debug", err=True)
        sys.exit(70)
