"""One conformance suite for every registered game and scenario (STYLE.md §7).

Random legal play, drawn from ``legal_actions()`` by Hypothesis' stateful testing,
with undo as one of the moves:

- refuses only with a RuleViolation, and a refusal leaves the match untouched;
- never dead-ends: until the match is finished some side has a legal action;
- never undoes a die roll unseen: undo across a roll is refused without force, and a
  forced undo names the rolls it takes back while the log keeps them; an undo the game's
  rules refuse (``phaseline_undo_refusal``: Breakout 8.13) is refused, forced or not;
- keeps each game's invariants (Battle for Germany: units on existing spaces, one
  place per unit, no German in Berlin, stacking at the end of every movement phase);
- and the match it leaves replays exactly (``replay.verify``).

Golden playthroughs: a seeded heuristic-bot opening of every Battle for Germany
scenario, whose event log digest is stored in tests/golden/ and compared here
(``python tests/conformance_support.py --regenerate`` rewrites them).
"""

from __future__ import annotations

import json

import pytest
from conformance_support import (
    BFG,
    NIMITZ,
    Subject,
    bfg_problems,
    cached_reach_differs,
    generic_problems,
    golden_path,
    nimitz_problems,
    play_golden,
    subjects,
)
from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test
from phaseline import Action, Match, RuleViolation, Store
from phaseline.actions import RULES_TURN
from phaseline.bots import run_bots
from phaseline.replay import verify
from phaseline.seats import RULES
from phaseline.undo import game_refusal, undo, undo_target

SUBJECTS = subjects()

# Bounds per game so that the whole file stays within CI's budget on two cores: a Battle
# for Germany match costs a few seconds to set up, the toy game nothing.
BOUNDS = {"toy": (3, 12), BFG: (1, 10), "breakout-normandy": (1, 6), NIMITZ: (1, 12)}
DEFAULT_BOUNDS = (5, 20)


def bounded(subject: Subject) -> settings:
    examples, steps = BOUNDS.get(subject.game, DEFAULT_BOUNDS)
    current = settings()
    return settings(
        current,
        max_examples=min(examples, current.max_examples),
        stateful_step_count=min(steps, current.stateful_step_count * 2),
        # Shrinking a Battle for Germany failure replays whole matches for minutes: report it as found.
        phases=[Phase.explicit, Phase.reuse, Phase.generate] if subject.game == BFG else current.phases,
    )


# Known failures, each with the finding; strict=False so that the fix shows as XPASS.
KNOWN: dict[str, str] = {}  # subject id -> reason, for known failures marked xfail


def marked(subject: Subject):
    if subject.id in KNOWN:
        return pytest.param(subject, id=subject.id, marks=pytest.mark.xfail(reason=KNOWN[subject.id], strict=False))
    return pytest.param(subject, id=subject.id)


def machine_for(subject: Subject) -> type[RuleBasedStateMachine]:
    """A state machine playing one match of ``subject`` with random legal actions and undos."""
    reg = subject.registry()

    class RandomLegalPlay(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.store = Store.open(":memory:")
            self.match = Match.create(self.store, reg, subject.game, subject.scenario, options=subject.options, seed=11)
            self.movement_ended = False

        def teardown(self) -> None:
            try:
                if subject.game == BFG:
                    assert not cached_reach_differs(self.match), "cached reach differs from a full run"
                verify(self.store, reg, self.match.match_id)  # raises IntegrityError on any difference
            finally:
                self.store.close()

        # --- moves ---------------------------------------------------------------------

        def _play(self, action) -> None:
            match = self.match
            before = (match.events.last_seq, match.clock)
            moving = match.step.phase == "movement"
            by = None
            if match.controller(match.waiting_on()[0]) == RULES:  # a side the rules play: they choose
                action, by = Action(RULES_TURN), RULES
            try:
                match.play(action, by=by)
            except RuleViolation as refusal:
                # A refusal leaves the store untouched (one transaction per action)...
                assert (match.events.last_seq, match.clock) == before, f"refused {action} changed the match"
                # ...and never meets an action the legal list offered.
                raise AssertionError(f"the legal action {action} was refused: {refusal}") from None
            after = match.clock
            self.movement_ended = moving and (before[1].turn, before[1].step) != (after.turn, after.step)

        @precondition(lambda self: not self.match.finished)
        @rule(data=st.data())
        def act(self, data) -> None:
            """Any legal action but ending the step (a decision's answers included)."""
            actions = self.match.legal_actions()
            others = [a for a in actions if a.verb != "end"] or actions
            self._play(data.draw(st.sampled_from(others), label="action"))

        @precondition(lambda self: not self.match.finished)
        @rule()
        def end_step(self) -> None:
            actions = self.match.legal_actions()
            end = [a for a in actions if a.verb == "end"]
            self._play(end[0] if end else actions[0])

        @rule(force=st.booleans())
        def take_back(self, force: bool) -> None:
            match = self.match
            target = undo_target(match)
            before = match.events.last_seq
            if match.finished:  # undo never reopens a finished match (docs/fair-play.md)
                with pytest.raises(RuleViolation, match="is over"):
                    undo(match, force=True)
                assert match.events.last_seq == before, "a refused undo changed the log"
                return
            if target is None:
                with pytest.raises(RuleViolation):
                    undo(match, force=force)
                return
            first, last, rolls = target
            refusal = game_refusal(match, first, last)
            if refusal is not None:  # the game's own rule (Breakout 8.13): --force does not waive it
                with pytest.raises(RuleViolation) as refused:
                    undo(match, force=force)
                assert refused.value.rule == refusal.rule
                assert match.events.last_seq == before, "a refused undo changed the log"
                return
            if rolls and not force:
                with pytest.raises(RuleViolation, match="roll"):
                    undo(match)
                assert match.events.last_seq == before, "a refused undo changed the log"
                return
            undo(match, force=force)
            record = match.rows(
                "SELECT payload FROM event WHERE match_id = ? AND seq = ?", [match.match_id, before + 1]
            )
            payload = json.loads(record[0]["payload"])
            assert payload["forced"] == bool(rolls)
            assert payload["rolls"] == [r["seq"] for r in rolls], "the undo must name the rolls it takes back"
            kept = match.one(
                "SELECT count(*) FROM event WHERE match_id = ? AND kind = 'roll' AND list_contains(?, seq)",
                [match.match_id, payload["rolls"]],
            )
            assert kept == len(rolls), "the log keeps undone rolls"
            self.movement_ended = False

        # --- invariants ----------------------------------------------------------------

        @invariant()
        def keeps_the_rules(self) -> None:
            problems = generic_problems(self.match)
            if subject.game == BFG:
                problems += bfg_problems(self.match, movement_ended=self.movement_ended)
            if subject.game == NIMITZ:
                problems += nimitz_problems(self.match)
            assert not problems, "\n".join(problems)

    RandomLegalPlay.__name__ = f"RandomLegalPlay[{subject.id}]"
    return RandomLegalPlay


@pytest.mark.slow
@pytest.mark.parametrize("subject", [marked(s) for s in SUBJECTS])
def test_random_legal_play(subject: Subject) -> None:
    run_state_machine_as_test(machine_for(subject), settings=bounded(subject))


@pytest.mark.slow
@pytest.mark.parametrize(
    "subject", [pytest.param(s, id=s.id) for s in SUBJECTS if s.game == NIMITZ and s.scenario != "linked"]
)
def test_nimitz_random_play_to_the_end(subject: Subject) -> None:
    """A whole Fleet Commander: Nimitz campaign of random legal play, every battle fought to its
    end (the random bot playing the US, the rules Japan): no dead end and no broken invariant after
    any action, the match finished, and replayed exactly."""
    reg = subject.registry()
    with Store.open(":memory:") as store:
        match = Match.create(store, reg, NIMITZ, subject.scenario, options=subject.options, seed=11)

        def check(match) -> None:
            problems = generic_problems(match) + nimitz_problems(match)
            assert not problems, "\n".join(problems)

        run_bots(match, reg, controllers={"US": "bot:random"}, progress=check)
        assert match.finished, f"random play stopped unfinished at {match.clock}"
        battles = match.one("SELECT count(*) FROM event WHERE match_id = ? AND verb = 'battle'", [match.match_id])
        assert battles, "no battle was fought"
        verify(store, reg, match.match_id)


BFG_SCENARIOS = [s.scenario for s in SUBJECTS if s.game == BFG and not s.options]


@pytest.mark.slow
@pytest.mark.parametrize("scenario", BFG_SCENARIOS)
def test_golden_playthrough(scenario: str) -> None:
    """The seeded opening plays out exactly as stored (after a deliberate rule change,
    regenerate with ``python tests/conformance_support.py --regenerate SCENARIO``)."""
    path = golden_path(scenario)
    if not path.is_file():
        pytest.fail(f"no golden playthrough {path.name}: python tests/conformance_support.py --regenerate")
    stored = json.loads(path.read_text())
    played = play_golden(scenario)
    assert played == stored
