"""Stores written by an older phaseline open after their schema migrations run."""

from __future__ import annotations

from random import Random

from boards import generate, load_board
from history_support import (
    EFFECT_STAMP_AND_UNDO,
    CombatToy,
    combat_registry,
    downgrade_to_schema_3,
    downgrade_to_schema_4,
    downgrade_to_schema_6,
    long_registry,
    new_match,
    play,
)
from phaseline import Event, Match, Store
from phaseline.queries import get_query
from phaseline.store import SCHEMA_VERSION

V1_PATH_TABLES = """
DROP TABLE link_state;
DROP TABLE space_control;
DROP TABLE path_cost;
DROP TABLE path_rule;
CREATE TABLE path_cost (game_id VARCHAR NOT NULL, side VARCHAR NOT NULL, applies_to VARCHAR NOT NULL,
    kind VARCHAR NOT NULL, cost INTEGER, rule VARCHAR NOT NULL, PRIMARY KEY (game_id, side, applies_to, kind));
CREATE TABLE path_rule (game_id VARCHAR NOT NULL, side VARCHAR NOT NULL, blocked_by_enemy_zoc BOOLEAN NOT NULL,
    rule VARCHAR NOT NULL, PRIMARY KEY (game_id, side));
INSERT INTO path_cost VALUES ('g', 'A', 'border', 'river', NULL, '7.1');
INSERT INTO path_rule VALUES ('g', 'A', TRUE, '7.2');
UPDATE meta SET value = '1' WHERE key = 'schema_version';
"""


def test_a_schema_1_store_gains_border_state_and_keeps_its_path_rows(tmp_path):
    path = tmp_path / "old.duckdb"
    with Store.open(path) as store:
        downgrade_to_schema_6(store.con)
        store.con.execute(V1_PATH_TABLES)
    with Store.open(path) as store:
        assert store.one("SELECT value FROM meta WHERE key = 'schema_version'") == str(SCHEMA_VERSION)
        assert store.rows("SELECT side, kind, state, cost FROM path_cost") == [
            {"side": "A", "kind": "river", "state": "*", "cost": None}
        ]
        assert store.rows("SELECT occupied_cost, from_own_space FROM path_rule") == [
            {"occupied_cost": None, "from_own_space": False}
        ]
        store.con.execute("INSERT INTO link_state VALUES ('g', '1', '2', 'destroyed')")
        store.con.execute("INSERT INTO space_control VALUES ('g', '1', 'DE')")


def test_a_schema_2_store_derives_the_move_links_of_its_matches(tmp_path):
    path = tmp_path / "old.duckdb"
    board = generate(Random(5), 6, 6, 8, 2, match_id="g2")
    with Store.open(path) as store:
        load_board(store, board)
        expected = store.rows(get_query("move-links").sql, {"match_id": "g2"})
        downgrade_to_schema_6(store.con)
        store.con.execute("DROP TABLE move_link; UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    with Store.open(path) as store:
        assert store.one("SELECT value FROM meta WHERE key = 'schema_version'") == str(SCHEMA_VERSION)
        found = store.rows("SELECT * EXCLUDE (match_id) FROM move_link WHERE match_id = 'g2' ORDER BY a, b")
    assert found == expected
    assert found


def test_a_schema_3_store_keeps_its_matches_as_known_seed_matches_without_seats(tmp_path):
    path = tmp_path / "old.duckdb"
    registry = long_registry()
    with Store.open(path) as store:
        match = new_match(store, registry, seed=5)
        match_id = match.match_id
        downgrade_to_schema_3(store.con)
    with Store.open(path) as store:
        row = store.rows("SELECT seed, dice, uid FROM match")[0]
        assert (row["seed"], row["dice"]) == (5, "known seed") and len(row["uid"]) == 32
        assert store.one("SELECT count(*) FROM event WHERE seat IS NOT NULL") == 0
        from phaseline.replay import verify

        assert verify(store, registry, match_id) > 0  # events hashed without seats still chain
        match = Match.load(store, registry, match_id)
        play(match, 6)  # anyone plays a match made before seats, unsigned, as before
        assert store.one("SELECT count(*) FROM event WHERE seat IS NOT NULL OR sig IS NOT NULL") == 0
        assert verify(store, registry, match_id) == match.events.last_seq


def test_a_schema_4_store_learns_what_its_undos_took_back_and_when_its_events_come(tmp_path):
    """Schema 5: each event's cause verb and the undo that took it back (the first of nested undos)."""
    from phaseline.replay import verify
    from phaseline.undo import undo

    path = tmp_path / "old.duckdb"
    registry = long_registry()
    columns = "SELECT seq, cause_verb, undone_by, undone_forced FROM event ORDER BY seq"
    with Store.open(path) as store:
        match = new_match(store, registry, seed=5)
        while not any(a.verb == "attack" for a in match.legal_actions()):
            play(match, 1)
        match.play(next(a for a in match.legal_actions() if a.verb == "attack"))  # a roll to take back
        for _ in range(3):  # a re-roll, then an undo of it, and an undo of that
            undo(match, force=True)
        play(match, 2)
        marked = store.rows(columns)
        downgrade_to_schema_4(store.con)
    assert {r["undone_forced"] for r in marked} >= {None, True} and any(r["cause_verb"] for r in marked)
    with Store.open(path) as store:
        assert store.one("SELECT value FROM meta WHERE key = 'schema_version'") == str(SCHEMA_VERSION)
        assert store.rows(columns) == marked  # as the undos themselves marked them
        assert store.one("SELECT count(*) FROM event WHERE logged_at IS NOT NULL") == 0  # unknown, not made up
        assert store.one("SELECT count(*) = count(DISTINCT seq) FROM undone_event") is True
        assert verify(store, registry, match.match_id) == match.events.last_seq
        match = Match.load(store, registry, match.match_id)
        play(match, 2)
        assert store.one("SELECT count(*) FROM event WHERE logged_at IS NOT NULL") > 0
        assert verify(store, registry, match.match_id) == match.events.last_seq


class AssaultToy(CombatToy):
    """The toy game that logs its combats as Breakout: Normandy logs its assaults: as notes whose
    payload carries the combat (its attack_terms)."""

    def combat_event(self, side: str, attacker: str, defender: str, where: str, die: int, result: str) -> Event:
        return Event("note", side=side, purpose=f"{attacker} assaults {defender}: {result}", rule="T2",
                     payload={"attack": 2, "defense": 1, "attack_terms": [[attacker, 2, "T2"]],
                              "defense_terms": [[defender, 1, "T2"]], "where": where, "result": result})  # fmt: skip


HISTORY_VIEWS = ("undone_event", "live_event", "move", "roll", "combat", "change", "match_summary")


def test_a_schema_6_store_answers_the_same_rows_through_views_that_join_nothing(tmp_path):
    """Schema 7: each effect carries its event's turn, phase, side, kind, cause, time and undo,
    and each event says whether it resolves a combat; every history view gives the rows the
    schema-6 views (which joined effects to events, and read every payload) gave."""
    from phaseline.replay import verify
    from phaseline.undo import undo

    path = tmp_path / "old.duckdb"
    registries = {"combat": combat_registry(), "assault": combat_registry(AssaultToy())}
    with Store.open(path) as store:
        games = {name: new_match(store, registry, seed=5) for name, registry in registries.items()}
        for game in games.values():
            play(game, 10)  # moves, attacks (rolls and combats), eliminations
            undo(game, force=True)
            undo(game, force=True)  # an undo of an undo
            play(game, 12, undo_every=4)
        downgrade_to_schema_6(store.con)
        before = {view: store.con.execute(f"SELECT * FROM {view} ORDER BY ALL").fetchall() for view in HISTORY_VIEWS}
    assert {row[0] for row in before["combat"]} == {game.match_id for game in games.values()}  # both kinds
    assert {row[-1] for row in before["move"]} == {True, False}  # moves that count, and moves taken back
    with Store.open(path) as store:
        assert store.one("SELECT value FROM meta WHERE key = 'schema_version'") == str(SCHEMA_VERSION)
        for view in HISTORY_VIEWS:
            assert store.con.execute(f"SELECT * FROM {view} ORDER BY ALL").fetchall() == before[view], view
        differs = " OR ".join(f"f.{c} IS DISTINCT FROM e.{c}" for c in EFFECT_STAMP_AND_UNDO)
        assert store.one(f"SELECT count(*) FROM effect f JOIN event e USING (match_id, seq) WHERE {differs}") == 0
        for name, game in games.items():
            assert verify(store, registries[name], game.match_id) == game.events.last_seq  # replay derives them alike
            game = Match.load(store, registries[name], game.match_id)
            play(game, 4, undo_every=2)
        assert store.one(f"SELECT count(*) FROM effect f JOIN event e USING (match_id, seq) WHERE {differs}") == 0
