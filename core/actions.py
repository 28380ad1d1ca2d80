"""Actions: what a side may do now, and carrying one out as one transaction."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from . import sequence
from .decisions import answer_as_choice
from .errors import InvalidOrder, PluginError, RuleViolation
from .events import Event, EventLog
from .model import Action, Outcome
from .seats import RULES

RULES_TURN = "rules"  # the action a side the game's rules play takes: they choose inside it


class Actions:
    """Part of :class:`~phaseline.match.Match`: legal actions, play, and passing over idle steps."""

    _legal: tuple[tuple[int, str], list[Action]] | None = None
    _together = False  # inside one_commit

    def legal_actions(self, side: str | None = None) -> list[Action]:
        """Everything ``side`` (default: the side waited on) may do now."""
        if self.finished:
            return []
        waiting, decision = self.waiting_on()
        side = side or waiting
        if side != waiting:
            return []
        if decision:
            return [Action("choose", (c,), side) for c in decision["choices"]]
        key = (self.ledger.version, side)
        if self._legal is None or self._legal[0] != key:  # asked again and again in one state
            found: list[Action] = []
            for answer in self.hook.phaseline_legal_actions(match=self, side=side):
                found.extend(answer)
            if self.end_refusal(side) is None:
                found.append(Action("end", (), side))
            self._legal = (key, found)
        return list(self._legal[1])

    def play(self, action: Action, *, as_side: str | None = None, by: str | None = None) -> None:
        """Carry out ``action`` as one transaction; a refusal leaves the store untouched.

        The seat playing the side waited on must be one this store holds (``as_side``, when
        given, must be that seat); ``by`` is who plays it (a bot's name under autoplay),
        by default the side's controller. The match's end reveals the held dice secrets.
        """
        if self.finished:
            raise self.violation(f"match {self.match_id} is over", rule="end of game")
        waiting, decision = self.waiting_on()
        if action.side and action.side != waiting:
            raise InvalidOrder(f"it is {waiting}'s turn to act, not {action.side}'s")
        seat = self.seat_to_act(waiting, as_side)
        controller = self.controller(waiting)
        by = by or controller
        if controller == RULES and (by != RULES or action.verb != RULES_TURN):
            raise self.violation(
                f"no one plays {waiting}: the game's rules do, when its turn comes",
                rule=self.info.rules_side_rule or "seats",
            )
        if controller != RULES and (by == RULES or action.verb == RULES_TURN):
            raise self.violation(
                f"'{RULES_TURN}' is the turn of a side the game's rules play; {waiting} is played by {controller}",
                rule="seats",
            )
        args = tuple(action.args)
        if decision and action.verb == "choose":  # logged as the decision spells it (replays read that)
            args = answer_as_choice(decision["choices"], args)
        action = Action(action.verb, args, waiting)
        if decision and action.verb not in ("choose", RULES_TURN):
            raise self.violation(
                f"{waiting} must first answer: {decision['prompt']} (choose one of: {', '.join(decision['choices'])})",
                rule=self.info.answer_first.get(decision["kind"]) or decision["rule"] or "decision",
            )
        try:
            with self.store.transaction(), self.events.held():
                self._cause = None
                self._acting_seat = seat
                self.rules.in_action = True
                seq = self.log(
                    Event(kind="action", side=waiting, verb=action.verb, payload={"args": list(action.args), "by": by})
                )
                self._cause = seq
                with self.ledger.holding():  # its row changes written together, when read or at its end
                    step_before = (self.clock.turn, self.clock.step)
                    self._dispatch(action, decision)
                    self.after_action(step_before)
                self.end_block()
        except BaseException:
            self._forget_unwritten()
            raise
        finally:
            self._cause = None
            self._acting_seat = None
            self.rules.in_action = False
        if self.finished and not self.replaying:
            self.seats.reveal(final=True)  # the end publishes this player's dice secrets

    @contextmanager
    def one_commit(self, *, shared: bool = False) -> Iterator[None]:
        """Play the actions of this block as one transaction (autoplay commits every N actions):
        their events, effects and row changes are written together when something reads them
        or when the block ends, then committed. If anything in it fails, nothing of the block is
        kept: the store is as it was before it, a whole number of actions. Inside another
        transaction (a replay's), the block is part of that one.

        ``shared``: the transaction open around the block is a tournament pool's, which many
        matches share (phaseline.tournament.pool): the block is held and kept as one of its own
        (its answers are no what-if's), and the pool drops a match whose block fails."""
        if self._together or (self.store._depth and not shared):
            yield
            return
        self._together = True
        try:
            with self.store.transaction(), self.ledger.holding():
                yield
                self.flush()
        except BaseException:
            self._forget_unwritten()
            raise
        finally:
            self._together = False

    def _forget_unwritten(self) -> None:
        """After a rollback: drop the events, effects and changes not written, and every
        answer kept from the state that is gone."""
        self.events = EventLog(self.store, self.match_id)
        self.ledger.discard()
        self.ledger.version += 1
        self.rules.forget()

    def seat_to_act(self, side: str, as_side: str | None = None) -> str | None:
        """The seat that plays ``side`` now, if this store may act for it; else the refusal.

        In a replay, the seat the log names must be that seat. A match without seats
        (made before them) lets anyone act, as it always did.
        """
        if not self.seats.seated:
            return None
        seat = self.seat_playing(side)
        if self.replaying:
            if self.replay_seat != seat:
                raise self.violation(
                    f"an action of {side} made by seat {self.replay_seat} ({self.seats.player(self.replay_seat)}), "
                    f"which does not hold it: {side} is played from seat {seat} ({self.seats.player(seat)})",
                    rule="seats",
                )
            return seat
        if as_side is not None and as_side != seat:
            raise self.violation(
                f"you act as {as_side}, but the match waits on {side}, played from seat {seat}", rule="seats"
            )
        if not self.seats.holds(seat):
            if self.seats.claim_of(seat) is None:
                raise self.violation(
                    f"seat {seat} is open: nobody has joined to play {side} yet "
                    "(export the match to the player who will)",
                    rule="seats",
                )
            raise self.violation(
                f"{side} is played from seat {seat}, held by {self.seats.player(seat)}: this store does not hold it",
                rule="seats",
            )
        return seat

    def end_refusal(self, side: str | None) -> RuleViolation | None:
        """Why ``side`` may not end the current step now (a game rule), or None."""
        return self.hook.phaseline_end_refusal(match=self, step=self.step, side=side)

    def _dispatch(self, action: Action, decision: dict[str, Any] | None) -> None:
        if action.verb == RULES_TURN:  # inside the action, so the rules' dice are its rolls, replayed with it
            action = self._rules_choice(action.side)
            if decision and action.verb != "choose":
                raise PluginError(f"the rules chose {action} for {action.side}, who owes an answer first")
        if action.verb == "end":
            refusal = self.end_refusal(action.side)
            if refusal is not None:
                raise refusal
            sequence.end_step(self)
        elif action.verb == "choose":
            self._answer(action, decision)
        elif action.verb in self.step.verbs or not self.step.verbs:
            if not self.hook.phaseline_play(match=self, action=action):
                raise InvalidOrder(f"{self.info.name} has no order {action.verb!r}")
        else:
            raise self.hook.phaseline_order_refusal(match=self, action=action) or self._out_of_step(action.verb)

    def _out_of_step(self, verb: str) -> RuleViolation:
        """The refusal of an order the current step does not take: the step it belongs to, if
        any, and the rule fixing the steps' order (``GameInfo.sequence_rule``), else the step's own.
        Inside a procedure of dynamic steps (a battle), the order's own step's rule fixes it."""
        allowed = ", ".join((*self.step.verbs, "end"))
        if verb in self.info.rules_verbs:
            return self.violation(
                f"'{verb}' is an order of the game's own rules: no player types it",
                rule=self.info.rules_side_rule or "seats",
            )
        taking = [s for s in (*self.steps(self.clock.turn), *self.info.dynamic_steps) if verb in s.verbs]
        own = next((s for s in taking if s.side == self.step.side), taking[0] if taking else None)  # the mover's own
        where = f"an order of the {own.title or own.name}, not" if own else "not an order"
        rule = self.info.sequence_rule or self.step.rule or "sequence of play"
        dynamic = {s.name for s in self.info.dynamic_steps}
        if own is not None and own.rule and dynamic & {own.name, self.step.name}:
            rule = own.rule
        here = self.step.title or self.step.name
        return self.violation(f"'{verb}' is {where} of the {here} (allowed: {allowed})", rule)

    def _rules_choice(self, side: str) -> Action:
        """What the game's rules choose for ``side`` (``phaseline_rules_choose``), logged as their choice."""
        chosen = self.hook.phaseline_rules_choose(match=self, side=side)
        if chosen is None or chosen.verb == RULES_TURN:
            raise PluginError(f"{self.info.name} plays {side} by its rules but its rules chose nothing to do")
        self.log(Event("note", side=side, purpose=f"the rules choose: {chosen}"))
        return Action(chosen.verb, tuple(chosen.args), side)

    def _answer(self, action: Action, decision: dict[str, Any] | None) -> None:
        if decision is None:
            raise InvalidOrder("there is no decision to answer")
        if len(action.args) != 1:
            raise InvalidOrder(f"choose takes one answer: one of {', '.join(decision['choices'])}")
        answer = action.args[0]
        if answer not in decision["choices"]:
            refusal = self.hook.phaseline_answer_refusal(match=self, decision=decision, answer=answer)
            if refusal is not None:
                raise refusal
            raise self.violation(
                f"{answer!r} is not a legal answer to: {decision['prompt']} "
                f"(choose one of: {', '.join(decision['choices'])})",
                rule=decision["rule"] or "decision",
            )
        self.set("decision", {"decision_id": decision["decision_id"]}, status="answered", answer=answer)
        self.hook.phaseline_answer(match=self, decision=decision, answer=answer)

    def after_action(self, step_before: tuple[int, str]) -> None:
        """Check for the end of the match; when a new step began, pass over idle steps.

        A step in which the player has acted is never ended for them: an ``end`` they type
        next must not end the following side's step.
        """
        if not self.finished:
            outcome = self.hook.phaseline_outcome(match=self)
            if outcome is not None:
                sequence.finish(self, outcome)
        if (self.clock.turn, self.clock.step) != step_before or self.clock.side is None:
            self.skip_idle_steps()  # a step of no side (Dawn) can wait on nothing once decisions are answered

    def skip_idle_steps(self) -> None:
        """End steps whose side has nothing to do but end them (logged, never silent); a step
        that ``waits`` stands until its side ends it."""
        while not self.finished and self.open_decision() is None and not self.step.waits:
            actions = self.legal_actions()
            if any(a.verb != "end" for a in actions):
                return
            self.log(Event(kind="phase", side=self.clock.side, purpose=f"nothing to do in {self.clock.step}"))
            sequence.end_step(self)

    def end_match(self, outcome: Outcome) -> None:
        """End the match now (a game rule such as sudden death)."""
        sequence.finish(self, outcome)
