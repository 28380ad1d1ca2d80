"""Matches with rolls, decisions and undos for the history tests (toy game, longer scenario)."""

from __future__ import annotations

import atexit
import re
import shutil
import tempfile
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import duckdb
from phaseline import Action, Event, Match, Store, hookimpl
from phaseline.events import EFFECT_STAMP
from phaseline.plugins import Registry
from phaseline.undo import undo
from toygame import ToyGame, toy_registry


def long_registry(last_turn: int = 8) -> Registry:
    """The toy game with a longer scenario, so that the sides meet and fight."""
    registry = toy_registry()
    info = registry.games["toy"]
    scenario = replace(info.scenario("skirmish"), last_turn=last_turn)
    registry.games["toy"] = replace(info, scenarios={"skirmish": scenario})
    return registry


class CombatToy(ToyGame):
    """The toy game, each of whose attacks logs a ``combat`` event (odds, result, die)."""

    @hookimpl
    def phaseline_play(self, match, action):
        if action.verb != "attack":
            return super().phaseline_play(match, action)
        legal = {a.args for a in match.legal_actions(action.side) if a.verb == "attack"}
        if action.args not in legal:
            raise match.violation(f"{action} is not legal now", rule="T1")
        attacker, defender = action.args
        match.set("unit_state", {"unit_id": attacker}, attacked=True)
        die = match.roll("toy combat", rule="T2")
        result = "hit" if die >= 4 else "miss"
        where = match.one(
            "SELECT space_id FROM unit_state WHERE match_id = ? AND unit_id = ?", [match.match_id, defender]
        )
        match.log(self.combat_event(action.side, attacker, defender, where, die, result))
        if result == "hit":
            match.ask(action.side, "kill", f"remove {defender}?", ["yes", "no"], {"unit": defender}, rule="T2")
        return True

    def combat_event(self, side: str, attacker: str, defender: str, where: str, die: int, result: str) -> Event:
        """The event that tells the combat: a ``combat`` event, as Battle for Germany logs it."""
        return Event("combat", side=side, unit_id=attacker, to_space=where, die=die, rule="T2",
                     payload={"odds": "1-1", "result": result})  # fmt: skip


def combat_registry(plugin: CombatToy | None = None) -> Registry:
    """:func:`long_registry` whose toy game logs its combats (``plugin``: a CombatToy of another kind)."""
    registry = long_registry()
    registry.games["toy"] = replace(registry.games["toy"], plugin=plugin or CombatToy())
    return registry


def _distance(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    return max(abs(q1 - q2), abs(r1 - r2), abs((q1 + r1) - (q2 + r2)))


def aggressive_action(match: Match) -> Action:
    """Attack if possible, else step towards the nearest enemy, else end; answer 'yes', then 'no'."""
    actions = match.legal_actions()
    choices = [a for a in actions if a.verb == "choose"]
    if choices:
        return choices[match.events.last_seq % len(choices)]
    attacks = [a for a in actions if a.verb == "attack"]
    if attacks:
        return attacks[0]
    alive = match.rows(
        "SELECT unit_id, side, space_id FROM unit_state WHERE match_id = ? AND space_id <> 'dead'",
        [match.match_id],
    )
    where = {r["unit_id"]: (r["side"], r["space_id"]) for r in alive}

    def nearest(unit: str, space: str) -> int:
        return min(_distance(space, at) for side, at in where.values() if side != where[unit][0])

    moves = [a for a in actions if a.verb == "move"]
    best = min(moves, key=lambda a: nearest(*a.args), default=None)
    if best is not None and nearest(*best.args) < nearest(best.args[0], where[best.args[0]][1]):
        return best
    return next(a for a in actions if a.verb == "end")


def play(match: Match, count: int, *, undo_every: int | None = None) -> int:
    """Play up to ``count`` aggressive actions (forcing an undo every ``undo_every``)."""
    played = 0
    while played < count and not match.finished:
        match.play(aggressive_action(match))
        played += 1
        if undo_every and played % undo_every == 0:
            undo(match, force=True)
    return played


def new_match(store: Store, registry: Registry, seed: int = 11, **kwargs: Any) -> Match:
    return Match.create(store, registry, "toy", "skirmish", seed=seed, **kwargs)


def snapshot(store: Store, match_id: str, tables: list[str]) -> dict[str, list[tuple]]:
    """Every row of ``tables`` for the match, sorted: for exact comparisons."""
    return {
        t: sorted(store.con.execute(f"SELECT * FROM {t} WHERE match_id = ?", [match_id]).fetchall(), key=repr)
        for t in tables
    }


def build_played(path, registry: Registry, actions: int = 24) -> str:
    """A store file at ``path`` holding one match with moves, rolls, decisions and forced undos."""
    with Store.open(path) as store:
        match = new_match(store, registry)
        play(match, actions, undo_every=6)
        return match.match_id


@cache
def played_file() -> Path:
    """One store file with a played match (:func:`build_played`), built once per test run;
    tests copy it rather than play again."""
    folder = Path(tempfile.mkdtemp(prefix="phaseline-played-"))
    atexit.register(shutil.rmtree, folder, True)
    build_played(folder / "played.duckdb", long_registry())
    return folder / "played.duckdb"


def copy_store(source: Path, target: Path) -> Path:
    """A copy of the store file ``source`` at ``target``, with its keyring (the seats it holds)."""
    from phaseline.keyring import Keyring

    shutil.copy(source, target)
    keys = Keyring.beside(source).folder
    if keys is not None and keys.is_dir():
        shutil.copytree(keys, Keyring.beside(target).folder, dirs_exist_ok=True)
    return target


def copy_played(target: Path) -> Path:
    """A fresh copy of :func:`played_file` at ``target`` (with its keyring)."""
    return copy_store(played_file(), target)


SCHEMA_6_VIEWS = Path(__file__).parent.parent / "fixtures" / "history-views-schema-6.sql"
EFFECT_STAMP_AND_UNDO = (*EFFECT_STAMP, "undone_by")  # the columns effect gained in schema 7


def downgrade_to_schema_8(con) -> None:
    """Make the store (or match file) on ``con`` look as phaseline wrote it at schema 8: matches
    without their scenario's title."""
    con.execute(
        """ALTER TABLE match DROP COLUMN title;
           UPDATE meta SET value = '8' WHERE key = 'schema_version';
           DELETE FROM meta WHERE key = 'views'"""
    )


def downgrade_to_schema_7(con) -> None:
    """Make the store (or match file) on ``con`` look as phaseline wrote it at schema 7: as at
    schema 8, and each table's match_id named game_id (plugin tables too), the match's game
    named ruleset."""
    downgrade_to_schema_8(con)
    tables = con.execute(
        """SELECT c.table_name FROM duckdb_columns() c
           JOIN duckdb_tables() t USING (database_name, schema_name, table_name)
           WHERE c.database_name = current_database() AND c.column_name = 'match_id'"""
    ).fetchall()
    views = con.execute(
        "SELECT view_name, sql FROM duckdb_views() WHERE NOT internal AND database_name = current_database()"
    ).fetchall()
    for name, _ in views:
        con.execute(f'DROP VIEW IF EXISTS "{name}"')
    for (table,) in tables:
        con.execute(f"ALTER TABLE {table} RENAME COLUMN match_id TO game_id")
    con.execute(
        """ALTER TABLE match RENAME COLUMN game TO ruleset;
           UPDATE meta SET key = 'current_game' WHERE key = 'current_match';
           UPDATE meta SET value = '7' WHERE key = 'schema_version';
           DELETE FROM meta WHERE key = 'views'"""
    )
    pending = [
        re.sub(r"\.game\b", ".ruleset", sql.replace("match_id", "game_id")) for _, sql in views
    ]  # the views as schema 7 made them
    while pending:  # a view after the views it reads (view_oid is no guide: a reopened store replaces some)
        failed = []
        for sql in pending:
            try:
                con.execute(sql)
            except duckdb.CatalogException:
                failed.append(sql)
        if len(failed) == len(pending):
            raise RuntimeError(f"views that read no view: {failed}")
        pending = failed


def downgrade_to_schema_6(con) -> None:
    """Make the store (or match file) on ``con`` look as phaseline wrote it at schema 6: as at
    schema 7, and events that do not say whether they resolve a combat, effects without their
    event's columns, and the views that joined the two."""
    downgrade_to_schema_7(con)
    con.execute(
        f"""ALTER TABLE event DROP COLUMN combat;
            {"".join(f"ALTER TABLE effect DROP COLUMN {c};" for c in EFFECT_STAMP_AND_UNDO)}
            UPDATE meta SET value = '6' WHERE key = 'schema_version';
            DELETE FROM meta WHERE key = 'views'"""
    )
    con.execute(SCHEMA_6_VIEWS.read_text())  # the history views as schema 6 made them


def downgrade_to_schema_4(con) -> None:
    """Make the store (or match file) on ``con`` look as phaseline wrote it at schema 4: events
    without their time, their cause's verb and the undo that took them back."""
    downgrade_to_schema_6(con)
    con.execute(
        """ALTER TABLE event DROP COLUMN logged_at; ALTER TABLE event DROP COLUMN cause_verb;
           ALTER TABLE event DROP COLUMN undone_by; ALTER TABLE event DROP COLUMN undone_forced;
           UPDATE meta SET value = '4' WHERE key = 'schema_version';
           DELETE FROM meta WHERE key = 'views'"""
    )


def downgrade_to_schema_3(con) -> None:
    """Make the store (or match file) on ``con`` look as phaseline wrote it at schema 3: no
    match identity, dice mode, seats, signatures or data digests, events hashed without seats."""
    from phaseline.events import GENESIS, event_hash

    downgrade_to_schema_4(con)
    cursor = con.execute("SELECT * FROM event ORDER BY game_id, seq")
    names = [d[0] for d in cursor.description]
    prev: dict[str, str] = {}
    for values in cursor.fetchall():
        row = {**dict(zip(names, values, strict=True)), "seat": None}
        digest = event_hash({**row, "match_id": row["game_id"]}, prev.get(row["game_id"], GENESIS))
        con.execute(
            "UPDATE event SET prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
            [prev.get(row["game_id"], GENESIS), digest, row["game_id"], row["seq"]],
        )
        prev[row["game_id"]] = digest
    con.execute(
        """ALTER TABLE event DROP COLUMN sig; ALTER TABLE event DROP COLUMN seat;
           ALTER TABLE match DROP COLUMN dice; ALTER TABLE match DROP COLUMN uid;
           ALTER TABLE match ALTER COLUMN seed SET NOT NULL;
           DROP TABLE seat; DROP TABLE match_data;
           UPDATE meta SET value = '3' WHERE key = 'schema_version'"""
    )
