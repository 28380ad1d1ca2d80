"""Optional rule 23.3: card combat.

For combat resolution only, each player draws a card from their own 36-card deck instead
of rolling the assault DR (9.1). Reading: the seed's "combat resolution" is the assault,
as in 11.3, so a bombardment (10.1) keeps its dice. Every other roll uses dice, so the
Sunset DR of an Allied impulse that only fought by cards is rolled alone (6.3). A deck
holds the 2d6 spread exactly (2 x1, 3 x2 ... 7 x6 ... J=11 x2, Q=12 x1), so every 36
combats average DR 7. A deck is reshuffled only when all 36 cards are used, so a card
drawn and then cancelled (by an Advantage reroll) stays out until then.

A draw is a die roll over the cards left (``sides`` = cards left), logged like any roll,
so replay and undo treat cards as they treat dice. The assault asks the game's hook
``bkn_combat_dr`` for its DR (resolution.py), which this plugin answers with a card.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate

from phaseline import Event, hookimpl
from phaseline.model import PluginTable

from ..scenarios import SIDES

RULE = "23.3"
TITLE = "Card combat: each player draws from a 36-card deck instead of the combat DR"
DECISIONS: dict[str, str] = {}  # 23.3 asks nothing
DECK = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}  # 23.3
FACES = {11: "J", 12: "Q"}
TABLE = PluginTable(  # 23.3: the cards left in each player's deck, by DR value
    "bkn_cards",
    "CREATE TABLE IF NOT EXISTS bkn_cards (match_id VARCHAR, side VARCHAR, dr INTEGER, left_in_deck INTEGER NOT NULL, "
    "PRIMARY KEY (match_id, side, dr))",
    key=("side", "dr"),
)


@hookimpl
def phaseline_tables(register):
    register(TABLE)


@hookimpl
def phaseline_setup(match):
    match.insert_many("bkn_cards", [{"side": s, "dr": dr, "left_in_deck": n} for s in SIDES for dr, n in DECK.items()])


@hookimpl
def bkn_combat_dr(match, side, purpose):
    return draw(match, side, purpose)  # 23.3 a card from the side's deck instead of the combat DR


def draw(match, side: str, purpose: str) -> int:
    """23.3: draw one card of ``side``'s deck (reshuffled first when it is used up)."""
    left = {
        r["dr"]: r["left_in_deck"]
        for r in match.rows(
            "SELECT dr, left_in_deck FROM bkn_cards WHERE match_id = ? AND side = ?", [match.match_id, side]
        )
    }
    if sum(left.values()) == 0:  # 23.3: all 36 cards used: reshuffle
        for dr, n in DECK.items():
            match.set("bkn_cards", {"side": side, "dr": dr}, left_in_deck=n)
        match.log(Event("note", side=side, rule=RULE, purpose=f"{side} reshuffles the 36-card combat deck"))
        left = dict(DECK)
    cards = sum(left.values())
    pick = match.roll(f"{purpose}: a card from {cards} left", rule=RULE, sides=cards, side=side)
    values = [dr for dr in sorted(left) if left[dr]]
    dr = values[bisect_left(list(accumulate(left[v] for v in values)), pick)]  # the pick-th card in order
    match.set("bkn_cards", {"side": side, "dr": dr}, left_in_deck=left[dr] - 1)
    face = FACES.get(dr, str(dr))
    match.log(Event("note", side=side, rule=RULE, purpose=f"{side} draws {face}: DR {dr} for {purpose}"))
    return dr
