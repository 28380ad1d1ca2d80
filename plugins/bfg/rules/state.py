"""The match's one-row Battle for Germany state (``bfg_state``): Berlin, replacements left,
attacks made this phase… kept in memory by the ledger between changes."""

from __future__ import annotations

from typing import Any


def bfg_state(match) -> dict[str, Any]:
    """The row of ``bfg_state`` (read-only)."""
    return match.rows_of("bfg_state")[()]
