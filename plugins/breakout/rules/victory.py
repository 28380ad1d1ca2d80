"""Victory (22, 24.1): breakout, the Allied VP and the checks at the end of each week.

The Allies win by a breakout (22.1) or by VP at the end of 12 June (22.2); the Germans
win by preventing both. In the extended game (24.1) the VP are checked at the end of
every week: above the week's requirement the Allies win, below it they lose, equal
plays on. The requirement is the turn record track's (bkn_turn.vp_required, else the
chart's threshold), plus what an optional rule adds to it (``bkn_vp_required_extra``: the
winning bid of 23.2). A bid may end in a half (23.2: 「端数のポイント;すなわち交戦状態にしている
ポイント数」); the Allies meet that half with contested VP areas, each counting half its VP,
never more than the half (the ruling this engine records for the rate the seed leaves out).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal

from phaseline import Event, Outcome
from phaseline.model import plays_ruling

from ..rulings import SAME_NATION
from ..scenarios import ALLIED, GERMAN, is_extended
from .board import Board, board, national_group
from .charts import beaches, turn_record, victory_chart, week_turns
from .supply import crossable, flood

CONTESTED_WORTH = 7  # 22.4: contested areas worth at least 7 VP earn the bonus


@dataclass(frozen=True)
class VpItem:
    """One line of the Allied VP count: the rule, what scored and the VP."""

    rule: str
    what: str
    vp: int | Decimal


@dataclass(frozen=True)
class Score:
    """The Allied VP now (22.3, 22.4), item by item."""

    items: tuple[VpItem, ...]

    @property
    def total(self) -> int | Decimal:
        return sum(i.vp for i in self.items)

    def evidence(self) -> str:
        return "; ".join(f"{i.what} {i.vp:+} ({i.rule})" for i in self.items) or "nothing scores"


# === 12.5 SUPPLY LINES AS VICTORY READS THEM =============================================


def supply_line(b: Board, side: str, sources: Iterable[str]) -> set[str]:
    """12.5: the spaces ``side`` can trace a supply line to from ``sources``.

    The line passes only through spaces the side controls (free or contested) and crosses
    river and water borders only by the side's own bridges; the last step, into the space
    supplied, may also cross an unbridged or enemy-bridged river, never water (12.5).
    """
    starts = {s for s in sources if s in b.areas and b.areas[s].controlled_by(side)}
    through = starts | flood(b, starts, side, lambda area: area.controlled_by(side))
    reached = set(through)
    for here in through:
        reached.update(nxt for nxt, (kind, name) in b.neighbours(here).items() if _last_step(b, side, kind, name))
    return reached


def _last_step(b: Board, side: str, kind: str, name: str | None) -> bool:
    """12.5: the step into the supplied space may cross any river border."""
    return (
        crossable(b, kind, name, side) or kind == "river" or (kind == "bridge" and b.bridges[name]["border"] == "river")
    )


def allied_supply(match, b: Board, nation: str | None = None) -> set[str]:
    """Where the Allies (or only ``nation``'s beaches) trace supply for victory.

    Digest 8.2 ruling 9: any Allied-controlled beach free of Germans is a source; a
    contested beach supplies only its own area (12.7). Air supply never counts (12.8).
    """
    rows = sorted(beaches(match), key=lambda r: r["area_id"])
    areas = [b.areas[r["area_id"]] for r in rows if nation in (None, national_group(r["nationality"]))]
    open_beaches = [a.space_id for a in areas if not a.contested()]
    return supply_line(b, ALLIED, open_beaches) | {a.space_id for a in areas if a.contested()}


def supplied_for(match, b: Board) -> Callable[[str, str], bool]:
    """Is a space supplied for an Allied nationality? Any beach serves, or with the ruling
    ``same-nation-supply`` (digest 8.2 ruling 9, other reading) only that nation's beaches."""
    if not plays_ruling(match, SAME_NATION):
        every = allied_supply(match, b)
        return lambda space, nation: space in every
    by_nation = {n: allied_supply(match, b, n) for n in ("US", "UK")}
    return lambda space, nation: space in by_nation[national_group(nation)]


def german_zone_supply(b: Board) -> set[str]:
    """12.6: where the Germans trace supply from the zones they control (not from Cherbourg)."""
    return supply_line(b, GERMAN, [s for s, a in b.areas.items() if a.is_zone])


# === 22.1 BREAKOUT =======================================================================


def breakout_units(match) -> list[str]:
    """22.1: supplied Fresh Allied units in a zone (isolated units never count, 12.8)."""
    b = board(match)
    supplied = supplied_for(match, b)
    return sorted(
        u
        for s, area in b.areas.items()
        if area.is_zone
        for u in area.units[ALLIED]
        if b.units[u]["status"] == "Fresh" and supplied(s, b.units[u]["nationality"])
    )


def check_breakout(match) -> Outcome | None:
    """22.1: at the end of a Daylight phase a supplied Fresh Allied unit in a zone wins at once."""
    units = breakout_units(match)
    if not units:
        return None
    b = board(match)
    where = ", ".join(f"{u} in {b.units[u]['space_id']}" for u in units)
    return Outcome("22.1", (ALLIED,), f"the Allies break out: supplied Fresh {where} at the end of Daylight")


# === 22.3, 22.4 VICTORY POINTS ===========================================================


def score(match, need: int | Decimal = 0) -> Score:
    """22.3: the Allied VP now; 22.4: the contested-areas bonus. The Germans score none.
    Against a ``need`` ending in a half (a bid of 23.2), contested VP areas count half their
    VP, up to that half.

    Reading: 22.4 says "at the end of the game"; every weekly check of the extended game
    may end it (24.1), so the bonus counts at each check.
    """
    b = board(match)
    chart = victory_chart(match)
    supplied = supplied_for(match, b)
    items: list[VpItem] = []
    worth: dict[str, int] = {}  # what each VP area is worth controlled (22.4)
    for row in chart:
        area = b.areas.get(row["area_id"])
        if row["item"] == "area" and area is not None:
            worth[area.space_id] = row["vp"]
            if area.controlled_by(ALLIED) and supplied(area.space_id, area.controller):  # 22.3
                items.append(VpItem("22.3", f"{area.name} ({area.space_id}) Allied and supplied", row["vp"]))
    by_item = {r["item"]: r for r in chart}
    items += _cherbourg(b, by_item, worth)
    if "advantage" in by_item and b.day["advantage"] == ALLIED:  # 22.3
        items.append(VpItem("22.3", "the Allies hold the Advantage", by_item["advantage"]["vp"]))
    if "beach_lost" in by_item:  # 22.3: each German-controlled beach
        for area in b.areas.values():
            if area.beach and area.kind == "area" and area.controlled_by(GERMAN):
                items.append(VpItem("22.3", f"beach {area.name} ({area.space_id}) German", by_item["beach_lost"]["vp"]))
    contested = sorted(s for s in worth if b.areas[s].contested() and not b.areas[s].controlled_by(ALLIED))
    total = sum(worth[s] for s in contested)
    if "contested_bonus" in by_item and total >= CONTESTED_WORTH:  # 22.4
        names = ", ".join(b.areas[s].name for s in contested)
        items.append(VpItem("22.4", f"contested areas worth {total} VP ({names})", by_item["contested_bonus"]["vp"]))
    fraction = min(need % 1, Decimal(total) / 2)
    if fraction:  # 23.2: the half of a bid, met in contested points
        items.append(VpItem("23.2", f"contested areas worth {total} VP, toward the bid's half", fraction))
    return Score(tuple(items))


def _cherbourg(b: Board, by_item: dict[str, dict], worth: dict[str, int]) -> list[VpItem]:
    """22.3: 4 VP if the Allies control Cherbourg, else 2 if it is isolated (digest 8.2 ruling 8:
    no German supply line from Cherbourg to a German-controlled zone)."""
    held = by_item.get("cherbourg_controlled")
    if held is None or held["area_id"] not in b.areas:
        return []
    area = b.areas[held["area_id"]]
    worth[area.space_id] = held["vp"]
    if area.controlled_by(ALLIED):
        return [VpItem("22.3", f"{area.name} ({area.space_id}) Allied", held["vp"])]
    isolated = by_item.get("cherbourg_isolated")
    if isolated and area.space_id not in german_zone_supply(b):
        return [VpItem("22.3", f"{area.name} ({area.space_id}) isolated from the German zones", isolated["vp"])]
    return []


# === 22.2, 24.1 THE CHECKS AT THE END OF A WEEK ==========================================


def vp_required(match, turn: int) -> tuple[int | Decimal, str]:
    """The VP the Allies need at the end of ``turn``'s week, and where that figure comes from."""
    record = turn_record(match, turn)
    printed = record["vp_required"] if record else None
    threshold = next((r["vp"] for r in victory_chart(match) if r["item"] == "threshold"), None)
    need = printed if printed is not None else threshold
    why = f"{need} on the turn record track" if printed is not None else f"{need} (22.2)"
    for extra, reason in match.hook.bkn_vp_required_extra(match=match):  # what optional rules add to the need
        need, why = need + extra, f"{why} {extra:+} {reason}"
    return need, why


def week_end_turn(match, turn: int) -> int:
    """3.7, 24.1: the last turn of ``turn``'s week on the turn record track."""
    record = turn_record(match, turn)
    week = record["week"] if record else None
    return turn if week is None else max(week_turns(match, week), default=turn)


def week_end(match, turn: int) -> None:
    """24.1: in the extended game, a week that is not the last ends the match unless VP equal the need."""
    if not is_extended(match) or turn >= match.last_turn or week_end_turn(match, turn) != turn:
        return
    outcome = weekly_check(match, turn, last=False)
    if outcome is None:
        need, _ = vp_required(match, turn)
        match.log(Event("note", purpose=f"the Allies have exactly {need} VP: play continues next week", rule="24.1"))
    else:
        match.end_match(outcome)


def weekly_check(match, turn: int, *, last: bool) -> Outcome | None:
    """24.1: above the requirement the Allies win, below they lose, equal continues (a draw
    when no week is left on the track)."""
    need, why = vp_required(match, turn)
    current = score(match, need)
    vp, evidence = current.total, current.evidence()
    if vp > need:
        return Outcome("24.1", (ALLIED,), f"the Allies win with {vp} VP, more than the {why} needed: {evidence}")
    if vp < need:
        return Outcome("24.1", (GERMAN,), f"the Germans win: the Allies have {vp} VP, less than the {why}: {evidence}")
    if last:
        return Outcome("24.1", (), f"a draw: the Allies have exactly the {why} and no week is left: {evidence}")
    return None


def final_outcome(match) -> Outcome:
    """22.2: at the end of the last turn the Allies win with at least the requirement (24.1 in
    the extended game)."""
    turn = match.last_turn
    if is_extended(match):
        return weekly_check(match, turn, last=True)
    need, why = vp_required(match, turn)
    current = score(match, need)
    vp, evidence = current.total, current.evidence()
    if vp >= need:
        return Outcome("22.2", (ALLIED,), f"the Allies win with {vp} VP (need {why}): {evidence}")
    return Outcome("22.2", (GERMAN,), f"the Germans win: the Allies have {vp} VP (need {why}): {evidence}")
