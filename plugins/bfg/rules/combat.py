"""Combat (6.0–6.8): voluntary attacks on adjacent enemies, whole hexes defending together,
several hexes at once when every attacker is adjacent to all of them, once per phase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from phaseline import Action, Event, InvalidOrder
from phaseline.model import plays_ruling

from ..board import passable_neighbours
from ..rulings import TERRAIN_PLUS_ONE
from . import aftermath, targets
from . import forced_attacks as forced
from .odds import clamp, multiplier, ratio
from .state import bfg_state
from .units import label, require_space, units_in, units_named

DECISIONS = aftermath.DECISIONS
answer = aftermath.answer
answer_refusal = aftermath.answer_refusal


def legal_attacks(match, step) -> list[Action]:
    """Every attack open to the phasing forces (:func:`targets.open_attacks`: each hex, and
    each set of hexes one attack may take together, 6.7), by every unit that may join it;
    less those 12.21 forbids."""
    found = targets.open_attacks(targets.eligible(match, step.acting))
    found = forced.allowed(match, step, found)
    return [Action("attack", (",".join(attackers), ",".join(hexes)), step.side) for hexes, attackers in found]


def attack(match, action: Action) -> None:
    """``attack U1,U2 HEX[,HEX]``: validate (6.3–6.7), resolve (6.1) and apply the result (6.2)."""
    if len(action.args) != 2:
        raise InvalidOrder("attack takes attackers and hexes: attack UNIT[,UNIT…] HEX[,HEX…]")
    attackers = units_named(match, list(dict.fromkeys(action.args[0].split(","))))
    hexes = [require_space(match, h)["space_id"] for h in dict.fromkeys(action.args[1].split(","))]
    defenders = units_in(match, hexes)
    _validate(match, attackers, hexes, defenders)
    combat = with_odds(match, strength(match, attackers, hexes, defenders))
    combat["die"] = match.roll(f"combat at {combat['odds']} on {','.join(hexes)}", rule="6.1", side=action.side)
    combat["result"] = match.hook.phaseline_combat_result(match=match, combat=combat)
    match.log(
        Event(
            "combat",
            side=action.side,
            to_space=hexes[0],
            die=combat["die"],
            rule="6.1",
            purpose=f"attack on {','.join(hexes)}: {combat['ratio']} → {combat['odds']}, die {combat['die']}: "
            f"{combat['result']}",
            payload=combat,
        )
    )
    marks = [{"unit_id": u["unit_id"], "attacked": True, "defended": u["defended"]} for u in attackers]
    marks += [{"unit_id": u["unit_id"], "attacked": u["attacked"], "defended": True} for u in defenders]
    match.update_rows("unit_state", marks)  # 6.5 each unit attacks and is attacked once per phase
    count = bfg_state(match)["attacks_this_phase"]
    match.set("bfg_state", {}, attacks_this_phase=count + forced.counted(match, hexes))  # 12.21
    aftermath.apply_result(match, combat)


def previews(match, actions: list[Action]) -> list[dict[str, Any] | None]:
    """The combat each listed attack would fight (6.1, 6.8): the values and odds :func:`attack`
    would find now, before the die; None for any other order."""
    found: list[dict[str, Any] | None] = []
    facts = defence_facts(match)
    for action in actions:
        if action.verb != "attack" or len(action.args) != 2:
            found.append(None)
            continue
        hexes = action.args[1].split(",")
        attackers = units_named(match, action.args[0].split(","))
        found.append(with_odds(match, strength(match, attackers, hexes, units_in(match, hexes), facts)))
    return found


def strength(
    match, attackers: list[dict], hexes: list[str], defenders: list[dict], facts: DefenceFacts | None = None
) -> dict[str, Any]:
    """Attack total, and defence per hex × its terrain multiplier (6.1, 6.8, 6.81–6.83);
    ``facts`` from :func:`defence_facts`."""
    plus_one = plays_ruling(match, TERRAIN_PLUS_ONE)
    facts = facts or defence_facts(match)
    attack_terms = [_attack_term(match, u) for u in attackers]  # each term as phaseline.render.combat reads it
    per_hex, defense_terms = [], []
    for hex_id in hexes:
        in_hex = [d for d in defenders if d["space_id"] == hex_id]
        effects = _effects(facts, hex_id, attackers, in_hex)
        mult = multiplier([m for _, m in effects], plus_one)
        printed = sum(d["defense"] for d in in_hex)
        per_hex.append(
            {
                "hex": hex_id,
                "printed": printed,
                "effects": effects,
                "multiplier": mult,
                "defense": printed * mult,
            }
        )
        where = f" in {hex_id}" if len(hexes) > 1 else ""
        defense_terms += [[f"{d['unit_id']}{where}", d["defense"], ""] for d in in_hex]
        if mult > 1:
            defense_terms.append(_multiplier_term(effects, mult, hex_id))
    return {
        "attackers": [u["unit_id"] for u in attackers],
        "defenders": [d["unit_id"] for d in defenders],
        "hexes": hexes,
        "attack": sum(value for _, value, _ in attack_terms),
        "defense": sum(h["defense"] for h in per_hex),
        "printed_defense": sum(h["printed"] for h in per_hex),
        "per_hex": per_hex,
        "attack_terms": attack_terms,
        "defense_terms": defense_terms,
    }


def with_odds(match, combat: dict[str, Any]) -> dict[str, Any]:
    """``combat`` with its ratio, rounded for the defender (6.1), and the CRT column it falls in."""
    columns = [
        r["odds"]
        for r in match.state_rows((), "SELECT DISTINCT odds FROM bfg_crt WHERE match_id = ?", [match.match_id])
    ]
    found = ratio(combat["attack"], combat["defense"])
    return {**combat, "ratio": f"{combat['attack']}:{combat['defense']}", "odds": clamp(found, columns)}


EFFECT_RULES = {"river": "6.81", "fortress": "6.83"}  # any other effect is the hex's terrain (6.8)


def _multiplier_term(effects: list[tuple[str, int]], mult: int, hex_id: str) -> list[Any]:
    """The doubling of one hex's defence as a term: its effects and their rules; several
    combine by 6.82 (rough and river: ×3)."""
    named = " + ".join(f"{name} ({EFFECT_RULES.get(name, '6.8')})" for name, _ in effects)
    return [f"{named} in {hex_id}", f"×{mult}", "6.82" if len(effects) > 1 else ""]


def _attack_term(match, unit: dict) -> list[Any]:
    """6.0 the printed attack strength, unless an optional rule changes it (``bfg_attack_strength``)."""
    changed = match.hook.bfg_attack_strength(match=match, unit=unit)
    if changed is None or changed == unit["attack"]:
        return [unit["unit_id"], unit["attack"], ""]
    return [f"{unit['unit_id']} (printed {unit['attack']}, changed by an optional rule)", changed, ""]


@dataclass(frozen=True)
class DefenceFacts:
    """What doubles the defence of some hexes: terrain (6.8), river crossings into them
    (6.81) and intact fortresses (6.83)."""

    terrain: dict[str, tuple[str, int]]  # hex -> (terrain, multiplier)
    crossings: dict[tuple[str, str], int]  # (from hex, hex) -> the border's multiplier
    fortress: dict[str, int]  # hex -> the fortress multiplier


def defence_facts(match) -> DefenceFacts:
    """The defence facts of every hex: read once (the fortresses again when one falls); a bot
    weighs every attack of a phase with them."""
    return match.derived("bfg defence facts", match.ledger.version_of("bfg_fortress"), lambda: _facts_now(match))


def _facts_now(match) -> DefenceFacts:
    gid = match.match_id
    crossings = match.derived(
        "bfg crossings",
        (),
        lambda: {
            (r["a"], r["b"]): r["defense_multiplier"]
            for r in match.rows(
                """SELECT l.a, l.b, br.defense_multiplier FROM link l JOIN border_rule br USING (match_id, kind)
                   WHERE l.match_id = ?""",
                [gid],
            )
        },
    )
    rows = match.rows(
        """SELECT s.space_id, s.terrain, t.defense_multiplier, m.defense_multiplier AS fortress
           FROM space s JOIN terrain_cost t USING (match_id, terrain)
           LEFT JOIN bfg_fortress f ON f.match_id = s.match_id AND f.space_id = s.space_id AND NOT f.destroyed
           LEFT JOIN bfg_modifier m ON m.match_id = f.match_id AND m.feature = 'fortress'
           WHERE s.match_id = ?""",
        [gid],
    )
    terrain = {row["space_id"]: (row["terrain"], row["defense_multiplier"]) for row in rows}
    fortress = {row["space_id"]: row["fortress"] for row in rows if row["fortress"]}
    return DefenceFacts(terrain, crossings, fortress)


def _effects(facts: DefenceFacts, hex_id: str, attackers: list[dict], in_hex: list[dict]) -> list[tuple[str, int]]:
    """The doubling effects that apply to the defenders of ``hex_id``."""
    effects: list[tuple[str, int]] = []
    terrain = facts.terrain.get(hex_id)
    if terrain and terrain[1] > 1:
        effects.append(terrain)
    river = [facts.crossings[(u["space_id"], hex_id)] for u in attackers if (u["space_id"], hex_id) in facts.crossings]
    if river and len(river) == len(attackers) and min(river) > 1:  # 6.81 only if every attacker is across
        effects.append(("river", min(river)))
    german = any(d["side"] in ("GER_E", "GER_W") for d in in_hex)
    if hex_id in facts.fortress and german:  # 6.83 intact fortress, German defenders only
        effects.append(("fortress", facts.fortress[hex_id]))
    return effects


def _validate(match, attackers: list[dict], hexes: list[str], defenders: list[dict]) -> None:
    step = match.step
    neighbours = passable_neighbours(match)
    rules = targets.hostility(match)
    for unit in attackers:
        if unit["side"] not in step.acting:
            raise match.violation(f"{label(unit)} is {unit['side']}: it does not attack in the {step.title}", "3.0")
        if unit["space_kind"] == "box":
            raise match.violation(f"{label(unit)} is off the map in {unit['space_id']}", "6.0")
        if unit["attacked"]:
            raise match.violation(f"{label(unit)} has already attacked this phase", "6.5")
        for hex_id in hexes:
            if hex_id not in neighbours.get(unit["space_id"], ()):
                rule = "6.7" if len(hexes) > 1 else "6.0"
                raise match.violation(f"{label(unit)} in {unit['space_id']} is not adjacent to {hex_id}", rule)
    for hex_id in hexes:
        if not any(d["space_id"] == hex_id for d in defenders):
            raise match.violation(f"there is no unit to attack in {hex_id}", "6.0")
    for defender in defenders:
        if defender["defended"]:
            raise match.violation(f"{label(defender)} in {defender['space_id']} was already attacked this phase", "6.5")
        for unit in attackers:
            rule = targets.barred(unit, defender, rules)
            if rule == "15.26":
                raise match.violation(
                    f"Polish units of the two sides may not attack each other: {label(unit)} and {label(defender)}",
                    rule,
                )
            if rule:
                raise match.violation(
                    f"{label(unit)} ({unit['side']}) may not attack {label(defender)} ({defender['side']})",
                    rule,
                )
    refusal = forced.attack_refusal(match, step, hexes, [u["unit_id"] for u in attackers])
    if refusal is not None:
        raise refusal
