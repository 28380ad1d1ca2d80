"""Where the packaged schema/ and scenarios/ folders are, installed or in a checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The ``schema`` or ``scenarios`` folder: inside the wheel, or beside core/ in a checkout."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"phaseline data folder {name!r} is missing from the installation")
