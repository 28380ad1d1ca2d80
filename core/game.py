"""A match in play: the clock, the ledger, dice, decisions, actions and undo."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from functools import cached_property
from typing import Any
from uuid import uuid4

from . import seats, sequence
from .dice import roll as dice_roll
from .effects import CORE_STATE_KEYS, Ledger
from .errors import InvalidOrder, PluginError, RuleViolation, UnknownName
from .events import Event, EventLog
from .model import Action, Clock, GameInfo, OptionalRule, Outcome, ScenarioInfo, Step
from .plugins import Registry, match_manager, plugin_tables
from .queries import RuleQueries
from .store import Store

ENGINE_VERBS = ("end", "choose")


class Game:
    """One match of an installed game, open on a store.

    Plugins change state only through :meth:`set`, :meth:`insert`, :meth:`delete` and
    :meth:`update_where` (recorded as effects), roll only through :meth:`roll`, and ask
    the players through :meth:`ask`.
    """

    def __init__(
        self,
        store: Store,
        game_id: str,
        info: GameInfo,
        scenario: ScenarioInfo,
        options: list[OptionalRule],
        rulings: tuple[str, ...] = (),
    ) -> None:
        self.store = store
        self.con = store.con
        self.game_id = game_id
        self.info = info
        self.scenario = scenario
        self.optional_rules = options
        self.options = frozenset([o.name for o in options] + list(rulings))
        self.pm = match_manager(info, options)
        self.hook = self.pm.hook
        self.tables = plugin_tables(self.pm)
        keys = dict(CORE_STATE_KEYS)
        keys.update({t.name: t.key for t in self.tables if t.kind == "state"})
        self.ledger = Ledger(store, game_id, keys)
        self.events = EventLog(store, game_id)
        self.rules = RuleQueries(self)
        self._cause: int | None = None
        self._forced_rolls: deque[int] | None = None
        self._steps: dict[int, list[Step]] = {}
        self._clock: tuple[tuple[int, int], Clock] | None = None
        self._legal: tuple[tuple[int, str], list[Action]] | None = None
        self._decision: tuple[tuple[int, int], dict[str, Any] | None] | None = None

    # --- creating and opening ----------------------------------------------------

    @classmethod
    def create(
        cls,
        store: Store,
        registry: Registry,
        game: str,
        scenario: str | ScenarioInfo,
        *,
        options: Iterable[str] = (),
        seed: int | None = None,
        controllers: dict[str, str] | None = None,
        game_id: str | None = None,
    ) -> Game:
        """Create a match: copy the scenario's static data, set up, begin the first step."""
        info = registry.game(game)
        chosen = info.scenario(scenario) if isinstance(scenario, str) else scenario
        rules, rulings = _split_options(registry, info, list(options))
        game_id = game_id or _new_id(store, info)
        seed = seed if seed is not None else int(uuid4().int % 2**62)
        self = cls(store, game_id, info, chosen, rules, rulings)
        store.ensure_tables(info.name, info.version, self.tables)
        with store.transaction():
            store.con.execute(
                "INSERT INTO match VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    game_id,
                    info.name,
                    chosen.name,
                    seed,
                    sorted(self.options),
                    datetime.now(),
                    chosen.first_turn,
                    chosen.last_turn,
                ],
            )
            for side in chosen.sides:
                controller = (controllers or {}).get(side, "human")
                store.con.execute("INSERT INTO match_side VALUES (?, ?, ?)", [game_id, side, controller])
            store.con.execute("INSERT INTO match_plugin VALUES (?, ?, ?)", [game_id, info.name, info.version])
            for rule in rules:
                store.con.execute(
                    "INSERT INTO match_plugin VALUES (?, ?, ?)",
                    [game_id, f"{info.name}:{rule.name}", rule.version],
                )
            if not self.hook.phaseline_load_scenario(game=self, scenario=chosen):
                raise PluginError(f"{info.name} did not load scenario {chosen.name}")
            self.start()
            self.ledger.flush()
        return self

    @classmethod
    def load(cls, store: Store, registry: Registry, game_id: str) -> Game:
        """Open a match of the store, checking that its plugins are installed."""
        row = store.rows("SELECT * FROM match WHERE game_id = ?", [game_id])
        if not row:
            raise UnknownName(f"no match {game_id!r} in {store.path}")
        match = row[0]
        info = registry.game(match["ruleset"])
        recorded = dict(
            store.con.execute(
                "SELECT plugin, version FROM match_plugin WHERE game_id = ?", [game_id]
            ).fetchall()
        )
        if recorded.get(info.name) != info.version:
            raise PluginError(
                f"match {game_id} was created with {info.name} {recorded.get(info.name)}, "
                f"but {info.version} is installed",
                plugin=info.name,
            )
        rules, rulings = _split_options(registry, info, list(match["options"]))
        scenario = _scenario_of(info, match)
        return cls(store, game_id, info, scenario, rules, rulings)

    def start(self) -> None:
        """The match's first event: set-up, then the first step of the first turn."""
        self.log(Event(kind="setup", purpose=f"set up {self.scenario.name}"), turn=0, step="", phase="setup")
        self.insert(
            "clock",
            {
                "turn": self.first_turn,
                "step_no": 0,
                "step": "",
                "phase": "setup",
                "side": None,
                "status": "active",
                "result": None,
            },
        )
        self.hook.phaseline_setup(game=self)
        sequence.begin_turn(self, self.first_turn)
        self.skip_idle_steps()

    # --- reading state -----------------------------------------------------------

    @cached_property
    def seed(self) -> int:
        return int(self.store.one("SELECT seed FROM match WHERE game_id = ?", [self.game_id]))

    @property
    def first_turn(self) -> int:
        return self.scenario.first_turn

    @property
    def last_turn(self) -> int:
        return self.scenario.last_turn

    @property
    def clock(self) -> Clock:
        """Where the match stands (read once per state change)."""
        version = self.ledger.version_of("clock")
        if self._clock is None or self._clock[0] != version:
            row = self.store.rows(
                "SELECT turn, step_no, step, phase, side, status, result FROM clock WHERE game_id = ?",
                [self.game_id],
            )
            clock = Clock(**row[0]) if row else Clock(self.first_turn, 0, "", "setup", None, "active")
            self._clock = (version, clock)
        return self._clock[1]

    @property
    def finished(self) -> bool:
        return self.clock.status == "finished"

    @property
    def step(self) -> Step:
        clock = self.clock
        for step in self.steps(clock.turn):
            if step.name == clock.step:
                return step
        return Step(clock.step, clock.phase, clock.side)

    def steps(self, turn: int) -> list[Step]:
        if turn not in self._steps:
            self._steps[turn] = sequence.steps_of(self, turn)
        return self._steps[turn]

    def rows(self, sql: str, params: Any = None) -> list[dict[str, Any]]:
        return self.store.rows(sql, params)

    def one(self, sql: str, params: Any = None) -> Any:
        return self.store.one(sql, params)

    def controller(self, side: str) -> str:
        """Who controls ``side`` now (a human or ``bot:<name>``; a rule may move players, see seats.py)."""
        return seats.controller(self, side)

    def rule(self, topic: str) -> str:
        """The game's rule number for a shared topic (``rule_ref``), e.g. 'zoc.stop'."""
        return self.one("SELECT rule FROM rule_ref WHERE game_id = ? AND topic = ?", [self.game_id, topic]) or topic

    def violation(
        self, message: str, rule: str, evidence: list[dict[str, Any]] | None = None
    ) -> RuleViolation:
        """A :class:`RuleViolation` of this game (the caller raises it)."""
        return RuleViolation(message, rule=rule, game=self.info.short or self.info.name, evidence=evidence)

    # --- writing state (recorded) ------------------------------------------------

    def set(self, table: str, key: dict[str, Any], **values: Any) -> None:
        self.ledger.set(table, key, **values)

    def insert(self, table: str, row: dict[str, Any]) -> None:
        self.ledger.insert(table, row)

    def insert_many(self, table: str, rows: list[dict[str, Any]]) -> None:
        self.ledger.insert_many(table, rows)

    def delete(self, table: str, key: dict[str, Any]) -> None:
        self.ledger.delete(table, key)

    def update_where(self, table: str, condition: str, params: list[Any] | None = None, **values: Any) -> int:
        return self.ledger.update_where(table, condition, params, **values)

    def set_clock(self, **values: Any) -> None:
        self.ledger.set("clock", {}, **values)

    def log(
        self, event: Event, *, turn: int | None = None, step: str | None = None, phase: str | None = None
    ) -> int:
        """Append ``event``; later state changes are recorded against it."""
        clock = self.clock if turn is None else None
        seq = self.events.append(
            event,
            turn=turn if turn is not None else clock.turn,
            step=step if step is not None else clock.step,
            phase=phase if phase is not None else clock.phase,
            cause=self._cause,
        )
        self.ledger.begin(seq, new_event=True)
        return seq

    # --- dice and decisions --------------------------------------------------------

    def roll(self, purpose: str, *, rule: str | None = None, sides: int = 6, side: str | None = None) -> int:
        """Roll one die (logged with its purpose); replay hands back the logged roll."""
        if self._forced_rolls is not None:
            if not self._forced_rolls:
                raise RuntimeError("replay needs a roll the log does not have")
            roll_no = self._forced_rolls.popleft()
        else:
            roll_no = self.events.next_roll_no()
        die = dice_roll(self.seed, roll_no, sides)
        self.log(
            Event(
                kind="roll",
                side=side,
                die=die,
                roll_no=roll_no,
                purpose=purpose,
                rule=rule,
                payload={"sides": sides},
            )
        )
        return die

    def ask(
        self,
        side: str,
        kind: str,
        prompt: str,
        choices: list[str],
        context: dict[str, Any],
        rule: str | None = None,
    ) -> int:
        """Owe a decision to ``side``; the engine waits until it is answered."""
        if not choices:
            raise ValueError(f"decision {kind!r} with no choices")
        decision_id = 1 + int(
            self.one("SELECT coalesce(max(decision_id), 0) FROM decision WHERE game_id = ?", [self.game_id])
        )
        self.insert(
            "decision",
            {
                "decision_id": decision_id,
                "side": side,
                "kind": kind,
                "prompt": prompt,
                "choices": list(choices),
                "context": json.dumps(context, sort_keys=True),
                "rule": rule,
                "status": "open",
                "answer": None,
            },
        )
        self.log(
            Event(
                kind="decision",
                side=side,
                purpose=prompt,
                rule=rule,
                payload={"decision_id": decision_id, "kind": kind, "choices": list(choices)},
            )
        )
        return decision_id

    def open_decision(self) -> dict[str, Any] | None:
        """The first open decision (read once per state change, like the clock)."""
        version = self.ledger.version_of("decision")
        if self._decision is None or self._decision[0] != version:
            rows = self.rows(
                "SELECT * FROM decision WHERE game_id = ? AND status = 'open' ORDER BY decision_id LIMIT 1",
                [self.game_id],
            )
            self._decision = (version, rows[0] if rows else None)
        row = self._decision[1]
        if row is None:
            return None
        return {**row, "context": json.loads(row["context"])}  # a fresh copy for every caller

    def waiting_on(self) -> tuple[str | None, dict[str, Any] | None]:
        """The side the engine waits on, and the decision it owes (None: its step's actions)."""
        decision = self.open_decision()
        if decision:
            return decision["side"], decision
        return self.clock.side, None

    # --- actions -------------------------------------------------------------------

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
            for answer in self.hook.phaseline_legal_actions(game=self, side=side):
                found.extend(answer)
            if self.end_refusal(side) is None:
                found.append(Action("end", (), side))
            self._legal = (key, found)
        return list(self._legal[1])

    def play(self, action: Action) -> None:
        """Carry out ``action`` as one transaction; a refusal leaves the store untouched."""
        if self.finished:
            raise self.violation(f"match {self.game_id} is over", rule="end of game")
        waiting, decision = self.waiting_on()
        if action.side and action.side != waiting:
            raise InvalidOrder(f"it is {waiting}'s turn to act, not {action.side}'s")
        action = Action(action.verb, tuple(action.args), waiting)
        if decision and action.verb != "choose":
            raise self.violation(
                f"{waiting} must first answer: {decision['prompt']} (choose one of: {', '.join(decision['choices'])})",
                rule=decision["rule"] or "decision",
            )
        try:
            with self.store.transaction():
                self._cause = None
                self.rules.in_action = True
                seq = self.log(
                    Event(kind="action", side=waiting, verb=action.verb, payload={"args": list(action.args)})
                )
                self._cause = seq
                step_before = (self.clock.turn, self.clock.step)
                self._dispatch(action, decision)
                self.after_action(step_before)
                self.ledger.flush()
        except BaseException:
            self.events = EventLog(self.store, self.game_id)
            self.ledger.discard()
            self.ledger.version += 1  # rolled back: cached rule answers are stale
            self.rules.forget()
            raise
        finally:
            self._cause = None
            self.rules.in_action = False

    def end_refusal(self, side: str | None) -> RuleViolation | None:
        """Why ``side`` may not end the current step now (a game rule), or None."""
        return self.hook.phaseline_end_refusal(game=self, step=self.step, side=side)

    def _dispatch(self, action: Action, decision: dict[str, Any] | None) -> None:
        if action.verb == "end":
            refusal = self.end_refusal(action.side)
            if refusal is not None:
                raise refusal
            sequence.end_step(self)
        elif action.verb == "choose":
            self._answer(action, decision)
        elif action.verb in self.step.verbs or not self.step.verbs:
            if not self.hook.phaseline_play(game=self, action=action):
                raise InvalidOrder(f"{self.info.name} has no order {action.verb!r}")
        else:
            allowed = ", ".join((*self.step.verbs, "end"))
            raise self.violation(
                f"'{action.verb}' is not an order of the {self.step.title or self.step.name} (allowed: {allowed})",
                rule=self.step.rule or "sequence of play",
            )

    def _answer(self, action: Action, decision: dict[str, Any] | None) -> None:
        if decision is None:
            raise InvalidOrder("there is no decision to answer")
        if len(action.args) != 1:
            raise InvalidOrder(f"choose takes one answer: one of {', '.join(decision['choices'])}")
        answer = action.args[0]
        if answer not in decision["choices"]:
            raise self.violation(
                f"{answer!r} is not a legal answer to: {decision['prompt']} "
                f"(choose one of: {', '.join(decision['choices'])})",
                rule=decision["rule"] or "decision",
            )
        self.set("decision", {"decision_id": decision["decision_id"]}, status="answered", answer=answer)
        self.hook.phaseline_answer(game=self, decision=decision, answer=answer)

    def after_action(self, step_before: tuple[int, str]) -> None:
        """Check for the end of the match; when a new step began, pass over idle steps.

        A step in which the player has acted is never ended for them: an ``end`` they type
        next must not end the following side's step.
        """
        if not self.finished:
            outcome = self.hook.phaseline_outcome(game=self)
            if outcome is not None:
                sequence.finish(self, outcome)
        if (self.clock.turn, self.clock.step) != step_before or self.clock.side is None:
            self.skip_idle_steps()  # a step of no side (Dawn) can wait on nothing once decisions are answered

    def skip_idle_steps(self) -> None:
        """End steps whose side has nothing to do but end them (logged, never silent)."""
        while not self.finished and self.open_decision() is None:
            actions = self.legal_actions()
            if any(a.verb != "end" for a in actions):
                return
            self.log(Event(kind="phase", side=self.clock.side, purpose=f"nothing to do in {self.clock.step}"))
            sequence.end_step(self)

    def end_match(self, outcome: Outcome) -> None:
        """End the match now (a game rule such as sudden death)."""
        sequence.finish(self, outcome)

    # --- replay support ------------------------------------------------------------

    def force_rolls(self, roll_nos: Iterable[int] | None) -> None:
        """Make the next rolls use these logged roll numbers (replay), or stop doing so."""
        self._forced_rolls = None if roll_nos is None else deque(roll_nos)


def _new_id(store: Store, info: GameInfo) -> str:
    prefix = (info.short or info.name).lower().replace(" ", "-")
    count = int(store.one("SELECT count(*) FROM match WHERE ruleset = ?", [info.name]))
    while True:
        count += 1
        candidate = f"{prefix}-{count}"
        if not store.one("SELECT count(*) FROM match WHERE game_id = ?", [candidate]):
            return candidate


def _split_options(
    registry: Registry, info: GameInfo, names: list[str]
) -> tuple[list[OptionalRule], tuple[str, ...]]:
    """Optional rules (plugins) and rulings (alternative readings the game itself knows)."""
    rules: list[OptionalRule] = []
    rulings: list[str] = []
    for name in names:
        if name in info.rulings:
            rulings.append(name)
        else:
            rules.append(registry.option(info.name, name))
    return rules, tuple(rulings)


def _scenario_of(info: GameInfo, match: dict[str, Any]) -> ScenarioInfo:
    """The match's scenario, with the turns stored at creation (custom scenarios set them)."""
    return replace(
        info.scenario(match["scenario"]), first_turn=match["first_turn"], last_turn=match["last_turn"]
    )
