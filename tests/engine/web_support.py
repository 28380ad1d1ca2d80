"""A Battle for Germany match in a store of its own, and ``phaseline serve`` running on it in
another process, for the web board's tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from phaseline import Store

SERVE_TIMEOUT = 30.0


def phaseline(db: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run the ``phaseline`` command on ``db`` in its own process, as another terminal would."""
    env = {**os.environ, "PHASELINE_HOME": str(db.parent)}
    return subprocess.run(
        [sys.executable, "-m", "phaseline", "--db", str(db), *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def new_bfg_match(tmp_path: Path) -> Path:
    """A store holding one Battle for Germany match with known dice, the Soviets to move."""
    db = tmp_path / "board.duckdb"
    done = phaseline(db, "new", "battle-for-germany", "--seed", "7", "--name", "board")
    assert done.returncode == 0, done.stderr
    return db


def moves(db: Path) -> dict[str, list[str]]:
    """unit -> the hexes its legal moves reach now (``phaseline actions``)."""
    done = phaseline(db, "--format", "json", "actions")
    assert done.returncode == 0, done.stderr
    found: dict[str, list[str]] = {}
    for row in json.loads(done.stdout):
        verb, *args = row["order"].split()
        if verb == "move" and len(args) == 2:
            found.setdefault(args[0], []).append(args[1])
    return found


def alone(db: Path) -> set[str]:
    """Units standing alone in their hex (each one the top of its stack)."""
    with Store.open(db, read_only=True) as store:
        rows = store.rows(
            """SELECT min(unit_id) AS unit_id FROM unit_state WHERE match_id = 'board'
               GROUP BY space_id HAVING count(*) = 1"""
        )
    return {r["unit_id"] for r in rows}


def occupied(db: Path) -> set[str]:
    """The spaces holding units (a click there lands on a counter)."""
    with Store.open(db, read_only=True) as store:
        return {r["space_id"] for r in store.rows("SELECT DISTINCT space_id FROM unit_state WHERE match_id = 'board'")}


def where(db: Path, unit: str) -> str:
    with Store.open(db, read_only=True) as store:
        return store.one("SELECT space_id FROM unit_state WHERE match_id = 'board' AND unit_id = ?", [unit])


def action_events(db: Path) -> list[list[str]]:
    """The verb and arguments of every action event of the match, in order."""
    with Store.open(db, read_only=True) as store:
        rows = store.rows("SELECT verb, payload FROM event WHERE match_id = 'board' AND kind = 'action' ORDER BY seq")
    return [[r["verb"], *json.loads(r["payload"])["args"]] for r in rows]


@contextmanager
def serving(db: Path) -> Iterator[str]:
    """``phaseline serve`` on ``db`` (any free port) in another process; yields the board's URL."""
    env = {**os.environ, "PHASELINE_HOME": str(db.parent), "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "phaseline", "--db", str(db), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = server.stdout.readline()
        assert "serving board" in line, line + server.stderr.read()
        yield line.split(" at ")[1].split()[0]
    finally:
        server.terminate()
        try:
            server.wait(timeout=SERVE_TIMEOUT)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
