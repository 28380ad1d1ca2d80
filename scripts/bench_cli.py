"""Wall time of CLI commands from process start to exit (DESIGN.md budget: ≤ 0.4 s).

Sets up a match in a temporary $PHASELINE_HOME, then runs each command ``--runs`` times
as a fresh process and prints the median wall and CPU seconds per command against the
target, with the floors a command cannot go under: ``python -c pass`` (the interpreter)
and ``python -c "import duckdb"`` (every command that opens the store)::

    python scripts/bench_cli.py [--runs 5] [--game battle-for-germany] [--importtime] [--instructions]

``move`` plays the first legal move and an untimed ``undo`` takes it back after each run.
The children may write bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped), as an installed
wheel has it: compiling phaseline's sources on every start costs about 0.2 s.
``--importtime`` also prints the slowest imports of ``phaseline status``.

On a shared, loaded machine wall and CPU times swing by half; instruction counts do not.
``--instructions`` adds each command's count, from one run under valgrind's callgrind (slow:
about half a minute a command); some 2.1 G instructions make a second of CPU on the
development machine, and ``import duckdb`` plus opening a store take about 0.6 G of them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TARGET_S = 0.4
COMMANDS = (("--help",), ("games",), ("list",), ("status",), ("actions",), ("map",), ("log",))


def run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()[-500:]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def medians(argv: list[str], env: dict[str, str], runs: int, after: list[str] | None = None) -> tuple[float, float]:
    """Median wall and CPU seconds (CPU tells a loaded machine's waiting apart); ``after`` runs untimed."""
    times = []
    for _ in range(runs + 1):  # the first run warms the file cache and writes bytecode
        times.append(run(argv, env))
        if after:
            run(after, env)
    return statistics.median(t[0] for t in times[1:]), statistics.median(t[1] for t in times[1:])


def instructions(argv: list[str], env: dict[str, str]) -> int:
    """Instructions one run of ``argv`` executes, counted by valgrind's callgrind."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind")
    tool = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    done = subprocess.run([*tool, *argv], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def slowest_imports(env: dict[str, str], top: int = 15) -> list[tuple[int, str]]:
    """The slowest imports (cumulative) of ``phaseline status``."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "phaseline", "status"], env=env, capture_output=True, text=True
    )
    found = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            found.append((int(parts[1]), parts[2].rstrip()))
    return sorted(found, reverse=True)[:top]


def first_move(cli: list[str], env: dict[str, str]) -> list[str]:
    """The first legal ``move`` order of the current match, as words."""
    done = subprocess.run([*cli, "--format", "json", "actions"], env=env, capture_output=True, text=True, check=True)
    orders = [row["order"].split() for row in json.loads(done.stdout)]
    return next(order for order in orders if order[0] == "move")


def phaseline_command() -> list[str]:
    """The console script beside this interpreter (a version manager's shim, such as pyenv's,
    would add its own start-up to every run), else the one on PATH."""
    beside = Path(sys.executable).parent / "phaseline"
    exe = str(beside) if beside.is_file() else shutil.which("phaseline")
    if exe is None:
        raise SystemExit("the phaseline command is not installed (pip install -e .)")
    return [exe]


@contextmanager
def match_home(game: str) -> Iterator[dict[str, str]]:
    """The environment of a temporary $PHASELINE_HOME holding one new match of ``game``."""
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PHASELINE_HOME"] = str(Path(home) / "home")
        subprocess.run(
            [*phaseline_command(), "new", game, "--seed", "1"], env=env, check=True, stdout=subprocess.DEVNULL
        )
        yield env


def measure(env: dict[str, str], runs: int, count: bool = False) -> Iterator[tuple[str, float, float, int | None]]:
    """Median wall and CPU seconds (and instructions, if ``count``) of the floors and each command."""
    cli = phaseline_command()
    floors = [("python -c pass", [sys.executable, "-c", "pass"], None)]
    floors.append(("python -c 'import duckdb'", [sys.executable, "-c", "import duckdb"], None))
    commands = [*((c, None) for c in COMMANDS), (first_move(cli, env), [*cli, "undo"])]
    for label, argv, after in [*floors, *((f"phaseline {' '.join(w)}", [*cli, *w], a) for w, a in commands)]:
        seconds, cpu = medians(argv, env, runs, after)
        found = instructions(argv, env) if count else None
        if found is not None and after:
            run(after, env)
        yield label, seconds, cpu, found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="battle-for-germany")
    parser.add_argument("--importtime", action="store_true")
    parser.add_argument("--instructions", action="store_true", help="also count instructions (valgrind)")
    args = parser.parse_args(argv)
    head = f"{'command':<32}{'wall s':>8}{'cpu s':>8}" + (f"{'M instr':>9}" if args.instructions else "")
    print(f"{head}  (medians of {args.runs}, target ≤ {TARGET_S} s wall)")
    over = commands = 0
    with match_home(args.game) as env:
        for label, seconds, cpu, found in measure(env, args.runs, args.instructions):
            counted = f"{found / 1e6:>9.0f}" if found is not None else ""
            late = label.startswith("phaseline ") and seconds > TARGET_S
            commands += label.startswith("phaseline ")
            over += late
            print(f"{label:<32}{seconds:>8.3f}{cpu:>8.3f}{counted}{'  over' if late else ''}")
        print(f"{over} of {commands} commands over the {TARGET_S} s target")
        if args.importtime:
            print("\nslowest imports of 'phaseline status' (cumulative µs):")
            for micros, name in slowest_imports(env):
                print(f"{micros:>10}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
