"""The toy game whose blue side is played by its rules (``ScenarioInfo.played_by_rules``), as
Fleet Commander: Nimitz's procedures play the Japanese: each of its orders is picked by a die."""

from __future__ import annotations

import itertools
from dataclasses import replace

import phaseline.dice
from phaseline import Action, Match, Store, hookimpl
from phaseline.bots import run_bots
from phaseline.plugins import Registry
from toygame import ToyGame, toy_info


class BlueByRules(ToyGame):
    """The toy game whose blue side is played by its rules: attack if it can, else move, else end."""

    @hookimpl
    def phaseline_rules_choose(self, match, side):
        legal = match.legal_actions(side)
        for verb in ("choose", "attack", "move"):
            found = [a for a in legal if a.verb == verb]
            if found:
                return found[match.roll(f"{side} picks a {verb}", rule="T3", sides=len(found), side=side) - 1]
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


class Source:
    """A stand-in for ``secrets.randbelow``: hands out ``draws`` (each below its bound) in turn
    and records every draw made."""

    def __init__(self, draws: list[int]) -> None:
        self._draws = itertools.cycle(draws)
        self.drawn: list[int] = []

    def __call__(self, below: int) -> int:
        value = next(self._draws) % below
        self.drawn.append(value)
        return value


def draw_from(monkeypatch, draws: list[int]) -> Source:
    """Make the operating system's randomness hand out ``draws`` (from now on)."""
    source = Source(draws)
    monkeypatch.setattr(phaseline.dice.secrets, "randbelow", source)
    return source


def solitaire(store: Store, seed: int | None = None) -> Match:
    """A solitaire toy match: the player holds red, blue is the rules' (secret dice unless ``seed``)."""
    return Match.create(store, ruled_registry(), "toy", "skirmish", player="solo", seed=seed)


def red_ends_and_the_rules_play(match: Match) -> None:
    """Red ends its step; the rules play blue's (as the CLI does after every command)."""
    match.play(Action("end"))
    run_bots(match, ruled_registry())
    assert match.waiting_on()[0] == "red"


def rolls_of(match: Match) -> list[dict]:
    """Every roll of the match, in order."""
    return match.rows("SELECT * FROM event WHERE match_id = ? AND kind = 'roll' ORDER BY seq", [match.match_id])
