"""10.6 what is left to do of the battle's procedure: a list of tasks kept in
``fcn_state.battle_agenda`` (JSON, the next task first), so that a round stopped by a decision goes
on, once it is answered, from where it stood, and undo and replay see it as any other state.

A task is ``{"do": KIND, "n": SERIAL, ...its arguments}``. Each step's module carries out the kinds it
owns (procedure.py maps them); a handler returns DONE (the task is over), AGAIN (it pushed tasks to
do first, or has more to do: call it again) or WAIT (it asked the player; the answer comes back in
the task's ``answer``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from phaseline import Game

from ..state import US, fcn_state, set_state

DONE, AGAIN, WAIT = "done", "again", "wait"
Task = dict[str, Any]
Handler = Callable[[Game, Task], str]


def tasks(game) -> list[Task]:
    return json.loads(fcn_state(game)["battle_agenda"])


def _keep(game, todo: list[Task]) -> None:
    set_state(game, battle_agenda=json.dumps(todo, separators=(",", ":"), sort_keys=True))


def _numbered(todo: list[Task], new: tuple[Task, ...]) -> list[Task]:
    top = max((t["n"] for t in todo), default=0)
    return [{**task, "n": top + i} for i, task in enumerate(new, 1)]


def push(game, *new: Task) -> None:
    """Put tasks ahead of all the others, in their order."""
    todo = tasks(game)
    _keep(game, [*_numbered(todo, new), *todo])


def append(game, *new: Task) -> None:
    """Put tasks after all the others, in their order."""
    todo = tasks(game)
    _keep(game, [*todo, *_numbered(todo, new)])


def update(game, task: Task, **changes: Any) -> Task:
    """Change a task's arguments; the task as it now is."""
    changed = {**task, **changes}
    _keep(game, [changed if t["n"] == task["n"] else t for t in tasks(game)])
    return changed


def remove(game, task: Task) -> None:
    """Take a task off the list before it is done (it hands over to what it starts)."""
    _keep(game, [t for t in tasks(game) if t["n"] != task["n"]])


def ask(game, task: Task, kind: str, prompt: str, choices: list[str], rule: str, **context: Any) -> str:
    """Ask the player (1.3: he also answers for Japan among equal options) and wait; the task keeps
    what it asked (``asked``), its answer comes back as ``answer``."""
    update(game, task, asked=kind, answer=None)
    game.ask(US, kind, prompt, choices, context, rule=rule)
    return WAIT


def answered(task: Task, kind: str) -> str | None:
    """The answer to the question ``kind`` the task asked, if it has come."""
    return task.get("answer") if task.get("asked") == kind else None


def settle(game, task: Task, **changes: Any) -> Task:
    """:func:`update`, the question asked being settled (its answer used)."""
    return update(game, task, asked=None, answer=None, **changes)


def answer(game, chosen: str) -> None:
    """The player's answer goes to the task that asked (the first: nothing is pushed ahead of a question)."""
    todo = tasks(game)
    _keep(game, [{**todo[0], "answer": chosen}, *todo[1:]])


def run(game, handlers: dict[str, Handler]) -> bool:
    """Carry out the tasks in order until none is left (True) or a decision waits (False)."""
    while not game.finished and game.open_decision() is None:
        todo = tasks(game)
        if not todo:
            return True
        task = todo[0]
        outcome = handlers[task["do"]](game, task)
        if outcome == DONE and any(t["n"] == task["n"] for t in tasks(game)):
            remove(game, task)
    return False
