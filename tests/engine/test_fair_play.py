"""Fair play at the command line (docs/fair-play.md): no command, view or exported file holds
a dice secret before it is revealed; a known seed says so; seats are the players'."""

from __future__ import annotations

import gzip
import itertools
import json
import shutil

import phaseline.seats
import pytest
from clitools import run_cli, use_registry
from history_support import long_registry
from phaseline import Store
from phaseline.keyring import Keyring


@pytest.fixture
def cli(home, monkeypatch):
    use_registry(monkeypatch, long_registry())
    return home


@pytest.fixture(scope="module")
def played_home(tmp_path_factory):
    """A $PHASELINE_HOME with a hot-seat toy match of secret dice, 40 random-bot actions in,
    played once for the module. The secrets are drawn from a fixed sequence, so that the bots
    meet and roll (they draw from the secrets too)."""
    home = tmp_path_factory.mktemp("played") / "home"
    counter = itertools.count(1)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PHASELINE_HOME", str(home))
        use_registry(patch, long_registry())
        patch.setattr(phaseline.seats, "new_secret", lambda: str(10**75 + next(counter)))
        assert run_cli(["new", "toy", "--player", "alice"])[0] == 0
        assert run_cli(["autoplay", "--match", "toy-1", "--bot", "random", "--max-actions", "40"])[0] == 0
    with Store.open(home / "phaseline.duckdb", read_only=True) as store:
        assert store.one("SELECT count(*) FROM event WHERE kind = 'roll'") > 0
    return home


@pytest.fixture
def played(cli, played_home):
    """:func:`played_home` copied into this test's home: the same store and keyring bytes."""
    shutil.copytree(played_home, cli, dirs_exist_ok=True)
    return cli


def secrets_of(home) -> list[str]:
    keys = Keyring.beside(home / "phaseline.duckdb")
    found = []
    for path in keys.folder.iterdir():
        for seat in json.loads(path.read_text())["seats"].values():
            found.extend(seat["secrets"])
    return found


def outputs(argvs: list[list[str]]) -> str:
    text = []
    for argv in argvs:
        code, out = run_cli(argv)
        assert code == 0, f"{argv}: {out}"
        text.append(out)
    return "\n".join(text)


def test_no_command_view_or_file_holds_a_secret_before_it_is_revealed(played, tmp_path):
    secrets = secrets_of(played)
    assert len(secrets) == 2 and all(len(s) > 60 for s in secrets)
    shown = outputs(
        [
            ["status"],
            ["list"],
            ["log"],
            ["show"],
            ["since"],
            ["--format", "json", "sql", "SELECT * FROM match"],
            ["--format", "json", "sql", "SELECT * FROM seat"],
            ["--format", "json", "sql", "SELECT * FROM event"],
            ["--format", "json", "sql", "SELECT * FROM match_summary"],
            ["--format", "json", "sql", "SELECT * FROM roll"],
            ["export", str(tmp_path / "mail.turn"), "--match", "toy-1"],
        ]
    )
    sent = gzip.decompress((tmp_path / "mail.turn").read_bytes()).decode()
    stored = (played / "phaseline.duckdb").read_bytes()
    for secret in secrets:
        assert secret not in shown and secret not in sent and secret.encode() not in stored
    assert '"seed": null' in shown and '"dice": "secret"' in shown


def test_sql_cannot_read_the_keyring(cli):
    assert run_cli(["new", "toy"])[0] == 0
    (path,) = Keyring.beside(cli / "phaseline.duckdb").folder.iterdir()
    code, out = run_cli(["sql", f"SELECT * FROM read_text('{path}')"])
    assert code == 10 and "refused" in out


def test_a_revealed_secret_checks_every_roll(played):
    code, out = run_cli(["reveal", "--as", "red"])
    assert code == 0 and "revealed seat red's dice secret (epoch 0): " in out and "fresh secret" in out
    code, out = run_cli(["--format", "json", "sql", "SELECT side, epoch, secret FROM seat ORDER BY side, epoch"])
    rows = json.loads(out)
    assert [(r["side"], r["epoch"], r["secret"] is not None) for r in rows] == [
        ("blue", 0, False),
        ("red", 0, True),
        ("red", 1, False),
    ]
    code, out = run_cli(["replay"])
    assert code == 0 and "checked against their secrets" in out


def test_a_known_seed_match_says_so_everywhere(cli, tmp_path):
    code, out = run_cli(["new", "toy", "--seed", "7"])
    assert code == 0 and "known seed 7: anyone can compute every roll" in out
    code, out = run_cli(["list"])
    assert code == 0 and "known seed" in out
    code, out = run_cli(["log"])
    assert out.startswith("dice: known seed 7; commitments")
    assert run_cli(["export", str(tmp_path / "mail.turn"), "--match", "toy-1"])[0] == 0
    header = json.loads(gzip.decompress((tmp_path / "mail.turn").read_bytes()))["match"]
    assert header["dice"] == "known seed"


def test_a_command_for_a_seat_you_do_not_hold_is_refused(cli):
    assert run_cli(["new", "toy", "--player", "alice", "--open", "blue"])[0] == 0
    code, out = run_cli(["end", "--as", "blue"])
    assert code == 4
    assert out.strip() == "error: you act as blue, but the match waits on red, played from seat red (toy seats)"
    assert run_cli(["end", "--as", "red"])[0] == 0
    code, out = run_cli(["end"])
    assert code == 4 and "seat blue is open: nobody has joined to play blue yet" in out
    assert out.count("\n") == 1


def test_hot_seat_needs_no_seat_named(cli):
    assert run_cli(["new", "toy"])[0] == 0
    for _ in range(4):
        code, out = run_cli(["end"])
        assert code == 0, out


def test_a_refused_custom_scenario_is_shown_table_by_table(cli, tmp_path):
    assert run_cli(["new", "toy", "--open", "blue"])[0] == 0
    with Store.open(cli / "phaseline.duckdb") as store:
        store.con.execute("UPDATE unit SET defense = 9 WHERE unit_id = 'B1'")
        store.con.execute("DELETE FROM match_data")
        from phaseline import Match, match_data

        match_data.record(Match.load(store, long_registry(), "toy-1"))
    assert run_cli(["export", str(tmp_path / "mail.turn"), "--match", "toy-1"])[0] == 0
    other = str(tmp_path / "other.duckdb")
    code, out = run_cli(["--db", other, "import", str(tmp_path / "mail.turn")])
    assert code == 11 and "differs" in out and "unit" in out and "--accept-custom-data" in out
    code, out = run_cli(["--db", other, "import", str(tmp_path / "mail.turn"), "--accept-custom-data"])
    assert code == 0 and "accepted custom data in: unit" in out and "you hold seat(s) blue" in out
