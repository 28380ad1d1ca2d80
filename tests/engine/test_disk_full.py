"""A full disk and a read-only store (issue 12): one line, nothing lost, and reading still works.

Where the machine allows ``mount -t tmpfs`` (root in a container), the store lives on a small
tmpfs that a filler file fills, and a read-only store on a tmpfs remounted read-only; elsewhere
a full disk is simulated (an OSError ENOSPC, DuckDB's own message) and a read-only store is a
file and folder without write permission.
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb
import pytest
from clitools import run_cli, use_registry
from history_support import long_registry
from phaseline import Store
from phaseline.failures import DiskFull, as_phaseline_error


@contextmanager
def tmpfs(folder: Path, size: str) -> Iterator[bool]:
    """A tmpfs of ``size`` mounted on ``folder`` (True), or just the folder when mounting is not allowed."""
    folder.mkdir(parents=True, exist_ok=True)
    mounted = (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True
        ).returncode
        == 0
    )
    try:
        yield mounted
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path) -> Path:
    """Write a filler file in ``folder`` until the disk is full."""
    filler = folder / "filler"
    with filler.open("wb") as handle:
        try:
            while True:
                handle.write(b"\0" * 65536)
                handle.flush()
        except OSError as error:
            assert error.errno == errno.ENOSPC
    return filler


def one_line(code: int, out: str, words: str) -> None:
    """Exit 7 and one error line (after autoplay's progress label, if any), naming ``words``."""
    assert code == 7, out
    errors = [line for line in out.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and out.strip().endswith(errors[0]) and words in errors[0], out


@pytest.fixture
def toy_cli(monkeypatch):
    use_registry(monkeypatch, long_registry())


# --- a full disk ----------------------------------------------------------------------------


def test_every_write_on_a_full_disk_is_one_line_and_loses_nothing(tmp_path, monkeypatch, toy_cli):
    disk = tmp_path / "disk"
    with tmpfs(disk, "24m") as mounted:
        if not mounted:
            pytest.skip("mount -t tmpfs is not allowed here: see the simulated full disk below")
        monkeypatch.setenv("PHASELINE_HOME", str(disk / "home"))
        code, out = run_cli(["new", "toy", "--seed", "3", "--name", "kept"])
        assert code == 0, out
        code, before = run_cli(["--format", "csv", "log"])
        filler = fill(disk)
        for command in (
            ["end"],
            ["autoplay", "--bot", "random", "--max-actions", "5"],
            ["new", "toy"],
            ["export", str(disk / "x.turn")],
        ):
            code, out = run_cli(command)
            one_line(code, out, "No space left on device")
        assert not (disk / "x.turn").exists()
        assert [p.name for p in disk.iterdir() if p.name.startswith(".")] == []  # no temporary file left
        filler.unlink()
        code, after = run_cli(["--format", "csv", "log"])
        assert after == before
        code, out = run_cli(["replay"])
        assert code == 0 and "state matches" in out
        code, out = run_cli(["list"])
        assert code == 0 and out.count("toy") == 1


class FillingConnection:
    """A DuckDB connection whose disk fills before its ``commits``-th COMMIT (DuckDB's message)."""

    def __init__(self, con, commits: int) -> None:
        self.con, self.left = con, commits

    def execute(self, sql, params=None):
        if sql == "COMMIT":
            self.left -= 1
            if self.left == 0:
                raise duckdb.TransactionException(
                    'TransactionContext Error: Failed to commit: Could not write file "phaseline.duckdb.wal": '
                    "No space left on device"
                )
        return self.con.execute(sql, params)

    def __getattr__(self, name):
        return getattr(self.con, name)


def test_a_disk_that_fills_during_autoplay_keeps_its_whole_blocks(monkeypatch, toy_cli, home):
    """Simulated everywhere: the third block of autoplay fails to commit. One line; the store
    keeps the first two blocks, whole actions that replay exactly; autoplay then plays on."""
    code, out = run_cli(["new", "toy", "--seed", "3"])
    assert code == 0, out
    connect = Store._connect
    monkeypatch.setattr(Store, "_connect", lambda *args: FillingConnection(connect(*args), commits=3))
    code, out = run_cli(["autoplay", "--bot", "random", "--max-actions", "20", "--commit-every", "4"])
    one_line(code, out, "No space left on device")
    monkeypatch.setattr(Store, "_connect", staticmethod(connect))  # room on the disk again
    code, out = run_cli(["sql", "SELECT count(*) FROM event WHERE kind = 'action'"])
    assert code == 0 and out.split()[-1] == "8", out
    code, out = run_cli(["replay"])
    assert code == 0 and "state matches" in out
    code, out = run_cli(["autoplay", "--bot", "random", "--max-actions", "4", "--commit-every", "4"])
    assert code == 0 and "4 actions played" in out, out


def test_a_full_disk_is_recognised_in_each_form_it_takes():
    """What DuckDB and the operating system say when a disk fills, each one typed line."""
    wal = duckdb.TransactionException(
        'TransactionContext Error: Failed to commit: Could not write file "/s/phaseline.duckdb.wal": '
        "No space left on device"
    )
    fatal = duckdb.FatalException(
        'FATAL Error: Failed to create checkpoint because of error: Could not write file "/s/phaseline.duckdb": '
        "No space left on device"
    )
    keyring = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "/s/phaseline.keys/x.json")
    for error in (wal, fatal, keyring):
        found = as_phaseline_error(error)
        assert isinstance(found, DiskFull) and found.exit_code == 7
        assert "the disk is full" in str(found) and "what was committed before is kept" in str(found)
    assert as_phaseline_error(ValueError("a bug")) is None


def test_an_export_to_a_full_disk_leaves_no_file(tmp_path, monkeypatch, toy_cli, home):
    """Simulated everywhere: the turn file's write fails with ENOSPC."""
    code, out = run_cli(["new", "toy", "--seed", "3"])
    assert code == 0, out

    def full(self, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))

    monkeypatch.setattr(Path, "write_bytes", full)
    code, out = run_cli(["export", str(tmp_path / "x.turn")])
    one_line(code, out, "No space left on device")
    monkeypatch.undo()
    assert [p.name for p in tmp_path.iterdir() if "x.turn" in p.name] == []


# --- a read-only store ---------------------------------------------------------------------


@pytest.fixture
def read_only_store(tmp_path, monkeypatch, toy_cli) -> Iterator[Path]:
    """A store with a played toy match that cannot be written: on a read-only tmpfs, or without
    write permission (as a user other than root)."""
    disk = tmp_path / "ro"
    with tmpfs(disk, "32m") as mounted:
        monkeypatch.setenv("PHASELINE_HOME", str(disk))
        code, out = run_cli(["new", "toy", "--seed", "3"])
        assert code == 0, out
        code, out = run_cli(["autoplay", "--bot", "random", "--max-actions", "12"])
        assert code == 0, out
        if mounted:
            subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        elif os.geteuid() == 0:
            pytest.skip("root writes through file permissions, and mount is not allowed here")
        else:
            (disk / "phaseline.duckdb").chmod(0o444)
            disk.chmod(0o555)
        yield disk / "phaseline.duckdb"
        if not mounted:
            disk.chmod(0o755)


def test_show_replay_and_export_work_on_a_read_only_store(read_only_store, tmp_path):
    for command in (["show"], ["show", "--at", "3"], ["replay"], ["log", "--last", "2"], ["status"]):
        code, out = run_cli(command)
        assert code == 0, (command, out)
    code, out = run_cli(["sql", "SELECT count(*) FROM event"])
    assert code == 0, out
    code, out = run_cli(["export", str(tmp_path / "sent.turn")])
    assert code == 0 and (tmp_path / "sent.turn").exists(), out


def test_a_write_to_a_read_only_store_is_one_line(read_only_store):
    code, out = run_cli(["end"])
    one_line(code, out, "is read-only")
