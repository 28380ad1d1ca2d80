"""A match made from another match's static rows (``Match.create(static_from=…)``, as a
tournament's worker makes all but its first): every table holds what the same match made
from the scenario's files holds, and a source made otherwise is refused."""

from __future__ import annotations

import pytest
from phaseline import Match, Store
from phaseline.match_data import StaticSource
from phaseline.plugins import registry
from phaseline.replay import match_tables

# What each creation of a match draws anew: the seats' keys (so the signatures and the hashes
# that chain them), its uid and the times.
NEW_EACH_TIME = {"uid", "created_at", "logged_at", "public_key", "claim_sig", "reveal_sig", "sig", "hash", "prev_hash"}

INSTALLED = registry()
CASES = [
    pytest.param(game, scenario, (), id=f"{game}-{scenario}")
    for game, info in sorted(INSTALLED.games.items())
    for scenario in info.scenarios
] + [
    pytest.param(game, next(iter(INSTALLED.game(game).scenarios)), (rule,), id=f"{game}-option-{rule}")
    for game, rule in sorted(INSTALLED.rules)
]


def made(store: Store, game: str, scenario: str, options: tuple[str, ...], match_id: str, **kwargs) -> Match:
    return Match.create(store, INSTALLED, game, scenario, options=options, seed=7, match_id=match_id, **kwargs)


def rows_of(store: Store, match_id: str) -> dict[str, list[tuple]]:
    """Every table's rows of the match, sorted, without its id and what each creation draws anew."""
    found = {}
    for table, columns in match_tables(store).items():
        kept = ", ".join(f'"{c}"' for c in columns if c != "match_id" and c not in NEW_EACH_TIME)
        found[table] = store.con.execute(
            f'SELECT {kept} FROM "{table}" WHERE match_id = ? ORDER BY ALL', [match_id]
        ).fetchall()
    return found


@pytest.mark.parametrize(("game", "scenario", "options"), CASES)
def test_a_match_made_from_anothers_static_rows_is_the_match_made_from_the_files(game, scenario, options):
    with Store.open(":memory:") as store:
        first = made(store, game, scenario, options, "first")
        made(store, game, scenario, options, "from-files")
        made(store, game, scenario, options, "copied", static_from=StaticSource.of(store, first.match_id))
        from_files, copied = rows_of(store, "from-files"), rows_of(store, "copied")
    assert copied == from_files
    assert copied["space"] and copied["match_data"]  # the board and its digests came along


def test_the_static_rows_come_from_a_store_attached_to_the_same_instance():
    with Store.open(":memory:") as store, store.scratch() as other:
        first = made(other, "battle-for-germany", "historical", (), "first")
        source = StaticSource.of(other, first.match_id)
        made(store, "battle-for-germany", "historical", (), "copied", static_from=source)
        made(store, "battle-for-germany", "historical", (), "from-files")
        assert rows_of(store, "copied") == rows_of(store, "from-files")


@pytest.mark.parametrize(
    ("scenario", "options"),
    [
        pytest.param("collapse", (), id="another-scenario"),
        pytest.param("historical", ("12.3",), id="another-optional-rule"),
        pytest.param("historical", ("terrain-plus-one",), id="another-ruling"),
    ],
)
def test_a_source_made_otherwise_is_refused_and_nothing_is_left(scenario, options):
    with Store.open(":memory:") as store:
        first = made(store, "battle-for-germany", "historical", (), "first")
        source = StaticSource.of(store, first.match_id)
        with pytest.raises(ValueError, match="is not made as first"):
            made(store, "battle-for-germany", scenario, options, "other", static_from=source)
        assert store.one("SELECT count(*) FROM space WHERE match_id = 'other'") == 0
        assert store.one("SELECT count(*) FROM match WHERE match_id = 'other'") == 0
