"""A heuristic bot for both sides of Breakout: Normandy.

The Allies push for the VP areas (and inland off the beaches); the Germans hold their
ground and bridges, and counter-attack only weak Allied stacks. Both make every
attack that waits to be made, and pass when no move improves their position.
"""

from __future__ import annotations

from collections import deque

from phaseline import Action

from .rules.board import board, enemy_of
from .scenarios import ALLIED, GERMAN


class HeuristicBot:
    def __init__(self, game, side: str) -> None:
        self.side = side
        b = board(game)
        vp_areas = [
            r["area_id"]
            for r in game.rows("SELECT area_id FROM bkn_victory WHERE game_id = ? AND item = 'area'", [game.game_id])
        ]
        bridge_ends = {e for br in b.bridges.values() for e in (br["a"], br["b"])}
        self.goal = self._distances(b, vp_areas)
        self.bridges = bridge_ends

    @staticmethod
    def _distances(b, targets) -> dict[str, int]:
        dist = {t: 0 for t in targets if t in b.areas}
        todo = deque(dist)
        while todo:
            here = todo.popleft()
            for nxt, (kind, _) in b.neighbours(here).items():
                if kind not in ("sea", "water") and nxt not in dist and b.areas[nxt].kind == "area":
                    dist[nxt] = dist[here] + 1
                    todo.append(nxt)
        return dist

    def choose(self, game, side: str) -> Action:
        actions = game.legal_actions(side)
        by_verb: dict[str, list[Action]] = {}
        for a in actions:
            by_verb.setdefault(a.verb, []).append(a)
        end = next((a for a in actions if a.verb == "end"), None)
        if by_verb.get("choose"):
            return Action("choose", (self._answer(game.open_decision()),), side)
        for verb in ("wave", "assault", "land"):  # 21.5, 19.3: get ashore first
            if by_verb.get(verb):
                return by_verb[verb][0]
        if game.step.phase == "dawn" and by_verb.get("bombard"):  # 21.3, 21.4: the D-Day bombardments
            return by_verb["bombard"][0]
        for verb in ("airsupply", "depot", "refit"):  # 12: supply first, cheapest refits first
            if by_verb.get(verb) and not (verb == "depot" and self.side == ALLIED):
                return by_verb[verb][0]
        follow = self._follow_up(game, by_verb.get("move", []))
        if follow:  # 8.52: join the units waiting to attack before attacking
            return follow
        if by_verb.get("attack"):
            return by_verb["attack"][0]
        if by_verb.get("secure"):  # 21.2: paratroops that did not attack hold a bridge
            return by_verb["secure"][0]
        moves = by_verb.get("move", []) + by_verb.get("regroup", [])
        best = self._best_move(game, moves)
        if best:
            return best
        return by_verb["pass"][0] if by_verb.get("pass") else end

    def _answer(self, decision) -> str:
        """The Advantage holder rerolls a combat that went against it (11.3); else the first
        choice, which the rules list best-first (forward unit, stay, no voluntary retreat)."""
        choices = decision["choices"]
        if decision["kind"] == "interdiction-reroll":  # 8.4: the Germans want a high dr, the Allies a low one
            low = decision["context"]["die"] <= 2
            return "reroll" if low == (self.side == GERMAN) else "keep"
        if decision["kind"] in ("advantage-reroll", "bombardment-reroll"):
            plan = decision["context"]["plan"]
            attacking = decision["side"] == plan["side"]
            gap = plan["AT"] - plan["DT"]
            return "reroll" if (attacking and gap < 0) or (not attacking and gap >= 3) else "keep"
        return choices[0]

    def _follow_up(self, game, moves: list[Action]) -> Action | None:
        """A move into an area where friendly units already wait to attack, strongest first."""
        b = board(game)
        waiting = {u["entered"] for u in b.units.values() if u["side"] == self.side and u["pending"]}
        joining = [m for m in moves if m.args[1] in waiting]
        return max(joining, key=lambda m: (b.units[m.args[0]]["attack"], m.args), default=None)

    def _best_move(self, game, moves: list[Action]) -> Action | None:
        b = board(game)
        best, score = None, 0.5
        for m in moves:
            unit = b.units[m.args[0]]
            gain = self._value(b, unit, m.args[1]) - self._value(b, unit, unit["space_id"])
            if gain > score:
                best, score = m, gain
        return best

    def _value(self, b, unit, space: str) -> float:
        area = b.areas[space]
        enemies = area.units[enemy_of(self.side)]
        if self.side == ALLIED:
            value = -self.goal.get(space, 8) + (2 if area.vp else 0)
            if enemies:  # attack only with odds: prefer areas holding Spent enemies
                fresh = sum(1 for u in enemies if b.units[u]["status"] == "Fresh")
                value -= 0.5 * fresh + 0.5 * area.tem
            return value
        value = area.tem + (1.5 if space in self.bridges else 0) + area.vp
        if enemies:
            value -= 1 + sum(1 for u in enemies if b.units[u]["status"] == "Fresh")
        return value
