"""Answering the decisions an attack owes, as a player would through ``phaseline choose``."""

from __future__ import annotations

from phaseline import Action


def asked(match) -> tuple[str, str, list[str]] | None:
    """(side, kind, choices) of the open decision, or None."""
    decision = match.open_decision()
    return (decision["side"], decision["kind"], list(decision["choices"])) if decision else None


def choose(match, *answers: str) -> None:
    """Answer the open decisions in turn, each by the side that owes it."""
    for answer in answers:
        decision = match.open_decision()
        assert decision is not None, f"no decision open to answer {answer!r}"
        match.play(Action("choose", (answer,), decision["side"]))


def answer_all(match, preferences: dict[str, str | list[str]] | None = None) -> list[tuple[str, str]]:
    """Answer every open decision: the first of the kind's ``preferences`` offered, else the first choice."""
    given = []
    while (decision := match.open_decision()) is not None:
        wanted = (preferences or {}).get(decision["kind"], [])
        wanted = [wanted] if isinstance(wanted, str) else wanted
        choice = next((w for w in wanted if w in decision["choices"]), decision["choices"][0])
        given.append((decision["kind"], choice))
        match.play(Action("choose", (choice,), decision["side"]))
    return given


def keep_rolls(match) -> None:
    """The Advantage holder keeps every roll offered for a reroll (11.6) until another decision is owed."""
    while (decision := match.open_decision()) is not None and decision["kind"] == "other-reroll":
        match.play(Action("choose", ("keep",), decision["side"]))
