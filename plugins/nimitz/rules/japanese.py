"""The Japanese side, played by the rules (1.0, 1.2): what they do in each of their phases
(``phaseline_rules_choose``), their own orders (``jp-orders``, ``jp-reinforce``, ``jp-repair``),
and the player's answers to the questions the rules leave him (1.3: ``next-point``, 12.2:
``b29-target``)."""

from __future__ import annotations

from phaseline import Action

from . import b29, jp_movement, jp_repair, recon, reinforcement
from .state import JP, fcn_state, set_state
from .units import point_named


def legal_actions(match, step) -> list[Action]:
    """What the rules may do now in their phase (``end`` is the engine's)."""
    if step.name == "jp-recon":
        marker = recon.next_marker(match)
        return [Action("jp-orders", (marker["point_id"],), JP)] if marker else []
    if step.name == "jp-movement":
        point = fcn_state(match)["jp_point"]
        return [Action("jp-orders", (point,), JP)] if point else []
    if step.name == "jp-reinforcement" and not fcn_state(match)["jp_done"]:
        return [Action("jp-reinforce", (), JP)]
    if step.name == "jp-repair" and not fcn_state(match)["jp_done"]:
        return [Action("jp-repair", (), JP)]
    return []


def choose(match, side: str) -> Action:
    """The rules' next action: their order of the moment, else the end of their phase."""
    found = legal_actions(match, match.step)
    return found[0] if found else Action("end", (), side)


def orders(match, action: Action) -> None:
    """``jp-orders POINT``: one order roll at a recon marker's point (7.2) or at the point rolling now (9.1)."""
    if len(action.args) != 1:
        raise match.violation("jp-orders takes POINT", rule="9.1")
    point = point_named(match, action.args[0])
    if match.step.name == "jp-recon":
        recon.resolve(match, point)
    else:
        jp_movement.roll_at(match, point)


def reinforce(match, action: Action) -> None:
    """``jp-reinforce``: the reinforcement phase (11.1), once."""
    reinforcement.reinforce(match)
    set_state(match, jp_done=True)


def repair(match, action: Action) -> None:
    """``jp-repair``: the repair phase (11.2), once."""
    jp_repair.repair(match)
    set_state(match, jp_done=True)


PLAYS = {"jp-orders": orders, "jp-reinforce": reinforce, "jp-repair": repair}


def answer(match, decision: dict, chosen: str) -> None:
    """The player's answer to a question of the strategic rules."""
    if decision["kind"] == "next-point":
        jp_movement.choose_point(match, chosen)
    elif decision["kind"] == "b29-target" and b29.remove(match, chosen):
        jp_movement.preliminary_steps(match)
