"""Heuristic bot against the random bot: N seeded Battle for Germany matches (issue 3,
"Playable": the heuristic bot should win at least 80 %).

The heuristic bot takes one player's sides, the random bot the others; match i gives
the heuristic bot the i-th player in turn (SOV, WA, … alternating). A match cut short
by ``--turns`` is scored on the position it reached (the scenario's own victory check
at that turn, see ``score``). Prints the heuristic bot's wins per player and overall,
wall time and actions per second::

    python scripts/bot_match.py [--matches 50] [--scenario historical] [--turns N] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import replace

from phaseline import Action, Game, RuleViolation, Store
from phaseline.plugins import registry

GAME = "battle-for-germany"


def play_one(reg, scenario: str, seed: int, hero: str, turns: int | None) -> tuple[str | None, int]:
    """One match with the heuristic bot as ``hero``; (winner, actions played)."""
    info = reg.game(GAME)
    chosen = info.scenario(scenario)
    if turns:
        chosen = replace(chosen, last_turn=min(chosen.last_turn, chosen.first_turn + turns - 1))
    bots = {side: ("bot:heuristic" if side == hero else "bot:random") for side in chosen.sides}
    store = Store.open(":memory:")
    try:
        game = Game.create(store, reg, GAME, chosen, seed=seed, controllers=bots)
        played = play_out(game, reg, bots)
        return winner(game, shortened=bool(turns)), played
    finally:
        store.close()


def play_out(game, reg, controllers: dict[str, str]) -> int:
    """Let the bots play to the end. A listed action the rules then refuse (e.g. ending the
    West German combat phase of turn 1 before the two attacks 12.21 requires) is struck off
    and the bot asked again, as a player told "no" would choose again."""
    bots = {
        side: reg.bot(GAME, controller.removeprefix("bot:")).factory(game, side)
        for side, controller in controllers.items()
    }
    played = 0
    while not game.finished:
        side, _ = game.waiting_on()
        refused: set[Action] = set()
        while True:
            action = choose_besides(game, bots[side], side, refused)
            try:
                game.play(action)
                break
            except RuleViolation:
                refused.add(action)
        played += 1
    return played


def choose_besides(game, bot, side: str, refused: set[Action]) -> Action:
    """The bot's choice with the refused actions taken off its legal-action list."""
    if not refused:
        return bot.choose(game, side)
    listed = game.legal_actions
    left = [a for a in listed(side) if a not in refused]
    if not left:
        raise RuntimeError(f"{side} has no legal action the rules accept ({game.clock})")
    game.legal_actions = lambda s=None: [a for a in listed(s) if a not in refused]
    try:
        return bot.choose(game, side)
    finally:
        del game.legal_actions  # back to the method


def winner(game, shortened: bool) -> str | None:
    """The match's single winning player, None for a draw or a shared win. A match cut short
    by --turns that ends without a winner goes to the player ahead on victory points (11.0)."""
    from phaseline.games.bfg.rules.victory import scores

    if game.clock.status != "finished":
        return None
    winners = json.loads(game.clock.result or "{}").get("winners", [])
    if len(winners) == 1:
        return winners[0]
    if winners or not shortened:
        return None
    points = scores(game)
    ranked = sorted(((points.get(side, 0), side) for side in game.scenario.sides), reverse=True)
    return ranked[0][1] if len(ranked) == 1 or ranked[0][0] > ranked[1][0] else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--scenario", default="historical")
    parser.add_argument("--turns", type=int, default=None, help="play only this many turns")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (then +1 each)")
    args = parser.parse_args(argv)
    reg = registry()
    sides = reg.game(GAME).scenario(args.scenario).sides
    wins: Counter[str] = Counter()
    games: Counter[str] = Counter()
    actions = 0
    start = time.perf_counter()
    for i in range(args.matches):
        hero = sides[i % len(sides)]
        won, played = play_one(reg, args.scenario, args.seed + i, hero, args.turns)
        actions += played
        games[hero] += 1
        wins[hero] += won == hero
        print(f"match {i + 1:>3} seed {args.seed + i}: heuristic as {hero:<5} {played:>4} actions, winner {won}")
    wall = time.perf_counter() - start
    print(f"\n{args.matches} matches of {args.scenario}" + (f", {args.turns} turn(s) each" if args.turns else ""))
    for side in sides:
        if games[side]:
            print(f"  heuristic as {side:<5} won {wins[side]:>3} / {games[side]:<3} = {wins[side] / games[side]:.0%}")
    total = sum(wins.values())
    print(f"  overall             won {total:>3} / {args.matches:<3} = {total / max(args.matches, 1):.0%}")
    print(f"  wall {wall:.1f} s, {actions} actions, {actions / wall:.2f} actions/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
