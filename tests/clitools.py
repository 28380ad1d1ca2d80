"""Running the ``phaseline`` CLI in tests against games that are not installed.

The toy game (tests/toygame.py) has no entry point, so the CLI cannot find it.
:func:`use_registry` monkeypatches ``phaseline.plugins.registry``, through which
the CLI looks plugins up (the game verbs and plugin commands, and every command's
``Context.registry``), to return one fixed registry::

    from clitools import run_cli, use_registry
    from toygame import toy_registry

    def test_new(home, monkeypatch):
        use_registry(monkeypatch, toy_registry())
        code, out = run_cli(["new", "toy"])

:func:`run_cli` calls ``phaseline.cli.main`` exactly as the installed command does
(errors become one line and an exit code), with stdin fed from ``input``.
"""

from __future__ import annotations

import typer
from phaseline.plugins import Registry
from typer.testing import CliRunner


def use_registry(monkeypatch, registry: Registry) -> Registry:
    """Make the CLI see ``registry`` instead of the installed plugins."""
    import phaseline.plugins

    def fixed(block: tuple[str, ...] = ()) -> Registry:
        return registry

    monkeypatch.setattr(phaseline.plugins, "registry", fixed)
    return registry


def run_cli(argv: list[str], input: str | None = None) -> tuple[int, str]:
    """Run ``phaseline ARGV`` in-process; returns the exit code and stdout+stderr."""
    from phaseline.cli import main

    runner = CliRunner()
    with runner.isolation(input=input) as streams:
        try:
            main(argv)
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        output = streams[-1].getvalue().decode()
    return code, output


def every_command() -> list[tuple[str, typer.core.TyperCommand]]:
    """Each built-in command and group subcommand (``plugins list``), built as phaseline builds it."""
    from phaseline.cli import _register_commands, app

    _register_commands()
    group = typer.main.get_command(app)
    found = []
    for name, command in group.commands.items():
        found.append((name, command))
        found += [(f"{name} {sub}", subcommand) for sub, subcommand in getattr(command, "commands", {}).items()]
    return found
