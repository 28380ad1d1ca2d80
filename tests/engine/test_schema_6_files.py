"""Files phaseline wrote at schema 6, when a match's rows were keyed ``game_id`` and the match
named its game in ``ruleset``: the store opens, migrated; the same file imports as a match file;
its turn file (version 1) imports.

tests/fixtures/schema6/ was written by phaseline at schema 6: the toy match of
``history_support.long_registry()``, seed 3, twelve actions, made current with ``phaseline use``'s
meta row; ``store.duckdb.gz`` is that store (copied into 16 KB blocks, then gzipped), and
``match.turn`` the match's whole turn file.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from history_support import long_registry
from phaseline import Match, Store
from phaseline.cli.current import current_match
from phaseline.importing import import_match
from phaseline.replay import verify
from phaseline.store import SCHEMA_VERSION

FIXTURES = Path(__file__).parent.parent / "fixtures" / "schema6"
EVENTS = 26  # the fixture match's events
OLD_NAMES = "SELECT count(*) FROM duckdb_columns() WHERE column_name IN ('game_id', 'ruleset')"


@pytest.fixture(scope="module")
def registry():
    return long_registry()


def unpacked(folder: Path) -> Path:
    path = folder / "schema6.duckdb"
    path.write_bytes(gzip.decompress((FIXTURES / "store.duckdb.gz").read_bytes()))
    return path


def the_match_is_whole(store: Store, registry) -> None:
    """The match is there under today's names, its log replays, its plugin table kept its rows."""
    assert store.one(OLD_NAMES) == 0
    assert store.rows("SELECT match_id, game, scenario FROM match") == [
        {"match_id": "toy-1", "game": "toy", "scenario": "skirmish"}
    ]
    assert verify(store, registry, "toy-1") == EVENTS
    assert Match.load(store, registry, "toy-1").events.last_seq == EVENTS


def test_a_schema_6_store_opens_with_every_column_renamed(tmp_path, registry):
    with Store.open(unpacked(tmp_path)) as store:
        assert store.one("SELECT value FROM meta WHERE key = 'schema_version'") == str(SCHEMA_VERSION)
        the_match_is_whole(store, registry)
        assert store.rows("SELECT side, kills FROM toy_score WHERE match_id = 'toy-1' ORDER BY side")  # a plugin's
        assert current_match(store) == "toy-1"
        assert store.one("SELECT count(*) FROM meta WHERE key = 'current_game'") == 0
        assert store.one("SELECT count(*) FROM live_event WHERE match_id = 'toy-1'") == EVENTS  # the views too


def test_a_schema_6_store_keeps_its_primary_keys(tmp_path):
    with Store.open(unpacked(tmp_path)) as store:
        keys = store.one(
            "SELECT constraint_text FROM duckdb_constraints() "
            "WHERE table_name = 'event' AND constraint_type = 'PRIMARY KEY'"
        )
        assert keys == "PRIMARY KEY(match_id, seq)"


def test_a_schema_6_match_file_imports(tmp_path, registry):
    with Store.open(tmp_path / "mine.duckdb") as store:
        assert import_match(store, registry, unpacked(tmp_path))["new"]
        the_match_is_whole(store, registry)


def test_a_version_1_turn_file_imports(tmp_path, registry):
    with Store.open(tmp_path / "mine.duckdb") as store:
        assert import_match(store, registry, FIXTURES / "match.turn", player="bob")["new"]
        the_match_is_whole(store, registry)
