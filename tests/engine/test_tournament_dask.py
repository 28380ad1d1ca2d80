"""``phaseline tournament --executor dask`` (issue 16, "past one machine"): the workers are the
same plain function from a match spec to a Parquet part, here on a dask.distributed LocalCluster
of two worker processes on this machine's loopback address.

dask.distributed is an optional extra (``pip install 'phaseline[dask]'``); CI installs it
(.ci/run), and without it this module is skipped, saying so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clitools import run_cli
from phaseline import Store
from phaseline.plugins import registry
from phaseline.tournament import plan_tournament, play_match

pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install 'phaseline[dask]'")

ARGV = ["tournament", "battle-for-germany", "--scenario", "collapse", "--matches", "2", "--seed", "31"]


@pytest.mark.slow
def test_a_tournament_on_a_local_dask_cluster_lands_the_logs_a_worker_here_makes(home, tmp_path):
    code, out = run_cli(["--format", "json", *ARGV, "--executor", "dask", "--jobs", "2"])
    assert code == 0, out
    report = json.loads(out)
    assert report["finished"] == 2 and report["executor"] == "dask"
    plan = plan_tournament(registry(), "battle-for-germany", scenario="collapse", matches=2, bots=[], seed=31,
                           options=[], name=report["tournament"])  # fmt: skip
    here = play_match(plan.specs()[1])  # the same spec: the same match id, so the same hashes
    for table, order in (("event", "seq"), ("effect", "seq, n")):
        part = tmp_path / f"{table}.parquet"
        part.write_bytes(here.tables[table])
        assert _rows(home / "phaseline.duckdb", table, order, plan.match_id(1)) == _rows(
            ":memory:", table, order, plan.match_id(1), source=f"read_parquet('{part}')"
        )


def _rows(path: Path | str, table: str, order: str, match_id: str, source: str | None = None) -> list[tuple]:
    """The match's rows but the seats' signatures (each match has new keys) and the times."""
    unsigned = "EXCLUDE (sig, logged_at)" if table == "event" else "EXCLUDE (logged_at)"  # its event's time
    with Store.open(path, read_only=path != ":memory:") as store:
        return store.con.execute(
            f"SELECT * {unsigned} FROM {source or table} WHERE match_id = ? ORDER BY {order}", [match_id]
        ).fetchall()
