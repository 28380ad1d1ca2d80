"""A tournament's standings: each side's wins, draws and losses with their confidence intervals,
the matches' length, and the victory conditions that ended them.

A side wins a match when the outcome names it among the winners (a shared victory counts for
each side named), draws when the outcome names no winner, and loses otherwise. Each rate has
its Wilson score interval, which stays inside 0–100 % and is honest for few matches or rates
near 0 or 1, where the normal approximation is not.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from statistics import NormalDist, fmean
from typing import Any

from .plan import TournamentPlan
from .worker import MatchPart


def wilson(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of the rate ``successes / trials`` at ``confidence``."""
    if trials == 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    rate = successes / trials
    scale = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / scale
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / scale
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Rate:
    """How often something happened in ``of`` matches, with its interval."""

    count: int
    of: int
    low: float
    high: float

    @classmethod
    def of_matches(cls, count: int, of: int, confidence: float) -> Rate:
        return cls(count, of, *wilson(count, of, confidence))

    @property
    def share(self) -> float:
        return self.count / self.of if self.of else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "rate": round(self.share, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
        }


def standings(
    plan: TournamentPlan, sides: tuple[str, ...], parts: list[MatchPart], confidence: float, titles: dict[str, str]
) -> dict[str, Any]:
    """The tournament's report: per side and bot, then the victory conditions and the failures.

    ``sides`` are every side of the scenario (a side the rules play shows as ``rules``);
    ``titles`` the rulebook's section titles by number, to name the victory conditions.
    """
    played = [p.result for p in parts if p.result is not None]
    bots = dict(plan.bots)
    rows = []
    for side in sides:
        won = [r for r in played if side in r.winners]
        draws = sum(1 for r in played if not r.winners)
        rows.append(
            {
                "side": side,
                "bot": bots.get(side, "rules"),
                "matches": len(played),
                "wins": Rate.of_matches(len(won), len(played), confidence).as_dict(),
                "draws": Rate.of_matches(draws, len(played), confidence).as_dict(),
                "losses": Rate.of_matches(len(played) - len(won) - draws, len(played), confidence).as_dict(),
                "won_by": dict(Counter(r.rule for r in won).most_common()),
                "mean_turns_of_wins": round(fmean(r.turns for r in won), 2) if won else None,
            }
        )
    ended = Counter((r.rule, r.winners) for r in played)
    return {
        "tournament": plan.name,
        "game": plan.game,
        "scenario": plan.scenario,
        "options": list(plan.options),
        "seeds": [plan.base_seed, plan.base_seed + plan.matches - 1],
        "matches": plan.matches,
        "finished": len(played),
        "confidence": confidence,
        "mean_turns": round(fmean(r.turns for r in played), 2) if played else None,
        "mean_actions": round(fmean(r.actions for r in played), 1) if played else None,
        "sides": rows,
        "ended_by": [
            {
                "rule": rule,
                "title": titles.get(rule, ""),
                "winners": list(winners),
                "matches": count,
                "share": round(count / len(played), 4),
            }
            for (rule, winners), count in ended.most_common()
        ],
        "failed": [
            {"match_id": p.spec.match_id, "seed": p.spec.seed, "error": p.error} for p in parts if p.result is None
        ],
        "cpu_seconds": round(sum(p.cpu for p in parts), 2),
        "cpu_per_match": round(sum(p.cpu for p in parts) / len(parts), 3) if parts else None,
    }
