"""The history views and ``log`` tell the truth after any actions and undos (issue 15).

Random sequences of orders and undos (forced or not, nested: an undo taken back by the next)
are played on the toy game, whose attacks here log a ``combat`` event as the games do. The
truth is computed apart from the store's views and marks: a walk of the event list (each
undo takes back the events of its range that no earlier undo took back) and a replay of the
actions that survive, on a fresh match with their logged rolls, which must reach the very
state the store has. Every view, every line of ``log`` and ``replay`` must agree.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from history_support import aggressive_action, combat_registry, new_match, snapshot
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from phaseline import Action, Match, RuleViolation, Store
from phaseline.render.log import log_rows
from phaseline.replay import verify
from phaseline.undo import undo

STATE = ["unit_state", "toy_score", "clock"]
FEW = settings(max_examples=min(settings().max_examples, 12), deadline=None, suppress_health_check=list(HealthCheck))


REGISTRY = combat_registry()
STEPS = st.lists(
    st.one_of(st.tuples(st.just("order"), st.integers(0, 99)), st.tuples(st.just("undo"), st.booleans())),
    min_size=1,
    max_size=24,
)


def play_steps(match: Match, steps: list[tuple[str, Any]]) -> None:
    """Play each step: an order (the n-th legal action, attacks first) or an undo (forced or not).
    A refused undo (a roll in the way, nothing to undo) must leave the log as it was."""
    for kind, value in steps:
        if match.finished:
            return
        if kind == "order":
            actions = sorted(match.legal_actions(), key=lambda a: (a.verb != "attack", a.verb, a.args))
            match.play(actions[value % len(actions)])
            continue
        before = match.events.last_seq
        try:
            undo(match, force=value)
        except RuleViolation:
            assert match.events.last_seq == before


# --- the truth, computed apart from the store's views and marks -----------------------


def taken_back(events: list[dict[str, Any]]) -> dict[int, tuple[int, bool]]:
    """Each event an undo took back: the first undo whose range covers it, and whether it was forced."""
    taken: dict[int, tuple[int, bool]] = {}
    for event in events:
        if event["kind"] == "undo":
            payload = json.loads(event["payload"])
            for seq in range(payload["first"], payload["last"] + 1):
                taken.setdefault(seq, (event["seq"], payload["forced"]))
    return taken


def replay_survivors(events: list[dict[str, Any]], taken: dict[int, tuple[int, bool]], seed: int) -> Store:
    """A fresh store where a new match plays only the actions no undo took back, with their rolls."""
    store = Store.open(":memory:")
    fresh = new_match(store, REGISTRY, seed=seed)
    for action in (e for e in events if e["kind"] == "action" and e["seq"] not in taken):
        fresh.force_rolls([e["roll_no"] for e in events if e["kind"] == "roll" and e["cause"] == action["seq"]])
        payload = json.loads(action["payload"])
        fresh.play(Action(action["verb"], tuple(payload["args"]), action["side"]))
    fresh.force_rolls(None)
    return store


def check_views(match: Match, events: list[dict[str, Any]], taken: dict[int, tuple[int, bool]]) -> None:
    g = match.match_id
    by_seq = {e["seq"]: e for e in events}
    live = [e["seq"] for e in events if e["seq"] not in taken]
    undone = sorted((seq, undo_seq, forced) for seq, (undo_seq, forced) in taken.items())
    assert match.rows("SELECT seq, undo_seq, forced FROM undone_event WHERE match_id = ? ORDER BY seq", [g]) == [
        {"seq": s, "undo_seq": u, "forced": f} for s, u, f in undone
    ]
    assert [r["seq"] for r in match.rows("SELECT seq FROM live_event WHERE match_id = ? ORDER BY seq", [g])] == live
    rolls = [e for e in events if e["kind"] == "roll"]
    assert match.rows("SELECT seq, die, cause_verb, live, rerolled FROM roll WHERE match_id = ? ORDER BY seq", [g]) == [
        {"seq": r["seq"], "die": r["die"], "cause_verb": by_seq[r["cause"]]["verb"] if r["cause"] else None,
         "live": r["seq"] not in taken, "rerolled": r["seq"] in taken}
        for r in rolls
    ]  # fmt: skip
    combats = [e for e in events if e["kind"] == "combat"]
    assert match.rows("SELECT seq, die, odds, result, live FROM combat WHERE match_id = ? ORDER BY seq", [g]) == [
        {"seq": c["seq"], "die": c["die"], "odds": "1-1", "result": "hit" if c["die"] >= 4 else "miss",
         "live": c["seq"] not in taken}
        for c in combats
    ]  # fmt: skip
    effects = match.rows("SELECT seq, n, tbl, key, col, old, new FROM effect WHERE match_id = ? ORDER BY seq, n", [g])
    moves = [f for f in effects if f["tbl"] == "unit_state" and f["col"] == "space_id"]
    assert match.rows(
        "SELECT seq, n, unit_id, from_space, to_space, turn, live FROM move WHERE match_id = ? ORDER BY seq, n", [g]
    ) == [
        {"seq": f["seq"], "n": f["n"], "unit_id": json.loads(f["key"])["unit_id"], "from_space": json.loads(f["old"]),
         "to_space": json.loads(f["new"]), "turn": by_seq[f["seq"]]["turn"], "live": f["seq"] not in taken}
        for f in moves
    ]  # fmt: skip
    assert match.rows("SELECT seq, n, kind, turn FROM change WHERE match_id = ? ORDER BY seq, n", [g]) == [
        {"seq": f["seq"], "n": f["n"], "kind": by_seq[f["seq"]]["kind"], "turn": by_seq[f["seq"]]["turn"]}
        for f in effects
    ]
    undos = [json.loads(e["payload"]) for e in events if e["kind"] == "undo"]
    assert match.rows(
        "SELECT events, actions, rolls, undos, rerolls FROM match_summary WHERE match_id = ?", [g]
    ) == [{"events": len(events), "actions": sum(e["kind"] == "action" for e in events), "rolls": len(rolls),
           "undos": len(undos), "rerolls": sum(u["forced"] for u in undos)}]  # fmt: skip


def check_log(match: Match, events: list[dict[str, Any]], taken: dict[int, tuple[int, bool]]) -> None:
    lines = log_rows(match.store, match.match_id)
    assert [line["seq"] for line in lines] == [e["seq"] for e in events]
    for line in lines:
        undo_seq, forced = taken.get(line["seq"], (None, False))
        assert line["undone"] == (f"by {undo_seq}" + (" (re-roll)" if forced else "") if undo_seq else "")


@FEW
@example(steps=[("order", 0), ("order", 0), ("undo", True), ("undo", True)], seed=4)  # two undos in a row
@example(steps=[("order", 5), ("order", 0), ("undo", True), ("order", 0), ("undo", True), ("undo", False)], seed=9)
@given(steps=STEPS, seed=st.integers(1, 50))
def test_every_view_and_the_log_tell_what_survived(steps, seed):
    with Store.open(":memory:") as store:
        match = new_match(store, REGISTRY, seed=seed)
        for _ in range(6):  # the sides close in, so that orders can be attacks
            match.play(aggressive_action(match))
        play_steps(match, steps)
        events = store.rows("SELECT * FROM event WHERE match_id = ? ORDER BY seq", [match.match_id])
        taken = taken_back(events)
        check_views(match, events, taken)
        check_log(match, events, taken)
        with replay_survivors(events, taken, seed) as fresh:
            assert snapshot(fresh, match.match_id, STATE) == snapshot(store, match.match_id, STATE)
        assert verify(store, REGISTRY, match.match_id) == len(events)


@pytest.mark.parametrize("undos", [1, 2, 3], ids=["one-undo", "undo-of-an-undo", "three-in-a-row"])
def test_nested_undos_list_each_event_once(undos):
    """The bug of issue 15: every undo after the first also covers the events the first took back."""
    with Store.open(":memory:") as store:
        match = new_match(store, REGISTRY, seed=3)
        for _ in range(8):
            match.play(aggressive_action(match))
        for _ in range(undos):
            undo(match, force=True)
        g = match.match_id
        undone = match.rows("SELECT seq, count(*) AS n FROM undone_event WHERE match_id = ? GROUP BY seq", [g])
        assert undone and {r["n"] for r in undone} == {1}
        assert match.one("SELECT count(*) FROM move WHERE match_id = ?", [g]) == match.one(
            "SELECT count(*) FROM effect WHERE match_id = ? AND tbl = 'unit_state' AND col = 'space_id'", [g]
        )
