"""King of the Hill: the template phaseline game plugin.

Nine hexes, one unit a side, a hill in the centre. A unit moves with 2 movement points
(movement.py: the engine's shared ``movement-reach`` query does the path-finding, zones
of control included) or pushes the enemy beside it (a die roll; the pushed side picks
where to go: a decision), and the optional rule 5.1 (``--option 5.1``, in
``stubborn.py``) makes the hill's holder harder to push. Rule numbers refer to the rule
index (rule_index.csv); each rule is cited in a comment where it is coded.

The map is drawn north up: axial ``r`` runs north, so hexes 02, 12, 22 are the top row,
where North starts (docs/board.md).

Copy this folder, rename the package and the entry point, and replace the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from phaseline import (
    Action,
    Event,
    GameInfo,
    InvalidOrder,
    OptionalRule,
    Outcome,
    PluginTable,
    ScenarioInfo,
    Step,
    hookimpl,
)
from phaseline.scenario import read_csv

from . import movement, stubborn

HERE = Path(__file__).parent
SIDES = ("north", "south")
HILL = "11"
AXIAL_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


class KingOfTheHill:
    """The game's hooks; phaseline loads one instance into each match's plugin manager."""

    @hookimpl
    def phaseline_tables(self, register: Callable[[PluginTable], None]) -> None:
        # 4.1 who has begun a step on the hill: a state table, so undo and replay cover it.
        register(
            PluginTable(
                "king_of_the_hill_hold",
                "CREATE TABLE IF NOT EXISTS king_of_the_hill_hold "
                "(match_id VARCHAR, side VARCHAR, held BOOLEAN, PRIMARY KEY (match_id, side))",
                key=("side",),
            )
        )

    @hookimpl
    def phaseline_load_scenario(self, match: Any, scenario: ScenarioInfo) -> bool:
        # 1.0 the board: hexes from data/hexes.csv, adjacency from their axial coordinates.
        hexes = read_csv(scenario.file("hexes.csv"), ("space_id", "q", "r", "terrain", "name", "vp"))
        where = {(row.int("q"), row.int("r")): row["space_id"] for row in hexes}
        for row in hexes:
            match.con.execute(
                "INSERT INTO space (match_id, space_id, kind, q, r, terrain, name, vp, provenance, source) "
                "VALUES (?, ?, 'hex', ?, ?, ?, ?, ?, ?, ?)",
                [match.match_id, row["space_id"], row.int("q"), row.int("r"), row["terrain"],
                 row["name"] or None, row.int("vp", default=0), row["provenance"], row["source"]],
            )  # fmt: skip
            for dq, dr in AXIAL_DIRECTIONS:
                other = where.get((row.int("q") + dq, row.int("r") + dr))
                if other:
                    match.con.execute(
                        "INSERT INTO link (match_id, a, b, kind, provenance, source) "
                        "VALUES (?, ?, ?, 'clear', 'reconstructed', 'adjacent hexes (1.0)')",
                        [match.match_id, row["space_id"], other],
                    )
        columns = ("unit_id", "name", "side", "start", "attack", "defense", "movement")
        for row in read_csv(scenario.file("units.csv"), columns):
            if row["start"] not in where.values():
                raise row.error(f"unit {row['unit_id']} starts in unknown hex {row['start']!r}")
            match.con.execute(
                "INSERT INTO unit (match_id, unit_id, name, nationality, bloc, size, attack, defense, movement, "
                "start, provenance, source) VALUES (?, ?, ?, ?, ?, 'company', ?, ?, ?, ?, ?, ?)",
                [match.match_id, row["unit_id"], row["name"], row["side"], row["side"], row.int("attack"),
                 row.int("defense"), row.int("movement"), row["start"], row["provenance"], row["source"]],
            )  # fmt: skip
        # 3.1 what entering each terrain costs, and the rule numbers the movement query cites
        movement.load_movement_data(match, read_csv(scenario.file("terrain.csv"), ("terrain", "cost")))
        return True

    @hookimpl
    def phaseline_setup(self, match: Any) -> None:
        for row in match.rows("SELECT unit_id, bloc, start FROM unit WHERE match_id = ?", [match.match_id]):
            match.insert("unit_state", {"unit_id": row["unit_id"], "space_id": row["start"], "side": row["bloc"]})
        for side in SIDES:
            match.insert("king_of_the_hill_hold", {"side": side, "held": False})
        movement.set_enemies(match, SIDES)

    @hookimpl
    def phaseline_sequence(self, match: Any, turn: int) -> list[Step]:
        # 2.0 each turn North moves, then South.
        return [Step(f"{s}-move", "movement", s, f"{s.title()} movement", "2.0", ("move", "push")) for s in SIDES]

    @hookimpl
    def phaseline_phase_start(self, match: Any, step: Step) -> None:
        # 3.1 the side's units get their movement points (the unit's printed movement), in one statement
        match.update_from(
            "unit_state",
            "SELECT s.unit_id, u.movement AS mp FROM unit_state s JOIN unit u USING (match_id, unit_id) "
            "WHERE s.match_id = ? AND s.side = ?",
            [match.match_id, step.side],
        )
        # 4.1 a side whose unit is on the hill as its step begins has held it through the enemy's step.
        on_hill = match.one(
            "SELECT count(*) FROM unit_state WHERE match_id = ? AND side = ? AND space_id = ?",
            [match.match_id, step.side, HILL],
        )
        if on_hill:
            match.set("king_of_the_hill_hold", {"side": step.side}, held=True)

    @hookimpl
    def phaseline_legal_actions(self, match: Any, side: str) -> list[Action]:
        # 3.1, 3.2, 3.5 the moves the shared movement query allows; 3.3 or push an adjacent enemy.
        return movement.legal_moves(match, side) + legal_pushes(match, side)

    @hookimpl
    def phaseline_play(self, match: Any, action: Action) -> bool | None:
        if action.verb == "move":
            movement.move(match, action.side, action.args)
        elif action.verb == "push":
            if len(action.args) != 2:
                raise InvalidOrder("push takes two names: push UNIT ENEMY, e.g. 'push S1 N1'")
            if action not in legal_pushes(match, action.side):
                unit, enemy = action.args
                raise match.violation(f"{unit} cannot push {enemy}: not an enemy unit beside it", rule="3.3")
            push(match, action.side, *action.args)
        else:
            return None
        return True

    @hookimpl
    def phaseline_combat_result(self, match: Any, combat: dict[str, Any]) -> str:
        # 3.3 a push succeeds on a die of 4 or more.
        return "pushed" if combat["die"] >= 4 else "held"

    @hookimpl
    def phaseline_answer(self, match: Any, decision: dict[str, Any], answer: str) -> bool | None:
        if decision["kind"] != "push-retreat":
            return None
        # 3.4 the pushed unit goes where its owner chose.
        unit = decision["context"]["unit"]
        match.log(Event("retreat", side=decision["side"], unit_id=unit, to_space=answer, rule="3.4"))
        match.set("unit_state", {"unit_id": unit}, space_id=answer)
        return True

    @hookimpl
    def phaseline_outcome(self, match: Any) -> Outcome | None:
        held = match.one("SELECT side FROM king_of_the_hill_hold WHERE match_id = ? AND held", [match.match_id])
        if held:
            return Outcome("4.1", (held,), f"{held} held the hill for a whole enemy step")
        return None


def legal_pushes(match: Any, side: str) -> list[Action]:
    """3.3 each unit of ``side`` with movement points left may push an enemy unit beside it."""
    rows = match.rows(
        """SELECT u.unit_id, o.unit_id AS enemy FROM unit_state u
           JOIN link l ON l.match_id = u.match_id AND l.a = u.space_id
           JOIN unit_state o ON o.match_id = u.match_id AND o.space_id = l.b AND o.side <> u.side
           WHERE u.match_id = ? AND u.side = ? AND u.mp > 0
           ORDER BY 1, 2""",
        [match.match_id, side],
    )
    return [Action("push", (r["unit_id"], r["enemy"]), side) for r in rows]


def push(match: Any, side: str, unit: str, enemy: str) -> None:
    """3.3 ``unit`` pushes the adjacent ``enemy``: a die, read through ``phaseline_combat_result``.

    The combat event's ``purpose`` is the headline phaseline prints for the push (a game
    whose combats compare values logs them too: docs/hooks.md, ``phaseline_combat_preview``).
    """
    match.set("unit_state", {"unit_id": unit}, mp=0)  # 3.3 pushing ends the unit's movement
    where = match.one("SELECT space_id FROM unit_state WHERE match_id = ? AND unit_id = ?", [match.match_id, enemy])
    die = match.roll(f"{unit} pushes {enemy}", rule="3.3", side=side)
    result = match.hook.phaseline_combat_result(match=match, combat={"die": die, "space": where, "defender": enemy})
    headline = f"{unit} pushes {enemy} on a {die}: {result}"  # what phaseline prints for this combat
    match.log(Event("combat", side=side, unit_id=unit, purpose=headline, rule="3.3"))
    if result != "pushed":
        return
    empty = [r["b"] for r in match.rows(
        """SELECT l.b FROM link l WHERE l.match_id = ? AND l.a = ?
             AND l.b NOT IN (SELECT space_id FROM unit_state WHERE match_id = l.match_id) ORDER BY 1""",
        [match.match_id, where],
    )]  # fmt: skip
    if empty:  # 3.4 the owner of the pushed unit picks an empty hex beside it; with none it stays
        owner = match.one("SELECT side FROM unit_state WHERE match_id = ? AND unit_id = ?", [match.match_id, enemy])
        match.ask(owner, "push-retreat", f"where does {enemy} go?", empty, {"unit": enemy}, rule="3.4")


def info() -> GameInfo:
    """The game as phaseline sees it: name, version, scenarios, rule index."""
    scenario = ScenarioInfo("standard", "Standard (4 turns)", 1, 4, SIDES, HERE / "data")
    return GameInfo(
        name="king-of-the-hill",
        title="King of the Hill",
        version="0.1.0",
        plugin=KingOfTheHill(),
        scenarios={"standard": scenario},
        rule_index=HERE / "rule_index.csv",
        short="KotH",
        verbs={
            "move": "Move units with their movement points: move UNIT HEX [UNIT HEX ...] (rule 3.1).",
            "push": "Push the enemy unit beside yours: push UNIT ENEMY (rule 3.3).",
        },
        decisions={"push-retreat": "3.4"},
    )


@hookimpl
def phaseline_register_games(register: Callable[[GameInfo], None]) -> None:
    register(info())


@hookimpl
def phaseline_register_rules(register: Callable[[OptionalRule], None]) -> None:
    register(OptionalRule("king-of-the-hill", "5.1", stubborn.TITLE, "5.1", plugin=stubborn))
