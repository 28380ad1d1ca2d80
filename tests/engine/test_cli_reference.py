"""docs/cli.md, the command-line reference, is generated from the commands' help and kept current;
every command, and every argument and option of it, has help (as sqlite-utils' test_docs.py checks)."""

from __future__ import annotations

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
