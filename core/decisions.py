"""Decisions: questions the engine owes a side an answer to (a retreat hex, losses, an advance)."""

from __future__ import annotations

import json
from typing import Any

from .events import Event


class Decisions:
    """Part of :class:`~phaseline.game.Game`: asking a side, and what the engine waits on."""

    _decision: tuple[tuple[int, int], dict[str, Any] | None] | None = None

    def ask(
        self,
        side: str,
        kind: str,
        prompt: str,
        choices: list[str],
        context: dict[str, Any],
        rule: str | None = None,
    ) -> int:
        """Owe a decision to ``side``; the engine waits until it is answered."""
        if not choices:
            raise ValueError(f"decision {kind!r} with no choices")
        decision_id = 1 + int(
            self.one("SELECT coalesce(max(decision_id), 0) FROM decision WHERE game_id = ?", [self.game_id])
        )
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
        """The first open decision (read once per state change, like the clock)."""
        version = self.ledger.version_of("decision")
        if self._decision is None or self._decision[0] != version:
            rows = self.rows(
                "SELECT * FROM decision WHERE game_id = ? AND status = 'open' ORDER BY decision_id LIMIT 1",
                [self.game_id],
            )
            self._decision = (version, rows[0] if rows else None)
        row = self._decision[1]
        if row is None:
            return None
        return {**row, "context": json.loads(row["context"])}  # a fresh copy for every caller

    def waiting_on(self) -> tuple[str | None, dict[str, Any] | None]:
        """The side the engine waits on, and the decision it owes (None: its step's actions)."""
        decision = self.open_decision()
        if decision:
            return decision["side"], decision
        return self.clock.side, None
