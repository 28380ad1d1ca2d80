"""The fuzzers of issue 12, bounded (the ``ci`` profile's examples): CLI arguments, tampered
and damaged received files, custom scenario folders. None may end in an internal error, and
a refused import leaves the store as it was. scripts/fuzz_hostile.py runs them longer and
prints the counts.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from clitools import use_registry
from fuzz_support import (
    ARGS,
    flipped_bytes,
    received_files,
    scenario_folder,
    tampered_turn_file,
    try_cli,
    try_import,
)
from history_support import copy_played, long_registry
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from phaseline import Store

FEW = settings(max_examples=min(settings().max_examples, 10), suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def registry():
    return long_registry()


@pytest.fixture(scope="module")
def received(tmp_path_factory) -> dict[str, bytes]:
    """A whole-match turn file and an older phaseline's DuckDB match file, as bytes."""
    return received_files(tmp_path_factory.mktemp("received"))


@settings(suppress_health_check=list(HealthCheck))
@given(argv=ARGS)
def test_no_command_line_ends_in_an_internal_error(argv):
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        home = Path(folder) / "home"
        home.mkdir()
        copy_played(home / "phaseline.duckdb")
        patch.setenv("PHASELINE_HOME", str(home))
        patch.chdir(folder)  # files the commands write (export FILE, map …) stay in the folder
        use_registry(patch, long_registry())
        assert try_cli(argv) != "internal", argv


@settings(suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_tampered_turn_file_is_refused_in_one_line_or_imports(received, registry, tmp_path, data):
    path = tmp_path / "tampered.turn"
    path.write_bytes(tampered_turn_file(received["turn"], data))
    with Store.open(":memory:") as store:
        assert try_import(store, registry, path) != "internal"


@settings(suppress_health_check=list(HealthCheck))
@given(kind=st.sampled_from(["turn", "duckdb"]), data=st.data())
def test_a_damaged_file_is_refused_in_one_line_or_imports(received, registry, tmp_path, kind, data):
    path = tmp_path / f"damaged.{kind}"
    path.write_bytes(flipped_bytes(received[kind], data))
    with Store.open(":memory:") as store:
        assert try_import(store, registry, path) != "internal"


@FEW
@given(data=st.data())
def test_no_scenario_folder_ends_in_an_internal_error(tmp_path, data):
    folder = scenario_folder(tmp_path / "mine", data)
    with pytest.MonkeyPatch.context() as patch:
        home = tmp_path / "home"
        shutil.rmtree(home, ignore_errors=True)
        patch.setenv("PHASELINE_HOME", str(home))
        assert try_cli(["new", "battle-for-germany", "--scenario", str(folder)]) != "internal"
