"""Bad input everywhere (issue 12): each is one clear line and its exit code, never an internal
error (exit 70), and nothing is left half-written: no match, no changed store.

Arguments of ``new``, ``show`` and ``autoplay``; damaged stores; custom scenario folders of
Battle for Germany (docs/scenarios.md, "Errors"); file names too long. Full disks are
XX
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import duckdb
import pytest
from clitools import run_cli

BFG = Path(__file__).resolve().parents[2] / "scenarios" / "bfg"


def one_line(code: int, out: str, expected_code: int, words: str) -> None:
    assert code == expected_code, out
    assert out.strip().startswith("error: ") and out.strip().count("\n") == 0, out
    assert words in out, out


def matches(home: Path) -> list[str]:
    store = home / "phaseline.duckdb"
    if not store.exists():
        return []
    with duckdb.connect(str(store), read_only=True) as con:
        return [row[0] for row in con.execute("SELECT match_id FROM match ORDER BY 1").fetchall()]


@pytest.fixture(scope="module")
def bfg_store(tmp_path_factory) -> Path:
    """A store with one Battle for Germany match, made once and copied by each test that needs it."""
    from phaseline import Match, Store
    from phaseline.plugins import registry

    path = tmp_path_factory.mktemp("bfg") / "phaseline.duckdb"
    with Store.open(path) as store:
        Match.create(store, registry(), "battle-for-germany", "historical", seed=1, match_id="m1")
    return path


@pytest.fixture
def with_match(home, bfg_store) -> Path:
    home.mkdir(parents=True, exist_ok=True)
    shutil.copy(bfg_store, home / "phaseline.duckdb")
    return home / "phaseline.duckdb"


# --- arguments ---------------------------------------------------------------------------


def test_new_with_the_name_of_a_match_in_the_store_is_refused(with_match, home):
    code, out = run_cli(["new", "battle-for-germany", "--name", "m1"])
    one_line(code, out, 2, "this store has a match m1 already: choose another --name")
    assert matches(home) == ["m1"]


@pytest.mark.parametrize(
    "name", ["a b", "../up", "x" * 300, "-dash", "semi;colon"], ids=["space", "path", "too-long", "dash", "semicolon"]
)
def test_new_with_a_match_id_that_cannot_be_one_is_refused(home, name):
    code, out = run_cli(["new", "battle-for-germany", f"--name={name}"])
    one_line(code, out, 2, "match id")
    assert matches(home) == []


@pytest.mark.parametrize("seed", [str(2**64), str(2**63), "-1"], ids=["65-bits", "64-bits", "negative"])
def test_a_seed_outside_64_bits_is_refused(home, seed):
    code, out = run_cli(["new", "battle-for-germany", f"--seed={seed}"])
    one_line(code, out, 2, "a seed is a whole number from 0 to 9223372036854775807")
    assert matches(home) == []


def test_an_option_given_twice_counts_once(home):
    code, out = run_cli(["new", "battle-for-germany", "-o", "12.3", "-o", "12.3", "--name", "twice"])
    assert code == 0, out
    with duckdb.connect(str(home / "phaseline.duckdb"), read_only=True) as con:
        assert con.execute("SELECT options FROM match").fetchone()[0] == ["12.3"]


def test_show_at_0_names_the_set_up(with_match):
    code, out = run_cli(["show", "--at", "0"])
    one_line(code, out, 3, "no event 0 (event 1 is the set-up: before it there is no state to show)")


def test_autoplay_with_no_such_bot_leaves_no_match_behind(home):
    code, out = run_cli(["autoplay", "battle-for-germany", "--bot", "nosuch"])
    one_line(code, out, 3, "no bot 'nosuch' for battle-for-germany")
    assert matches(home) == []


def test_a_file_name_too_long_is_one_line(with_match, tmp_path):
    long = tmp_path / ("y" * 300)
    code, out = run_cli(["export", f"{long}.turn"])
    one_line(code, out, 7, "file name too long")
    code, out = run_cli(["--db", f"{long}.duckdb", "list"])
    one_line(code, out, 7, "file name too long")
    code, out = run_cli(["import", f"{long}.turn"])
    one_line(code, out, 7, "File name too long")


# --- damaged stores ------------------------------------------------------------------------


def damage(store: Path, sql: str) -> None:
    with duckdb.connect(str(store)) as con:
        con.execute(sql)


def test_a_truncated_store_is_one_line(with_match):
    data = with_match.read_bytes()
    with_match.write_bytes(data[: len(data) // 3])
    for command in (["list"], ["status"], ["new", "battle-for-germany"]):
        code, out = run_cli(command)
        one_line(code, out, 7, "damaged or truncated")


def test_a_schema_version_that_is_no_number_is_one_line(with_match):
    damage(with_match, "UPDATE meta SET value = '4x' WHERE key = 'schema_version'")
    code, out = run_cli(["list"])
    one_line(code, out, 7, "records the schema version '4x', which no phaseline wrote")


@pytest.mark.parametrize("command", [["list"], ["status"], ["log"], ["end"]], ids=lambda c: c[0])
def test_a_store_without_its_event_table_is_named_damaged(with_match, command):
    damage(with_match, "DROP VIEW IF EXISTS live_event CASCADE; DROP TABLE event CASCADE")
    code, out = run_cli(command)
    one_line(code, out, 7, "the store has no table event, which every phaseline store has: it is damaged")


def test_a_store_without_meta_is_refused_not_recreated_by_a_write(with_match, home):
    damage(with_match, "DROP TABLE meta")
    for command in (["list"], ["end"], ["new", "battle-for-germany"]):
        code, out = run_cli(command)
        one_line(code, out, 7, "is not a phaseline store (it has no meta table)")
    with duckdb.connect(str(with_match), read_only=True) as con:
        assert not con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'meta'").fetchone()[0]


# --- custom scenario folders of Battle for Germany ----------------------------------------


def folder(tmp_path: Path, toml: str = "", files: dict[str, str] | None = None) -> Path:
    """A scenario folder: scenario.toml (``toml`` added to game and base) and ``files`` by relative path."""
    path = tmp_path / "mine"
    path.mkdir()
    (path / "scenario.toml").write_text(f'game = "battle-for-germany"\nbase = "historical"\n{toml}\n')
    for relative, text in (files or {}).items():
        target = path / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return path


def edited(relative: str, change) -> str:
    """The game's own file ``relative`` with ``change(rows)`` applied, as CSV text."""
    with (BFG / relative).open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    change(rows)
    out = [",".join(rows[0])]
    for row in rows:
        out.append(",".join(f'"{v}"' if "," in v else v for v in row.values()))
    return "\n".join(out) + "\n"


def refused_scenario(home: Path, path: Path, words: str) -> None:
    code, out = run_cli(["new", "battle-for-germany", "--scenario", str(path)])
    one_line(code, out, 5, words)
    assert matches(home) == []


def test_first_turn_that_is_no_number_is_refused(home, tmp_path):
    refused_scenario(home, folder(tmp_path, 'first_turn = "abc"'), "first_turn must be a whole number, not 'abc'")


def test_turns_outside_the_turn_record_are_refused(home, tmp_path):
    refused_scenario(home, folder(tmp_path, "last_turn = 99"), "turn 99 is outside the turn record (1 to 16)")


def test_a_toml_of_another_game_than_asked_is_refused(home, tmp_path):
    path = folder(tmp_path)
    (path / "scenario.toml").write_text('game = "breakout-normandy"\nbase = "week"\n')
    refused_scenario(home, path, "this scenario is for breakout-normandy, not battle-for-germany")


@pytest.mark.parametrize(
    ("encoding", "words"),
    [("latin-1", "is not UTF-8 text: byte 0xfc"), ("utf-16", "is not UTF-8 text (it looks like UTF-16)")],
)
def test_a_scenario_file_that_is_not_utf8_is_refused(home, tmp_path, encoding, words):
    path = folder(tmp_path)
    text = (BFG / "units.csv").read_text(encoding="utf-8").replace("Corps", "Corps Müller", 1)
    (path / "units.csv").write_bytes(text.encode(encoding))
    refused_scenario(home, path, words)


def test_a_utf8_file_with_a_byte_order_mark_is_read(home, tmp_path):
    path = folder(tmp_path)
    (path / "units.csv").write_bytes((BFG / "units.csv").read_text(encoding="utf-8").encode("utf-8-sig"))
    code, out = run_cli(["new", "battle-for-germany", "--scenario", str(path)])
    assert code == 0, out


@pytest.mark.parametrize(
    ("relative", "key"),
    [("units.csv", "unit_id"), ("map/hexes.csv", "space_id")],
    ids=["unit-id", "hex-label"],
)
def test_a_key_listed_twice_is_refused(home, tmp_path, relative, key):
    text = edited(relative, lambda rows: rows.append(dict(rows[0])))
    first = edited(relative, lambda rows: None).splitlines()[1].split(",")[0]
    path = folder(tmp_path, files={relative: text})
    refused_scenario(home, path, f"the scenario lists {first} twice")


def test_a_hex_file_with_the_header_of_before_is_refused_naming_the_header_it_needs(home, tmp_path):
    """hexes.csv's columns are the space table's since schema 7 (label, country, theatre before)."""
    text = (BFG / "map" / "hexes.csv").read_text(encoding="utf-8")
    old = text.replace("space_id,terrain,name,region,zone,", "label,terrain,name,country,theatre,", 1)
    path = folder(tmp_path, files={"map/hexes.csv": old})
    refused_scenario(
        home,
        path,
        "missing column(s) space_id, region, zone: the header must name "
        "space_id,terrain,name,region,zone,vp,fortress,provenance,source",
    )


def test_an_unknown_terrain_is_refused(home, tmp_path):
    def lava(rows):
        rows[5]["terrain"] = "lava"

    path = folder(tmp_path, files={"map/hexes.csv": edited("map/hexes.csv", lava)})
    refused_scenario(home, path, "has the terrain lava, which tables/terrain.csv does not list")


def test_a_unit_set_up_on_a_sea_hex_is_refused(home, tmp_path):
    with (BFG / "map" / "hexes.csv").open(encoding="utf-8") as handle:
        sea = next(row["space_id"] for row in csv.DictReader(handle) if row["terrain"] == "sea")

    def at_sea(rows):
        rows[0]["location"] = sea

    path = folder(tmp_path, files={"setups/historical.csv": edited("setups/historical.csv", at_sea)})
    refused_scenario(home, path, f"is set up in hex {sea} (sea), which no unit may enter")


def test_a_negative_strength_is_refused(home, tmp_path):
    def negative(rows):
        rows[0]["defense"] = "-2"

    path = folder(tmp_path, files={"units.csv": edited("units.csv", negative)})
    refused_scenario(home, path, "has a negative defence strength -2")


def test_an_area_id_listed_twice_in_breakout_is_refused(home, tmp_path):
    breakout = BFG.parent / "breakout"
    path = tmp_path / "bkn"
    (path / "map").mkdir(parents=True)
    (path / "scenario.toml").write_text('game = "breakout-normandy"\nbase = "week"\n')
    lines = (breakout / "map" / "areas.csv").read_text(encoding="utf-8").splitlines()
    (path / "map" / "areas.csv").write_text("\n".join([*lines, lines[1]]) + "\n", encoding="utf-8")
    code, out = run_cli(["new", "breakout-normandy", "--scenario", str(path)])
    one_line(code, out, 5, f"the scenario lists {lines[1].split(',')[0]} twice")
    assert matches(home) == []


def test_autoplay_seats_a_bot_on_one_side_and_leaves_the_rules_theirs(home):
    """``--bot SIDE=BOT`` seats that side's bot; a side the game's rules play keeps its rules (it
    cannot be given to a bot, nor named)."""
    code, out = run_cli(
        ["autoplay", "fleet-commander-nimitz", "--scenario", "1942", "--bot", "US=random", "--max-actions", "3"]
    )
    assert code == 0, out
    assert "3 actions played" in out
    code, out = run_cli(["autoplay", "fleet-commander-nimitz", "--scenario", "1942", "--bot", "JP=random"])
    one_line(code, out, 2, "JP cannot be given to a bot: in 1942 campaign (3.0) no one plays JP, the game's rules do")
    code, out = run_cli(["autoplay", "fleet-commander-nimitz", "--scenario", "1942", "--bot", "XX=random"])
    one_line(code, out, 3, "has no side 'XX'")


@pytest.mark.parametrize(
    ("command", "bots", "code", "words"),
    [
        pytest.param("new", ["random"], 2, "--bot random: name the side it plays, SIDE=BOT (sides: ", id="new-bare"),
        pytest.param("new", ["WA="], 2, "--bot WA= names no bot", id="new-empty"),
        pytest.param("new", ["WA=random", "WA=heuristic"], 2, "gives WA two bots (random, heuristic)", id="new-twice"),
        pytest.param("autoplay", ["random", "heuristic"], 2, "gives every side two bots", id="autoplay-two-bare"),
        pytest.param("autoplay", ["SOV=nobody"], 3, "no bot 'nobody' for battle-for-germany", id="autoplay-unknown"),
        pytest.param("tournament", ["XX=random"], 3, "has no side 'XX'", id="tournament-side"),
    ],
)
def test_bot_seats_read_alike_in_every_command(home, command, bots, code, words):
    """``--bot`` means the same in ``new``, ``autoplay`` and ``tournament``: ``SIDE=BOT`` for one side,
    a bare ``BOT`` for every side not named (not in ``new``, which leaves those to their players);
    a side named twice, a bot named for no side and an unknown bot are refused, leaving no match."""
    given = [word for bot in bots for word in ("--bot", bot)]
    out_code, out = run_cli([command, "battle-for-germany", *given])
    one_line(out_code, out, code, words)
    assert matches(home) == []
