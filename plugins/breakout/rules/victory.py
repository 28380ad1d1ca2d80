"""Victory (22): at the end of the week the Allies score VP for the areas they control
and supply (22.3); they win with the threshold or more (22.2). Breakout (22.1), the
contested-areas bonus (22.4) and the other VP items are not implemented yet."""

from __future__ import annotations

from phaseline import Outcome

from ..scenarios import ALLIED, GERMAN
from .board import board


def allied_vp(game) -> tuple[int, list[str]]:
    """22.3: VP areas the Allies control with a supply path."""
    b = board(game)
    held = {r["space_id"] for r in game.rules.run("cheapest-paths", side=ALLIED) if r["cost"] is not None}
    # a VP area is supplied when it holds, or borders, an Allied unit with a supply path
    supplied = held | {n for s in held for n in b.neighbours(s)}
    vp, scored = 0, []
    for row in game.rows(
        "SELECT area_id, vp FROM bkn_victory WHERE game_id = ? AND item = 'area' ORDER BY area_id", [game.game_id]
    ):
        area = b.areas.get(row["area_id"])
        if area and area.controlled_by(ALLIED) and row["area_id"] in supplied:
            vp += row["vp"]
            scored.append(f"{row['area_id']} {area.name} {row['vp']}")
    return vp, scored


def final_outcome(game) -> Outcome:
    """22.2: Allied VP against the requirement of the last turn (10 in the standard game)."""
    need = game.one("SELECT vp FROM bkn_victory WHERE game_id = ? AND item = 'threshold'", [game.game_id]) or 10
    vp, scored = allied_vp(game)
    detail = "; ".join(scored) or "no VP areas"
    if vp >= need:
        return Outcome("22.2", (ALLIED,), f"the Allies score {vp} VP (need {need}): {detail}")
    return Outcome("22.2", (GERMAN,), f"the Allies score only {vp} VP (need {need}): {detail}")
