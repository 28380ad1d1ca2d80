"""When Berlin falls (12.22, 13.1): asked as each step ends, first for the game's hook
``bfg_berlin_falls`` (optional 13.2 acts there), then by the phase rules."""

from __future__ import annotations

from .state import bfg_state


def berlin_falls_now(match, step) -> bool:
    """12.22 / 13.1: ``step`` ends the player turn in which Berlin fell (two-player games)."""
    if match.scenario.name not in ("historical", "expanded") or not _ends_player_turn(match, step):
        return False
    state = bfg_state(match)
    return bool(state["berlin_entered_by"]) and not state["germans_removed"]


def _ends_player_turn(match, step) -> bool:
    steps = match.steps(match.clock.turn)
    index = next((i for i, s in enumerate(steps) if s.name == step.name), len(steps) - 1)
    return index + 1 >= len(steps) or steps[index + 1].side != step.side
