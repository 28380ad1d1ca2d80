"""Hooks no built-in game implements yet, exercised with inline variants of the toy game:
``phaseline_turn_start``, ``phaseline_next_step`` (dynamic sequences) and
``phaseline_render_map`` (a game's own map)."""

from __future__ import annotations

from dataclasses import replace

from clitools import run_cli, use_registry
from phaseline import Action, Match, Step, hookimpl
from phaseline.plugins import Registry
from toygame import ToyGame, toy_info


def registry_of(plugin: ToyGame) -> Registry:
    registry = Registry()
    registry.games["toy"] = replace(toy_info(), plugin=plugin)
    return registry


class TurnCounting(ToyGame):
    """Remembers each turn start, where a game would reset its per-turn state."""

    @hookimpl
    def phaseline_turn_start(self, match, turn):
        self.started = [*getattr(self, "started", []), turn]


class RedImpulses(ToyGame):
    """A dynamic sequence: red's move is followed by a second red impulse once per turn."""

    @hookimpl
    def phaseline_next_step(self, match, step):
        if step.name == "red-move":
            return Step("red-impulse-2", "movement", "red", "red second impulse", "T4", ("move", "attack"))
        return None


class OwnMap(ToyGame):
    @hookimpl
    def phaseline_render_map(self, match, fmt):
        return f"toy map as {fmt}"


def test_turn_start_fires_once_per_turn(store):
    plugin = TurnCounting()
    match = Match.create(store, registry_of(plugin), "toy", "skirmish", seed=1)
    for _ in range(2):
        match.play(Action("end"))
    assert plugin.started == [1, 2]


def test_next_step_inserts_a_dynamic_step(store):
    match = Match.create(store, registry_of(RedImpulses()), "toy", "skirmish", seed=1)
    match.play(Action("end"))
    assert (match.clock.step, match.clock.side) == ("red-impulse-2", "red")


def test_render_map_replaces_the_generic_map(home, monkeypatch):
    use_registry(monkeypatch, registry_of(OwnMap()))
    assert run_cli(["new", "toy", "--seed", "1"])[0] == 0
    code, out = run_cli(["map"])
    assert (code, out.strip()) == (0, "toy map as text")
