"""The player's home folder (``$PHASELINE_HOME``, by default ``~/.phaseline``) and the default
store in it; imported by what must not import DuckDB (help, the current match's note)."""

from __future__ import annotations

import os
from pathlib import Path


def default_path() -> Path:
    """``$PHASELINE_HOME/phaseline.duckdb``, with ``~/.phaseline`` as the home by default."""
    return home() / "phaseline.duckdb"


def home() -> Path:
    """``$PHASELINE_HOME``, or ``~/.phaseline``."""
    return Path(os.environ.get("PHASELINE_HOME") or Path.home() / ".phaseline")
