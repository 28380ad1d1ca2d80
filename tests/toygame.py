"""A tiny two-side hex game for engine tests: move one hex, attack with a die roll."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from phaseline import Action, Event, GameInfo, Outcome, PluginTable, ScenarioInfo, Step, hookimpl
from phaseline.plugins import Registry

SIDES = ("red", "blue")
SIZE = 5


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))]


class ToyGame:
    """Red and blue each have two units; a hit on a 4-6 eliminates the defender."""

    @hookimpl
    def phaseline_tables(self, register):
        register(
            PluginTable(
                "toy_score",
                "CREATE TABLE IF NOT EXISTS toy_score "
                "(match_id VARCHAR, side VARCHAR, kills INTEGER, PRIMARY KEY (match_id, side))",
                key=("side",),
            )
        )

    @hookimpl
    def phaseline_load_scenario(self, match, scenario):
        for q in range(SIZE):
            for r in range(SIZE):
                match.con.execute(
                    "INSERT INTO space (match_id, space_id, kind, q, r, terrain, provenance, source) "
                    "VALUES (?, ?, 'hex', ?, ?, 'clear', 'placeholder', 'toy')",
                    [match.match_id, f"{q}{r}", q, r],
                )
                for nq, nr in neighbours(q, r):
                    if 0 <= nq < SIZE and 0 <= nr < SIZE:
                        match.con.execute(
                            "INSERT INTO link (match_id, a, b, kind, provenance, source) "
                            "VALUES (?, ?, ?, 'clear', 'placeholder', 'toy')",
                            [match.match_id, f"{q}{r}", f"{nq}{nr}"],
                        )
        for uid, side, start in (
            ("R1", "red", "00"),
            ("R2", "red", "01"),
            ("B1", "blue", "44"),
            ("B2", "blue", "43"),
        ):
            match.con.execute(
                "INSERT INTO unit VALUES (?, ?, ?, 'X', ?, 'corps', 2, 2, 1, ?, 'placeholder', 'toy')",
                [match.match_id, uid, uid, side, start],
            )
        return True

    @hookimpl
    def phaseline_setup(self, match):
        for row in match.rows("SELECT unit_id, bloc, start FROM unit WHERE match_id = ?", [match.match_id]):
            match.insert("unit_state", {"unit_id": row["unit_id"], "space_id": row["start"], "side": row["bloc"]})
        for side in SIDES:
            match.insert("toy_score", {"side": side, "kills": 0})

    @hookimpl
    def phaseline_sequence(self, match, turn):
        return [Step(f"{s}-move", "movement", s, f"{s} movement", "T1", ("move", "attack")) for s in SIDES]

    @hookimpl
    def phaseline_phase_start(self, match, step):
        match.update_where("unit_state", "side = ?", [step.side], moved=False, attacked=False)

    @hookimpl
    def phaseline_legal_actions(self, match, side):
        rows = match.rows(
            """SELECT u.unit_id, l.b FROM unit_state u JOIN link l ON l.match_id = u.match_id AND l.a = u.space_id
               WHERE u.match_id = ? AND u.side = ? AND NOT u.moved AND u.space_id <> 'dead'
                 AND l.b NOT IN (SELECT space_id FROM unit_state WHERE match_id = u.match_id)
               ORDER BY 1, 2""",
            [match.match_id, side],
        )
        moves = [Action("move", (r["unit_id"], r["b"]), side) for r in rows]
        fights = match.rows(
            """SELECT a.unit_id AS a, d.unit_id AS d FROM unit_state a
               JOIN link l ON l.match_id = a.match_id AND l.a = a.space_id
               JOIN unit_state d ON d.match_id = a.match_id AND d.space_id = l.b AND d.side <> a.side
               WHERE a.match_id = ? AND a.side = ? AND NOT a.attacked ORDER BY 1, 2""",
            [match.match_id, side],
        )
        return moves + [Action("attack", (f["a"], f["d"]), side) for f in fights]

    @hookimpl
    def phaseline_play(self, match, action):
        legal = {a.args for a in match.legal_actions(action.side) if a.verb == action.verb}
        if action.args not in legal:
            raise match.violation(f"{action} is not legal now", rule="T1")
        if action.verb == "move":
            unit, to = action.args
            match.log(Event("move", side=action.side, unit_id=unit, to_space=to))
            match.set("unit_state", {"unit_id": unit}, space_id=to, moved=True)
        else:
            attacker, defender = action.args
            match.set("unit_state", {"unit_id": attacker}, attacked=True)
            if match.roll("toy combat", rule="T2") >= 4:
                match.ask(action.side, "kill", f"remove {defender}?", ["yes", "no"], {"unit": defender}, rule="T2")
        return True

    @hookimpl
    def phaseline_answer(self, match, decision, answer):
        if answer == "yes":
            match.set("unit_state", {"unit_id": decision["context"]["unit"]}, space_id="dead")
            kills = match.one(
                "SELECT kills FROM toy_score WHERE match_id = ? AND side = ?", [match.match_id, decision["side"]]
            )
            match.set("toy_score", {"side": decision["side"]}, kills=kills + 1)
        return True

    @hookimpl
    def phaseline_outcome(self, match):
        alive = match.rows(
            "SELECT side, count(*) AS n FROM unit_state WHERE match_id = ? AND space_id <> 'dead' GROUP BY side",
            [match.match_id],
        )
        if len(alive) == 1:
            return Outcome("T3", (alive[0]["side"],), f"{alive[0]['side']} destroyed the enemy")
        return None


def toy_info(data: Path | None = None) -> GameInfo:
    plugin = ToyGame()
    scenario = ScenarioInfo("skirmish", "Skirmish", 1, 3, SIDES, data or Path("."))
    return GameInfo("toy", "Toy Game", "1.0", plugin, {"skirmish": scenario}, Path("."), short="toy")


class AdvancingToy(ToyGame):
    """The toy game, each of whose moves asks whether the unit advances (a pair, as BfG's 6.9)."""

    @hookimpl
    def phaseline_play(self, match, action):
        super().phaseline_play(match, action)
        if action.verb == "move":
            unit, to = action.args
            match.ask(action.side, "advance", f"advance {unit}?", [f"{unit}>{to}", "none"], {"unit": unit}, rule="T2")
        return True


def advancing_registry() -> Registry:
    """The toy game whose moves ask an advance (a decision whose choices are pairs UNIT>SPACE)."""
    registry = toy_registry()
    registry.games["toy"] = replace(registry.games["toy"], plugin=AdvancingToy())
    return registry


def toy_registry() -> Registry:
    from phaseline import bots

    registry = Registry()
    registry.games["toy"] = toy_info()
    bots.phaseline_register_bots(lambda b: registry.bots.__setitem__((b.game, b.name), b))
    return registry
