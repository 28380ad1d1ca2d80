"""5.1 the sequence of play, in the rulebook's order (no phase may be moved or played again), and
the battle's steps (10.0-10.6), entered from the combat phase for each battle (``phaseline_next_step``).

Step 1 of 5.1, the turn marker's advance, is the start of every turn (hooks.phaseline_turn_start).
The player's own strategic phases (supply, recon, movement) and a battle's steps wait for his ``end``
even when he can do nothing in them; the combat phase passes by itself when no point holds both
sides' units (rules/combat.py), and waits for his ``end`` once its battles are fought.
The Japanese phases are the rules' (played by ``phaseline_rules_choose``); the last three are the
engine's own, done as they begin, with nobody to type anything.
"""

from __future__ import annotations

from phaseline.model import Step

from .rules.state import JP, US

TURN = (  # the player's own phases wait for his ``end``: he sees each, and the income arrive (6.1)
    Step("us-supply", "us-supply", US, "US Supply Phase", "6.0", ("buy", "repair"), waits=True),
    Step("us-recon", "us-recon", US, "US Recon Phase", "7.0", ("recon",), waits=True),
    Step("jp-recon", "jp-recon", JP, "Japanese orders at the reconned points", "7.2", ("jp-orders",)),
    Step("us-movement", "us-movement", US, "US Movement Phase", "8.0", ("move", "raid", "bomb", "invade"), waits=True),
    Step("jp-movement", "jp-movement", JP, "Japanese Movement Phase", "9.0", ("jp-orders",)),
    Step("combat", "combat", US, "Combat Phase", "10.0", ("battle",), waits=True),  # passes when no point is contested
    Step("jp-reinforcement", "jp-reinforcement", JP, "Japanese Reinforcement Phase", "11.1", ("jp-reinforce",)),
    Step("jp-repair", "jp-repair", JP, "Japanese Repair Phase", "11.2", ("jp-repair",)),
    Step("us-return", "us-return", None, "US Return-to-Port Phase", "11.3"),
    Step("us-supply-check", "us-supply-check", None, "US Supply Check Phase", "11.4"),
    Step("us-defeat-check", "us-defeat-check", None, "US Defeat Check Phase", "11.5"),
)
BATTLE = {  # 10.0 one battle: set-up, then one air step per combat round; each waits for the player's end
    "battle-placement": Step("battle-placement", "battle", US, "Battle: US placement", "10.1", ("place",), waits=True),
    "battle-bonus": Step("battle-bonus", "battle", US, "Battle: US bonus markers", "10.5", ("bonus",), waits=True),
    "battle-air": Step("battle-air", "battle", US, "Battle: combat round", "10.6", ("strike", "fly"), waits=True),
}
COMBAT = TURN[5]


def steps() -> list[Step]:
    """The steps of every campaign turn (5.1)."""
    return list(TURN)


def renumber(match, step: Step) -> None:
    """A step of the turn begun again after a battle's steps (each numbered on from the one before)
    takes its own number, so the turn's sequence goes on from it."""
    number = next(i for i, turn_step in enumerate(TURN) if turn_step.name == step.name)
    if match.clock.step_no != number:
        match.set_clock(step_no=number)
