"""Optional rule 12.3: every German replacement arrives as an East German unit, and the
turn-1 West German attacks of 12.21 are not required.

Reading (digest 3.11 default): the West German allotment still takes the weakest unit of
the West German box (7.21), but places it beside Berlin east of the boundary, where it
becomes East German (5.41); if every such hex is blocked it goes west as usual (7.24).
The base rules ask two of the game's hooks, which this plugin answers: where German
replacements arrive (``bfg_replacement_zone``) and whether 12.21 binds
(``bfg_waives_first_turn_attacks``); it logs the rule where it acts, so the log shows why a
replacement went east.
"""

from __future__ import annotations

from phaseline import Event, hookimpl

RULE = "12.3"
TITLE = "All German replacements arrive as East German units (ignore 12.21)"


@hookimpl
def bfg_replacement_zone(match, force):
    return "E"  # 12.3 every German replacement arrives east of the boundary


@hookimpl
def bfg_waives_first_turn_attacks(match, step):
    return True  # 12.3 ignore 12.21


@hookimpl
def phaseline_phase_start(match, step):
    if step.name in ("ger-w-replacement", "ger-e-replacement") and match.scenario.name in ("historical", "expanded"):
        match.log(Event("note", side=step.side, rule=RULE, purpose="12.3: German replacements arrive as East Germans"))
