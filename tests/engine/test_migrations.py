"""Stores written by an older phaseline open after their schema migrations run."""

from __future__ import annotations

from phaseline import Store

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
        store.con.execute(V1_PATH_TABLES)
    with Store.open(path) as store:
        assert store.one("SELECT value FROM meta WHERE key = 'schema_version'") == "2"
        assert store.rows("SELECT side, kind, state, cost FROM path_cost") == [
            {"side": "A", "kind": "river", "state": "*", "cost": None}
        ]
        assert store.rows("SELECT occupied_cost, from_own_space FROM path_rule") == [
            {"occupied_cost": None, "from_own_space": False}
        ]
        store.con.execute("INSERT INTO link_state VALUES ('g', '1', '2', 'destroyed')")
        store.con.execute("INSERT INTO space_control VALUES ('g', '1', 'DE')")
