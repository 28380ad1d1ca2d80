"""Synthetic positions with their own VP chart and turn record track (22, 23, 24.1).

``position.py`` writes the map and units; this adds ``tables/victory.csv`` and
``tables/turns.csv`` for the position, and the scenario it is based on (``d-day`` or
``extended``), so the victory rules never read the reconstructed map's VP areas::

    VP = [("area", "2", 3), ("cherbourg_controlled", "5", 4), ...]
    TURNS = [(1, "1944-06-06", 1, 10), (2, "1944-06-07", 2, 15)]   # turn, date, week, VP required
"""

from __future__ import annotations

from pathlib import Path

from games.breakout.position import _csv, match_of, write_position
from phaseline import Action, Event, Match

STANDARD_ITEMS = [
    ("advantage", "", 1),
    ("beach_lost", "", -1),
    ("contested_bonus", "", 1),
    ("threshold", "", 10),
]


def scored_match(
    tmp_path: Path,
    text: str,
    vp: list[tuple[str, str, int]],
    *,
    turns: list[tuple[int, str, int, int | None]] | None = None,
    base: str = "d-day",
    options: tuple[str, ...] = (),
    seed: int = 1,
    controllers: dict[str, str] | None = None,
) -> Match:
    """A match of the position with VP chart ``vp`` (plus the standard items of 22.3/22.4)."""
    folder, after = write_position(tmp_path / "position", text)
    _csv(
        folder / "tables/victory.csv",
        [{"item": i, "area_id": a, "vp": str(v), "condition": ""} for i, a, v in [*vp, *STANDARD_ITEMS]],
        ["item", "area_id", "vp", "condition"],
    )
    track = turns or [(1, "1944-06-06", 1, 10)]
    _csv(
        folder / "tables/turns.csv",
        [
            {"turn": t, "date": d, "week": w, "start_weather": "Clear", "reinforcements": "", "vp_required": n or ""}
            for t, d, w, n in track
        ],
        ["turn", "date", "week", "start_weather", "reinforcements", "vp_required"],
    )
    (folder / "scenario.toml").write_text(
        f'game = "breakout-normandy"\nbase = "{base}"\ntitle = "test position"\n'
        f"first_turn = 1\nlast_turn = {len(track)}\n"
    )
    return match_of(folder, after, seed=seed, options=options, controllers=controllers)


def end_the_day(match: Match) -> None:
    """Both sides pass until the Daylight phase is over (8.6), then end every later step."""
    turn = match.clock.turn
    while not match.finished and match.clock.turn == turn:
        side, decision = match.waiting_on()
        verbs = {a.verb for a in match.legal_actions()}
        if decision:  # 11.6: a roll offered for a reroll stands
            match.play(Action("choose", (decision["choices"][0],), side))
        else:
            match.play(Action("pass" if "pass" in verbs else "end", (), side))


def with_state(match: Match, **day) -> None:
    """Set the day's clock (bkn_day) for a test, logged as a test note."""
    with match.store.transaction():
        match.log(Event("note", purpose="test position: the day's clock"))
        match.set("bkn_day", {}, **day)
