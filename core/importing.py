"""Receiving a turn file: checked completely, replayed, then merged in one transaction.

The file is opened by :func:`received.open_received` (nothing in it is run). A new match
is built in a scratch store from the file's static tables, whose data must be the
installed game's (match_data.py), and its whole log is replayed; the next turns of a
match already here must continue it (no gap, no fork, something new), and only their
events are replayed, on the store itself inside the import's one transaction (a refusal
rolls it back). Before a replay the log is checked
(audit.py: hash chain, seat rows, signatures, roll numbers, known dice) and so is every
undo (only of events this store did not have yet). The replay must make exactly the
file's events. The store is untouched by any refusal; one line names the reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import match_data
from .audit import audit_match, check_dice, describe_dice
from .errors import IntegrityError, PluginError, UnknownName
from .events import DERIVED_COLUMNS, GENESIS, LATER_COLUMNS, logged_time
from .match import Match
from .match_setup import default_player
from .plugins import Registry, match_manager, plugin_tables
from .queries import derive_board
from .received import open_received
from .replay import match_tables, quote, rerun
from .store import Store
from .turnfile import Rows, TurnFile

_SEAT_FIXED = ("player", "public_key", "commitment", "from_seq", "claim_sig")


def import_match(
    store: Store,
    registry: Registry,
    path: str | Path,
    *,
    accept_custom_data: bool = False,
    player: str | None = None,
) -> dict[str, Any]:
    """Bring the match in file ``path`` into the store: a new match (whose open seats this
    store then claims for ``player``), or the next turns of one already here. Validated
    completely first; the store is untouched on failure."""
    source = Path(path).expanduser()
    received = open_received(source, lambda game, options: _plugin_tables(registry, game, options))
    here = store.rows("SELECT uid FROM match WHERE match_id = ?", [received.match_id])
    if here and here[0]["uid"] != received.uid:
        raise IntegrityError(
            f"{source} holds another match than this store's {received.match_id}: "
            f"match identity {received.uid[:12]}…, not {here[0]['uid'][:12]}…"
        )
    if here:
        done = _continue(store, registry, received, source)
    else:
        done = _new(store, registry, received, source, accept_custom_data, player)
    match = Match.load(store, registry, received.match_id)
    if match.finished and match.seats.held_sides():
        match.seats.reveal(final=True)  # the end publishes this player's secrets too
    log = store.rows("SELECT * FROM event WHERE match_id = ? ORDER BY seq", [match.match_id])
    done["dice"] = describe_dice(match, audit_match(match, log))
    return done


# --- a new match --------------------------------------------------------------------


def _new(
    store: Store, registry: Registry, received: TurnFile, source: Path, accept_custom: bool, player: str | None
) -> dict[str, Any]:
    match_id = received.match_id
    if not received.full:
        raise IntegrityError(
            f"this store has no match {match_id}, and {source} holds only its events after seq {received.base}: "
            "ask its sender for the whole match (phaseline export --full)"
        )
    with store.scratch() as scratch:
        match = _build(scratch, registry, received)
        events = _event_rows(received, scratch)
        data = match_data.check_received(store, registry, match, accept_custom=accept_custom)
        _check_log(match, events, after=(0, GENESIS), last_roll_no=0, had=0)
        _replay(match, events, after=0)
        claimed = _merge_new(store, registry, scratch, match, player)
    custom = [r["table"] for r in data if r["status"] != "same"]
    return {
        "match_id": match_id, "new": True, "events": len(events), "total": len(events), "custom": custom,
        "claimed": claimed,
    }  # fmt: skip


def _build(scratch: Store, registry: Registry, received: TurnFile) -> Match:
    """The file's match in ``scratch``: its match rows, static tables and seats, checked
    against our columns and the installed plugins; no event yet."""
    match_id = received.match_id
    for table in ("match", "match_plugin", "match_side"):
        if table not in received.tables:
            raise IntegrityError(f"the file lacks the table {table} of match {match_id}")
    _check_plugins(registry, match_id, received)
    for table in ("match", "match_plugin", "match_side"):
        _insert(scratch, table, received.tables[table], match_id)
    match = Match.load(scratch, registry, match_id)
    scratch.ensure_tables(match.info.name, match.info.version, match.tables)
    known = match_tables(scratch)
    changing = {"event", "effect", *match.ledger.keys}
    for table, rows in received.tables.items():
        if table not in known:
            raise IntegrityError(f"the file has a table {table!r} that match {match_id} does not use")
        if table not in changing and table not in ("match", "match_plugin", "match_side"):
            _insert(scratch, table, rows, match_id)  # state and effects are the replay's to make
    derive_board(scratch, match_id)
    _insert(scratch, "seat", received.seats, match_id)
    return Match.load(scratch, registry, match_id)


def _plugin_tables(registry: Registry, game: str, options: list[str]) -> set[str]:
    """The tables the plugins of a match of ``game`` with ``options`` declare."""
    try:
        info = registry.game(game)
        rules = [registry.option(info.name, name) for name in options if name not in info.rulings]
    except UnknownName as error:
        raise PluginError(f"the file's match needs what is not installed: {error}") from None
    return {table.name for table in plugin_tables(match_manager(info, rules))}


def _check_plugins(registry: Registry, match_id: str, received: TurnFile) -> None:
    """Every plugin that made the match must be installed, at the same version."""
    try:
        info = registry.game(received.game)
    except UnknownName:
        raise PluginError(f"match {match_id} needs game {received.game!r}, which is not installed") from None
    for row in received.tables["match_plugin"].dicts():
        plugin, version = row.get("plugin"), row.get("version")
        name, _, option = str(plugin).partition(":")
        if name != info.name:
            raise PluginError(f"match {match_id} records plugin {plugin!r}, not part of {info.name}")
        installed = registry.option(info.name, option).version if option else info.version
        if installed != version:
            raise PluginError(
                f"match {match_id} was made with {plugin} {version}, but {installed} is installed", plugin=plugin
            )


def _merge_new(store: Store, registry: Registry, scratch: Store, match: Match, player: str | None) -> list[str]:
    """Copy the validated new match from ``scratch`` into the store and claim its open seats
    for ``player``, in one transaction; the seats claimed."""
    store.ensure_tables(match.info.name, match.info.version, match.tables)
    source, target = quote(scratch.catalog), quote(store.catalog)
    with store.transaction() as con:
        for table, columns in match_tables(scratch).items():
            names = ", ".join(f'"{c}"' for c in columns)
            con.execute(
                f'INSERT INTO {target}.main."{table}" ({names}) SELECT {names} FROM {source}.main."{table}" '
                "WHERE match_id = ?",
                [match.match_id],
            )
        return _claim_open_seats(Match.load(store, registry, match.match_id), player)


def _claim_open_seats(match: Match, player: str | None) -> list[str]:
    """The first import claims the seats the match's creator left open, for ``player`` (a match
    made before seats stays without them); in the caller's transaction."""
    if not match.seats.seated:
        return []
    sides = [s for s in match.scenario.sides if match.seats.claim_of(s) is None]
    if sides:
        match.seats.claim(sides, player or default_player(), from_seq=match.events.last_seq + 1)
    return sides


# --- the next turns of a match already here -----------------------------------------


def _continue(store: Store, registry: Registry, received: TurnFile, source: Path) -> dict[str, Any]:
    match = Match.load(store, registry, received.match_id)
    match_id, last = match.match_id, match.events.last_seq
    if received.base > last:
        raise IntegrityError(
            f"{source} holds events {received.base + 1}-{received.head} of {match_id}, but this store has events "
            f"up to {last}: the file with events {last + 1}-{received.base} is missing (a turn file was skipped)"
        )
    events = _event_rows(received, store)
    _check_no_fork(match, received, events, source)
    new = [e for e in events if e["seq"] > last]
    seats, seats_changed = _merged_seats(match, received.seats)
    if not new and not seats_changed:
        raise IntegrityError(
            f"{source} holds nothing new for {match_id}: its events up to {received.head} are in this store "
            "already (a turn file imported twice?)"
        )
    last_roll = int(match.one("SELECT coalesce(max(roll_no), 0) FROM event WHERE match_id = ?", [match_id]))
    earlier = store.rows("SELECT * FROM event WHERE match_id = ? ORDER BY seq", [match_id])
    with store.transaction() as con:  # the replay runs on the store itself: any refusal rolls it all back
        con.execute("DELETE FROM seat WHERE match_id = ?", [match_id])
        if seats:
            store.insert_rows("seat", ["match_id", *seats[0]], [(match_id, *row.values()) for row in seats])
        here = Match.load(store, registry, match_id)
        _check_log(here, new, after=(last, match.events.last_hash), last_roll_no=last_roll, had=last)
        check_dice(match_id, earlier, here.seats.secret)  # a secret revealed now checks the earlier rolls too
        _replay(here, new, after=last)
    total = last + len(new)
    return {"match_id": match_id, "new": False, "events": len(new), "total": total, "custom": [], "claimed": []}


def _check_no_fork(match: Match, received: TurnFile, events: list[dict[str, Any]], source: Path) -> None:
    """The file's events up to this store's last must be this store's, from its base on."""
    match_id = match.match_id
    mine = dict(
        match.store.con.execute(
            "SELECT seq, hash FROM event WHERE match_id = ? AND seq >= ?", [match_id, received.base]
        ).fetchall()
    )
    if received.base and mine.get(received.base) != received.base_hash:
        raise IntegrityError(
            f"event seq {received.base} of {match_id} differs between this store and {source}: "
            "the file does not continue the store's match (a fork)"
        )
    if events and events[0]["seq"] != received.base + 1:
        raise IntegrityError(f"{source} says its events follow seq {received.base} but starts at {events[0]['seq']}")
    for event in events:
        if event["seq"] in mine and mine[event["seq"]] != event["hash"]:
            raise IntegrityError(
                f"event seq {event['seq']} of {match_id} differs between this store and {source}: "
                "the file does not continue the store's match (a fork)"
            )


def _merged_seats(match: Match, received: Rows) -> tuple[list[dict[str, Any]], bool]:
    """This store's seat rows with what the file adds (a claim of an open seat, a reveal, a new
    epoch); a row the file changes otherwise is refused. Checked with the log (audit.py)."""
    _check_columns("seat", received, match.store)
    rows = {(r["side"], r["epoch"]): dict(r) for r in match.seats.rows()}
    changed = False
    for row in received.dicts():
        key = (row["side"], row["epoch"])
        mine = rows.get(key)
        if mine is None:
            rows[key], changed = row, True
            continue
        if any(mine[c] != row[c] for c in _SEAT_FIXED):
            raise IntegrityError(
                f"seat {row['side']} is held by {mine['player']} (key {mine['public_key'][:12]}…) in this store; "
                f"the file's seat {row['side']} of {row['player']} (key {row['public_key'][:12]}…) is refused"
            )
        if mine["secret"] is None and row["secret"] is not None:
            rows[key], changed = row, True
        elif row["secret"] is not None and row["secret"] != mine["secret"]:
            raise IntegrityError(f"the file reveals another secret for seat {row['side']} than this store has")
    return [rows[k] for k in sorted(rows)], changed


# --- both -------------------------------------------------------------------------------


def _event_rows(received: TurnFile, store: Store) -> list[dict[str, Any]]:
    """The file's events (with their match id, which their hashes cover); their columns must be
    ours, but those each store derives (an older phaseline's match file, migrated, has them: they
    are passed over, the replay makes them) and, in an older phaseline's file, ``logged_at``."""
    events = received.events
    kept = [i for i, (name, _) in enumerate(events.columns) if name not in DERIVED_COLUMNS]
    events = Rows([events.columns[i] for i in kept], [[row[i] for i in kept] for row in events.rows])
    ours = [(n, k) for n, k in store.declared_columns("event") if n not in ("match_id", *DERIVED_COLUMNS)]
    older = [(n, k) for n, k in ours if n not in LATER_COLUMNS]
    if events.rows and [tuple(c) for c in events.columns] not in (ours, older):
        raise IntegrityError(f"table event of the file has columns unlike ours: {events.columns}")
    rows = [{"match_id": received.match_id, **event} for event in events.dicts()]
    for row in rows:
        try:
            logged_time(row.get("logged_at"))
        except ValueError:
            raise IntegrityError(
                f"event seq {row['seq']} of {received.match_id}: its time {str(row['logged_at'])[:40]!r} is no time"
            ) from None
    return rows


def _check_log(
    match: Match, events: list[dict[str, Any]], *, after: tuple[int, str], last_roll_no: int, had: int
) -> None:
    """The received events' chain, signatures, roll numbers and known dice, and their undos:
    none may take back an event this store had already (undo is for events not yet sent)."""
    audit_match(match, events, after=after, last_roll_no=last_roll_no)
    for event in events:
        if event["kind"] != "undo":
            continue
        first = _undo_first(match.match_id, event)
        if first <= had:
            raise IntegrityError(
                f"event seq {event['seq']} of {match.match_id} (an undo by seat {event['seat']}) takes back events "
                f"from seq {first}, but this store had events up to {had} already: undo is only for events not yet sent"
            )


def _undo_first(match_id: str, event: dict[str, Any]) -> int:
    """The first event an undo event takes back, as its payload (JSON a sender wrote) says."""
    try:
        first = json.loads(event["payload"]).get("first", 0)
    except (ValueError, TypeError, AttributeError, RecursionError):
        first = None
    if not isinstance(first, int) or isinstance(first, bool):
        raise IntegrityError(
            f"event seq {event['seq']} of {match_id}: its payload {str(event['payload'])[:40]!r} is not an undo's"
        )
    return first


def _replay(match: Match, events: list[dict[str, Any]], *, after: int) -> None:
    """Replay the received events on the scratch match (from its set-up when ``after`` is 0):
    the replay must make exactly them; then they take the file's signatures."""
    match_id = match.match_id
    failure = rerun(match, events, from_start=after == 0)
    made = match.store.rows("SELECT * FROM event WHERE match_id = ? AND seq > ? ORDER BY seq", [match_id, after])
    differs = _first_difference(made, events)
    failed_at = int(failure.split()[2].rstrip(":")) if failure else None
    if failure and (differs is None or failed_at <= differs[0]):
        raise IntegrityError(f"replay of {match_id} fails at {failure}")
    if differs is not None:
        raise IntegrityError(f"event seq {differs[0]} of {match_id}: {differs[1]}")
    for event in events:
        if event["sig"] is not None:
            match.store.con.execute(
                "UPDATE event SET sig = ? WHERE match_id = ? AND seq = ?", [event["sig"], match_id, event["seq"]]
            )


def _first_difference(made: list[dict[str, Any]], sent: list[dict[str, Any]]) -> tuple[int, str] | None:
    """The first event the replay made otherwise than the file has it, and how."""
    for got, want in zip(made, sent, strict=False):
        if got["hash"] != want["hash"]:
            compared = [
                c for c in got if c not in ("sig", "hash", "prev_hash", "match_id", "logged_at", *DERIVED_COLUMNS)
            ]
            columns = [c for c in compared if got[c] != want.get(c)]
            detail = "; ".join(f"{c}: file {want.get(c)!r}, replay {got[c]!r}" for c in columns) or "its hash"
            return got["seq"], f"the replay makes it otherwise ({detail})"
    if len(made) > len(sent):
        return made[len(sent)]["seq"], "the replay makes this event, which the file lacks"
    if len(sent) > len(made):
        return sent[len(made)]["seq"], "the file has this event, which the replay does not make"
    return None


def _check_columns(table: str, rows: Rows, store: Store) -> None:
    """A received table must have our columns (``match_id`` left out), in order, with our types;
    a file an older phaseline wrote may lack the last ones (columns are only ever added: NULL)."""
    ours = [(n, k) for n, k in store.declared_columns(table) if n != "match_id"]
    theirs = [tuple(c) for c in rows.columns]
    if rows.rows and (not theirs or theirs != ours[: len(theirs)]):
        raise IntegrityError(f"table {table} of the file has columns unlike ours: {rows.columns}")


def _insert(store: Store, table: str, rows: Rows, match_id: str) -> None:
    """Insert the file's rows of ``table`` for the match, typed by our columns."""
    _check_columns(table, rows, store)
    if not rows.rows:
        return
    names = ["match_id", *(n for n, _ in rows.columns)]
    try:
        store.insert_rows(table, names, [(match_id, *row) for row in rows.rows])
    except Exception as error:  # a value our column's type refuses, a duplicate key
        raise IntegrityError(f"table {table} of the file is not valid: {str(error).splitlines()[0]}") from None
