"""Fleet Commander: Nimitz's rulings: the other reading of each sentence the rules leave ambiguous
or that an example reads otherwise than the rule text (docs/nimitz.md).

A match chooses them when it is created (``phaseline new fleet-commander-nimitz -o NAME``); the
default reading holds otherwise. A rule reads one through ``plays_ruling(game, NAME)``
(phaseline.model).
"""

from __future__ import annotations

RULINGS = {
    "air-defense-cost-1": "10.5: the Air Defense System costs 1 BPP, as the play example pays (default: 2, the "
    "rule text)",
    "sortie-two-infantry": "9.2: Sortie takes up to 2 infantry, as one example says (default: 1, the order table)",
    "no-battalion-for-lone-ground": "9.1: a point whose only ground unit must stay (and that has no land aircraft) "
    "draws no battalion even when its ships go, the rule example read alone (default: a battalion goes along with "
    "the units that move, as the play example's Carolines; none ever goes alone)",
    "strict-island-restriction": "10.10: only ground units on the island let your bombers and ships hit enemy "
    "ground units (default: ground units or land aircraft, as the play example)",
    "transport-as-target": "10.10: a transport is a target like any other, cheapest first (default: only when no "
    "other enemy ship is in the area, as the play example)",
    "lone-unit-alone": "9.0 (1): only a unit that is the point's only Japanese unit is marked (default: the only "
    "ground or air unit, ships aside)",
    "no-supply-from-forced-hold": "9.2: an order turned into Hold because it could not be carried out gives no "
    "supply marker (default: it does)",
    "attack-plan-superior": "10.7: Attack Plan raises the superior values too (default: the normal values only)",
    "repaired-battalion-to-its-box": "11.2: a repaired battalion goes back to the battalion box, where 2.8 keeps "
    "the battalions not on the map (default: to the bottom of the reinforcement box's ground stack, as 11.2 says of "
    "every repaired unit; only 12.2 names the battalion box for a battalion)",
    "markers-at-supply-check": "3.4, 4.1: the objective markers are set up by who stands there, and a point's "
    "supply is what the last US supply check phase found (11.4); until the first, every point is in supply (default: "
    "the markers follow 4.1's holding, supply traced at every change, set-up included)",
    "carrier-attack-fighters": "10.7: Carrier Attack and Kamikaze send every carrier aircraft as on a 10, the "
    "fighters too, as the markers read (default: the bomber groups and the land aircraft; a carrier's fighters roll, "
    "as the play example's A6M)",
}
