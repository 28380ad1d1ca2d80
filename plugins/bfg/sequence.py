"""The sequence of play (3.0), and its variants for 14.0, 15.0, 16.1 and 17.2.

Each player turn is Replacement, Movement, Combat for one force (3.0 A1–A3);
in the two-player game the same player then runs the opposing German force
(3.0 A4–A6, B4–B6).
"""

from __future__ import annotations

from phaseline.model import Step

from .scenarios import GER_E, GER_W, SOV, WA

PHASES = (
    ("replacement", "Replacement Phase", "7.0", ("replace", "courland")),
    ("movement", "Movement Phase", "5.0", ("move", "exit", "shift")),
    ("combat", "Combat Phase", "6.0", ("attack",)),
)
FORCE_TITLES = {
    SOV: "Soviet",
    WA: "Western Allied",
    GER_E: "East German",
    GER_W: "West German",
    "GER": "German",
}


def player_turn(force: str, player: str, forces: tuple[str, ...] | None = None) -> list[Step]:
    """Replacement, Movement and Combat of ``force``, run by ``player``."""
    return [
        Step(
            name=f"{force.lower().replace('_', '-')}-{phase}",
            phase=phase,
            side=player,
            title=f"{FORCE_TITLES[force]} {title}",
            rule=rule,
            verbs=verbs,
            forces=forces or (force,),
        )
        for phase, title, rule, verbs in PHASES
    ]


def steps_for(kind: str, turn: int, skip_soviet: bool = False) -> list[Step]:
    """The steps of ``turn`` for a scenario's sequence ``kind``."""
    if kind == "two-player":  # 3.0: A Soviet player turn, B Western Allied player turn
        return player_turn(SOV, "SOV") + player_turn(GER_W, "SOV") + player_turn(WA, "WA") + player_turn(GER_E, "WA")
    if kind == "collapse":  # 14.0: A1–A3 and B4–B6 only
        return player_turn(SOV, "SOV") + player_turn(GER_E, "WA")
    if kind == "rsws":  # 15.22–15.23: no German phases; turn 11 Soviet turn may be cancelled
        soviet = [] if skip_soviet and turn == 11 else player_turn(SOV, "SOV")
        return soviet + player_turn(WA, "WA")
    if kind == "three-player":  # 16.1: Soviet, German (both German forces), Western Allied
        return player_turn(SOV, "SOV") + player_turn("GER", "GER", (GER_E, GER_W)) + player_turn(WA, "WA")
    if kind == "four-player":  # 17.2: Soviet, East German, West German, Western Allied
        return (
            player_turn(SOV, "SOV") + player_turn(GER_E, "GER_E") + player_turn(GER_W, "GER_W") + player_turn(WA, "WA")
        )
    raise ValueError(f"unknown sequence {kind!r}")
