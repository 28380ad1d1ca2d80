"""Deleting a match from a store: every row of it, in every table that holds matches (the
engine's and the plugins'), in one transaction, then its seats' keys beside the store.

A match by mail that is still in play is shared: the other player's copy goes on, and a
deleted copy's seats can never sign again. So such a match is deleted only when forced.
No game plugin is needed: a match of a game no longer installed can be deleted too.
"""

from __future__ import annotations

from typing import Any

from .errors import RuleViolation, UnknownName
from .seats import RULES
from .store import Store


def delete_match(store: Store, match_id: str, *, force: bool = False) -> dict[str, Any]:
    """Delete the match ``match_id`` whole; returns its game, the rows deleted and the tables
    they were in. Refused for a match by mail in play (seats this store does not hold) unless
    ``force``."""
    found = store.rows("SELECT game, uid FROM match WHERE match_id = ?", [match_id])
    if not found:
        raise UnknownName(f"no match {match_id!r} in {store.path}")
    uid = found[0]["uid"]
    others = other_players(store, match_id, uid)
    if others and not force:
        held = ", ".join(f"{side} ({player})" for side, player in others)
        raise RuleViolation(
            f"{match_id} is a match by mail still in play, with seats this store does not hold: {held}; "
            "deleting your copy ends your part in it (your seats' keys go with it): delete --force to do so",
            rule="seats",
        )
    tables = match_tables(store)
    deleted = 0
    with store.transaction():
        for table in tables:
            deleted += store.con.execute(f'DELETE FROM "{table}" WHERE match_id = ?', [match_id]).fetchone()[0]
    if uid:
        store.keyring.forget(uid)
    return {"game": found[0]["game"], "rows": deleted, "tables": tables}


def other_players(store: Store, match_id: str, uid: str | None) -> list[tuple[str, str]]:
    """The seats of a match in play that this store does not hold, with their players ('open'
    while nobody has joined); none for a finished match or one made before seats."""
    if store.one("SELECT status FROM clock WHERE match_id = ?", [match_id]) != "active":
        return []
    seats = store.rows(
        """SELECT s.side, (SELECT player FROM seat t WHERE t.match_id = s.match_id AND t.side = s.side
                           AND t.epoch = 0) AS player
           FROM match_side s WHERE s.match_id = ? AND s.controller <> ? ORDER BY s.side""",
        [match_id, RULES],
    )
    if not any(seat["player"] for seat in seats):
        return []  # a match made before seats: anyone may act, nobody else holds it
    held = store.keyring.held(uid) if uid else {}
    return [(seat["side"], seat["player"] or "open") for seat in seats if seat["side"] not in held]


def match_tables(store: Store) -> list[str]:
    """The store's tables that hold rows of matches (a ``match_id`` column), views left out."""
    return [
        name
        for (name,) in store.con.execute(
            """SELECT c.table_name FROM duckdb_columns() c
               JOIN duckdb_tables() t ON t.database_name = c.database_name AND t.schema_name = c.schema_name
                                     AND t.table_name = c.table_name
               WHERE c.column_name = 'match_id' AND c.database_name = current_database()
                 AND c.schema_name = current_schema()
               ORDER BY c.table_name"""
        ).fetchall()
    ]
