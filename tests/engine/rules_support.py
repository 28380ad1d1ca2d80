"""The toy game whose blue side is played by its rules (``ScenarioInfo.played_by_rules``), as
Fleet Commander: Nimitz's procedures play the Japanese: each of its orders is picked by a die."""

from __future__ import annotations

from dataclasses import replace

from phaseline import Action, hookimpl
from phaseline.plugins import Registry
from toygame import ToyGame, toy_info


class BlueByRules(ToyGame):
    """The toy game whose blue side is played by its rules: attack if it can, else move, else end."""

    @hookimpl
    def phaseline_rules_choose(self, game, side):
        legal = game.legal_actions(side)
        for verb in ("choose", "attack", "move"):
            found = [a for a in legal if a.verb == verb]
            if found:
                return found[game.roll(f"{side} picks a {verb}", rule="T3", sides=len(found), side=side) - 1]
        return Action("end", (), side)


def ruled_registry(last_turn: int = 3) -> Registry:
    """A registry with the toy game whose blue side its rules play (over ``last_turn`` turns)."""
    from phaseline import bots

    info = toy_info()
    scenario = replace(info.scenarios["skirmish"], played_by_rules=("blue",), last_turn=last_turn)
    registry = Registry()
    registry.games["toy"] = replace(info, plugin=BlueByRules(), scenarios={"skirmish": scenario})
    bots.phaseline_register_bots(lambda b: registry.bots.__setitem__((b.game, b.name), b))
    return registry
