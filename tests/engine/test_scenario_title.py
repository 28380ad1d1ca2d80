"""A custom scenario's title stays with its match: in the store, in the files sent, across schema 8."""

from __future__ import annotations

from pathlib import Path

from exchange_support import read_file, write_file
from history_support import downgrade_to_schema_8
from phaseline import Match, Store
from phaseline.exchange import export_match
from phaseline.importing import import_match
from phaseline.plugins import registry
from phaseline.scenario import load_custom
from phaseline.store import SCHEMA_VERSION

BFG = "battle-for-germany"


def custom_match(tmp_path: Path, store: Store) -> Match:
    """A Battle for Germany match of a scenario folder titled "Oder line", Bob's seat open."""
    folder = tmp_path / "oder"
    folder.mkdir()
    (folder / "scenario.toml").write_text(f'game = "{BFG}"\nbase = "historical"\ntitle = "Oder line"\n')
    reg = registry()
    _, scenario = load_custom(folder, reg.games, expected=BFG)
    return Match.create(store, reg, BFG, scenario, player="alice", open_seats=["WA"])


def base_title() -> str:
    return registry().game(BFG).scenario("historical").title


def test_a_custom_scenarios_title_is_the_matchs_after_it_is_made(tmp_path):
    with Store.open(tmp_path / "alice.duckdb") as store:
        match_id = custom_match(tmp_path, store).match_id
        again = Match.load(store, registry(), match_id)
        assert (again.scenario.name, again.scenario.title) == ("historical", "Oder line")
        assert store.one("SELECT title FROM match") == "Oder line"


def test_the_title_goes_with_the_match_to_the_other_player(tmp_path):
    with Store.open(tmp_path / "alice.duckdb") as alice, Store.open(tmp_path / "bob.duckdb") as bob:
        match_id = custom_match(tmp_path, alice).match_id
        export_match(alice, registry(), match_id, tmp_path / "first.turn")
        import_match(bob, registry(), tmp_path / "first.turn", player="bob")
        assert Match.load(bob, registry(), match_id).scenario.title == "Oder line"


def test_a_file_from_before_schema_9_imports_with_the_base_scenarios_title(tmp_path):
    """What an older phaseline sends: a match table without its last column, title."""
    with Store.open(tmp_path / "alice.duckdb") as alice, Store.open(tmp_path / "bob.duckdb") as bob:
        match_id = custom_match(tmp_path, alice).match_id
        export_match(alice, registry(), match_id, tmp_path / "old.turn")
        document = read_file(tmp_path / "old.turn")
        table = document["tables"]["match"]
        assert table["columns"][-1][0] == "title"
        table["columns"].pop()
        for row in table["rows"]:
            row.pop()
        write_file(tmp_path / "old.turn", document)
        import_match(bob, registry(), tmp_path / "old.turn", player="bob")
        assert bob.one("SELECT title FROM match") is None
        assert Match.load(bob, registry(), match_id).scenario.title == base_title()


def test_a_schema_8_store_opens_its_matches_under_their_base_scenarios_title(tmp_path):
    path = tmp_path / "old.duckdb"
    with Store.open(path) as store:
        match_id = custom_match(tmp_path, store).match_id
        downgrade_to_schema_8(store.con)
    with Store.open(path) as store:
        assert store.one("SELECT value FROM meta WHERE key = 'schema_version'") == str(SCHEMA_VERSION)
        assert store.one("SELECT title FROM match") is None
        assert Match.load(store, registry(), match_id).scenario.title == base_title()
