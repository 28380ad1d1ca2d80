"""The plugin author's manual: every hook phaseline calls, in the order a match meets them.

Implement hooks with ``@phaseline.hookimpl`` on a module or object and expose it under
the ``phaseline`` entry-point group. A game plugin is loaded into its own plugin
manager for each match, together with the optional rules chosen at creation, so the
hooks of other games never fire. Arguments: ``match`` is the :class:`phaseline.Match`
in play (its store, clock, ledger, dice and queries: docs/game-api.md); ``step`` a
:class:`phaseline.Step`. The examples are run by tests/test_hookspecs.py; docs/hooks.md is this manual, generated.

Hooks act per action or per phase, never per unit inside a set query: a game gives
the shared SQL rules data (costs, limits, hostility), not callbacks.

A game may declare hooks of its own, through which its optional rules change how a base
rule reads without the base rule naming them: a module of ``@phaseline.hookspec``
functions, given as ``GameInfo(hookspecs=module)``. The base rule asks
``match.hook.NAME(match=match, ...)`` (a list of every answer; the first one with
``@hookspec(firstresult=True)``), and the optional rule's module answers it with
``@hookimpl``. Battle for Germany's ``bfg_attack_strength`` (under optional 13.2 an SS
unit of the Western Allies attacks at half strength), in three files::

    # hookspecs.py: the game's own hook, given as GameInfo(..., hookspecs=hookspecs)
    from phaseline import hookspec

    @hookspec(firstresult=True)
    def bfg_attack_strength(match, unit):  # the strength an optional rule gives unit; None: printed
        ...

    # rules/combat.py: the base rule asks, never naming the optional rule (6.0)
    changed = match.hook.bfg_attack_strength(match=match, unit=unit)
    strength = unit["attack"] if changed is None else changed

    # optional/ss_to_allies.py: the optional rule's module answers (13.2)
    @hookimpl
    def bfg_attack_strength(match, unit):
        if unit["nationality"] == "SS" and unit["side"] == "WA":
            return unit["attack"] // 2
        return None

Prefix the game's hooks with its own short name (``bfg_``): ``phaseline_`` names are the
engine's.

Orders: the engine splits what a player types into a verb and words (``move A 10 B 11``:
verb ``move``, args ``("A", "10", "B", "11")``) and passes them to ``phaseline_play``
as they are; a game that takes several units in one order parses them itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import typer

    from . import model
    from .errors import RuleViolation
    from .match import Match
    from .model import Action, BotInfo, GameInfo, MapMarks, OptionalRule, Outcome, PluginTable, ScenarioInfo, Step

hookspec = pluggy.HookspecMarker("phaseline")
hookimpl = pluggy.HookimplMarker("phaseline")


# -------------------------------------------------------------------------------------
# Registration: called once when plugins load, outside any match.
# -------------------------------------------------------------------------------------


@hookspec
def phaseline_register_games(register: Callable[[GameInfo], None]) -> None:
    """Register game systems: call ``register(GameInfo(...))`` once per game.

    :param register: takes a :class:`phaseline.GameInfo`: the game's name, version,
        plugin (its hooks), scenarios, rule index, verbs and decisions, and its own
        ``hookspecs`` (a module of ``@hookspec`` functions), the hooks through which its
        optional rules change how a base rule reads (Battle for Germany's hookspecs.py).

    Example::

        register(GameInfo(name="king-of-the-hill", title="King of the Hill", version="0.1.0",
                          plugin=KingOfTheHill(), scenarios={"standard": standard},
                          rule_index=HERE / "rule_index.csv", short="KotH"))
    """


@hookspec
def phaseline_register_rules(register: Callable[[OptionalRule], None]) -> None:
    """Register optional rules: call ``register(OptionalRule(...))`` for each.

    An optional rule belongs to one game, is chosen when a match is created
    (``phaseline new GAME --option NAME``) and is its own plugin, added to that
    match's plugin manager.

    :param register: takes a :class:`phaseline.OptionalRule`: its game, name (what
        ``--option`` types), title, rule number, and the plugin holding its hooks.

    Example (Battle for Germany 12.3)::

        register(OptionalRule(game="battle-for-germany", name="12.3",
                              title="East Germans only", rule="12.3", plugin=east_only))
    """


@hookspec
def phaseline_register_bots(register: Callable[[BotInfo], None]) -> None:
    """Register bots: ``register(BotInfo(name, game, factory))``; game ``"*"`` fits any.

    :param register: takes a :class:`phaseline.BotInfo`. Its ``factory(match, side)``
        returns an object whose ``choose(match, side)`` returns the next
        :class:`phaseline.Action` for that side (an action, ``end`` or ``choose``).

    Every game gets the engine's ``random`` bot without registering anything (``game="*"``:
    a uniformly random legal action from ``phaseline_legal_actions``, ending a step now and
    then): ``phaseline new GAME --bot south=random``. A bot that plays well is the game's
    own, registered here for its game's name.

    Example::

        register(BotInfo("heuristic", "battle-for-germany", HeuristicBot))
    """


@hookspec
def phaseline_register_commands(app: typer.Typer) -> None:
    """Add commands to the typer ``app`` of the CLI, called once when the CLI starts.

    :param app: the ``phaseline`` command group.

    Example: a game adds ``phaseline bfg-cities`` listing city control (BfG 11.0)::

        app.command("bfg-cities")(show_cities)
    """


# -------------------------------------------------------------------------------------
# Set-up: called when a match is created (historic: late plugins still get the call).
# -------------------------------------------------------------------------------------


@hookspec(historic=True)
def phaseline_tables(register: Callable[[PluginTable], None]) -> None:
    """Declare the game's own tables: ``register(PluginTable(name, ddl, key, kind))``.

    :param register: takes a :class:`phaseline.PluginTable`. ``kind="static"`` tables
        are copied at creation and never change (a CRT, the city list); ``kind="state"``
        tables change only through the ledger, so undo, replay and ``show --at`` cover
        them. Every table has a ``match_id`` column; ``key`` is the rest of its key.

    Example (BfG 6.83, fortresses destroyed by Western Allied entry)::

        register(PluginTable("bfg_fortress", DDL, key=("space_id",), kind="state"))
    """


@hookspec(firstresult=True)
def phaseline_load_scenario(match: Match, scenario: ScenarioInfo) -> bool | None:
    """Fill the static tables (space, link, unit, rule tables, the game's own).

    Not called for a match made from another's static rows (``Match.create(static_from=…)``: a
    tournament's worker loads its first match of a scenario and copies its tables into the
    next): what a match needs of its scenario lives in the tables, not in Python.

    :param match: the match being created (write with ``match.con``: static data is no effect).
    :param scenario: the chosen scenario and its data folder; read its files with
        :func:`phaseline.scenario.read_csv` so errors name file and line.
    :return: True when loaded (the first plugin that loads wins).

    Example: BfG reads map/hexes.csv into ``space``.
    """


@hookspec
def phaseline_setup(match: Match) -> None:
    """Place the starting state through the ledger (``match.insert``): unit_state rows,
    hostility, the game's own state. Fired inside the match's first event (``setup``).

    :param match: the new match, its static tables loaded.

    Example (BfG 8.0): four East German and two Soviet units go to COURLAND.
    """


@hookspec(firstresult=True)
def phaseline_sequence(match: Match, turn: int) -> list[Step] | None:
    """The steps of ``turn`` in order, as :class:`phaseline.Step` (first answer wins).

    :param match: the match.
    :param turn: the game turn whose steps are asked.

    A turn's steps are the sequence of play in the rulebook's words; steps a scenario
    skips are simply absent (BfG 15.22: a roll of 1–3 cancels the Soviet turn 11).

    A step whose side has nothing to do but ``end`` when it begins (no order from
    ``phaseline_legal_actions``, no open decision) is passed over by the engine and logged
    as ``nothing to do in STEP``; a test that plays a step must give its side something
    to do there. A step in which the player has acted is never passed over.
    """


# -------------------------------------------------------------------------------------
# Turn and phase events. When a step ends the engine fires, in order:
#   phaseline_phase_end(step); [phaseline_turn_end(turn); phaseline_turn_start(turn+1)];
#   phaseline_next_step(step) to choose the next step; phaseline_phase_start(next).
# -------------------------------------------------------------------------------------


@hookspec
def phaseline_turn_start(match: Match, turn: int) -> None:
    """A new game turn ``turn`` begins, after the turn marker advanced and before its
    first step; no return value.

    :param match: the match.
    :param turn: the turn beginning.

    Example (BfG 15.22): nothing happens on turn 11 when
    the Soviet player turn was cancelled, because that turn's sequence simply lacks it.
    """


@hookspec
def phaseline_turn_end(match: Match, turn: int) -> None:
    """The last step of ``turn`` has ended, before the turn marker advances; no return
    value.

    :param match: the match.
    :param turn: the turn ending.

    Example (BfG 2.6): log that the scenario's last turn is over. A hook may end
    the match here (``match.end_match``); no later turn then begins (Breakout: Normandy
    24.1: the weekly victory check).
    """


@hookspec
def phaseline_phase_start(match: Match, step: Step) -> None:
    """``step`` begins: reset per-phase state, set movement points, ask owed decisions.

    :param match: the match.
    :param step: the step beginning (``step.side`` is the phasing side).

    Example (BfG 7.22): German replacements get twice their movement allowance.
    """


@hookspec
def phaseline_phase_end(match: Match, step: Step) -> bool | None:
    """``step`` ends: end-of-phase audits and deadlines. Raise RuleViolation to refuse
    the end (BfG 12.21: the West Germans must make two attacks on turn 1); a refusal a
    player can foresee belongs in ``phaseline_end_refusal``, so ``end`` is not listed. A
    hook may end the match here (``match.end_match``); no next step then begins
    (Breakout: Normandy 22.1: a breakout at the end of Daylight wins before Refit).
    A hook that returns True holds the step open: it asked a decision (``match.ask``) that
    must be answered before the next step begins, and calls ``phaseline.sequence.advance``
    once it is settled (Breakout: Normandy 11.6: the Advantage holder may reroll the Sunset
    DR before the day ends). Decisions asked by a hook returning None wait in the next step.

    :param match: the match.
    :param step: the step ending.
    :return: True to hold the step open until a decision asked here is settled.
    """


@hookspec(firstresult=True)
def phaseline_end_refusal(match: Match, step: Step, side: str | None) -> RuleViolation | None:
    """Why ``side`` may not end ``step`` now: a :class:`phaseline.RuleViolation` (returned,
    not raised), or None when it may end. The engine lists ``end`` among the legal actions
    only when no plugin objects, and refuses ``end`` with the same violation, so the plugin
    must offer the actions that lift it; the first answer wins. Examples: BfG 12.21, on
    turn 1 the West Germans may not end their Combat Phase before they have made two
    attacks; Breakout: Normandy 8.51, a forced attack waits to be made on area 24.

    :param match: the match.
    :param step: the step ``side`` wants to end.
    :param side: the side asking (None: the engine itself, listing actions).
    """


@hookspec(firstresult=True)
def phaseline_next_step(match: Match, step: Step) -> Step | None:
    """Decide the step after ``step`` for dynamic sequences (impulses ending on a
    sunset roll). Return a :class:`phaseline.Step`, or None to follow the sequence;
    the first answer wins.

    :param match: the match.
    :param step: the step that just ended.

    Example (Breakout: Normandy 6.3): after an impulse, roll for sunset against the
    impulse number and return the next impulse or Refit.
    """


# -------------------------------------------------------------------------------------
# Actions and decisions.
# -------------------------------------------------------------------------------------


@hookspec
def phaseline_legal_actions(match: Match, side: str) -> list[Action]:
    """Legal actions for ``side`` now, as :class:`phaseline.Action` lists (all answers
    are merged). The engine adds ``end`` (unless ``phaseline_end_refusal`` objects) and
    answers to open decisions itself.

    Called only for the side the engine waits on, only while no decision is open (the
    engine offers the decision's choices instead) and never once the match is over: by
    ``phaseline actions``, by bots, and after every action, when a new step begins, to
    pass over a step with nothing to do. The answer is kept until the state changes, so
    asking twice in one state costs nothing; compute it set at a time (one rule query for
    the whole side), since it runs after every action.

    :param match: the match.
    :param side: the side whose actions are listed.
    Example (BfG 5.0): every ``move UNIT HEX`` from one reach query of the phasing side.
    """


@hookspec(firstresult=True)
def phaseline_play(match: Match, action: Action) -> bool | None:
    """Carry out ``action`` if this plugin knows its verb; return True, or None to pass.

    Check legality first and raise :class:`phaseline.RuleViolation` with the rule and
    evidence; the engine rolls the whole action back.

    :param match: the match.
    :param action: the order, its ``side`` set to the side that gave it.

    Example: ``move U7 1423``.
    """


@hookspec(firstresult=True)
def phaseline_answer(match: Match, decision: dict[str, Any], answer: str) -> bool | None:
    """Carry on after ``decision`` got ``answer``, one of its choices.

    :param match: the match.
    :param decision: the row of table ``decision`` (``kind``, ``choices``, ``context`` decoded).
    :param answer: the chosen answer.
    :return: True when this plugin handled the decision.

    Example (BfG 6.22): move the retreating unit to the chosen hex.
    """


@hookspec(firstresult=True)
def phaseline_answer_refusal(match: Match, decision: dict[str, Any], answer: str) -> RuleViolation | None:
    """Why ``answer``, which is not one of ``decision``'s choices, is refused: a
    :class:`phaseline.RuleViolation` (returned, not raised) naming the rule that forbids
    this very answer and the units and spaces involved; None leaves the engine's generic
    "not a legal answer" refusal. The first answer wins. Example (BfG 6.22): "G2 cannot
    retreat to 0304: it holds two friendly units (G4, G5)".

    :param match: the match.
    :param decision: the open decision.
    :param answer: what the player typed.
    """


@hookspec(firstresult=True)
def phaseline_order_refusal(match: Match, action: Action) -> RuleViolation | None:
    """Why ``action``, an order the current step does not take, is refused: a
    :class:`phaseline.RuleViolation` (returned, not raised) naming the rule that forbids
    this very order where a rule of its own does; None leaves the engine's refusal, which
    names the step the order belongs to and the sequence of play. The first answer wins.
    Example (Breakout 19.5): "U6 dropped on 7 June: it secures a bridge only by crossing it
    or seizing it", where the engine would say that ``secure`` is an order of the D-Day
    airborne phase.

    :param match: the match.
    :param action: the order typed, with its side.
    """


@hookspec(firstresult=True)
def phaseline_undo_refusal(match: Match, first_seq: int, last_seq: int) -> RuleViolation | None:
    """Why the undo that would take back events ``first_seq`` to ``last_seq`` (the last
    action a human played, and everything logged after it) is refused by the game's rules:
    a :class:`phaseline.RuleViolation` (returned, not raised), or None to let it go on.
    Asked before the undo changes anything, after the engine's own checks (a finished match,
    the rules' dice, another seat's or a sent event) and before the one ``--force`` waives
    (a roll): ``--force`` does not waive the game's refusal. Not asked in a replay, nor for a
    received file's undo: an undo in a log was legal when it was made. The first answer wins.
    Example (Breakout: Normandy 8.13): once the next impulse has begun, the player may no
    longer change his moves, so an undo whose events begin another impulse is refused.

    :param match: the match, as it stands before the undo.
    :param first_seq: the first event the undo would take back (an action).
    :param last_seq: the last event logged.
    """


@hookspec(firstresult=True)
def phaseline_seat_of(match: Match, side: str) -> str | None:
    """The seat (a side's name when the match was created) whose player now plays
    ``side``, when a game rule moved the players; None: the player seated for ``side``.
    Keep the move in the game's state tables, so undo, replay and export follow it.
    Example (Breakout: Normandy 23.2): the German seat outbid the Allied one, so the
    Allies are played from the German seat (and the Germans from the Allied one).

    :param match: the match.
    :param side: the side whose player is asked.
    """


@hookspec(firstresult=True)
def phaseline_rules_choose(match: Match, side: str) -> Action | None:
    """The next action of a side the game's own rules play (``ScenarioInfo.played_by_rules``):
    the order its procedures give now, ``end``, or a ``choose`` answer to a decision it owes.
    Roll through ``match.roll`` where the procedures leave a choice to the dice (in a match of
    secret dice its dice are drawn at play, from nothing the player can read: never draw from
    ``match.private_seed``, which the player's keyring holds); a roll for this side in another
    side's action names it (``side=``). The engine plays the action as it plays a bot's,
    recorded as made by the rules' seat. First answer wins.

    :param match: the match, waiting on ``side``.
    :param side: a side no player plays.

    Example (Fleet Commander: Nimitz 9.1): a d10 picks the Japanese movement order, and the
    fleet's move follows from the printed table.
    """


@hookspec(firstresult=True)
def phaseline_outcome(match: Match) -> Outcome | None:
    """Return an :class:`phaseline.Outcome` when the match ends early (sudden death),
    else None. Called after every action; first answer wins.

    :param match: the match, after the action.

    Example: a game whose rules end it the moment one side has no units left returns
    that side's defeat.
    """


@hookspec(firstresult=True)
def phaseline_game_end(match: Match) -> Outcome | None:
    """Judge the match when its last turn is over: return the :class:`phaseline.Outcome`.

    :param match: the match, its last turn over.

    Example (BfG 12.23): nobody entered Berlin, so the Historical game is a draw.
    """


# -------------------------------------------------------------------------------------
# Deciders inside rules, and wrappers for optional rules.
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def phaseline_combat_result(match: Match, combat: dict[str, Any]) -> str | None:
    """Decide the result of a combat (odds, die, modifiers in ``combat``): first answer
    wins. A game's combat rule calls it (``match.hook.phaseline_combat_result``), so an
    optional rule may wrap it (``wrapper=True``) to change the result.

    :param match: the match.
    :param combat: what the game's combat rule knows: at least its odds and die.

    Example (BfG 6.1): 19 against 18 is 1:1, and a die of 1 there reads Ex. An optional
    rule that turns every defender's retreat into a hold::

        @hookimpl(wrapper=True)
        def phaseline_combat_result(match, combat):
            result = yield  # the game's own answer
            return "held" if result == "pushed" else result
    """


# -------------------------------------------------------------------------------------
# What a player is told: the odds before an attack, how the match is decided.
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def phaseline_combat_preview(match: Match, actions: list[Action]) -> list[dict[str, Any] | None] | None:
    """The combat each listed attack would fight now, for ``phaseline actions`` to show its
    odds: a list as long as ``actions``, each item a combat payload without dice or result,
    or None for an order that is no attack. Compute it with the code the attack itself
    runs, never a second formula. Called only when a player lists actions, never by bots.
    First answer wins.

    A combat payload is also what the game's combat event carries
    (``match.log(Event("combat", purpose=HEADLINE, payload=PAYLOAD, rule=...))``), from
    which phaseline tells the combat after the order, in ``since`` and in the log:
    ``HEADLINE; attack 21 (+9 SOV-1UF, +12 SOV-5G) vs defence 8 (+4 GER-X, ×2 rough in
    2023 (6.8))``. The headline is the event's ``purpose``, written by the game: the odds,
    die and result as its rule read them (Battle for Germany's ``attack on 2023: 21:8 → 2:1,
    die 5: Dr``). The payload:

    * ``attackers``, ``defenders``: unit ids;
    * ``attack``, ``defense``: the values compared before any die;
    * ``attack_terms``, ``defense_terms``: what makes up each value, in order, each term
      ``[what, value, rule]``: ``what`` text, ``value`` a whole number added (``9``) or a
      multiplier as text (``"×2"``), ``rule`` the rule number or ``""``; anything else is
      refused when the event is made (a :class:`phaseline.PluginError` naming the term);
    * ``labels`` (optional): the game's names for the two values, ``{"attack": "AV",
      "defense": "DV"}``;
    * ``ratio``, ``odds``, ``die`` (odds games): the raw ratio, the table column and the
      die read on it; ``actions`` shows ``ratio → odds``, or ``attack vs defense``;
    * ``dice`` (games where both sides roll and add): ``{"attack": DR, "defense": DR}``;
    * ``result``: the table's result, or the game's word for the outcome.

    :param match: the match.
    :param actions: the legal actions listed.

    Example (Battle for Germany 6.1): ``attack SOV-1UF,SOV-5G 2023`` previews
    ``{"attack": 15, "defense": 4, "ratio": "15:4", "odds": "3:1", …}``.
    """


@hookspec(firstresult=True)
def phaseline_order_notes(match: Match, actions: list[Action]) -> list[str | None] | None:
    """What each listed order would cost or spend, for ``phaseline actions`` to show beside it
    (at the right edge, where an attack's odds go; in JSON and CSV its ``preview``): a list as
    long as ``actions``, each item a few words or None for an order with nothing to say. Read
    the number from the code the order itself runs (its price table, its budget), never a second
    formula. Called only when a player lists actions, never by bots. First answer wins.

    :param match: the match.
    :param actions: the legal actions listed.

    Example (Fleet Commander: Nimitz 10.5): ``bonus air-defense-system`` is noted
    ``2 BPP of 6 left (10.5)``: the marker's printed cost against the battle plan points the
    player can still spend.
    """


@hookspec(firstresult=True)
def phaseline_standing(match: Match) -> model.Standing | None:
    """What decides the match and where each side stands now, for ``phaseline status``
    while the match is in play, and for an order's account (its ``points``, when an order or
    the bots after it changed them): a :class:`phaseline.Standing`. First answer wins; None
    shows nothing.

    :param match: the match.

    Example (Battle for Germany 11.0, 12.23)::

        @hookimpl
        def phaseline_standing(match):
            return Standing(decides="the bloc with more VP at the end of turn 10 wins (11.0)",
                            points={"Soviets": "12 VP", "Western Allies": "3 VP"})
    """


# -------------------------------------------------------------------------------------
# The map: what a game's counters and spaces say, and its supply overlay.
# -------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def phaseline_unit_values(match: Match) -> list[dict[str, Any]] | None:
    """The printed values ``phaseline units`` shows for each unit, when the engine's own
    (``unit.size``, ``attack``, ``defense``, ``movement``) mean nothing in the game. Called
    once per listing, with the state to list; return one row per unit, ``unit_id`` first
    and then the game's value columns in the order to show them (a unit left out shows
    them empty), asked in one query. The first answer wins; None shows the engine's four.

    :param match: the match.

    Example (Fleet Commander: Nimitz 2.5-2.8): each counter's type, its two costs and the
    values of the face it shows (full or damaged)::

        @hookimpl
        def phaseline_unit_values(match):
            return match.rows("SELECT unit_id, type, hit_cost, buy_cost, aa, gunnery ... WHERE match_id = ?", ...)
    """


@hookspec(firstresult=True)
def phaseline_map_marks(match: Match) -> MapMarks | None:
    """What the game adds to the engine's map (terminal, SVG and ``phaseline serve`` alike):
    each counter's face (short name, printed values, condition mark), who controls each
    space, colours, border marks, a few characters beside space names, legend lines (the
    VP) and drawing positions. Called once per drawing, with the state to draw (the present,
    or the past for ``map --at``); return a :class:`phaseline.MapMarks`. First answer wins;
    None draws every unit as its id and attack-defense-movement.

    :param match: the match, in the state to draw.

    Example (Battle for Germany 11.0): each city's controller, and the VP in the legend::

        @hookimpl
        def phaseline_map_marks(match):
            return MapMarks(control={"2611": "GER"}, legend={"VP (11.0)": "Soviets 12 · Western Allies 3"})
    """


@hookspec(firstresult=True)
def phaseline_supply(match: Match, side: str) -> set[str] | None:
    """The spaces in which ``side``'s units are in supply now, for the map's supply overlay
    (``map --supply SIDE``): the supply rule's own trace. First answer wins; None (the
    default) means the game has no supply rule, and the map refuses the overlay.

    :param match: the match.
    :param side: the side whose supply is traced.

    Example (Breakout: Normandy 12.5): the areas reached from the side's sources through
    areas it controls, crossing rivers only by its own bridges.
    """


@hookspec(firstresult=True)
def phaseline_render_map(match: Match, fmt: str) -> str | None:
    """Draw the whole map yourself as text (``fmt="text"``) or SVG (``fmt="svg"``); None (the
    default) uses the engine's renderer, which a game feeds through ``phaseline_map_marks``.
    A game that draws its own map gives up the engine's overlays (``--zoc``, ``--reach``,
    ``--supply``, ``--window``, ``--at``: the map refuses them); the web board draws the
    engine's map all the same (its clicks need it). The first answer wins.

    :param match: the match.
    :param fmt: ``"text"`` or ``"svg"``.

    Example: a game with printed map art returns an SVG that places its counters on the art.
    """
