"""The value objects that plugins and the engine exchange."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class ScenarioInfo:
    """A scenario of a game: its turns, sides and data folder."""

    name: str
    title: str
    first_turn: int
    last_turn: int
    sides: tuple[str, ...]
    data: Path
    rule: str = ""
    settings: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    fallback: Path | None = None  # a custom scenario falls back to the game's own files
    # sides no player plays: the game's rules choose their actions (phaseline_rules_choose), as
    # Fleet Commander: Nimitz's procedures play the Japanese; no human or bot is ever seated there
    played_by_rules: tuple[str, ...] = ()

    def file(self, relative: str) -> Path:
        """The scenario's data file ``relative`` (e.g. 'map/hexes.csv'), custom first."""
        own = self.data / relative
        if own.exists() or self.fallback is None:
            return own
        return self.fallback / relative


def load_object(ref: Any) -> Any:
    """``ref`` itself, or what an import path names: a module (``"phaseline.games.bfg.hooks"``) or
    an attribute of one (``"phaseline.games.bfg.bot:HeuristicBot"``), imported when first needed."""
    if not isinstance(ref, str):
        return ref
    from importlib import import_module

    module, _, attribute = ref.partition(":")
    found = import_module(module)
    return getattr(found, attribute) if attribute else found


@dataclass(frozen=True)
class GameInfo:
    """A game system a plugin registers (``phaseline_register_games``).

    ``plugin`` holds the hooks a match of the game calls: an object, or the import path of the
    module that holds them, so that listing games (``--help``, ``games``) imports no rules.
    """

    name: str
    title: str
    version: str
    plugin: Any
    scenarios: dict[str, ScenarioInfo] = field(hash=False)
    rule_index: Path
    short: str = ""
    rulings: dict[str, str] = field(default_factory=dict, hash=False)  # alternative readings
    verbs: dict[str, str] = field(default_factory=dict, hash=False)  # order verb -> help text
    decisions: dict[str, str] = field(default_factory=dict, hash=False)  # decision kind -> the rule that asks it
    bare_verbs: frozenset[str] = field(default_factory=frozenset, hash=False)  # verbs played with no arguments
    # verbs only the game's own rules play, for a side of ScenarioInfo.played_by_rules: no player types them
    rules_verbs: frozenset[str] = field(default_factory=frozenset, hash=False)
    # the rule that fixes the order of the steps: an order typed in another step than its own cites
    # it (Fleet Commander: Nimitz 5.1); empty: the current step's own rule
    sequence_rule: str = ""
    # steps its phaseline_next_step begins outside a turn's declared sequence (Fleet Commander:
    # Nimitz's battle steps): Game.step finds them by name, with their verbs, title, rule and waits
    dynamic_steps: tuple[Step, ...] = field(default=(), hash=False)
    # the game's own hooks (a module of @phaseline.hookspec functions): where a base rule lets
    # an optional rule change how it reads, without naming the optional rule
    hookspecs: Any = field(default=None, hash=False)

    @property
    def hooks(self) -> Any:
        """The object holding the game's hooks (:func:`load_object` of ``plugin``)."""
        return load_object(self.plugin)

    def scenario(self, name: str) -> ScenarioInfo:
        from .errors import UnknownName

        try:
            return self.scenarios[name]
        except KeyError:
            known = ", ".join(self.scenarios)
            raise UnknownName(f"{self.name} has no scenario {name!r} (scenarios: {known})") from None


@dataclass(frozen=True)
class OptionalRule:
    """An optional rule of one game, chosen at creation; ``plugin`` holds its hooks (an object, or
    the import path of its module, as :class:`GameInfo`'s)."""

    game: str
    name: str
    title: str
    rule: str
    plugin: Any = None
    version: str = "0"
    decisions: dict[str, str] = field(default_factory=dict, hash=False)  # the kinds it asks, as GameInfo's

    @property
    def hooks(self) -> Any:
        """The object holding the rule's hooks (:func:`load_object` of ``plugin``), or None."""
        return load_object(self.plugin)


@dataclass(frozen=True)
class BotInfo:
    """A bot: ``factory(game, side)`` returns an object with ``choose(game, side)``; ``factory`` may
    be the import path of that callable (``"module:Class"``), imported when a match asks for the bot."""

    name: str
    game: str
    factory: Any
    title: str = ""


@dataclass(frozen=True)
class PluginTable:
    """A table a plugin adds to the store (``phaseline_tables``)."""

    name: str
    ddl: str
    key: tuple[str, ...]
    kind: str = "state"  # 'static' or 'state'


@dataclass(frozen=True)
class Step:
    """One step of the sequence of play: a phase of a side, named as in the rulebook."""

    name: str
    phase: str
    side: str | None
    title: str = ""
    rule: str = ""
    verbs: tuple[str, ...] = ()
    forces: tuple[str, ...] = ()  # unit sides that act in this step (default: ``side``)
    waits: bool = False  # waits for its side's ``end`` even with nothing else to do (never passed as idle)

    @property
    def acting(self) -> tuple[str, ...]:
        """The unit sides that move or fight in this step."""
        return self.forces or ((self.side,) if self.side else ())


@dataclass(frozen=True)
class Action:
    """An order: ``verb`` with its arguments as the CLI spells them, for ``side``."""

    verb: str
    args: tuple[str, ...] = ()
    side: str | None = None

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the rule that ended it, the winners (none = draw), a summary."""

    rule: str
    winners: tuple[str, ...]
    summary: str


@dataclass(frozen=True)
class Clock:
    """Where a match stands: turn, step, phase, phasing side, status."""

    turn: int
    step_no: int
    step: str
    phase: str
    side: str | None
    status: str
    result: str | None = None


@dataclass(frozen=True)
class CounterFace:
    """What a unit's counter says on the map: its short name, its printed values as the game
    prints them (Battle for Germany ``4-5-4``; Breakout: Normandy ``3-4-3`` Fresh, ``(2)`` Spent),
    a condition mark (``S`` spent, ``D1`` disrupted …; empty when none), the colour of its
    nationality if it has one (else its side's), and a longer description for a tooltip."""

    name: str
    values: str
    mark: str = ""
    colour: str | None = None
    title: str = ""


@dataclass(frozen=True)
class LinkMark:
    """A mark on the border between spaces ``a`` and ``b`` (a bridge and its state), in ``colour``."""

    a: str
    b: str
    label: str
    colour: str


@dataclass(frozen=True, eq=False)
class MapMarks:
    """What a game adds to the engine's map (``phaseline_map_marks``); every field may stay empty.

    ``counters``: unit id -> its :class:`CounterFace` (units left out get the engine's face:
    the unit id and attack-defense-movement). ``control``: space -> who holds it (a side, or
    any name the game uses, such as a nation). ``colours``: side or controller -> an SVG colour.
    ``notes``: space -> a few characters after its name (a terrain modifier, ``+2``).
    ``links``: marks on borders. ``legend``: lines for the map's legend (``{"VP": "SOV 12, WA 3"}``).
    ``positions``: space -> where to draw it (x east, y north), overriding ``space.x/y``.
    """

    counters: dict[str, CounterFace] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    links: tuple[LinkMark, ...] = ()
    legend: dict[str, str] = field(default_factory=dict)
    positions: dict[str, tuple[float, float]] = field(default_factory=dict)
