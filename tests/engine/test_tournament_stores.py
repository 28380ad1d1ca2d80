"""A worker's match stores (phaseline.tournament.stores): each match in a store of its own,
made from the schema of the one before, its static rows copied from the worker's first
match of the scenario; every match plays as it does in a store it opened itself."""

from __future__ import annotations

import pytest
from phaseline import Match
from phaseline.store import SCHEMA_VERSION
from phaseline.tournament import play_match, stores
from phaseline.tournament.stores import MatchStores
from tournament_support import FailsOnOneSeed, played, specs_of, tournament_registry


def test_each_match_has_a_store_of_its_own_and_copies_the_first_ones_static_rows():
    first, second = specs_of("aggressive", matches=2)
    with MatchStores() as stores:
        with stores.store(first) as (store, source):
            assert source is None and store.one("SELECT count(*) FROM match") == 0
        with stores.store(first) as (_, source):
            assert source is None  # a store left without its match is no source
        assert play_match(first, tournament_registry(), stores).error is None
        with stores.store(second) as (store, source):
            assert source is not None and source.match_id == first.match_id
            assert store.one("SELECT count(*) FROM match") == 0  # the tables, none of the first match's rows
            assert store.one("SELECT value FROM meta WHERE key = 'schema_version'") == str(SCHEMA_VERSION)


def test_every_few_matches_the_stores_begin_again_in_a_new_instance(monkeypatch):
    """A DuckDB instance that made many databases grows slower: its successor's first match
    loads the scenario again, and a store still in use keeps its instance."""
    monkeypatch.setattr(stores, "MATCHES_AN_INSTANCE", 2)
    registry = tournament_registry()
    sources = []
    with MatchStores() as made:
        for spec in specs_of("aggressive", matches=5):
            with made.store(spec) as (store, source):
                sources.append(source and source.match_id)
                Match.create(store, registry, spec.game, spec.scenario, seed=spec.seed, match_id=spec.match_id,
                             static_from=source)  # fmt: skip
                if spec.index == 3:  # the instance has made its two, but one is in use
                    with made.store(spec) as (_, inner):
                        assert inner == source
    assert sources == [None, "toy-t1-001", None, "toy-t1-003", None]


@pytest.mark.slow
def test_a_match_plays_in_the_worker_stores_as_in_a_store_it_opened_itself(tmp_path):
    registry = tournament_registry()
    alone = [played(play_match(spec, registry), tmp_path) for spec in specs_of("aggressive", matches=3)]
    with MatchStores() as stores:
        shared = [played(play_match(spec, registry, stores), tmp_path) for spec in specs_of("aggressive", matches=3)]
    assert shared == alone


@pytest.mark.slow
def test_a_first_match_that_fails_is_no_source(tmp_path, monkeypatch):
    monkeypatch.setattr(FailsOnOneSeed, "failing", 40)
    registry = tournament_registry()
    first, second, third = specs_of("fragile", matches=3)
    with MatchStores() as stores:
        assert play_match(first, registry, stores).error == "RuntimeError: the bot lost its way"
        with stores.store(second) as (_, source):
            assert source is None
        assert play_match(second, registry, stores).error is None
        with stores.store(third) as (_, source):
            assert source is not None and source.match_id == second.match_id
