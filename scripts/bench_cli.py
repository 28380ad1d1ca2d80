"""Wall time of CLI commands from process start to exit (issue 2, "Measured": ≤ 0.4 s).

Sets up a Battle for Germany match in a temporary $PHASELINE_HOME, then runs each
command ``--runs`` times as a fresh process and prints the median, with the time of a
bare ``python -c "import duckdb"`` and ``python -c pass`` as the floor a command cannot
go under::

    python scripts/bench_cli.py [--runs 5] [--game battle-for-germany]

``--importtime`` also prints the slowest imports of ``phaseline.cli`` (python -X importtime).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_S = 0.4
COMMANDS = (("status",), ("actions",), ("map",), ("log",))


def wall(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()[-500:]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_wall(argv: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds (CPU tells a loaded machine's waiting apart)."""
    wall(argv, env)  # warm the file cache
    times = [wall(argv, env) for _ in range(runs)]
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def slowest_imports(env: dict[str, str], top: int = 15) -> list[tuple[int, str]]:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import phaseline.cli.matches"],
        env=env,
        capture_output=True,
        text=True,
    )
    found = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            found.append((int(parts[1]), parts[2].rstrip()))
    return sorted(found, reverse=True)[:top]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="battle-for-germany")
    parser.add_argument("--importtime", action="store_true")
    args = parser.parse_args(argv)
    # The console script beside this interpreter: a version manager's shim (pyenv) would add
    # its own start-up to every run.
    beside = Path(sys.executable).parent / "phaseline"
    exe = str(beside) if beside.is_file() else shutil.which("phaseline")
    if exe is None:
        raise SystemExit("the phaseline command is not installed (pip install -e .)")
    cli = [exe]
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "PHASELINE_HOME": str(Path(home) / "home")}
        subprocess.run([*cli, "new", args.game, "--seed", "1"], env=env, check=True, stdout=subprocess.DEVNULL)
        print(f"{'command':<28}{'wall s':>8}{'cpu s':>8}  (medians of {args.runs}, target ≤ {TARGET_S} s wall)")
        for label, command in (
            ("python -c pass", [sys.executable, "-c", "pass"]),
            ("python -c 'import duckdb'", [sys.executable, "-c", "import duckdb"]),
        ):
            seconds, cpu = median_wall(command, env, args.runs)
            print(f"{label:<28}{seconds:>8.3f}{cpu:>8.3f}")
        over = 0
        for words in COMMANDS:
            seconds, cpu = median_wall([*cli, *words], env, args.runs)
            over += seconds > TARGET_S
            flag = "  over" if seconds > TARGET_S else ""
            print(f"{'phaseline ' + ' '.join(words):<28}{seconds:>8.3f}{cpu:>8.3f}{flag}")
        if args.importtime:
            print("\nslowest imports of phaseline.cli (cumulative µs):")
            for micros, name in slowest_imports(env):
                print(f"{micros:>10}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
