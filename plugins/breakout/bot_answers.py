"""The bot's answers to the decisions the rules owe it: rerolls with the Advantage (8.4, 11.3,
11.6), the approach box of a unit coming by sea (19.5, 3.5), whether to send an approach-box
unit offshore (13) and the spread of a bombardment's AP left (10.4).

A roll offered for a reroll is judged by whom its result helps: the Allies want the day to go
on (6.3), their landers ashore unhurt (19.4), no storm (24.5) and their Mulberries (24.6),
their air supply (12.9); the Germans want their Cherbourg refits (12.62) and no surrender
(12.8); a bridge roll helps its roller (20.2-20.4). The holder rerolls a result that hurts
it when the new roll has a fair chance to be better, and spends the Advantage to spoil the
enemy's success only when the reroll has a good chance to undo it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .bot_goals import Worth
from .rules import bridges, supply
from .rules.board import board, national_group
from .rules.charts import last_impulse
from .rules.day import sunset_modifier
from .rules.landings import beach_of_box, interdiction_result, interdiction_value
from .rules.refit import air_drm, cherbourg_needs
from .rules.reinforcements import available_boxes
from .rules.surrender import surrender_levels
from .scenarios import ALLIED, GERMAN

OWN_CHANCE = 1 / 6  # reroll one's own failure when a success is at least this likely
SPOIL_CHANCE = 1 / 4  # reroll the enemy's success when a failure is at least this likely
DIE = {n: 1 / 6 for n in range(1, 7)}
TWO_DICE = {n: (6 - abs(n - 7)) / 36 for n in range(2, 13)}

Succeeds = Callable[[Any, dict[str, Any], int], bool]


def _sunset_goes_on(match, context: dict[str, Any], raw: int) -> bool:
    """6.3, 8.6, 3.8: the Sunset DR lets the day go on."""
    day = board(match).day
    n = day["impulse"]
    last = last_impulse(match)
    return context["passes"] < 2 and raw + sunset_modifier(day) >= n and n + 1 <= last


def _bridge_works(match, context: dict[str, Any], die: int) -> bool:
    """20.2-20.4: dr + drm >= 7."""
    return die + sum(value for _, value in context["terms"]) >= bridges.SUCCESS


def _cherbourg_refits(match, context: dict[str, Any], die: int) -> bool:
    """12.62: the unit's status decides the dr it needs."""
    return die >= cherbourg_needs(match)[board(match).units[context["pending"][0]]["status"]]


def _holds_out(match, context: dict[str, Any], die: int) -> bool:
    """12.8: a dr above the surrender level has no effect."""
    return die > surrender_levels(match)[board(match).units[context["pending"][0][0]]["status"]]


def _air_supplied(match, context: dict[str, Any], die: int) -> bool:
    """12.9: dr + drm reaches the chart's target."""
    unit = board(match).units[context["pending"][0]]
    return die + sum(v for _, v in air_drm(match, context["area"], unit)) >= supply.chart(match)["air_supply_target"]


def _lands_unhurt(match, context: dict[str, Any], die: int) -> bool:
    """19.4: a dr above the IV has no effect."""
    return interdiction_result(die, context["pending"][0][2]) is None


def _no_storm(match, context: dict[str, Any], die: int) -> bool:
    """24.5: a dr above the days completed is no storm."""
    return die > context["completed"]


def _mulberry_survives(match, context: dict[str, Any], die: int) -> bool:
    """24.6B: a dr above the Mulberry's number."""
    return die > context["pending"][0][2]


# what follows the roll -> (the side its success helps, given the context; is the result a success)
JUDGES: dict[str, tuple[Callable[[dict[str, Any]], str], Succeeds]] = {
    "sunset": (lambda _: ALLIED, _sunset_goes_on),
    "seize": (lambda c: c["side"], _bridge_works),
    "repair": (lambda c: c["side"], _bridge_works),
    "demolish": (lambda c: c["side"], _bridge_works),
    "cherbourg": (lambda _: GERMAN, _cherbourg_refits),
    "surrender": (lambda _: GERMAN, _holds_out),
    "air-supply": (lambda _: ALLIED, _air_supplied),
    "interdiction": (lambda _: ALLIED, _lands_unhurt),
    "storm": (lambda _: ALLIED, _no_storm),
    "mulberry": (lambda _: ALLIED, _mulberry_survives),
}


def reroll_wanted(match, side: str, payload: dict[str, Any]) -> bool:
    """11.6: should ``side``, holding the Advantage, have this roll rerolled?"""
    favours, succeeds = JUDGES[payload["then"]]
    context = payload["context"]
    outcomes = TWO_DICE if payload["roll"]["dice"] == 2 else DIE
    chance = sum(p for die, p in outcomes.items() if succeeds(match, context, die))
    success = succeeds(match, context, payload["die"])
    if favours(context) == side:
        return not success and chance >= OWN_CHANCE
    return success and 1 - chance >= SPOIL_CHANCE


def combat_reroll_wanted(side: str, plan: dict[str, Any]) -> bool:
    """11.3, 11.6: the attacker rerolls a repulse; the defender a heavy loss (AT - DT >= 3)."""
    attacking = side == plan["side"]
    gap = plan["AT"] - plan["DT"]
    return (attacking and gap < 0) or (not attacking and gap >= 3)


def approach_box(match, choices: list[str], vp: dict[str, int]) -> str:
    """19.5, 3.5: the box whose beach is least defended (German units on and next to it, the
    batteries' interdiction) and nearest the objectives, less crowded boxes first; ties keep
    the rules' default order."""
    b = board(match)
    worth = Worth(b, ALLIED, vp)
    beach_of = beach_of_box(match)

    def score(box: str) -> float:
        area = beach_of[box]
        near = sum(len(b.areas[n].units[GERMAN]) for n in b.neighbours(area) if n in b.areas)
        defenders = 2 * len(b.areas[area].units[GERMAN]) + 0.5 * near + interdiction_value(match, area)
        return worth.of(area) - defenders - 0.3 * len(b.units_in(box, ALLIED))

    return max(choices, key=lambda box: (score(box), -choices.index(box)))


def offshore_wanted(match, unit_id: str) -> bool:
    """13 (ruling offshore-by-regroup): send an approach-box unit offshore when its own beach
    cannot be landed on (German and uncontested) but another of its nationality can, and a
    Dawn is still to come to redeploy it (3.5)."""
    unit = board(match).units[unit_id]
    boxes = available_boxes(match, national_group(unit["nationality"]))
    tomorrow = match.clock.turn < match.last_turn
    return tomorrow and unit["space_id"] not in boxes and bool(boxes)


def ap_spread(choices: list[str]) -> str:
    """10.4: the spread of the AP left that keeps the most units Fresh (a Fresh unit acts, 8.32),
    then hits the fewest; the rules list the fewest first."""
    return min(choices, key=lambda c: (c.count(":spent"), c.count(",")))
