"""Turn-file sizes (issue 12): two stores play a match by files with heuristic bots on
each player's seats, and the bytes of every file are counted.

    python scripts/measure_turn_files.py [--game battle-for-germany] [--scenario historical] [--turns N]

Prints, per game: the files sent, the whole-match first file, the bytes of the later
files (median, largest) and the bytes per game turn (the files of that turn summed,
both directions), then checks that both stores replay-verify.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections import defaultdict
from pathlib import Path

from phaseline import Match, Store
from phaseline.bots import run_bots
from phaseline.exchange import export_match
from phaseline.importing import import_match
from phaseline.plugins import registry
from phaseline.replay import verify_match

PLAYERS = {  # the first player's seats; the other player opens the rest
    "battle-for-germany": ("historical", ["SOV"]),
    "breakout-normandy": ("week", ["german"]),
}


def play_by_files(game_name: str, scenario: str, first: list[str], turns: int | None, folder: Path) -> dict:
    """Play the match by files to its end (or after ``turns`` turns); the files' sizes."""
    reg = registry()
    stores = {"alice": Store.open(folder / "alice.duckdb"), "bob": Store.open(folder / "bob.duckdb")}
    info = reg.game(game_name)
    sides = info.scenario(scenario).sides
    created = Match.create(
        stores["alice"], reg, game_name, scenario, player="alice", open_seats=[s for s in sides if s not in first]
    )
    match_id = created.match_id
    bots = {side: "bot:heuristic" for side in sides}
    sizes: list[tuple[int, int, int]] = []  # (game turn, events, bytes)
    sender, receiver = "alice", "bob"
    for n in range(2000):
        match = Match.load(stores[sender], reg, match_id)
        run_bots(match, reg, controllers=bots)
        path = folder / f"{n}.turn"
        done = export_match(stores[sender], reg, match_id, path)
        sizes.append((match.clock.turn, done["events"], done["bytes"]))
        import_match(stores[receiver], reg, path, player=receiver)
        finished = [Match.load(s, reg, match_id).finished for s in stores.values()]
        if all(finished):
            path = folder / "last.turn"
            export_match(stores[receiver], reg, match_id, path)  # the end's reveal goes back
            import_match(stores[sender], reg, path)
            break
        if turns and match.clock.turn > turns:
            break
        sender, receiver = receiver, sender
    checks = {name: verify_match(store, reg, match_id) for name, store in stores.items()}
    for store in stores.values():
        store.close()
    return {"sizes": sizes, "checks": checks}


def report(game_name: str, scenario: str, found: dict) -> None:
    sizes = found["sizes"]
    later = [b for _, _, b in sizes[1:]]
    per_turn: dict[int, int] = defaultdict(int)
    for turn, _, size in sizes[1:]:
        per_turn[turn] += size
    print(f"{game_name} ({scenario}): {len(sizes)} files, first (whole match) {sizes[0][2]} bytes")
    print(
        f"  later files: median {statistics.median(later):.0f} bytes, largest {max(later)}, "
        f"{sum(e for _, e, _ in sizes[1:]) / len(later):.1f} events per file"
    )
    turns = ", ".join(f"{t}: {b}" for t, b in sorted(per_turn.items()))
    print(f"  bytes per game turn (both directions): {turns}")
    print(f"  mean {statistics.mean(per_turn.values()):.0f} bytes per game turn")
    for name, (count, dice) in found["checks"].items():
        print(f"  {name}: replayed {count} events, dice checked for {dice.checked}, unchecked {dice.unchecked}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--scenario")
    parser.add_argument("--turns", type=int, help="stop after this many game turns")
    args = parser.parse_args()
    for game_name in args.game or sorted(PLAYERS):
        scenario, first = PLAYERS[game_name]
        scenario = args.scenario or scenario
        with tempfile.TemporaryDirectory(prefix="phaseline-turn-files-") as folder:
            report(game_name, scenario, play_by_files(game_name, scenario, first, args.turns, Path(folder)))


if __name__ == "__main__":
    main()
