"""Piles (core/piles.py): cups drawn at random and stacks mixed, every draw a logged roll.

A toy game keeps a cup of chits and a stack of ships; random legal play never loses, doubles
or misplaces an item, and replay reproduces every draw."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phaseline import Action, Event, Match, Store, hookimpl
from phaseline.piles import Piles, table
from phaseline.plugins import Registry
from phaseline.replay import verify
from toygame import ToyGame, toy_info

CHITS = [f"C{n}" for n in range(1, 7)]
SHIPS = [f"S{n}" for n in range(1, 5)]


class PiledToy(ToyGame):
    """The toy game with a cup of chits (drawn, then set aside) and a stack of ships."""

    @hookimpl
    def phaseline_tables(self, register):
        register(table())

    @hookimpl
    def phaseline_setup(self, match):
        piles = Piles(match)
        piles.put("cup", CHITS)
        piles.put("stack", SHIPS)

    @hookimpl
    def phaseline_sequence(self, match, turn):
        steps = super().phaseline_sequence(match, turn)
        return [replace(s, verbs=(*s.verbs, "draw", "mix", "under", "back")) for s in steps]

    @hookimpl
    def phaseline_legal_actions(self, match, side):
        piles = Piles(match)
        found = [Action("mix", (), side)]
        found += [Action("draw", (), side)] if piles.items("cup") else []
        found += [Action("under", (ship,), side) for ship in piles.items("stack")]
        found += [Action("back", (chit,), side) for chit in CHITS if piles.where(chit) == "aside"]
        return found

    @hookimpl
    def phaseline_play(self, match, action):
        piles = Piles(match)
        match.log(Event("note", side=action.side, purpose=str(action)))
        if action.verb == "draw":
            chit = piles.draw("cup", "a chit from the cup", rule="T1", side=action.side)
            piles.put("aside", [chit])
        elif action.verb == "mix":
            piles.mix("stack", "mixing the stack", rule="T1", side=action.side)
        elif action.verb == "under":  # a repaired ship goes to the bottom
            piles.take(action.args[0])
            piles.put("stack", [action.args[0]], end="bottom")
        elif action.verb == "back":
            piles.take(action.args[0])
            piles.put("cup", [action.args[0]])
        else:
            return None
        return True


def piled_registry() -> Registry:
    registry = Registry()
    registry.games["toy"] = replace(toy_info(), plugin=PiledToy())
    return registry


@pytest.fixture
def match(store):
    return Match.create(store, piled_registry(), "toy", "skirmish", seed=5)


def places(match: Match) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for (pile, _), row in match.rows_of("pile").items():
        found.setdefault(pile, []).append(row["place"])
    return {pile: sorted(p) for pile, p in found.items()}


def test_a_cup_draw_is_a_logged_die_of_as_many_sides_as_it_holds(match):
    match.play(Action("draw"))
    roll = match.one("SELECT payload FROM event WHERE match_id = ? AND kind = 'roll'", [match.match_id])
    assert json.loads(roll)["sides"] == 6
    assert len(Piles(match).items("cup")) == 5 and len(Piles(match).items("aside")) == 1


def test_a_stack_keeps_its_order_and_a_mix_rolls_one_die_per_item_but_the_last(match):
    piles = Piles(match)
    assert piles.items("stack") == SHIPS
    match.play(Action("under", ("S1",)))
    assert piles.items("stack") == ["S2", "S3", "S4", "S1"]  # to the bottom, the rest move up
    match.play(Action("mix"))
    assert sorted(piles.items("stack")) == sorted(SHIPS)
    rolls = match.rows("SELECT payload FROM event WHERE kind = 'roll' ORDER BY seq")
    assert [json.loads(r["payload"])["sides"] for r in rolls] == [4, 3, 2]


def test_an_item_is_in_one_pile_at_a_time(match):
    with pytest.raises(ValueError, match="one pile at a time: C1 \\(cup\\)"):
        Piles(match).put("stack", ["C1"])


@settings(max_examples=15)
@given(st.lists(st.integers(min_value=0, max_value=99), min_size=1, max_size=25))
def test_random_play_keeps_every_item_once_in_order_and_replays_exactly(picks):
    with Store.open(":memory:") as store:
        registry = piled_registry()
        match = Match.create(store, registry, "toy", "skirmish", seed=11)
        for pick in picks:
            actions = [a for a in match.legal_actions() if a.verb in ("draw", "mix", "under", "back")]
            match.play(actions[pick % len(actions)])
            items = Counter(item for (_, item) in match.rows_of("pile"))
            assert items == Counter(CHITS + SHIPS)  # nothing lost, nothing doubled
            assert all(p == list(range(len(p))) for p in places(match).values())  # places 0..n-1, no gaps
        assert verify(store, registry, match.match_id) >= len(picks)
