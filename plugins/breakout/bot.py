"""A heuristic bot for both sides of Breakout: Normandy.

The Allies push for the VP areas they do not yet hold, seize and repair the bridges on
the way and buy longer days; the Germans hold good ground and their bridges, blow a
bridge the Allies stand ready to cross and counter-attack weakened stacks. Each phase
has its module: bot_impulse (Daylight), bot_refit (Refit), bot_goals (what areas are worth),
bot_answers (rerolls, approach boxes and the spread of bombardment AP).
"""

from __future__ import annotations

from phaseline import Action

from .bot_answers import ap_spread, approach_box, combat_reroll_wanted, offshore_wanted, reroll_wanted
from .bot_goals import Worth, objectives
from .bot_impulse import MOVE_GAIN, choose_daylight
from .bot_refit import choose_refit
from .rules import advantage, bombardment, offshore, reinforcements, rerolls
from .rules.board import board
from .rules.victory import week_end_turn
from .scenarios import ALLIED, GERMAN

OPENING = ("wave", "assault", "land")  # 21.5, 19.3: get ashore first
REROLL_KINDS = ("interdiction-reroll", "advantage-reroll", "bombardment-reroll", rerolls.KIND)  # 11.3, 11.6, 8.4


class HeuristicBot:
    def __init__(self, match, side: str) -> None:
        self.side = side
        self.vp = objectives(match)

    def choose(self, match, side: str) -> Action:
        decision = match.open_decision()
        if decision:
            return Action("choose", (self._answer(match, decision),), side)
        actions = match.legal_actions(side)
        by_verb: dict[str, list[Action]] = {}
        for a in actions:
            by_verb.setdefault(a.verb, []).append(a)
        chosen = self._choose(match, by_verb)
        if chosen:
            return chosen
        return by_verb["pass"][0] if by_verb.get("pass") else by_verb["end"][0]

    def _choose(self, match, by_verb: dict[str, list[Action]]) -> Action | None:
        phase = match.step.phase
        for verb in OPENING:
            if by_verb.get(verb) and phase != "daylight":
                return by_verb[verb][0]
        if phase == "dawn" and by_verb.get("bombard"):  # 21.3, 21.4: the D-Day bombardments
            return by_verb["bombard"][0]
        if phase == "daylight":
            return choose_daylight(match, self.side, by_verb, self.vp)
        if phase == "refit":
            return choose_refit(match, self.side, by_verb)
        for verb in ("attack", "secure"):  # 21.2: the drop's attacks; paratroops that did not attack hold a bridge
            if by_verb.get(verb):
                return by_verb[verb][0]
        regroups = by_verb.get("regroup", [])
        to_sea = [m for m in regroups if m.args[1] == offshore.BOX]
        wanted = next((m for m in to_sea if offshore_wanted(match, m.args[0])), None)
        return wanted or self._best_regroup(match, [m for m in regroups if m not in to_sea])

    def _answer(self, match, decision) -> str:
        """Rerolls by whom the result helps (bot_answers), none by the Allies on the week's last
        day (the Advantage is a VP then); the approach box toward the weakest beach; the AP
        spread that keeps the most units Fresh (10.4); else the first choice, which the rules
        list best-first (forward unit, stay, no voluntary retreat)."""
        choices = decision["choices"]
        kind, context = decision["kind"], decision["context"]
        if kind in REROLL_KINDS and self.side == ALLIED and _scoring_day(match):
            return "keep"  # 22.3: the Advantage held at the week's end is a VP; not spent on its last day
        if kind == "interdiction-reroll":  # 8.4: the Germans want a high dr, the Allies a low one
            low = context["die"] <= 2
            return "reroll" if low == (self.side == GERMAN) else "keep"
        if kind in ("advantage-reroll", "bombardment-reroll"):
            return "reroll" if combat_reroll_wanted(decision["side"], context["plan"]) else "keep"
        if kind == rerolls.KIND:
            return "reroll" if reroll_wanted(match, decision["side"], context) else "keep"
        if kind == reinforcements.BOX_DECISION:
            return approach_box(match, choices, self.vp)
        if kind == bombardment.SPREAD:
            return ap_spread(choices)
        if kind == advantage.SHIFT_DECISION:  # 11.23: the Allies want long days, the Germans short ones
            return advantage.UP if self.side == ALLIED else advantage.DOWN
        return choices[0]

    def _best_regroup(self, match, moves: list[Action]) -> Action | None:
        """13: regroup a unit one area toward where it is worth more."""
        b = board(match)
        worth = Worth(b, self.side, self.vp)
        best, score = None, MOVE_GAIN
        for m in moves:
            unit_id, dest = m.args
            gain = worth.of(dest) - worth.of(b.units[unit_id]["space_id"])
            if gain > score:
                best, score = m, gain
        return best


def _scoring_day(match) -> bool:
    """22.2, 24.1: VP are counted at the end of this day (the match's last, or a week's end)."""
    turn = match.clock.turn
    return turn == match.last_turn or week_end_turn(match, turn) == turn
