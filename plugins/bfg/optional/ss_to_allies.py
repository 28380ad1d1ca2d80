"""Optional rule 13.2 (Expanded Historical only): when Berlin falls, the SS pass to the
Western Allies instead of leaving the map with the other Germans (13.1).

At the end of the player turn in which Berlin fell, before the game plugin removes the
Germans (the game's hook ``bfg_berlin_falls``, asked first as that step ends), every SS
unit on the map becomes a Western Allied unit: it defends at its printed strength but
attacks and moves at half its printed values, rounded down (digest ``ss_halving_round``
default; ``bfg_attack_strength`` halves the attack, ``mp_factor`` 0.5 the movement
allowance). The boundary is void as for the other Allies (digest
``boundary_with_ss_remaining``). The Western Allies score no VP for a city occupied only by
SS units (``bfg_unscoring_nationalities``, read by victory.scores).
"""

from __future__ import annotations

from phaseline import Event, hookimpl

RULE = "13.2"
TITLE = "SS units pass to the Western Allies when Berlin falls (Expanded game)"
HALF = 0.5


@hookimpl
def bfg_attack_strength(match, unit):
    if unit["nationality"] == "SS" and unit["side"] == "WA":  # 13.2 SS under WA command: half attack
        return unit["attack"] // 2
    return None


@hookimpl
def bfg_unscoring_nationalities(match, bloc):
    return ["SS"] if bloc == "WA" else []  # 13.2 no WA VP for a city held only by SS units


@hookimpl
def bfg_berlin_falls(match, step):
    if match.scenario.name != "expanded":  # 13.2: the Expanded game only
        return
    for unit in match.rows(
        """SELECT s.unit_id FROM unit_state s JOIN unit u USING (match_id, unit_id)
           JOIN space sp ON sp.match_id = s.match_id AND sp.space_id = s.space_id
           WHERE s.match_id = ? AND u.nationality = 'SS' AND s.side IN ('GER_E', 'GER_W') AND sp.kind = 'hex'
             AND s.status = 'ready' ORDER BY 1""",
        [match.match_id],
    ):
        match.set("unit_state", {"unit_id": unit["unit_id"]}, side="WA")
        match.set("bfg_unit", {"unit_id": unit["unit_id"]}, mp_factor=HALF, deadline_turn=None, deadline_step=None)
        match.log(
            Event("note", side="WA", unit_id=unit["unit_id"], rule=RULE, purpose="13.2: the SS unit passes to the WA")
        )
