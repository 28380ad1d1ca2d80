"""docs/cli.md, the command-line reference, is generated from the commands' help and kept current;
every command, and every argument and option of it, has help (as sqlite-utils' test_docs.py checks)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from clitools import every_command
from script_modules import load_script

cli_reference = load_script("cli_reference")


def test_the_reference_page_is_up_to_date():
    page = cli_reference.PAGE.read_text(encoding="utf-8")
    assert page == cli_reference.render(), "docs/cli.md is out of date: run python3 scripts/cli_reference.py"


@pytest.mark.parametrize(("name", "command"), every_command(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_command_and_parameter_has_help(name, command):
    assert (command.help or "").strip(), f"phaseline {name} has no help"
    bare = [p.name for p in command.params if not (getattr(p, "help", None) or "").strip()]
    assert bare == [], f"phaseline {name}: no help for {bare}"


def test_the_help_lists_the_commands_in_place_whatever_was_imported_first():
    """A module imported before the others (as a test imports phaseline.cli.tournament) registers
    its commands first; the help still lists them in the modules' order, as docs/cli.md does."""
    script = (
        "import phaseline.cli.tournament\n"
        "from phaseline.cli import app, _register_commands\n"
        "_register_commands()\n"
        "print(' '.join(info.name or info.callback.__name__ for info in app.registered_commands))"
    )
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    script = script.replace("import phaseline.cli.tournament\n", "")
    usual = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert first == usual
    assert usual.index("tournament") == usual.index("autoplay") + 1
