"""Walking a game's sequence of play: steps within turns, turns within the scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .effects import to_json
from .events import Event
from .model import Outcome, Step

if TYPE_CHECKING:
    from .game import Game


def steps_of(game: Game, turn: int) -> list[Step]:
    """The steps of ``turn`` as the game plugin declares them."""
    steps = game.hook.phaseline_sequence(game=game, turn=turn)
    if steps is None:
        raise RuntimeError(f"{game.info.name} declares no sequence of play")
    return list(steps)


def begin_step(game: Game, turn: int, step_no: int, step: Step) -> None:
    """Move the clock to ``step`` (logged as a phase event) and fire its start hooks."""
    game.log(
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
    game.set_clock(turn=turn, step_no=step_no, step=step.name, phase=step.phase, side=step.side)
    game.hook.phaseline_phase_start(game=game, step=step)


def _begun(step: str) -> str:
    """The purpose of the phase event that begins ``step``."""
    return f"begin {step}"


def held_step_events(game: Game) -> list[dict[str, Any]] | None:
    """The events of the current step, oldest first, when every one of them still waits in
    memory (:meth:`EventLog.held_rows`): the event that began the step is held, so none of
    the step was written, and no undo is, so none of them was taken back. None when some may
    be in the store already: read them there. Spares a reader of this step's events writing
    the held ones and reading them back."""
    clock = game.clock
    held = game.events.held_rows()
    if any(row["kind"] == "undo" for row in held):
        return None
    ours = [row for row in held if (row["turn"], row["step"]) == (clock.turn, clock.step)]
    if not ours or ours[0]["kind"] != "phase" or ours[0]["purpose"] != _begun(clock.step):
        return None
    return ours


def end_step(game: Game) -> None:
    """End the current step and begin the next one (or the next turn, or the end).

    A phase_end hook that returns True holds the step open: it owes a decision first (a
    reroll of a roll it made), and the game calls :func:`advance` once that is settled.
    """
    held = game.hook.phaseline_phase_end(game=game, step=game.step)
    if game.finished or any(held):  # a hook ended the match (sudden death), or holds the step
        return
    advance(game)


def advance(game: Game) -> None:
    """Begin the step after the current one (or the next turn): the end of a step whose
    phase_end hooks are done, called by the game when a decision held the step open."""
    step = game.step
    clock = game.clock
    dynamic = game.hook.phaseline_next_step(game=game, step=step)
    if dynamic is not None:
        begin_step(game, clock.turn, clock.step_no + 1, dynamic)
        return
    steps = game.steps(clock.turn)
    if clock.step_no + 1 < len(steps):
        begin_step(game, clock.turn, clock.step_no + 1, steps[clock.step_no + 1])
        return
    game.hook.phaseline_turn_end(game=game, turn=clock.turn)
    if game.finished:  # a turn_end hook ended the match (a weekly victory check)
        return
    begin_turn(game, clock.turn + 1)


def begin_turn(game: Game, turn: int) -> None:
    """Advance the turn marker; finish the match after the scenario's last turn."""
    while turn <= game.last_turn:
        game.hook.phaseline_turn_start(game=game, turn=turn)
        if game.finished:
            return
        steps = game.steps(turn)
        if steps:
            begin_step(game, turn, 0, steps[0])
            return
        turn += 1
    final = game.hook.phaseline_game_end(game=game) or Outcome(rule="", winners=(), summary="the last turn ended")
    finish(game, final)


def finish(game: Game, outcome: Outcome) -> None:
    """End the match with ``outcome`` (logged as a result event)."""
    game.log(
        Event(
            kind="result",
            purpose=outcome.summary,
            rule=outcome.rule or None,
            payload={"winners": list(outcome.winners)},
        )
    )
    game.set_clock(
        status="finished",
        side=None,
        result=to_json({"winners": list(outcome.winners), "rule": outcome.rule, "summary": outcome.summary}),
    )
