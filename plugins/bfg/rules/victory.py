"""Victory (11.0): city control by occupation, uncontested ZOC or last touch; garrisons
(10.0–10.3); each scenario's conditions (12.23, 13.0, 14.0, 15.25, 16.31, 17.32)."""

from __future__ import annotations

import json
from typing import Any
from weakref import WeakKeyDictionary

from phaseline import Event, Outcome
from phaseline.model import plays_ruling
from phaseline.sequence import held_step_events

from ..board import zoc_neighbours
from ..forces import unused_zones
from ..rulings import VP_WITHOUT_BERLIN
from .state import bfg_state
from .units import all_units

GARRISON_CITIES = ("Warsaw", "Prague", "Vienna", "Berlin")  # 10.0
BLOC = "CASE WHEN {s} LIKE 'GER%' THEN 'GER' ELSE {s} END"


def bloc(side: str) -> str:
    """The bloc a force belongs to (11.0): the two German forces are one."""
    return "GER" if side.startswith("GER") else side


def update_cities(match, step=None) -> None:
    """11.0: a city belongs to the bloc occupying it; else to the only bloc whose ZOC reaches
    it; else to the bloc of the last unit that passed through it or beside it (the moves of
    ``step``, in order); else it stays with whoever held it."""
    if step is not None and _at_the_start(match, step):
        return  # 14.0 every city is German at the start of the game
    if _settled.get(match) == _city_inputs(match):
        return  # no unit came, went or changed sides since the last count: no city can change hands
    touched = _last_touch(match, step) if step is not None and step.phase == "movement" else {}
    in_play: dict[str, set[str]] = {}  # hex -> blocs of the units in play there
    reaching: dict[str, set[str]] = {}  # hex -> blocs of the units in play beside it, across a border that carries ZOC
    beside = zoc_neighbours(match)
    for unit in all_units(match).values():
        if unit["status"] in ("ready", "flipped"):
            its = bloc(unit["side"])
            in_play.setdefault(unit["space_id"], set()).add(its)
            for hex_id in beside.get(unit["space_id"], ()):
                reaching.setdefault(hex_id, set()).add(its)
    for (space_id,), city in sorted(match.rows_of("bfg_city").items()):
        occupant = min(in_play.get(space_id, ()), default=None)
        blocs = reaching.get(space_id, set())
        zoc = next(iter(blocs)) if len(blocs) == 1 else None
        now = occupant or zoc or touched.get(space_id) or city["controller"]
        if now != city["controller"]:
            captured = {"captured_turn": match.clock.turn} if now == "SOV" else {}  # 10.0 when the Soviets took it
            match.set("bfg_city", {"space_id": space_id}, controller=now, **captured)
            match.log(Event("note", side=now, to_space=space_id, rule="11.0", purpose=f"{now} now controls it"))
    _settled[match] = _city_inputs(match)


def _at_the_start(match, step) -> bool:
    """Whether ``step`` is the Soviet Replacement Phase that opens Collapse in the East, before
    any unit could move: 14.0 says every city is German at the start of the game
    (「すべての都市は、ゲーム開始時にはドイツ軍支配下である」), so the set-up's positions alone take
    none (the Soviet units around Lublin), and the first count comes when the first Movement
    Phase ends."""
    return match.scenario.name == "collapse" and match.clock.turn == match.first_turn and step.name == "sov-replacement"


# What city control depends on, as of the last count, per match object (11.0)
_settled: WeakKeyDictionary[Any, tuple[Any, ...]] = WeakKeyDictionary()


def _city_inputs(match) -> tuple[Any, ...]:
    """Versions of what decides city control: where units stand, whose they are, whether in
    play (every move changes where a unit stands), and the cities' own rows."""
    return match.ledger.version_of("unit_state", "space_id", "side", "status"), match.ledger.version_of("bfg_city")


def _last_touch(match, step) -> dict[str, str]:
    """11.0 last touch: city -> bloc of the last unit of ``step`` whose move went through the
    city or beside it (undone moves excluded); the bloc is the unit's now."""
    moves = _moves_of(match, step)
    if not moves:
        return {}
    cities = {space_id for (space_id,) in match.rows_of("bfg_city")}
    links: dict[str, set[str]] = {}
    for r in match.state_rows(
        (), "SELECT a, b FROM link WHERE match_id = ? AND list_contains(?, b)", [match.match_id, sorted(cities)]
    ):
        links.setdefault(r["a"], set()).add(r["b"])
    units = match.rows_of("unit_state")
    touched: dict[str, str] = {}
    for unit_id, path in moves:
        if (unit_id,) not in units:
            continue
        for space in path:
            for city in ({space} & cities) | links.get(space, set()):
                touched[city] = bloc(units[(unit_id,)]["side"])
    return touched


def _moves_of(match, step) -> list[tuple[str, list[str]]]:
    """(unit, path) of each move of ``step`` this turn that still counts, in the order made:
    from memory while the whole step is (sequence.held_step_events), else those written from
    the log and the held ones after them."""
    turn = match.clock.turn
    rows = held_step_events(match) if step.name == match.clock.step else None
    if rows is None:
        if match.events.holds("undo"):  # an undo the log's moves must be read against
            match.flush()
        written = match.rows(
            """SELECT e.kind, e.unit_id, e.payload FROM event e
               WHERE e.match_id = $g AND e.kind = 'move' AND e.turn = $t AND e.step = $step
                 AND NOT EXISTS (
                     SELECT 1 FROM event u WHERE u.match_id = e.match_id AND u.kind = 'undo'
                       AND e.seq BETWEEN (u.payload->>'first')::INTEGER AND (u.payload->>'last')::INTEGER)
               ORDER BY e.seq""",
            {"g": match.match_id, "t": turn, "step": step.name},
        )
        held = match.events.held_rows(turn, step.name)
        rows = [*written, *held]
    return [
        (row["unit_id"], json.loads(row["payload"] or "{}").get("path") or []) for row in rows if row["kind"] == "move"
    ]


def garrison(match, step) -> None:
    """10.0: at the end of the Soviet Movement Phase each captured Warsaw, Prague, Vienna or
    Berlin needs a Soviet Front; the first Front found there becomes its garrison for the rest
    of the game (10.2). A city captured in an earlier turn and still without one is logged:
    it scores no Soviet VP unless garrisoned by the end (10.1). A city taken during a Soviet
    Movement Phase is due at the end of the next one (digest case 46: taken on turn 7,
    checked at the end of the turn-8 Soviet Movement Phase)."""
    if step.name != "sov-movement":
        return
    assign_garrisons(match)
    board, taken = match.static("space", "space_id"), garrisoned_cities(match)
    due = sorted(
        (board[space_id]["name"], space_id)
        for (space_id,), city in match.rows_of("bfg_city").items()
        if city["controller"] == "SOV"
        and board[space_id]["name"] in GARRISON_CITIES
        and city["captured_turn"] is not None
        and city["captured_turn"] < match.clock.turn  # 10.0 due by the end of the first Soviet Movement Phase after
        and board[space_id]["name"] not in taken
    )
    for name, space_id in due:
        match.log(
            Event(
                "note",
                side="SOV",
                to_space=space_id,
                rule="10.0",
                purpose=f"garrison obligation not met: no Soviet Front garrisons {name} (no VP for it, 10.1)",
            )
        )


def garrisoned_cities(match) -> set[str]:
    """The cities that have a garrison (10.0)."""
    return {row["garrison"] for row in match.rows_of("bfg_unit").values() if row["garrison"] is not None}


def assign_garrisons(match) -> None:
    """10.0, 10.2: a Soviet Front in a garrison city without a garrison becomes its garrison
    (also at the start of Red Star / White Star, before any move: 10.2)."""
    board, taken = match.static("space", "space_id"), garrisoned_cities(match)
    fronts = [
        (unit_id, board[unit["space_id"]]["name"])
        for unit_id, unit in sorted(all_units(match).items())
        if unit["size"] == "front"
        and unit["side"] == "SOV"
        and board[unit["space_id"]]["name"] in GARRISON_CITIES
        and unit["garrison"] is None
        and board[unit["space_id"]]["name"] not in taken
    ]
    for unit_id, name in fronts:
        match.set("bfg_unit", {"unit_id": unit_id}, garrison=name)
        match.log(Event("garrison", side="SOV", unit_id=unit_id, rule="10.0", purpose=f"{unit_id} garrisons {name}"))


def scores(match) -> dict[str, int]:
    """Victory points per bloc from the cities it controls (11.0), less Soviet cities
    without their garrison (10.1, in every scenario); Collapse in the East counts each city
    its units occupy, once, on the map east of the line only (14.0)."""
    params: dict[str, Any] = {"g": match.match_id, "cities": list(GARRISON_CITIES)}
    if match.scenario.name == "collapse":  # 14.0 each city where own units stand, once however many
        held = f"""SELECT DISTINCT {BLOC.format(s="s.side")} AS bloc, sp.space_id, sp.name, sp.vp FROM unit_state s
            JOIN space sp ON sp.match_id = s.match_id AND sp.space_id = s.space_id
            WHERE s.match_id = $g AND sp.vp > 0 AND s.status = 'ready'
              -- 14.0 only the map east of the line is used: a city west of it is none of this game's
              AND NOT list_contains($unused::VARCHAR[], coalesce(sp.zone, ''))"""
        params["unused"] = list(unused_zones(match.scenario.name))
    else:
        held = """SELECT c.controller AS bloc, sp.space_id, sp.name, sp.vp FROM bfg_city c
            JOIN space sp ON sp.match_id = c.match_id AND sp.space_id = c.space_id
            WHERE c.match_id = $g
              -- no VP for a city a bloc holds only with units an optional rule says never score (13.2 SS)
              AND NOT (c.controller = 'WA' AND len($wa_unscoring::VARCHAR[]) > 0 AND EXISTS (
                  SELECT 1 FROM unit_state o JOIN unit ou USING (match_id, unit_id)
                  WHERE o.match_id = c.match_id AND o.space_id = c.space_id)
                AND NOT EXISTS (
                  SELECT 1 FROM unit_state o JOIN unit ou USING (match_id, unit_id)
                  WHERE o.match_id = c.match_id AND o.space_id = c.space_id
                    AND NOT list_contains($wa_unscoring::VARCHAR[], ou.nationality)))"""
        params["wa_unscoring"] = _unscoring(match, "WA")
    rows = match.rows(
        f"""SELECT bloc, sum(vp) AS vp FROM ({held}) c
            -- 10.1 a Soviet-held garrison city without its garrison gives no VP; a Front standing in it
            -- at the end is placed there (10.0's deadline, the next Movement Phase, never comes)
            WHERE NOT (c.bloc = 'SOV' AND list_contains($cities, c.name)
                  AND NOT EXISTS (SELECT 1 FROM bfg_unit g WHERE g.match_id = $g AND g.garrison = c.name)
                  AND NOT EXISTS (SELECT 1 FROM unit_state f JOIN unit fu USING (match_id, unit_id)
                      WHERE f.match_id = $g AND f.space_id = c.space_id AND f.side = 'SOV' AND fu.size = 'front'))
            GROUP BY ALL""",
        params,
    )
    found = {bloc(force): 0 for force in match.scenario.settings["forces"]}  # every bloc, 0 VP until it scores
    found.update({r["bloc"]: int(r["vp"]) for r in rows})
    if match.scenario.name == "collapse":  # the Western Allied player scores with the East Germans
        found["WA"] = found.pop("GER", 0)
    return found


def _unscoring(match, bloc: str) -> list[str]:
    """Nationalities whose units alone win ``bloc`` no city VP (``bfg_unscoring_nationalities``: 13.2 SS)."""
    return sorted({n for found in match.hook.bfg_unscoring_nationalities(match=match, bloc=bloc) for n in found})


PLAYERS = {  # who a winner is, as the result names them (3.0, 16.0, 17.0)
    "SOV": "the Soviet player",
    "WA": "the Western Allied player",
    "GER": "the German player",
    "GER_E": "the East German player",
    "GER_W": "the West German player",
}


def verdict(rule: str, winners: tuple[str, ...], summary: str) -> Outcome:
    """The Outcome of ``rule``, whose summary ends by saying who won (11.0 「ＶＰが多い側の
    プレイヤーが勝利する」), or that nobody did: a draw."""
    if not winners:
        return Outcome(rule, (), f"{summary}: a draw")
    names = [PLAYERS[w] for w in winners]
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return Outcome(rule, winners, f"{summary}: {who} {'wins' if len(names) == 1 else 'win'}")


def final_outcome(match) -> Outcome:
    """The scenario's verdict at the end of its last turn."""
    state = bfg_state(match)
    name = match.scenario.name
    if name == "four-player":
        return _four_player(state)
    points = scores(match)
    sov, wa = points.get("SOV", 0), points.get("WA", 0)
    if not state["berlin_entered_by"] and _draw_without_berlin(match):
        held = f"nobody captured Berlin (victory points, which do not decide it: Soviets {sov}, Western Allies {wa})"
        if name == "three-player":  # 16.31
            return verdict("16.31", ("GER",), held)
        return verdict("12.23", (), held)
    rule = {"historical": "11.0", "expanded": "13.0", "collapse": "14.0", "rsws": "15.25"}.get(name, "16.31")
    winners = () if sov == wa else ("SOV",) if sov > wa else ("WA",)
    return verdict(rule, winners, f"victory points: Soviets {sov}, Western Allies {wa}")


def _draw_without_berlin(match) -> bool:
    """Whether a match in which nobody took Berlin ends without VP: 12.23 in the Historical
    game and in the Expanded one (13.0 plays on past turn 10 under the Historical rules as
    modified by 13.1 and 13.2, which leave 12.23 alone; the ruling ``expanded-vp-without-berlin``
    decides it on VP instead); 16.31 gives it to the German player."""
    name = match.scenario.name
    if name == "expanded":
        return not plays_ruling(match, VP_WITHOUT_BERLIN)
    return name in ("historical", "three-player")


BERLIN_BY = 10  # 17.32 Berlin entered by turn 10


def _four_player(state: dict[str, Any]) -> Outcome:
    """17.32: the East German player wins if the Soviets fail to enter Berlin by turn 10, the
    West German player if the Western Allies do; of the two, whoever entered first wins (the
    order of entry, not the turn: in one turn the Soviets move before the Western Allies).
    Several players may win together."""
    wa, sov = state["wa_berlin_turn"], state["sov_berlin_turn"]
    wa_in, sov_in = wa is not None and wa <= BERLIN_BY, sov is not None and sov <= BERLIN_BY
    first = state["berlin_entered_by"] if (state["berlin_entered_turn"] or BERLIN_BY + 1) <= BERLIN_BY else None
    winners = [force for force, won in (("GER_E", not sov_in), ("GER_W", not wa_in)) if won]
    if first in ("SOV", "WA"):
        winners.append(first)
    entered = f"Soviets {_entry(sov)}, Western Allies {_entry(wa)}, first in: {first or 'nobody'}"
    return verdict("17.32", tuple(winners), f"Berlin by turn {BERLIN_BY}: {entered}")


def _entry(turn: int | None) -> str:
    """When a side entered Berlin, as a result reads it."""
    return "never entered" if turn is None else f"turn {turn}"
