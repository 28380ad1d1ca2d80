"""A heuristic bot for every Battle for Germany side: the Allies race for Berlin and its
cities, the Germans hold the line in good ground; everyone attacks at the best odds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from phaseline import Action

from .rules import exit as exiting
from .rules.combat import defence_facts, strength
from .rules.odds import ratio
from .rules.positions import Stacks
from .rules.units import all_units, unit_row
from .rules.victory import GARRISON_CITIES, garrisoned_cities
from .scenarios import forces_of

ATTACK_THRESHOLD = {"SOV": 2.0, "WA": 2.0, "GER_E": 1.0, "GER_W": 1.0}


class HeuristicBot:
    """Answers every question of its side with a simple, explainable preference."""

    def __init__(self, match, side: str) -> None:
        self.side = side
        spaces = match.rows(
            "SELECT space_id, q, r, vp, terrain, zone, feature FROM space WHERE match_id = ? AND kind = 'hex'",
            [match.match_id],
        )
        self.spaces = {s["space_id"]: s for s in spaces}
        self.berlin = next((s["space_id"] for s in spaces if s["zone"] == "B"), None)
        # 10.0/10.1: a Soviet city scores only with a Front as its garrison
        self.garrison_hexes = {
            r["space_id"]: r["name"]
            for r in match.rows(
                "SELECT space_id, name FROM space WHERE match_id = ? AND list_contains(?, name)",
                [match.match_id, list(GARRISON_CITIES)],
            )
        }

    # --- geometry -------------------------------------------------------------------

    def distance(self, a: str, b: str) -> int:
        p, q = self.spaces.get(a), self.spaces.get(b)
        if p is None or q is None:
            return 99
        return axial_distance(p["q"] - q["q"], p["r"] - q["r"])

    # --- answering ------------------------------------------------------------------

    def choose(self, match, side: str) -> Action:
        _, decision = match.waiting_on()
        if decision:
            return Action("choose", (self._decide(match, decision),), side)
        if match.step.phase == "movement":
            return self._planned_move(match)
        actions = match.legal_actions(side)
        end = next((a for a in actions if a.verb == "end"), None)  # not listed while a rule forbids it (12.21)
        by_verb: dict[str, list[Action]] = {}
        for action in actions:
            by_verb.setdefault(action.verb, []).append(action)
        for verb in ("courland", "replace"):
            if by_verb.get(verb):
                return self._best_placement(by_verb[verb])
        if by_verb.get("attack"):
            return self._best_attack(match, by_verb["attack"], forced=end is None) or end
        return end or actions[0]

    def _decide(self, match, decision: dict[str, Any]) -> str:
        choices = decision["choices"]
        if decision["kind"] == "exchange-losses":
            return min(choices, key=lambda c: sum(unit_row(match, u)["attack"] for u in c.split("+")))
        if decision["kind"] == "retreat":  # the hex farthest from the enemy; too few hexes: the strongest unit
            context = decision["context"]
            units = [unit_row(match, u) for u in context.get("units", [context.get("unit")])]
            enemies = self._enemy_spaces(match, units[0]["side"])
            strength = {u["unit_id"]: u["attack"] + u["defense"] for u in units}

            def preference(choice: str) -> tuple[int, int]:
                unit_id, _, hex_id = choice.rpartition(">")
                return strength.get(unit_id, 0), min((self.distance(hex_id, e) for e in enemies), default=0)

            return max(choices, key=preference)
        if decision["kind"] == exiting.CHOICE:  # 9.1 remove the nearest two unless they are our own
            own = forces_of(match, decision["side"])
            mine = [
                u for u in exiting.removal_candidates(match, decision["context"]) if unit_row(match, u)["side"] in own
            ]
            return exiting.DECLINE if mine else exiting.REMOVE
        if decision["kind"] == "advance":
            options = [c for c in choices if c != "none"]
            if not options or self._is_german(match, options[0].split(">")[0]):
                return "none"
            return min(options, key=lambda c: self.distance(c.split(">")[1], self.berlin))
        return choices[0]

    def _best_placement(self, actions: list[Action]) -> Action:
        return min(actions, key=lambda a: (self.distance(a.args[-1], self.berlin), a.args))

    # --- movement: one plan per phase --------------------------------------------------

    def _planned_move(self, match) -> Action:
        """This phase's plan, made from the phase's first legal-action list, as one order of
        all its moves (the engine checks each in turn); ``end`` once it is played. Moves of
        different units do not change each other's reach (friendly units neither block nor
        project ZOC), so every planned move stays legal."""
        phase = (match.clock.turn, match.clock.step)
        if getattr(self, "_plan_of", None) != phase:
            self._plan_of = phase
            plan = self._plan_phase(match, match.legal_actions(self.side))
            if plan:
                return Action("move", tuple(arg for action in plan for arg in action.args), self.side)
        return Action("end", (), self.side)

    def _plan_phase(self, match, actions: list[Action]) -> list[Action]:
        """At most one move per unit, best gains first, within the stacking limits (5.3); a
        unit in a hex over the limit (a replacement placed on two friends, 7.22) moves even at
        a loss while the hex is still over it."""
        units = all_units(match)
        moves = [action.args for action in actions if action.verb == "move"]
        stacks = Stacks(match, units, {units[unit_id]["side"] for unit_id, _ in moves})
        by_unit: dict[str, list[str]] = {}
        for unit_id, dest in moves:
            if stacks.fits(units[unit_id], dest):  # never a move that leaves a hex over 5.3's limit
                by_unit.setdefault(unit_id, []).append(dest)
        worth = PositionValues(self, match)
        ranked = []
        for unit_id, dests in by_unit.items():
            unit = units[unit_id]
            value = worth.of(unit)
            here = value(unit["space_id"])
            gains = sorted(((value(d) - here, d) for d in dests), reverse=True)
            ranked.append((gains[0][0], unit_id, gains))
        plan = []
        claimed: set[str] = set()  # cities a Front is already on its way to garrison (10.0)
        for _, unit_id, gains in sorted(ranked, key=lambda r: (-r[0], r[1])):
            unit = units[unit_id]
            crowded = not stacks.fits(unit, stacks.where[unit_id])  # 5.3 over the limit: one must leave
            for gain, dest in gains:
                if gain <= 0.5 and not crowded:
                    break
                if (dest in claimed and unit["size"] == "front") or not stacks.fits(unit, dest):
                    continue
                stacks.move(unit, dest)
                if unit["size"] == "front" and dest in self.garrison_hexes:
                    claimed.add(dest)
                plan.append(Action("move", (unit_id, dest), self.side))
                break
        return plan

    def _ungarrisoned(self, match) -> set[str]:
        """Garrison-city hexes whose city has no Soviet garrison yet (from the kept bfg_unit rows)."""
        taken = garrisoned_cities(match)
        return {h for h, name in self.garrison_hexes.items() if name not in taken}

    def _enemy_spaces(self, match, force: str) -> list[str]:
        """Hexes holding units that ``force`` may attack (remembered per state version)."""
        if not hasattr(self, "_enemy_cache") or self._enemy_cache[0] != (match.ledger.version, force):
            hostile = {
                enemy
                for (side, enemy), row in match.rows_of("hostility").items()
                if side == force and row["may_attack"]
            }
            spaces = {
                u["space_id"] for u in all_units(match).values() if u["side"] in hostile and u["space_kind"] == "hex"
            }
            self._enemy_cache = ((match.ledger.version, force), sorted(spaces))
        return self._enemy_cache[1]

    def _best_attack(self, match, attacks: list[Action], forced: bool) -> Action | None:
        """The attack at the best odds, if it reaches the side's threshold or the phase
        may not end without it."""
        best, best_odds = None, 0.0
        units = all_units(match)
        facts = defence_facts(match)
        for action in attacks:
            attackers = [units[u] for u in action.args[0].split(",")]
            targets = action.args[1].split(",")
            defenders = [u for u in units.values() if u["space_id"] in targets]
            combat = strength(match, attackers, targets, defenders, facts)
            a, d = ratio(combat["attack"], combat["defense"]).split(":")
            odds = int(a) / int(d)
            if odds > best_odds:
                best, best_odds = action, odds
        force = units[best.args[0].split(",")[0]]["side"] if best else self.side
        if best and (best_odds >= ATTACK_THRESHOLD.get(force, 2.0) or forced):
            return best
        return None

    def _is_german(self, match, unit_id: str) -> bool:
        return unit_row(match, unit_id)["side"].startswith("GER")


class PositionValues:
    """What a hex is worth to a unit in this state, for one movement plan: the Allies race
    for Berlin and the cities on the way, the Germans hold a line one hex from the enemy in
    good ground. Each hex's worth is worked out once per kind of unit that weighs it."""

    def __init__(self, bot: HeuristicBot, match) -> None:
        self.bot = bot
        self.match = match
        self.values: dict[tuple[str, bool], dict[str, float]] = {}

    def of(self, unit: dict[str, Any]) -> Callable[[str], float]:
        """What each hex is worth to ``unit``, by its label (its side, and whether a Soviet Front)."""
        side = unit["side"]
        garrison = side == "SOV" and unit["size"] == "front"  # 10.0/10.1: a Front garrisons a city
        known = self.values.setdefault((side, garrison), {})
        worth = self._worth(side, garrison)

        def value(space: str) -> float:
            found = known.get(space)
            if found is None:
                found = known[space] = worth(space)
            return found

        return value

    def _worth(self, side: str, garrison: bool) -> Callable[[str], float]:
        bot, spaces = self.bot, self.bot.spaces
        if side in ("WA", "SOV"):  # race for Berlin and the cities on the way
            bonus = bot._ungarrisoned(self.match) if garrison else set()

            def racing(space: str) -> float:
                value = -bot.distance(space, bot.berlin) + 0.5 * spaces[space]["vp"]
                if space in bonus:
                    value += 6  # a Front that stops in Warsaw, Prague or Vienna becomes its garrison (10.0)
                return value

            return racing
        enemies = [(spaces[e]["q"], spaces[e]["r"]) for e in bot._enemy_spaces(self.match, side)]

        def holding(space: str) -> float:
            info = spaces[space]
            q, r = info["q"], info["r"]
            nearest = min((axial_distance(q - eq, r - er) for eq, er in enemies), default=10)
            ground = 1.5 if info["terrain"] == "rough" or info["feature"] == "fortress" else 0
            return -abs(nearest - 1) * 2 + ground + 0.5 * info["vp"]  # hold a line one hex from the enemy

        return holding


def axial_distance(dq: int, dr: int) -> int:
    """Hexes between two hexes ``dq`` columns and ``dr`` rows apart in axial coordinates."""
    return max(abs(dq), abs(dr), abs(dq + dr))
