"""The value objects that plugins and the engine exchange."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class ScenarioInfo:
    """A scenario of a game (``GameInfo.scenarios``, the hook ``phaseline_load_scenario``).

    ``name`` is what ``phaseline new GAME --scenario NAME`` types and ``title`` what lists
    show; the match plays turns ``first_turn`` to ``last_turn``; ``sides`` are the sides in
    the order the game names them (the first is the default of ``--side`` and the like);
    ``data`` is the folder of its data files, read through :meth:`file`; ``rule`` the rule
    number of the scenario, if the rulebook gives one; ``settings`` anything else the game
    reads from it (a custom scenario's ``scenario.toml`` adds to them); ``fallback`` the
    game's own data folder behind a custom scenario's; ``played_by_rules`` the sides no
    player plays (the game's ``phaseline_rules_choose`` chooses their actions); ``description``
    one sentence for players, what the scenario is and what decides it (``phaseline games GAME``).
    """

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
    description: str = ""

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

    ``name`` is what ``phaseline new NAME`` types, ``title`` what lists show, ``version`` the
    game's version. ``plugin`` holds the hooks a match of the game
    calls: an object, or the import path of the module that holds them, so that listing
    games (``--help``, ``games``) imports no rules. ``scenarios``: name -> its
    :class:`ScenarioInfo`. ``rule_index``: the CSV of the rulebook's sections
    (docs/rules.md). ``short``: the tag a rule citation prints (the template game's ``KotH``: ``(KotH 3.2)``).
    ``rulings``: name -> text of each alternative reading of an ambiguous rule, chosen at
    creation like an option (:func:`plays_ruling`). ``verbs``: order verb -> its help
    line. ``decisions``: each kind of question :meth:`Match.ask` may put -> the rule that
    asks it. ``bare_verbs``: verbs played with no arguments. ``rules_verbs``: verbs only the
    game's own rules play, for a side of ``ScenarioInfo.played_by_rules`` (no player types
    them); ``rules_side_rule``: the rule that gives those sides to the game's own rules, which a
    player typing one of them, or acting for such a side, cites (Fleet Commander: Nimitz 1.2;
    empty: "seats"). ``sequence_rule``: the rule that fixes the order of the steps, which an order typed
    in another step than its own cites (Fleet Commander: Nimitz 5.1; empty: the current step's
    own rule). ``answer_first``: decision kind -> the rule that has it answered before any other
    order, which such an order cites (Battle for Germany 6.1: a combat's result is applied at
    once; a kind not listed: the rule that asks it). ``dynamic_steps``: steps its
    ``phaseline_next_step`` begins outside a turn's declared sequence (Fleet Commander:
    Nimitz's battle steps), found by name with their verbs, title, rule and waits.
    ``hookspecs``: the game's own hooks (a module of ``@phaseline.hookspec`` functions), through
    which its optional rules change how a base rule reads (docs/hooks.md).
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
    rules_verbs: frozenset[str] = field(default_factory=frozenset, hash=False)
    rules_side_rule: str = ""
    sequence_rule: str = ""
    answer_first: dict[str, str] = field(default_factory=dict, hash=False)  # decision kind -> rule
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


def plays_ruling(match: Any, name: str) -> bool:
    """Whether ``match`` plays the ruling ``name`` (one of its game's ``GameInfo.rulings``:
    the other reading of an ambiguous sentence, chosen at creation) instead of the default reading.

    The one way a base rule reads a ruling; a name the game does not declare is a mistake in
    the rule that asks, so it fails at once rather than never applying.
    """
    if name not in match.info.rulings:
        raise KeyError(f"{match.info.name} declares no ruling {name!r}")
    return name in match.options


@dataclass(frozen=True)
class OptionalRule:
    """An optional rule of one game, chosen at creation (``phaseline new GAME --option NAME``).

    ``game`` is the game's name, ``name`` what ``--option`` types, ``title`` what lists show,
    ``rule`` its rule number; ``plugin`` holds its hooks (an object, or the import path of
    its module, as :class:`GameInfo`'s), added to the match's plugin manager; ``version``
    its version; ``decisions`` the kinds of question it asks, as :class:`GameInfo`'s.
    """

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
    """A bot: ``name`` is what ``--bot SIDE=NAME`` types, ``game`` the game it plays (``"*"``:
    any), ``title`` one line on how it plays. ``factory(match, side)`` returns an object
    with ``choose(match, side)``; ``factory`` may be the import path of that callable
    (``"module:Class"``), imported when a match asks for the bot."""

    name: str
    game: str
    factory: Any
    title: str = ""


@dataclass(frozen=True)
class PluginTable:
    """A table a plugin adds to the store (``phaseline_tables``).

    ``name`` is the table's name (start it with the game's, ``king_of_the_hill_hold``),
    ``ddl`` its ``CREATE TABLE IF NOT EXISTS`` statement, with a ``match_id VARCHAR`` column
    first in its primary key; ``key`` the rest of that key (the columns :meth:`Match.set`
    takes as ``key``; ``()`` for one row a match). ``kind``: ``state`` (the default) when
    rules change it in play, through :meth:`Match.set` and the like, so undo, replay and the
    exchanged turn files follow it; ``static`` for data loaded once, with ``match.con``, in
    ``phaseline_load_scenario`` and never changed.
    """

    name: str
    ddl: str
    key: tuple[str, ...]
    kind: str = "state"  # 'static' or 'state'


@dataclass(frozen=True)
class Step:
    """One step of the sequence of play: a phase of a side, named as in the rulebook.

    ``name`` is the step's key (``north-move``: unique in a turn, it is in the log), ``phase``
    its kind (``movement``, ``combat`` …: several steps may share one), ``side`` the side
    that acts in it (None: a step of no side, such as a weather roll), ``title`` what
    players read (``North movement``), ``rule`` the rulebook's number for it, ``verbs`` the
    orders it takes: the engine refuses any other order typed in it (citing
    ``GameInfo.sequence_rule``), and a step with no verbs takes every order; whether an order
    is legal here and now is ``phaseline_legal_actions``'s and ``phaseline_play``'s.
    ``forces``: the unit sides that act in it when they are not ``side`` itself, as when
    one player's step moves two of its forces (Battle for Germany's German player moves
    ``GER_E`` and ``GER_W``); :attr:`acting` is what the rules read. ``waits``: the step
    waits for its side's ``end`` even with nothing else to do (never passed over as idle).

    A step whose side has nothing to do but ``end`` is passed over by the engine when it
    begins (logged as ``nothing to do in STEP``): ``phaseline_legal_actions`` offering no
    order for that side is what passes it. A test that wants to play a step must give its
    side something to do (a unit that can act); a step in which the player has acted is
    never passed over.
    """

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
    """An order: ``verb`` with its arguments as the CLI spells them, for ``side``.

    ``args`` are the words a player types after the verb, split on spaces and passed as
    they are: ``move A 10 B 11`` arrives as ``("A", "10", "B", "11")``, and a game that
    accepts several units in one order parses the pairs itself (the template's
    movement.py). ``str(action)`` is the order as typed. ``side`` is the side that gives it
    (the engine sets it to the side it waits on).
    """

    verb: str
    args: tuple[str, ...] = ()
    side: str | None = None

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


@dataclass(frozen=True)
class Outcome:
    """How a match ended: ``rule`` the rule that ended it, ``winners`` the winning sides
    (``()``: a draw), ``summary`` the sentence ``phaseline status`` shows as the result.

    ``status`` prints the summary alone, so it should name the winner: ``north held the
    hill for a whole enemy step``, not ``the hill was held``. It is logged in the match's
    result event: changing the wording later makes older matches fail ``phaseline replay``.
    """

    rule: str
    winners: tuple[str, ...]
    summary: str


@dataclass(frozen=True)
class Standing:
    """How a match in play stands (``phaseline_standing``): ``decides``, one sentence saying what
    wins it, with its rules; ``points``, each side's score as the game counts it (VP, cities held
    …); ``notes``, anything else that decides it now (Berlin not yet entered, the week's need)."""

    decides: str
    points: dict[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


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
