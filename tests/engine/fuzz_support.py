"""The fuzzers that found issue 12's bad inputs, shared by the bounded tests (test_fuzz.py) and
the longer script (scripts/fuzz_hostile.py, which prints its counts).

Each fuzzer makes one input from a Hypothesis strategy and tries it; the outcome is "ok"
(accepted), "refused N" (a phaseline error, exit code N, one line) or "internal" (anything
else: a bug). Stores and files live in a folder the caller gives.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import shutil
from functools import cache
from pathlib import Path
from typing import Any

from clitools import run_cli
from hypothesis import strategies as st
from phaseline import PhaselineError, Store
from phaseline.importing import import_match

# --- CLI arguments ------------------------------------------------------------------------

COMMANDS = [
    ["new", "toy"], ["list"], ["status"], ["actions"], ["end"], ["undo"], ["log"], ["show"], ["replay"],
    ["sql"], ["export"], ["import"], ["since"], ["reveal"], ["autoplay"], ["use"], ["choose"], ["data"],
    ["map"], ["units"], ["new"], ["rules"],
]  # fmt: skip
WEIRD = [
    "0", "-1", "12.3", "1e9", str(2**64), "", " ", "toy-1", "toy", "red", "blue", "R1", "00", "44",
    "x" * 300, "../x", "a b", "'; DROP TABLE event; --", "SELECT 1", "PIVOT event ON kind USING count(*)",
    "nosuch", "random", "skirmish", "\u00e9", "/", "NaN", "true", "1GB", "-0", "SELECT * FROM range(100000000)",
]  # fmt: skip


@cache
def command_options() -> dict[str, list[str]]:
    """Each command's own options (read from the CLI), so that most inputs pass the parser."""
    from phaseline.cli import _register_commands, app
    from typer.main import get_command

    _register_commands()
    group = get_command(app)
    return {
        name: sorted(opt for param in command.params for opt in param.opts if opt.startswith("-") and opt != "--help")
        for name, command in group.commands.items()
    }


def _argv(command: list[str]) -> st.SearchStrategy[list[str]]:
    options = command_options().get(command[0]) or ["--match"]
    pair = st.tuples(st.sampled_from(options), st.sampled_from(WEIRD))
    return st.builds(
        lambda words, pairs: [*command, *words, *(w for p in pairs for w in p)],
        st.lists(st.sampled_from(WEIRD), max_size=2),
        st.lists(pair, max_size=3),
    )


ARGS = st.sampled_from(COMMANDS).flatmap(_argv)  # a command, its words, then its options with a value each


def try_cli(argv: list[str]) -> str:
    """Run ``phaseline ARGV`` in-process: "ok", "refused N" or "internal"."""
    code, out = run_cli(argv)
    if code == 70 or "internal error" in out or "Traceback" in out:
        return "internal"
    return "ok" if code == 0 else f"refused {code}"


# --- tampered turn files --------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.text(max_size=20)
    | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)  # fmt: skip


def paths_of(document: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indexes) to a value in the JSON document."""
    found = [prefix]
    if isinstance(document, dict):
        for key, value in document.items():
            found += paths_of(value, (*prefix, key))
    elif isinstance(document, list):
        for index, value in enumerate(document[:30]):  # the first rows are enough
            found += paths_of(value, (*prefix, index))
    return found


def replaced(document: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    copy = dict(document) if isinstance(document, dict) else list(document)
    copy[path[0]] = replaced(document[path[0]], path[1:], value)
    return copy


def tampered_turn_file(original: bytes, data: st.DataObject) -> bytes:
    """The turn file with one value somewhere replaced by another JSON value."""
    document = json.loads(gzip.decompress(original))
    path = data.draw(st.sampled_from(paths_of(document)), label="path")
    value = data.draw(JSON_VALUES, label="value")
    return gzip.compress(json.dumps(replaced(document, path, value)).encode())


def flipped_bytes(original: bytes, data: st.DataObject) -> bytes:
    """The file with a few bytes changed, or cut short."""
    raw = bytearray(original)
    if data.draw(st.booleans(), label="cut"):
        return bytes(raw[: data.draw(st.integers(0, len(raw) - 1), label="length")])
    for _ in range(data.draw(st.integers(1, 4), label="flips")):
        raw[data.draw(st.integers(0, len(raw) - 1), label="at")] = data.draw(st.integers(0, 255), label="byte")
    return bytes(raw)


def try_import(store: Store, registry, path: Path) -> str:
    """Import ``path``: "ok", "refused N" or "internal"; a refusal must leave the store as it was."""
    before = store.rows("SELECT match_id, count(*) AS n FROM event GROUP BY ALL ORDER BY 1")
    try:
        import_match(store, registry, path, player="bob")
        return "ok"
    except PhaselineError as error:
        after = store.rows("SELECT match_id, count(*) AS n FROM event GROUP BY ALL ORDER BY 1")
        if after != before or "\n" in str(error):
            return "internal"
        return f"refused {error.exit_code}"
    except Exception:
        return "internal"


# --- scenario folders -----------------------------------------------------------------------

BFG = Path(__file__).resolve().parents[2] / "scenarios" / "bfg"
SCENARIO_FILES = ["units.csv", "map/hexes.csv", "setups/historical.csv", "tables/terrain.csv", "tables/crt.csv"]
CELLS = st.sampled_from(["", "-1", "abc", "0", "99", "sea", "lava", "x,y", '"', "0101", "9999", "\u00e9", "1.5"])
MANIFEST_LINES = st.sampled_from(
    [
        "", 'first_turn = "abc"', "first_turn = 0", "last_turn = 99", "last_turn = -3", "first_turn = true",
        'title = 3', 'game = "breakout-normandy"', 'base = "nosuch"', "first_turn = 9\nlast_turn = 2",
    ]
)  # fmt: skip


def scenario_folder(folder: Path, data: st.DataObject) -> Path:
    """A custom Battle for Germany scenario: the manifest with one odd line, one file with one cell changed."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    line = data.draw(MANIFEST_LINES, label="manifest")
    head = 'game = "battle-for-germany"\nbase = "historical"\n'
    if line.startswith(("game", "base")):
        head = head.replace("game = " if line.startswith("game") else "base = ", "# ", 1)
    (folder / "scenario.toml").write_text(head + line + "\n")
    relative = data.draw(st.sampled_from(SCENARIO_FILES), label="file")
    with (BFG / relative).open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    row = data.draw(st.integers(1, min(len(rows) - 1, 40)), label="row")
    column = data.draw(st.integers(0, len(rows[row]) - 1), label="column")
    rows[row][column] = data.draw(CELLS, label="cell")
    if data.draw(st.booleans(), label="duplicate row"):
        rows.append(list(rows[row]))
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    encoding = data.draw(st.sampled_from(["utf-8", "utf-8", "latin-1", "utf-16"]), label="encoding")
    target = folder / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(text.getvalue().encode(encoding, errors="replace"))
    return folder


def received_files(folder: Path) -> dict[str, bytes]:
    """A whole-match turn file and an older phaseline's DuckDB match file of the long toy game, as bytes:
    what the import fuzzers damage."""
    from exchange_support import open_pair
    from history_support import long_registry, new_match, play
    from phaseline.exchange import export_match

    registry = long_registry()
    alice, bob = open_pair(folder, registry)
    alice.turn()
    export_match(alice.store, registry, "toy-1", folder / "1.turn")
    alice.store.close()
    bob.store.close()
    with Store.open(folder / "old.duckdb") as store:
        play(new_match(store, registry, seed=3), 10)
    return {"turn": (folder / "1.turn").read_bytes(), "duckdb": (folder / "old.duckdb").read_bytes()}
