"""Battle for Germany's rulings: the other reading of each sentence the rules leave ambiguous.

A match chooses them when it is created (``phaseline new bfg -o NAME``); the default reading
holds otherwise. A base rule reads one through ``plays_ruling(game, NAME)``
(phaseline.model). Rulings are not the rulebook's optional rules: those are plugins of
their own (optional/), which the base rules never name.
"""

from __future__ import annotations

TERRAIN_PLUS_ONE = "terrain-plus-one"  # 6.82
EX_NO_ADVANCE = "ex-no-advance"  # 6.91
ONE_PER_COMBAT = "advance-one-per-combat"  # 6.91: one advance for the whole combat
SOVIET_DESTROYS_FORTRESS = "soviet-destroys-fortress"  # 6.83
EXIT_ANY_ALLIED = "exit-any-allied"  # 9.1
VP_WITHOUT_BERLIN = "expanded-vp-without-berlin"  # 12.23/13.0
RESPECT_STACKING = "replacements-respect-stacking"  # 5.3/7.2
YUGOSLAV_ADVANCE_HOME = "yugoslav-advance-home"  # 5.51/5.52
LEAVE_BY_MOVEMENT = "yugoslavia-exit-by-movement"  # 5.52 read like 5.42, by the next Movement Phase
ATTACKS_PER_HEX = "12.21-per-hex"  # 12.21

RULINGS = {
    TERRAIN_PLUS_ONE: "6.82: three effects give x4 (each extra doubling adds one) instead of the literal x5",
    EX_NO_ADVANCE: "6.91: after Ex the attacker is not victorious and may not advance",
    ONE_PER_COMBAT: "6.91: a combat that empties several hexes lets one unit advance, into one of them "
    "(default: 「あるヘクスが空になった場合…その空ヘクスへ」 ('when a hex is emptied … into that empty hex') "
    "is said of each emptied hex, so each may take a "
    "different victor, one decision per hex)",
    SOVIET_DESTROYS_FORTRESS: "6.83: Soviet entry destroys a fortress too",
    EXIT_ANY_ALLIED: "9.1: an exit removes the nearest Allied or Soviet units, not only the exiting force's enemy",
    VP_WITHOUT_BERLIN: "12.23/13.0: an Expanded game in which nobody took Berlin is decided on victory "
    "points (default: a draw, 12.23 unmodified by 13.1)",
    RESPECT_STACKING: "5.3/7.2: a replacement may not be placed where two friendly units stand "
    "(default: the limit binds at the end of the Movement Phase, 5.3; either way only enemy units send a German "
    "replacement across the boundary, 7.24)",
    YUGOSLAV_ADVANCE_HOME: "5.51/5.52: an advance may cross the Yugoslav border back to the unit's own side (a "
    "Yugoslav unit retreated out of Yugoslavia back in, a Soviet one retreated in back out; default: never across)",
    LEAVE_BY_MOVEMENT: "5.52: a Soviet unit retreated into Yugoslavia must leave it by the end of the "
    "next Soviet Movement Phase, as 5.42 says of the boundary (default: during the whole following turn, "
    "「続くターンの間に」 ('during the following turn'), eliminated at its end)",
    ATTACKS_PER_HEX: "12.21: each hex of a multi-hex attack counts as one of the two turn-1 attacks (default: one "
    "combat is one attack, 6.7)",
}
