"""docs/cli.md, the command-line reference, is generated from the commands' help and kept current;
every command, and every argument and option of it, has help (as sqlite-utils' test_docs.py checks)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
import typer

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("cli_reference", ROOT / "scripts" / "cli_reference.py")
assert spec and spec.loader
cli_reference = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cli_reference)


def test_the_reference_page_is_up_to_date():
    page = cli_reference.PAGE.read_text(encoding="utf-8")
    assert page == cli_reference.render(), "docs/cli.md is out of date: run python3 scripts/cli_reference.py"


def every_command() -> list[tuple[str, typer.core.TyperCommand]]:
    """Each built-in command and group subcommand, built as phaseline builds it."""
    from phaseline.cli import _register_commands, app

    _register_commands()
    group = typer.main.get_command(app)
    found = []
    for name, command in group.commands.items():
        found.append((name, command))
        for sub, subcommand in getattr(command, "commands", {}).items():
            found.append((f"{name} {sub}", subcommand))
    return found


@pytest.mark.parametrize(("name", "command"), every_command(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_command_and_parameter_has_help(name, command):
    assert (command.help or "").strip(), f"phaseline {name} has no help"
    bare = [p.name for p in command.params if not (getattr(p, "help", None) or "").strip()]
    assert bare == [], f"phaseline {name}: no help for {bare}"
