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

from phaseline import Match

from ..state import US, fcn_state, set_state

DONE, AGAIN, WAIT = "done", "again", "wait"
Task = dict[str, Any]
Handler = Callable[[Match, Task], str]


def tasks(match) -> list[Task]:
    return json.loads(fcn_state(match)["battle_agenda"])


def _keep(match, todo: list[Task]) -> None:
    set_state(match, battle_agenda=json.dumps(todo, separators=(",", ":"), sort_keys=True))


def _numbered(todo: list[Task], new: tuple[Task, ...]) -> list[Task]:
    top = max((t["n"] for t in todo), default=0)
    return [{**task, "n": top + i} for i, task in enumerate(new, 1)]


def push(match, *new: Task) -> None:
    """Put tasks ahead of all the others, in their order."""
    todo = tasks(match)
    _keep(match, [*_numbered(todo, new), *todo])


def append(match, *new: Task) -> None:
    """Put tasks after all the others, in their order."""
    todo = tasks(match)
    _keep(match, [*todo, *_numbered(todo, new)])


def update(match, task: Task, **changes: Any) -> Task:
    """Change a task's arguments; the task as it now is."""
    changed = {**task, **changes}
    _keep(match, [changed if t["n"] == task["n"] else t for t in tasks(match)])
    return changed


def remove(match, task: Task) -> None:
    """Take a task off the list before it is done (it hands over to what it starts)."""
    _keep(match, [t for t in tasks(match) if t["n"] != task["n"]])


def ask(match, task: Task, kind: str, prompt: str, choices: list[str], rule: str, **context: Any) -> str:
    """Ask the player (1.3: he also answers for Japan among equal options) and wait; the task keeps
    what it asked (``asked``), its answer comes back as ``answer``."""
    update(match, task, asked=kind, answer=None)
    match.ask(US, kind, prompt, choices, context, rule=rule)
    return WAIT


def answered(task: Task, kind: str) -> str | None:
    """The answer to the question ``kind`` the task asked, if it has come."""
    return task.get("answer") if task.get("asked") == kind else None


def settle(match, task: Task, **changes: Any) -> Task:
    """:func:`update`, the question asked being settled (its answer used)."""
    return update(match, task, asked=None, answer=None, **changes)


def answer(match, chosen: str) -> None:
    """The player's answer goes to the task that asked (the first: nothing is pushed ahead of a question)."""
    todo = tasks(match)
    _keep(match, [{**todo[0], "answer": chosen}, *todo[1:]])


def run(match, handlers: dict[str, Handler]) -> bool:
    """Carry out the tasks in order until none is left (True) or a decision waits (False)."""
    while not match.finished and match.open_decision() is None:
        todo = tasks(match)
        if not todo:
            return True
        task = todo[0]
        outcome = handlers[task["do"]](match, task)
        if outcome == DONE and any(t["n"] == task["n"] for t in tasks(match)):
            remove(match, task)
    return False
