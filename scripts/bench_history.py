"""The history views against the same questions on flat typed tables (DESIGN.md: each view
within 1.2× of the flat table, at 1,000 and 10,000 matches).

Builds a store file of ``--matches`` synthetic matches: a few dozen match logs are walked in
Python as a Battle for Germany match logs them (moves, attacks with their roll and combat,
retreats and eliminations, phase ends, decisions, and undos, forced across rolls and nested
ones: an undo taken back by the next), then copied match by match, each with its own dice, in
bulk inserts. Beside the store's ``event`` and ``effect`` it builds the flat tables, which
hold the same rows in the same types (typed columns where ``event`` has them, the JSON payload,
key and values as the log keeps them) with everything a view finds elsewhere as a column of
its own: ``flat_event``, each event with its liveness, the undo that took it back and whether
that undo was forced, and its cause's verb; ``flat_change``, each effect with its event's turn,
phase, side, kind, cause and liveness. Their liveness is the walk's own, not a view's. So a
ratio is the cost of what the view does (its joins, its derived columns), not of the log's
format.

Each question runs on the flat tables, through the views and (``--compare``) through another
version's views on the same data, in turn, ``--runs`` times; the table shows the medians of
CPU time (DuckDB on one thread), the ratios to the flat table, and whether each gave the flat
table's answer::

    python scripts/bench_history.py [--matches 1000 10000] [--actions 300] [--runs 5]
    git show main:schema/views/history.sql > /tmp/views.sql
    python scripts/bench_history.py --compare /tmp/views.sql   # before and after, in one run
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from phaseline import Store
from tabulate import tabulate

TARGET = 1.2
TEMPLATES = 24
SIDES = ("SOV", "WA")
UNITS = {side: [f"{side}-{i}" for i in range(1, 41)] for side in SIDES}
STEPS = [(side, phase) for side in SIDES for phase in ("movement", "combat")]
START = datetime(2026, 1, 1, 18, 0)

MATCH = "'bench-{one}'"
QUESTIONS: dict[str, tuple[str, str]] = {
    "live_event: orders per side and verb": (
        "SELECT match_id, side, verb, count(*) AS orders FROM live_event WHERE kind = 'action' GROUP BY ALL",
        "SELECT match_id, side, verb, count(*) AS orders FROM flat_event WHERE live AND kind = 'action' GROUP BY ALL",
    ),
    "undone_event: taken back per match": (
        "SELECT match_id, count(*) AS undone, count(*) FILTER (WHERE forced) AS rerolled FROM undone_event "
        "GROUP BY ALL",
        "SELECT match_id, count(*) AS undone, count(*) FILTER (WHERE undo_forced) AS rerolled FROM flat_event "
        "WHERE NOT live GROUP BY ALL",
    ),
    "roll: rolls per match (docs)": (
        """SELECT m.match_id, m.game, count(r.seq) AS rolls, count(r.seq) FILTER (WHERE NOT r.live) AS undone
           FROM match m LEFT JOIN roll r USING (match_id) GROUP BY m.match_id, m.game""",
        """SELECT m.match_id, m.game, count(r.seq) AS rolls, count(r.seq) FILTER (WHERE NOT r.live) AS undone
           FROM match m LEFT JOIN flat_event r ON r.match_id = m.match_id AND r.kind = 'roll'
           GROUP BY m.match_id, m.game""",
    ),
    "roll: sixes by side and cause": (
        "SELECT side, cause_verb, count(*) FILTER (WHERE die = 6) AS sixes, count(*) AS rolls FROM roll "
        "WHERE live GROUP BY ALL",
        "SELECT side, cause_verb, count(*) FILTER (WHERE die = 6) AS sixes, count(*) AS rolls FROM flat_event "
        "WHERE kind = 'roll' AND live GROUP BY ALL",
    ),
    "roll: one match's rolls (docs)": (
        f"""SELECT seq, turn, side, die, purpose, rule, cause_verb, live FROM roll
            WHERE match_id = {MATCH} ORDER BY seq""",
        f"""SELECT seq, turn, side, die, purpose, rule, cause_verb, live FROM flat_event
            WHERE match_id = {MATCH} AND kind = 'roll' ORDER BY seq""",
    ),
    "move: moves per unit (docs)": (
        "SELECT match_id, unit_id, count(*) AS moves FROM move WHERE live GROUP BY match_id, unit_id",
        "SELECT match_id, key ->> 'unit_id' AS unit_id, count(*) AS moves FROM flat_change "
        "WHERE tbl = 'unit_state' AND col = 'space_id' AND live GROUP BY match_id, unit_id",
    ),
    "move: one match's moves": (
        f"SELECT seq, n, turn, side, unit_id, from_space, to_space, live FROM move WHERE match_id = {MATCH} "
        "ORDER BY seq, n",
        "SELECT seq, n, turn, side, key ->> 'unit_id', old ->> '$', new ->> '$', live FROM flat_change "
        f"WHERE match_id = {MATCH} AND tbl = 'unit_state' AND col = 'space_id' ORDER BY seq, n",
    ),
    "combat: results by odds": (
        "SELECT odds, result, count(*) AS combats FROM combat WHERE live GROUP BY ALL",
        "SELECT payload ->> 'odds' AS odds, payload ->> 'result' AS result, count(*) AS combats FROM flat_event "
        "WHERE kind = 'combat' AND live GROUP BY ALL",
    ),
    "change: eliminations (docs)": tuple(
        f"""SELECT match_id, turn, seq, key ->> 'unit_id' AS unit_id FROM {table}
            WHERE tbl = 'unit_state'
              AND ((col = 'space_id' AND new ->> '$' = 'dead') OR (col = 'status' AND new ->> '$' = 'eliminated'))"""
        for table in ("change", "flat_change")
    ),
    "match_summary: where each match stands (docs)": (
        "SELECT match_id, game, turn, step, status, events, actions, rolls, undos, rerolls FROM match_summary",
        """SELECT m.match_id, m.game, c.turn, c.step, c.status, n.events, n.actions, n.rolls, n.undos, n.rerolls
           FROM match m LEFT JOIN clock c USING (match_id)
           LEFT JOIN (SELECT match_id, count(*) AS events, count(*) FILTER (WHERE kind = 'action') AS actions,
                             count(*) FILTER (WHERE kind = 'roll') AS rolls,
                             count(*) FILTER (WHERE kind = 'undo') AS undos,
                             count(DISTINCT undo_seq) FILTER (WHERE undo_forced) AS rerolls
                      FROM flat_event GROUP BY match_id) n USING (match_id)""",
    ),
}


# --- one match's log, walked in Python ------------------------------------------------------


class MatchWalk:
    """A match's events and effects as the engine logs them, with the truth of every undo:
    an undo takes back everything from the last live action on, and marks each event it
    takes back (``undone_by``) unless an earlier undo took it back already."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.events: list[dict[str, Any]] = []
        self.effects: list[tuple[Any, ...]] = []
        self.space = {unit: f"{rng.randrange(1, 30):02d}{rng.randrange(1, 30):02d}" for us in UNITS.values()
                      for unit in us}  # fmt: skip
        self.turn, self.step = 1, 0
        self.cause: int | None = None
        self.live_actions: list[int] = []
        self.roll_no = 0

    @property
    def side(self) -> str:
        return STEPS[self.step][0]

    def log(self, kind: str, **columns: Any) -> int:
        side, phase = STEPS[self.step]
        seq = len(self.events) + 1
        row = {"seq": seq, "turn": self.turn, "step": f"{side.lower()}-{phase}", "phase": phase, "side": side,
               "kind": kind, "verb": None, "unit_id": None, "from_space": None, "to_space": None, "die": None,
               "roll_no": None, "purpose": None, "rule": None, "payload": {}, "cause": self.cause, "seat": side,
               "cause_verb": self.events[self.cause - 1]["verb"] if self.cause else None,
               "undone_by": None, "undone_forced": None}  # fmt: skip
        row.update(columns)
        row["payload"] = json.dumps(row["payload"], separators=(",", ":"), sort_keys=True)
        self.events.append(row)
        return seq

    def change(self, tbl: str, key: dict[str, Any], col: str, old: Any, new: Any) -> None:
        seq = len(self.events)
        n = self.effects[-1][1] + 1 if self.effects and self.effects[-1][0] == seq else 1
        text = [json.dumps(v, separators=(",", ":"), sort_keys=True) for v in (key, old, new)]
        self.effects.append((seq, n, tbl, text[0], col, text[1], text[2]))

    def move_unit(self, unit: str, to: str) -> None:
        self.change("unit_state", {"unit_id": unit}, "space_id", self.space[unit], to)
        self.space[unit] = to

    def act(self, verb: str, args: list[str]) -> None:
        self.cause = None
        self.cause = self.log("action", verb=verb, side=self.side, payload={"args": args, "by": "human"})
        self.live_actions.append(self.cause)

    def move(self) -> None:
        unit = self.rng.choice(UNITS[self.side])
        to = f"{self.rng.randrange(1, 30):02d}{self.rng.randrange(1, 30):02d}"
        self.act("move", [unit, to])
        self.log("move", unit_id=unit, from_space=self.space[unit], to_space=to, rule="5.1",
                 payload={"cost": 2, "path": [to]})  # fmt: skip
        self.move_unit(unit, to)
        self.change("unit_state", {"unit_id": unit}, "mp", 4, 2)
        self.change("unit_state", {"unit_id": unit}, "moved", False, True)

    def attack(self) -> None:
        unit = self.rng.choice(UNITS[self.side])
        enemy = self.rng.choice(UNITS[SIDES[1 - SIDES.index(self.side)]])
        self.act("attack", [unit, self.space[enemy]])
        self.change("unit_state", {"unit_id": unit}, "attacked", False, True)
        self.roll_no += 1
        die = self.rng.randint(1, 6)
        self.log("roll", die=die, roll_no=self.roll_no, purpose="combat", rule="6.1", payload={"sides": 6})
        odds, result = self.rng.choice(["1:1", "2:1", "3:1", "4:1"]), self.rng.choice(["Ar", "Dr", "Ex", "De"])
        self.log("combat", unit_id=unit, to_space=self.space[enemy], die=die, rule="6.1",
                 purpose=f"{odds}, die {die}: {result}", payload={"odds": odds, "result": result})  # fmt: skip
        if result == "De":
            self.log("eliminated", unit_id=enemy, rule="6.2")
            self.move_unit(enemy, "dead")
            self.change("unit_state", {"unit_id": enemy}, "status", "fresh", "eliminated")
        elif result == "Dr":
            to = f"{self.rng.randrange(1, 30):02d}{self.rng.randrange(1, 30):02d}"
            self.log("retreat", unit_id=enemy, from_space=self.space[enemy], to_space=to, rule="6.21")
            self.move_unit(enemy, to)

    def end(self) -> None:
        self.act("end", [])
        old = self.step
        self.step = (self.step + 1) % len(STEPS)
        self.turn += self.step == 0
        self.log("phase", purpose=f"{STEPS[self.step][1]} phase", rule="3.0")
        self.change("clock", {}, "step_no", old, self.step)
        self.change("clock", {}, "phase", STEPS[old][1], STEPS[self.step][1])
        for unit in UNITS[self.side][:10]:
            self.change("unit_state", {"unit_id": unit}, "mp", 0, 4)
        self.log("note", purpose="reinforcements arrive", rule="7.1")

    def choose(self) -> None:
        unit = self.rng.choice(UNITS[self.side])
        self.log("decision", side=self.side, purpose=f"advance {unit}?", rule="6.3")
        self.act("choose", ["yes"])
        to = f"{self.rng.randrange(1, 30):02d}{self.rng.randrange(1, 30):02d}"
        self.log("advance", unit_id=unit, from_space=self.space[unit], to_space=to, rule="6.3")
        self.move_unit(unit, to)

    def undo(self) -> None:
        """Take back the last live action and everything after it (DESIGN.md, "Dice and replay")."""
        first, last = self.live_actions.pop(), len(self.events)
        taken = [e for e in self.events[first - 1 :] if e["undone_by"] is None]
        rolls = [e["seq"] for e in taken if e["kind"] == "roll"]
        self.cause = None
        seq = self.log("undo", purpose=f"undo events {first}-{last}", seat=self.side,
                       payload={"first": first, "last": last, "forced": bool(rolls), "rolls": rolls})  # fmt: skip
        for event in taken:
            event["undone_by"], event["undone_forced"] = seq, bool(rolls)
        for _, _, tbl, key, col, old, new in reversed([f for f in self.effects if first <= f[0] <= last]):
            self.change(tbl, json.loads(key), col, json.loads(new), json.loads(old))
            if col == "space_id":
                self.space[json.loads(key)["unit_id"]] = json.loads(old)

    def play(self, actions: int) -> MatchWalk:
        self.log("setup", purpose="set-up", rule="2.0")
        for _ in range(actions):
            if self.live_actions and self.rng.random() < 0.04:
                self.undo()
                while self.live_actions and self.rng.random() < 0.3:  # the next undo takes this one back
                    self.undo()
                continue
            kind = self.rng.choices(["move", "attack", "end", "choose"], [60, 18, 12, 10])[0]
            getattr(self, kind)()
        return self


# --- the store ---------------------------------------------------------------------------

LOGGED_AT = f"TIMESTAMP '{START}' + INTERVAL (m) MINUTE + INTERVAL (e.seq * 7) SECOND AS logged_at"
EVENT_COLUMNS = f"""'bench-' || m AS match_id, e.seq, e.turn, e.step, e.phase, e.side, e.kind, e.verb, e.unit_id,
    e.from_space, e.to_space, CASE WHEN e.die IS NOT NULL THEN 1 + (hash(m, e.seq) % 6)::INTEGER END AS die,
    e.roll_no, e.purpose, e.rule, e.payload, e.cause, md5(m || ':' || (e.seq - 1)) AS prev_hash,
    md5(m || ':' || e.seq) AS hash, e.seat, NULL AS sig, {LOGGED_AT}"""  # a match's own dice


def build(store: Store, matches: int, actions: int, seed: int) -> tuple[int, int]:
    """Fill ``store`` with ``matches`` matches and the flat tables; (events, effects) written."""
    walks = [MatchWalk(random.Random(seed * 1000 + t)).play(actions) for t in range(TEMPLATES)]
    con = store.con
    con.execute(
        """CREATE TEMP TABLE walk_event (t INTEGER, seq INTEGER, turn INTEGER, step VARCHAR, phase VARCHAR,
             side VARCHAR, kind VARCHAR, verb VARCHAR, unit_id VARCHAR, from_space VARCHAR, to_space VARCHAR,
             die INTEGER, roll_no INTEGER, purpose VARCHAR, rule VARCHAR, payload VARCHAR, cause INTEGER,
             seat VARCHAR, cause_verb VARCHAR, undone_by INTEGER, undone_forced BOOLEAN);
           CREATE TEMP TABLE walk_effect (t INTEGER, seq INTEGER, n INTEGER, tbl VARCHAR, key VARCHAR, col VARCHAR,
             old VARCHAR, new VARCHAR)"""
    )
    event_rows = [(t, *e.values()) for t, w in enumerate(walks) for e in w.events]
    effect_rows = [(t, *f) for t, w in enumerate(walks) for f in w.effects]
    _insert_lists(con, "walk_event", event_rows)
    _insert_lists(con, "walk_effect", effect_rows)
    matches_of = f"range({int(matches)}) r(m) JOIN walk_event e ON e.t = m % {TEMPLATES}"
    changes_of = f"""range({int(matches)}) r(m)
        JOIN (SELECT f.*, e.turn, e.phase, e.side, e.kind, e.cause, e.undone_by
              FROM walk_effect f JOIN walk_event e USING (t, seq)) e ON e.t = m % {TEMPLATES}"""  # with its event
    con.execute(
        f"""INSERT INTO match (match_id, game, scenario, seed, options, created_at, first_turn, last_turn, uid, dice)
            SELECT 'bench-' || m, 'bench', 'historical', m, [], TIMESTAMP '{START}' + INTERVAL (m) MINUTE, 1, 12,
                   md5(m::VARCHAR), 'known seed'
            FROM range({int(matches)}) r(m);
            INSERT INTO clock SELECT 'bench-' || m, 12, 0, 'sov-movement', 'movement', 'SOV', 'finished', NULL
            FROM range({int(matches)}) r(m);
            INSERT INTO event SELECT {EVENT_COLUMNS}, e.cause_verb, e.undone_by, e.undone_forced,
                                     e.kind = 'combat' OR (e.payload -> 'attack_terms') IS NOT NULL AS combat
            FROM {matches_of} ORDER BY m, e.seq;
            INSERT INTO effect SELECT 'bench-' || m, e.seq, e.n, e.tbl, e.key, e.col, e.old, e.new, e.turn, e.phase,
                                      e.side, e.kind, e.cause, {LOGGED_AT}, e.undone_by
            FROM {changes_of} ORDER BY m, e.seq, e.n;
            CREATE TABLE flat_event AS
            SELECT {EVENT_COLUMNS}, e.undone_by IS NULL AS live, e.undone_by AS undo_seq,
                   coalesce(e.undone_forced, FALSE) AS undo_forced, e.cause_verb
            FROM {matches_of} ORDER BY m, e.seq;
            CREATE TABLE flat_change AS
            SELECT 'bench-' || m AS match_id, e.seq, e.n, e.tbl, e.key, e.col, e.old, e.new, e.turn, e.phase, e.side,
                   e.kind, e.cause, e.undone_by IS NULL AS live
            FROM {changes_of} ORDER BY m, e.seq, e.n;
            CHECKPOINT"""
    )
    return con.execute("SELECT (SELECT count(*) FROM event), (SELECT count(*) FROM effect)").fetchone()


def _insert_lists(con: Any, table: str, rows: list[tuple[Any, ...]]) -> None:
    """Insert ``rows`` in one statement, one list per column (types taken from the table)."""
    types = [t for (t,) in con.execute(
        "SELECT data_type FROM duckdb_columns() WHERE table_name = ? ORDER BY column_index", [table]
    ).fetchall()]  # fmt: skip
    selects = ", ".join(f"unnest(${i}::{kind}[])" for i, kind in enumerate(types, 1))
    con.execute(f"INSERT INTO {table} SELECT {selects}", [list(column) for column in zip(*rows, strict=True)])


VIEWS = re.compile(r"\b(VIEW|FROM|JOIN)\s+(undone_event|live_event|move|roll|combat|change|match_summary)\b")


def compared(sql: str) -> str:
    """``sql`` reading the compared views (``compared_roll`` …) instead of the store's."""
    return VIEWS.sub(r"\1 compared_\2", sql)


@contextmanager
def bench_store(matches: int, actions: int, seed: int, threads: int, other: Path | None) -> Iterator[Store]:
    """A store file in a temporary folder holding the generated matches, and the ``other`` views
    (another version's schema/views/history.sql) beside its own, named ``compared_…``."""
    with tempfile.TemporaryDirectory(prefix="phaseline-bench-history-") as folder:
        store = Store.open(Path(folder) / "bench.duckdb", config={"threads": threads} if threads else None)
        try:
            build(store, matches, actions, seed)
            if other is not None:
                store.con.execute(compared(other.read_text()))
            yield store
        finally:
            store.close()


# --- measuring ---------------------------------------------------------------------------


@dataclass
class Measured:
    """One question's median CPU milliseconds on the flat tables, through the views, and through
    the compared views (None without them), and whether each gave the flat tables' answer."""

    question: str
    flat: float
    view: float
    same: bool
    other: float | None = None
    other_same: bool | None = None


def timed(con: Any, sql: str) -> tuple[float, list[tuple[Any, ...]]]:
    """The CPU milliseconds of ``sql`` and its rows: with DuckDB on one thread, the process's CPU
    time is the query's, and unlike the wall time it does not grow with the load on the machine."""
    start = time.process_time()
    rows = con.execute(sql).fetchall()
    return (time.process_time() - start) * 1000, rows


def measure_store(store: Store, matches: int, runs: int, *, other: bool = False) -> list[Measured]:
    """Each question on the flat tables, through the views (and the compared views), run in turn
    ``runs`` times so that load on the machine hits all alike; medians and agreement."""
    found = []
    for name, (view_sql, flat_sql) in QUESTIONS.items():
        flat_sql, view_sql = (q.format(one=matches // 2) for q in (flat_sql, view_sql))
        queries = [flat_sql, view_sql, *([compared(view_sql)] if other else [])]
        answers = [sorted(timed(store.con, q)[1], key=repr) for q in queries]  # and a first run, to warm
        times: list[list[float]] = [[] for _ in queries]
        for _ in range(runs):
            for spent, query in zip(times, queries, strict=True):
                spent.append(timed(store.con, query)[0])
        medians = [statistics.median(t) for t in times]
        same = [a == answers[0] for a in answers]
        found.append(Measured(name, medians[0], medians[1], same[1], *medians[2:], *same[2:]))
    return found


def measure(matches: int, actions: int, runs: int, seed: int = 1, threads: int = 1,
            other: Path | None = None) -> list[Measured]:  # fmt: skip
    """:func:`measure_store` on a fresh store of ``matches`` generated matches."""
    with bench_store(matches, actions, seed, threads, other) as store:
        return measure_store(store, matches, runs, other=other is not None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--actions", type=int, default=300, help="actions per match (about 2.5 events each)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="DuckDB threads (0: one per core; CPU then wall)")
    parser.add_argument("--compare", type=Path, help="another version's schema/views/history.sql, on the same data")
    args = parser.parse_args(argv)
    table, worst = [], 0.0
    for matches in args.matches:
        start = time.perf_counter()
        with bench_store(matches, args.actions, args.seed, args.threads, args.compare) as store:
            events, effects = store.con.execute(
                "SELECT (SELECT count(*) FROM event), (SELECT count(*) FROM effect)"
            ).fetchone()
            built = time.perf_counter() - start
            print(f"{matches:,} matches: {events:,} events, {effects:,} effects (built in {built:.0f} s)", flush=True)
            for m in measure_store(store, matches, args.runs, other=args.compare is not None):
                worst = max(worst, m.view / m.flat)
                row = [f"{matches:,}", m.question, f"{m.flat:.1f}", f"{m.view:.1f}", f"{m.view / m.flat:.2f}",
                       "" if m.view / m.flat <= TARGET else "over", "yes" if m.same else "NO"]  # fmt: skip
                if m.other is not None:
                    row += [f"{m.other:.1f}", f"{m.other / m.flat:.2f}", "yes" if m.other_same else "NO"]
                table.append(row)
    headers = ["matches", "question", "flat ms", "view ms", "ratio", f"≤ {TARGET}", "same"]
    if args.compare is not None:
        headers += ["compared ms", "ratio", "same"]
    print(tabulate(table, headers=headers, disable_numparse=True))
    print(f"CPU ms, median of {args.runs} runs each, DuckDB on {args.threads or 'every'} thread(s); "
          f"worst ratio of the views {worst:.2f} (target ≤ {TARGET})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
