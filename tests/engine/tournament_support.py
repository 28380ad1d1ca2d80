"""A toy game whose matches end in wins for either side and in draws, for the tournament tests.

The toy game (tests/toygame.py) over a longer scenario, judged at its end by kills ("T4": more
kills wins, as many is a draw), played by bots that seek the enemy out; a bot that fails in the
match of one seed, to test that a failed match is reported and the others land; and bots that
ask rule queries before each move, which a tournament's pool asks for many matches at once (one of
them a query written Together, after a number of others that varies from move to move); and what a
played part says of its match, to compare a match played one way with another.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import duckdb
from history_support import aggressive_action, long_registry
from phaseline import Outcome, hookimpl
from phaseline.model import BotInfo
from phaseline.plugins import Registry
from phaseline.tournament import MatchPart, MatchSpec, plan_tournament
from toygame import ToyGame


class KillsDecide(ToyGame):
    """The toy game, whose last turn's end goes to the side with more kills (T4)."""

    @hookimpl
    def phaseline_game_end(self, match):
        kills = {r["side"]: r["kills"] for r in match.rows("SELECT side, kills FROM toy_score WHERE match_id = ?",
                                                         [match.match_id])}  # fmt: skip
        best = max(kills.values())
        leaders = tuple(side for side, n in kills.items() if n == best)
        if len(leaders) > 1:
            return Outcome("T4", (), f"{best} kills each: a draw")
        return Outcome("T4", leaders, f"{leaders[0]} made more kills ({best})")


class Aggressive:
    """Attacks when it can and takes every kill, else closes in on the enemy (history_support)."""

    def __init__(self, match, side) -> None:
        pass

    def choose(self, match, side):
        kill = [a for a in match.legal_actions() if a.verb == "choose" and a.args == ("yes",)]
        return kill[0] if kill else aggressive_action(match)


class FailsOnOneSeed(Aggressive):
    """:class:`Aggressive`, but broken in the match of the seed ``failing`` (a bug in a bot)."""

    failing: int | None = None

    def choose(self, match, side):
        if match.seed == self.failing:
            raise RuntimeError("the bot lost its way")
        return super().choose(match, side)


class Watchful(Aggressive):
    """:class:`Aggressive`, looking first at the enemy's zones of control and its side's reach:
    rule queries, which a pool asks for all its matches at once."""

    def choose(self, match, side):
        match.rules.run("enemy-zoc", side=side)
        match.rules.run("movement-reach", side=side)
        return super().choose(match, side)


class Gathering(Aggressive):
    """:class:`Aggressive`, looking first at the enemy's zones of control a number of times that
    differs from match to match and move to move, then at its side's legal moves: movement-legal
    is written Together, so a pool asks it only once the other matches have caught up."""

    def __init__(self, match, side) -> None:
        self.moves = 0

    def choose(self, match, side):
        self.moves += 1
        for _ in range((match.seed + self.moves) % 3):
            match.rules.run("enemy-zoc", side=side)
        match.rules.run("movement-legal", side=side)
        return super().choose(match, side)


class BreaksOnOneSeed(Watchful):
    """:class:`Watchful`, but in the match of the seed ``failing`` it sends the store a statement
    DuckDB refuses (which aborts the transaction it runs in: a pool's, all its matches')."""

    failing: int | None = None

    def choose(self, match, side):
        if match.seed == self.failing and match.clock.turn > 1:
            match.rows("SELECT * FROM no_such_table")
        return super().choose(match, side)


def tournament_registry() -> Registry:
    """The toy game judged by kills, with the ``aggressive``, ``fragile``, ``watchful``,
    ``gathering`` and ``breaking`` bots."""
    registry = long_registry(last_turn=4)
    info = registry.games["toy"]
    registry.games["toy"] = replace(info, plugin=KillsDecide())
    bots = {
        "aggressive": Aggressive,
        "fragile": FailsOnOneSeed,
        "watchful": Watchful,
        "breaking": BreaksOnOneSeed,
        "gathering": Gathering,
    }
    for name, factory in bots.items():
        registry.bots[("toy", name)] = BotInfo(name=name, game="toy", factory=factory)
    return registry


# What each run of a match draws anew: its seats' keys (so its signatures and hashes), the times
NEW_EACH_RUN = {"seat", "logged_at", "created_at", "uid", "sig", "hash", "prev_hash"}


def specs_of(bot: str, matches: int = 4, seed: int = 40) -> list[MatchSpec]:
    """The specs of a toy tournament of ``matches`` matches from ``seed``, ``bot`` on every side."""
    plan = plan_tournament(tournament_registry(), "toy", scenario=None, matches=matches, bots=[bot], seed=seed,
                           options=[], name="toy-t1")  # fmt: skip
    return plan.specs()


def played(part: MatchPart, folder: Path) -> tuple:
    """What a part says of its match: its result or error, and its rows of every table, less what
    each run of a match draws anew (its seats' keys, so its signatures and hashes, and the times)."""
    tables = {}
    for table, data in sorted(part.tables.items()):
        if table in NEW_EACH_RUN:
            continue
        path = folder / f"{part.spec.match_id}-{table}.parquet"
        path.write_bytes(data)
        with duckdb.connect() as con:
            columns = [row[0] for row in con.execute("DESCRIBE SELECT * FROM read_parquet(?)", [str(path)]).fetchall()]
            kept = ", ".join(f'"{c}"' for c in columns if c not in NEW_EACH_RUN)
            tables[table] = con.execute(f"SELECT {kept} FROM read_parquet(?) ORDER BY ALL", [str(path)]).fetchall()
    return part.result, part.error, tables
