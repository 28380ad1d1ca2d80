"""A tournament's pool (phaseline.tournament.pool): matches played together in one store, their
rule queries asked in one statement, each playing as it does alone, and the others playing on
when one fails. The toy game's ``watchful`` bots ask rule queries before every move, so the
matches of a pool park and are answered together."""

from __future__ import annotations

import gc

import pytest
from phaseline.match_data import StaticSource
from phaseline.pooled_queries import PooledForm
from phaseline.tournament import play_match
from phaseline.tournament.pool import play_pool
from tournament_support import BreaksOnOneSeed, FailsOnOneSeed, played, specs_of, tournament_registry

pytestmark = pytest.mark.slow  # whole matches, alone and pooled (quick_loop.ALL_SLOW)


@pytest.fixture(scope="module")
def alone(tmp_path_factory):
    """Each watchful match played alone, in a store of its own (as --pool 1 plays it)."""
    registry = tournament_registry()
    folder = tmp_path_factory.mktemp("alone")
    return [played(play_match(spec, registry), folder) for spec in specs_of("watchful")]


def test_a_pooled_match_plays_as_it_does_alone(alone, tmp_path):
    parts = play_pool(specs_of("watchful"), tournament_registry())
    assert [part.spec.index for part in parts] == [0, 1, 2, 3]
    assert [played(part, tmp_path) for part in parts] == alone
    assert all(part.cpu > 0 for part in parts)


def test_a_pools_later_matches_copy_the_first_ones_static_rows(alone, tmp_path, monkeypatch):
    """The first match loads the scenario; each later one copies its board, units and tables
    (as a worker's stores do), and plays as it does alone."""
    copy_to = StaticSource.copy_to
    copied = []

    def recording(self, match):
        copied.append((self.match_id, match.match_id))
        return copy_to(self, match)

    monkeypatch.setattr(StaticSource, "copy_to", recording)
    specs = specs_of("watchful")
    parts = play_pool(specs, tournament_registry())
    assert copied == [(specs[0].match_id, spec.match_id) for spec in specs[1:]]
    assert [played(part, tmp_path) for part in parts] == alone


@pytest.mark.parametrize(
    ("bot", "failing", "error"),
    [
        pytest.param("fragile", FailsOnOneSeed, "RuntimeError: the bot lost its way", id="a-python-error"),
        pytest.param("breaking", BreaksOnOneSeed, "CatalogException: ", id="a-duckdb-error-aborting-the-transaction"),
    ],
)
def test_a_match_that_fails_in_a_pool_leaves_the_others_playing(tmp_path, monkeypatch, bot, failing, error):
    """Each of the others plays as it does alone (after a DuckDB error, again in a new store)."""
    monkeypatch.setattr(failing, "failing", 41)
    registry = tournament_registry()
    parts = play_pool(specs_of(bot), registry)
    assert parts[1].result is None and parts[1].error.startswith(error) and parts[1].spec.seed == 41
    others = [spec for spec in specs_of(bot) if spec.seed != 41]
    assert [played(part, tmp_path) for part in parts if part.spec.seed != 41] == [
        played(play_match(spec, registry), tmp_path) for spec in others
    ]


def test_a_pooled_statement_that_fails_is_asked_match_by_match(alone, tmp_path, monkeypatch):
    """A pooled statement DuckDB refuses aborts the pool's transaction: the matches play again,
    that query asked one match at a time, and end as they do alone."""
    answer = PooledForm.answer
    failed = []

    def failing_once(self, store, asks):
        if not failed:
            failed.append(self.query.name)
            store.con.execute("SELECT * FROM no_such_table")
        return answer(self, store, asks)

    monkeypatch.setattr(PooledForm, "answer", failing_once)
    parts = play_pool(specs_of("watchful"), tournament_registry())
    assert failed and [played(part, tmp_path) for part in parts] == alone


def test_a_query_written_together_waits_for_the_other_matches(tmp_path, monkeypatch):
    """The gathering bots ask enemy-zoc zero to two times before each movement-legal, a number
    that varies from match to match: the pool answers the others first, so each movement-legal
    statement carries an ask of every match still playing, as many as the statement before or
    fewer (a match ended). The matches still play as they do alone."""
    answer = PooledForm.answer
    together: list[int] = []

    def counting(self, store, asks):
        if self.query.name == "movement-legal":
            together.append(len(asks))
        return answer(self, store, asks)

    monkeypatch.setattr(PooledForm, "answer", counting)
    registry = tournament_registry()
    parts = play_pool(specs_of("gathering"), registry)
    assert together[0] == 4 and together == sorted(together, reverse=True)
    monkeypatch.setattr(PooledForm, "answer", answer)
    assert [played(part, tmp_path) for part in parts] == [
        played(play_match(spec, registry), tmp_path) for spec in specs_of("gathering")
    ]


@pytest.mark.parametrize("collecting", [True, False], ids=["collector-on-before", "collector-off-before"])
def test_a_pool_plays_with_the_cycle_collector_off_then_leaves_it_as_it_was(monkeypatch, collecting):
    """Every pooled statement is asked with Python's cycle collector off (a full collection
    would walk every match of the pool); once the pool ends the collector is as it was."""
    answer = PooledForm.answer
    collector: list[bool] = []

    def noting(self, store, asks):
        collector.append(gc.isenabled())
        return answer(self, store, asks)

    monkeypatch.setattr(PooledForm, "answer", noting)
    was = gc.isenabled()
    (gc.enable if collecting else gc.disable)()
    try:
        parts = play_pool(specs_of("watchful"), tournament_registry())
        assert gc.isenabled() is collecting
    finally:
        (gc.enable if was else gc.disable)()
    assert collector and not any(collector)
    assert all(part.error is None for part in parts)
