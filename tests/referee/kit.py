"""Referee cases: rule cases written from the rulebook, played through the ``phaseline`` command.

A case is a tiny scenario, the orders a player types and the ruling the rulebook
demands (docs/referee.md gives the format). It is data, in ``tests/referee/<game>/*.toml``;
this module reads the files and plays each case through a :class:`Shell`: in-process
through the same command code the installed binary runs (:class:`InProcess`), or
through an installed ``phaseline`` executable (:class:`Installed`).
"""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from phaseline.rule_scan import NUMBER, OPEN_DEFECTS
from phaseline.rule_scan import open_defects as scanned_open_defects

HERE = Path(__file__).parent
GAMES = {
    "bfg": ("battle-for-germany", "BfG"),
    "breakout": ("breakout-normandy", "BkN"),
    "nimitz": ("fleet-commander-nimitz", "FCN"),
}
RESULTS = ("ok", "refused")
_STEP_KEYS = {"order", "until", "sql"}
_SNAPSHOT = (
    "SELECT (SELECT count(*) FROM event) AS events,"
    " (SELECT md5(coalesce(string_agg(CAST(s AS VARCHAR), '|' ORDER BY s.unit_id), '')) FROM unit_state s) AS units,"
    " (SELECT md5(coalesce(string_agg(CAST(c AS VARCHAR), '|'), '')) FROM clock c) AS clock"
)


class CaseError(ValueError):
    """A referee file that does not follow docs/referee.md."""


@dataclass(frozen=True)
class Step:
    """One thing the referee does: type an order, end steps until one is reached, or ask the store."""

    order: str | None = None
    expect: str = "ok"
    rule: str | None = None
    says: tuple[str, ...] = ()
    not_says: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    decision: str | None = None
    until: str | None = None
    turn: int | None = None
    sql: str | None = None
    rows: tuple[tuple[str, ...], ...] | None = None

    @property
    def words(self) -> list[str]:
        return self.order.split() if self.order else []


@dataclass(frozen=True)
class Case:
    """A rule case: the ruling the rulebook demands for a tiny scenario and a player's orders."""

    id: str
    game: str
    path: Path
    line: int
    quote: str
    ruling: str
    scenario: str
    files: dict[str, str] = field(default_factory=dict)
    options: tuple[str, ...] = ()
    bots: tuple[str, ...] = ()
    seed: int = 1
    rules: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()

    @property
    def uses_forced_dice(self) -> bool:
        return any(step.dice for step in self.steps)

    @property
    def verbs(self) -> set[str]:
        """The verbs the case types (``move``, ``choose`` …)."""
        return {step.words[0] for step in self.steps if step.order}

    @property
    def decisions(self) -> set[str]:
        """The kinds of decision the case answers."""
        return {step.decision for step in self.steps if step.decision}


def load_cases(game: str, root: Path = HERE) -> list[Case]:
    """Every case of ``game`` (its package key: ``bfg``, ``breakout``, ``nimitz``) under ``root``, in file and
    case order."""
    paths = [path for path in sorted((root / game).glob("*.toml")) if path.name != OPEN_DEFECTS]
    return [case for path in paths for case in read_cases(path, game)]


def covering(cases: list[Case], chosen: list[Case], typed: Callable[[Case], set[str]]) -> list[Case]:
    """``chosen``, then more of ``cases`` until between them they type all that ``cases`` type
    (``typed(case)``: what one case types, its verbs say). Each case added types the most not yet
    typed per step it plays (the first such in file order), so the cover is short to play."""
    chosen = list(chosen)
    covered = set().union(*map(typed, chosen))
    wanted = set().union(*map(typed, cases))
    while not wanted <= covered:
        case = max(cases, key=lambda c: len(typed(c) - covered) / (len(c.steps) + 1))
        chosen.append(case)
        covered |= typed(case)
    return chosen


def open_defects(game: str, root: Path = HERE) -> dict[str, str]:
    """The cases of ``game`` the developers know the game still gets wrong, each with its note
    (``<game>/open_defects.toml``, read by rule_scan.py). The referee writes cases; only the
    developers list a defect there, and remove it when fixed."""
    return scanned_open_defects(root / game)


def read_cases(path: Path, game: str) -> list[Case]:
    """The cases of one referee file; a malformed file is a :class:`CaseError` naming it."""
    text = path.read_text()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CaseError(f"{path}: {error}") from None
    lines = [n for n, line in enumerate(text.splitlines(), start=1) if line.strip() == "[[case]]"]
    cases = data.get("case", [])
    if not cases:
        raise CaseError(f"{path}: no [[case]] tables")
    return [_case(raw, game, path, line) for raw, line in zip(cases, lines, strict=False)]


def _case(raw: dict[str, Any], game: str, path: Path, line: int) -> Case:
    where = f"{path.name}:{line}"
    for key in ("id", "quote", "ruling", "scenario", "steps"):
        if key not in raw:
            raise CaseError(f"{where}: a case needs '{key}'")
    if not re.match(rf"^{NUMBER}-", raw["id"]):  # the one shape of a rule number (rule_scan.py)
        raise CaseError(f"{where}: id {raw['id']!r} must start with the rule number and '-'")
    return Case(
        id=raw["id"],
        game=game,
        path=path,
        line=line,
        quote=raw["quote"],
        ruling=raw["ruling"],
        scenario=raw["scenario"],
        files=dict(raw.get("files", {})),
        options=tuple(raw.get("options", ())),
        bots=tuple(raw.get("bots", ())),
        seed=int(raw.get("seed", 1)),
        rules=tuple(raw.get("rules", ())),
        steps=tuple(_step(step, f"{where} ({raw['id']})") for step in raw["steps"]),
    )


def _step(raw: dict[str, Any], where: str) -> Step:
    kinds = _STEP_KEYS & raw.keys()
    if len(kinds) != 1:
        raise CaseError(f"{where}: each step has exactly one of order, until, sql (got {sorted(kinds) or 'none'})")
    expect = raw.get("expect", "ok")
    if expect not in RESULTS:
        raise CaseError(f"{where}: expect must be one of {', '.join(RESULTS)}, not {expect!r}")
    if "sql" in raw and "rows" not in raw:
        raise CaseError(f"{where}: an sql step needs 'rows'")
    rows = raw.get("rows")
    return Step(
        order=raw.get("order"),
        expect=expect,
        rule=raw.get("rule"),
        says=tuple(raw.get("says", ())),
        not_says=tuple(raw.get("not_says", ())),
        dice=tuple(int(d) for d in raw.get("dice", ())),
        decision=raw.get("decision"),
        until=raw.get("until"),
        turn=raw.get("turn"),
        sql=raw.get("sql"),
        rows=None if rows is None else tuple(tuple(_text(v) for v in row) for row in rows),
    )


def _text(value: Any) -> str:
    """A cell as the referee writes it: ``null`` for NULL, ``true``/``false``, numbers and text as such."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# --- Playing a case ------------------------------------------------------------------------------


class Shell(Protocol):
    """Runs ``phaseline ARGV`` against one store; returns the exit code and the output."""

    def __call__(self, argv: list[str]) -> tuple[int, str]: ...


@dataclass
class InProcess:
    """The command code the installed binary runs, called in this process (clitools.run_cli)."""

    def __call__(self, argv: list[str]) -> tuple[int, str]:
        from clitools import run_cli

        return run_cli(argv)


@dataclass
class Installed:
    """The ``phaseline`` executable of a venv (tests/wheeltools.Venv), run as a player runs it."""

    venv: Any
    home: Path

    def __call__(self, argv: list[str]) -> tuple[int, str]:
        command = [str(self.venv.bin / "phaseline"), *argv]
        done = self.venv.run(command, env={"PHASELINE_HOME": str(self.home)}, check=False)
        return done.returncode, done.stdout + done.stderr


class Referee:
    """Plays a case's steps and reports the first ruling that differs from the rulebook's."""

    def __init__(self, case: Case, shell: Shell, workdir: Path, force_dice: Callable[[list[int]], Any] | None):
        self.case, self.shell, self.workdir, self.force_dice = case, shell, workdir, force_dice
        self.db = workdir / "referee.duckdb"
        self.transcript: list[str] = []

    def play(self) -> None:
        folder = self.scenario_folder()
        argv = ["new", GAMES[self.case.game][0], "--scenario", str(folder), "--seed", str(self.case.seed)]
        for option in self.case.options:
            argv += ["--option", option]
        for bot in self.case.bots:
            argv += ["--bot", bot]
        self.expect_ok(argv)
        for number, step in enumerate(self.case.steps, start=1):
            self.take(number, step)

    def scenario_folder(self) -> Path:
        """The case's scenario: a folder of scenarios/ beside its file, or a built-in one, plus its files."""
        folder = self.workdir / "scenario"
        shared = self.case.path.parent / "scenarios" / self.case.scenario
        if shared.is_dir():
            shutil.copytree(shared, folder)
        else:
            folder.mkdir()
            (folder / "scenario.toml").write_text(
                f'game = "{GAMES[self.case.game][0]}"\nbase = "{self.case.scenario}"\n'
            )
        for name, text in self.case.files.items():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text.strip() + "\n")
        return folder

    def take(self, number: int, step: Step) -> None:
        where = f"step {number}"
        if step.until is not None:
            self.end_until(step, where)
        elif step.sql is not None:
            got = tuple(tuple(_text(v) for v in row.values()) for row in self.query(step.sql))
            self.check(got == step.rows, f"{where}: {step.sql}\n  rulebook: {step.rows}\n  store:    {got}")
        else:
            self.order(step, where)

    def order(self, step: Step, where: str) -> None:
        if step.decision is not None:
            owed = [row["kind"] for row in self.query("SELECT kind FROM decision WHERE status = 'open'")]
            self.check(step.decision in owed, f"{where}: {step.order}: the match owes {owed}, not a {step.decision!r}")
        before = self.query(_SNAPSHOT) if step.expect == "refused" else None
        with self.forced(step.dice, where):
            code, out = self.run([*step.words])
        said = f"{where}: phaseline {step.order}\n  -> exit {code}: {out.strip()}"
        if "internal error" in out or "Traceback" in out:
            self.check(False, f"{said}\n  an internal error is never a ruling")
        if step.expect == "ok":
            self.check(code == 0, f"{said}\n  rulebook: the order is legal")
        else:
            self.check(code != 0, f"{said}\n  rulebook: refused by {step.rule or 'the rules'}")
            self.check(self.query(_SNAPSHOT) == before, f"{said}\n  a refusal must leave the store untouched")
            if step.rule:
                cited = re.findall(rf"\({GAMES[self.case.game][1]} ([^)\s]+)\)", out)
                self.check(step.rule in cited, f"{said}\n  rulebook: the refusal names {step.rule}")
        for text in step.says:
            self.check(text in out, f"{said}\n  rulebook: the answer says {text!r}")
        for text in step.not_says:
            self.check(text not in out, f"{said}\n  rulebook: the answer never says {text!r}")

    def end_until(self, step: Step, where: str) -> None:
        for _ in range(300):
            clock = self.query("SELECT turn, step, status FROM clock")[0]
            if step.turn in (None, clock["turn"]) and step.until in (clock["step"], self.title(step.until)):
                return
            self.check(clock["status"] == "active", f"{where}: the match ended before {step.until}")
            self.expect_ok(["end"])
        self.check(False, f"{where}: never reached {step.until}")

    def title(self, until: str) -> str | None:
        """The current step's title as ``status`` shows it, asked only when ``until`` is a title."""
        if until.islower() and " " not in until:
            return None
        return json.loads(self.expect_ok(["--format", "json", "status"]))["step"]

    @contextmanager
    def forced(self, dice: tuple[int, ...], where: str) -> Iterator[None]:
        if not dice:
            yield
            return
        if self.force_dice is None:
            raise CaseError(f"{self.case.id} {where}: forced dice need the in-process shell")
        queue = self.force_dice(list(dice))
        yield
        self.check(not queue, f"{where}: the order rolled fewer dice than the case forces ({list(dice)})")

    def query(self, sql: str) -> list[dict[str, Any]]:
        return json.loads(self.expect_ok(["--format", "json", "sql", sql]))

    def expect_ok(self, argv: list[str]) -> str:
        code, out = self.run(argv)
        self.check(code == 0, f"phaseline {' '.join(argv)}\n  -> exit {code}: {out.strip()}")
        return out

    def run(self, argv: list[str]) -> tuple[int, str]:
        code, out = self.shell(["--db", str(self.db), *argv])
        self.transcript.append(f"$ phaseline {' '.join(argv)}\n{out.rstrip()}")
        return code, out

    def check(self, ok: bool, message: str) -> None:
        if not ok:
            head = f"{self.case.id} ({self.case.path.name}:{self.case.line})\n  seed: {self.case.quote.strip()}"
            tail = "\n".join(self.transcript[-6:])
            raise AssertionError(f"{head}\n  ruling: {self.case.ruling.strip()}\n{message}\n--- last commands\n{tail}")


def dice_forcer(monkeypatch) -> Callable[[list[int]], deque[int]]:
    """Make the next rolls come out as given, through roll numbers that give them (replay stays exact)."""
    from phaseline.dice import Dice
    from phaseline.testing import forcing_roll

    queue: deque[int] = deque()
    monkeypatch.setattr(Dice, "roll", forcing_roll(queue))

    def force(dice: list[int]) -> deque[int]:
        queue.clear()
        queue.extend(dice)
        return queue

    return force
