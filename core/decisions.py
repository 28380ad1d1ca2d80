"""Decisions: questions the engine owes a side an answer to (a retreat hex, losses, an advance)."""

from __future__ import annotations

import json
from typing import Any

from .events import Event


class Decisions:
    """Part of :class:`~phaseline.game.Game`: asking a side, and what the engine waits on."""

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
        return {"game_id": self.game_id, **row, "choices": list(row["choices"]), "context": json.loads(row["context"])}

    def waiting_on(self) -> tuple[str | None, dict[str, Any] | None]:
        """The side the engine waits on, and the decision it owes (None: its step's actions)."""
        decision = self.open_decision()
        if decision:
            return decision["side"], decision
        return self.clock.side, None
