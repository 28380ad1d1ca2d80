"""Optional rule 12.3: every German replacement is received as an East German unit, and the
turn-1 West German attacks of 12.21 are not required.

Reading: 「すべてのドイツ軍補充は、東部ドイツ軍として受け取られる」: East German replacements are
the Western Allied player's, in the East German Replacement Phase (3.0 B4). There he takes both
German allotments of the Turn Record, from either German box (the weakest first, 7.21), beside
Berlin east of the boundary (7.22; west only when every such hex holds enemy units, 7.24). The
West German Replacement Phase, the Soviet player's, receives none. The base rules ask two of the
game's hooks, which this plugin answers: which force receives the German replacements
(``bfg_german_replacements_as``) and whether 12.21 binds (``bfg_waives_first_turn_attacks``);
it logs the rule where it acts, so the log shows why no West German unit returned.
"""

from __future__ import annotations

from phaseline import Event, hookimpl

RULE = "12.3"
TITLE = "All German replacements arrive as East German units (ignore 12.21)"


@hookimpl
def bfg_german_replacements_as(match):
    return "GER_E"  # 12.3 every German replacement is received as East German


@hookimpl
def bfg_waives_first_turn_attacks(match, step):
    return True  # 12.3 ignore 12.21


@hookimpl
def phaseline_phase_start(match, step):
    if step.name in ("ger-w-replacement", "ger-e-replacement") and match.scenario.name in ("historical", "expanded"):
        purpose = "12.3: German replacements are received as East Germans"
        match.log(Event("note", side=step.side, rule=RULE, purpose=purpose))
