"""History questions on the store's ``event`` table against the same questions on a flat
table (issue 2, "Measured": ≤ 1.5× the flat table).

Generates ``--matches`` matches of ``--events`` events each (default 1,000 × 2,000) into
a fresh store's ``event`` table, units named with a seeded Faker, rolls, moves,
eliminations, phases and notes mixed as a game logs them; the flat table holds only the
columns the questions read. Each question runs ``--runs`` times on both; prints the
medians and the event/flat ratio::

    python scripts/bench_history.py [--matches 1000] [--events 2000] [--runs 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from faker import Faker
from phaseline import Store

TARGET = 1.5
UNITS = 120

QUESTIONS = {
    "rolls per match": (
        "SELECT game_id, count(*) AS rolls, avg(die) AS mean FROM {t} WHERE kind = 'roll' GROUP BY game_id"
    ),
    "moves per unit": (
        "SELECT game_id, unit_id, count(*) AS moves FROM {t} WHERE kind = 'move' GROUP BY game_id, unit_id"
    ),
    "eliminations per turn": (
        "SELECT game_id, turn, count(*) AS eliminated FROM {t} WHERE kind = 'eliminated' GROUP BY game_id, turn"
    ),
    "sixes per side": "SELECT side, count(*) AS sixes FROM {t} WHERE kind = 'roll' AND die = 6 GROUP BY side",
}

# kind by a hash bucket of 0–99: as a Battle for Germany log mixes them
KINDS = (
    "CASE WHEN b < 20 THEN 'roll' WHEN b < 50 THEN 'move' WHEN b < 55 THEN 'eliminated' "
    "WHEN b < 80 THEN 'action' WHEN b < 90 THEN 'phase' ELSE 'note' END"
)


def generate(store: Store, matches: int, events: int, seed: int) -> None:
    Faker.seed(seed)
    fake = Faker()
    names = [f"{fake.unique.last_name()} Corps" for _ in range(UNITS)]
    con = store.con
    con.execute("CREATE TEMP TABLE unit_name (i INTEGER, name VARCHAR)")
    con.executemany("INSERT INTO unit_name VALUES (?, ?)", list(enumerate(names)))
    con.execute(
        f"""INSERT INTO event (game_id, seq, turn, step, phase, side, kind, verb, unit_id, from_space,
                               to_space, die, roll_no, purpose, rule, payload, cause, prev_hash, hash)
            WITH raw AS (
                SELECT m, s, hash(m, s, {int(seed)}) AS h, (hash(m, s, {int(seed)}) % 100)::INTEGER AS b
                FROM range({int(matches)}) a(m), range({int(events)}) e(s)
            ), ev AS (SELECT *, {KINDS} AS kind FROM raw)
            SELECT 'bench-' || m, s + 1, 1 + (s * 10) // {int(events)}, 'step', 'movement',
                   ['SOV', 'WA', 'GER_E', 'GER_W'][(1 + (h // 100) % 4)::BIGINT],
                   kind,
                   CASE WHEN kind = 'action' THEN 'move' END,
                   CASE WHEN kind IN ('move', 'eliminated', 'action') THEN n.name END,
                   CASE WHEN kind = 'move' THEN lpad(((h // 7) % 3526)::VARCHAR, 4, '0') END,
                   CASE WHEN kind = 'move' THEN lpad(((h // 11) % 3526)::VARCHAR, 4, '0') END,
                   CASE WHEN kind = 'roll' THEN 1 + ((h // 13) % 6)::INTEGER END,
                   CASE WHEN kind = 'roll' THEN s END,
                   kind || ' of ' || coalesce(n.name, 'the engine'),
                   '6.0',
                   CASE WHEN kind = 'move' THEN '{{"path": [], "cost": 2}}' ELSE '{{}}' END,
                   NULL, '', md5(m::VARCHAR || ':' || s::VARCHAR)
            FROM ev JOIN unit_name n ON n.i = (h // 1000) % {UNITS}"""
    )
    con.execute("CREATE TABLE flat_history AS SELECT game_id, seq, turn, side, kind, unit_id, die FROM event")


def median_ms(con, sql: str, runs: int) -> float:
    con.execute(sql).fetchall()  # warm
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        con.execute(sql).fetchall()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def measure(matches: int, events: int, runs: int, seed: int) -> list[tuple[str, float, float]]:
    """Each question's median milliseconds on ``event`` and on the flat table, over generated matches."""
    store = Store.open(":memory:")
    try:
        generate(store, matches, events, seed)
        return [
            (
                name,
                median_ms(store.con, sql.format(t="event"), runs),
                median_ms(store.con, sql.format(t="flat_history"), runs),
            )
            for name, sql in QUESTIONS.items()
        ]
    finally:
        store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    found = measure(args.matches, args.events, args.runs, args.seed)
    print(
        f"{args.matches * args.events:,} events ({args.matches} × {args.events}), {time.perf_counter() - start:.1f} s"
    )
    print(f"{'question':<24}{'event ms':>10}{'flat ms':>10}{'ratio':>8}   (median of {args.runs}, target ≤ {TARGET}×)")
    for name, on_event, on_flat in found:
        ratio = on_event / on_flat
        print(f"{name:<24}{on_event:>10.1f}{on_flat:>10.1f}{ratio:>8.2f}{'  over' if ratio > TARGET else ''}")
    print(f"worst ratio {max(e / f for _, e, f in found):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
