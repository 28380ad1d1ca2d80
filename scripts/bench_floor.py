"""How cheap can a bot match get by asking DuckDB less? Its Python alone, every statement free.

Plays one heuristic-bot match (Battle for Germany Historical by default) twice in this process:
once against DuckDB, recording every statement's rows, and once more with each statement
answered from that recording, in the same order, without DuckDB doing anything. The second run
is the match's floor: its Python (bots, rules, events, the ledger), which pooling and batching
statements cannot share or shrink. A tournament's match cannot cost less than that floor,
however its statements are pooled::

    python scripts/bench_floor.py [--game battle-for-germany] [--scenario S] [--seed 1000] [--runs 3]

Prints the median CPU seconds of the match played (created and played to its end, as a
tournament's worker plays it; its export left out), of its floor, and the floor's share.
The replay checks that each statement is the one recorded: a match that asks something else
stops the benchmark.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Answered:
    """A statement's result as DuckDB gave it: enough of a cursor for phaseline's reads."""

    description: list[tuple[Any, ...]] | None
    rows: list[tuple[Any, ...]]
    read: int = 0

    def fetchall(self) -> list[tuple[Any, ...]]:
        rows, self.read = self.rows[self.read :], len(self.rows)
        return rows

    def fetchone(self) -> tuple[Any, ...] | None:
        return self.fetchmany(1)[0] if self.read < len(self.rows) else None

    def fetchmany(self, size: int = 1) -> list[tuple[Any, ...]]:
        rows = self.rows[self.read : self.read + size]
        self.read += len(rows)
        return rows


@dataclass
class Recording:
    """A connection that runs each statement on DuckDB and keeps its SQL and rows."""

    con: Any = None
    keyring: Any = None  # the store's: the seats' keys, which the replay's match must find too
    answers: list[tuple[str, Answered]] = field(default_factory=list)

    def plays(self, store: Any) -> None:
        """``store`` plays through this recording."""
        self.con, self.keyring, store.con = store.con, store.keyring, self

    def close(self) -> None:
        self.con.close()

    def execute(self, sql: str, params: Any = None) -> Answered:
        cursor = self.con.execute(sql, params)
        answer = Answered(cursor.description, cursor.fetchall() if cursor.description else [])
        self.answers.append((sql, answer))
        return Answered(answer.description, answer.rows)


@dataclass
class Replaying:
    """A connection that answers each statement from a recording, in order, asking DuckDB nothing."""

    recording: Recording
    con: Any = None
    next: int = 0

    def plays(self, store: Any) -> None:
        """``store`` plays through this replay, with the recording's keys (a match's seats are new keys)."""
        self.con, store.con, store.keyring = store.con, self, RecordedKeys(self.recording.keyring)

    def close(self) -> None:
        self.con.close()

    def execute(self, sql: str, params: Any = None) -> Answered:
        recorded_sql, answer = self.recording.answers[self.next]
        if sql != recorded_sql:
            raise RuntimeError(f"statement {self.next} is {sql[:80]!r}, not the one recorded: {recorded_sql[:80]!r}")
        self.next += 1
        return Answered(answer.description, answer.rows)


@dataclass
class RecordedKeys:
    """The recording's keyring, unchanged by the replay: the seats' claims it reads back hold the
    recorded keys, not the new ones its match makes."""

    keyring: Any

    def held(self, uid: str) -> Any:
        return self.keyring.held(uid)

    def save(self, uid: str, match_id: str, seats: Any) -> None:
        pass


def play(game: str, scenario: str | None, seed: int, through: Recording | Replaying | None = None) -> float:
    """CPU seconds of one match created and played to its end (``through`` a recording or a replay)."""
    from phaseline.plugins import registry as installed
    from phaseline.store import Store
    from phaseline.tournament.plan import plan_tournament
    from phaseline.tournament.stores import STORE_CONFIG
    from phaseline.tournament.worker import play_to_end

    registry = installed(())
    plan = plan_tournament(registry, game, scenario=scenario, matches=1, bots=[], seed=seed, options=[], name="floor")
    spec = plan.specs()[0]  # as a tournament plays it: every side its game's default bot
    with Store.open(":memory:", config=STORE_CONFIG) as store:
        if through:
            through.plays(store)
        started = time.process_time()
        play_to_end(store, registry, spec)
        return time.process_time() - started


def floor(game: str, scenario: str | None, seed: int, runs: int) -> tuple[float, float, int]:
    """Median CPU seconds of the match played and of its floor, and its statements."""
    played, floors, recording = [], [], None
    play(game, scenario, seed)  # the process's own caches filled first
    for _ in range(runs):  # alternating, so the machine's load hits both alike
        recording = Recording()
        played.append(play(game, scenario, seed, recording))
        floors.append(play(game, scenario, seed, Replaying(recording)))
    return statistics.median(played), statistics.median(floors), len(recording.answers)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="battle-for-germany")
    parser.add_argument("--scenario", help="default: the game's first, as autoplay and tournament play")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    played, python, statements = floor(args.game, args.scenario, args.seed, args.runs)
    print(f"{args.game} {args.scenario or ''}, seed {args.seed}, {statements} statements, medians of {args.runs} runs:")
    print(f"  played against DuckDB   {played:.3f} s CPU")
    print(f"  its Python alone        {python:.3f} s CPU ({python / played:.2f}x: the floor)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
