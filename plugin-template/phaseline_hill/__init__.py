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
                "(game_id VARCHAR, side VARCHAR, held BOOLEAN, PRIMARY KEY (game_id, side))",
                key=("side",),
            )
        )

    @hookimpl
    def phaseline_load_scenario(self, game: Any, scenario: ScenarioInfo) -> bool:
        # 1.0 the board: hexes from data/hexes.csv, adjacency from their axial coordinates.
        hexes = read_csv(scenario.file("hexes.csv"), ("space_id", "q", "r", "terrain", "name", "vp"))
        where = {(row.int("q"), row.int("r")): row["space_id"] for row in hexes}
        for row in hexes:
            game.con.execute(
                "INSERT INTO space (game_id, space_id, kind, q, r, terrain, name, vp, provenance, source) "
                "VALUES (?, ?, 'hex', ?, ?, ?, ?, ?, ?, ?)",
                [game.game_id, row["space_id"], row.int("q"), row.int("r"), row["terrain"],
                 row["name"] or None, row.int("vp", default=0), row["provenance"], row["source"]],
            )  # fmt: skip
            for dq, dr in AXIAL_DIRECTIONS:
                other = where.get((row.int("q") + dq, row.int("r") + dr))
                if other:
                    game.con.execute(
                        "INSERT INTO link (game_id, a, b, kind, provenance, source) "
                        "VALUES (?, ?, ?, 'clear', 'reconstructed', 'adjacent hexes (1.0)')",
                        [game.game_id, row["space_id"], other],
                    )
        columns = ("unit_id", "name", "side", "start", "attack", "defense", "movement")
        for row in read_csv(scenario.file("units.csv"), columns):
            if row["start"] not in where.values():
                raise row.error(f"unit {row['unit_id']} starts in unknown hex {row['start']!r}")
            game.con.execute(
                "INSERT INTO unit (game_id, unit_id, name, nationality, bloc, size, attack, defense, movement, "
                "start, provenance, source) VALUES (?, ?, ?, ?, ?, 'company', ?, ?, ?, ?, ?, ?)",
                [game.game_id, row["unit_id"], row["name"], row["side"], row["side"], row.int("attack"),
                 row.int("defense"), row.int("movement"), row["start"], row["provenance"], row["source"]],
            )  # fmt: skip
        # 3.1 what entering each terrain costs, and the rule numbers the movement query cites
        movement.load_movement_data(game, read_csv(scenario.file("terrain.csv"), ("terrain", "cost")))
        return True

    @hookimpl
    def phaseline_setup(self, game: Any) -> None:
        for row in game.rows("SELECT unit_id, bloc, start FROM unit WHERE game_id = ?", [game.game_id]):
            game.insert("unit_state", {"unit_id": row["unit_id"], "space_id": row["start"], "side": row["bloc"]})
        for side in SIDES:
            game.insert("king_of_the_hill_hold", {"side": side, "held": False})
        movement.set_enemies(game, SIDES)

    @hookimpl
    def phaseline_sequence(self, game: Any, turn: int) -> list[Step]:
        # 2.0 each turn North moves, then South.
        return [Step(f"{s}-move", "movement", s, f"{s.title()} movement", "2.0", ("move", "push")) for s in SIDES]

    @hookimpl
    def phaseline_phase_start(self, game: Any, step: Step) -> None:
        # 3.1 the side's units get their movement points (the unit's printed movement), in one statement
        game.update_from(
            "unit_state",
            "SELECT s.unit_id, u.movement AS mp FROM unit_state s JOIN unit u USING (game_id, unit_id) "
            "WHERE s.game_id = ? AND s.side = ?",
            [game.game_id, step.side],
        )
        # 4.1 a side whose unit is on the hill as its step begins has held it through the enemy's step.
        on_hill = game.one(
            "SELECT count(*) FROM unit_state WHERE game_id = ? AND side = ? AND space_id = ?",
            [game.game_id, step.side, HILL],
        )
        if on_hill:
            game.set("king_of_the_hill_hold", {"side": step.side}, held=True)

    @hookimpl
    def phaseline_legal_actions(self, game: Any, side: str) -> list[Action]:
        # 3.1, 3.2, 3.5 the moves the shared movement query allows; 3.3 or push an adjacent enemy.
        return movement.legal_moves(game, side) + legal_pushes(game, side)

    @hookimpl
    def phaseline_play(self, game: Any, action: Action) -> bool | None:
        if action.verb == "move":
            movement.move(game, action.side, action.args)
        elif action.verb == "push":
            if len(action.args) != 2:
                raise InvalidOrder("push takes two names: push UNIT ENEMY, e.g. 'push S1 N1'")
            if action not in legal_pushes(game, action.side):
                unit, enemy = action.args
                raise game.violation(f"{unit} cannot push {enemy}: not an enemy unit beside it", rule="3.3")
            push(game, action.side, *action.args)
        else:
            return None
        return True

    @hookimpl
    def phaseline_combat_result(self, game: Any, combat: dict[str, Any]) -> str:
        # 3.3 a push succeeds on a die of 4 or more.
        return "pushed" if combat["die"] >= 4 else "held"

    @hookimpl
    def phaseline_answer(self, game: Any, decision: dict[str, Any], answer: str) -> bool | None:
        if decision["kind"] != "push-retreat":
            return None
        # 3.4 the pushed unit goes where its owner chose.
        unit = decision["context"]["unit"]
        game.log(Event("retreat", side=decision["side"], unit_id=unit, to_space=answer, rule="3.4"))
        game.set("unit_state", {"unit_id": unit}, space_id=answer)
        return True

    @hookimpl
    def phaseline_outcome(self, game: Any) -> Outcome | None:
        held = game.one("SELECT side FROM king_of_the_hill_hold WHERE game_id = ? AND held", [game.game_id])
        if held:
            return Outcome("4.1", (held,), f"{held} held the hill for a whole enemy step")
        return None


def legal_pushes(game: Any, side: str) -> list[Action]:
    """3.3 each unit of ``side`` with movement points left may push an enemy unit beside it."""
    rows = game.rows(
        """SELECT u.unit_id, o.unit_id AS enemy FROM unit_state u
           JOIN link l ON l.game_id = u.game_id AND l.a = u.space_id
           JOIN unit_state o ON o.game_id = u.game_id AND o.space_id = l.b AND o.side <> u.side
           WHERE u.game_id = ? AND u.side = ? AND u.mp > 0
           ORDER BY 1, 2""",
        [game.game_id, side],
    )
    return [Action("push", (r["unit_id"], r["enemy"]), side) for r in rows]


def push(game: Any, side: str, unit: str, enemy: str) -> None:
    """3.3 ``unit`` pushes the adjacent ``enemy``: a die, read through ``phaseline_combat_result``.

    The combat event's ``purpose`` is the headline phaseline prints for the push (a game
    whose combats compare values logs them too: docs/hooks.md, ``phaseline_combat_preview``).
    """
    game.set("unit_state", {"unit_id": unit}, mp=0)  # 3.3 pushing ends the unit's movement
    where = game.one("SELECT space_id FROM unit_state WHERE game_id = ? AND unit_id = ?", [game.game_id, enemy])
    die = game.roll(f"{unit} pushes {enemy}", rule="3.3", side=side)
    result = game.hook.phaseline_combat_result(game=game, combat={"die": die, "space": where, "defender": enemy})
    headline = f"{unit} pushes {enemy} on a {die}: {result}"  # what phaseline prints for this combat
    game.log(Event("combat", side=side, unit_id=unit, purpose=headline, rule="3.3"))
    if result != "pushed":
        return
    empty = [r["b"] for r in game.rows(
        """SELECT l.b FROM link l WHERE l.game_id = ? AND l.a = ?
             AND l.b NOT IN (SELECT space_id FROM unit_state WHERE game_id = l.game_id) ORDER BY 1""",
        [game.game_id, where],
    )]  # fmt: skip
    if empty:  # 3.4 the owner of the pushed unit picks an empty hex beside it; with none it stays
        owner = game.one("SELECT side FROM unit_state WHERE game_id = ? AND unit_id = ?", [game.game_id, enemy])
        game.ask(owner, "push-retreat", f"where does {enemy} go?", empty, {"unit": enemy}, rule="3.4")


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
