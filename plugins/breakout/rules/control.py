"""Control (7.3) and what follows from it at once: who holds the borders between areas (8.511, 20.1).

An area is controlled by the side whose units are alone in it, and control changes on the
way, not only at the end of a move (7.3). The moment both sides of a bridge or river border
are one side's, that side holds it (8.511: 「2つの連合軍支配下にあるエリア間の境界線(及び橋)は
マーカーがなくとも連合軍が保持しているものと考える」; 20.1(5) for either side).
"""

from __future__ import annotations

from phaseline import Event

from ..scenarios import ALLIED, GERMAN
from .board import Board, board, national_group
from .bridges import hold_river, set_bridge

NATIONALITY_DECISION = "control-nationality"  # 7.3: the Allied player's choice on a tie


def update_control(match, spaces: list[str], mover: str | None = None) -> None:
    """7.3: a side whose units are alone in an area controls it; US or British by majority.

    Between the Allies, control changes only when the controlling nationality has left
    (7.3); when the Allies take an area with both present, the larger number takes it and
    on a tie the Allied player decides (asked at once; the moving unit's nationality, else
    the US, holds it until the answer). The borders of an area that changed sides are
    settled at once (8.511).
    """
    snapshot = board(match)
    changed = []
    for space in dict.fromkeys(spaces):
        area = snapshot.areas.get(space)
        if area is None or area.kind not in ("area", "box") or area.terrain == "sea":
            continue
        germans, allies = area.units[GERMAN], area.units[ALLIED]
        new = area.controller
        if germans and not allies:
            new = "DE"
        elif allies and not germans:
            counts = {"US": 0, "UK": 0}
            for u in allies:
                counts[national_group(snapshot.units[u]["nationality"])] += 1
            if counts.get(area.controller):
                new = area.controller
            elif area.controller in counts:
                new = "UK" if area.controller == "US" else "US"
            elif counts["US"] != counts["UK"]:
                new = max(counts, key=counts.get)
            else:
                new = national_group(mover) if mover else "US"
                _ask_nationality(match, space, new)
        if new != area.controller:
            match.set("space_control", {"space_id": space}, controller=new)
            changed.append(space)
            if area.beach and new != "DE" and (space,) not in match.rows_of("bkn_allied_held"):
                match.insert("bkn_allied_held", {"space_id": space})  # 12.7: a German recapture is remembered
    if changed:
        settle_borders(match, changed)


def settle_borders(match, spaces: list[str]) -> None:
    """20.1(5), 8.511: each bridge or river border of ``spaces`` between two areas one side
    controls is held by that side."""
    b, touched = board(match), set(spaces)
    for bridge in sorted(b.bridges.values(), key=lambda br: br["bridge_id"]):
        owner = _common_owner(b, bridge["a"], bridge["b"]) if {bridge["a"], bridge["b"]} & touched else None
        if owner and bridge["state"] not in (owner, "destroyed"):
            set_bridge(match, bridge, owner)
            match.log(Event("note", side=owner, purpose=f"{bridge['name']}: both sides {owner}", rule="8.511"))
    rivers = {tuple(sorted((a, c))) for a in touched for c, (kind, _) in b.links.get(a, {}).items() if kind == "river"}
    for a, c in sorted(rivers):
        owner = _common_owner(b, a, c)
        if owner and b.link_states.get((a, c), "held-german") != f"held-{owner}":
            hold_river(match, a, c, owner)


def _common_owner(b: Board, a: str, c: str) -> str | None:
    first, second = b.areas[a], b.areas[c]
    if first.kind != "area" or second.kind != "area":
        return None
    for side in (GERMAN, ALLIED):
        if first.controlled_by(side) and second.controlled_by(side):
            return side
    return None


def _ask_nationality(match, space: str, provisional: str) -> None:
    """7.3: as many US as British units take the area: the Allied player picks its nationality."""
    other = "UK" if provisional == "US" else "US"
    prompt = f"{space}: as many US as British units take it; which nationality controls it? (7.3)"
    match.ask(ALLIED, NATIONALITY_DECISION, prompt, [provisional, other], {"space": space}, rule="7.3")


def answer_nationality(match, decision, answer: str) -> None:
    """7.3: the Allied player's answer: the area (if the Allies still control it) is that nationality's."""
    space = decision["context"]["space"]
    controller = board(match).areas[space].controller
    if controller in ("US", "UK") and controller != answer:
        match.set("space_control", {"space_id": space}, controller=answer)
