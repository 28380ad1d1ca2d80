"""Typed errors. The library raises them; only the CLI prints them (one line, exit code)."""

from __future__ import annotations

from typing import Any


class PhaselineError(Exception):
    """Base of every error phaseline reports to a player."""

    exit_code = 1

    def __str__(self) -> str:
        return self.args[0] if self.args else self.__class__.__name__


class InvalidOrder(PhaselineError):
    """An order that cannot be parsed: wrong verb, missing or malformed arguments."""

    exit_code = 2


class UnknownName(PhaselineError):
    """A game, match, unit, space, table or plugin that does not exist."""

    exit_code = 3


class AmbiguousOrder(PhaselineError):
    """An order that names more than one thing where one is needed."""

    exit_code = 2


class RuleViolation(PhaselineError):
    """A legal-looking order that the rules forbid; carries its proof.

    ``rule`` is the rule number, ``evidence`` the rows behind the ruling
    (units, spaces, ZOC sources, counts), so the refusal explains itself.
    """

    exit_code = 4

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        game: str | None = None,
        evidence: list[dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.game = game
        self.evidence = evidence or []

    def __str__(self) -> str:
        if self.rule and f"({self.rule}" not in self.message and self.rule not in self.message:
            prefix = f"{self.game} " if self.game else ""
            return f"{self.message} ({prefix}{self.rule})"
        return self.message


class ScenarioError(PhaselineError):
    """A malformed scenario or data file; names the file and line."""

    exit_code = 5

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        where = f"{path}:{line}: " if path and line else f"{path}: " if path else ""
        super().__init__(f"{where}{message}")


class PluginError(PhaselineError):
    """A plugin that is missing, of another version, blocked or broken."""

    exit_code = 6

    def __init__(self, message: str, *, plugin: str | None = None) -> None:
        super().__init__(message)
        self.plugin = plugin


class StoreError(PhaselineError):
    """A store that cannot be opened: missing, read-only, other schema, corrupt."""

    exit_code = 7


class StoreBusy(StoreError):
    """Another process holds the store."""

    exit_code = 8


class IntegrityError(PhaselineError):
    """A log whose hash chain, dice or replay does not match: tampered or corrupt."""

    exit_code = 9


class CustomData(IntegrityError):
    """A received match whose static data is not the installed game's; ``tables`` compares
    them table by table (``import --accept-custom-data`` accepts it)."""

    exit_code = 11

    def __init__(self, message: str, tables: list[dict[str, Any]]) -> None:
        super().__init__(message)
        self.tables = tables


class SandboxViolation(PhaselineError):
    """A user query that tried to write or reach outside the store."""

    exit_code = 10


class QueryLimit(SandboxViolation):
    """A user query stopped at its time or memory limit."""
