"""Walking a game's sequence of play: steps within turns, turns within the scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .events import Event
from .ledger import to_json
from .model import Outcome, Step

if TYPE_CHECKING:
    from .match import Match


def steps_of(match: Match, turn: int) -> list[Step]:
    """The steps of ``turn`` as the game plugin declares them."""
    steps = match.hook.phaseline_sequence(match=match, turn=turn)
    if steps is None:
        raise RuntimeError(f"{match.info.name} declares no sequence of play")
    return list(steps)


def begin_step(match: Match, turn: int, step_no: int, step: Step) -> None:
    """Move the clock to ``step`` (logged as a phase event) and fire its start hooks."""
    match.log(
        Event(
            kind="phase",
            side=step.side,
            purpose=_begun(step.name),
            rule=step.rule or None,
            payload={"title": step.title},
        ),
        turn=turn,
        step=step.name,
        phase=step.phase,
    )
    match.set_clock(turn=turn, step_no=step_no, step=step.name, phase=step.phase, side=step.side)
    match.hook.phaseline_phase_start(match=match, step=step)


def _begun(step: str) -> str:
    """The purpose of the phase event that begins ``step``."""
    return f"begin {step}"


def begins_step(event: dict[str, Any]) -> bool:
    """Whether a logged event (a row of ``event``) is the one that began its step."""
    return event["kind"] == "phase" and event["purpose"] == _begun(event["step"])


def held_step_events(match: Match) -> list[dict[str, Any]] | None:
    """The events of the current step, oldest first, when every one of them still waits in
    memory (:meth:`EventLog.held_rows`): the event that began the step is held, so none of
    the step was written, and no undo is, so none of them was taken back. None when some may
    be in the store already: read them there. Spares a reader of this step's events writing
    the held ones and reading them back."""
    clock = match.clock
    if match.events.holds("undo"):
        return None
    ours = match.events.held_rows(clock.turn, clock.step)
    if not ours or not begins_step(ours[0]):
        return None
    return ours


def end_step(match: Match) -> None:
    """End the current step and begin the next one (or the next turn, or the end).

    A phase_end hook that returns True holds the step open: it owes a decision first (a
    reroll of a roll it made), and the game calls :func:`advance` once that is settled.
    """
    held = match.hook.phaseline_phase_end(match=match, step=match.step)
    if match.finished or any(held):  # a hook ended the match (sudden death), or holds the step
        return
    advance(match)


def advance(match: Match) -> None:
    """Begin the step after the current one (or the next turn): the end of a step whose
    phase_end hooks are done, called by the game when a decision held the step open."""
    step = match.step
    clock = match.clock
    dynamic = match.hook.phaseline_next_step(match=match, step=step)
    if dynamic is not None:
        begin_step(match, clock.turn, clock.step_no + 1, dynamic)
        return
    steps = match.steps(clock.turn)
    if clock.step_no + 1 < len(steps):
        begin_step(match, clock.turn, clock.step_no + 1, steps[clock.step_no + 1])
        return
    match.hook.phaseline_turn_end(match=match, turn=clock.turn)
    if match.finished:  # a turn_end hook ended the match (a weekly victory check)
        return
    begin_turn(match, clock.turn + 1)


def begin_turn(match: Match, turn: int) -> None:
    """Advance the turn marker; finish the match after the scenario's last turn."""
    while turn <= match.last_turn:
        match.hook.phaseline_turn_start(match=match, turn=turn)
        if match.finished:
            return
        steps = match.steps(turn)
        if steps:
            begin_step(match, turn, 0, steps[0])
            return
        turn += 1
    final = match.hook.phaseline_game_end(match=match) or Outcome(rule="", winners=(), summary="the last turn ended")
    finish(match, final)


def finish(match: Match, outcome: Outcome) -> None:
    """End the match with ``outcome`` (logged as a result event)."""
    match.log(
        Event(
            kind="result",
            purpose=outcome.summary,
            rule=outcome.rule or None,
            payload={"winners": list(outcome.winners)},
        )
    )
    match.set_clock(
        status="finished",
        side=None,
        result=to_json({"winners": list(outcome.winners), "rule": outcome.rule, "summary": outcome.summary}),
    )
