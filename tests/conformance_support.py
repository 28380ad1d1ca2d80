"""What the conformance suite needs besides the tests: the games to run it on, the
invariants each game must keep, and the golden playthroughs' digests.

Every registered game and scenario is a :class:`Subject`: the toy game, each
scenario of every installed game plugin (Battle for Germany, the plugin
template's game when it is installed), and for each game with optional rules or
rulings, one scenario played with all of them. A game may add invariants of its own in
``GAME_INVARIANTS``; the generic ones hold for every game.

Run as a script to regenerate the golden playthroughs after a deliberate rule
change (the diff of tests/golden/*.json then shows what changed)::

    python tests/conformance_support.py --regenerate [SCENARIO …]
"""

from __future__ import annotations

import csv
import hashlib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "golden"
BFG = "battle-for-germany"
NIMITZ = "fleet-commander-nimitz"

# A golden playthrough: the heuristic bot on every side, seeded, cut after this many actions
# (the opening movement and combat phases; raise it towards two whole turns, about 80
# actions, as the bot gets faster).
GOLDEN_SEED = 20261
GOLDEN_ACTIONS = 24

EVENT_COLUMNS = (
    "seq, turn, step, phase, side, kind, verb, unit_id, from_space, to_space, "
    "die, roll_no, purpose, rule, payload, cause"
)


@dataclass(frozen=True)
class Subject:
    """One game and scenario the suite plays."""

    game: str
    scenario: str
    registry: Callable[[], Any]
    options: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return f"{self.game}:{self.scenario}" + ("+options" if self.options else "")


def _toy_registry():
    from toygame import toy_registry

    return toy_registry()


def _installed_registry():
    from phaseline.plugins import registry

    return registry()


# The scenario each game plays with all its optional rules and rulings: one where they all
# apply (Battle for Germany's 13.2 passes SS units to the Western Allies in the Expanded game).
OPTIONS_SCENARIO = {BFG: "expanded"}


def subjects() -> list[Subject]:
    """The toy game, then every scenario of every installed game, then each game with
    optional rules or rulings played with all of them at once."""
    found = [Subject("toy", "skirmish", _toy_registry)]
    reg = _installed_registry()
    for name in sorted(reg.games):
        for scenario in reg.games[name].scenarios:
            found.append(Subject(name, scenario, _installed_registry))
    for name, info in sorted(reg.games.items()):
        options = tuple(sorted(rule for game, rule in reg.rules if game == name)) + tuple(sorted(info.rulings))
        if options:
            scenario = OPTIONS_SCENARIO.get(name, next(iter(info.scenarios)))
            found.append(Subject(name, scenario, _installed_registry, options))
    return found


def rule_status(game_registry, game: str, section: str) -> str:
    """The rule index's status for ``section`` ('' when the game has no index or no row)."""
    info = game_registry.game(game)
    path = Path(info.rule_index) if info.rule_index else None
    if path is None or not path.is_file():
        return ""
    with path.open() as handle:
        for row in csv.reader(handle):
            if row and row[0] == section:
                return row[2] if len(row) > 2 else ""
    return ""


# --- invariants --------------------------------------------------------------------------


def generic_problems(match) -> list[str]:
    """What must hold in every game after every action (empty: all is well)."""
    problems: list[str] = []
    if not match.finished:
        side, decision = match.waiting_on()
        if side is None:
            problems.append(f"dead end: the match is not finished but waits on no side ({match.clock})")
        elif not match.legal_actions():
            problems.append(f"dead end: {side} has no legal action ({match.clock}, decision {decision})")
    rolls = match.rows(
        "SELECT seq, roll_no FROM event WHERE match_id = ? AND kind = 'roll' ORDER BY seq", [match.match_id]
    )
    numbers = [r["roll_no"] for r in rolls]
    if numbers != sorted(numbers) or len(set(numbers)) != len(numbers):
        problems.append(f"the roll counter went back: roll numbers {numbers}")
    twice = match.rows(
        "SELECT unit_id, count(*) AS n FROM unit_state WHERE match_id = ? GROUP BY 1 HAVING n > 1",
        [match.match_id],
    )
    if twice:
        problems.append(f"units in two places: {twice}")
    nowhere = match.rows(  # map_unit reads a unit in no box as on the map
        "SELECT us.unit_id, us.space_id FROM unit_state us"
        " ANTI JOIN space s ON s.match_id = us.match_id AND s.space_id = us.space_id WHERE us.match_id = ?",
        [match.match_id],
    )
    if nowhere:
        problems.append(f"units on no space of the match: {nowhere}")
    return problems


NIMITZ_SHEET = ("JP-SEA", "COASTAL", "ISLAND", "US-SEA", "JP-POSITION", "JP-BEACH", "JP-AIRFIELD", "US-POSITION")
NIMITZ_SHEET += ("US-BEACH", "US-AIRFIELD", "JP-DECK", "US-DECK")


def nimitz_problems(match) -> list[str]:
    """Fleet Commander: Nimitz: outside a battle nothing stands on the battle sheet and every carrier
    aircraft waits in storage at full strength (10.6); a battle's agenda is empty whenever no
    decision stops it (nothing left hanging) but when the match ended in it (the defeat at Hawaii);
    the airfields' capacities never fall below 0."""
    state = match.rows_of("fcn_state")[()]
    units = match.rows_of("unit_state").items()
    problems: list[str] = []
    if state["battle_point"] is None:
        on_sheet = sorted(u for (u,), row in units if row["space_id"] in NIMITZ_SHEET)
        if on_sheet:
            problems.append(f"no battle, yet units on the battle sheet: {on_sheet}")
        counters = match.static("fcn_counter", "unit_id")
        astray = sorted(
            u
            for (u,), row in units
            if counters[u]["carrier_air"] and (row["space_id"] != "STORAGE" or row["status"] != "full")
        )
        if astray:
            problems.append(f"carrier aircraft outside storage between battles: {astray}")
    if not match.finished and match.open_decision() is None and state["battle_agenda"] != "[]":
        problems.append(f"the battle's agenda waits on nothing: {state['battle_agenda']}")
    if min(state["us_airfield"] or 0, state["jp_airfield"] or 0) < 0:
        problems.append(f"an airfield below capacity 0: {state['us_airfield']}, {state['jp_airfield']}")
    return problems


def bfg_problems(match, *, movement_ended: bool) -> list[str]:
    """Battle for Germany: units stand on the map or in its boxes, no German in Berlin (5.43,
    except with three players), and at the end of a movement phase the stacking limits (5.3)."""
    gid = match.match_id
    problems: list[str] = []
    nowhere = match.rows(
        """SELECT s.unit_id, s.space_id FROM unit_state s
           LEFT JOIN space sp ON sp.match_id = s.match_id AND sp.space_id = s.space_id
           WHERE s.match_id = ? AND sp.space_id IS NULL""",
        [gid],
    )
    if nowhere:
        problems.append(f"units on spaces that do not exist: {nowhere}")
    if match.scenario.name != "three-player":
        in_berlin = match.rows(
            """SELECT s.unit_id, s.space_id FROM unit_state s
               JOIN space sp ON sp.match_id = s.match_id AND sp.space_id = s.space_id
               WHERE s.match_id = ? AND sp.zone = 'B' AND s.side LIKE 'GER%'""",
            [gid],
        )
        if in_berlin:
            problems.append(f"German units in Berlin (5.43): {in_berlin}")
    if movement_ended:
        problems.extend(stacking_problems(match))
    return problems


def stacking_problems(match) -> list[str]:
    """5.3: at most two units in a hex, never two Soviet Fronts together."""
    crowded = match.rows(
        """SELECT s.space_id, list(s.unit_id ORDER BY s.unit_id) AS units,
                  count(*) FILTER (WHERE u.size = 'front' AND s.side = 'SOV') AS fronts
           FROM unit_state s JOIN unit u USING (match_id, unit_id)
           JOIN space sp ON sp.match_id = s.match_id AND sp.space_id = s.space_id AND sp.kind = 'hex'
           WHERE s.match_id = ? AND s.status <> 'flipped'
           GROUP BY s.space_id HAVING count(*) > 2 OR fronts > 1 ORDER BY 1""",
        [match.match_id],
    )
    return [f"stacking (5.3) broken at the end of movement: {row}" for row in crowded]


def cached_reach_differs(match) -> list[str]:
    """'query force' for each force whose cached ``movement-reach`` or ``movement-legal`` answer
    (updated move by move, the queries being declared per unit) differs from a full run now."""
    from phaseline.queries import ask_alone, get_query

    if match.finished or match.step.phase != "movement" or not match.step.acting:
        return []
    return [
        f"{name} {force}"
        for name in ("movement-reach", "movement-legal")
        for force in match.step.acting
        if match.rules.run(name, side=force)
        != ask_alone(match.store, get_query(name), {"match_id": match.match_id, "side": force})
    ]


# --- golden playthroughs -----------------------------------------------------------------


def event_digest(store, match_id: str) -> tuple[str, int]:
    """sha256 over every event's columns (not the match id nor the hash chain) and the count."""
    rows = store.con.execute(
        f"SELECT {EVENT_COLUMNS} FROM event WHERE match_id = ? ORDER BY seq", [match_id]
    ).fetchall()
    digest = hashlib.sha256()
    for row in rows:
        digest.update(json.dumps(row, default=str).encode())
        digest.update(b"\n")
    return digest.hexdigest(), len(rows)


def play_golden(scenario: str) -> dict[str, Any]:
    """The seeded heuristic-bot playthrough of a Battle for Germany scenario, summarised."""
    from phaseline import Match, Store
    from phaseline.bots import run_bots

    reg = _installed_registry()
    info = reg.game(BFG)
    chosen = info.scenario(scenario)
    bots = {side: "bot:heuristic" for side in chosen.sides}
    store = Store.open(":memory:")
    try:
        match = Match.create(store, reg, BFG, chosen, seed=GOLDEN_SEED, controllers=bots, match_id=f"golden-{scenario}")
        played = run_bots(match, reg, controllers=bots, max_actions=GOLDEN_ACTIONS)
        digest, events = event_digest(store, match.match_id)
        clock = match.clock
        return {
            "game": BFG,
            "scenario": scenario,
            "seed": GOLDEN_SEED,
            "bot": "heuristic",
            "actions": played,
            "events": events,
            "clock": {"turn": clock.turn, "step": clock.step, "status": clock.status},
            "digest": digest,
        }
    finally:
        store.close()


def golden_path(scenario: str) -> Path:
    return GOLDEN / f"bfg-{scenario}.json"


def regenerate(scenarios: list[str]) -> None:
    GOLDEN.mkdir(exist_ok=True)
    for scenario in scenarios:
        record = play_golden(scenario)
        golden_path(scenario).write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
        print(f"{golden_path(scenario)}: {record['actions']} actions, {record['events']} events")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    args = sys.argv[1:]
    if not args or args[0] != "--regenerate":
        sys.exit("usage: python tests/conformance_support.py --regenerate [SCENARIO …]")
    names = args[1:] or list(_installed_registry().game(BFG).scenarios)
    regenerate(names)
