"""What a match id may be: a short name of letters, digits, '.', '_' and '-'.

A match id names the match in commands, in its store's rows, in a turn file and in the
folders ``export --parquet`` writes (``match_id=<id>``), so it holds no path separator,
space, quote or control character, and a received file is held to the same rule.
"""

from __future__ import annotations

import re

MAX_LENGTH = 64
_MATCH_ID = re.compile(rf"^[^\W_][\w.-]{{0,{MAX_LENGTH - 1}}}$")


def match_id_problem(name: str) -> str | None:
    """Why ``name`` cannot be a match id, or None when it can."""
    if not isinstance(name, str) or not name:
        return "a match id cannot be empty"
    if len(name) > MAX_LENGTH:
        return f"a match id has at most {MAX_LENGTH} characters, not {len(name)}"
    if not _MATCH_ID.match(name):
        return f"match id {name!r} may hold only letters, digits, '.', '_' and '-', starting with a letter or digit"
    return None
