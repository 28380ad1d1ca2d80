"""Battle for Germany's scenarios (12.0–17.0): turns, players and who controls which force."""

from __future__ import annotations

from phaseline.model import ScenarioInfo
from phaseline.resources import data_dir

# Forces: the sides units belong to. Players: the sides that act (12.0, 16.0, 17.0).
WA, SOV, GER_E, GER_W = "WA", "SOV", "GER_E", "GER_W"
FORCES = (SOV, WA, GER_E, GER_W)

TWO_PLAYER_CONTROL = {SOV: "SOV", GER_W: "SOV", WA: "WA", GER_E: "WA"}  # 3.0, 2.5

SCENARIOS_SPEC: dict[str, dict] = {
    "historical": {
        "title": "Historical (12.0)",
        "rule": "12.0",
        "description": (
            "Germany's last campaign: the Soviets (with the West Germans) and the Western Allies (with the East "
            "Germans) race for Berlin; more VP at the end of turn 10 wins, a draw if nobody enters Berlin "
            "(12.23)."
        ),
        "turns": (1, 10),
        "players": ("SOV", "WA"),
        "control": TWO_PLAYER_CONTROL,
        "sequence": "two-player",
        "setup": "historical",
        "forces": FORCES,
        "victory": "historical",
    },
    "expanded": {
        "title": "Expanded Historical (13.0)",
        "rule": "13.0",
        "description": (
            "The Historical game played on to turn 16: once Berlin falls the Germans leave the map and the "
            "Western Allies and the Soviets become enemies (13.1)."
        ),
        "turns": (1, 16),
        "players": ("SOV", "WA"),
        "control": TWO_PLAYER_CONTROL,
        "sequence": "two-player",
        "setup": "historical",
        "forces": FORCES,
        "victory": "expanded",
    },
    "collapse": {
        "title": "Collapse in the East (14.0)",
        "rule": "14.0",
        "description": (
            "The Eastern front alone for six turns: the Soviets against the East Germans east of the theatre "
            "boundary, each player scoring the cities his own units hold at the end (14.0)."
        ),
        "turns": (1, 6),
        "players": ("SOV", "WA"),
        "control": {SOV: "SOV", GER_E: "WA"},
        "sequence": "collapse",
        "setup": "historical",
        "forces": (SOV, GER_E),
        "left_out": ("14.0", "Collapse in the East uses no Western Allied or West German units"),
        "victory": "collapse",
    },
    "rsws": {
        "title": "Red Star / White Star (15.0)",
        "rule": "15.0",
        "description": (
            "Patton's fantasy, turns 11 to 16: the Western Allies and the Soviets fight each other after "
            "Germany's defeat, with no Germans and no theatre boundary (15.23, 15.24)."
        ),
        "turns": (11, 16),
        "players": ("SOV", "WA"),
        "control": {SOV: "SOV", WA: "WA"},
        "sequence": "rsws",
        "setup": "rsws",
        "forces": (SOV, WA),
        "left_out": ("15.23", "Red Star / White Star uses no German units"),
        "victory": "rsws",
        "poles_apart": True,  # 15.26 the two Polish armies never fight each other
    },
    "three-player": {
        "title": "Three-player game (16.0)",
        "rule": "16.0",
        "description": (
            "The Historical set-up with a German player of his own, who wins if neither the Western Allies nor "
            "the Soviets take Berlin (16.31) and may shift a unit across the boundary (16.32)."
        ),
        "turns": (1, 10),
        "players": ("SOV", "GER", "WA"),
        "control": {SOV: "SOV", WA: "WA", GER_E: "GER", GER_W: "GER"},
        "sequence": "three-player",
        "setup": "historical",
        "forces": FORCES,
        "victory": "three-player",
    },
    "four-player": {
        "title": "Four-player game (17.0)",
        "rule": "17.0",
        "description": (
            "Soviet, East German, West German and Western Allied players: an Ally wins by entering Berlin before "
            "the other, a German player by keeping his enemy out of it by turn 10 (17.32)."
        ),
        "turns": (1, 10),
        "players": ("SOV", "GER_E", "GER_W", "WA"),
        "control": {SOV: "SOV", GER_E: "GER_E", GER_W: "GER_W", WA: "WA"},
        "sequence": "four-player",
        "setup": "historical",
        "forces": FORCES,
        "victory": "four-player",
    },
}


def scenarios() -> dict[str, ScenarioInfo]:
    """The built-in scenarios, with their data folder scenarios/bfg."""
    data = data_dir("scenarios") / "bfg"
    return {
        name: ScenarioInfo(
            name=name,
            title=spec["title"],
            first_turn=spec["turns"][0],
            last_turn=spec["turns"][1],
            sides=spec["players"],
            data=data,
            rule=spec["rule"],
            settings=spec,
            description=spec["description"],
        )
        for name, spec in SCENARIOS_SPEC.items()
    }


def controller_of(match, force: str) -> str | None:
    """The player who commands ``force`` in this match (2.5, 16.0, 17.0)."""
    return match.scenario.settings["control"].get(force)


def forces_of(match, player: str) -> tuple[str, ...]:
    """The forces ``player`` commands."""
    return tuple(f for f, p in match.scenario.settings["control"].items() if p == player)
