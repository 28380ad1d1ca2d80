"""The fuzzers of issue 12, run longer than the tests do, printing what each input came to.

    python scripts/fuzz_hostile.py [--examples N] [--only cli,turn,bytes,scenario]

Fuzzers (tests/engine/fuzz_support.py): command lines of the toy game on a played store;
turn files with one value replaced; turn and DuckDB match files with bytes changed or cut;
Battle for Germany scenario folders with an odd manifest line, a changed cell, a duplicated
row or another encoding. Prints, per fuzzer, the count of each outcome (ok, refused with
each exit code, internal) and the first inputs that ended in an internal error.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "engine")]

import pytest  # noqa: E402
from clitools import use_registry  # noqa: E402
from fuzz_support import (  # noqa: E402
    ARGS,
    flipped_bytes,
    received_files,
    scenario_folder,
    tampered_turn_file,
    try_cli,
    try_import,
)
from history_support import copy_played, long_registry  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from phaseline import Store  # noqa: E402


def run(name: str, examples: int, test) -> Counter:
    """Run ``test`` (a Hypothesis test that returns nothing) for ``examples`` inputs; its counts."""
    outcomes: Counter = Counter()
    failures: list[str] = []
    test.outcomes, test.failures = outcomes, failures
    settings(max_examples=examples, database=None, deadline=None, suppress_health_check=list(HealthCheck))(test)()
    print(f"{name}: {sum(outcomes.values())} inputs: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    for failure in failures[:5]:
        print(f"  internal: {failure}")
    return outcomes


def cli_fuzzer(folder: Path):
    registry = long_registry()

    @given(argv=ARGS)
    def test(argv):
        with tempfile.TemporaryDirectory(dir=folder) as work, pytest.MonkeyPatch.context() as patch:
            home = Path(work) / "home"
            home.mkdir()
            copy_played(home / "phaseline.duckdb")
            patch.setenv("PHASELINE_HOME", str(home))
            patch.chdir(work)
            use_registry(patch, registry)
            outcome = try_cli(argv)
        test.outcomes[outcome] += 1
        if outcome == "internal":
            test.failures.append(repr(argv))

    return test


def import_fuzzer(folder: Path, files: dict[str, bytes], make):
    registry = long_registry()

    @given(kind=st.sampled_from(sorted(files)), data=st.data())
    def test(kind, data):
        path = folder / f"fuzzed.{kind}"
        path.write_bytes(make(files[kind], data))
        with Store.open(":memory:") as store:
            outcome = try_import(store, registry, path)
        test.outcomes[f"{kind} {outcome}"] += 1
        if outcome == "internal":
            test.failures.append(f"{kind} file kept at {path}")

    return test


def scenario_fuzzer(folder: Path):
    @given(data=st.data())
    def test(data):
        scenario = scenario_folder(folder / "mine", data)
        with tempfile.TemporaryDirectory(dir=folder) as work, pytest.MonkeyPatch.context() as patch:
            patch.setenv("PHASELINE_HOME", str(Path(work) / "home"))
            outcome = try_cli(["new", "battle-for-germany", "--scenario", str(scenario)])
        test.outcomes[outcome] += 1
        if outcome == "internal":
            test.failures.append(f"folder {scenario}")

    return test


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=200)
    parser.add_argument("--only", default="cli,turn,bytes,scenario")
    chosen = parser.parse_args()
    wanted = chosen.only.split(",")
    with tempfile.TemporaryDirectory(prefix="phaseline-fuzz-") as tmp:
        folder = Path(tmp)
        files = received_files(folder) if {"turn", "bytes"} & set(wanted) else {}
        if "cli" in wanted:
            run("command lines", chosen.examples, cli_fuzzer(folder))
        if "turn" in wanted:
            run(
                "tampered turn files",
                chosen.examples,
                import_fuzzer(folder, {"turn": files["turn"]}, tampered_turn_file),
            )
        if "bytes" in wanted:
            run("damaged received files", chosen.examples, import_fuzzer(folder, files, flipped_bytes))
        if "scenario" in wanted:
            run("scenario folders", max(chosen.examples // 5, 1), scenario_fuzzer(folder))


if __name__ == "__main__":
    main()
