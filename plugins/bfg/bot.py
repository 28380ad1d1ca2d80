"""A heuristic bot for every Battle for Germany side: the Allies race for Berlin and its
cities, the Germans hold the line in good ground; everyone attacks at the best odds."""

from __future__ import annotations

from typing import Any

from phaseline import Action

from .rules.combat import strength
from .rules.odds import ratio
from .rules.units import all_units, unit_row, units_in
from .rules.victory import GARRISON_CITIES

ATTACK_THRESHOLD = {"SOV": 2.0, "WA": 2.0, "GER_E": 1.0, "GER_W": 1.0}


class HeuristicBot:
    """Answers every question of its side with a simple, explainable preference."""

    def __init__(self, game, side: str) -> None:
        self.side = side
        spaces = game.rows(
            "SELECT space_id, q, r, vp, terrain, zone, feature FROM space WHERE game_id = ? AND kind = 'hex'",
            [game.game_id],
        )
        self.spaces = {s["space_id"]: s for s in spaces}
        self.berlin = next((s["space_id"] for s in spaces if s["zone"] == "B"), None)
        # 10.0/10.1: a Soviet city scores only with a Front as its garrison
        self.garrison_hexes = {
            r["space_id"]: r["name"]
            for r in game.rows(
                "SELECT space_id, name FROM space WHERE game_id = ? AND list_contains(?, name)",
                [game.game_id, list(GARRISON_CITIES)],
            )
        }

    # --- geometry -------------------------------------------------------------------

    def distance(self, a: str, b: str) -> int:
        p, q = self.spaces.get(a), self.spaces.get(b)
        if p is None or q is None:
            return 99
        dq, dr = p["q"] - q["q"], p["r"] - q["r"]
        return max(abs(dq), abs(dr), abs(dq + dr))

    # --- answering ------------------------------------------------------------------

    def choose(self, game, side: str) -> Action:
        _, decision = game.waiting_on()
        if decision:
            return Action("choose", (self._decide(game, decision),), side)
        actions = game.legal_actions(side)
        end = next(a for a in actions if a.verb == "end")
        by_verb: dict[str, list[Action]] = {}
        for action in actions:
            by_verb.setdefault(action.verb, []).append(action)
        for verb in ("courland", "replace"):
            if by_verb.get(verb):
                return self._best_placement(by_verb[verb])
        if by_verb.get("move"):
            return self._best_move(game, by_verb["move"]) or end
        if by_verb.get("attack"):
            return self._best_attack(game, by_verb["attack"]) or end
        return end

    def _decide(self, game, decision: dict[str, Any]) -> str:
        choices = decision["choices"]
        if decision["kind"] == "exchange-losses":
            return min(choices, key=lambda c: sum(unit_row(game, u)["attack"] for u in c.split("+")))
        if decision["kind"] == "retreat":
            enemies = self._enemy_spaces(game, unit_row(game, decision["context"]["unit"])["side"])
            return max(choices, key=lambda h: min((self.distance(h, e) for e in enemies), default=0))
        if decision["kind"] == "advance":
            options = [c for c in choices if c != "none"]
            if not options or self._is_german(game, options[0].split(">")[0]):
                return "none"
            return min(options, key=lambda c: self.distance(c.split(">")[1], self.berlin))
        return choices[0]

    def _best_placement(self, actions: list[Action]) -> Action:
        return min(actions, key=lambda a: (self.distance(a.args[-1], self.berlin), a.args))

    def _best_move(self, game, moves: list[Action]) -> Action | None:
        """The single move that improves its unit's position most."""
        by_unit: dict[str, list[str]] = {}
        for move in moves:
            by_unit.setdefault(move.args[0], []).append(move.args[1])
        best, best_gain = None, 0.5
        units = all_units(game)
        for unit_id, dests in sorted(by_unit.items()):
            unit = units[unit_id]
            here = self._position_value(game, unit, unit["space_id"])
            for dest in dests:
                gain = self._position_value(game, unit, dest) - here
                if gain > best_gain:
                    best, best_gain = Action("move", (unit_id, dest), self.side), gain
        return best

    def _position_value(self, game, unit: dict[str, Any], space: str) -> float:
        """Remembered per state version: a move phase weighs every unit's every destination."""
        key = (unit["side"], unit["size"], space)
        version = game.ledger.version
        if getattr(self, "_values_version", None) != version:
            self._values_version, self._values = version, {}
        if key not in self._values:
            self._values[key] = self._value_now(game, unit, space)
        return self._values[key]

    def _value_now(self, game, unit: dict[str, Any], space: str) -> float:
        info = self.spaces[space]
        if unit["side"] in ("WA", "SOV"):  # race for Berlin and the cities on the way
            value = -self.distance(space, self.berlin) + 0.5 * info["vp"]
            if unit["side"] == "SOV" and unit["size"] == "front" and space in self._ungarrisoned(game):
                value += 6  # a Front that stops in Warsaw, Prague or Vienna becomes its garrison (10.0)
            return value
        enemies = self._enemy_spaces(game, unit["side"])
        nearest = min((self.distance(space, e) for e in enemies), default=10)
        ground = 1.5 if info["terrain"] == "rough" or info["feature"] == "fortress" else 0
        return -abs(nearest - 1) * 2 + ground + 0.5 * info["vp"]  # hold a line one hex from the enemy

    def _ungarrisoned(self, game) -> set[str]:
        """Garrison-city hexes whose city has no Soviet garrison yet (read once per state version)."""
        version = game.ledger.version
        if getattr(self, "_open_cities", (None,))[0] != version:
            taken = {
                r["garrison"]
                for r in game.rows(
                    "SELECT DISTINCT garrison FROM bfg_unit WHERE game_id = ? AND garrison IS NOT NULL",
                    [game.game_id],
                )
            }
            self._open_cities = (version, {h for h, name in self.garrison_hexes.items() if name not in taken})
        return self._open_cities[1]

    def _enemy_spaces(self, game, force: str) -> list[str]:
        if not hasattr(self, "_enemy_cache") or self._enemy_cache[0] != (game.ledger.version, force):
            rows = game.rows(
                """SELECT DISTINCT s.space_id FROM unit_state s JOIN hostility h
                     ON h.game_id = s.game_id AND h.enemy = s.side AND h.side = ? AND h.may_attack
                   JOIN space sp ON sp.game_id = s.game_id AND sp.space_id = s.space_id AND sp.kind = 'hex'
                   WHERE s.game_id = ?""",
                [force, game.game_id],
            )
            self._enemy_cache = ((game.ledger.version, force), [r["space_id"] for r in rows])
        return self._enemy_cache[1]

    def _best_attack(self, game, attacks: list[Action]) -> Action | None:
        """The attack at the best odds, if it reaches the side's threshold."""
        best, best_odds = None, 0.0
        units = all_units(game)
        for action in attacks:
            attackers = [units[u] for u in action.args[0].split(",")]
            hexes = action.args[1].split(",")
            combat = strength(game, attackers, hexes, units_in(game, hexes))
            a, d = ratio(combat["attack"], combat["defense"]).split(":")
            odds = int(a) / int(d)
            if odds > best_odds:
                best, best_odds = action, odds
        force = units[best.args[0].split(",")[0]]["side"] if best else self.side
        forced = game.clock.turn == 1 and game.clock.step == "ger-w-combat"
        if best and (best_odds >= ATTACK_THRESHOLD.get(force, 2.0) or forced):
            return best
        return None

    def _is_german(self, game, unit_id: str) -> bool:
        return unit_row(game, unit_id)["side"].startswith("GER")
