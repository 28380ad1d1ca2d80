"""A heuristic bot for the US side of Fleet Commander: Nimitz (the only side a bot may take: the rules
play Japan, 1.1). It answers the questions a player answers, through the same orders and decisions:
the supply phase repairs and buys (bot_supply), the movement phase raids, garrisons and strikes
with the carriers together (bot_movement), the battles place, buy markers and fly (bot_battle), and
every decision has its answer (bot_answers). Recon (7.0) is never bought: its SP go to moves.

Each phase's orders are planned once, from the phase's first look at the map, then played one by one;
``end`` follows the last."""

from __future__ import annotations

from phaseline import Action

from . import bot_answers, bot_battle, bot_movement, bot_supply
from .bot_view import view
from .rules.battle.sheet import sheet
from .rules.state import JP, US
from .rules.units import in_play

HAWAII_FIRST = "Hawaii"  # printed after 11.5: the battle that can lose the campaign is fought first


class HeuristicBot:
    """Plays the US: plans each phase's orders once, then plays them in turn."""

    def __init__(self, match, side: str) -> None:
        self.side = side
        self._plan_key: tuple | None = None
        self._plan: list[Action] = []

    def choose(self, match, side: str) -> Action:
        _, decision = match.waiting_on()
        if decision:
            return Action("choose", (bot_answers.answer(match, decision),), side)
        step = match.step.name
        if step == "combat":
            return self._next_battle(match)
        state = match.rows_of("fcn_state")[()]
        key = (match.clock.turn, step, state["battle_point"], state["battle_round"], state["strike_tried"])
        if key != self._plan_key:
            self._plan_key = key
            self._plan = self._orders(match, step)
        if self._plan:
            return self._plan.pop(0)
        return Action("end", (), side)

    def _orders(self, match, step: str) -> list[Action]:
        """The orders of ``step``, planned now."""
        if step == "us-supply":
            return bot_supply.orders(view(match))
        if step == "us-movement":
            return bot_movement.plan(match, view(match), match.legal_actions(self.side))
        if step == "battle-placement":
            point = match.rows_of("fcn_state")[()]["battle_point"]
            waiting = [u["type"] for u in in_play(match).values() if u["side"] == JP and u["space_id"] == point]
            return bot_battle.placement(sheet(match), waiting)
        if step == "battle-bonus":
            return bot_battle.bonus(match, sheet(match), match.legal_actions(self.side))
        if step == "battle-air":
            return bot_battle.flights(sheet(match), match.legal_actions(self.side))
        return []  # us-recon: no recon markers bought (7.1)

    def _next_battle(self, match) -> Action:
        """10.0 the battles in the player's order: Hawaii first, then the others as listed."""
        battles = [a for a in match.legal_actions(self.side) if a.verb == "battle"]
        if not battles:
            return Action("end", (), US)
        return min(battles, key=lambda a: (a.args[0] != HAWAII_FIRST, a.args))
