"""Replay: rebuild a match from its static tables and its log, and check the state matches.

DESIGN.md, "Dice and replay": replay starts from the static tables copied into the
store when the match was created (never from scenario files), re-runs the set-up, then
every logged action (with the logged rolls) and every undo, in order. The regenerated
events, effects and state tables must equal the store's exactly.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .audit import DiceCheck, audit_match
from .duck import duckdb
from .errors import IntegrityError, UnknownName
from .events import logged_time
from .ledger import Ledger
from .match import Match
from .model import Action
from .plugins import Registry
from .store import STORE_TABLES, Store
from .undo import undo

HISTORY_KEYS: dict[str, tuple[str, ...]] = {"event": ("seq",), "effect": ("seq", "n")}


def match_tables(store: Store) -> dict[str, list[str]]:
    """Every base table of the store keyed by ``match_id``, with its columns in order."""
    rows = store.con.execute(
        """SELECT table_name, list(column_name ORDER BY column_index) FROM duckdb_columns()
           WHERE database_name = current_database() AND schema_name = 'main'
             AND table_name IN (SELECT table_name FROM duckdb_tables()
                                WHERE database_name = current_database() AND schema_name = 'main')
           GROUP BY table_name HAVING list_contains(list(column_name), 'match_id')
           ORDER BY table_name"""
    ).fetchall()
    return {name: cols for name, cols in rows if name not in STORE_TABLES}


def compared_tables(match: Match) -> dict[str, tuple[str, ...]]:
    """The tables replay must reproduce (history and state), with their key columns."""
    return {**HISTORY_KEYS, **match.ledger.keys}


def static_tables(match: Match) -> list[str]:
    """The tables copied at creation: every match table that is neither history nor state."""
    changing = compared_tables(match)
    return [t for t in match_tables(match.store) if t not in changing]


def verify(store: Store, registry: Registry, match_id: str) -> int:
    """Replay match ``match_id`` in a scratch database; the number of events replayed.

    Raises :class:`IntegrityError` naming the first event, table or row that differs.
    """
    return verify_match(store, registry, match_id)[0]


def verify_match(store: Store, registry: Registry, match_id: str) -> tuple[int, DiceCheck]:
    """:func:`verify`, after checking the log itself (:func:`audit.audit_match`): the
    number of events replayed and what the check of the dice covered."""
    original = Match.load(store, registry, match_id)
    dice = audit_match(original, store.rows("SELECT * FROM event WHERE match_id = ? ORDER BY seq", [match_id]))
    events = logged_events(store, match_id)
    source = quote(store.catalog)
    with store.scratch() as scratch:
        scratch.ensure_tables(original.info.name, original.info.version, original.tables)
        columns = replayed_columns(scratch)
        for table in (t for t in columns if t not in compared_tables(original)):  # the static ones
            cols = ", ".join(columns[table])
            scratch.con.execute(
                f"INSERT INTO {table} ({cols}) SELECT {cols} FROM {source}.main.{table} WHERE match_id = ?",
                [match_id],
            )
        match = Match.load(scratch, registry, match_id)
        with scratch.transaction():
            failure = rerun(match, events)
            # When the replay broke off, the first event that differs before it is the cause.
            tables = {"event": HISTORY_KEYS["event"]} if failure else compared_tables(match)
            until = match.events.last_seq if failure else None
            difference = first_difference(
                scratch.con, source, quote(scratch.catalog), tables, columns, match_id, until=until
            )
    if difference:
        raise IntegrityError(f"replay of {match_id} differs from the store: {difference}")
    if failure:
        raise IntegrityError(f"replay of {match_id} fails at {failure}")
    return len(events), dice


def logged_events(store: Store, match_id: str, after: int = 0) -> list[dict[str, Any]]:
    """The match's events after seq ``after`` with what a replay needs, in order."""
    return store.rows(
        """SELECT seq, kind, verb, side, payload, die, roll_no, cause, seat, logged_at FROM event
           WHERE match_id = ? AND seq > ? ORDER BY seq""",
        [match_id, after],
    )


def replayed_columns(store: Store) -> dict[str, list[str]]:
    """:func:`match_tables`, less the column a replay cannot make: the signatures."""
    columns = match_tables(store)
    columns["event"] = [c for c in columns["event"] if c != "sig"]
    return columns


def rerun(match: Match, events: list[dict[str, Any]], *, from_start: bool = True) -> str | None:
    """Re-play the logged actions and undos with the logged rolls: from the set-up (the
    whole log), or, with ``from_start`` False, the given events after the match's last.

    Each action is made by the seat the log names, which must be the seat that plays its
    side. A die whose seat's secret this store knows is rolled from it again; else the
    logged die is taken (docs/fair-play.md). Each event takes the time the log gives it
    (``logged_at``, outside the hash; none in a log an older phaseline made). Returns None,
    or "event seq N: <error>" when the rules refuse what the log asks.
    """
    rolls: dict[int | None, list[int]] = defaultdict(list)
    for event in events:
        if event["kind"] == "roll":
            rolls[event["cause"]].append(event["roll_no"])
    match.replaying = True
    match.logged_dice = {e["roll_no"]: e["die"] for e in events if e["kind"] == "roll"}
    match.events.replayed_times = {e["seq"]: logged_time(e.get("logged_at")) for e in events}
    seq = 0
    try:
        if from_start:
            match._acting_seat = events[0]["seat"] if events else None
            match.force_rolls(rolls[None])
            match.start()
            match._acting_seat = None
        for event in events:
            seq = event["seq"]
            match.replay_seat = event["seat"]
            if event["kind"] == "action":
                match.force_rolls(rolls[seq])
                args, by = action_payload(event["payload"])
                match.play(Action(event["verb"], args, event["side"]), by=by)
            elif event["kind"] == "undo":
                match.force_rolls([])
                undo(match, force=True)
    except Exception as error:  # the log asked for something the rules now refuse
        return f"event seq {seq}: {error}"
    finally:
        match.force_rolls(None)
        match.replaying, match.logged_dice, match.replay_seat, match._acting_seat = False, {}, None, None
        match.events.replayed_times = None
    return None


def action_payload(text: Any) -> tuple[tuple[str, ...], str | None]:
    """An action event's payload (``{"args": [...], "by": ...}``) as (arguments, who), or a
    ValueError naming what is wrong: a received log's payload is JSON a sender wrote."""
    try:
        payload = json.loads(text) if isinstance(text, str) else None
    except RecursionError:
        raise ValueError("its payload is nested too deeply for an action's") from None
    except ValueError:
        raise ValueError(f"its payload {str(text)[:40]!r} is not JSON") from None
    if not isinstance(payload, dict):
        raise ValueError(f"its payload {str(text)[:40]!r} is not an action's")
    args, by = payload.get("args", []), payload.get("by")
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise ValueError(f"its payload's arguments {str(args)[:40]!r} are not a list of names")
    if by is not None and not isinstance(by, str):
        raise ValueError(f"its payload's player {str(by)[:40]!r} is not a name")
    return tuple(args), by


def first_difference(
    con: duckdb.DuckDBPyConnection,
    left: str,
    right: str,
    tables: dict[str, tuple[str, ...]],
    columns: dict[str, list[str]],
    match_id: str,
    *,
    until: int | None = None,
) -> str | None:
    """The first row of a match that differs between catalogs ``left`` (the store) and
    ``right`` (the replay), as one line; None when every table is equal both ways.
    ``until`` limits the comparison to events and effects up to that seq."""
    for table, key in tables.items():
        upto = f"AND seq <= {int(until)}" if until is not None and table in HISTORY_KEYS else ""
        cols = ", ".join(columns[table])
        order = ", ".join(key) or "match_id"
        found: dict[str, dict[str, Any]] = {}
        for name, a, b in (("store", left, right), ("replay", right, left)):
            cursor = con.execute(
                f"""SELECT {cols} FROM {a}.main.{table} WHERE match_id = $g {upto}
                    EXCEPT SELECT {cols} FROM {b}.main.{table} WHERE match_id = $g {upto}
                    ORDER BY {order} LIMIT 1""",
                {"g": match_id},
            )
            row = cursor.fetchone()
            if row is not None:
                found[name] = dict(zip(columns[table], row, strict=True))
        if found:
            return _describe(table, key, found)
    return None


def _describe(table: str, key: tuple[str, ...], found: dict[str, dict[str, Any]]) -> str:
    rows = list(found.values())
    first = min(rows, key=lambda r: tuple(r[k] for k in key))
    where = ", ".join(f"{k}={first[k]}" for k in key)
    label = f"event seq {first['seq']}" if table == "event" else f"{table} ({where})" if key else table
    same_key = [r for r in rows if all(r[k] == first[k] for k in key)]
    if len(same_key) == 2:
        store_row, replay_row = found["store"], found["replay"]
        cols = [c for c in store_row if store_row[c] != replay_row[c]]
        detail = "; ".join(f"{c}: store {store_row[c]!r}, replay {replay_row[c]!r}" for c in cols)
        return f"{label}: {detail}"
    where_found = "store" if found.get("store") is first else "replay"
    return f"{label} is only in the {where_found}"


def quote(name: str) -> str:
    """``name`` as a quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


@contextmanager
def match_copy(match: Match) -> Iterator[Match]:
    """The match with every row of every table, copied into a scratch database of the store's
    instance (so a read-only store can show what-if states); dropped on exit."""
    source = quote(match.store.catalog)
    with match.store.scratch() as scratch:
        scratch.ensure_tables(match.info.name, match.info.version, match.tables)
        for table, columns in match_tables(scratch).items():
            names = ", ".join(f'"{c}"' for c in columns)
            scratch.con.execute(
                f'INSERT INTO "{table}" ({names}) SELECT {names} FROM {source}.main."{table}" WHERE match_id = ?',
                [match.match_id],
            )
        rulings = tuple(sorted(match.options - {rule.name for rule in match.optional_rules}))
        yield type(match)(scratch, match.match_id, match.info, match.scenario, match.optional_rules, rulings)


@contextmanager
def state_at(match: Match, seq: int) -> Iterator[Match]:
    """Inside this block, ``game``'s state tables read as they stood after event ``seq``.

    The later effects are reverted in a transaction that is always rolled back.
    """
    last = match.events.last_seq
    if not 0 <= seq <= last:
        raise UnknownName(f"match {match.match_id} has events 1 to {last}, no event {seq}")
    with match.store.rolled_back():
        ledger = Ledger(match.store, match.match_id, match.ledger.keys)
        ledger.begin(last + 1)  # the reverting effects go to a phantom event, rolled back
        ledger.revert(seq + 1, last)
        match.ledger.version += 1
        try:
            yield match
        finally:
            match.ledger.version += 1
