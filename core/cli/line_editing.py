"""``play``'s prompt: line editing, a history kept beside the store, and tab completion.

At a terminal the standard library's readline edits the line (arrows, Ctrl-R, Ctrl-A …) and
completes, with Tab, the word under the cursor: the first word from the commands and the
current game's orders; the answer of ``choose`` from the open decision's choices (a pair
UNIT>HEX as its two words); any other word from the match's units and spaces (after a
comma too: ``attack SOV-1UF,SOV-3<Tab>``). When standard input is not a terminal (a script,
a test) lines are read as they come, with no editing.
"""

from __future__ import annotations

import sys
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..decisions import PAIR_MARKS
from ..orders import ENGINE_ORDERS

if TYPE_CHECKING:
    from ..match import Match

HISTORY_LINES = 1000


@dataclass
class Words:
    """What the completion offers at one prompt."""

    commands: list[str] = field(default_factory=list)  # first words: the game's orders, commands
    answers: list[str] = field(default_factory=list)  # the open decision's choices, a pair as two words
    names: list[str] = field(default_factory=list)  # units and spaces


def answer_words(choices: list[str]) -> list[str]:
    """The words that type the decision's choices: a choice itself, and a pair's two halves."""
    found = []
    for choice in choices:
        found.append(choice)
        for mark in PAIR_MARKS:
            if mark in choice:
                found += choice.split(mark)
    return list(dict.fromkeys(found))


def match_words(match: Match, decision: dict[str, Any] | None, commands: list[str]) -> Words:
    """What Tab completes in ``match``: its game's orders and the engine's, then ``commands``;
    the open ``decision``'s answers; the match's units and spaces (one query for both)."""
    names = match.rows(
        "SELECT unit_id AS name FROM unit WHERE match_id = $g UNION SELECT space_id FROM space WHERE match_id = $g",
        {"g": match.match_id},
    )
    return Words(
        commands=list(dict.fromkeys([*match.info.verbs, *ENGINE_ORDERS, *commands])),
        answers=answer_words(decision["choices"]) if decision else [],
        names=sorted(row["name"] for row in names),
    )


def completions(before: str, text: str, words: Words) -> list[str]:
    """The completions of ``text``, the word being typed, after the line's ``before`` text."""
    typed = before.split()
    if not typed:
        pool = words.commands
    elif typed[0] == "choose":
        pool = words.answers
    else:
        pool = words.names
    head, comma, last = text.rpartition(",")
    prefix = head + comma
    return sorted({prefix + word for word in pool if word.startswith(last)})


class LineReader:
    """Reads ``play``'s lines: with readline at a terminal (history in ``history``), else plainly."""

    def __init__(self, history: Path | None) -> None:
        self.history = history
        self.words = Words()
        self._readline: Any = None
        self._found: list[str] = []

    def __enter__(self) -> LineReader:
        if sys.stdin.isatty() and sys.stdout.isatty():
            import readline  # only at a terminal: importing it may write to the screen

            self._readline = readline
            readline.set_completer_delims(" \t\n")
            readline.set_completer(self._complete)
            binding = "bind ^I rl_complete" if "libedit" in (readline.__doc__ or "") else "tab: complete"
            readline.parse_and_bind(binding)
            readline.set_history_length(HISTORY_LINES)
            if self.history is not None and self.history.exists():
                with suppress(OSError):  # unreadable: a session without the earlier lines
                    readline.read_history_file(self.history)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._readline is not None and self.history is not None:
            with suppress(OSError):  # a read-only folder: the session's history is not kept
                self._readline.write_history_file(self.history)

    def read(self, prompt: str) -> str | None:
        """The next line, or None at the end of input (Ctrl-D)."""
        if self._readline is None:
            typer.echo(prompt, nl=False)
            line = sys.stdin.readline()
            if not line:
                typer.echo("")
            return line or None
        try:
            return input(prompt)
        except EOFError:
            typer.echo("")
            return None

    def _complete(self, text: str, state: int) -> str | None:
        if state == 0:
            readline = self._readline
            before = readline.get_line_buffer()[: readline.get_begidx()]
            self._found = completions(before, text, self.words)
        return self._found[state] if state < len(self._found) else None
