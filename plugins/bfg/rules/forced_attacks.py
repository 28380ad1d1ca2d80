"""12.21: on turn 1 the West Germans must make at least two attacks on Western Allied units
(Historical and Expanded games; optional 12.3 lifts it).

An attack is one combat, however many hexes it takes (6.7: several hexes are attacked "as
one combat"); the ruling ``12.21-per-hex`` counts each hex attacked instead. The seed does
not say what happens when two attacks cannot be made (too few West Germans in contact):
then the West Germans make as many as can be made, counted as the most separate attacks
open to them, not what is left after a wasteful one. So the phase may end once two are
made or no attack is open, and an attack that would leave fewer attacks than that within
reach is refused: one combined attack by the units of two separate attacks, say, or an
attack by the only unit next to a second target.
"""

from __future__ import annotations

from phaseline import RuleViolation
from phaseline.model import plays_ruling

from ..rulings import ATTACKS_PER_HEX
from .state import bfg_state
from .targets import eligible, open_attacks
from .units import all_units

WANTED = 2  # 12.21 at least two attacks
Reach = dict[str, frozenset[str]]  # attacker -> the hexes it may attack now (targets.eligible)
Attack = tuple[tuple[str, ...], tuple[str, ...]]  # (hexes, attackers)


def applies(match, step) -> bool:
    """12.21 binds this step: the turn-1 West German Combat Phase of a two-player
    historical game, unless an optional rule waives it (``bfg_waives_first_turn_attacks``: 12.3)."""
    return (
        match.clock.turn == 1
        and step.name == "ger-w-combat"
        and match.scenario.name in ("historical", "expanded")
        and not match.hook.bfg_waives_first_turn_attacks(match=match, step=step)
    )


def counted(match, hexes: list[str] | tuple[str, ...]) -> int:
    """What one attack on ``hexes`` counts towards 12.21: one, or one per hex (ruling)."""
    return len(hexes) if plays_ruling(match, ATTACKS_PER_HEX) else 1


def most(match, reach: Reach) -> int:
    """The most attacks (at most two) that can still be made from ``reach``: with one
    attack a combat, as many as units and hexes can be paired off (two unless one unit or
    one hex is in every pairing); with one attack a hex, the hexes within reach."""
    hexes = set().union(*reach.values()) if reach else set()
    if plays_ruling(match, ATTACKS_PER_HEX):
        return min(WANTED, len(hexes))
    if not hexes:
        return 0
    return 1 if len(reach) == 1 or len(hexes) == 1 else WANTED


def _after(reach: Reach, hexes: tuple[str, ...], attackers: tuple[str, ...]) -> Reach:
    """``reach`` once ``attackers`` have attacked ``hexes`` (6.5), whatever the result."""
    left = {u: its - set(hexes) for u, its in reach.items() if u not in attackers}
    return {u: its for u, its in left.items() if its}


def _short(match, reach: Reach, hexes: tuple[str, ...], attackers: tuple[str, ...]) -> bool:
    """Whether attacking ``hexes`` with ``attackers`` leaves 12.21 out of reach."""
    made = bfg_state(match)["attacks_this_phase"]
    if made >= WANTED:
        return False
    due = min(WANTED, made + most(match, reach))
    return made + counted(match, hexes) + most(match, _after(reach, hexes, attackers)) < due


def allowed(match, step, attacks: list[Attack]) -> list[Attack]:
    """``attacks`` as 12.21 allows them: one that would leave the two attacks out of reach
    is offered without its weakest attacker that has another target (who stays for the
    second attack), or not at all."""
    if not applies(match, step):
        return attacks
    reach = eligible(match, step.acting)
    units = all_units(match)
    found = []
    for hexes, attackers in attacks:
        if _short(match, reach, hexes, attackers):
            spare = sorted((units[u]["attack"], u) for u in attackers if reach[u] - set(hexes))
            attackers = tuple(u for u in attackers if spare and u != spare[0][1])
            if not attackers or _short(match, reach, hexes, attackers):
                continue
        found.append((hexes, attackers))
    return found


def attack_refusal(match, step, hexes: list[str], attackers: list[str]) -> RuleViolation | None:
    """Why 12.21 forbids this attack (it would leave the two attacks out of reach), or None."""
    if not applies(match, step):
        return None
    reach = eligible(match, step.acting)
    if not _short(match, reach, tuple(hexes), tuple(attackers)):
        return None
    made = bfg_state(match)["attacks_this_phase"]
    return match.violation(
        f"{','.join(attackers)} on {','.join(hexes)} would leave the West Germans short of the "
        f"{WANTED} attacks they must make on turn 1 ({made} made, and no other attack would be "
        "left to make): attack separately",
        "12.21",
    )


def end_refusal(match, step) -> RuleViolation | None:
    """12.21: the phase may not end while fewer than two attacks are made and one is open."""
    if not applies(match, step):
        return None
    made = bfg_state(match)["attacks_this_phase"]
    reach = eligible(match, step.acting)
    if made >= WANTED or not reach:
        return None
    hexes, attackers = open_attacks(reach)[0]
    return match.violation(
        f"the West Germans must make at least {WANTED} attacks on turn 1 ({made} made; still open: "
        f"{','.join(attackers)} on {','.join(hexes)})",
        "12.21",
    )
