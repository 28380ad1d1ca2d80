"""Fleet Commander: Nimitz, the US heuristic bot against the random bot: N seeded 1942 campaigns each
(the rules play Japan in both), the victory levels reached (4.0, 11.5) with a 95 % Wilson interval, the
turns survived and objectives held, and the CPU seconds a campaign costs (mean, and one autoplay of the
first seed timed alone, first). Campaigns run in ``--jobs`` processes; each times its own CPU::

    nice python scripts/nimitz_bots.py [--seeds 50] [--first-seed 1] [--scenario 1942] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from phaseline import Match, Store
from phaseline.bots import run_bots
from phaseline.plugins import registry

GAME = "fleet-commander-nimitz"
BOTS = ("heuristic", "random")


@dataclass(frozen=True)
class Campaign:
    bot: str
    seed: int
    level: str
    won: bool
    turns: int
    held: int
    actions: int
    cpu: float


def play(bot: str, seed: int, scenario: str) -> Campaign:
    """One campaign with ``bot`` on the US, to its end."""
    reg = registry()
    cpu = time.process_time()
    with Store.open(":memory:") as store:
        match = Match.create(store, reg, GAME, scenario, seed=seed, controllers={"US": f"bot:{bot}"})
        actions = run_bots(match, reg)
        state = match.rows_of("fcn_state")[()]
        results = [row for _, row in sorted(match.rows_of("fcn_year_result").items())]
        outcome = state["outcome"] or ""
        level = results[-1]["level"] if results and not outcome else _defeat(outcome)
        won = "US" in json.loads(match.clock.result or "{}").get("winners", [])
        return Campaign(
            bot, seed, level, won, state["campaign_turn"], state["held"], actions, time.process_time() - cpu
        )


def _defeat(outcome: str) -> str:
    """The defeats before the last turn: dismissal (11.5) or Hawaii (printed after 11.5)."""
    return "Defeat (Hawaii)" if "Hawaii" in outcome else "Defeat (dismissed)"


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(bot: str, runs: list[Campaign]) -> None:
    n = len(runs)
    print(f"\nUS {bot}: {n} campaigns")
    levels = Counter(r.level for r in runs)
    for level, k in sorted(levels.items(), key=lambda item: -item[1]):
        low, high = wilson(k, n)
        print(f"  {level:<22} {k:>3} / {n} = {k / n:6.1%}  (95 % CI {low:.1%} - {high:.1%})")
    wins = sum(r.won for r in runs)
    low, high = wilson(wins, n)
    print(f"  {'US victory (any level)':<22} {wins:>3} / {n} = {wins / n:6.1%}  (95 % CI {low:.1%} - {high:.1%})")
    print(
        f"  turns played: mean {sum(r.turns for r in runs) / n:.2f}; objectives held at the end: mean "
        f"{sum(r.held for r in runs) / n:.2f}; actions: mean {sum(r.actions for r in runs) / n:.0f}"
    )
    print(f"  CPU per campaign: mean {sum(r.cpu for r in runs) / n:.2f} s, max {max(r.cpu for r in runs):.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--scenario", default="1942")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    alone = play("heuristic", args.first_seed, args.scenario)
    print(
        f"one {args.scenario} autoplay, US heuristic, seed {alone.seed}: {alone.cpu:.2f} s CPU, "
        f"{alone.actions} actions, {alone.turns} turn(s), {alone.level}",
        flush=True,
    )
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    jobs = [(bot, seed) for seed in seeds for bot in BOTS]
    wall = time.perf_counter()
    runs = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for run in pool.map(play, *zip(*jobs, strict=True), [args.scenario] * len(jobs)):
            runs.append(run)
            print(
                f"seed {run.seed:>3} US {run.bot:<9} {run.level:<20} turn {run.turns}, {run.held} held, "
                f"{run.actions:>4} actions, {run.cpu:6.2f} s CPU",
                flush=True,
            )
    for bot in BOTS:
        report(bot, [r for r in runs if r.bot == bot])
    print(f"\n{len(runs)} campaigns in {time.perf_counter() - wall:.0f} s wall ({args.jobs} processes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
