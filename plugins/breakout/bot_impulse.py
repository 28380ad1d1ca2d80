"""The bot's Daylight impulse (8): bridges first, then one planned push from one area.

An impulse activates one area (8.1): the bot picks the push (source area, target area)
whose units gain the most worth, entering an enemy area only with the odds to attack it
(Allies AV >= DV, Germans counter-attack with AV >= DV + 1 or against weakened stacks),
moves its units in strongest first, then attacks (8.5); a contested area is cleared from
within when that scores higher (8.54). Without a push worth making it lands, bombards or
passes.
"""

from __future__ import annotations

from dataclasses import dataclass

from phaseline import Action

from .bot_goals import Worth, odds
from .rules.board import Board, board, enemy_of
from .rules.combat import contested_attackers
from .scenarios import ALLIED, GERMAN

ATTACK_MARGIN = {ALLIED: 0, GERMAN: 1}  # AV - DV a side wants before it attacks (9.2, 9.3)
MOVE_GAIN = 0.5  # a move must gain at least this much worth


@dataclass(frozen=True)
class Push:
    """Units of one area moving into one adjacent area (and attacking it if held)."""

    source: str
    target: str
    units: tuple[str, ...]
    score: float


def choose_daylight(match, side: str, by_verb: dict[str, list[Action]], vp: dict[str, int]) -> Action | None:
    b = board(match)
    worth = Worth(b, side, vp)
    if b.day["activated"] is None:
        return _open_impulse(match, b, side, by_verb, worth)
    return _continue_impulse(match, b, side, by_verb, worth)


# === OPENING AN IMPULSE (8.1, 20.2-20.4) =====================================================


def _open_impulse(match, b: Board, side: str, by_verb: dict[str, list[Action]], worth: Worth) -> Action | None:
    bridge_act = _bridge_action(b, side, by_verb, worth)
    if bridge_act:
        return bridge_act
    if by_verb.get("land"):  # 19.3: reinforcements ashore first
        return by_verb["land"][0]
    push = best_push(match, b, side, by_verb.get("move", []), worth)
    in_place = best_contested_attack(match, b, side, by_verb.get("attack", []), worth)
    if in_place and (push is None or in_place.score >= push.score):
        return Action("attack", (in_place.target,), side)
    if push:
        return Action("move", (push.units[0], push.target), side)
    bombard = _best_bombardment(b, side, by_verb.get("bombard", []))
    return bombard


def best_contested_attack(match, b: Board, side: str, attacks: list[Action], worth: Worth) -> Push | None:
    """8.54: clear a contested area from within, with the side's odds: an area shared with the
    enemy scores for neither side until one side clears it (7.2, 22.3); scored as a push into it."""
    best: Push | None = None
    for act in attacks:
        area = act.args[0]
        units = contested_attackers(b, side, area)
        margin = odds(match, b, side, area, units) if units else None
        if margin is None or margin < _wanted_margin(b, side, area):
            continue
        gain = 1 + margin / 2 + worth.vp.get(area, 0)
        push = Push(area, area, tuple(u["unit_id"] for u in units), gain * len(units))
        if best is None or push.score > best.score:
            best = push
    return best


def _bridge_action(b: Board, side: str, by_verb: dict[str, list[Action]], worth: Worth) -> Action | None:
    """20.4: blow a held bridge the enemy stands ready to cross; 20.2, 20.3: the Allies repair
    or seize bridges that lead toward their objectives."""
    for act in by_verb.get("demolish", []):
        bridge = b.bridges[act.args[0]]
        if _enemy_ready_to_cross(b, side, bridge):
            return act
    if side != ALLIED:
        return None
    for verb in ("repair", "seize"):
        for act in by_verb.get(verb, []):
            bridge = b.bridges[act.args[-1]]
            near, far = sorted((bridge["a"], bridge["b"]), key=lambda s: not b.areas[s].controlled_by(ALLIED))
            if worth.of(far) > worth.of(near) + MOVE_GAIN:  # only a bridge that leads toward an objective
                return act
    return None


def _enemy_ready_to_cross(b: Board, side: str, bridge: dict) -> bool:
    """Fresh enemy units stand at one end of the bridge, ours (or nobody) at the other."""
    enemy = enemy_of(side)
    ends = (bridge["a"], bridge["b"])
    return any(
        any(b.units[u]["status"] == "Fresh" for u in b.areas[end].units[enemy]) and not b.areas[other].units[enemy]
        for end, other in (ends, ends[::-1])
    )


def best_push(match, b: Board, side: str, moves: list[Action], worth: Worth) -> Push | None:
    """The push with the highest score: worth gained by each unit that goes, an attack only
    with the side's odds."""
    movers: dict[tuple[str, str], list[str]] = {}
    for m in moves:
        unit_id, target = m.args
        movers.setdefault((b.units[unit_id]["space_id"], target), []).append(unit_id)
    best: Push | None = None
    for (source, target), unit_ids in sorted(movers.items()):
        push = _score(match, b, side, source, target, unit_ids, worth)
        if push and (best is None or push.score > best.score):
            best = push
    return best


def _score(match, b: Board, side: str, source: str, target: str, unit_ids: list[str], worth: Worth) -> Push | None:
    units = sorted((b.units[u] for u in unit_ids), key=lambda u: (-u["attack"], u["unit_id"]))
    gain = worth.of(target) - worth.of(source)
    if b.areas[target].units[enemy_of(side)]:
        margin = odds(match, b, side, target, units)
        if margin is None or margin < _wanted_margin(b, side, target):
            return None
        going = units
        gain += 1 + margin / 2
    else:
        keep = 1 if _must_hold(b, side, source) else 0
        going = units[: max(0, len(units) - keep)]
    if not going or gain <= MOVE_GAIN:
        return None
    return Push(source, target, tuple(u["unit_id"] for u in going), gain * len(going))


def _wanted_margin(b: Board, side: str, target: str) -> int:
    """Germans strike a weakened stack (no Fresh unit) at even odds, else want +1."""
    enemies = b.units_in(target, enemy_of(side))
    if side == GERMAN and not any(u["status"] == "Fresh" for u in enemies):
        return 0
    return ATTACK_MARGIN[side]


def _must_hold(b: Board, side: str, source: str) -> bool:
    """Keep one unit where leaving would expose a VP area, a held bridge end or a contest."""
    area = b.areas[source]
    held_bridge = any(br["state"] == side and source in (br["a"], br["b"]) for br in b.bridges.values())
    return bool(area.vp) or area.contested() or held_bridge


def _best_bombardment(b: Board, side: str, bombards: list[Action]) -> Action | None:
    """10: strike the enemy area with the most Fresh units next to our own."""
    enemy = enemy_of(side)

    def weight(act: Action) -> int:
        space = act.args[0]
        fresh = sum(1 for u in b.areas[space].units[enemy] if b.units[u]["status"] == "Fresh")
        ours = any(b.areas[n].units[side] for n in b.neighbours(space) if n in b.areas)
        return fresh if ours or b.areas[space].units[side] else 0

    best = max(bombards, key=weight, default=None)
    return best if best is not None and weight(best) > 0 else None


# === CONTINUING AN IMPULSE (8.3-8.5) ==========================================================


def _continue_impulse(match, b: Board, side: str, by_verb: dict[str, list[Action]], worth: Worth) -> Action | None:
    moves = by_verb.get("move", [])
    follow = _follow_up(b, side, moves)
    if follow:  # 8.52: join the units waiting to attack before attacking
        return follow
    if by_verb.get("attack"):
        return by_verb["attack"][0]
    push = best_push(match, b, side, moves, worth)
    if push:
        return Action("move", (push.units[0], push.target), side)
    return None


def _follow_up(b: Board, side: str, moves: list[Action]) -> Action | None:
    """A move into an area where friendly units already wait to attack, strongest first."""
    waiting = {u["entered"] for u in b.units.values() if u["side"] == side and u["pending"]}
    joining = [m for m in moves if m.args[1] in waiting]
    return max(joining, key=lambda m: (b.units[m.args[0]]["attack"], m.args), default=None)
