"""Decisions: questions the engine owes a side an answer to (a retreat hex, losses, an advance)."""

from __future__ import annotations

import json
from typing import Any

from .events import Event

# How a pair is written in a decision's choices (BfG's advance: UNIT>HEX; Breakout's spread of
# bombardment points: UNIT:STATUS). A player may type a pair with either mark, or as two words.
PAIR_MARKS = (">", ":")


def answer_as_choice(choices: list[str], words: tuple[str, ...]) -> tuple[str, ...]:
    """The answer ``words`` (as typed after ``choose``) in the spelling of the decision's choices.

    When the choices are pairs joined by one of :data:`PAIR_MARKS`, the pair may be typed as
    two words (``choose SOV-1UF 2023``) or joined by the other mark (``SOV-1UF:2023``): no
    shell quoting, as ``>`` needs. Any other answer is left as typed, for the rules to judge.
    """
    mark = next((m for m in PAIR_MARKS if any(m in choice for choice in choices)), None)
    if mark is None:
        return words
    others = [m for m in PAIR_MARKS if m != mark and not any(m in choice for choice in choices)]
    if len(words) == 2 and not any(m in word for word in words for m in PAIR_MARKS):
        return (f"{words[0]}{mark}{words[1]}",)
    if len(words) == 1:
        answer = words[0]
        for other in others:
            answer = answer.replace(other, mark)
        return (answer,)
    return words


def typed_choice(choice: str) -> str:
    """A choice as a player types it without shell quoting: a pair UNIT>HEX as its two words."""
    unit, mark, space = choice.partition(">")
    return f"{unit} {space}" if mark and unit and space and ">" not in space else choice


class Decisions:
    """Part of :class:`~phaseline.match.Match`: asking a side, and what the engine waits on."""

    def ask(
        self,
        side: str,
        kind: str,
        prompt: str,
        choices: list[str],
        context: dict[str, Any],
        rule: str | None = None,
    ) -> int:
        """Owe a decision to ``side``; the engine waits until it is answered.

        ``kind`` must be one the game (``GameInfo.decisions``) or a chosen optional rule
        declares, when the game declares any: the declaration lists, for players and
        referees, every question the game can ask.
        """
        if not choices:
            raise ValueError(f"decision {kind!r} with no choices")
        declared = self.info.decisions.keys() | {k for rule in self.optional_rules for k in rule.decisions}
        if self.info.decisions and kind not in declared:
            raise ValueError(f"{self.info.name} asks a decision it does not declare: {kind!r}")
        decision_id = 1 + max((number for (number,) in self.rows_of("decision")), default=0)
        self.insert(
            "decision",
            {
                "decision_id": decision_id,
                "side": side,
                "kind": kind,
                "prompt": prompt,
                "choices": list(choices),
                "context": json.dumps(context, sort_keys=True),
                "rule": rule,
                "status": "open",
                "answer": None,
            },
        )
        self.log(
            Event(
                kind="decision",
                side=side,
                purpose=prompt,
                rule=rule,
                payload={"decision_id": decision_id, "kind": kind, "choices": list(choices)},
            )
        )
        return decision_id

    def open_decision(self) -> dict[str, Any] | None:
        """The first open decision (from the decisions the ledger keeps in memory)."""
        open_ = [row for row in self.rows_of("decision").values() if row["status"] == "open"]
        if not open_:
            return None
        row = min(open_, key=lambda r: r["decision_id"])
        # a fresh copy for every caller
        return {
            "match_id": self.match_id,
            **row,
            "choices": list(row["choices"]),
            "context": json.loads(row["context"]),
        }

    def waiting_on(self) -> tuple[str | None, dict[str, Any] | None]:
        """The side the engine waits on, and the decision it owes (None: its step's actions)."""
        decision = self.open_decision()
        if decision:
            return decision["side"], decision
        return self.clock.side, None
