"""Heuristic bot against the random bot: N seeded matches of Battle for Germany (issue 3)
or Breakout: Normandy (issue 4); "Playable": the heuristic bot should win at least 80 %.

The heuristic bot takes one player's sides, the random bot the others; the match of seed
s gives the heuristic bot player (s - 1) mod n (BfG: SOV, WA, …; Breakout: german, allied,
alternating), so runs split by seed add up to the same matches. A match cut short by
``--turns`` (a Breakout turn is one day) is scored on the position it reached: the game's
own victory check at that turn (Breakout 22.2 against the 10 VP of 22.2; BfG, without a
winner, the player ahead on VP, see ``winner``). Prints the heuristic bot's wins per
player and overall, wall time and actions per second::

    python scripts/bot_match.py [--game battle-for-germany|breakout-normandy] [--matches 50]
        [--scenario historical|week] [--turns N] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import replace

from phaseline import Match, Store
from phaseline.bots import run_bots
from phaseline.plugins import registry

BFG, BREAKOUT = "battle-for-germany", "breakout-normandy"
DEFAULT_SCENARIO = {BFG: "historical", BREAKOUT: "week"}


def play_one(reg, game_name: str, scenario: str, seed: int, hero: str, turns: int | None) -> tuple[str | None, int]:
    """One match with the heuristic bot as ``hero``; (winner, actions played)."""
    info = reg.game(game_name)
    chosen = info.scenario(scenario)
    if turns:
        chosen = replace(chosen, last_turn=min(chosen.last_turn, chosen.first_turn + turns - 1))
    bots = {side: ("bot:heuristic" if side == hero else "bot:random") for side in chosen.sides}
    store = Store.open(":memory:")
    try:
        match = Match.create(store, reg, game_name, chosen, seed=seed, controllers=bots)
        played = play_out(match, reg, bots)
        return winner(match, shortened=bool(turns)), played
    finally:
        store.close()


def play_out(match, reg, controllers: dict[str, str]) -> int:
    """Let the bots play to the end; every action they choose is one the rules list."""
    return run_bots(match, reg, controllers=controllers)


def winner(match, shortened: bool) -> str | None:
    """The match's single winning player, None for a draw or a shared win. A match cut short
    by --turns that ends without a winner goes to the player ahead on victory points (BfG 11.0;
    Breakout's own check at the last turn always names a winner, 22.2)."""
    if match.clock.status != "finished":
        return None
    winners = json.loads(match.clock.result or "{}").get("winners", [])
    if len(winners) == 1:
        return winners[0]
    if winners or not shortened or match.info.name != BFG:
        return None
    from phaseline.games.bfg.rules.victory import scores

    points = scores(match)
    ranked = sorted(((points.get(side, 0), side) for side in match.scenario.sides), reverse=True)
    return ranked[0][1] if len(ranked) == 1 or ranked[0][0] > ranked[1][0] else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(DEFAULT_SCENARIO), default=BFG)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--scenario", default=None, help="default: historical (BfG), week (Breakout)")
    parser.add_argument("--turns", type=int, default=None, help="play only this many turns (Breakout: days)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (then +1 each)")
    args = parser.parse_args(argv)
    args.scenario = args.scenario or DEFAULT_SCENARIO[args.game]
    reg = registry()
    sides = reg.game(args.game).scenario(args.scenario).sides
    wins: Counter[str] = Counter()
    games: Counter[str] = Counter()
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(args.matches):
        hero = sides[(args.seed + i - 1) % len(sides)]  # seed s: the heuristic bot plays player (s - 1) mod n
        won, played = play_one(reg, args.game, args.scenario, args.seed + i, hero, args.turns)
        actions += played
        games[hero] += 1
        wins[hero] += won == hero
        print(f"match {i + 1:>3} seed {args.seed + i}: heuristic as {hero:<5} {played:>4} actions, winner {won}")
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"\n{args.matches} matches of {args.scenario}" + (f", {args.turns} turn(s) each" if args.turns else ""))
    for side in sides:
        if games[side]:
            print(f"  heuristic as {side:<5} won {wins[side]:>3} / {games[side]:<3} = {wins[side] / games[side]:.0%}")
    total = sum(wins.values())
    print(f"  overall             won {total:>3} / {args.matches:<3} = {total / max(args.matches, 1):.0%}")
    print(f"  wall {wall:.1f} s ({cpu:.1f} s CPU), {actions} actions, {actions / wall:.2f} actions/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
